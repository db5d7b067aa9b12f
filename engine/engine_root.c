// SPDX-License-Identifier: GPL-2.0
/*
 * The root node of a machine's output: includes (the SoC .dtsi found in the
 * target tree), model, compatible (the board's own .dt_compat strings or a
 * placeholder, then the SoC's), the pack's aliases.
 */
#include "engine_int.h"
#include "../kernel/board_compats.h"
#include "../kernel/compat_map.h"

#include <ctype.h>
#include <libfdt.h>
#include <stdlib.h>
#include <string.h>

#include "../common/util.h"
#include "../kernel/soc_dtsi.h"

/* --- Root node and includes ------------------------------------------------ */

static char *lower_dashed(struct arena *a, const char *id)
{
	char *s = arena_strdup(a, id);

	for (char *p = s; *p; p++)
		*p = *p == '_' ? '-' : (char)tolower((unsigned char)*p);
	return s;
}

/*
 * Is the found .dtsi stack `found` ("marvell/kirkwood.dtsi
 * marvell/kirkwood-6192.dtsi" in a 6.12 tree) the entry's `want`
 * ("kirkwood.dtsi kirkwood-6192.dtsi"): file for file, each one that name
 * or in a subdirectory?
 */
static bool same_stack(const char *found, const char *want)
{
	while (found && want && *found && *want) {
		size_t n = strcspn(found, " "), k = strcspn(want, " ");

		if (k > n || strncmp(found + n - k, want, k) || (n > k && found[n - k - 1] != '/'))
			return false;
		found += n + strspn(found + n, " ");
		want += k + strspn(want + k, " ");
	}
	return found && want && !*found && !*want;
}

/* Whether machine m's id or name contains one of the entry's `match:` words. */
static bool machine_says(const struct machine *m, const struct rnode *entry)
{
	const struct rnode *words = rn_get(entry, "match");

	for (size_t k = 0; m && words && k < words->n; k++)
		if (words->items[k]->scalar && (str_contains_icase(m->id, words->items[k]->scalar) ||
						str_contains_icase(m->name, words->items[k]->scalar)))
			return true;
	return false;
}

/* The chosen entry; of several with that .dtsi, the one the machine names (SMDK4212). */
const struct rnode *conv_chosen_variant(const struct conv *c)
{
	const char *dtsi = conv_dtsi_name(c);
	const struct rnode *vs = rn_get(c->soc, "dtsi_variants"), *first = NULL;

	for (size_t i = 0; vs && i < vs->n; i++)
		if (same_stack(dtsi, rn_str(vs->items[i], "dtsi"))) {
			if (machine_says(c->m, vs->items[i]))
				return vs->items[i];
			if (!first)
				first = vs->items[i];
		}
	return first;
}

/* Does p already hold the string s? */
static bool has_string(const struct dt_prop *p, const char *s)
{
	for (size_t k = 0; k < p->nchunks; k++)
		if (p->chunks[k]->kind == CHUNK_STRING && str_eq(p->chunks[k]->str, s))
			return true;
	return false;
}

/* s after p's strings, once (a .dt_compat list may name the SoC's own compatible) */
static void add_once(struct conv *c, struct dt_prop *p, const char *s)
{
	if (!has_string(p, s))
		dt_prop_add_string(c->t, p, s);
}

/*
 * The root compatible ends with the SoC's own compatibles, as the target's
 * SoC .dtsi gives them ("ti,omap3430", "ti,omap3"), or as the chosen
 * `dtsi_variants:` entry's `compatible:` says when its .dtsi states none of
 * its own (am3517.dtsi keeps omap3.dtsi's "ti,omap3430"; boards write
 * "ti,am3517", "ti,omap3"); the pack's `compatible:` stands in when the
 * .dtsi says none or is not known.
 */
static bool add_dtsi_compatibles(struct conv *c, struct dt_prop *p)
{
	const void *fdt = c->opt && c->opt->dtsi ? soc_dtsi_fdt(c->opt->dtsi) : NULL;
	const char *variant = rn_str(c->soc, "variant_compatible");
	const struct rnode *own = rn_get(conv_chosen_variant(c), "compatible");
	const char *v;
	int len;

	if (own && own->kind == RN_SCALAR) {
		add_once(c, p, own->scalar);
		return true;
	}
	for (size_t i = 0; own && own->kind == RN_SEQ && i < own->n; i++)
		add_once(c, p, own->items[i]->scalar);
	if (own && own->kind == RN_SEQ && own->n)
		return true;
	v = fdt ? fdt_getprop(fdt, 0, "compatible", &len) : NULL;
	if (!v || len <= 1 || v[len - 1] != '\0')
		return false;
	/* `variant_compatible:` the variant .dtsi (kirkwood-6281.dtsi) does not state */
	if (variant && !fdt_stringlist_contains(v, len, variant))
		add_once(c, p, variant);
	for (int off = 0; off < len; off += (int)strlen(v + off) + 1)
		if (v[off])
			add_once(c, p, v + off);
	return true;
}

