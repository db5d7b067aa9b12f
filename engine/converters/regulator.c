// SPDX-License-Identifier: GPL-2.0
/* `as: regulator` */
#include "converters.h"

#include "../../common/util.h"

struct dt_prop *cv_regulator(struct prop_ctx *pc)
{
	const struct variable *var = pointee(pc);
	const char *label = rn_str(pc->rule, "label");

	const struct rnode *labels = rn_get(pc->rule, "labels");

	if (!var || !var->init) {
		pc->reason = "regulator data not found";
		return NULL;
	}
	conv_mark_var(pc->c, var->name);
	/* An array of regulator_init_data: entry i goes to the .dtsi regulator labels[i]. */
	if (labels && var->is_array && var->init->kind == VAL_LIST) {
		for (size_t i = 0; i < var->init->nkids && i < labels->n; i++)
			conv_regulator(pc->c, NULL, var->init->kids[i], labels->items[i]->scalar,
				       arena_printf(pc->c->a, "%s[%zu]", var->name, i));
		return NULL;
	}
	conv_regulator(pc->c, label ? NULL : pc->node, var->init, label, var->name);
	return NULL;
}
