// SPDX-License-Identifier: GPL-2.0
/*
 * Hooks: a board function stored into a kernel pointer (`pm_power_off =
 * ts5325_power_off;`, rule `global_stores:` with a `todo:`). Whether the
 * device tree can say what the hook does is known only once the calls are
 * converted: the hog registration makes a gpio-poweroff node when the
 * hook drives a line the board requested (gpio_hog.c). So the store's fact
 * waits: the node made for its function converts it ("the gpio-poweroff
 * node"); otherwise it is the rule's TODO, as before. Stores and calls
 * run in one conversion, in that order (engine.c convert_machine()).
 *
 * A power-off hook that only drives one line, which the board does not
 * drive at boot (jive_power_off(): gpio_request_one(S3C2410_GPC(5),
 * GPIOF_OUT_INIT_HIGH, NULL); vr1000_power_off(): gpio_direction_output(
 * S3C2410_GPB(9), 1)), is a gpio-poweroff node too, active at the level it
 * writes first. A hook that also writes registers, or calls what no rule
 * ignores, stays the TODO.
 */
#include "engine_int.h"

#include "../common/util.h"

#include <string.h>

struct hook {
	const struct store *store;
	struct fact *fact;
	const char *todo;
};

struct made_hook {
	const char *fn;
	const char *became;
};

void conv_hook_store(struct conv *c, const struct store *s, struct fact *f, const char *todo)
{
	struct hook *h = arena_alloc(c->a, sizeof(*h));

	h->store = s;
	h->fact = f;
	h->todo = todo;
	arena_push(c->a, (void ***)&c->hooks, &c->nhooks, h);
}

void conv_hook_made(struct conv *c, const char *fn, const char *became)
{
	struct made_hook *m = arena_alloc(c->a, sizeof(*m));

	m->fn = fn;
	m->became = became;
	arena_push(c->a, (void ***)&c->made_hooks, &c->nmade_hooks, m);
}

static const char *made_for(const struct conv *c, const char *fn)
{
	for (size_t i = 0; fn && i < c->nmade_hooks; i++)
		if (str_eq(c->made_hooks[i]->fn, fn))
			return c->made_hooks[i]->became;
	return NULL;
}

/* The GPIO write of a call: its line and level; false if the call is no such write. */
static bool gpio_write(const struct call *k, const struct value **gpio, bool *high)
{
	const struct value *v = k->nargs >= 2 ? k->args[1] : NULL;

	if (!v || v->kind != VAL_INT)
		return false;
	*gpio = k->args[0];
	if (str_eq(k->callee, "gpio_set_value") || str_eq(k->callee, "gpio_direction_output")) {
		*high = v->ival != 0;
		return true;
	}
	if (str_eq(k->callee, "gpio_request_one") && !(v->ival & GPIOF_DIR_IN)) {
		*high = (v->ival & GPIOF_INIT_HIGH) != 0;
		return true;
	}
	return false;
}

/* The first GPIO write of hook fn when every call of it writes that one line or carries no fact. */
static const struct call *lone_gpio_write(struct conv *c, const struct function *fn, bool *high)
{
	const struct call *first = NULL;

	if (!fn || fn->nstores || fn->ncompounds)
		return NULL;
	for (size_t i = 0; i < fn->ncalls; i++) {
		const struct call *k = fn->calls[i];
		const struct value *g;
		bool h;

		if (gpio_write(k, &g, &h)) {
			if (g->kind != VAL_INT || (first && g->ival != first->args[0]->ival))
				return NULL;
			if (!first) {
				first = k;
				*high = h;
			}
		} else if (!str_eq(k->callee, "gpio_request") &&
			   !conv_find_rule(c, c->rs->ignore, c->rs->nignore, "call", k->callee)) {
			return NULL;
		}
	}
	return first;
}

/* pm_power_off = a hook that only drives one line: a gpio-poweroff node; true if made. */
static bool lone_gpio_hook(struct conv *c, const struct hook *h)
{
	const struct function *fn = h->store->rhs ? board_find_func(c->b, h->store->rhs->text) : NULL;
	struct dt_chunk line = { 0 };
	const struct call *w;
	bool high = false;

	/* a store under a condition nothing decides (3.x dns323: one hook per
	 * board revision) makes no node: which hook the board has is unknown */
	if (!str_eq(h->store->var, "pm_power_off") ||
	    (h->store->nguards && conv_guard_state(c, h->store->guards, h->store->nguards) != 1) ||
	    !(w = lone_gpio_write(c, fn, &high)) ||
	    !conv_gpio_cells(c, w->args[0], &line, false) || line.ncells < 2 ||
	    line.cells[1].kind != CELL_U32 ||
	    !conv_label_usable(c, line.cells[0].text))
		return false;	/* a controller defined nowhere (S3C2410's &gpb in 6.1): the TODO */
	h->fact->fate = FACT_CONVERTED;
	h->fact->became = arena_printf(c->a, "%s (the only line %s drives)",
				       conv_gpio_poweroff(c, &line, w, !high, fn->name), fn->name);
	return true;
}