/*
 * The kernel picks the machine_desc whose `.dt_compat` names a string of the
 * root compatible. When none of the target's DT machines names one of ours
 * (at91sam9260.dtsi says only "atmel,at91sam9260"; mach-at91/at91sam9.c
 * matches "atmel,at91sam9"), the board would boot as the generic machine,
 * without its SoC's setup: the longest such string that begins one of the
 * SoC's compatibles is added, as upstream boards write it
 * (kernel/dt_machines.c, read with the compat map and cached with it).
 * With a match already, or none that fits, nothing.
 */
static void add_machine_compatible(struct conv *c, struct dt_prop *p)
{
	const char **compat = NULL, **file = NULL;
	size_t n = c->opt && c->opt->compat ? compat_map_machines(c->opt->compat, &compat, &file) : 0;
	size_t best = 0;
	bool have = false, found = false;

	for (size_t i = 0; i < n && !have; i++)
		have = has_string(p, compat[i]);
	for (size_t i = 0; i < n && !have; i++)
		for (size_t k = 0; k < p->nchunks; k++) {
			const char *s = p->chunks[k]->str;
			size_t len = strlen(compat[i]);

			if (p->chunks[k]->kind != CHUNK_STRING || strncmp(s, "board2dts,", 10) == 0 ||
			    strncmp(s, compat[i], len) || !s[len] || !strchr(compat[i], ',') ||
			    (found && len <= strlen(compat[best])))
				continue;
			best = i;
			found = true;
		}
	if (found) {
		dt_prop_add_string(c->t, p, compat[best]);
		p->origin = arena_printf(c->a, "%s; \"%s\": the target's DT machine of %s matches it",
					 p->origin, compat[best], file[best]);
	}
	free(compat);
	free(file);
}

/*
 * The board's own compatible when the target tree has a .dts of the same
 * board (kernel/board_compats.c): the one root compatible whose name is the
 * machine's id (MACHINE_START(NSLU2) and "linksys,nslu2" of
 * intel-ixp42x-linksys-nslu2.dts; BUG and "buglabs,imx31-bug", the SoC's name
 * set aside), else the one whose model is the record's description
 * (MACHINE_START(D2NET, "LaCie d2 Network") and orion5x-lacie-d2-network.dts's
 * model). Drivers key board quirks on it (6.1's
 * gpio-ixp4xx.c clears the NAS-100D's GPIO clocks for "iom,nas-100d").
 */
/*
 * How many of the SoC .dtsi files of this conversion the target's .dts at
 * rel includes: 0 none, 1 some (kirkwood.dtsi, not the variant's), 2 all.
 */
static int on_this_soc(const struct conv *c, const char *rel)
{
	const char *dtsi = conv_dtsi_name(c);
	size_t files = 0, hits = 0;

	for (const char *w = dtsi; w && *w && c->opt->kernel_dir; w += strspn(w, " ")) {
		size_t n = strcspn(w, " ");
		char *one = arena_strndup(c->a, w, n);

		files++;
		hits += board_dts_includes(c->opt->kernel_dir, rel,
					   strrchr(one, '/') ? strrchr(one, '/') + 1 : one);
		w += n;
	}
	return !hits ? 0 : hits == files ? 2 : 1;
}

/* The stem of the SoC .dtsi ("imx31" of "nxp/imx/imx31.dtsi"; the base's of a stack), or NULL. */
static const char *soc_stem(struct conv *c, bool stack)
{
	const char *d = conv_dtsi_name(c), *b;
	size_t n;

	if (!d || (!stack && strchr(d, ' ')))
		return NULL;
	d = arena_strndup(c->a, d, strcspn(d, " "));
	b = strrchr(d, '/') ? strrchr(d, '/') + 1 : d;
	n = strcspn(b, ".");
	return n ? arena_strndup(c->a, b, n) : NULL;
}

/* Does the target's board row name machine m: by its id, its description, or the .dts's file name? */
static bool names_machine(struct conv *c, const struct machine *m, const char *compat,
			  const char *model, const char *file, int by)
{
	if (by == 1)
		return board_model_names(model, m->name);
	if (by == 2)
		return board_file_names(file, m->id, soc_stem(c, true));
	return board_compat_names(compat, m->id) ||
	       board_compat_names_on(compat, m->id, soc_stem(c, false));
}

