// SPDX-License-Identifier: GPL-2.0
/* `register: gpio_hog`: a GPIO set at boot becomes a gpio-hog node. */
#include "registrations.h"

#include "../../common/util.h"

#include <ctype.h>
#include <string.h>

/* --- GPIO hogs, regulators, struct arrays ---------------------------------------- */

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
 * line is pulsed (a reset: low, wait, high), so the level the request or
 * gpio_direction_output gave is not the one it keeps, and a hog would state
 * the wrong one. A write of the level it already has changes nothing.
 * level: the level the line starts at (0 or 1).
 */
/* The same line: one number, or one callback parameter plus one offset (TWL's gpio + 2) */
static bool same_line(const struct value *a, const struct value *b)
{
	if (a->kind == VAL_INT && b->kind == VAL_INT)
		return a->ival == b->ival;
	return a->kind == VAL_SYMBOLIC && b->kind == VAL_SYMBOLIC && a->ival == b->ival &&
	       a->sym_index == b->sym_index && str_eq(a->sym, b->sym) &&
	       str_eq(a->sym_meaning, b->sym_meaning);
}

/*
 * w, a call in fn, writes the line gpio (a helper's parameter: as its one
 * caller passes it). A gpio_direction_output() writes it too: a second one
 * on a requested line (TAM3517's SMSC911x reset: output 0, mdelay(1),
 * output 1) is the same pulse as a gpio_set_value(), not a second hog of
 * the line, which gpiolib would refuse.
 */
static bool is_write(const struct conv *c, const struct function *fn, const struct call *w,
		     const struct value *gpio)
{
	const struct value *line;

	if (w->nargs != 2 || !w->callee || (strcmp(w->callee, "gpio_set_value") &&
					    strcmp(w->callee, "gpio_set_value_cansleep") &&
					    strcmp(w->callee, "__gpio_set_value") &&
					    strcmp(w->callee, "gpio_direction_output")))
		return false;
	line = same_line(w->args[0], gpio) ? w->args[0] : conv_param_value_in(c, fn, w->args[0]);
	return line && same_line(line, gpio);
}

static bool is_delay(const struct call *w)
{
	static const char *const delays[] = { "msleep", "mdelay", "udelay", "usleep_range",
					      "ndelay", "ssleep", "msleep_interruptible" };

	for (size_t i = 0; w->callee && i < sizeof(delays) / sizeof(delays[0]); i++)
		if (!strcmp(w->callee, delays[i]))
			return true;
	return false;
}

/*
 * The level the board leaves the line at when only the function that
 * requests it writes it, with constants and no delay between the request
 * and a change (mx28evk's lcd-enable: requested low, set high at once):
 * that level, 0 or 1. -1 when the line is pulsed (a change after a delay:
 * a reset), written elsewhere or at run time.
 */
static int settled_level(const struct conv *c, const struct call *req, const struct value *gpio,
			 int level)
{
	int settled = -1;

	for (size_t i = 0; i < c->b->nfuncs; i++) {
		const struct function *fn = c->b->funcs[i];
		bool mine = false, after = false, delayed = false;
		const struct value *v;

		for (size_t k = 0; k < fn->ncalls; k++)
			mine |= fn->calls[k] == req;
		for (size_t k = 0; k < fn->ncalls; k++) {
			const struct call *w = fn->calls[k];

			after |= w == req;
			delayed |= after && is_delay(w);
			if (!is_write(c, fn, w, gpio))
				continue;
			/* a helper's level parameter (board-dnskw.c's dnskw_gpio_register(37,
			 * name, 1): output 0, then set to `def`): as its one caller passes it */
			v = conv_param_value_in(c, fn, w->args[1]);
			if (!mine || !after || !v || v->kind != VAL_INT)
				return -1;
			if (!v->ival != !level && delayed)
				return -1;
			level = !!v->ival;
			settled = level;
		}
	}
	return settled;
}

