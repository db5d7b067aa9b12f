// SPDX-License-Identifier: GPL-2.0
/*
 * `as: ref`: a phandle to the node whose label the `label:` template names,
 * {n} = the field's value (`label: "i2c{n}"`: `.i2c_bus_num = 3` ->
 * `ddc-i2c-bus = <&i2c3>`). Below `skip_below:` (-1: none) nothing; a label
 * the target's .dtsi and this output lack is a TODO, never a dangling
 * reference dtc would reject.
 */
#include "converters.h"

#include "../../kernel/soc_dtsi.h"
#include "../../common/util.h"

struct dt_prop *cv_ref(struct prop_ctx *pc)
{
	const char *label;
	long long below;
	struct dt_prop *p;

	if (pc->v->kind != VAL_INT) {
		pc->reason = "not a number known at build time";
		return NULL;
	}
	if (rn_get_long(pc->rule, "skip_below", &below) && pc->v->ival < below)
		return NULL;
	label = n_template(pc->c->a, rn_str(pc->rule, "label"), (long)pc->v->ival);
	if (!label) {
		pc->reason = "the rule's label: has no {n}";
		return NULL;
	}
	if (pc->c->opt->dtsi && !soc_dtsi_has_label(pc->c->opt->dtsi, label) &&
	    !dt_node_has_label(pc->c->t->root, label)) {
		pc->reason = arena_printf(pc->c->a, "&%s: no such node in the target's .dtsi", label);
		return NULL;
	}
	p = new_prop(pc);
	dt_chunk_add_ref(pc->c->t, dt_prop_add_cells(pc->c->t, p), label);
	return p;
}
