// SPDX-License-Identifier: GPL-2.0
/*
 * A store through a local pointer writes into what the pointer points at:
 *
 *	struct davinci_soc_info *soc_info = &davinci_soc_info;
 *	soc_info->emac_pdata->phy_id = DM644X_EVM_PHY_ID;
 *
 *	struct gpio_led *l = &leds[0];
 *	l->active_low = 1;
 *
 * When the function sets the pointer once, to the address of a named object
 * (`&x`, `&x[0]`, an array name), each `p->path` store is the store
 * `x.path` (`x[0].path`), which the engine then converts as any other: into
 * the file's own variable, or a TODO for an object the file does not define.
 * A pointer set several times, or to what a call returns, points at nothing
 * the engine knows: apply_store makes those stores TODOs (engine_values.c).
 * The machine's functions are replaced by such copies in c->reach.
 */
#include "engine_int.h"

#include <string.h>

#include "../common/util.h"

/* The one `p = &x` of local p in f (no other assignment to p): its value; else NULL. */
static const struct value *sole_alias(const struct function *f, const char *p)
{
	const struct value *v = NULL;
	size_t n = 0;

	for (size_t i = 0; i < f->nstores; i++) {
		const struct store *s = f->stores[i];

		if (str_eq(s->var, p) && !*s->path) {
			n++;
			v = s->rhs;
		}
	}
	return n == 1 && v && v->kind == VAL_ADDR && v->text ? v : NULL;
}

static bool is_param(const struct function *f, const char *name)
{
	for (size_t k = 0; k < f->nparams; k++)
		if (str_eq(f->params[k], name))
			return true;
	return false;
}

/* p->path with p = &x[i]: the store x[i].path, else NULL. */
static struct store *through_alias(struct conv *c, const struct function *f, const struct store *s)
{
	const struct value *to;

	if (strncmp(s->path, "->", 2) != 0 || board_find_var(c->b, s->var) || s->global ||
	    is_param(f, s->var))
		return NULL;
	to = sole_alias(f, s->var);
	if (!to)
		return NULL;
	size_t base = strcspn(to->text, "[.");
	struct store *r = arena_alloc(c->a, sizeof(*r));

	*r = *s;
	r->var = arena_strndup(c->a, to->text, base);
	r->path = arena_printf(c->a, "%s.%s", to->text + base, s->path + 2);
	r->global = !board_find_var(c->b, r->var);
	return r;
}

static const struct function *resolved_copy(struct conv *c, const struct function *f)
{
	struct function *g = NULL;

	for (size_t i = 0; i < f->nstores; i++) {
		struct store *r = through_alias(c, f, f->stores[i]);

		if (!r)
			continue;
		if (!g) {
			g = arena_alloc(c->a, sizeof(*g));
			*g = *f;
			g->stores = arena_alloc(c->a, f->nstores * sizeof(*g->stores));
			memcpy(g->stores, f->stores, f->nstores * sizeof(*g->stores));
		}
		g->stores[i] = r;
	}
	return g ? g : f;
}

void conv_resolve_local_aliases(struct conv *c)
{
	for (size_t i = 0; i < c->nreach; i++)
		c->reach[i] = resolved_copy(c, c->reach[i]);
}
