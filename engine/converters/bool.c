// SPDX-License-Identifier: GPL-2.0
/* `as: bool` */
#include "converters.h"

#include "../../common/util.h"

struct dt_prop *cv_bool(struct prop_ctx *pc)
{
	return value_is_zero(pc->v) ? NULL : new_prop(pc);
}
