// SPDX-License-Identifier: GPL-2.0
/*
 * A struct rule's `children:`: a child node per entry of the array a field
 * points to (gpio_led[] of .leds, mtd_partition[] of .parts), in an
 * optional container node (`partitions`), each converted by the entries'
 * struct rule (engine_struct.c).
 */
#include "engine_int.h"

#include "../common/util.h"

/* `container: {node: partitions, compatible: fixed-partitions, address_cells: 1, size_cells: 1}` */
static struct dt_node *child_container(struct conv *c, struct dt_node *node, const struct rnode *ct)
{
	const char *name = rn_str(ct, "node") ? rn_str(ct, "node") : "children";
	struct dt_node *n = dt_child(node, name, NULL);
	long long v;

	if (n)
		return n;
	n = dt_node_add(c->t, node, name, NULL);
	n->pos = node->pos;
	if (rn_str(ct, "compatible"))
		dt_prop_add_string(c->t, dt_prop_set(c->t, n, "compatible"), rn_str(ct, "compatible"));
	if (rn_get_long(ct, "address_cells", &v))
		dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, dt_prop_set(c->t, n, "#address-cells")),
				 (uint32_t)v);
	if (rn_get_long(ct, "size_cells", &v))
		dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, dt_prop_set(c->t, n, "#size-cells")),
				 (uint32_t)v);
	return n;
}

/*
 * `scalars: true`: an entry of an array of scalars written in place
 * (`.port_names[3] = "cpu"` of dsa_chip_data), read as a struct whose one
 * member has the array's name (`field: port_names` in the children's rule);
 * a NULL entry is none.
 */
static const struct value *scalar_entry(struct conv *c, const struct value *k, const char *field,
					const char *type)
{
	struct value *e = arena_alloc(c->a, sizeof(*e)), *m = arena_alloc(c->a, sizeof(*m));

	*m = *k;
	m->field = field;
	e->kind = VAL_LIST;
	e->type = type;
	e->index = k->index;
	e->pos = k->pos;
	e->spelling = k->spelling;
	e->kids = arena_alloc(c->a, sizeof(*e->kids));
	e->kids[0] = m;
	e->nkids = 1;
	return e;
}

/*
 * `children: {field: leds, count: num_leds, struct: gpio_led}`: a child node
 * per entry of the array .leds points to (or `callback:` returns). .leds and .num_leds are facts of
 * their own (they became the children), or a TODO when the array is not in
 * this file.
 */
void conv_apply_children(struct conv *c, struct dt_node *node, const struct rnode *ch,
			 const struct value *list, const char *what)
{
	const struct value *field = conv_field(c, list, rn_str(ch, "field"));

	/* `callback: F`: a 2.6.x board hands the table over by a function that
	 * returns it (AT91's .partition_info = nand_partitions; conv_deref) */
	if (!field && rn_str(ch, "callback"))
		field = conv_field(c, list, rn_str(ch, "callback"));
	const struct variable *arr = conv_deref(c, field);
	const struct value *count = conv_field(c, list, rn_str(ch, "count"));
	const struct rnode *rule = conv_struct_rule(c, rn_str(ch, "struct"));
	const char *why = "the array of children is not in this file: describe them by hand";

	if (field && field->kind == VAL_LIST && rule) {
		/*
		 * An array member written in place (`.slot[0] = { ... }`): each
		 * entry a child; an entry that points to a struct of this file
		 * (`.win[0] = &goni_fb_win0`) is that struct.
		 */
		struct dt_node *parent = node;

		for (size_t i = 0; i < field->nkids; i++) {
			const struct value *k = field->kids[i];
			const struct variable *to = NULL;

			bool scalar = k->kind != VAL_LIST && str_eq(rn_str(ch, "scalars"), "true");

			if (scalar && value_is_zero(k))
				continue;
			if (scalar)
				k = scalar_entry(c, k, field->field, rn_str(ch, "struct"));
			to = k->kind == VAL_LIST ? NULL : conv_deref_one(c, k);

			if (k->kind != VAL_LIST && (!to || !to->init || to->is_array))
				continue;
			if (parent == node && rn_get(ch, "container"))
				parent = child_container(c, node, rn_get(ch, "container"));
			if (to)
				conv_mark_var(c, to->name);
			conv_struct_node(c, parent, rule, to ? to->init : k,
					 to ? to->name : scalar ? what
					 : arena_printf(c->a, "%s.%s[%ld]", what, field->field, (long)k->index),
					 (long)k->index);
		}
		return;
	}
	if (field && !value_is_zero(field) && (!arr || !arr->init))
		dt_node_add_todo(c->t, node, &field->pos, conv_origin(c, field), why);
	if (field && !value_is_zero(field))
		conv_field_fact(c, field, what, node, NULL, arr && arr->init ? NULL : why);
	if (count && !value_is_zero(count))
		conv_field_fact(c, count, what, node, NULL, arr && arr->init ? NULL : why);
	if (!arr || !arr->init)
		return;
	conv_add_children(c, node, arr, count, rule, rn_get(ch, "container"));
}

void conv_add_children(struct conv *c, struct dt_node *node, const struct variable *arr,
		       const struct value *count, const struct rnode *rule,
		       const struct rnode *container)
{
	size_t total;
	long long n;

	conv_mark_var(c, arr->name);
	if (container)
		node = child_container(c, node, container);
	/* .parts = &one_partition: the struct itself is the only entry. */
	total = arr->is_array ? arr->init->nkids : 1;
	n = count && count->kind == VAL_INT ? count->ival : (long long)total;
	c->part_end = 0;
	for (size_t i = 0; i < total && (long long)i < n; i++)
		conv_struct_node(c, node, rule, arr->is_array ? arr->init->kids[i] : arr->init,
				 arr->is_array ? arena_printf(c->a, "%s[%zu]", arr->name, i) : arr->name,
				 (long)i);
}
