// SPDX-License-Identifier: GPL-2.0
/* `as: value`: a constant cell, cells (`value: [3, 0, 0x800000]`), string or phandle (`"&mcpdm"`) */
#include "converters.h"

#include "../../common/util.h"

struct dt_prop *cv_value(struct prop_ctx *pc)
{
	const struct rnode *val = rn_get(pc->rule, "value");
	struct dt_prop *p = new_prop(pc);
	long long v = 0;

	/* `value: "&mcpdm"`: a phandle of a node the SoC .dtsi or this output
	 * labels (a sound card's ti,mcpdm); an undefined label is the
	 * reference check's TODO */
	if (val && val->kind == RN_SCALAR && val->scalar && val->scalar[0] == '&' && val->scalar[1]) {
		dt_chunk_add_ref(pc->c->t, dt_prop_add_cells(pc->c->t, p), val->scalar + 1);
		if (!p->pos.line && pc->list)
			p->pos = pc->list->pos;
		if (rn_str(pc->rule, "note"))
			p->origin = rn_str(pc->rule, "note");
		return p;
	}
	/* `value: "ti,twl4030-audio"`: a string (the compatible of a child node) */
	if (val && val->kind == RN_SCALAR && !rn_long(val, &v)) {
		dt_prop_add_string(pc->c->t, p, val->scalar);
		return p;
	}
	struct dt_chunk *ch = dt_prop_add_cells(pc->c->t, p);

	/* `value: [3, 0, 0x800000]`: several cells (a reg in the parent's cells) */
	for (size_t i = 0; val && val->kind == RN_SEQ && i < val->n; i++)
		if (rn_long(val->items[i], &v))
			dt_chunk_add_u32(pc->c->t, ch, (uint32_t)v);
	if (!val || val->kind != RN_SEQ)
		dt_chunk_add_u32(pc->c->t, ch, (uint32_t)v);
	return p;
}
