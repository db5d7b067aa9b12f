// SPDX-License-Identifier: GPL-2.0
/*
 * `as: irq_trigger`: the trigger of the node's interrupt when its IRQ
 * resource gave none (IRQ_TYPE_NONE: a plain IORESOURCE_IRQ, or an IRQ the
 * machine stored at run time), taken from a platform-data field that says
 * how the chip drives its line. An SMSC911x's `.irq_polarity` 0 (active
 * low) is a level-low line, as upstream boards write it:
 *
 *   {field: irq_polarity, as: irq_trigger, map: {"0": 8, "1": 4}}
 *
 * `map:` C value -> dt-bindings IRQ_TYPE_* number; 0: the value names no
 * trigger (IRQF_SHARED), nothing to set. No property of its own; an
 * interrupt whose resource named a trigger keeps it.
 */
#include "converters.h"

#include "../../common/util.h"

static const char *type_name(long long t)
{
	switch (t) {
	case 1: return "IRQ_TYPE_EDGE_RISING";
	case 2: return "IRQ_TYPE_EDGE_FALLING";
	case 3: return "IRQ_TYPE_EDGE_BOTH";
	case 4: return "IRQ_TYPE_LEVEL_HIGH";
	case 8: return "IRQ_TYPE_LEVEL_LOW";
	default: return NULL;
	}
}

/* Set each IRQ_TYPE_NONE cell of p to the trigger; how many. */
static int set_none(struct dt_prop *p, long long type, const char *name)
{
	int n = 0;

	for (size_t i = 0; p && i < p->nchunks; i++)
		for (size_t k = 0; k < p->chunks[i]->ncells; k++) {
			struct dt_cell *cell = &p->chunks[i]->cells[k];

			if (cell->kind == CELL_MACRO && str_eq(cell->text, "IRQ_TYPE_NONE")) {
				cell->text = name;
				cell->val = (uint32_t)type;
				n++;
			}
		}
	return n;
}

struct dt_prop *cv_irq_trigger(struct prop_ctx *pc)
{
	long long type;
	const char *name;

	if (rule_map_long(pc, "map", &type) && type == 0)
		return NULL;	/* no trigger in it (IRQF_SHARED): nothing to set */
	if (!rule_map_long(pc, "map", &type) || !(name = type_name(type))) {
		pc->reason = "no trigger in the rule's map: for this value; the interrupt's trigger by hand";
		return NULL;
	}
	for (int i = 0; i < 2; i++) {
		struct dt_prop *p = dt_prop_find(pc->node, i ? "interrupts-extended" : "interrupts");

		if (set_none(p, type, name))
			p->origin = arena_printf(pc->c->a, "%s; %s from .%s = %s", p->origin ? p->origin : "",
						 name, pc->v->field ? pc->v->field : "?",
						 pc->v->spelling ? pc->v->spelling : "?");
	}
	return NULL;
}
