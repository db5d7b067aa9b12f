// SPDX-License-Identifier: GPL-2.0
/*
 * A pointer to an integer array (u8 serial_dir[]) -> one cell per element,
 * zeros too. `members: [value, gpios]`: an array of structs, each element
 * giving one cell per member named (a member it does not write is 0, as C
 * zero-initializes it): gpio_regulator_state[] -> states = <uV mask ...>.
 * `mask: M` / `shift: S`: each cell is (value >> S) & M (the initial level
 * bit of GPIOF_OUT_INIT_HIGH or GPIOD_OUT_HIGH -> gpios-states = <1>).
 * An array member written in place (`.gpio_cfg = { 0, 0,
 * WM8903_GPIO_CONFIG_ZERO, 0, 0 }`) is read the same way; `length: N` pads
 * it to N elements with the 0 C gives the ones not written, and `map:`
 * turns an element's value into the binding's (the WM8903's "don't touch"
 * is 0 in C, 0xffffffff in DT; its "write 0" is 0x8000 in C, 0 in DT).
 * Each element lands at its array index (`.buck5_voltage[2] = X` is the
 * third cell); with `length: N` the property is exactly N cells, the
 * elements from index N on left out (the driver reads N: the MAX8997's
 * one DVS voltage without GPIO DVS), and `length_if: {fields: [a, b],
 * length: M}` makes it M when any of the struct's fields named is non-zero
 * (its eight with buck1_gpiodvs set).
 */
#include "converters.h"

#include "../../common/util.h"

/* The integer cells of element e, in dst (NULL: only check); false: one is not known. */
static bool element_cells(struct prop_ctx *pc, const struct value *e, struct dt_chunk *dst)
{
	const struct rnode *members = rn_get(pc->rule, "members");
	long long mask = -1, shift = 0;
	bool masked = rn_get_long(pc->rule, "mask", &mask);

	rn_get_long(pc->rule, "shift", &shift);
	for (size_t m = 0; m < (members ? members->n : 1); m++) {
		const struct value *v = e;

		if (members) {
			if (e->kind != VAL_LIST)
				return false;
			v = value_field(e, members->items[m]->scalar);
		}
		if (v && v->kind != VAL_INT)
			return false;
		if (!dst)
			continue;
		long long x = v ? v->ival : 0;

		const struct rnode *map = rn_get(rn_get(pc->rule, "map"), arena_printf(pc->c->a, "%lld", x));
		long long to;

		if (map && rn_long(map, &to))
			dt_chunk_add_num(pc->c->t, dst, (uint32_t)to, 16);
		else
			dt_chunk_add_num(pc->c->t, dst, (uint32_t)(masked ? (x >> shift) & mask : x),
					 v && !masked ? conv_c_base(v) : 10);
	}
	return true;
}

/* The cell count the rule asks for (0: as many as the array has); false: not known. */
static bool wanted_length(struct prop_ctx *pc, long long *len)
{
	const struct rnode *cond = rn_get(pc->rule, "length_if");
	const struct rnode *fields = rn_get(cond, "fields");
	long long then = 0;

	*len = 0;
	rn_get_long(pc->rule, "length", len);
	for (size_t i = 0; fields && i < fields->n; i++) {
		const struct value *f = pc->list ? conv_field(pc->c, pc->list, fields->items[i]->scalar) : NULL;

		if (f && f->kind != VAL_INT) {
			pc->reason = arena_printf(pc->c->a, "the cell count depends on .%s, not known at "
						  "build time", fields->items[i]->scalar);
			return false;
		}
		if (f && f->ival && rn_get_long(cond, "length", &then))
			*len = then;
	}
	return true;
}

struct dt_prop *cv_int_array(struct prop_ctx *pc)
{
	bool in_place = pc->v && pc->v->kind == VAL_LIST;
	const struct variable *var = in_place ? NULL : pointee(pc);
	const struct value *arr = in_place ? pc->v : struct_elements(pc, var, var ? var->init : NULL);
	static const struct value zero = { .kind = VAL_INT, .spelling = "0" };
	long long len = 0;
	struct dt_prop *p;
	struct dt_chunk *ch;

	if (!arr || arr->kind != VAL_LIST) {
		pc->reason = "array not found in this file";
		return NULL;
	}
	if (!wanted_length(pc, &len))
		return NULL;
	for (size_t i = 0; i < arr->nkids; i++)
		if ((!len || arr->kids[i]->index < len) && !element_cells(pc, arr->kids[i], NULL)) {
			pc->reason = "array element not known at build time";
			return NULL;
		}
	if (var)
		conv_mark_var(pc->c, var->name);
	p = new_prop(pc);
	ch = dt_prop_add_cells(pc->c->t, p);
	/* each element at its array index, those C zero-initializes 0 */
	long long n = len;

	for (size_t i = 0; !len && i < arr->nkids; i++)
		n = arr->kids[i]->index >= n ? arr->kids[i]->index + 1 : n;
	const struct value **slot = arena_alloc(pc->c->a, ((size_t)n + 1) * sizeof(*slot));

	for (size_t i = 0; i < arr->nkids; i++)
		if (arr->kids[i]->index >= 0 && arr->kids[i]->index < n)
			slot[arr->kids[i]->index] = arr->kids[i];
	for (long long i = 0; i < n; i++)
		element_cells(pc, slot[i] ? slot[i] : &zero, ch);
	if (var && rn_get(pc->rule, "members"))
		element_facts(pc, var, p);
	return p;
}
