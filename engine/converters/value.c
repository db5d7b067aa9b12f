// SPDX-License-Identifier: GPL-2.0
/* `as: value` */
#include "converters.h"

#include "../../common/util.h"

struct dt_prop *cv_value(struct prop_ctx *pc)
{
	long long v = 0;
	struct dt_prop *p = new_prop(pc);

	rn_get_long(pc->rule, "value", &v);
	dt_chunk_add_u32(pc->c->t, dt_prop_add_cells(pc->c->t, p), (uint32_t)v);
	return p;
}
