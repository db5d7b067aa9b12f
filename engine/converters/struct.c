// SPDX-License-Identifier: GPL-2.0
/*
 * A nested struct (by value or by pointer): its rule's props go on this node,
 * or with `node: NAME` on a child of that name (a regulator's
 * regulator-state-mem). A struct of the file without an initializer is all
 * zero: no property, but its node (the TWL4030 audio's `codec { }`).
 */
#include "converters.h"

#include "../../common/util.h"

struct dt_prop *cv_struct(struct prop_ctx *pc)
{
	const struct variable *var = pointee(pc);
	const struct value *inner = var ? var->init : pc->v;
	/* &obj of an object the file defines without initializer (the extractor
	 * keeps no such variable): all zero, its node only */
	struct value empty = { .kind = VAL_LIST };

	if (!var && pc->v && pc->v->kind == VAL_ADDR && pc->v->text && rn_str(pc->rule, "node") &&
	    rn_str(pc->rule, "struct")) {
		empty.pos = pc->v->pos;
		inner = &empty;
	}
	if (!inner || inner->kind != VAL_LIST)
		return NULL;
	const char *named = rn_str(pc->rule, "struct");
	const struct rnode *rule = conv_struct_rule(pc->c, named ? named : inner->type);
	const char *target = rn_str(rule, "target");

	if (var)
		conv_mark_var(pc->c, var->name);
	/* Some platform data describes another node (&twl_gpio for twl4030 GPIO data). */
	struct dt_node *n = target ? conv_controller_overlay(pc->c, target) : pc->node;
	const char *child = rn_str(pc->rule, "node");

	if (child && !target) {
		struct dt_node *k = dt_child(n, child, NULL);

		if (!k) {
			k = dt_node_add(pc->c->t, n, child, NULL);
			k->pos = inner->pos;
		}
		n = k;
	}

	/* `target_tail: true`: a label the device's tail include defines (&twl_keypad). */
	if (target && str_eq(rn_str(rule, "target_tail"), "true"))
		n->after_tail_includes = true;
	conv_apply_struct(pc->c, n, rule, inner, var ? var->name : rn_str(pc->rule, "field"));
	return NULL;
}
