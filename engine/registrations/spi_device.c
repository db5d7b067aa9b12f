// SPDX-License-Identifier: GPL-2.0
/*
 * `register: spi_device`: a helper that registers one SPI device of its own
 * making from its arguments instead of an spi_board_info of the board
 * (3.x OMAP omap_ads7846_init(bus, gpio_pendown, debounce, pdata) of
 * common-board-devices.c). The map gives what the helper fixes and names
 * the arguments it takes:
 *
 *   - call: omap_ads7846_init
 *     args: [bus, gpio_pendown, gpio_debounce, pdata]
 *     register:
 *       kind: spi_device
 *       board_info: {modalias: ads7846, chip_select: 0, max_speed_hz: 1500000}
 *       irq_gpio: gpio_pendown          # .irq = gpio_to_irq(that argument)
 *       pdata_struct: ads7846_platform_data
 *       pdata_args: {gpio_pendown: gpio_pendown}   # stored into the data used
 *       default: {x_max: 0x0fff, x_plate_ohms: 180}
 *
 * `bus` (the bus number) and `pdata` (the board's platform data, or NULL)
 * are argument names. With NULL, the helper's own data is used:
 * `default:`, a struct `pdata_struct` whose values say they are the
 * helper's. The entry then becomes a node as one of an spi_board_info
 * table does (spi.c), its platform data read by its struct rule.
 */
#include "registrations.h"

#include "../../common/util.h"

/*
 * The platform data the device gets: the board's (its variable, with the
 * members the helper stores from its arguments), else the helper's own
 * default, added to this conversion's view as a variable of its name.
 */
static struct value *platform_data(struct reg_ctx *r)
{
	struct conv *c = r->c;
	const struct value *arg = reg_arg(r, "pdata");
	const struct rnode *sets = rn_get(r->reg, "pdata_args");
	bool passed = arg && !value_is_zero(arg);
	const struct variable *var = passed ? conv_deref_one(c, arg) : NULL;
	struct value *ptr;

	if (!passed && rn_get(r->reg, "default")) {
		struct variable *d = arena_alloc(c->a, sizeof(*d));

		d->name = arena_printf(c->a, "%s() default data", r->call->callee);
		d->type = rn_str(r->reg, "pdata_struct");
		d->init = reg_fixed_struct(r, d->type, rn_get(r->reg, "default"));
		d->pos = r->call->pos;
		conv_add_var(c, d);
		var = d;
	}
	if (!var || !var->init || var->init->kind != VAL_LIST)
		return NULL;
	ptr = reg_new_value(c, VAL_ADDR, passed ? &arg->pos : &r->call->pos,
			    passed ? arg->spelling : var->name);
	ptr->text = var->name;
	for (size_t i = 0; sets && sets->kind == RN_MAP && i < sets->n; i++) {
		const struct value *v = reg_arg(r, sets->items[i]->scalar);

		if (v)
			conv_set_field(c, var->init, sets->keys[i], (struct value *)v);
	}
	return ptr;
}

bool reg_spi_device(struct reg_ctx *r)
{
	struct conv *c = r->c;
	struct value *e = reg_fixed_struct(r, "spi_board_info", rn_get(r->reg, "board_info"));
	const struct value *bus = reg_arg(r, "bus");
	const struct value *pin = rn_str(r->reg, "irq_gpio") ? reg_arg(r, rn_str(r->reg, "irq_gpio")) : NULL;
	const char *what = arena_printf(c->a, "%s()", r->call->callee);
	struct value *pdata = platform_data(r);
	struct dt_node *dn;

	if (bus)
		reg_add_member(c, e, (struct value *)bus, "bus_num");
	if (pin && c->rs->ngpio_irq_calls) {
		/* .irq = gpio_to_irq(pin): its GPIO controller's interrupt */
		struct value *irq = reg_new_value(c, VAL_UNKNOWN, &pin->pos,
					      arena_printf(c->a, "gpio_to_irq(%s)", pin->spelling ? pin->spelling : "?"));

		irq->text = c->rs->gpio_irq_calls[0]->scalar;
		arena_push(c->a, (void ***)&irq->kids, &irq->nkids, (void *)pin);
		reg_add_member(c, e, irq, "irq");
	}
	if (pdata)
		reg_add_member(c, e, pdata, "platform_data");
	dn = spi_entry(c, e, what, r->f);
	if (dn && !pdata && !value_is_zero(reg_arg(r, "pdata")))
		dt_node_add_todo(c->t, dn, &r->call->pos, what,
				 "its platform data is not a struct of this file: its properties by hand");
	return true;
}
