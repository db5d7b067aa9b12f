// SPDX-License-Identifier: GPL-2.0
/*
 * `as: gpio_irq`: a GPIO number that is a device's interrupt line (OMAP
 * omap_smsc911x_platform_data `.gpio_irq = 176`; the legacy helper did
 * gpio_to_irq() itself) -> `interrupts-extended = <&gpio6 16 TYPE>`: the
 * line through the GPIO resolver, the trigger `type:` (a dt-bindings
 * IRQ_TYPE_* number: 8 is level low) in place of the line flags, or the
 * IORESOURCE_IRQ_* bits of the struct's `type_field:` when it sets one (the
 * same numbers: gpmc-smc91x's .flags = IORESOURCE_IRQ_LOWLEVEL). Below
 * `skip_below:` (-EINVAL) no interrupt.
 */
#include "converters.h"

#include "../../common/util.h"

struct dt_prop *cv_gpio_irq(struct prop_ctx *pc)
{
	struct dt_chunk line = { 0 };
	long long below, type = 0;
	struct dt_prop *p;
	struct dt_chunk *ch;

	if (rn_get_long(pc->rule, "skip_below", &below) && pc->v->kind == VAL_INT &&
	    pc->v->ival < below)
		return NULL;
	rn_get_long(pc->rule, "type", &type);
	/* `type_field: flags`: IORESOURCE_IRQ_* trigger bits (the IRQ_TYPE_* numbers) there win */
	const char *tf = rn_str(pc->rule, "type_field");
	const struct value *tv = tf ? conv_field(pc->c, pc->list, tf) : NULL;

	if (tv && tv->kind == VAL_INT && (tv->ival & 0xf))
		type = tv->ival & 0xf;
	if (!conv_gpio_cells(pc->c, pc->v, &line, false) || line.ncells < 2) {
		pc->reason = pc->v->kind == VAL_INT
			? arena_printf(pc->c->a, "GPIO %lld: no controller provides it", pc->v->ival)
			: "GPIO number not known at build time";
		return NULL;
	}
	p = new_prop(pc);
	ch = dt_prop_add_cells(pc->c->t, p);
	/* the controller and the line (its cells but the last, the flags) */
	for (size_t i = 0; i + 1 < line.ncells; i++)
		conv_add_cell(pc->c, ch, &line.cells[i]);
	dt_chunk_add_macro(pc->c->t, ch, conv_irq_type_macro((unsigned)type & 0xf), (uint32_t)type & 0xf);
	return p;
}
