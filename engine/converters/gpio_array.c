// SPDX-License-Identifier: GPL-2.0
/*
 * A pointer to an array of GPIO numbers (matrix keypad row_gpios[]) -> one
 * specifier per element, through the one GPIO resolver. `member: gpio`: an
 * array of structs, each element's member of that name (struct gpio[] of a
 * gpio-regulator). `native: true`: a negative entry (i.MX MXC_SPI_CS(n))
 * is the controller's own chip select, written <0> as cs-gpios does;
 * `native: 32`: that entry plus 32 is the signal's number, and the
 * controller's devices are numbered by signal (engine_spi_native.c). All
 * or nothing: a list with a hole would shift every later entry.
 *
 * An array member written in place (AT91 at91_usbh_data `.vbus_pin =
 * {AT91_PIN_PD1, AT91_PIN_PD3}`) is read the same way. There, `active_low:`
 * may name a parallel in-place array (`.vbus_pin_active_low = {1, 1}`):
 * element i's polarity. An element below `skip_below:` (-EINVAL: the port
 * has no line) is an empty <0>, which the consumer reads as none; when
 * every element is, there is no property.
 */
#include "converters.h"

#include "../../common/util.h"

/* Element i's polarity: the parallel in-place array `active_low:` names, else the rule's. */
static bool elem_active_low(struct prop_ctx *pc, const struct value *e)
{
	const char *f = rn_str(pc->rule, "active_low");
	const struct value *lows = f ? conv_field(pc->c, pc->list, f) : NULL;

	if (!lows || lows->kind != VAL_LIST)
		return is_active_low(pc);
	for (size_t k = 0; k < lows->nkids; k++)
		if (lows->kids[k]->index == e->index)
			return lows->kids[k]->kind == VAL_INT && lows->kids[k]->ival != 0;
	return false;
}

/* Every element below `skip_below:`: nothing to write. */
static bool all_none(struct prop_ctx *pc, const struct value *arr)
{
	long long below;

	if (!rn_get_long(pc->rule, "skip_below", &below))
		return false;
	for (size_t i = 0; i < arr->nkids; i++)
		if (arr->kids[i]->kind != VAL_INT || arr->kids[i]->ival >= below)
			return false;
	return true;
}

struct dt_prop *cv_gpio_array(struct prop_ctx *pc)
{
	bool in_place = pc->v && pc->v->kind == VAL_LIST;
	const struct variable *var = in_place ? NULL : pointee(pc);
	const struct value *arr = in_place ? pc->v : struct_elements(pc, var, var ? var->init : NULL);
	const char *member = rn_str(pc->rule, "member");
	const char *name = var ? var->name : arena_printf(pc->c->a, ".%s", pc->v->field);
	long long below;
	bool skip = rn_get_long(pc->rule, "skip_below", &below), native;
	long long offset, *signal;
	struct dt_prop *p;

	if (!arr || arr->kind != VAL_LIST || !arr->nkids) {
		pc->reason = "GPIO array not found in this file";
		return NULL;
	}
	if (all_none(pc, arr))
		return NULL;
	p = new_prop(pc);
	native = rn_get_long(pc->rule, "native", &offset);
	signal = arena_alloc(pc->c->a, arr->nkids * sizeof(*signal));
	for (size_t i = 0; i < arr->nkids; i++) {
		const struct value *e = arr->kids[i];

		signal[i] = native && e && e->kind == VAL_INT && e->ival < 0 ? e->ival + offset : -1;

		if (member)
			e = e->kind == VAL_LIST ? value_field(e, member) : NULL;
		if (!e) {
			dt_prop_del(pc->node, rn_str(pc->rule, "prop"));
			pc->reason = arena_printf(pc->c->a, "%s[%zu]: no .%s", name, i, member);
			return NULL;
		}
		/* `native: true`: a negative entry is the controller's own line, <0> */
		if (e->kind == VAL_INT && ((skip && e->ival < below) ||
		    ((native || str_eq(rn_str(pc->rule, "native"), "true")) && e->ival < 0))) {
			dt_chunk_add_u32(pc->c->t, dt_prop_add_cells(pc->c->t, p), 0);
			continue;
		}

		if (conv_gpio_cells(pc->c, e, dt_prop_add_cells(pc->c->t, p), elem_active_low(pc, e)))
			continue;
		dt_prop_del(pc->node, rn_str(pc->rule, "prop"));
		pc->reason = e->kind == VAL_INT
			? arena_printf(pc->c->a, "%s[%zu]: GPIO %lld: no controller provides it",
				       name, i, e->ival)
			: arena_printf(pc->c->a, "%s[%zu]: GPIO number not known at build time",
				       name, i);
		return NULL;
	}
	if (native && !pc->alt)		/* the devices' reg by signal (engine_spi_native.c) */
		conv_note_native_cs(pc->c, pc->node, p->name, signal, arr->nkids);
	if (!var)
		return p;
	conv_mark_var(pc->c, var->name);
	if (member)
		element_facts(pc, var, p);
	return p;
}
