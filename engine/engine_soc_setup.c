// SPDX-License-Identifier: GPL-2.0
/*
 * SoC setup calls: the machine's .map_io, .init_irq, .init_early (the
 * fields `soc_setup_fields:` names) set up the SoC, and the SoC's DT
 * machine does that work in a DT kernel. A call there that no rule knows
 * and that passes no value (omap_init_irq(), omap2_init_common_hw(NULL,
 * NULL) of a 2.6.3x board file) carries no board fact: it is converted with
 * a note naming the field. A call with an argument stays a TODO, its
 * argument may be a board fact (s3c24xx_init_clocks(12000000)).
 */
#include "engine_int.h"
#include "../kernel/pin_banks.h"
#include "../kernel/soc_dtsi.h"

#include <string.h>

/* The machine_desc field that names fn, when it is a SoC setup field. */
static const char *setup_field_of(const struct conv *c, const struct function *fn)
{
	const struct value *rec = c->m ? c->m->record : NULL;

	for (size_t i = 0; rec && rec->kind == VAL_LIST && i < rec->nkids; i++) {
		const struct value *k = rec->kids[i];

		if (k->kind != VAL_FUNC || !k->field || !str_eq(k->text, fn->name))
			continue;
		for (size_t r = 0; r < c->rs->nsoc_setup_fields; r++)
			if (str_eq(c->rs->soc_setup_fields[r]->scalar, k->field))
				return k->field;
	}
	return NULL;
}

/* No argument carries a value: none at all, or only NULL and 0. */
static bool passes_nothing(const struct call *call)
{
	for (size_t i = 0; i < call->nargs; i++) {
		const struct value *a = call->args[i];

		if (a->kind != VAL_NULL && !(a->kind == VAL_INT && a->ival == 0))
			return false;
	}
	return true;
}

bool conv_soc_setup_call(struct conv *c, const struct function *fn, const struct call *call,
			 struct fact *f)
{
	const char *field = fn ? setup_field_of(c, fn) : NULL;

	if (!field || !passes_nothing(call))
		return false;
	f->fate = FACT_CONVERTED;
	f->became = arena_printf(c->a, "no DT equivalent: SoC setup in the machine's .%s (%s), "
				 "which the SoC's DT machine does; it passes no board value",
				 field, fn->name);
	return true;
}

/*
 * `board_clocks: [{label: clk32k_in, node: clock-32k, frequency: 32768}]`:
 * a fixed clock the SoC .dtsi refers to but leaves to every board
 * (tegra20.dtsi's &tegra_pmc takes clk32k_in, the 32.768 kHz input). Written
 * only when the target's .dtsi uses that label without defining it. No fact
 * of the board file: the SoC's, like the root compatible's placeholder.
 */
void conv_board_clocks(struct conv *c, const struct machine *m)
{
	const struct rnode *l = rn_get(c->soc, "board_clocks");
	const struct soc_dtsi *d = c->opt ? c->opt->dtsi : NULL;

	for (size_t i = 0; d && l && i < l->n; i++) {
		const char *label = rn_str(l->items[i], "label");
		long long hz = 0;
		struct dt_node *n;
		struct dt_prop *p;

		if (!label || soc_dtsi_has_label(d, label) || !soc_dtsi_references(d, label) ||
		    !rn_get_long(l->items[i], "frequency", &hz))
			continue;
		n = dt_node_add(c->t, c->t->root, rn_str(l->items[i], "node") ?
				rn_str(l->items[i], "node") : "clock", NULL);
		n->label = label;
		n->pos = m->pos;
		dt_prop_add_string(c->t, dt_prop_set(c->t, n, "compatible"), "fixed-clock");
		p = dt_prop_set(c->t, n, "clock-frequency");
		dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, p), (uint32_t)hz);
		p->pos = m->pos;
		p->origin = arena_printf(c->a, "%s: &%s, which the SoC .dtsi uses and every board "
					 "defines (%s)", rn_str(c->soc, "soc"), label,
					 rn_str(l->items[i], "why") ? rn_str(l->items[i], "why") : "a fixed clock");
		dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, dt_prop_set(c->t, n, "#clock-cells")), 0);
	}
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

/*
 * `base_layer:`: the target's SoC .dtsi is a family base (s3c24xx.dtsi)
 * that a variant .dtsi completes (s3c2416.dtsi: compatibles of its nodes,
 * the pin controller's GPIO bank nodes); the target has no .dtsi for this
 * board's variant, so the output writes that layer: per variant (known by
 * its setup calls or the board's path) the compatibles of `nodes:`, and
 * under `banks_in:` the banks the variant's pin-controller driver lists.
 * The SoC's knowledge, like board_clocks: no fact of the board file.
 */
void conv_base_layer(struct conv *c, const struct machine *m)
{
	const struct rnode *bl = rn_get(c->soc, "base_layer");
	const struct soc_dtsi *d = c->opt ? c->opt->dtsi : NULL;
	const struct rnode *v, *nodes;
	const char *banks_in;

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
	for (size_t i = 0; nodes && i < nodes->n; i++) {
		const char *label = nodes->keys[i], *compat = nodes->items[i]->scalar;
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
		p->origin = arena_printf(c->a, "%s %s: %s is the family base, which a variant .dtsi "
					 "completes; %s", rn_str(c->soc, "soc"), rn_str(v, "name"),
					 conv_dtsi_name(c), rn_str(bl, "why") ? rn_str(bl, "why") :
					 "the target has none for this variant");
		if (pb)
			write_banks(c, m, n, pb, compat);
		pin_banks_free(pb);
	}
}