/*
 * The board's strings of the target's .dts at rel: all of its root
 * compatible when it includes every .dtsi of this conversion (the SoC's
 * strings among them come once: add_once), else only its first.
 */
static void add_board_strings(struct conv *c, struct dt_prop *p, const char *rel,
			      const char *first, int soc)
{
	char **all = NULL;
	size_t n = soc == 2 ? board_dts_compatibles(c->opt->kernel_dir, rel, &all) : 0;

	if (!n)
		dt_prop_add_string(c->t, p, first);
	for (size_t i = 0; i < n; i++) {
		add_once(c, p, all[i]);
		free(all[i]);
	}
	free(all);
}

static const char *const target_board_by[] = { "", " (its model)", " (the .dts's name)" };

static bool compatible_of_target_board(struct conv *c, const struct machine *m, struct dt_prop *p,
				       struct dt_prop *model_prop)
{
	const char **compat = NULL, **file = NULL, **model = NULL;
	size_t n = c->opt && c->opt->compat ?
		   compat_map_boards(c->opt->compat, &compat, &file, &model) : 0;
	size_t hits = 0, one = 0;
	int soc = 0;

	for (int by = 0; by < 3 && hits != 1; by++) {
		hits = 0;
		for (size_t i = 0; i < n; i++)
			if (names_machine(c, m, compat[i], model[i], file[i], by) &&
			    !(hits && str_eq(compat[one], compat[i]))) {
				hits++;
				one = i;
			}
		if (hits == 1 && !(soc = on_this_soc(c, file[one])))
			hits = 0;
		if (hits == 1) {
			add_board_strings(c, p, file[one], compat[one], soc);
			p->origin = arena_printf(c->a, "%s: the target's %s describes this board%s",
						 m->init_only ? "no MACHINE_START" :
						 arena_printf(c->a, "MACHINE_START(%s, ...)", m->id),
						 file[one], target_board_by[by]);
			/* a file without MACHINE_START has no description: the .dts's model */
			if (m->init_only && model[one] && !str_eq(model[one], "-")) {
				model_prop->nchunks = 0;
				dt_prop_add_string(c->t, model_prop, model[one]);
				model_prop->origin = arena_printf(c->a, "%s; the model of %s",
								  model_prop->origin, file[one]);
			}
		}
	}
	free(compat);
	free(file);
	free(model);
	return hits == 1;
}

/*
 * A pack made from the target tree (pipeline/generic_pack.c) over a .dtsi
 * whose root states no compatible (spear300.dtsi): the SoC's is the one DT
 * machine compatible of the target whose part is the .dtsi's name
 * ("st,spear300", arch/arm/mach-spear/spear300.c).
 */
static void add_generic_soc_compatible(struct conv *c, struct dt_prop *p)
{
	const char **compat = NULL, **file = NULL;
	size_t n = c->opt && c->opt->compat ? compat_map_machines(c->opt->compat, &compat, &file) : 0;
	const char *soc = rn_str(c->soc, "soc");
	size_t hits = 0, one = 0;

	for (size_t i = 0; soc && rn_str(c->soc, "generic") && p->nchunks == 1 && i < n; i++)
		if (strchr(compat[i], ',') && str_eq(strchr(compat[i], ',') + 1, soc)) {
			hits += !(hits && str_eq(compat[one], compat[i]));
			one = i;
		}
	if (hits == 1) {
		dt_prop_add_string(c->t, p, compat[one]);
		p->origin = arena_printf(c->a, "%s; \"%s\": the target's DT machine of %s, named as "
					 "the .dtsi", p->origin, compat[one], file[one]);
	}
	free(compat);
	free(file);
}

/*
 * The SoC .dtsi the output includes: the one found in the target tree
 * (kernel/dtsi_find.h: "samsung/s3c6410.dtsi" in a 6.12 tree), or without a
 * tree the pack's first candidate; NULL when there is none (a target tree
 * without it: s3c2416.dtsi is gone from 6.12).
 */
const char *conv_dtsi_name(const struct conv *c)
{
	if (c->opt && c->opt->dtsi)
		return soc_dtsi_name(c->opt->dtsi);
	if (c->opt && c->opt->target_tree)
		return NULL;
	return c->soc ? rules_soc_dtsi(c->soc) : NULL;
}

/*
 * A 3.x board file that can also boot from a device tree names its own
 * compatibles: `.dt_compat = beagle_dt_match` with { "ti,omap3-beagle",
 * NULL }. They come first in the root compatible, as the board's string;
 * false when the record has none (or not as a string array of this file).
 */
