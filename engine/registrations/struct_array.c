// SPDX-License-Identifier: GPL-2.0
/*
 * `register: struct_array`: an array of platform-data structs, one node
 * each; or, when the call names its node (`node: mac{id}`), the struct the
 * call passes for that one device: `&pdata[1]` is that element and
 * `&pdata[0]` the first only (mx28_add_fec(0, &fec_pdata[0]) and
 * mx28_add_fec(1, &fec_pdata[1]): each MAC gets its own entry).
 * `child: NAME@UNIT` in the register map puts it on a child of that node,
 * of the last of a list of nodes (all enabled): AT91's
 * at91_add_device_nand(), the chip nand@3 under &nand_controller, &ebi
 * enabled too. `label:` labels that child (AT91's LCD panel, display0,
 * which &fb0's `display` property points to). `tail_include:` includes a
 * .dtsi of the target after the overlays, which holds the rest of that node
 * (OMAP's omap-gpmc-smsc911x.dtsi: the LAN9221's compatible and supplies).
 * `default: {member: value}`: the data the helper uses when the board
 * passes NULL (3.x usb_musb_init(NULL): musb_default_board_data, ULPI,
 * OTG, 100 mA), each value annotated as the helper's. A second call of
 * the helper is a second device: `again: {child:
 * "ethernet@{cs},0", compatible: [...], todo: "..."}` names its node from
 * its struct's fields (cm-t35's two gpmc_smsc911x_init() calls, CS5 and
 * CS4), with the compatible and a TODO for what the include gives the
 * first one only. `element_nodes: [edma0, edma1]`: element i of the array (a
 * struct, or a pointer to one) is the data of SoC node i, an element past
 * the list a TODO (DA850's da850_register_edma(rsv): rsv[0] is EDMA0's
 * reserved channels and slots, rsv[1] EDMA1's; devices-da8xx.c).
 */
#include "registrations.h"

#include "../../common/util.h"

#include <string.h>

/* The child NAME@UNIT of parent the output has, or NULL. */
static struct dt_node *spec_child(struct conv *c, struct dt_node *parent, const char *spec)
{
	const char *at = strchr(spec, '@');

	return dt_child(parent, at ? arena_strndup(c->a, spec, (size_t)(at - spec)) : spec,
			at ? at + 1 : NULL);
}

/* NAME@UNIT under parent (made, or the one an earlier rule made). */
static struct dt_node *named_child(struct reg_ctx *r, struct dt_node *parent, const char *spec)
{
	struct dt_node *n = spec_child(r->c, parent, spec);
	const char *at = strchr(spec, '@');

	if (!n)
		n = dt_node_add(r->c->t, parent, at ? arena_strndup(r->c->a, spec, (size_t)(at - spec)) : spec,
				at ? at + 1 : NULL);
	n->pos = r->call->pos;
	return n;
}

/*
 * A second device of the same helper (`again:`): a node of its own, named
 * from its struct, never the first device's node.
 */
static struct dt_node *again_node(struct reg_ctx *r, struct dt_node *parent, const struct rnode *again)
{
	struct conv *c = r->c;
	const struct variable *var = conv_deref_one(c, reg_arg(r, "array"));
	const char *spec = var && var->init ? conv_template(c, rn_str(again, "child"), var->init, NULL, NULL)
			   : NULL;
	const struct rnode *compat = rn_get(again, "compatible");
	struct dt_node *n;
	struct dt_prop *p;

	if (!spec || spec_child(c, parent, spec))
		return NULL;
	n = named_child(r, parent, spec);
	p = dt_prop_set(c->t, n, "compatible");
	for (size_t i = 0; compat && compat->kind == RN_SEQ && i < compat->n; i++)
		dt_prop_add_string(c->t, p, compat->items[i]->scalar);
	p->pos = r->call->pos;
	p->origin = r->call->spelling;
	if (rn_str(again, "todo"))
		dt_node_add_todo(c->t, n, &r->call->pos, r->call->spelling, rn_str(again, "todo"));
	return n;
}

static struct dt_node *child_node(struct reg_ctx *r, struct dt_node *parent, const char *spec)
{
	const struct rnode *again = rn_get(r->reg, "again");
	struct dt_node *n;

	if (again && spec_child(r->c, parent, spec) && (n = again_node(r, parent, again)))
		return n;
	n = named_child(r, parent, spec);
	if (rn_str(r->reg, "label"))	/* `label: display0`: the parent points to it */
		n->label = rn_str(r->reg, "label");
	return n;
}

/*
 * `nested: true`: the struct's own node (its rule's `node:` and `unit:`) under
 * the call's node, with the register map's `compatible:`, the device the
 * helper names (plat-orion's orion_ge00_switch_init(): the DSA switch
 * "mv88e6085" on the MDIO bus at .sw_addr, switch@0 under &mdio).
 */
static void nested_node(struct reg_ctx *r, struct dt_node *target, const struct rnode *rule,
			const struct value *e, const char *what)
{
	struct conv *c = r->c;
	struct dt_node *n = conv_struct_node(c, target, rule, e, what, -1);
	const char *compat = rn_str(r->reg, "compatible");
	struct dt_prop *p;

	if (!n || !compat || dt_prop_find(n, "compatible"))
		return;
	p = dt_prop_set(c->t, n, "compatible");
	dt_prop_add_string(c->t, p, compat);
	p->pos = r->call->pos;
	p->origin = r->call->spelling;
	/* first, as a rule's own compatible is */
	memmove(n->props + 1, n->props, (n->nprops - 1) * sizeof(*n->props));
	n->props[0] = p;
}

