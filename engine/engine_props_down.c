// SPDX-License-Identifier: GPL-2.0
/*
 * `on: children` in a struct rule's props: a field of the parent struct
 * that the driver reads from each child node the rule's `children:` makes
 * (the S3C NAND's .engine_type, one ECC mode for the controller in C,
 * `nand-ecc-mode` on each chip node in DT). The converter writes it on the
 * parent first, as any property (its fact says so); once the children
 * exist it moves to each of them. No child to carry it: a TODO instead.
 *
 * `on: ROLE` (any other word): the property goes on the node a converter
 * that builds several nodes for one struct registered under that role
 * (`as: display`: `encoder`, `connector`, `endpoint`) while the struct's
 * rule is applied; without such a node, on the struct's own node.
 * `on: parent`: on the parent of the struct's node (AT91's `display =
 * <&display0>` on &fb0, from the panel child's rule).
 */
#include "engine_int.h"

#include "../common/util.h"

void conv_props_down(struct conv *c, struct dt_node *node, const struct rnode *props,
		     size_t first_child)
{
	for (size_t i = 0; props && i < props->n; i++) {
		const char *name = rn_str(props->items[i], "prop");
		struct dt_prop *p = name && str_eq(rn_str(props->items[i], "on"), "children")
				    ? dt_prop_find(node, name) : NULL;

		if (!p)
			continue;
		for (size_t k = first_child; k < node->nchildren; k++) {
			struct dt_prop *q = dt_prop_set(c->t, node->children[k], name);

			q->chunks = p->chunks;
			q->nchunks = p->nchunks;
			q->pos = p->pos;
			q->origin = p->origin;
		}
		if (first_child >= node->nchildren)
			dt_node_add_todo(c->t, node, &p->pos, p->origin ? p->origin : name,
					 arena_printf(c->a, "%s belongs on each child node, and the "
						      "board gives none: write it there by hand", name));
		dt_prop_del(node, name);
	}
}

void conv_set_role(struct conv *c, const char *role, struct dt_node *n)
{
	if (!role || c->nroles >= sizeof(c->role_nodes) / sizeof(c->role_nodes[0]))
		return;
	c->role_names[c->nroles] = role;
	c->role_nodes[c->nroles++] = n;
}

void conv_clear_roles(struct conv *c)
{
	c->nroles = 0;
}

struct dt_node *conv_on_node(const struct conv *c, struct dt_node *node, const struct rnode *pr)
{
	const char *on = rn_str(pr, "on");

	if (str_eq(on, "parent") && node->parent && (node->parent->parent || node->parent->ref))
		return node->parent;	/* a node's or an overlay's, never the root's */

	for (size_t i = 0; on && i < c->nroles; i++)
		if (str_eq(c->role_names[i], on))
			return c->role_nodes[i];
	return node;
}
