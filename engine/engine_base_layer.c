// SPDX-License-Identifier: GPL-2.0
/*
 * `base_layer:`: the target's SoC .dtsi is a family base (6.1's
 * s3c24xx.dtsi) that a variant .dtsi completes (s3c2416.dtsi); the target
 * has none for this board's variant, so the output writes that layer, as
 * the variant .dtsi would: per variant (its setup calls or the board's
 * path) the properties of the base's labelled nodes (`nodes:`: a
 * compatible, or a map of properties in DTS syntax: the clocks the base
 * leaves out), nodes of its own (`root_nodes:`: the clock controller),
 * the header their macros come from (`include:`, read from the target
 * tree), and under `banks_in:` the GPIO banks of the pin controller's
 * driver (kernel/pin_banks.c). The SoC's knowledge, not the board's: no
 * fact of the board file. A `root_nodes:` entry with `var:` is a SoC
 * device the base lacks (the NAND controller, s3c_device_nand): written
 * only when the machine registers that device (conv_layer_device(), from
 * its soc_devices entry), and only when a driver of the target matches
 * its compatible.
 */
#include "engine_int.h"
#include "../kernel/compat_map.h"
#include "../kernel/dt_macro.h"
#include "../kernel/pin_banks.h"
#include "../kernel/soc_dtsi.h"
#include "../common/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/*
 * A property value in DTS syntax (`<&clocks PCLK_UART0>, <&clocks PCLK>`,
 * `"uart", "clk_uart_baud2"`, `<0x4c000000 0x20>`): strings, and cell
 * groups of numbers, &labels and macros of the layer's header. False when
 * a word is none of these (the property is then not written).
 */
static bool write_value(struct conv *c, struct dt_prop *p, const char *text, const char *header)
{
	for (const char *s = text; s && *s; ) {
		while (isspace((unsigned char)*s) || *s == ',')
			s++;
		if (*s == '"') {
			const char *e = strchr(s + 1, '"');

			if (!e)
				return false;
			dt_prop_add_string(c->t, p, arena_printf(c->a, "%.*s", (int)(e - s - 1), s + 1));
			s = e + 1;
		} else if (*s == '<') {
			struct dt_chunk *ch = dt_prop_add_cells(c->t, p);
			const char *e = strchr(s, '>');

			if (!e)
				return false;
			for (s++; s < e; ) {
				char word[64];
				size_t n = 0;
				long long v;
				char *end;

				while (s < e && isspace((unsigned char)*s))
					s++;
				while (s < e && !isspace((unsigned char)*s) && n + 1 < sizeof(word))
					word[n++] = *s++;
				word[n] = '\0';
				if (!n)
					continue;
				v = strtoll(word, &end, 0);
				if (word[0] == '&' && word[1])
					dt_chunk_add_ref(c->t, ch, arena_strdup(c->a, word + 1));
				else if (!*end)
					dt_chunk_add_u32(c->t, ch, (uint32_t)v);
				else if (dt_macro_value(header, word, &v))
					dt_chunk_add_macro(c->t, ch, arena_strdup(c->a, word), (uint32_t)v);
				else
					return false;
			}
			s = e + 1;
		} else if (*s) {
			return false;
		}
	}
	return true;
}

/* The properties of a `nodes:`/`root_nodes:` entry on n. */
void conv_layer_props(struct conv *c, const struct srcpos *pos, struct dt_node *n,
		      const struct rnode *props, const char *header, const char *why)
{
	for (size_t i = 0; props && props->kind == RN_MAP && i < props->n; i++) {
		const char *name = props->keys[i], *text = props->items[i]->scalar;
		struct dt_prop *p;

		if (str_eq(name, "label") || str_eq(name, "name") || str_eq(name, "var") ||
		    str_eq(name, "todo") || str_eq(name, "role") || str_eq(name, "dtsi") || !text)
			continue;
		p = dt_prop_set(c->t, n, name);
		if (str_eq(name, "compatible") && text[0] != '"')
			dt_prop_add_string(c->t, p, text);
		else if (!write_value(c, p, text, header)) {
			dt_prop_del(n, name);
			dt_node_add_todo(c->t, n, pos, name,
					 arena_printf(c->a, "the layer's value %s names what the target "
						      "lacks: write it by hand", text));
			continue;
		}
		p->pos = *pos;
		p->origin = why;
	}
}

/* The variant's `include:` header (its text, for macro values), #included by the output. */
static const char *layer_header(struct conv *c, const struct rnode *v)
{
	char *path, *text;
	const char *header;

	if (!rn_str(v, "include") || !c->opt->kernel_dir)
		return NULL;
	path = xasprintf("%s/include/%s", c->opt->kernel_dir, rn_str(v, "include"));
	text = read_file(path, NULL);
	free(path);
	if (!text)
		return NULL;
	header = arena_strdup(c->a, text);
	free(text);
	dt_add_include(c->t, arena_printf(c->a, "<%s>", rn_str(v, "include")));
	return header;
}

