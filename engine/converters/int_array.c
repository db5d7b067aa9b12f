// SPDX-License-Identifier: GPL-2.0
/* A pointer to an integer array (u8 serial_dir[]) -> one cell per element, zeros too. */
#include "converters.h"

#include "../../common/util.h"

struct dt_prop *cv_int_array(struct prop_ctx *pc)
{
	const struct variable *var = pointee(pc);
	struct dt_prop *p;
	struct dt_chunk *ch;

	if (!var || !var->init || var->init->kind != VAL_LIST) {
		pc->reason = "array not found in this file";
		return NULL;
	}
	for (size_t i = 0; i < var->init->nkids; i++)
		if (var->init->kids[i]->kind != VAL_INT) {
			pc->reason = "array element not known at build time";
			return NULL;
		}
	conv_mark_var(pc->c, var->name);
	p = new_prop(pc);
	ch = dt_prop_add_cells(pc->c->t, p);
	for (size_t i = 0; i < var->init->nkids; i++)
		dt_chunk_add_num(pc->c->t, ch, (uint32_t)var->init->kids[i]->ival,
				 conv_c_base(var->init->kids[i]));
	return p;
}
