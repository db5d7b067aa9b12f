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
	long long out, dflt, bits;
	struct dt_prop *p;

	if (rule_map_long(pc, "map", &out)) {
		if (rn_get_long(pc->rule, "default", &dflt) && out == dflt)
			return NULL;
		p = new_prop(pc);
		struct dt_chunk *ch = dt_prop_add_cells(pc->c->t, p);

		if (rn_get_long(pc->rule, "bits", &bits))
			ch->bits = (unsigned)bits;
		dt_chunk_add_u32(pc->c->t, ch, (uint32_t)out);
		return p;
	}
	if (rn_str(pc->rule, "otherwise"))
		pc->reason = rn_str(pc->rule, "otherwise");
	else if (pc->v && pc->v->kind != VAL_INT)	/* a macro of a header the tree lacks */
		pc->reason = "value not known here, and its name is not in the rule's map";
	else
		pc->reason = "value has no device tree equivalent in the rule";
	return NULL;
}
