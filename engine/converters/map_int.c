// SPDX-License-Identifier: GPL-2.0
/*
 * One cell looked up in `map: {C value: DT value}`, keyed by the number or
 * by the enumerator's name as written (LP5521_CLOCK_EXT, whose header the
 * target no longer has); `default:` is omitted; `bits: 8` writes a u8.
 */
#include "converters.h"

#include "../../common/util.h"

struct dt_prop *cv_map_int(struct prop_ctx *pc)
{
	const struct rnode *map = rn_get(pc->rule, "map");
	long long key, out, dflt, bits;
	struct dt_prop *p;

	for (size_t i = 0; map && i < map->n; i++) {
		struct rnode k = { .kind = RN_SCALAR, .scalar = map->keys[i] };
		bool hit = pc->v->spelling && str_eq(map->keys[i], pc->v->spelling);

		if (!hit && (pc->v->kind != VAL_INT || !rn_long(&k, &key) || key != pc->v->ival))
			continue;
		if (!rn_long(map->items[i], &out))
			continue;
		if (rn_get_long(pc->rule, "default", &dflt) && out == dflt)
			return NULL;
		p = new_prop(pc);
		struct dt_chunk *ch = dt_prop_add_cells(pc->c->t, p);

		if (rn_get_long(pc->rule, "bits", &bits))
			ch->bits = (unsigned)bits;
		dt_chunk_add_u32(pc->c->t, ch, (uint32_t)out);
		return p;
	}
	pc->reason = rn_str(pc->rule, "otherwise") ? rn_str(pc->rule, "otherwise")
						     : "value has no device tree equivalent in the rule";
	return NULL;
}
