// SPDX-License-Identifier: GPL-2.0
/* `as: regulator` */
#include "converters.h"

#include "../../common/util.h"

/*
 * An array of pointers written in place in the platform data
 * (tps65910_board .tps65910_pmic_init_data[TPS65910_REG_VDD1] = &vdd1):
 * the init data element i points to goes to the .dtsi regulator labels[i].
 * A pointer to nothing the file defines is a TODO of its own.
 */
static struct dt_prop *in_place(struct prop_ctx *pc, const struct rnode *labels)
{
	for (size_t i = 0; i < pc->v->nkids; i++) {
		const struct value *k = pc->v->kids[i];
		const struct variable *var;

		if (value_is_zero(k))
			continue;
		var = conv_deref(pc->c, k);
		if (k->index < 0 || (size_t)k->index >= labels->n || !var || !var->init) {
			dt_node_add_todo(pc->c->t, pc->node, &k->pos, k->spelling ? k->spelling : "?",
					 (size_t)k->index < labels->n
					 ? "regulator data not found"
					 : "no regulator of the .dtsi at this index");
			continue;
		}
		conv_mark_var(pc->c, var->name);
		conv_regulator(pc->c, NULL, var->init, labels->items[k->index]->scalar, var->name);
	}
	return NULL;
}

struct dt_prop *cv_regulator(struct prop_ctx *pc)
{
	const struct rnode *labels = rn_get(pc->rule, "labels");
	const struct variable *var;
	const char *label = rn_str(pc->rule, "label");

	if (labels && pc->v->kind == VAL_LIST && pc->v->is_array)
		return in_place(pc, labels);
	var = pointee(pc);
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
