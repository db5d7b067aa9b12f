// SPDX-License-Identifier: GPL-2.0
/*
 * `as: phy_each`: an array of per-port PHY reset GPIOs written in place
 * (OMAP usbhs `.reset_gpio_port[1] = 147`, -EINVAL for a port without one)
 * -> one PHY node per port that has a line, at the root, as upstream OMAP
 * boards describe them:
 *
 *	hsusb2_phy: hsusb2_phy {
 *		compatible = "usb-nop-xceiv";
 *		reset-gpios = <&gpio5 19 GPIO_ACTIVE_LOW>;
 *		#phy-cells = <0>;
 *	};
 *
 * and `phys = <0 &hsusb2_phy>` (one cell per port up to the last with a
 * PHY, 0 for none) on the overlay `target:` names (&usbhsehci). `node:` is the
 * name and label template ({n}: port index + 1), `compatible:` the PHY's,
 * `gpio_prop:` the line's property; `active_low: true` when the legacy
 * driver held the line low to reset (ehci-omap.c). Elements below
 * `skip_below:` have no line. A line no controller provides makes the
 * whole property a TODO (a hole would shift the ports).
 */
#include "converters.h"

#include <string.h>

#include "../../common/util.h"

/* The PHY node of port n (made once), or NULL with pc->reason. */
static struct dt_node *port_phy(struct prop_ctx *pc, const struct value *e, long n)
{
	const char *name = n_template(pc->c->a, rn_str(pc->rule, "node"), n);
	struct dt_node *phy;
	struct dt_prop *p;
	struct dt_chunk *ch, line = { 0 };

	if (!name) {
		pc->reason = "the rule's node: has no {n}";
		return NULL;
	}
	if ((phy = dt_child(pc->c->t->root, name, NULL)))
		return phy;
	if (!conv_gpio_cells(pc->c, e, &line, str_eq(rn_str(pc->rule, "active_low"), "true"))) {
		pc->reason = e->kind == VAL_INT
			? arena_printf(pc->c->a, "GPIO %lld: no controller provides it", e->ival)
			: "GPIO number not known at build time";
		return NULL;
	}
	phy = dt_node_add(pc->c->t, pc->c->t->root, name, NULL);
	phy->label = name;
	phy->pos = e->pos;
	phy->origin = conv_origin(pc->c, e);
	p = dt_prop_set(pc->c->t, phy, "compatible");
	dt_prop_add_string(pc->c->t, p, rn_str(pc->rule, "compatible"));
	p->pos = e->pos;
	p = dt_prop_set(pc->c->t, phy, rn_str(pc->rule, "gpio_prop") ? rn_str(pc->rule, "gpio_prop")
							   : "reset-gpios");
	ch = dt_prop_add_cells(pc->c->t, p);
	ch->cells = line.cells;	/* the cells the resolver made, in the tree's arena */
	ch->ncells = line.ncells;
	p->pos = e->pos;
	p->origin = conv_origin(pc->c, e);
	p->condition = conv_grown_condition(pc->c, e);	/* a guarded store's line */
	p = dt_prop_set(pc->c->t, phy, "#phy-cells");
	dt_chunk_add_u32(pc->c->t, dt_prop_add_cells(pc->c->t, p), 0);
	p->pos = e->pos;
	return phy;
}

struct dt_prop *cv_phy_each(struct prop_ctx *pc)
{
	const struct value *v = pc->v;
	const char *on = rn_str(pc->rule, "target");
	long long below = 0;
	long last = -1;
	const struct dt_node *phys[16] = { 0 };
	struct dt_node *target;
	struct dt_prop *p;
	struct dt_chunk *ch;

	if (v->kind != VAL_LIST) {
		pc->reason = "not an array written in place";
		return NULL;
	}
	rn_get_long(pc->rule, "skip_below", &below);
	for (size_t i = 0; i < v->nkids; i++) {
		const struct value *e = v->kids[i];
		long idx = e->index >= 0 ? (long)e->index : (long)i;

		if (e->kind == VAL_INT && e->ival < below)
			continue;
		if (idx >= 16) {
			pc->reason = "more than 16 ports";
			return NULL;
		}
		if (!(phys[idx] = port_phy(pc, e, idx + 1)))
			return NULL;
		if (idx > last)
			last = idx;
	}
	if (last < 0)
		return NULL;	/* no port has a line: nothing to say */
	target = on ? dt_overlay(pc->c->t, on) : pc->node;	/* the call rule enables it */
	p = dt_prop_set(pc->c->t, target, rn_str(pc->rule, "prop"));
	ch = dt_prop_add_cells(pc->c->t, p);
	for (long i = 0; i <= last; i++) {
		if (phys[i])
			dt_chunk_add_ref(pc->c->t, ch, phys[i]->label);
		else
			dt_chunk_add_u32(pc->c->t, ch, 0);
	}
	p->pos = v->pos;
	p->origin = conv_origin(pc->c, v);
	return p;
}
