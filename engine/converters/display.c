// SPDX-License-Identifier: GPL-2.0
/*
 * `as: display`: the displays of a display subsystem's board data (OMAP
 * 2.6.3x-3.x `omap_dss_board_info .devices`, an array of pointers to
 * `omap_dss_device`) -> the output chain today's binding describes for
 * each: an encoder and a connector node at the root, linked by port
 * endpoints to the SoC output that drives them (OMAP3 beagle, upstream
 * omap3-beagle.dts):
 *
 *	encoder0: encoder0 {
 *		compatible = "ti,tfp410";
 *		powerdown-gpios = <&gpio6 10 GPIO_ACTIVE_LOW>;
 *		ports { port@0 { reg = <0>; encoder0_in: endpoint {
 *			remote-endpoint = <&dpi_out>; }; }; port@1 { ... }; };
 *	};
 *	connector0: connector0 { compatible = "dvi-connector"; label = "dvi";
 *		digital; port { connector0_in: endpoint { ... }; }; };
 *	&dss { port { dpi_out: endpoint { remote-endpoint = <&encoder0_in>;
 *		data-lines = <24>; }; }; };
 *
 * The rule's `chains:` are tried in order; the first whose `when:` holds
 * (member -> enumerator name, number or string, or a list of them; a dotted
 * member reads a nested struct: `phy.venc.type`) picks `source:` (the SoC
 * output's label), `endpoint:` (its endpoint's label), `endpoint_props:`,
 * `nodes:` (root nodes, first the one next to the source: `name:`/`role:`,
 * {n} = the first number no root node of that name has, so that connectors
 * count connector0, connector1 as upstream names them, and constant
 * properties in DTS syntax) and `struct:`, the rule that reads the device's members: its
 * props' `on: ROLE` put a property on that node (`on: endpoint`: the
 * source's endpoint); the rest go on the first node; /aliases displayN is
 * the chain's last node (the connector) for the board's Nth display, as
 * upstream omap3-devkit8000.dts numbers them. A display no chain
 * takes (an LCD panel) keeps its members as TODOs, with `todo:`.
 */
#include "converters.h"

#include <stdlib.h>
#include <string.h>

#include "../../common/util.h"

/* endpoint { remote-endpoint = <&to>; } under parent (port or port@N), labelled label. */
static struct dt_node *endpoint(struct conv *c, struct dt_node *port, const char *label,
				const char *to, const struct srcpos *pos)
{
	struct dt_node *ep = dt_node_add(c->t, port, "endpoint", NULL);

	ep->label = label;
	ep->pos = *pos;
	dt_chunk_add_ref(c->t, dt_prop_add_cells(c->t, dt_prop_set(c->t, ep, "remote-endpoint")), to);
	return ep;
}

/* port@N { reg = <N>; } under ports */
static struct dt_node *numbered_port(struct conv *c, struct dt_node *ports, unsigned n)
{
	struct dt_node *p = dt_node_add(c->t, ports, "port", arena_printf(c->a, "%u", n));

	dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, dt_prop_set(c->t, p, "reg")), n);
	return p;
}

/* The chain's nodes, linked source -> nodes[0] -> nodes[1]; false with a reason. */
static bool build_chain(struct prop_ctx *pc, const struct rnode *chain, const struct variable *dev,
			struct dt_node **nodes, size_t *count)
{
	struct conv *c = pc->c;
	const struct rnode *list = rn_get(chain, "nodes");
	const char *src_label = rn_str(chain, "source"), *prev;
	struct dt_node *src, *port, *sep;

