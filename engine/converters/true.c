// SPDX-License-Identifier: GPL-2.0
/* `as: true` */
#include "converters.h"

#include "../../common/util.h"

struct dt_prop *cv_true(struct prop_ctx *pc)
{
	return new_prop(pc);
}
