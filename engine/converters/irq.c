// SPDX-License-Identifier: GPL-2.0
/* An interrupt number field -> interrupts(-extended), through the one IRQ resolver. */
#include "converters.h"

#include "../../common/util.h"

struct dt_prop *cv_irq(struct prop_ctx *pc)
{
	if (conv_add_interrupt(pc->c, pc->node, pc->v, 0))
		return dt_prop_find(pc->node, "interrupts-extended");
	pc->reason = pc->v->kind == VAL_INT
		? arena_printf(pc->c->a, "IRQ %lld: no interrupt controller provides it", pc->v->ival)
		: "IRQ number not known at build time";
	return NULL;
}
