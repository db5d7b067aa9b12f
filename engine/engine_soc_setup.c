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
#include "../kernel/soc_dtsi.h"

#include <libfdt.h>
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
 * A SoC helper that a record names itself (3.x board-edb7211.c's
 * `.init_machine = clps711x_devices_init`, of the SoC's devices.c), whose
 * pack call rule takes no argument and enables nodes (`node: [uart1,
 * uart2]`: the UARTs it registers): converted as a call of the machine.
 * Before, no function of the file called it, and the status pass disabled
 * the UARTs as "not registered".
 */
void conv_record_helpers(struct conv *c, const struct machine *m)
{
	const struct value *rec = m ? m->record : NULL;

	for (size_t i = 0; rec && rec->kind == VAL_LIST && i < rec->nkids; i++) {
		const struct value *k = rec->kids[i];
		/* undeclared in tolerant mode (its header missing): the name as written */
		const char *name = k->kind == VAL_FUNC ? k->text : k->kind == VAL_UNKNOWN ? k->spelling : NULL;
		const struct rnode *r = name && !board_find_func(c->b, name)
					? conv_soc_rule(c, "calls", NULL, 0, "call", name) : NULL;
		const struct rnode *args = rn_get(r, "args");
		struct call *call;

		if (!r || !rn_get(r, "node") || (args && args->n) || rn_get(r, "register"))
			continue;
		call = arena_alloc(c->a, sizeof(*call));
		memset(call, 0, sizeof(*call));
		call->callee = name;
		call->pos = k->pos;
		call->spelling = arena_printf(c->a, ".%s = %s", k->field ? k->field : "?", name);
		conv_convert_call(c, NULL, call);
	}
}

/*
 * The fixed clock at `label` that the .dtsi defines at 0 Hz for every board
 * to set (at91sam9260.dtsi's slow_xtal, clock-frequency = <0>): 1 when it
 * does, 0 when it defines it otherwise, -1 when it has no such label.
 */
static int dtsi_zero_clock(const struct soc_dtsi *d, const char *label)
{
	const char *path = soc_dtsi_label_path(d, label);
	int off = path ? fdt_path_offset(soc_dtsi_fdt(d), path) : -1, len = 0;
	const fdt32_t *v = off >= 0 ? fdt_getprop(soc_dtsi_fdt(d), off, "clock-frequency", &len) : NULL;

	if (!soc_dtsi_has_label(d, label))
		return -1;
	return v && len == 4 && fdt32_to_cpu(*v) == 0;
}

/*
 * `board_clocks: [{label: clk32k_in, node: clock-32k, frequency: 32768}]`:
 * a fixed clock the SoC .dtsi refers to but leaves to every board
 * (tegra20.dtsi's &tegra_pmc takes clk32k_in, the 32.768 kHz input). Written
 * only when the target's .dtsi uses that label without defining it, or
 * defines it at 0 Hz (the AT91 .dtsi files' slow_xtal: then
 * `&slow_xtal { clock-frequency = <32768>; }`, as every upstream board
 * writes). No fact of the board file: the SoC's, like the root
 * compatible's placeholder.
 */
void conv_board_clocks(struct conv *c, const struct machine *m)
{
	const struct rnode *l = rn_get(c->soc, "board_clocks");
	const struct soc_dtsi *d = c->opt ? c->opt->dtsi : NULL;

	for (size_t i = 0; d && l && i < l->n; i++) {
		const char *label = rn_str(l->items[i], "label"), *why = rn_str(l->items[i], "why");
		long long hz = 0;
		int zero = label ? dtsi_zero_clock(d, label) : 0;
		struct dt_node *n;
		struct dt_prop *p;

		if (!label || !zero || (zero < 0 && !soc_dtsi_references(d, label)) ||
		    !rn_get_long(l->items[i], "frequency", &hz))
			continue;
		if (zero > 0) {
			n = dt_overlay(c->t, label);
		} else {
			n = dt_node_add(c->t, c->t->root, rn_str(l->items[i], "node") ?
					rn_str(l->items[i], "node") : "clock", NULL);
			n->label = label;
			n->pos = m->pos;
			dt_prop_add_string(c->t, dt_prop_set(c->t, n, "compatible"), "fixed-clock");
		}
		p = dt_prop_set(c->t, n, "clock-frequency");
		dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, p), (uint32_t)hz);
		p->pos = m->pos;
		p->origin = zero > 0 ?
			arena_printf(c->a, "%s: %s; the SoC .dtsi leaves &%s at 0 Hz for every board to set",
				     rn_str(c->soc, "soc"), why ? why : "a fixed clock", label) :
			arena_printf(c->a, "%s: &%s, which the SoC .dtsi uses and every board defines (%s)",
				     rn_str(c->soc, "soc"), label, why ? why : "a fixed clock");
		if (zero < 0)
			dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, dt_prop_set(c->t, n, "#clock-cells")), 0);
	}
}
