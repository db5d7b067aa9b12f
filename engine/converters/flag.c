// SPDX-License-Identifier: GPL-2.0
/* `as: flag` */
#include "converters.h"

#include "../../common/util.h"

struct dt_prop *cv_flag(struct prop_ctx *pc)
{
	long long mask = 0;

	rn_get_long(pc->rule, "mask", &mask);
	if (pc->v->kind != VAL_INT || !(pc->v->ival & mask))
		return NULL;
	return new_prop(pc);
}
