// SPDX-License-Identifier: GPL-2.0
/*
 * A field's alternatives: values that stores under undecided guards give it
 * (`if (dev == MV88F6282_DEV_ID) data.phy_addr = MV643XX_ETH_PHY_ADDR(0);`,
 * engine_values.c). Each is converted as the chosen value is, on a scratch
 * node, and written beside that value as a comment with its condition; a
 * converter makes no nodes for one (prop_ctx.alt). One that does not convert,
 * or whose chosen value makes no property (.gpio_reset = -EINVAL), is a TODO
 * on the node, never dropped.
 */
#include "engine_int.h"
#include "converters/converters.h"

/* Alternatives from guarded stores, converted the same way, as comments. */
void conv_add_alternatives(struct prop_ctx *pc, struct dt_prop *main, prop_converter fn,
			   const struct field_override *o)
{
	struct dt_node scratch = { .name = "scratch" };

	for (size_t i = 0; o && i < o->nalts; i++) {
		struct prop_ctx alt = *pc;
		struct dt_prop *p;

		if (!main) {	/* the chosen value makes no property: nothing to stand beside */
			dt_node_add_todo(pc->c->t, pc->node, &o->alts[i]->pos, o->alts[i]->spelling,
					 arena_printf(pc->c->a, "alternative if %s, where the value "
						      "otherwise written makes no property: add it by "
						      "hand if so", o->alt_conds[i]));
			continue;
		}

		alt.node = &scratch;
		alt.v = o->alts[i];
		alt.alt = true;
		alt.reason = "not converted";
		if (!(p = fn(&alt))) {	/* not lost: the alternative as a TODO */
			dt_node_add_todo(pc->c->t, pc->node, &o->alts[i]->pos, o->alts[i]->spelling,
					 arena_printf(pc->c->a, "alternative if %s: %s",
						      o->alt_conds[i], alt.reason));
			continue;
		}
		p->pos = o->alts[i]->pos;
		p->origin = o->alts[i]->spelling;
		p->condition = o->alt_conds[i];
		arena_push(pc->c->a, (void ***)&main->alts, &main->nalts, p);
	}
	if (o && main && o->condition)
		main->condition = o->condition;
}
