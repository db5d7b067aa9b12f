// SPDX-License-Identifier: GPL-2.0
/* `register: fixed_regulator`: a fixed voltage regulator. */
#include "registrations.h"

#include "../../common/util.h"

bool reg_fixed_regulator(struct reg_ctx *r)
{
	struct conv *c = r->c;
	const struct variable *sup = conv_deref(c, reg_arg(r, "supplies"));
	const struct value *name = reg_arg(r, "name");
	const struct value *uv = reg_arg(r, "uv");
	struct dt_node *n = dt_node_add(c->t, c->t->root, "regulator", NULL);
	struct dt_prop *p = dt_prop_set(c->t, n, "compatible");

	dt_prop_add_string(c->t, p, "regulator-fixed");
	n->pos = r->call->pos;
	p = dt_prop_set(c->t, n, "regulator-name");
	dt_prop_add_string(c->t, p, name && name->kind == VAL_STRING ? name->text
				    : sup ? sup->name : "fixed");
	p->pos = r->call->pos;
	if (uv && uv->kind == VAL_INT) {
		dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, dt_prop_set(c->t, n, "regulator-min-microvolt")),
				 (uint32_t)uv->ival);
		dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, dt_prop_set(c->t, n, "regulator-max-microvolt")),
				 (uint32_t)uv->ival);
	}
	dt_prop_set(c->t, n, "regulator-always-on")->pos = r->call->pos;
	if (sup) {
		n->label = conv_label(c, sup->name);
		conv_mark_var(c, sup->name);
		for (size_t i = 0; sup->init && i < sup->init->nkids; i++) {
			const struct value *e = sup->init->kids[i];
			struct pending_supply *s = arena_alloc(c->a, sizeof(*s));

			s->supply = value_field_str(e, "supply");
			s->dev_name = value_field_str(e, "dev_name");
			s->reg_label = n->label;
			s->pos = e->pos;
			s->origin = e->spelling;
			s->fact = dt_add_fact(c->t, "field", arena_printf(c->a, "%s[%zu] supply", sup->name, i),
					      &e->pos);
			arena_push(c->a, (void ***)&c->supplies, &c->nsupplies, s);
		}
	}
	reg_converted(r, dt_node_path(c->t, n));
	return true;
}
