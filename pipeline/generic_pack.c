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
#include "../kernel/soc_dtsi.h"
#include "convert_core.h"

#include <libfdt.h>

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

/*
 * A .dtsi that refers to labels only a board's .dts defines (6.1's
 * integrator.dtsi: its timers' `interrupt-parent = <&pic>`, a node of
 * integratorap.dts and integratorcp.dts) is part of a board's description,
 * no SoC's: included alone, the output does not compile (it was compiled
 * as a /plugin/, its references left as fixups). Before, a 3.x
 * mach-integrator/integrator_cp.c got it and no output at all.
 */
static bool dtsi_stands_alone(const char *kernel_dir, const char *rel)
{
	struct soc_dtsi *s = NULL;
	char *cache = conv_cache_dir();
	bool alone = soc_dtsi_load(kernel_dir, rel, cache, &s) == B2D_OK && s;

	if (alone) {
		const void *fdt = soc_dtsi_fdt(s);
		int fix = fdt_path_offset(fdt, "/__fixups__");

		alone = fix < 0 || fdt_first_property_offset(fdt, fix) < 0;
	}
	soc_dtsi_free(s);
	free(cache);
	return alone;
}

/*
 * Does the board's directory name its SoC (mach-s5pc100: a SoC-like word)
 * and that word no .dtsi found? Then a .dtsi another word names is a shared
 * helper's SoC (3.x smdkc100 calls plat-samsung's s3c24xx_init_clocks(),
 * which named s3c24xx.dtsi for a Cortex-A8 S5PC100), not the board's.
 */
static bool own_soc_unnamed(const struct ptrvec *words, const struct ptrvec *from,
			    const size_t *which, size_t nfound)
{
	for (size_t i = 0; i < words->len; i++) {
		bool named = false;

		if (!str_eq(from->items[i], "the path") || !engine_soc_like(words->items[i]))
			continue;
		for (size_t k = 0; k < nfound && k < NAMED_MAX; k++)
			named |= which[k] == i;
		return !named;
	}
	return false;
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
	one = tops == 1 && dtsi_stands_alone(kernel_dir, one) && !own_soc_unnamed(&words, &from,
	      which, found.len) ? xstrdup(one) : NULL;
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
