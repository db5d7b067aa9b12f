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

/* Lower case, '_' -> '-': NAS_GPIO_USB_POWER -> nas-gpio-usb-power, accel_en -> accel-en. */
static const char *dashed(struct conv *c, const char *s)
{
	char *n = arena_printf(c->a, "%s", s);

	for (char *q = n; *q; q++)
		*q = *q == '_' ? '-' : (char)tolower((unsigned char)*q);
	return n;
}

/* The hog's node name: the label, else the GPIO's macro name, else its number. */
static const char *hog_name(struct conv *c, const struct value *gpio, const struct value *label)
{
	if (label && label->kind == VAL_STRING)
		return dashed(c, label->text);
	if (gpio->spelling && (isalpha((unsigned char)gpio->spelling[0]) || gpio->spelling[0] == '_') &&
	    !strpbrk(gpio->spelling, "( +-"))
		return dashed(c, gpio->spelling);
	return arena_printf(c->a, "gpio%lld", gpio->kind == VAL_INT ? gpio->ival : 0);
}

/*
 * gpio_set_value() on the same line anywhere in the board's functions: the
 * line is pulsed (a reset: low, wait, high), so the level gpio_direction_output
 * gave is not the one it keeps, and a hog would state the wrong one. A write
 * of the level it already has changes nothing.
 */
static const struct call *later_write(const struct conv *c, const struct value *gpio,
				      const struct value *value, const struct function **in)
{
	for (size_t i = 0; gpio->kind == VAL_INT && i < c->b->nfuncs; i++)
		for (size_t k = 0; k < c->b->funcs[i]->ncalls; k++) {
			const struct call *w = c->b->funcs[i]->calls[k];

			/* the same level written again (seaboard's VBUS: output 1, set 1): kept */
			if (w->nargs == 2 && value && value->kind == VAL_INT &&
			    w->args[1]->kind == VAL_INT && !w->args[1]->ival == !value->ival)
				continue;
			if (w->nargs == 2 && w->args[0]->kind == VAL_INT &&
			    w->args[0]->ival == gpio->ival && w->callee &&
			    (!strcmp(w->callee, "gpio_set_value") ||
			     !strcmp(w->callee, "gpio_set_value_cansleep") ||
			     !strcmp(w->callee, "__gpio_set_value"))) {
				if (in)
					*in = c->b->funcs[i];
				return w;
			}
		}
	return NULL;
}

/* Does a function of the board store fn into pm_power_off (the machine's power-off hook)? */
static bool is_power_off(const struct conv *c, const struct function *fn)
{
	for (size_t i = 0; fn && i < c->b->nfuncs; i++)
		for (size_t k = 0; k < c->b->funcs[i]->nstores; k++) {
			const struct store *s = c->b->funcs[i]->stores[k];

			if (!strcmp(s->var, "pm_power_off") && !*s->path && s->rhs &&
			    (s->rhs->kind == VAL_FUNC || s->rhs->kind == VAL_ADDR) &&
			    s->rhs->text && !strcmp(s->rhs->text, fn->name))
				return true;
		}
	return false;
}

/*
 * The line is driven at boot, and the pm_power_off hook drives it to the
 * other level (netspace_v2_power_off(): gpio_set_value(31, 1)): the
 * gpio-poweroff binding, active at the level the hook writes.
 */
static void power_off_node(struct reg_ctx *r, const struct dt_chunk *tmp, const struct call *w)
{
	struct conv *c = r->c;
	struct dt_node *n = dt_node_add(c->t, c->t->root, "gpio-poweroff", NULL);
	struct dt_prop *p = dt_prop_set(c->t, n, "compatible");
	bool low = w->args[1]->kind == VAL_INT && !w->args[1]->ival;
	struct dt_chunk *ch;

	n->pos = w->pos;
	dt_prop_add_string(c->t, p, "gpio-poweroff");
	p->pos = w->pos;
	p->origin = "pm_power_off";
	p = dt_prop_set(c->t, n, "gpios");
	ch = dt_prop_add_cells(c->t, p);
	dt_chunk_add_ref(c->t, ch, tmp->cells[0].text);
	dt_chunk_add_u32(c->t, ch, tmp->cells[1].val);
	dt_chunk_add_macro(c->t, ch, low ? "GPIO_ACTIVE_LOW" : "GPIO_ACTIVE_HIGH", low ? 1 : 0);
	p->pos = w->pos;
	p->origin = w->spelling;
	reg_converted(r, arena_printf(c->a, "%s (the level before power-off; %s in pm_power_off)",
				      dt_node_path(c->t, n), w->spelling));
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
	const struct function *writer = NULL;
	const struct call *w = value ? later_write(c, gpio, value, &writer) : NULL;

	if (w && is_power_off(c, writer) && tmp.ncells >= 2 && tmp.cells[1].kind == CELL_U32) {
		power_off_node(r, &tmp, w);
		return true;
	}
	if (value && later_write(c, gpio, value, NULL)) {
		reg_todo(r, arena_printf(c->a, "the line <&%s %u> is pulsed (%s): a reset or enable "
					 "line, the *-gpios property of the device it drives (e.g. "
					 "phy-reset-gpios), by hand", tmp.cells[0].text, tmp.cells[1].val,
					 later_write(c, gpio, value, NULL)->spelling));
		return true;
	}
	ctrl = conv_controller_overlay(c, tmp.cells[0].text);
	/* at most 31 characters in all, "-hog" kept (dtc cuts a longer name anywhere) */
	char *base = arena_node_name(c, hog_name(c, gpio, label));
	size_t blen = strlen(base) > 27 ? 27 : strlen(base);

	while (blen > 1 && base[blen - 1] == '-')
		blen--;
	hog = dt_node_add(c->t, ctrl, arena_printf(c->a, "%.*s-hog", (int)blen, base), NULL);
	hog->pos = r->call->pos;
	dt_prop_set(c->t, hog, "gpio-hog")->pos = r->call->pos;
	p = dt_prop_set(c->t, hog, "gpios");
	struct dt_chunk *ch = dt_prop_add_cells(c->t, p);

	if (tmp.cells[1].kind == CELL_MACRO)	/* TEGRA_GPIO(D, 0) */
		dt_chunk_add_macro(c->t, ch, tmp.cells[1].text, tmp.cells[1].val);
	else
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
