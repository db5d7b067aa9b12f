// SPDX-License-Identifier: GPL-2.0
/*
 * A matrix keymap (u32 entries built with KEY(row, col, code)) -> linux,keymap.
 * The DT encoding is the same word (dt-bindings MATRIX_KEY), so each entry is
 * written as MATRIX_KEY(row, col, code), keeping the code's macro name when
 * it matches `macros:`. `key_nodes: {name: "key-{n}", row: "keypad,row",
 * column: "keypad,column", code: "linux,code"}`: one child node per key
 * instead (n from 1), the binding of drivers/input/keyboard/samsung-keypad.c,
 * which reads no linux,keymap.
 */
#include "converters.h"

#include "../../common/util.h"

/* One cell property `name` of node k, from the key entry e. */
static void key_prop(struct prop_ctx *pc, struct dt_node *k, const char *name, const struct value *e,
		     uint32_t v, const char *macro)
{
	struct dt_prop *p = dt_prop_set(pc->c->t, k, name);
	struct dt_chunk *ch = dt_prop_add_cells(pc->c->t, p);

	if (macro)
		dt_chunk_add_macro(pc->c->t, ch, macro, v);
	else
		dt_chunk_add_u32(pc->c->t, ch, v);
	p->pos = e->pos;
	p->origin = conv_origin(pc->c, e);
}

/* `key_nodes:`: a child of the device's node per key; NULL (the nodes are the result). */
static struct dt_prop *key_nodes(struct prop_ctx *pc, const struct rnode *spec, const struct value *arr)
{
	const char *macros = rn_str(pc->rule, "macros");

	for (size_t i = 0; i < arr->nkids; i++) {
		const struct value *e = arr->kids[i];
		uint32_t w = (uint32_t)e->ival;

		if (i + 1 == arr->nkids && i && !w && str_eq(e->spelling, "0"))
			break;
		const char *name = n_template(pc->c->a, rn_str(spec, "name"), (long)i + 1);
		const char *code = last_macro_arg(pc->c->a, e->spelling);
		struct dt_node *k = dt_node_add(pc->c->t, pc->node, name ? name : "key", NULL);

		k->pos = e->pos;
		key_prop(pc, k, rn_str(spec, "row"), e, w >> 24, NULL);
		key_prop(pc, k, rn_str(spec, "column"), e, (w >> 16) & 0xff, NULL);
		key_prop(pc, k, rn_str(spec, "code"), e, w & 0xffff,
			 spelling_matches(code, macros) ? code : NULL);
	}
	dt_add_include(pc->c->t, "<dt-bindings/input/input.h>");
	return NULL;
}

struct dt_prop *cv_keymap(struct prop_ctx *pc)
{
	const struct variable *var = pointee(pc);
	const struct value *arr = var ? var->init : NULL;
	const char *macros = rn_str(pc->rule, "macros");
	struct dt_prop *p;
	struct dt_chunk *ch;

	if (!arr || arr->kind != VAL_LIST || !arr->nkids) {
		pc->reason = "keymap array not found in this file";
		return NULL;
	}
	for (size_t i = 0; i < arr->nkids; i++)
		if (arr->kids[i]->kind != VAL_INT) {
			pc->reason = "keymap entry not known at build time";
			return NULL;
		}
	conv_mark_var(pc->c, var->name);
	const struct rnode *spec = rn_get(pc->rule, "key_nodes");

	if (spec && (!rn_str(spec, "row") || !rn_str(spec, "column") || !rn_str(spec, "code") || pc->alt)) {
		pc->reason = pc->alt ? "the keys would be one child node each (keypad,row, keypad,column, linux,code)"
			     : "key_nodes: needs row:, column: and code: property names";
		return NULL;
	}
	if (spec)
		return key_nodes(pc, spec, arr);
	p = new_prop(pc);
	ch = dt_prop_add_cells(pc->c->t, p);
	for (size_t i = 0; i < arr->nkids; i++) {
		uint32_t w = (uint32_t)arr->kids[i]->ival;

		/* A trailing literal 0 ends the table for old drivers (twl4030 keypad): no key. */
		if (i + 1 == arr->nkids && i && !w && str_eq(arr->kids[i]->spelling, "0"))
			break;
		const char *code = last_macro_arg(pc->c->a, arr->kids[i]->spelling);

		if (!spelling_matches(code, macros))
			code = arena_printf(pc->c->a, "%u", w & 0xffff);
		dt_chunk_add_macro(pc->c->t, ch, arena_printf(pc->c->a, "MATRIX_KEY(%u, %u, %s)",
				   w >> 24, (w >> 16) & 0xff, code), w);
	}
	dt_add_include(pc->c->t, "<dt-bindings/input/input.h>");
	return p;
}
