// SPDX-License-Identifier: GPL-2.0
/* `register: fixed_clock`: a fixed-rate clock. */
#include "registrations.h"

#include "../../common/util.h"

/* s3c64xx_set_xtal_freq(12000000): a fixed-clock oscillator node the SoC clocks use. */
bool reg_fixed_clock(struct reg_ctx *r)
{
	struct conv *c = r->c;
	const struct value *freq = reg_arg(r, "freq");
	const char *label = rn_str(r->reg, "label");
	struct dt_node *n;
	struct dt_prop *p;

	if (!freq || freq->kind != VAL_INT) {
		reg_todo(r, "clock frequency not known at build time");
		return true;
	}
	n = dt_node_add(c->t, c->t->root, "oscillator", NULL);
	n->label = label;
	n->pos = r->call->pos;
	dt_prop_add_string(c->t, dt_prop_set(c->t, n, "compatible"), "fixed-clock");
	p = dt_prop_set(c->t, n, "clock-frequency");
	dt_chunk_add_num(c->t, dt_prop_add_cells(c->t, p), (uint32_t)freq->ival, conv_c_base(freq));
	p->pos = freq->pos;
	p->origin = r->call->spelling;
	dt_prop_add_string(c->t, dt_prop_set(c->t, n, "clock-output-names"), label);
	dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, dt_prop_set(c->t, n, "#clock-cells")), 0);
	reg_converted(r, dt_node_path(c->t, n));
	return true;
}