static bool board_compatibles(struct conv *c, const struct machine *m, struct dt_prop *p)
{
	const struct value *dc = value_field(m->record, "dt_compat");
	const struct variable *arr = dc ? conv_deref(c, dc) : NULL;
	size_t n = 0;

	for (size_t i = 0; arr && arr->init && arr->init->kind == VAL_LIST && i < arr->init->nkids; i++) {
		const struct value *s = arr->init->kids[i];

		if (s->kind == VAL_STRING && s->text && *s->text) {
			dt_prop_add_string(c->t, p, s->text);
			n++;
		}
	}
	if (n) {
		struct fact *f = dt_add_fact(c->t, "variable", arr->name, &arr->pos);

		f->fate = FACT_CONVERTED;
		f->became = "/ compatible (the board's own strings)";
		conv_mark_var(c, arr->name);
	}
	return n > 0;
}

/* Does the loaded SoC .dtsi give / its #address-cells? (true when unknown) */
static bool dtsi_root_cells(const struct conv *c)
{
	const void *fdt = c->opt && c->opt->dtsi ? soc_dtsi_fdt(c->opt->dtsi) : NULL;

	return !fdt || fdt_getprop(fdt, 0, "#address-cells", NULL) != NULL;
}

static void root_cells(struct conv *c, bool dtsi)
{
	struct dt_prop *p = dt_prop_set(c->t, c->t->root, "#address-cells");

	dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, p), 1);
	p->origin = dtsi ? "the .dtsi leaves / without #address-cells" : NULL;
	p = dt_prop_set(c->t, c->t->root, "#size-cells");
	dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, p), 1);
	p->origin = dtsi ? "the .dtsi leaves / without #size-cells" : NULL;
}

/* A machine with no record (extractor/init_machine.c): what its annotations say, and a TODO. */
static const char *init_only(struct conv *c, const struct machine *m)
{
	const struct value *init = value_field(m->record, "init_machine");
	const char *fn = init ? init->text : "?";

	return arena_printf(c->a, "%s(): no MACHINE_START", fn);
}

/* The TODO of a machine with no record: whose model and compatible the output took. */
static void init_only_todo(struct conv *c, const struct machine *m, bool own)
{
	const struct value *init = value_field(m->record, "init_machine");
	const char *fn = init ? init->text : "?";

	dt_node_add_todo(c->t, NULL, &m->pos, fn,
			 arena_printf(c->a, "the file has no MACHINE_START: %s(), which the SoC's DT "
				      "machine calls (board-dt.c), is converted as machine %s; %s", fn,
				      m->id, own ? "model and compatible are those of the target's "
				      ".dts of this board, which the file completes" :
				      "its model is that name, replace it"));
}

/*
 * `variant:` the SoC .dtsi (and its compatible) is one of a family the board
 * file may not name: unless it or this machine's record calls one of
 * `calls:`, or the file names a `dtsi_variants:` entry, a TODO; the chosen
 * `dtsi_variants:` entry's `todo:`, what its .dtsi does not say of this SoC.
 */
static void variant_todos(struct conv *c, const struct machine *m)
{
	const struct rnode *var = rn_get(c->soc, "variant"), *chosen = conv_chosen_variant(c);

	if (var && rn_str(var, "todo") && !engine_machine_calls_any(c->b, m, rn_get(var, "calls")) &&
	    !chosen)
		dt_node_add_todo(c->t, c->t->root, &m->pos, "compatible", rn_str(var, "todo"));
	if (rn_str(chosen, "todo"))
		dt_node_add_todo(c->t, c->t->root, &m->pos, "compatible", rn_str(chosen, "todo"));
}

/* The model's annotation: the machine's record, or the init function standing for it. */
static const char *record_origin(struct conv *c, const struct machine *m)
{
	if (m->init_only)
		return init_only(c, m);
	return arena_printf(c->a, "MACHINE_START(%s, \"%s\")", m->id, m->name ? m->name : "");
}

