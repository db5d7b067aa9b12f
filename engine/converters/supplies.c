// SPDX-License-Identifier: GPL-2.0
/* `as: supplies` */
#include "converters.h"

#include "../../common/util.h"

struct dt_prop *cv_supplies(struct prop_ctx *pc)
{
	const struct variable *var = pointee(pc);
	struct conv *c = pc->c;

	if (!var || !var->init) {
		pc->reason = "consumer list not found";
		return NULL;
	}
	conv_mark_var(c, var->name);
	if (!pc->node->ref && !pc->node->label)
		pc->node->label = conv_label(c, var->name);
	/* `.consumer_supplies = &one_supply`: the struct itself is the only entry. */
	for (size_t i = 0; i < (var->is_array ? var->init->nkids : 1); i++) {
		const struct value *e = var->is_array ? var->init->kids[i] : var->init;
		struct pending_supply *s = arena_alloc(c->a, sizeof(*s));

		s->var = var->name;
		s->index = var->is_array ? (long)i : -1;
		s->supply = value_field_str(e, "supply");
		s->dev_name = value_field_str(e, "dev_name");
		s->reg_label = pc->node->ref ? pc->node->ref : pc->node->label;
		s->pos = e->pos;
		s->origin = e->spelling;
		s->fact = dt_add_fact(c->t, "field", var->is_array
				? arena_printf(c->a, "%s[%zu] supply %s -> %s", var->name, i,
					       s->supply ? s->supply : "?", s->dev_name ? s->dev_name : "?")
				: arena_printf(c->a, "%s supply %s -> %s", var->name,
					       s->supply ? s->supply : "?", s->dev_name ? s->dev_name : "?"),
				&e->pos);
		arena_push(c->a, (void ***)&c->supplies, &c->nsupplies, s);
	}
	return NULL;
}
