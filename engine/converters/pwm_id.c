// SPDX-License-Identifier: GPL-2.0
/*
 * `as: pwm_id`: a PWM named by its legacy global number (2.6.x - 3.x
 * platform_pwm_backlight_data: `.pwm_id = 0, .pwm_period_ns = 78770`), the
 * number pwm_request() took before PWM lookup tables. The SoC pack's
 * `pwm_ids:` lists the controllers' register addresses in that numbering
 * (PXA27x: 0 is 0x40b00000, 1 is 0x40c00000, 2 and 3 their second channels
 * at +0x10); the node at that address in the target's .dtsi and its
 * #pwm-cells give `pwms = <&pwm0 78770>` (1 cell: the period; 2: channel 0,
 * period; 3: channel 0, period, no flags). `period:` names the field of
 * the period in ns. No pack entry, no node or no period: a TODO.
 */
#include "converters.h"

#include "../../common/util.h"
#include "../../kernel/soc_dtsi.h"

struct dt_prop *cv_pwm_id(struct prop_ctx *pc)
{
	struct conv *c = pc->c;
	const struct rnode *ids = rn_get(c->soc, "pwm_ids");
	const struct value *period = rn_str(pc->rule, "period")
				     ? conv_field(c, pc->list, rn_str(pc->rule, "period")) : NULL;
	long long addr = -1;
	const char *label = NULL;
	int cells = -1;
	struct dt_prop *p;
	struct dt_chunk *ch;

	if (pc->v->kind == VAL_INT && pc->v->ival >= 0 && ids && (size_t)pc->v->ival < ids->n)
		rn_long(ids->items[pc->v->ival], &addr);
	if (addr >= 0 && c->opt && c->opt->dtsi)
		label = soc_dtsi_label_at(c->opt->dtsi, (uint64_t)addr);
	if (label)
		cells = soc_dtsi_cells(c->opt->dtsi, label, "#pwm-cells");
	if (!label || cells < 1 || cells > 3) {
		pc->reason = arena_printf(c->a, "PWM %s: %s", pc->v->spelling ? pc->v->spelling : "?",
					  addr < 0 ? "the SoC pack's pwm_ids: does not number it"
					  : "no PWM node of the target's .dtsi at its address");
		return NULL;
	}
	if (!period || period->kind != VAL_INT) {
		pc->reason = "PWM period not known at build time: write pwms by hand";
		return NULL;
	}
	p = new_prop(pc);
	ch = dt_prop_add_cells(c->t, p);
	dt_chunk_add_ref(c->t, ch, label);
	if (cells >= 2)
		dt_chunk_add_u32(c->t, ch, 0);
	dt_chunk_add_u32(c->t, ch, (uint32_t)period->ival);
	if (cells == 3)
		dt_chunk_add_u32(c->t, ch, 0);
	p->origin = arena_printf(c->a, "PWM %lld (0x%llx), period %s", pc->v->ival, addr,
				 period->spelling ? period->spelling : "?");
	return p;
}