/* `element_nodes: [edma0, edma1]`: element i (a struct or a pointer to one) on &nodes[i]. */
static void element_on_node(struct reg_ctx *r, const struct rnode *rule, const struct value *e,
			    size_t i, const char *what)
{
	struct conv *c = r->c;
	const struct rnode *nodes = rn_get(r->reg, "element_nodes");
	const struct variable *pv = e->kind == VAL_ADDR ? conv_deref(c, e) : NULL;
	const char *why = i >= nodes->n ? "no node of the SoC for this element"
			  : pv && !pv->init ? "element not known at build time" : NULL;
	struct dt_node *n = why ? NULL : dt_overlay(c->t, nodes->items[i]->scalar);
	struct fact *f = pv ? dt_add_fact(c->t, "field", arena_printf(c->a, "%s = %s", what, e->spelling
								      ? e->spelling : pv->name), &e->pos) : NULL;

	if (f) {	/* the pointer itself: the struct it names gives its own facts */
		f->fate = why ? FACT_TODO : FACT_CONVERTED;
		f->reason = why;
		f->became = n ? dt_node_path(c->t, n) : NULL;
		conv_mark_var(c, pv->name);
		e = pv->init;
		what = pv->name;
	}
	if (why || !e || e->kind != VAL_LIST) {
		dt_node_add_todo(c->t, NULL, &r->call->pos, what, why ? why : "element not known at build time");
		return;
	}
	conv_apply_struct(c, n, rule, e, what);
}

bool reg_struct_array(struct reg_ctx *r)
{
	struct conv *c = r->c;
	const struct rnode *rule = conv_struct_rule(c, rn_str(r->reg, "struct"));
	const char *until = rn_str(r->reg, "until");
	const struct rnode *node = rn_get(r->rule, "node");
	struct dt_node *target = NULL, *ov = NULL;
	const struct variable *arr;

	/* `child:` under a list of nodes (&ebi, &nand_controller): under the last */
	if (node && node->kind == RN_SEQ && node->n && rn_str(r->reg, "child"))
		node = node->items[node->n - 1];
	if (node && node->kind == RN_SCALAR)
		target = ov = dt_overlay(c->t, conv_template(c, node->scalar, NULL, r->call,
							     rn_get(r->rule, "args")));
	/* `child: nand@3`: a node of that name under it (the chip under its controller) */
	if (target && rn_str(r->reg, "child"))
		target = child_node(r, target, rn_str(r->reg, "child"));
	/*
	 * `tail_include: omap-gpmc-smsc911x.dtsi`: the target's .dtsi that completes the
	 * node; the board's overlay comes after it, so that what the board says
	 * (SMSC911X_USE_16BIT: reg-io-width = <2>) wins over the include's default.
	 */
	if (target && rn_str(r->reg, "tail_include")) {
		dt_add_tail_include(c->t, arena_printf(c->a, "\"%s\"",
						       conv_include_path(c, rn_str(r->reg, "tail_include"))));
		if (ov)
			ov->after_tail_includes = true;
	}
	arr = target ? conv_deref_one(c, reg_arg(r, "array")) : conv_deref(c, reg_arg(r, "array"));
	if ((!arr || !arr->init) && rn_get(r->reg, "default") && value_is_zero(reg_arg(r, "array"))) {
		/* NULL: the helper's own data (usb_musb_init(NULL): ULPI, OTG, 100 mA) */
		struct value *d = reg_fixed_struct(r, rn_str(r->reg, "struct"), rn_get(r->reg, "default"));
		const char *what = arena_printf(c->a, "%s() default data", r->call->callee);

		if (target)
			conv_apply_struct(c, target, rule, d, what);
		else
			conv_struct_node(c, c->t->root, rule, d, what, -1);
		reg_converted(r, what);
		return true;
	}
	if (!arr || !arr->init) {
		/* NULL platform data: the SoC defaults, nothing more to convert. */
		if (!target && !rn_get(r->reg, "element_nodes"))
			return false;
		reg_converted(r, target ? arena_printf(c->a, "&%s", target->ref) : r->call->spelling);
		return true;
	}
	conv_mark_var(c, arr->name);
	size_t count = arr->is_array ? arr->init->nkids : 1;

	for (size_t i = 0; i < count; i++) {
		const struct value *e = arr->is_array ? arr->init->kids[i] : arr->init;
		const char *what = arr->is_array ? arena_printf(c->a, "%s[%zu]", arr->name, i) : arr->name;

		if (until && value_is_zero(conv_field(c, e, until)))
			break;
		if (target && str_eq(rn_str(r->reg, "nested"), "true")) {
			nested_node(r, target, rule, e, what);
			continue;
		}
		if (rn_get(r->reg, "element_nodes")) {
			element_on_node(r, rule, e, i, what);
			continue;
		}
		if (target) {
			conv_apply_struct(c, target, rule, e, what);
			continue;
		}
		struct dt_node *n = conv_struct_node(c, c->t->root, rule, e, what, -1);

		if (n && n->ref)
			conv_bind_dev(c, arena_printf(c->a, "%s#%zu", arr->name, i), n);
	}
	reg_converted(r, arena_printf(c->a, "%s entries", arr->name));
	return true;
}
