// SPDX-License-Identifier: GPL-2.0
/* `register: gpio_hog`: a GPIO set at boot becomes a gpio-hog node. */
#include "registrations.h"

#include "../../common/util.h"

#include <ctype.h>
#include <string.h>

/* --- GPIO hogs, regulators, struct arrays ---------------------------------------- */

#define GPIOF_DIR_IN		(1 << 0)
#define GPIOF_INIT_HIGH		(1 << 1)
#define GPIOF_ACTIVE_LOW	(1 << 2)

/* The hog's node name: the label, else the GPIO's macro name, else its number. */
static const char *hog_name(struct conv *c, const struct value *gpio, const struct value *label)
{
	if (label && label->kind == VAL_STRING)
		return label->text;
	if (gpio->spelling && (isalpha((unsigned char)gpio->spelling[0]) || gpio->spelling[0] == '_') &&
	    !strpbrk(gpio->spelling, "( +-")) {
		char *n = arena_printf(c->a, "%s", gpio->spelling);

		for (char *q = n; *q; q++)	/* NAS_GPIO_USB_POWER -> nas-gpio-usb-power */
			*q = *q == '_' ? '-' : (char)tolower((unsigned char)*q);
		return n;
	}
	return arena_printf(c->a, "gpio%lld", gpio->kind == VAL_INT ? gpio->ival : 0);
}

/*
 * gpio_request_one(gpio, flags, label), or gpio_direction_output(gpio, value)
 * (the `value` argument: the board drives the line once at boot, after a
 * gpio_request). A value only known at run time (a callback's parameter) is
 * no hog: the call is converted as a runtime direction change.
 */
bool reg_gpio_hog(struct reg_ctx *r)
{
	const struct value *gpio = reg_arg(r, "gpio");
	const struct value *flags = reg_arg(r, "flags");
	const struct value *label = reg_arg(r, "label");
	const struct value *value = reg_arg(r, "value");
	struct conv *c = r->c;
	struct dt_chunk tmp = { 0 };
	struct dt_node *ctrl, *hog;
	struct dt_prop *p;
	long long fl = flags && flags->kind == VAL_INT ? flags->ival : 0;

	if (value && value->kind != VAL_INT) {
		reg_converted(r, "runtime GPIO direction: the level is set at run time");
		return true;
	}
	if (value)
		fl = value->ival ? GPIOF_INIT_HIGH : 0;
	if (!gpio || !conv_gpio_cells(c, gpio, &tmp, false)) {
		reg_todo(r, gpio && gpio->kind == VAL_INT
		     ? arena_printf(c->a, "GPIO %lld: no controller provides it", gpio->ival)
		     : "GPIO number not known at build time");
		return true;
	}
	ctrl = conv_controller_overlay(c, tmp.cells[0].text);
	hog = dt_node_add(c->t, ctrl, arena_printf(c->a, "%s-hog",
			  arena_node_name(c, hog_name(c, gpio, label))), NULL);
	hog->pos = r->call->pos;
	dt_prop_set(c->t, hog, "gpio-hog")->pos = r->call->pos;
	p = dt_prop_set(c->t, hog, "gpios");
	struct dt_chunk *ch = dt_prop_add_cells(c->t, p);

	dt_chunk_add_u32(c->t, ch, tmp.cells[1].val);
	dt_chunk_add_macro(c->t, ch, fl & GPIOF_ACTIVE_LOW ? "GPIO_ACTIVE_LOW" : "GPIO_ACTIVE_HIGH",
			   fl & GPIOF_ACTIVE_LOW ? 1 : 0);
	p->pos = gpio->pos;
	p->origin = r->call->spelling;
	p = dt_prop_set(c->t, hog, fl & GPIOF_DIR_IN ? "input" : fl & GPIOF_INIT_HIGH ? "output-high"
										  : "output-low");
	p->pos = r->call->pos;
	p->origin = flags ? flags->spelling : value ? value->spelling : NULL;
	if (label && label->kind == VAL_STRING) {
		p = dt_prop_set(c->t, hog, "line-name");
		dt_prop_add_string(c->t, p, label->text);
		p->pos = label->pos;
	}
	reg_converted(r, dt_node_path(c->t, hog));
	return true;
}
