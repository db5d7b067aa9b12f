// SPDX-License-Identifier: GPL-2.0
/* `as: gpio` */
#include "converters.h"

#include "../../common/util.h"

#include <string.h>

/*
 * `open_drain: true`: a line the binding wants flagged open drain (i2c-gpio's
 * sda-gpios/scl-gpios: "by definition open drain"): the flags cell becomes
 * (GPIO_ACTIVE_x|GPIO_OPEN_DRAIN).
 */
static void open_drain(struct prop_ctx *pc, struct dt_chunk *ch)
{
	struct dt_cell *flags = ch->ncells ? &ch->cells[ch->ncells - 1] : NULL;

	if (!str_eq(rn_str(pc->rule, "open_drain"), "true") || !flags || !flags->text ||
	    strncmp(flags->text, "GPIO_ACTIVE_", 12))
		return;
	flags->text = arena_printf(pc->c->a, "(%s|GPIO_OPEN_DRAIN)", flags->text);
	flags->val |= 6;	/* GPIO_SINGLE_ENDED | GPIO_LINE_OPEN_DRAIN */
}

struct dt_prop *cv_gpio(struct prop_ctx *pc)
{
	long long below;
	struct dt_prop *p;
	struct dt_chunk *ch;

	if (rn_get_long(pc->rule, "skip_below", &below) && pc->v->kind == VAL_INT &&
	    pc->v->ival < below)
		return NULL;
	/* a negative number is no line (gpio_is_valid() is false: `.wp_gpio = -EINVAL`) */
	if (pc->v->kind == VAL_INT && pc->v->ival < 0)
		return NULL;
	p = new_prop(pc);
	ch = dt_prop_add_cells(pc->c->t, p);
	if (conv_gpio_cells(pc->c, pc->v, ch, is_active_low(pc))) {
		open_drain(pc, ch);
		return p;
	}
	dt_prop_del(pc->node, rn_str(pc->rule, "prop"));
	if (pc->v->kind == VAL_INT && pc->v->ival >= 0xfffff001LL && pc->v->ival <= 0xffffffffLL)
		/* -EINVAL in an unsigned field: no line (yet) */
		pc->reason = arena_printf(pc->c->a, "GPIO %lld, an error code in an unsigned field: "
					  "no line (a placeholder the board replaces, or none)",
					  pc->v->ival - 0x100000000LL);
	else
		pc->reason = pc->v->kind == VAL_INT
			? arena_printf(pc->c->a, "GPIO %lld: no controller provides it", pc->v->ival)
			: "GPIO number not known at build time";
	return NULL;
}
