// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE	/* memrchr */
/*
 * What the reference check (graph/passes.c) needs to know about labels
 * defined outside the graph: the target's .dtsi (its compiled symbols) and
 * the tail includes (twl4030.dtsi defines &twl_gpio), whose labels are read
 * from their text in the .dtsi's directory. Without a kernel tree nothing
 * is known and the check stays off.
 */
#include "engine_int.h"
#include "../kernel/soc_dtsi.h"
#include "../common/util.h"

#include <ctype.h>
#include <stdio.h>
#include <libfdt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_INCLUDE_DEPTH	4

/* A label of the target's .dtsi, or a path reference {/path} to one of its nodes. */
static bool dtsi_label(const void *ctx, const char *label)
{
	size_t n = strlen(label);

	if (n > 2 && label[0] == '{' && label[n - 1] == '}') {
		char *path = xstrndup(label + 1, n - 2);
		bool ok = fdt_path_offset(soc_dtsi_fdt(ctx), path) >= 0;

		free(path);
		return ok;
	}
	return soc_dtsi_has_label(ctx, label);
}

static char *read_text(const char *path)
{
	FILE *f = fopen(path, "r");
	struct strbuf sb;
	char buf[4096];
	size_t n;

	if (!f)
		return NULL;
	sb_init(&sb);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		sb_addn(&sb, buf, n);
	fclose(f);
	return sb_detach(&sb);
}

static bool ident(char ch)
{
	return isalnum((unsigned char)ch) || ch == '_';
}

/* `#include "x.dtsi"` at p: the name, or NULL. */
static char *include_at(const char *p)
{
	const char *q, *e;

	if (strncmp(p, "#include", 8) && strncmp(p, "/include/", 9))
		return NULL;
	q = strchr(p, '"');
	e = q ? strchr(q + 1, '"') : NULL;
	if (!q || !e || memchr(p, '\n', (size_t)(q - p)))
		return NULL;
	return xstrndup(q + 1, (size_t)(e - q - 1));
}

/*
 * Labels defined in a .dtsi's text (`name: node {`, `name: node@1 {`),
 * comments skipped, quoted includes followed.
 */
static void scan_labels(struct conv *c, const char *dir, const char *name, int depth)
{
	char *path = xasprintf("%s/%s", dir, name);
	char *text = depth <= MAX_INCLUDE_DEPTH ? read_text(path) : NULL;

	for (const char *p = text; p && *p; p++) {
		const char *b = p;
		char *inc;

		if (p[0] == '/' && p[1] == '*') {
			const char *e = strstr(p + 2, "*/");

			p = e ? e + 1 : p + strlen(p) - 1;
			continue;
		}
		if (p[0] == '/' && p[1] == '/') {
			p += strcspn(p, "\n");
			if (!*p)
				break;
			continue;
		}
		if ((inc = include_at(p))) {
			scan_labels(c, dir, inc, depth + 1);
			free(inc);
			p += strcspn(p, "\n");
			if (!*p)
				break;
			continue;
		}
		if (!(isalpha((unsigned char)*p) || *p == '_') || (p > text && ident(p[-1])))
			continue;
		while (ident(*p))
			p++;
		if (*p == ':' && p[1] != ':')
			arena_push(c->a, (void ***)&c->t->ext_labels, &c->t->next_labels,
				   arena_strndup(c->a, b, (size_t)(p - b)));
		p--;
	}
	free(text);
	free(path);
}

/* A target tree with no .dtsi for this SoC defines no label the output may use. */
static bool no_label(const void *ctx, const char *label)
{
	(void)ctx;
	(void)label;
	return false;
}

/*
 * During the conversion (before conv_label_check_setup()): may the output
 * refer to &label? The graph's labels and the target .dtsi's (not yet a
 * tail include's); true when no target tree is known.
 */
bool conv_label_usable(struct conv *c, const char *label)
{
	bool (*saved)(const void *, const char *) = c->t->label_known;
	const void *ctx = c->t->label_ctx;
	bool yes;

	if (!saved && c->opt && c->opt->target_tree && !c->opt->dtsi) {
		c->t->label_known = no_label;
	} else if (!saved && c->opt && c->opt->dtsi) {
		c->t->label_known = dtsi_label;
		c->t->label_ctx = c->opt->dtsi;
	} else if (!saved) {
		return true;
	}
	yes = dt_label_defined(c->t, label);
	c->t->label_known = saved;
	c->t->label_ctx = ctx;
	return yes;
}

void conv_label_check_setup(struct conv *c)
{
	const char *dir;

	if (c->opt && c->opt->target_tree && !c->opt->dtsi) {
		/* e.g. S3C2440 in 6.1: <&gpg 0 ...> would make dtc fail; a TODO instead */
		c->t->label_known = no_label;
		return;
	}
	if (!c->opt || !c->opt->dtsi)
		return;
	c->t->label_known = dtsi_label;
	c->t->label_ctx = c->opt->dtsi;
	dir = soc_dtsi_dir(c->opt->dtsi);
	for (size_t i = 0; dir && i < c->t->ntail_includes; i++) {
		const char *inc = c->t->tail_includes[i];
		size_t n = strlen(inc);
		char *name = n > 2 && inc[0] == '"' ? xstrndup(inc + 1, n - 2) : xstrdup(inc);
		const char *soc = soc_dtsi_name(c->opt->dtsi);
		const char *slash = memrchr(soc, '/', strcspn(soc, " "));
		size_t sub = slash ? (size_t)(slash - soc) + 1 : 0;

		const char *file = sub && !strncmp(name, soc, sub) ? name + sub : name;
		char *beside = xasprintf("%s/%s", dir, file);
		char *top = xasprintf("%s/arch/arm/boot/dts", soc_dtsi_kernel_dir(c->opt->dtsi));

		/* "ti/omap/twl4030.dtsi" (conv_include_path) is beside the SoC's;
		 * 6.12's tps65910.dtsi is at the top, where dtc finds it too */
		scan_labels(c, access(beside, R_OK) && sub ? top : dir, file, 0);
		free(top);
		free(beside);
		free(name);
	}
}

/*
 * A binding pack's tail include ("twl4030.dtsi") as the output must write it:
 * in a tree with vendor directories, the SoC .dtsi's directory holds it
 * ("ti/omap/twl4030.dtsi"), and the output's include path is
 * arch/arm/boot/dts. Unchanged when the SoC .dtsi is at the top or the file
 * is not beside it.
 */
const char *conv_include_path(struct conv *c, const char *name)
{
	const char *soc = c->opt && c->opt->dtsi ? soc_dtsi_name(c->opt->dtsi) : NULL;
	const char *slash = soc ? memrchr(soc, '/', strcspn(soc, " ")) : NULL;
	char *path;
	bool there;

	if (!slash || strchr(name, '/') || soc[0] == '/')
		return name;
	path = xasprintf("%s/%s", soc_dtsi_dir(c->opt->dtsi), name);
	there = access(path, R_OK) == 0;
	free(path);
	return there ? arena_printf(c->a, "%.*s/%s", (int)(slash - soc), soc, name) : name;
}
