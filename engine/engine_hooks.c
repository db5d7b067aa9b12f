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
 */
#include "engine_int.h"

#include "../common/util.h"

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
		h->fact->fate = FACT_TODO;
		h->fact->reason = h->todo;
		dt_node_add_todo(c->t, NULL, &h->store->pos, h->fact->what, h->todo);
	}
}
