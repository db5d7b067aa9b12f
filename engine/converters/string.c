// SPDX-License-Identifier: GPL-2.0
/* `as: string` */
#include "converters.h"

#include "../../common/util.h"

struct dt_prop *cv_string(struct prop_ctx *pc)
{
	struct dt_prop *p;

	if (pc->v->kind != VAL_STRING) {
		pc->reason = "not a string literal";
		return NULL;
	}
	/* `default: none`: the value that means "unset" (LED trigger "none"). */
	if (rn_str(pc->rule, "default") && str_eq(pc->v->text, rn_str(pc->rule, "default")))
		return NULL;
	p = new_prop(pc);
	dt_prop_add_string(pc->c->t, p, pc->v->text);
	return p;
}