/*
 * Does call k restart the machine the way the kernel's restart does: the
 * SoC's restart function (the record's `.restart`, or a `*_restart` the
 * board does not define) with the default hard mode (REBOOT_HARD,
 * REBOOT_COLD, the 3.x 'h')? pxa_restart(REBOOT_GPIO, NULL) is another
 * reset than the one the kernel's restart makes.
 */
static bool is_hard_restart(const struct conv *c, const struct call *k)
{
	const struct value *rec = c->m ? value_field(c->m->record, "restart") : NULL;
	const char *mode = k->nargs ? k->args[0]->spelling : NULL;
	size_t n = k->callee ? strlen(k->callee) : 0;

	if (!n || board_find_func(c->b, k->callee) || k->nargs > 2 ||
	    !(str_eq(k->callee, "machine_restart") ||
	      (rec && rec->kind == VAL_FUNC && str_eq(rec->text, k->callee)) ||
	      (n > 8 && !strcmp(k->callee + n - 8, "_restart"))))
		return false;
	return !mode || str_eq(mode, "REBOOT_HARD") || str_eq(mode, "REBOOT_COLD") ||
	       str_eq(mode, "'h'") || str_eq(mode, "NULL");
}

/*
 * pm_power_off = a hook whose only effect is that restart (3.x
 * board-lsxl.c's lsxl_power_off(): kirkwood_restart('h', NULL); the boot
 * loader waits for the power switch): the restart-poweroff binding, as
 * upstream kirkwood-lsxl.dtsi and orion5x-linkstation.dtsi; true if made.
 */
static bool restart_hook(struct conv *c, const struct hook *h)
{
	const struct function *fn = h->store->rhs ? board_find_func(c->b, h->store->rhs->text) : NULL;
	const struct call *restart = NULL;
	struct dt_node *n;
	struct dt_prop *p;

	if (!fn || fn->nstores || fn->ncompounds || !str_eq(h->store->var, "pm_power_off") ||
	    (h->store->nguards && conv_guard_state(c, h->store->guards, h->store->nguards) != 1))
		return false;
	for (size_t i = 0; i < fn->ncalls; i++) {
		const struct call *k = fn->calls[i];
		int state = conv_guard_state(c, k->guards, k->nguards);

		if (state == 0)
			continue;	/* another machine's (corgi's LED write but on the Corgi) */
		if (state < 0 || !k->callee || !strncmp(k->callee, "gpio_", 5) ||
		    !strncmp(k->callee, "__gpio_", 7))
			return false;	/* a line written too tells the boot loader something */
		if (!restart && is_hard_restart(c, k))
			restart = k;
		else if (!conv_ignore_rule_call(c, k))
			return false;
	}
	if (!restart)
		return false;
	n = dt_node_add(c->t, c->t->root, "restart-poweroff", NULL);
	n->pos = restart->pos;
	p = dt_prop_set(c->t, n, "compatible");
	dt_prop_add_string(c->t, p, "restart-poweroff");
	p->pos = restart->pos;
	p->origin = restart->spelling;
	h->fact->fate = FACT_CONVERTED;
	h->fact->became = arena_printf(c->a, "%s (%s only restarts the machine)",
				       dt_node_path(c->t, n), fn->name);
	return true;
}

void conv_finish_hooks(struct conv *c)
{
	for (size_t i = 0; i < c->nhooks; i++) {
		const struct hook *h = c->hooks[i];
		const char *made = made_for(c, h->store->rhs ? h->store->rhs->text : NULL);

		if (made) {
			h->fact->fate = FACT_CONVERTED;
			h->fact->became = arena_printf(c->a, "%s (what the hook drives)", made);
			continue;
		}
		if (lone_gpio_hook(c, h) || restart_hook(c, h))
			continue;
		h->fact->fate = FACT_TODO;
		h->fact->reason = h->todo;
		dt_node_add_todo(c->t, NULL, &h->store->pos, h->fact->what, h->todo);
	}
}
