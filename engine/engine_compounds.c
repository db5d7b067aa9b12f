// SPDX-License-Identifier: GPL-2.0
/*
 * The compound assignments of the functions the machine runs
 * (extractor/compound_store.c: `*IXP4XX_EXP_CS0 |= IXP4XX_FLASH_WRITABLE`,
 * `PCFR |= PCFR_OPDE`, `pdata.flags |= X`): no rule applies one to a value,
 * so each is a fact and a TODO, as a plain store no rule takes is; under a
 * guard nothing decides it says when; under a false one it is "not taken".
 * Those of functions the machine never runs (an LED callback, an IRQ
 * handler) are no board facts.
 */
#include "engine_int.h"

#include "../common/util.h"

void conv_account_compounds(struct conv *c)
{
	for (size_t i = 0; i < c->nreach; i++)
		for (size_t k = 0; k < c->reach[i]->ncompounds; k++) {
			const struct store *s = c->reach[i]->compounds[k];
			int state = conv_guard_state(c, s->guards, s->nguards);
			struct fact *f = dt_add_fact(c->t, "store", s->spelling, &s->pos);

			if (state == 0) {
				conv_not_taken(c, f, s->guards, s->nguards, &s->pos);
				continue;
			}
			f->fate = FACT_TODO;
			f->reason = arena_printf(c->a, "a compound assignment (%s): no rule applies it "
						 "to a value; write what it sets by hand%s%s",
						 s->op ? s->op : "?=", state < 0 ? "; only when " : "",
						 state < 0 ? conv_guard_text(c, s->guards, s->nguards) : "");
			dt_node_add_todo(c->t, NULL, &s->pos, s->spelling, f->reason);
		}
}
