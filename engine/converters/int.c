// SPDX-License-Identifier: GPL-2.0
/* `as: int` */
#include "converters.h"

#include <stdlib.h>
#include <string.h>

#include "../../common/util.h"

/*
 * `array: first`: a member that is an array in some kernels (a vendor
 * Tegra's .bus_clk_rate[] = { 400000, 0 }, one rate per bus behind the
 * controller's mux, where mainline has one): its first element, when the
 * others are 0; several set are a TODO listing them.
 */
static struct dt_prop *first_set(struct prop_ctx *pc)
{
	const struct value *l = pc->v;
	struct prop_ctx one = *pc;

	for (size_t i = 1; i < l->nkids; i++)
		if (l->kids[i]->kind != VAL_INT || l->kids[i]->ival) {
			const char *all = "";

			for (size_t k = 0; k < l->nkids; k++)
				all = arena_printf(pc->c->a, "%s%s%s", all, k ? ", " : "",
						   l->kids[k]->spelling ? l->kids[k]->spelling : "?");
			pc->reason = arena_printf(pc->c->a, "one value per bus behind a mux ({ %s }): "
						  "the bus nodes' properties by hand", all);
			return NULL;
		}
	if (!l->nkids || l->kids[0]->kind != VAL_INT) {
		pc->reason = "value not known at build time";
		return NULL;
	}
	one.v = l->kids[0];
	struct dt_prop *p = cv_int(&one);

	pc->reason = one.reason;
	return p;
}

/* A value that is no integer: a list under `array: first`, else a TODO. */
static struct dt_prop *not_int(struct prop_ctx *pc)
{
	if (pc->v->kind == VAL_LIST && str_eq(rn_str(pc->rule, "array"), "first"))
		return first_set(pc);
	pc->reason = pc->v->kind == VAL_LIST ? "a list where the rule reads one value: by hand"
					     : "value not known at build time";
	return NULL;
}

struct dt_prop *cv_int(struct prop_ctx *pc)
{
	const char *macros = rn_str(pc->rule, "macros");
	const struct rnode *before = rn_get(pc->rule, "before"), *after = rn_get(pc->rule, "after");
	long long scale = 1, divide = 1, bits = 0, dflt, cell, recip, mask, shift = 0;
	long long val;
	bool masked;
	struct dt_prop *p;
	struct dt_chunk *ch;

	if (pc->v->kind != VAL_INT)
		return not_int(pc);
	/*
	 * `mask: M` (and `shift: S`): the property is a bit field of the member,
	 * (value >> S) & M (smc91x .flags: reg-io-width = flags & 7, reg-shift
	 * = (flags >> 4) & 3); the bits no rule's mask covers are a TODO
	 * (engine_struct.c).
	 */
	masked = rn_get_long(pc->rule, "mask", &mask);
	rn_get_long(pc->rule, "shift", &shift);
	val = masked ? (pc->v->ival >> shift) & mask : pc->v->ival;
	if (rn_get_long(pc->rule, "default", &dflt) && val == dflt)
		return NULL;
	/*
	 * `reciprocal: N`: the property is N / the field, rounded (a pixel clock
	 * period in ps, fb_videomode's .pixclock, is clock-frequency =
	 * 10^12 / pixclock Hz); a field of 0 is no such value.
	 */
	if (rn_get_long(pc->rule, "reciprocal", &recip) && recip > 0) {
		const char *k = pc->v->spelling;
		char *end;
		long long khz = k && !strncmp(k, "KHZ2PICOS(", 10) ? strtoll(k + 10, &end, 0) : 0;

		/* KHZ2PICOS(4965): the period of 4965 kHz, which the C means (4965000 Hz) */
		if (recip == 1000000000000LL && khz > 0 && str_eq(end, ")")) {
			p = new_prop(pc);
			dt_chunk_add_num(pc->c->t, dt_prop_add_cells(pc->c->t, p), (uint32_t)(khz * 1000), 10);
			return p;
		}
		if (pc->v->ival <= 0) {
			pc->reason = arena_printf(pc->c->a, "%lld: not a period (%s is %lld / it)",
						  pc->v->ival, rn_str(pc->rule, "prop"), recip);
			return NULL;
		}
		p = new_prop(pc);
		dt_chunk_add_num(pc->c->t, dt_prop_add_cells(pc->c->t, p),
				 (uint32_t)((recip + pc->v->ival / 2) / pc->v->ival), 10);
		return p;
	}
	rn_get_long(pc->rule, "scale", &scale);
	/* `divide: N`: a C unit N times the binding's (MUSB .power in mA, DT in 2 mA) */
	if (rn_get_long(pc->rule, "divide", &divide) && divide > 1)
		scale = 0;
	p = new_prop(pc);
	ch = dt_prop_add_cells(pc->c->t, p);
	/* `bits: 16`: a u16 property, `/bits/ 16 <...>` (ti,x-max of ads7846) */
	if (rn_get_long(pc->rule, "bits", &bits))
		ch->bits = (unsigned)bits;
	/* `before: [0]`: constant cells ahead of the value (brightness-levels = <0 max>). */
	for (size_t i = 0; before && i < before->n; i++)
		if (rn_long(before->items[i], &cell))
			dt_chunk_add_u32(pc->c->t, ch, (uint32_t)cell);
	if (scale == 1 && !masked && spelling_matches(pc->v->spelling, macros)) {
		dt_chunk_add_macro(pc->c->t, ch, pc->v->spelling, (uint32_t)val);
		if (rn_str(pc->rule, "include"))
			dt_add_include(pc->c->t, rn_str(pc->rule, "include"));
	} else if (!scale) {
		dt_chunk_add_num(pc->c->t, ch, (uint32_t)(val / divide), 0);
	} else {
		dt_chunk_add_num(pc->c->t, ch, (uint32_t)(val * scale),
				 scale == 1 && !masked ? conv_c_base(pc->v) : 0);
	}
	/* `after: [0, 0xff]`: constant cells after it (a GPMC reg = <cs 0 0xff>) */
	for (size_t i = 0; after && i < after->n; i++)
		if (rn_long(after->items[i], &cell))
			dt_chunk_add_u32(pc->c->t, ch, (uint32_t)cell);
	return p;
}
