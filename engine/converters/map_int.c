// SPDX-License-Identifier: GPL-2.0
/* One cell looked up in `map: {C value: DT value}`; `default:` is omitted. */
#include "converters.h"

#include "../../common/util.h"

struct dt_prop *cv_map_int(struct prop_ctx *pc)
{
	const struct rnode *map = rn_get(pc->rule, "map");
	long long key, out, dflt;
	struct dt_prop *p;

	for (size_t i = 0; map && pc->v->kind == VAL_INT && i < map->n; i++) {
		struct rnode k = { .kind = RN_SCALAR, .scalar = map->keys[i] };

		if (!rn_long(&k, &key) || key != pc->v->ival || !rn_long(map->items[i], &out))
			continue;
		if (rn_get_long(pc->rule, "default", &dflt) && out == dflt)
			return NULL;
		p = new_prop(pc);
		dt_chunk_add_u32(pc->c->t, dt_prop_add_cells(pc->c->t, p), (uint32_t)out);
		return p;
	}
	pc->reason = rn_str(pc->rule, "otherwise") ? rn_str(pc->rule, "otherwise")
						     : "value has no device tree equivalent in the rule";
	return NULL;
}
