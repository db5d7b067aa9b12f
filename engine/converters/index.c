// SPDX-License-Identifier: GPL-2.0
/* reg = <array position> (LED controllers number their outputs by index). */
#include "converters.h"

#include "../../common/util.h"

struct dt_prop *cv_index(struct prop_ctx *pc)
{
	struct dt_prop *p = new_prop(pc);

	dt_chunk_add_u32(pc->c->t, dt_prop_add_cells(pc->c->t, p), (uint32_t)pc->list->index);
	return p;
}
