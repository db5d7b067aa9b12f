// SPDX-License-Identifier: GPL-2.0
/*
 * An Ethernet PHY address (mv643xx_eth .phy_addr = MV643XX_ETH_PHY_ADDR(8)):
 * `ethernet-phy@8 { reg = <8>; }` under the MDIO bus label `bus:`, and this
 * property (phy-handle) pointing at it. `mask:` keeps the address bits,
 * `none:` is the "no PHY" value (a fixed link, left as a TODO).
 */
#include "converters.h"

#include "../../common/util.h"

struct dt_prop *cv_phy(struct prop_ctx *pc)
{
	long long mask = 0x1f, none = -1, addr;
	const char *bus = rn_str(pc->rule, "bus");
	struct dt_node *mdio, *phy;
	struct dt_prop *p;
	const char *unit, *label;

	if (pc->v->kind != VAL_INT) {
		pc->reason = "PHY address not known at build time";
		return NULL;
	}
	rn_get_long(pc->rule, "mask", &mask);
	rn_get_long(pc->rule, "none", &none);
	if (pc->v->ival == none || pc->v->ival < 0 || !bus) {
		pc->reason = "no PHY: describe the link with a fixed-link subnode (speed, full-duplex)";
		return NULL;
	}
	addr = pc->v->ival & mask;
	unit = arena_printf(pc->c->a, "%llx", addr);
	label = arena_printf(pc->c->a, "ethphy%lld", addr);
	mdio = conv_enable(pc->c, bus, &pc->v->pos, conv_origin(pc->c, pc->v));
	phy = dt_child(mdio, "ethernet-phy", unit);
	if (!phy) {
		phy = dt_node_add(pc->c->t, mdio, "ethernet-phy", unit);
		phy->label = label;
		phy->pos = pc->v->pos;
		p = dt_prop_set(pc->c->t, phy, "reg");
		dt_chunk_add_u32(pc->c->t, dt_prop_add_cells(pc->c->t, p), (uint32_t)addr);
		p->pos = pc->v->pos;
		p->origin = conv_origin(pc->c, pc->v);
	}
	p = new_prop(pc);
	dt_chunk_add_ref(pc->c->t, dt_prop_add_cells(pc->c->t, p), phy->label ? phy->label : label);
	return p;
}
