// SPDX-License-Identifier: GPL-2.0
/*
 * `register: children`: an array passed to a SoC helper with its length
 * (kirkwood_nand_init(parts, nr_parts, delay)): one child node per entry on
 * the call's `node:`, as a struct's `children:` does for an array field.
 * Without `node:` the container is a new node at the root
 * (at91_gpio_leds(leds, n): `container: {node: leds, compatible: gpio-leds}`).
 *
 *   register: {kind: children, array: parts, count: nr, struct: mtd_partition,
 *              container: {node: partitions, compatible: fixed-partitions,
 *                          address_cells: 1, size_cells: 1}}
 */
#include "registrations.h"

#include "../../common/util.h"

bool reg_children(struct reg_ctx *r)
{
	struct conv *c = r->c;
	const struct rnode *node = rn_get(r->rule, "node");
	const struct variable *arr = conv_deref(c, reg_arg(r, "array"));
	const struct rnode *rule = conv_struct_rule(c, rn_str(r->reg, "struct"));
	struct dt_node *target;

	if ((node && node->kind != RN_SCALAR) || (!node && !rn_get(r->reg, "container")) || !rule)
		return false;
	target = node ? dt_overlay(c->t, conv_template(c, node->scalar, NULL, r->call,
						       rn_get(r->rule, "args")))
		      : c->t->root;
	if (!arr || !arr->init) {
		reg_todo(r, arena_printf(c->a, "%s: the array is not in this file: describe its "
					 "entries by hand", node ? arena_printf(c->a, "&%s", target->ref)
					 : r->call->spelling));
		return true;
	}
	conv_add_children(c, target, arr, reg_arg(r, "count"), rule, rn_get(r->reg, "container"));
	reg_converted(r, arena_printf(c->a, "%s: %s entries", node ? arena_printf(c->a, "&%s",
				      target->ref) : "/", arr->name));
	return true;
}
