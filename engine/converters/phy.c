// SPDX-License-Identifier: GPL-2.0
/*
 * An Ethernet PHY address (mv643xx_eth .phy_addr = MV643XX_ETH_PHY_ADDR(8)):
 * `ethernet-phy@8 { reg = <8>; }` under the MDIO bus label `bus:`, and this
 * property (phy-handle) pointing at it. `mask:` keeps the address bits,
 * `label:` names the PHY node (default ethphy<addr>; upstream Kirkwood boards
 * label the first port's PHY ethphy0 whatever its address), `none:` is the
 * "no PHY" value: a fixed link, a TODO unless the struct writes the field
 * `link:` names (mv643xx_eth's .speed: the port's own speed/duplex
 * properties then describe the link, no PHY node is needed). An alternative
 * value (a guarded store, written as a comment) makes no node: it says in a
 * TODO which node it would be. A PHY id string ("davinci_mdio-0:01", 3.x
 * DaVinci emac_platform_data .phy_id) gives its address after the ':'.
 * `bus: "."`: the MAC's own node is its MDIO bus (renesas,ether.yaml: the
 * PHY a child of the sh_eth node, 3.x sh_eth_plat_data .phy = 0x1).
 */
#include "converters.h"

#include "../../common/util.h"

#include <stdlib.h>
#include <string.h>

/* A PHY id "davinci_mdio-0:01" (PHY_ID_FMT "%s:%02x"): its address, or -1. */
static long long id_address(const char *id)
{
	const char *colon = id ? strrchr(id, ':') : NULL;
	char *end;
	long long addr = colon && colon[1] ? strtoll(colon + 1, &end, 16) : -1;

	return addr >= 0 && colon && !*end ? addr : -1;
}

struct dt_prop *cv_phy(struct prop_ctx *pc)
{
	long long mask = 0x1f, none = -1, addr;
	const char *bus = rn_str(pc->rule, "bus");
	struct dt_node *mdio, *phy;
	struct dt_prop *p;
	const char *unit, *label;
	long long ival = pc->v->kind == VAL_STRING ? id_address(pc->v->text) : pc->v->ival;

	if (pc->v->kind != VAL_INT && (pc->v->kind != VAL_STRING || ival < 0)) {
		pc->reason = pc->v->kind != VAL_STRING ? "PHY address not known at build time"
			     : !*pc->v->text ? "PHY id \"\": the legacy driver took the first PHY it "
					     "found on the MDIO bus; a device tree names it "
					     "(phy-handle to its ethernet-phy@ADDRESS), by hand"
			     : "PHY id not of the form \"bus:address\"";
		return NULL;
	}
	rn_get_long(pc->rule, "mask", &mask);
	rn_get_long(pc->rule, "none", &none);
	if (ival == none || ival < 0 || !bus) {
		const char *link = rn_str(pc->rule, "link");

		if (!link || !pc->list || !value_field(pc->list, link))
			pc->reason = "no PHY: describe the link with a fixed-link subnode (speed, full-duplex)";
		return NULL;
	}
	addr = ival & mask;
	if (pc->alt) {	/* an alternative makes no node (ts219's MV88F6282 PHY at 0) */
		pc->reason = arena_printf(pc->c->a, "the PHY would be ethernet-phy@%llx under %s%s "
					  "(reg = <%lld>), the phy-handle pointing at it", addr,
					  str_eq(bus, ".") ? "this node" : "&", str_eq(bus, ".") ? "" : bus, addr);
		return NULL;
	}
	unit = arena_printf(pc->c->a, "%llx", addr);
	label = rn_str(pc->rule, "label") ? rn_str(pc->rule, "label")
		: arena_printf(pc->c->a, "ethphy%lld", addr);
	mdio = str_eq(bus, ".") ? pc->node : conv_enable(pc->c, bus, &pc->v->pos, conv_origin(pc->c, pc->v));
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
