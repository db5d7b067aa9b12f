// SPDX-License-Identifier: GPL-2.0
/* `as: gpio` */
#include "converters.h"

#include "../../common/util.h"

struct dt_prop *cv_gpio(struct prop_ctx *pc)
{
	long long below;
	struct dt_prop *p;
	struct dt_chunk *ch;

	if (rn_get_long(pc->rule, "skip_below", &below) && pc->v->kind == VAL_INT &&
	    pc->v->ival < below)
		return NULL;
	p = new_prop(pc);
	ch = dt_prop_add_cells(pc->c->t, p);
	if (conv_gpio_cells(pc->c, pc->v, ch, is_active_low(pc)))
		return p;
	dt_prop_del(pc->node, rn_str(pc->rule, "prop"));
	pc->reason = pc->v->kind == VAL_INT
		? arena_printf(pc->c->a, "GPIO %lld: no controller provides it", pc->v->ival)
		: "GPIO number not known at build time";
	return NULL;
}
