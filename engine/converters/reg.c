// SPDX-License-Identifier: GPL-2.0
/*
 * A physical base address field (.mapbase) -> reg = <base size>, size
 * `size:` shifted left by the field named `size_shift:` (register stride).
 * A node whose MEM resource already gave it a reg keeps that one.
 */
#include "converters.h"

#include "../../common/util.h"

struct dt_prop *cv_reg(struct prop_ctx *pc)
{
	long long size = 0, shift = 0;
	const struct value *sh = conv_field(pc->c, pc->list, rn_str(pc->rule, "size_shift"));
	struct dt_chunk *ch;
	struct dt_prop *p;

	if (dt_prop_find(pc->node, "reg"))
		return NULL;
	if (pc->v->kind != VAL_INT || !rn_get_long(pc->rule, "size", &size)) {
		pc->reason = "address not known at build time";
		return NULL;
	}
	if (sh && sh->kind == VAL_INT && sh->ival > 0 && sh->ival < 8)
		shift = sh->ival;
	p = new_prop(pc);
	ch = dt_prop_add_cells(pc->c->t, p);
	dt_chunk_add_num(pc->c->t, ch, (uint32_t)pc->v->ival, conv_c_base(pc->v));
	dt_chunk_add_u32(pc->c->t, ch, (uint32_t)(size << shift));
	if (!pc->node->unit)
		pc->node->unit = arena_printf(pc->c->a, "%llx", pc->v->ival);
	return p;
}
