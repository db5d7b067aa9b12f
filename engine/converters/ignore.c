// SPDX-License-Identifier: GPL-2.0
/* `as: ignore` */
#include "converters.h"

#include "../../common/util.h"

struct dt_prop *cv_ignore(struct prop_ctx *pc)
{
	return NULL;
}
