// SPDX-License-Identifier: GPL-2.0
/*
 * A SoC pack made from the target tree, for a board no pack takes. The
 * board's own words (its mach-* directory, its record helpers and callees:
 * `spear300_evb_init`, `sh73a0_map_io`) name the target's .dtsi files
 * (kernel/dtsi_find.c dtsi_named_by). When they name one SoC .dtsi (the
 * others named are files it includes: spear300.dtsi and its spear3xx.dtsi),
 * the board gets a pack of that .dtsi alone: the output includes it, the
 * root takes its compatible, and a platform device the board defines at
 * the address of one of its nodes becomes that node's overlay. What only a
 * pack knows stays a TODO: GPIO, IRQ and bus numbering, the SoC helpers'
 * devices; and the .dtsi's statuses are kept (the status pass does not
 * know which of its devices the SoC helpers register).
 */
#include "pipeline.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/util.h"
#include "../engine/engine.h"
#include "../engine/rules.h"
#include "../kernel/board_compats.h"
#include "../kernel/dtsi_find.h"

#define NAMED_MAX 4

static const char *base_name(const char *path)
{
	return strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
}

/* Does the .dtsi at rel (under KDIR/arch/arm/boot/dts) include the file named other? */
static bool includes(const char *kernel_dir, const char *rel, const char *other)
{
	char *path = xasprintf("arch/arm/boot/dts/%s", rel);
	bool hit = board_dts_includes(kernel_dir, path, base_name(other));

	free(path);
	return hit;
}

static void free_all(struct ptrvec *v)
{
	for (size_t i = 0; i < v->len; i++)
		free(v->items[i]);
	pv_free(v);
}

/* The one SoC .dtsi the board's words name, malloc'd; NULL: none, or several. */
static char *named_soc_dtsi(const char *kernel_dir, const struct board *b)
{
	struct ptrvec words = { 0 }, from = { 0 }, found = { 0 };
	size_t which[NAMED_MAX];
	char *one = NULL;
	size_t tops = 0;

	engine_soc_words(b, &words, &from);
	dtsi_named_by(kernel_dir, (const char *const *)words.items, words.len, &found, which,
		      NAMED_MAX);
	for (size_t i = 0; i < found.len; i++) {
		bool inner = false;

		for (size_t j = 0; j < found.len && !inner; j++)
			inner = j != i && includes(kernel_dir, found.items[j], found.items[i]);
		if (!inner) {
			tops++;
			one = found.items[i];
		}
	}
	one = tops == 1 ? xstrdup(one) : NULL;
	free_all(&words);
	free_all(&from);
	free_all(&found);
	return one;
}

const struct rnode *pipeline_generic_pack(const char *kernel_dir, const struct board *b,
					  struct ruleset **owned)
{
	char *dtsi, *text, *stem;
	const struct rnode *soc = NULL;
	struct ruleset *rs;

	*owned = NULL;
	if (!kernel_dir || !b || !(dtsi = named_soc_dtsi(kernel_dir, b)))
		return NULL;
	stem = xstrdup(base_name(dtsi));
	stem[strcspn(stem, ".")] = '\0';
	text = xasprintf("soc: %s\ngeneric: \"the target's %s, named by the board's own words\"\n"
			 "dtsi: \"%s\"\n", stem, dtsi, dtsi);
	rs = ruleset_new();
	if (rules_load_text(rs, "(a pack made from the target tree)", text, strlen(text)) == B2D_OK &&
	    rules_finish(rs) == B2D_OK)
		soc = rules_soc(rs, stem);
	if (soc)
		*owned = rs;
	else
		ruleset_free(rs);
	free(text);
	free(stem);
	free(dtsi);
	return soc;
}
