// SPDX-License-Identifier: GPL-2.0
/*
 * `as: bool`: an empty property when the field is non-zero; with
 * `invert: true`, when it is zero (twl4030_keypad_data .rep = 0 is
 * linux,input-no-autorepeat).
 */
#include "converters.h"

#include "../../common/util.h"

struct dt_prop *cv_bool(struct prop_ctx *pc)
{
	bool invert = str_eq(rn_str(pc->rule, "invert"), "true");

	if (invert && pc->v->kind != VAL_INT) {
		pc->reason = "value not known at build time";
		return NULL;
	}
	return value_is_zero(pc->v) != invert ? NULL : new_prop(pc);
}
