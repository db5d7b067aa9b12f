// SPDX-License-Identifier: GPL-2.0
/* `as: value`: a constant cell, or cells (`value: [3, 0, 0x800000]`) */
#include "converters.h"

#include "../../common/util.h"

struct dt_prop *cv_value(struct prop_ctx *pc)
{
	long long v = 0;
	struct dt_prop *p = new_prop(pc);

	const struct rnode *list = rn_get(pc->rule, "value");
	struct dt_chunk *ch = dt_prop_add_cells(pc->c->t, p);

	/* `value: [3, 0, 0x800000]`: several cells (a reg in the parent's cells) */
	if (list && list->kind == RN_SEQ) {
		for (size_t i = 0; i < list->n; i++)
			if (rn_long(list->items[i], &v))
				dt_chunk_add_u32(pc->c->t, ch, (uint32_t)v);
		return p;
	}
	rn_get_long(pc->rule, "value", &v);
	dt_chunk_add_u32(pc->c->t, ch, (uint32_t)v);
	return p;
}
