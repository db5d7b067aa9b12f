// SPDX-License-Identifier: GPL-2.0
/*
 * `register: i2c`: an i2c_board_info table on bus N (the `bus` argument, or
 * `bus_number: N` for a SoC helper with one bus and no such argument:
 * at91_add_device_i2c(devices, n)); the board's own i2c-gpio device with
 * .id = N when it has one (engine_i2c_gpio.c).
 */
#include "registrations.h"

#include <string.h>

#include "../../common/util.h"

static bool has_overlay(const struct dt_tree *t, const char *label)
{
	for (size_t i = 0; i < t->noverlays; i++)
		if (str_eq(t->overlays[i]->ref, label))
			return true;
	return false;
}

bool reg_i2c(struct reg_ctx *r)
{
	const struct variable *arr = conv_deref(r->c, reg_arg(r, "info"));
	const struct value *bus = reg_arg(r, "bus");
	const char *label = bus_label(r, "i2c_bus", "i2c{bus}");
	struct dt_node *busn;

	const struct value *info = reg_arg(r, "info");

	/* A helper of another era whose argument there is another device's
	 * data (omap4_pmic_init(type, pdata, &twl6040_data, irq) of 3.4). */
	if (arr && arr->type && !strchr(arr->type, ' ') && !str_eq(arr->type, "i2c_board_info")) {
		reg_todo(r, arena_printf(r->c->a, "argument %s is a struct %s, not an i2c_board_info "
					 "table: this era's helper registers another device with it; "
					 "describe that device by hand", arr->name, arr->type));
		return true;
	}
	if (info && info->kind == VAL_NULL && label) {
		reg_converted(r, arena_printf(r->c->a, "&%s (no devices)", label));
		return true;
	}
	/* A compound literal (`(struct i2c_board_info[]){ ... }`, which a
	 * pack's `defines:` alias such as omap3_pmic_init() expands to) is
	 * the list itself. */
	const struct value *list = arr ? arr->init : info && info->kind == VAL_LIST ? info : NULL;
	const char *aname = arr ? arr->name : "(struct i2c_board_info[])";

	long long busno;

	if (!(bus && bus->kind == VAL_INT ? (busno = bus->ival, true)
					   : rn_get_long(r->reg, "bus_number", &busno)) ||
	    !list || !label) {
		reg_todo(r, "I2C bus or board info not known at build time");
		return true;
	}
	if (arr)
		conv_mark_var(r->c, arr->name);
	/* The board's own i2c-gpio device with .id = N is bus N (engine_i2c_gpio.c). */
	busn = conv_i2c_gpio_bus(r->c, busno);
	if (busn) {
		label = NULL;
	} else {
		bool existed = has_overlay(r->c->t, label);

		busn = conv_enable(r->c, label, &r->call->pos, r->call->spelling);
		conv_i2c_note_bus(r->c, busno, busn, !existed);
	}
	size_t n = list->is_array ? list->nkids : 1;

	for (size_t i = 0; i < n; i++) {
		const struct value *e = list->is_array ? list->kids[i] : list;
		long long addr = value_field_int(e, "addr", -1);
		const char *what = arena_printf(r->c->a, "%s[%zu]", aname, i);
		struct dt_node *dn = bus_device(r->c, busn, value_field_str(e, "type"), addr, e, what);
		struct fact *f = dt_add_fact(r->c->t, "variable", arena_printf(r->c->a,
					     "i2c_board_info %s \"%s\"", what,
					     value_field_str(e, "type") ? value_field_str(e, "type") : "?"),
					     &e->pos);

		if (addr < 0) {	/* bus_device() wrote the TODO */
			f->fate = FACT_TODO;
			f->reason = "the device's address is not known here: its reg by hand";
			continue;
		}
		conv_bind_dev(r->c, arena_printf(r->c->a, "%lld-%04llx", busno, addr), dn);
		f->fate = FACT_CONVERTED;
		f->became = dt_node_path(r->c->t, dn);
	}
	reg_converted(r, label ? arena_printf(r->c->a, "&%s", label) : dt_node_path(r->c->t, busn));
	return true;
}
