// SPDX-License-Identifier: GPL-2.0
/*
 * A matrix keymap (u32 entries built with KEY(row, col, code)) -> linux,keymap.
 * The DT encoding is the same word (dt-bindings MATRIX_KEY), so each entry is
 * written as MATRIX_KEY(row, col, code), keeping the code's macro name when
 * it matches `macros:`.
 */
#include "converters.h"

#include "../../common/util.h"

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