/* A `root_nodes:` entry at the root, unless its label exists already; NULL then. */
static struct dt_node *layer_root_node(struct conv *c, const struct srcpos *pos,
				       const struct rnode *e, const char *header, const char *why)
{
	const char *name = rn_str(e, "name"), *at = name ? strchr(name, '@') : NULL;
	const char *label = rn_str(e, "label");
	struct dt_node *n;

	if (!name || (label && (soc_dtsi_has_label(c->opt->dtsi, label) ||
				dt_node_has_label(c->t->root, label))))
		return NULL;
	n = dt_node_add(c->t, c->t->root, at ? arena_printf(c->a, "%.*s", (int)(at - name), name)
				       : name, at ? at + 1 : NULL);
	n->label = label;
	n->pos = *pos;
	conv_layer_props(c, pos, n, e, header, why);
	return n;
}

/* The `base_layer: variants:` entry the board calls or whose path it has, or NULL. */
static const struct rnode *layer_variant(const struct conv *c, const struct rnode *variants)
{
	for (size_t i = 0; variants && i < variants->n; i++) {
		const struct rnode *v = variants->items[i];
		const struct rnode *paths = rn_get(v, "paths");

		if (engine_board_calls_any(c->b, rn_get(v, "calls")))
			return v;
		for (size_t p = 0; paths && c->b->path && p < paths->n; p++)
			if (paths->items[p]->scalar && strstr(c->b->path, paths->items[p]->scalar))
				return v;
	}
	return NULL;
}

/*
 * The banks the pin-controller driver of compat lists, or NULL with a TODO
 * (then the node gets neither banks nor that compatible: no driver of the
 * target would take it).
 */
static struct pin_banks *layer_banks(struct conv *c, const struct machine *m, const char *label,
				     const char *compat)
{
	struct pin_banks *pb = NULL;

	if (c->opt->kernel_dir && pin_banks_for_compatible(c->opt->kernel_dir, compat, &pb) == B2D_OK)
		return pb;
	dt_node_add_todo(c->t, NULL, &m->pos, label,
			 arena_printf(c->a, "no driver of the target names %s with a bank table: "
				      "write the pin controller's compatible and GPIO bank nodes by hand",
				      compat));
	return NULL;
}

/* One node per bank, under the pin controller's overlay. */
static void write_banks(struct conv *c, const struct machine *m, struct dt_node *ctl,
			const struct pin_banks *pb, const char *compat)
{
	for (size_t i = 0; i < pb->n; i++) {
		const char *name = arena_strdup(c->a, pb->banks[i].name);
		struct dt_node *bank = dt_node_add(c->t, ctl, arena_printf(c->a, "%s-gpio-bank", name), NULL);
		struct dt_prop *p;

		bank->label = name;
		bank->pos = m->pos;
		p = dt_prop_set(c->t, bank, "gpio-controller");
		p->pos = m->pos;
		p->origin = arena_printf(c->a, "bank %s of %s's table in %s", name, compat, pb->file);
		dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, dt_prop_set(c->t, bank, "#gpio-cells")), 2);
		if (pb->banks[i].eint) {
			dt_prop_set(c->t, bank, "interrupt-controller");
			dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t,
					 dt_prop_set(c->t, bank, "#interrupt-cells")), 2);
		}
	}
}

/* The layer of the variant the board is (see the top of this file). */
void conv_base_layer(struct conv *c, const struct machine *m)
{
	const struct rnode *bl = rn_get(c->soc, "base_layer");
	const struct soc_dtsi *d = c->opt ? c->opt->dtsi : NULL;
	const struct rnode *v, *nodes;
	const char *banks_in, *why, *header = NULL;

	if (!bl || !d)
		return;
	v = layer_variant(c, rn_get(bl, "variants"));
	if (!v) {
		dt_node_add_todo(c->t, c->t->root, &m->pos, "compatible",
				 arena_printf(c->a, "SoC variant not known (the board calls none of the "
					      "pack's variant setup calls): %s is the family base; the "
					      "variant's compatibles and GPIO banks are not written",
					      conv_dtsi_name(c)));
		return;
	}
	nodes = rn_get(v, "nodes");
	banks_in = rn_str(bl, "banks_in");
	why = arena_printf(c->a, "%s %s: %s is the family base, which a variant .dtsi completes; "
			   "the target has none for this variant", rn_str(c->soc, "soc"),
			   rn_str(v, "name"), conv_dtsi_name(c));
	header = layer_header(c, v);
	/* `root_nodes:` the variant .dtsi's own nodes (the clock controller) */
	for (size_t i = 0; header && rn_get(v, "root_nodes") && i < rn_get(v, "root_nodes")->n; i++) {
		const struct rnode *e = rn_get(v, "root_nodes")->items[i];

		/* `var:` a SoC device: only when the machine registers it (conv_layer_device) */
		if (!rn_str(e, "var"))
			layer_root_node(c, &m->pos, e, header, why);
	}
	for (size_t i = 0; nodes && i < nodes->n; i++) {
		const char *label = nodes->keys[i];
		const struct rnode *e = nodes->items[i];
		const char *compat = e->kind == RN_SCALAR ? e->scalar : rn_str(e, "compatible");
		struct dt_node *n;
		struct dt_prop *p;
		struct pin_banks *pb = NULL;

		if (!compat || !soc_dtsi_has_label(d, label))
			continue;
		if (str_eq(label, banks_in) && !(pb = layer_banks(c, m, label, compat)))
			continue;
		n = dt_overlay(c->t, label);
		p = dt_prop_set(c->t, n, "compatible");
		dt_prop_add_string(c->t, p, compat);
		p->pos = m->pos;
		p->origin = why;
		/* the rest (clocks, clock-names) only with the header their macros need */
		if (e->kind == RN_MAP && header)
			conv_layer_props(c, &m->pos, n, e, header, why);
		if (pb)
			write_banks(c, m, n, pb, compat);
		pin_banks_free(pb);
	}
}

