// SPDX-License-Identifier: GPL-2.0
/*
 * `as: flag`: an empty property when `field & mask` (with `string: S`, the
 * string S). Without `prop:` the
 * entry only says the bits of its mask are read (`note:` says what they
 * mean: AT24_FLAG_ADDR16, which the compatible implies). A value not known
 * at build time is a TODO: which bits it sets cannot be told.
 */
#include "converters.h"

#include "../../common/util.h"

struct dt_prop *cv_flag(struct prop_ctx *pc)
{
	long long mask = 0;
	struct dt_prop *p;

	rn_get_long(pc->rule, "mask", &mask);
	if (pc->v->kind != VAL_INT) {
		pc->reason = arena_printf(pc->c->a, "flags %s: value not known at build time, so "
					  "which bits it sets cannot be told", pc->v->spelling ?
					  pc->v->spelling : "?");
		return NULL;
	}
	if (!(pc->v->ival & mask) || !rn_str(pc->rule, "prop"))
		return NULL;
	p = new_prop(pc);
	/* `string: gpio`: the property says that (TCA6507_MAKE_GPIO: compatible = "gpio") */
	if (rn_str(pc->rule, "string"))
		dt_prop_add_string(pc->c->t, p, rn_str(pc->rule, "string"));
	return p;
}
