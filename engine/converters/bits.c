// SPDX-License-Identifier: GPL-2.0
/* `as: bits` */
#include "converters.h"

#include "../../common/util.h"

struct dt_prop *cv_bits(struct prop_ctx *pc)
{
	const struct rnode *map = rn_get(pc->rule, "map");
	long long out = 0, mask, n;
	struct dt_prop *p;

	if (pc->v && pc->v->kind != VAL_INT) {	/* a board check's result: no default stands for it */
		pc->reason = "value not known at build time";
		return NULL;
	}
	/* No `default:`: no property unless a mask matches. */
	if (!rn_get_long(pc->rule, "default", &out))
		out = -1;
	for (size_t i = 0; map && pc->v && i < map->n; i++) {
		struct rnode key = { .kind = RN_SCALAR, .scalar = map->keys[i] };

		if (rn_long(&key, &mask) && (pc->v->ival & mask) && rn_long(map->items[i], &n))
			out = n;
	}
	if (out < 0)
		return NULL;
	p = new_prop(pc);
	dt_chunk_add_u32(pc->c->t, dt_prop_add_cells(pc->c->t, p), (uint32_t)out);
	return p;
}
