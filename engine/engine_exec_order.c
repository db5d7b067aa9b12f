// SPDX-License-Identifier: GPL-2.0
/*
 * The order the machine's calls run in: a call of a board function runs that
 * function's calls right there, before the caller's next call. The engine
 * converts the reached functions one after another (engine.c), so a pad
 * that 3.x mach-mx51_babbage.c's gpio_usbh1_active() sets to GPIO1_27 for a
 * reset pulse, and that mx51_babbage_init() sets back to USBH1_STP after
 * calling it, would end as the GPIO: what is set "later" is decided by this
 * rank instead (engine_pinmux_omap.c).
 */
#include "engine_int.h"

#include <string.h>

struct ranks {
	const struct call **calls;	/* in the order they run */
	size_t n;
	const struct function **seen;
	size_t nseen;
};

static bool seen(const struct ranks *r, const struct function *f)
{
	for (size_t i = 0; i < r->nseen; i++)
		if (r->seen[i] == f)
			return true;
	return false;
}

static void run(struct conv *c, struct ranks *r, const struct function *f, int depth)
{
	if (!f || seen(r, f) || !conv_reached(c, f) || depth > 64)
		return;
	arena_push(c->a, (void ***)&r->seen, &r->nseen, (void *)f);
	for (size_t i = 0; i < f->ncalls; i++) {
		arena_push(c->a, (void ***)&r->calls, &r->n, (void *)f->calls[i]);
		run(c, r, board_find_func(c->b, f->calls[i]->callee), depth + 1);
	}
}

long conv_call_rank(struct conv *c, const struct call *call)
{
	struct ranks *r = c->exec_order;

	if (!r) {
		r = c->exec_order = arena_alloc(c->a, sizeof(*r));
		for (size_t i = 0; i < c->nreach; i++)	/* the roots in the order they were reached */
			run(c, r, c->reach[i], 0);
	}
	for (size_t i = 0; call && i < r->n; i++)
		if (r->calls[i] == call)
			return (long)i;
	return -1;
}