/*
 * The `root_nodes:` entry with `var:` var, of the board's variant (*src:
 * the variant, whose `include:` and `name` apply) or else of the pack's
 * top-level `soc_nodes:` (a complete .dtsi that lacks a SoC device, the
 * S3C64xx NAND controller: *src that map, *name "soc_nodes"),
 * whose `dtsi:` list, when given, names the SoC .dtsi files the entry is
 * for (the S3C6410's NAND clock gate, which the S3C6400's clock driver
 * lacks). NULL with *why set when there is none.
 */
static const struct rnode *layer_entry(const struct conv *c, const char *var,
				       const struct rnode **src, const char **name, const char **why)
{
	const struct rnode *bl = rn_get(c->soc, "base_layer"), *sn = rn_get(c->soc, "soc_nodes");
	const struct rnode *v = bl ? layer_variant(c, rn_get(bl, "variants")) : NULL;
	const struct rnode *roots = v ? rn_get(v, "root_nodes") : NULL;

	*src = v;
	*name = v ? rn_str(v, "name") : NULL;
	for (size_t i = 0; roots && i < roots->n; i++)
		if (str_eq(rn_str(roots->items[i], "var"), var))
			return roots->items[i];
	roots = sn ? rn_get(sn, "nodes") : NULL;
	for (size_t i = 0; roots && i < roots->n; i++) {
		const struct rnode *e = roots->items[i], *dtsi = rn_get(e, "dtsi");
		bool fits = !dtsi;

		if (!str_eq(rn_str(e, "var"), var))
			continue;
		if (dtsi && dtsi->kind == RN_SCALAR)
			fits = str_eq(dtsi->scalar, conv_dtsi_name(c));
		for (size_t k = 0; dtsi && dtsi->kind == RN_SEQ && k < dtsi->n; k++)
			fits |= str_eq(dtsi->items[k]->scalar, conv_dtsi_name(c));
		*src = sn;
		*name = "soc_nodes";
		if (fits)
			return e;
		*why = arena_printf(c->a, "the pack's soc_nodes entry is not for %s",
				    conv_dtsi_name(c) ? conv_dtsi_name(c) : "this SoC .dtsi");
		return NULL;
	}
	*why = v ? arena_printf(c->a, "the %s layer has no node for it", rn_str(v, "name"))
		 : bl ? "the SoC variant is not known" : "the pack has no node for it";
	return NULL;
}

/*
 * The machine registers SoC device var (its soc_devices entry names a label
 * neither the .dtsi nor the output defines): the node of the variant's
 * `root_nodes:` entry with that `var:` (or of the pack's `soc_nodes:`),
 * written now, at the root; the compatible is checked against the target's
 * drivers (kernel/compat_map.c) and the annotation names the driver. NULL
 * with *why set when there is no such entry, no variant, or no driver
 * matches the compatible.
 */
struct dt_node *conv_layer_device(struct conv *c, const char *var, const struct srcpos *pos,
				  const char **why)
{
	const struct rnode *v = NULL, *e;
	const char *compat, *driver, *header, *name = NULL;
	struct dt_node *n;
	struct dt_prop *p;

	*why = NULL;
	if (!c->opt || !c->opt->dtsi || !(e = layer_entry(c, var, &v, &name, why)))
		return NULL;
	compat = rn_str(e, "compatible");
	driver = compat && c->opt->compat ? compat_map_driver_of(c->opt->compat, compat) : NULL;
	if (!driver) {
		*why = arena_printf(c->a, "no driver of the target matches %s", compat ? compat : "?");
		return NULL;
	}
	header = layer_header(c, v);
	if (!header) {
		*why = arena_printf(c->a, "the target has no %s", rn_str(v, "include"));
		return NULL;
	}
	n = layer_root_node(c, pos, e, header,
			    arena_printf(c->a, "%s %s: %s, which %s lacks (%s matches it)",
					 rn_str(c->soc, "soc"), name, var,
					 conv_dtsi_name(c), driver));
	if (!n)
		return NULL;
	n->origin = var;
	/* `todo:` what the binding wants and the board cannot say (the ADC's vdd-supply) */
	if (rn_str(e, "todo"))
		dt_node_add_todo(c->t, n, pos, var, rn_str(e, "todo"));
	if ((p = dt_prop_find(n, "compatible")))
		p->origin = arena_printf(c->a, "%s: %s", var, driver);
	return n;
}