void conv_build_root(struct conv *c, const struct machine *m)
{
	struct dt_tree *t = c->t;
	struct dt_prop *p;
	const char *soc_compat = rn_str(c->soc, "compatible");
	const char *dtsi = conv_dtsi_name(c);
	bool own;

	dt_add_include(t, "<dt-bindings/gpio/gpio.h>");
	/*
	 * With no SoC .dtsi, or one that leaves / without cells (6.1's
	 * intel-ixp4xx.dtsi: every IXP4xx board .dts sets them), the root gives
	 * the address cells itself; dtc's default would be 2.
	 */
	if (!dtsi || !dtsi_root_cells(c))
		root_cells(c, dtsi != NULL);
	dt_add_include(t, "<dt-bindings/interrupt-controller/irq.h>");
	/* "kirkwood.dtsi kirkwood-6281.dtsi": a base and its variant, in order. */
	for (const char *w = dtsi; w && *w; w += strspn(w, " ")) {
		size_t n = strcspn(w, " ");

		dt_add_include(t, arena_printf(c->a, "\"%.*s\"", (int)n, w));
		w += n;
	}
	p = dt_prop_set(t, t->root, "model");
	dt_prop_add_string(t, p, m->name ? m->name : m->id);
	p->pos = m->pos;
	p->origin = record_origin(c, m);
	p = dt_prop_set(t, t->root, "compatible");
	p->pos = m->pos;
	own = board_compatibles(c, m, p);
	if (own) {
		p->origin = arena_printf(c->a, ".dt_compat = %s", value_field(m->record, "dt_compat")->text);
	} else if (!(own = compatible_of_target_board(c, m, p, dt_prop_find(t->root, "model")))) {
		dt_prop_add_string(t, p, arena_printf(c->a, "board2dts,%s", lower_dashed(c->a, m->id)));
		p->origin = m->init_only ? "no MACHINE_START"
			: arena_printf(c->a, "MACHINE_START(%s, ...)", m->id);
	}
	if (add_dtsi_compatibles(c, p))
		p->origin = arena_printf(c->a, "%s; the SoC's from %s", p->origin, dtsi);
	else if (soc_compat)
		add_once(c, p, soc_compat);
	add_machine_compatible(c, p);
	add_generic_soc_compatible(c, p);
	if (!own)
		dt_node_add_todo(t, t->root, &m->pos, "compatible",
				 "replace \"board2dts,...\" with the board's vendor,board string");
	if (m->init_only)
		init_only_todo(c, m, own);
	variant_todos(c, m);
	/* `aliases: {i2c0: pxai2c1}`: /aliases entries the board sets (overriding the .dtsi's). */
	const struct rnode *al = rn_get(c->soc, "aliases");

	for (size_t i = 0; al && al->kind == RN_MAP && i < al->n; i++)
		conv_set_alias(c, al->keys[i], al->items[i]->scalar, &m->pos,
			       arena_printf(c->a, "SoC pack %s: aliases", rn_str(c->soc, "soc")));
	if (!c->soc && c->opt->no_pack_hint)
		dt_node_add_todo(t, NULL, &m->pos, m->id,
				 arena_printf(c->a, "no SoC rule pack matched (use --soc): SoC "
					      "nodes, GPIO and IRQ numbers are left as TODOs; %s",
					      c->opt->no_pack_hint));
	else if (!c->soc)
		dt_node_add_todo(t, NULL, &m->pos, m->id,
				 "no SoC rule pack matched (use --soc): SoC nodes, GPIO and IRQ "
				 "numbers are left as TODOs");
	else if (rn_str(c->soc, "generic") && dtsi)
		dt_node_add_todo(t, NULL, &m->pos, m->id,
				 arena_printf(c->a, "no SoC rule pack matched (use --soc): the SoC is %s; "
					      "devices at its nodes' addresses are its overlays and I2C/SPI "
					      "bus N is its label i2cN/spiN (check it), while GPIO and IRQ "
					      "numbers and the SoC helpers' devices are left as TODOs: a "
					      "SoC pack over it (rules/soc/, docs/rules.md) would place them", rn_str(c->soc, "generic")));
	else if (!dtsi)
		dt_node_add_todo(t, NULL, &m->pos, rn_str(c->soc, "soc"),
				 "the kernel has no .dtsi for this SoC: SoC devices are TODOs");
}

/* --- Calls ----------------------------------------------------------------- */

/* /aliases { name = &label; } (the node made on first use) */
struct dt_prop *conv_set_alias(struct conv *c, const char *name, const char *label,
			       const struct srcpos *pos, const char *origin)
{
	struct dt_node *an = dt_child(c->t->root, "aliases", NULL);
	struct dt_prop *p;

	if (!an) {	/* first among the root's nodes, as .dts files write it */
		struct dt_node **kids;

		an = dt_node_add(c->t, c->t->root, "aliases", NULL);
		kids = c->t->root->children;
		memmove(&kids[1], &kids[0], (c->t->root->nchildren - 1) * sizeof(kids[0]));
		kids[0] = an;
	}
	p = dt_prop_set(c->t, an, name);
	dt_prop_add_ref_path(c->t, p, label);
	p->pos = *pos;
	p->origin = origin;
	return p;
}