	if (!src_label || !list || !list->n || list->n > 3) {
		pc->reason = "the chain names no source or no node";
		return false;
	}
	src = conv_enable(c, src_label, &dev->pos, dev->name);
	if (dt_child(src, "port", NULL)) {
		pc->reason = arena_printf(c->a, "a second display on &%s's one output: link it by hand",
					  src_label);
		return false;
	}
	for (size_t i = 0; i < list->n; i++) {
		const struct rnode *e = list->items[i];
		const char *name = rn_str(e, "name"), *numbered;

		/* {n}: the first number no root node of that name has (connector0, connector1) */
		for (long k = 0; (numbered = n_template(c->a, rn_str(e, "name"), k)); k++)
			if (!dt_child(c->t->root, (name = numbered), NULL))
				break;
		nodes[i] = dt_node_add(c->t, c->t->root, name, NULL);
		nodes[i]->label = nodes[i]->name;
		nodes[i]->pos = dev->pos;
		nodes[i]->origin = dev->name;
		conv_layer_props(c, &dev->pos, nodes[i], e, NULL, dev->name);
	}
	*count = list->n;
	/* the source's endpoint, then each node's input and output */
	port = dt_node_add(c->t, src, "port", NULL);
	prev = rn_str(chain, "endpoint") ? rn_str(chain, "endpoint")
		: arena_printf(c->a, "%s_out", src_label);
	sep = endpoint(c, port, prev, arena_printf(c->a, "%s_in", nodes[0]->label), &dev->pos);
	conv_layer_props(c, &dev->pos, sep, rn_get(chain, "endpoint_props"), NULL, dev->name);
	conv_set_role(c, "endpoint", sep);
	for (size_t i = 0; i < list->n; i++) {
		const char *me = nodes[i]->label;
		bool last = i + 1 == list->n;

		if (last) {
			port = dt_node_add(c->t, nodes[i], "port", NULL);
			endpoint(c, port, arena_printf(c->a, "%s_in", me), prev, &dev->pos);
		} else {
			struct dt_node *ports = dt_node_add(c->t, nodes[i], "ports", NULL);

			dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, dt_prop_set(c->t, ports, "#address-cells")), 1);
			dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, dt_prop_set(c->t, ports, "#size-cells")), 0);
			endpoint(c, numbered_port(c, ports, 0), arena_printf(c->a, "%s_in", me), prev, &dev->pos);
			endpoint(c, numbered_port(c, ports, 1), arena_printf(c->a, "%s_out", me),
				 arena_printf(c->a, "%s_in", nodes[i + 1]->label), &dev->pos);
			prev = arena_printf(c->a, "%s_out", me);
		}
		conv_set_role(c, rn_str(list->items[i], "role"), nodes[i]);
	}
	return true;
}

/* One display: its chain, or its members as TODOs on the source. */
static void display(struct prop_ctx *pc, const struct variable *dev, long index)
{
	struct conv *c = pc->c;
	const struct rnode *chains = rn_get(pc->rule, "chains"), *chain = NULL;
	struct dt_node *nodes[3];
	size_t count = 0;

	for (size_t i = 0; chains && !chain && i < chains->n; i++)
		if (conv_when_holds(c, rn_get(chains->items[i], "when"), dev->init))
			chain = chains->items[i];
	conv_mark_var(c, dev->name);
	pc->reason = NULL;
	if (chain && !rn_str(chain, "todo") && build_chain(pc, chain, dev, nodes, &count)) {
		conv_apply_struct(c, nodes[0], conv_struct_rule(c, rn_str(chain, "struct")), dev->init,
				  dev->name);
		/* displayN: the connector of the board's Nth display (omapdrm's order) */
		conv_set_alias(c, arena_printf(c->a, "display%ld", index), nodes[count - 1]->label,
			       &dev->pos, dev->name);
		conv_clear_roles(c);
		return;
	}
	conv_clear_roles(c);
	conv_leftover_fields(c, pc->node, dev->init, NULL, 0, dev->name, true,
			     pc->reason ? pc->reason
			     : chain ? rn_str(chain, "todo")
			     : rn_str(pc->rule, "todo") ? rn_str(pc->rule, "todo")
			     : "a display no chain of the rule describes: its nodes by hand");
}

struct dt_prop *cv_display(struct prop_ctx *pc)
{
	const struct variable *arr = conv_deref(pc->c, pc->v);
	const struct value *count = rn_str(pc->rule, "count")
		? conv_field(pc->c, pc->list, rn_str(pc->rule, "count")) : NULL;

	if (!arr || !arr->init || !arr->is_array || arr->init->kind != VAL_LIST) {
		pc->reason = "the array of displays is not in this file: describe them by hand";
		return NULL;
	}
	conv_mark_var(pc->c, arr->name);
	for (size_t i = 0; i < arr->init->nkids; i++) {
		const struct value *e = arr->init->kids[i];
		const struct variable *dev = conv_deref_one(pc->c, e);

		if (count && count->kind == VAL_INT && (long long)i >= count->ival)
			break;
		if (dev && dev->init && dev->init->kind == VAL_LIST)
			display(pc, dev, (long)i);
	}
	pc->reason = NULL;
	return NULL;
}