static const struct call *later_write(const struct conv *c, const struct value *gpio, int level,
				      const struct function **in)
{
	for (size_t i = 0; (gpio->kind == VAL_INT || gpio->kind == VAL_SYMBOLIC) && i < c->b->nfuncs; i++)
		for (size_t k = 0; k < c->b->funcs[i]->ncalls; k++) {
			const struct call *w = c->b->funcs[i]->calls[k];

			/* the same level written again (seaboard's VBUS: output 1, set 1): kept */
			if (w->nargs == 2 && w->args[1]->kind == VAL_INT && !w->args[1]->ival == !level)
				continue;
			if (is_write(c, c->b->funcs[i], w, gpio)) {
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
static const char *power_off_node(struct reg_ctx *r, const struct dt_chunk *tmp,
				  const struct call *w, const struct function *hook)
{
	bool low = w->args[1]->kind == VAL_INT && !w->args[1]->ival;

	return arena_printf(r->c->a, "%s (the level before power-off; %s in pm_power_off)",
			    conv_gpio_poweroff(r->c, tmp, w, low, hook->name), w->spelling);
}

const char *conv_gpio_poweroff(struct conv *c, const struct dt_chunk *line, const struct call *w,
			       bool low, const char *hook)
{
	struct dt_node *n = dt_node_add(c->t, c->t->root, "gpio-poweroff", NULL);
	struct dt_prop *p = dt_prop_set(c->t, n, "compatible");
	struct dt_chunk *ch;

	n->pos = w->pos;
	dt_prop_add_string(c->t, p, "gpio-poweroff");
	p->pos = w->pos;
	p->origin = "pm_power_off";
	p = dt_prop_set(c->t, n, "gpios");
	ch = dt_prop_add_cells(c->t, p);
	dt_chunk_add_ref(c->t, ch, line->cells[0].text);
	dt_chunk_add_u32(c->t, ch, line->cells[1].val);
	dt_chunk_add_macro(c->t, ch, low ? "GPIO_ACTIVE_LOW" : "GPIO_ACTIVE_HIGH", low ? 1 : 0);
	p->pos = w->pos;
	p->origin = w->spelling;
	conv_hook_made(c, hook, dt_node_path(c->t, n));
	return dt_node_path(c->t, n);
}

/*
 * A pulsed line the SoC pack's `reset_lines:` knows by its words: every word
 * of an entry in the line's label, its GPIO's spelling or the name of the
 * function that pulses it (mx53_loco_fec_reset(): gpio_request(LOCO_FEC_PHY_RST,
 * "fec-phy-reset"), low, then high) -> `prop` on &label, active at the
 * level the pulse starts with (the reset is held low: GPIO_ACTIVE_LOW), as
 * upstream imx53-qsb-common.dtsi writes `phy-reset-gpios` on &fec. The
 * property's path, or NULL.
 */
static const char *reset_line(struct conv *c, const struct value *gpio, const struct value *label,
			      const struct function *writer, const struct dt_chunk *line, bool high)
{
	const struct rnode *l = rn_get(c->soc, "reset_lines");
	const char *text = arena_printf(c->a, "%s %s %s %s",
					label && label->kind == VAL_STRING ? label->text : "",
					gpio->spelling ? gpio->spelling : "", writer ? writer->name : "",
					c->cur_fn ? c->cur_fn->name : "");

	for (size_t i = 0; l && line->ncells >= 2 && i < l->n; i++) {
		const struct rnode *words = rn_get(l->items[i], "words");
		bool all = words && words->n;

		for (size_t k = 0; all && k < words->n; k++)
			all = words->items[k]->scalar && str_contains_icase(text, words->items[k]->scalar);
		if (!all)
			continue;
		struct dt_node *n = dt_overlay(c->t, rn_str(l->items[i], "label"));
		struct dt_prop *p = dt_prop_set(c->t, n, rn_str(l->items[i], "prop"));
		struct dt_chunk *ch = dt_prop_add_cells(c->t, p);

		conv_add_cell(c, ch, &line->cells[0]);	/* the controller and the line */
		conv_add_cell(c, ch, &line->cells[1]);
		dt_chunk_add_macro(c->t, ch, high ? "GPIO_ACTIVE_HIGH" : "GPIO_ACTIVE_LOW", high ? 0 : 1);
		p->pos = gpio->pos;
		p->origin = gpio->spelling;
		return arena_printf(c->a, "&%s %s (a reset pulse; the pack's reset_lines entry %s)",
				    n->ref, p->name, rn_str(l->items[i], "label"));
	}
	return NULL;
}

/* One line to hog: the call's arguments, or one element of a struct gpio table. */
struct hog_in {
	const struct value *gpio, *flags, *label, *value;
	const char *origin;		/* the call or the table element */
	const struct call *req;		/* the call that requests the line */
	const char *level_from;		/* out: the later write that sets its level */
	const struct srcpos *pos;
	const char *todo;		/* out: why it is no hog */
};

/*
 * The hog node for one line: what it became (its path), or NULL with
 * in->todo set when the line is no hog (no controller, a pulsed line). A
 * value only known at run time (a callback's parameter) is no hog but a
 * runtime direction change; a line the pm_power_off hook drives is a
 * gpio-poweroff node.
 */
static const char *hog_one(struct reg_ctx *r, struct hog_in *in)
{
	struct conv *c = r->c;
	const struct value *gpio = in->gpio, *flags = in->flags, *label = in->label, *value = in->value;
	struct dt_chunk tmp = { 0 };
	struct dt_node *ctrl, *hog;
	struct dt_prop *p;
	long long fl = flags && flags->kind == VAL_INT ? flags->ival : 0;

	if (value && value->kind != VAL_INT)
		return "runtime GPIO direction: the level is set at run time";
	if (value)
		fl = value->ival ? GPIOF_INIT_HIGH : 0;
	if (!gpio || !conv_gpio_cells(c, gpio, &tmp, false)) {
		in->todo = gpio && gpio->kind == VAL_INT
			   ? arena_printf(c->a, "GPIO %lld: no controller provides it", gpio->ival)
			   : "GPIO number not known at build time";
		return NULL;
	}
	const struct function *writer = NULL;
	const struct call *w = fl & GPIOF_DIR_IN ? NULL
			       : later_write(c, gpio, !!(fl & GPIOF_INIT_HIGH), &writer);

	if (w && is_power_off(c, writer) && tmp.ncells >= 2 && tmp.cells[1].kind == CELL_U32)
		return power_off_node(r, &tmp, w, writer);
	int settled = w ? settled_level(c, in->req, gpio, !!(fl & GPIOF_INIT_HIGH)) : -1;
	const char *reset;

	if (settled >= 0) {	/* set once, at once, to its final level */
		fl = settled ? fl | GPIOF_INIT_HIGH : fl & ~GPIOF_INIT_HIGH;
		in->level_from = w->spelling;
	} else if (w && (reset = reset_line(c, gpio, label, writer, &tmp, !!(fl & GPIOF_INIT_HIGH)))) {
		return reset;
	} else if (w) {
		in->todo = arena_printf(c->a, "the line <&%s %u> is pulsed (%s): a reset or enable "
					"line, the *-gpios property of the device it drives (e.g. "
					"phy-reset-gpios), by hand", tmp.cells[0].text, tmp.cells[1].val,
					w->spelling);
		return NULL;
	}
	ctrl = conv_controller_overlay(c, tmp.cells[0].text);
	/* at most 31 characters in all, "-hog" kept (dtc cuts a longer name anywhere) */
	char *base = arena_node_name(c, hog_name(c, gpio, label));
	size_t blen = strlen(base) > 27 ? 27 : strlen(base);

	while (blen > 1 && base[blen - 1] == '-')
		blen--;
	hog = dt_node_add(c->t, ctrl, arena_printf(c->a, "%.*s-hog", (int)blen, base), NULL);
	hog->pos = *in->pos;
	dt_prop_set(c->t, hog, "gpio-hog")->pos = *in->pos;
	p = dt_prop_set(c->t, hog, "gpios");
	struct dt_chunk *ch = dt_prop_add_cells(c->t, p);

	conv_add_cell(c, ch, &tmp.cells[1]);	/* a number, or TEGRA_GPIO(D, 0) */
	dt_chunk_add_macro(c->t, ch, fl & GPIOF_ACTIVE_LOW ? "GPIO_ACTIVE_LOW" : "GPIO_ACTIVE_HIGH",
			   fl & GPIOF_ACTIVE_LOW ? 1 : 0);
	p->pos = gpio->pos;
	p->origin = in->origin;
	p = dt_prop_set(c->t, hog, fl & GPIOF_DIR_IN ? "input" : fl & GPIOF_INIT_HIGH ? "output-high"
										  : "output-low");
	p->pos = *in->pos;
	p->origin = in->level_from ? in->level_from : flags ? flags->spelling
			: value ? value->spelling : NULL;
	if (label && label->kind == VAL_STRING) {
		p = dt_prop_set(c->t, hog, "line-name");
		dt_prop_add_string(c->t, p, label->text);
		p->pos = label->pos;
	}
	return dt_node_path(c->t, hog);
}

/*
 * gpio_request_one(gpio, flags, label), or gpio_direction_output(gpio, value)
 * (the `value` argument: the board drives the line once at boot, after a
 * gpio_request).
 */
/*
 * gpio_direction_output(34, 1) after gpio_request(34, "SD_UART1_SEL") in
 * the same function (Kirkwood's openrd-setup.c): the request's label, the
 * hog's line-name; NULL when no request names that line first.
 */
static const struct value *request_label(const struct conv *c, const struct call *at,
					 const struct value *gpio)
{
	for (size_t f = 0; gpio && gpio->kind == VAL_INT && f < c->nreach; f++) {
		const struct function *fn = c->reach[f];
		const struct value *label = NULL;

		for (size_t k = 0; k < fn->ncalls; k++) {
			const struct call *cl = fn->calls[k];

			if (cl == at)
				return label;
			if (str_eq(cl->callee, "gpio_request") && cl->nargs == 2 &&
			    cl->args[0]->kind == VAL_INT && cl->args[0]->ival == gpio->ival &&
			    cl->args[1]->kind == VAL_STRING)
				label = cl->args[1];
		}
	}
	return NULL;
}

/* Does fn write a line that is its own parameter v (a level the helper sets itself)? */
static bool writes_param(const struct function *fn, const struct value *v)
{
	for (size_t k = 0; k < fn->ncalls; k++) {
		const struct call *w = fn->calls[k];

		if (w->nargs == 2 && w->callee && strstr(w->callee, "gpio_set_value") &&
		    str_eq(w->args[0]->spelling, v->spelling))
			return true;
	}
	return false;
}

/*
 * The request in a board wrapper called several times, each with its own
 * line (3.x nsa310-setup.c: nsa310_gpio_request(gpio, flags, label) around
 * gpio_request_one(), called for GPIO 48 and GPIO 21): one hog (or
 * gpio-poweroff node) per call of the wrapper, with that call's arguments,
 * each call a fact; false when the line is no such parameter, or the
 * wrapper also sets the line's level itself.
 */
static bool hog_sites(struct reg_ctx *r, const struct hog_in *proto)
{
	struct conv *c = r->c;
	const struct function *fn = c->cur_fn, **ins;
	const struct call **sites;
	size_t n = fn ? conv_param_sites(c, fn, proto->gpio, &sites, &ins) : 0;
	struct strbuf made = { 0 };

	if (n < 2 || writes_param(fn, proto->gpio))
		return false;
	for (size_t i = 0; i < n; i++) {
		const struct call *s = sites[i];
		const char *what = s->spelling ? s->spelling : s->callee;
		int state = conv_guard_state(c, s->guards, s->nguards);
		struct hog_in in = { conv_param_at(c, fn, s, ins[i], proto->gpio),
				     conv_param_at(c, fn, s, ins[i], proto->flags),
				     conv_param_at(c, fn, s, ins[i], proto->label),
				     conv_param_at(c, fn, s, ins[i], proto->value),
				     what, r->call, NULL, &s->pos, NULL };
		const char *path = state > 0 ? hog_one(r, &in) : NULL;

		if (state == 0)
			continue;
		if (state < 0)
			in.todo = arena_printf(c->a, "only when %s (decide with %s)",
					       conv_guard_text(c, s->guards, s->nguards),
					       conv_guard_hint(c, s->guards, s->nguards));
		entry_fact(c, what, in.gpio, path, in.todo);
		if (path)
			sb_addf(&made, "%s%s", made.len ? ", " : "", path);
		else
			dt_node_add_todo(c->t, NULL, &s->pos, what, in.todo);
	}
	reg_converted(r, arena_printf(c->a, "one per call of %s(): %s", fn->name,
				      made.len ? made.buf : "none converted"));
	sb_free(&made);
	return true;
}

bool reg_gpio_hog(struct reg_ctx *r)
{
	struct hog_in in = { reg_arg(r, "gpio"), reg_arg(r, "flags"), reg_arg(r, "label"),
			     reg_arg(r, "value"), r->call->spelling, r->call, NULL, &r->call->pos, NULL };
	const char *path;

	if (hog_sites(r, &in))
		return true;
	if (!in.label && in.value)
		in.label = request_label(r->c, r->call, in.gpio);
	path = hog_one(r, &in);

	if (path)
		reg_converted(r, path);
	else
		reg_todo(r, in.todo);
	return true;
}

/*
 * gpio_request_array(array, count) (2.6.3x - 4.x): a struct gpio table
 * ({ gpio, flags, label } each), one hog per element as gpio_request_one()
 * would make it; an element that is no hog is a TODO of its own.
 */
bool reg_gpio_hog_array(struct reg_ctx *r)
{
	struct conv *c = r->c;
	const struct variable *arr = conv_deref(c, reg_arg(r, "array"));

	if (!arr || !arr->init || !arr->is_array)
		return false;
	conv_mark_var(c, arr->name);
	for (size_t i = 0; i < table_len(arr, reg_arg(r, "count")); i++) {
		const struct value *e = arr->init->kids[i];
		const char *what = arena_printf(c->a, "%s[%zu]", arr->name, i);
		struct hog_in in = { conv_field(c, e, "gpio"), conv_field(c, e, "flags"),
				     conv_field(c, e, "label"), NULL, what, r->call, NULL, &e->pos, NULL };
		const char *path = hog_one(r, &in);

		entry_fact(c, what, e, path, in.todo);
		if (!path)
			dt_node_add_todo(c->t, NULL, &e->pos, what, in.todo);
	}
	reg_converted(r, arena_printf(c->a, "%s: one gpio-hog each", arr->name));
	return true;
}

/* --- A line only written, at boot ------------------------------------------ */

static bool is_set_value(const char *callee)
{
	return callee && (!strcmp(callee, "gpio_set_value") ||
			  !strcmp(callee, "gpio_set_value_cansleep") ||
			  !strcmp(callee, "__gpio_set_value"));
}

/*
 * Does fn run at boot: called, call by call, from a function of the
 * machine's record (not a `handler_fields:` one) or an initcall? A function
 * only handed on (an interrupt handler, a power-off hook, a device's
 * callback) runs later, at a time the tree cannot say.
 */
static bool runs_at_boot(const struct conv *c, const struct function *fn)
{
	const struct value *rec = c->m ? c->m->record : NULL;
	struct ptrvec todo = { 0 }, seen = { 0 };
	bool hit = false;

	for (size_t i = 0; rec && rec->kind == VAL_LIST && i < rec->nkids; i++)
		if (rec->kids[i]->kind == VAL_FUNC && rec->kids[i]->field &&
		    !conv_find_rule(c, c->rs->handler_fields, c->rs->nhandler_fields, "field",
				    rec->kids[i]->field))
			pv_push(&todo, (void *)rec->kids[i]->text);
	for (size_t i = 0; i < c->b->nvars; i++)
		if (conv_initcall(c->b->vars[i]))
			pv_push(&todo, (void *)conv_initcall(c->b->vars[i]));
	while (todo.len && !hit) {
		const struct function *f = board_find_func(c->b, todo.items[--todo.len]);
		bool old = false;

		for (size_t i = 0; f && i < seen.len; i++)
			old |= seen.items[i] == f;
		if (!f || old)
			continue;
		pv_push(&seen, (void *)f);
		hit = f == fn || str_eq(f->name, fn->name);
		for (size_t k = 0; k < f->ncalls; k++)
			pv_push(&todo, (void *)f->calls[k]->callee);
	}
	pv_free(&todo);
	pv_free(&seen);
	return hit;
}

/*
 * Does data of the board name the line: a member whose name says GPIO (an
 * LED's .gpio, a card-detect .gpio_cd) or the first member of a struct gpio
 * table element ({ 62, GPIOF_OUT_INIT_LOW, "hub_nreset" })?
 */
static bool data_names_line(const struct value *v, long long line, bool gpio_elem)
{
	if (!v)
		return false;
	if (v->kind == VAL_INT)
		return v->ival == line && (gpio_elem || (v->field && str_contains_icase(v->field, "gpio")));
	for (size_t i = 0; v->kind == VAL_LIST && i < v->nkids; i++)
		if (data_names_line(v->kids[i], line, !v->is_array && str_eq(v->type, "gpio") &&
				    v->kids[i]->index == 0 && !v->kids[i]->field))
			return true;
	return false;
}

/* Does any other call or data of the board name the line (a request, a direction, a write, its IRQ)? */
static bool line_used_elsewhere(const struct conv *c, const struct call *call, long long line)
{
	for (size_t i = 0; i < c->b->nvars; i++)
		if (data_names_line(c->b->vars[i]->init, line, false))
			return true;
	for (size_t i = 0; i < c->b->nfuncs; i++)
		for (size_t k = 0; k < c->b->funcs[i]->ncalls; k++) {
			const struct call *w = c->b->funcs[i]->calls[k];
			const struct value *v;

			if (w == call || !w->callee || !w->nargs ||
			    (strncmp(w->callee, "gpio_", 5) && strncmp(w->callee, "__gpio_", 7)))
				continue;
			v = conv_param_value_in(c, c->b->funcs[i], w->args[0]);
			if (v && v->kind == VAL_INT && v->ival == line)
				return true;
		}
	return false;
}

/*
 * gpio_set_value(N, level) in the init code, unconditionally, on a line no
 * other call of the board requests, directs, writes or takes as an
 * interrupt (3.x board-lsxl.c: gpio_set_value(LSXL_GPIO_USB_POWER, 1),
 * "usb and sata power on"): the line holds that level from boot on, a
 * gpio-hog at it. The era's kernel left the direction to the boot loader
 * (a GPO pin, an output it set); the hog sets it. False for any other
 * write: the ignore rule's "runtime GPIO write".
 */
bool conv_boot_gpio_write(struct conv *c, const struct function *fn, const struct call *call,
			  struct fact *f)
{
	const struct value *gpio, *level;
	struct reg_ctx r = { c, call, NULL, NULL, f };
	struct hog_in in = { NULL, NULL, NULL, NULL, call->spelling, call, NULL, &call->pos, NULL };
	const char *path;

	if (!is_set_value(call->callee) || call->nargs != 2 || !fn ||
	    conv_guard_state(c, call->guards, call->nguards) != 1)
		return false;
	gpio = conv_param_value_in(c, fn, call->args[0]);
	level = conv_param_value_in(c, fn, call->args[1]);
	if (!gpio || !level || gpio->kind != VAL_INT || level->kind != VAL_INT ||
	    line_used_elsewhere(c, call, gpio->ival) || !runs_at_boot(c, fn))
		return false;
	in.gpio = gpio;
	in.value = level;
	if (!(path = hog_one(&r, &in)))
		return false;
	reg_converted(&r, arena_printf(c->a, "%s (written at boot, never requested: the boot "
					     "loader's output; the hog makes it one)", path));
	return true;
}
