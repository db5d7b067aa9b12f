// SPDX-License-Identifier: GPL-2.0
/*
 * A board's USB transceiver (a `usb_phy:` platform device rule: "gpio-vbus",
 * drivers/usb/phy/phy-gpio-vbus-usb.c) and the SoC controller that took it.
 * Legacy kernels had one global USB2 transceiver: the board registered it,
 * the SoC's gadget controller found it with usb_get_phy(USB_PHY_TYPE_USB2).
 * In DT the controller names its PHY by phandle (6.1 pxa27x_udc.c:
 * devm_usb_get_phy_by_phandle(dev, "phys", 0)), so the SoC pack says which
 * node that is:
 *
 *	usb_phy_user: {label: pxa27x_udc, prop: phys, requires: [...]}
 *
 * The transceiver becomes a labelled PHY node (`#phy-cells = <0>`) and the
 * controller's `phys` points to it. Without such a controller in the target
 * (PXA25x: pxa25x_udc.c has no DT support) the node stays a draft, its facts
 * TODOs. The controller's own `requires:` are checked once the machine is
 * converted (what its DT probe fails without: engine_leftovers.c).
 */
#include <string.h>

#include "engine_int.h"

#include "../common/util.h"
#include "../kernel/soc_dtsi.h"

/* The SoC pack's `usb_phy_user:` entry when its label is usable in the target, else NULL. */
static const struct rnode *phy_user_rule(struct conv *c)
{
	const struct rnode *u = rn_get(c->soc, "usb_phy_user");
	const char *label = rn_str(u, "label");

	return label && conv_label_usable(c, label) ? u : NULL;
}

struct dt_node *conv_usb_phy_user(struct conv *c)
{
	const struct rnode *u = phy_user_rule(c);

	return u ? dt_overlay(c->t, rn_str(u, "label")) : NULL;
}

/* A label for the PHY node named name, unused in the tree. */
static const char *phy_label(struct conv *c, const char *name)
{
	const char *base = conv_label(c, name), *l = base;

	for (int i = 1; dt_node_has_label(c->t->root, l) ||
			(c->opt && c->opt->dtsi && soc_dtsi_has_label(c->opt->dtsi, l)); i++)
		l = arena_printf(c->a, "%s%d", base, i);
	return l;
}

bool conv_usb_phy(struct conv *c, struct dt_node *n, const struct rnode *rule, const char *name)
{
	const struct rnode *u = phy_user_rule(c);
	const char *origin = arena_printf(c->a, ".name = \"%s\"", name ? name : "");
	struct dt_node *user;
	struct dt_prop *p;
	const char *prop;

	if (!u) {
		/* a draft keeps the device's name: `usb-phy` would be a PHY
		 * provider's node name (phy-provider.yaml wants #phy-cells) */
		if (name && *name && strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789,._+-") ==
				     strlen(name))
			n->name = arena_strdup(c->a, name);
		dt_prop_del(n, "compatible");
		dt_node_add_todo(c->t, n, &n->pos, origin, arena_printf(c->a, "%s", rn_str(rule, "usb_phy")));
		arena_push(c->a, (void ***)&c->unbound, &c->nunbound, n);	/* a draft */
		return false;
	}
	n->label = phy_label(c, n->name);
	p = dt_prop_set(c->t, n, "#phy-cells");
	dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, p), 0);
	p->pos = n->pos;
	p->origin = arena_printf(c->a, "%s: a USB PHY", origin);
	prop = rn_str(u, "prop") ? rn_str(u, "prop") : "phys";
	user = conv_enable(c, rn_str(u, "label"), &n->pos,
			   arena_printf(c->a, "%s: the USB transceiver of this controller", origin));
	if (dt_prop_find(user, prop)) {
		dt_node_add_todo(c->t, user, &n->pos, origin,
				 arena_printf(c->a, "a second USB transceiver (%s): %s names one PHY, "
					      "choose it by hand", n->label, prop));
	} else {
		p = dt_prop_set(c->t, user, prop);
		dt_chunk_add_ref(c->t, dt_prop_add_cells(c->t, p), n->label);
		p->pos = n->pos;
		p->origin = arena_printf(c->a, "%s: its USB transceiver", origin);
	}
	conv_set_role(c, "usb_phy_user", user);	/* `on: usb_phy_user` of its data's rule */
	return true;
}

/* The controller, enabled, gets its `requires:` checked (engine_leftovers.c). */
void conv_usb_phy_requires(struct conv *c)
{
	const struct rnode *u = phy_user_rule(c);

	for (size_t i = 0; u && i < c->t->noverlays; i++) {
		struct dt_node *ov = c->t->overlays[i];
		const struct dt_prop *st = dt_prop_find(ov, "status");

		if (str_eq(ov->ref, rn_str(u, "label")) && st && st->nchunks &&
		    str_eq(st->chunks[0]->str, "okay"))
			conv_note_requires(c, ov, u);
	}
}
