// SPDX-License-Identifier: GPL-2.0
/* An interrupt number field -> interrupts(-extended), through the one IRQ resolver. */
#include "converters.h"

#include "../../common/util.h"

/*
 * -EINVAL and friends in an IRQ field (`.irq = -EINVAL`, or the same value
 * read through an unsigned field: 4294967274) mean "no interrupt": an errno
 * is 1..4095 below zero (MAX_ERRNO).
 */
static bool errno_value(const struct value *v)
{
	long long x = v->ival;

	if (x >= 0x80000000LL && x <= 0xffffffffLL)
		x -= 0x100000000LL;
	return x < 0 && x >= -4095;
}

struct dt_prop *cv_irq(struct prop_ctx *pc)
{
	if (pc->v->kind == VAL_INT && errno_value(pc->v)) {
		pc->reason = NULL;	/* no interrupt: no property, and that is the fact */
		return NULL;
	}
	if (conv_add_interrupt(pc->c, pc->node, pc->v, 0))
		return dt_prop_find(pc->node, "interrupts-extended");
	pc->reason = pc->v->kind == VAL_INT
		? arena_printf(pc->c->a, "IRQ %lld: no interrupt controller provides it", pc->v->ival)
		: "IRQ number not known at build time";
	return NULL;
}
