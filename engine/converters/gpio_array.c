// SPDX-License-Identifier: GPL-2.0
/*
 * A pointer to an array of GPIO numbers (matrix keypad row_gpios[]) -> one
 * specifier per element, through the one GPIO resolver. `member: gpio`: an
 * array of structs, each element's member of that name (struct gpio[] of a
 * gpio-regulator). `native: true`: a negative entry (i.MX MXC_SPI_CS(n))
 * is the controller's own chip select, written <0> as cs-gpios does. All
 * or nothing: a list with a hole would shift every later entry.
 */
#include "converters.h"

#include "../../common/util.h"

struct dt_prop *cv_gpio_array(struct prop_ctx *pc)
{
	const struct variable *var = pointee(pc);
	const struct value *arr = var ? var->init : NULL;
	const char *member = rn_str(pc->rule, "member");
	struct dt_prop *p;

	if (!arr || arr->kind != VAL_LIST || !arr->nkids) {
		pc->reason = "GPIO array not found in this file";
		return NULL;
	}
	p = new_prop(pc);
	for (size_t i = 0; i < arr->nkids; i++) {
		const struct value *e = arr->kids[i];

		if (member)
			e = e->kind == VAL_LIST ? value_field(e, member) : NULL;
		if (!e) {
			dt_prop_del(pc->node, rn_str(pc->rule, "prop"));
			pc->reason = arena_printf(pc->c->a, "%s[%zu]: no .%s", var->name, i, member);
			return NULL;
		}
		/* `native: true`: a negative entry is the controller's own line, <0> */
		if (str_eq(rn_str(pc->rule, "native"), "true") && e->kind == VAL_INT && e->ival < 0) {
			dt_chunk_add_u32(pc->c->t, dt_prop_add_cells(pc->c->t, p), 0);
			continue;
		}

		if (conv_gpio_cells(pc->c, e, dt_prop_add_cells(pc->c->t, p), is_active_low(pc)))
			continue;
		dt_prop_del(pc->node, rn_str(pc->rule, "prop"));
		pc->reason = e->kind == VAL_INT
			? arena_printf(pc->c->a, "%s[%zu]: GPIO %lld: no controller provides it",
				       var->name, i, e->ival)
			: arena_printf(pc->c->a, "%s[%zu]: GPIO number not known at build time",
				       var->name, i);
		return NULL;
	}
	conv_mark_var(pc->c, var->name);
	if (member)
		element_facts(pc, var, p);
	return p;
}
