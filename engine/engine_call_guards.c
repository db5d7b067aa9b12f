// SPDX-License-Identifier: GPL-2.0
/*
 * A board function called from one place only, under a guard, runs only
 * when that guard holds (openrd-setup.c of 3.2: `if (!uart1_mpp_config())`
 * in the else of `if (uart1 <= 0)`; uart1_mpp_config() drives the SD/UART
 * select lines for the UART). Its calls and stores get the call site's
 * guards in front of their own, so that they are taken, not taken or a
 * TODO as the call site is. A function called from several places, or
 * whose address the file takes (a callback, an initcall), keeps its own.
 * The machine's functions are replaced by such copies in c->reach (in
 * reach order, callers first, so guards add up along a chain of calls).
 */
#include "engine_int.h"

#include <string.h>

#include "../common/util.h"

/* Does v name function name as a pointer (VAL_FUNC) anywhere inside? */
static bool names_fn(const struct value *v, const char *name, int depth)
{
	if (!v || depth > 64)
		return false;
	if (v->kind == VAL_FUNC && str_eq(v->text, name))
		return true;
	for (size_t i = 0; (v->kind == VAL_LIST || v->kind == VAL_EXPR) && i < v->nkids; i++)
		if (names_fn(v->kids[i], name, depth + 1))
			return true;
	return false;
}

static bool address_taken(const struct conv *c, const char *name)
{
	if (names_fn(c->m->record, name, 0))
		return true;
	for (size_t i = 0; i < c->b->nvars; i++)
		if (names_fn(c->b->vars[i]->init, name, 0))
			return true;
	for (size_t i = 0; i < c->b->nfuncs; i++) {
		const struct function *f = c->b->funcs[i];

		for (size_t j = 0; j < f->ncalls; j++)
			for (size_t k = 0; k < f->calls[j]->nargs; k++)
				if (names_fn(f->calls[j]->args[k], name, 0))
					return true;
		for (size_t j = 0; j < f->nstores; j++)
			if (names_fn(f->stores[j]->rhs, name, 0))
				return true;
	}
	return false;
}

/* The one call of name in the file's functions, when it is in a reached one; else NULL. */
static const struct call *sole_site(const struct conv *c, const char *name)
{
	const struct call *site = NULL;
	size_t n = 0;

	for (size_t i = 0; i < c->b->nfuncs; i++) {
		const struct function *f = c->b->funcs[i];

		for (size_t j = 0; j < f->ncalls; j++)
			if (str_eq(f->calls[j]->callee, name))
				n++;
	}
	if (n != 1)
		return NULL;
	for (size_t i = 0; i < c->nreach; i++)
		for (size_t j = 0; j < c->reach[i]->ncalls; j++)
			if (str_eq(c->reach[i]->calls[j]->callee, name))
				site = c->reach[i]->calls[j];
	return site;
}

static struct guard **prefixed(struct conv *c, struct guard **pre, size_t npre,
			       struct guard **own, size_t nown)
{
	struct guard **g = arena_alloc(c->a, (npre + nown) * sizeof(*g));

	memcpy(g, pre, npre * sizeof(*g));
	if (nown)
		memcpy(g + npre, own, nown * sizeof(*g));
	return g;
}

/* f with the site's guards in front of each call's and store's own. */
static const struct function *guarded_copy(struct conv *c, const struct function *f,
					   const struct call *site)
{
	struct function *g = arena_alloc(c->a, sizeof(*g));

	*g = *f;
	g->calls = arena_alloc(c->a, (f->ncalls ? f->ncalls : 1) * sizeof(*g->calls));
	for (size_t i = 0; i < f->ncalls; i++) {
		struct call *k = arena_alloc(c->a, sizeof(*k));

		*k = *f->calls[i];
		k->guards = prefixed(c, site->guards, site->nguards, k->guards, k->nguards);
		k->nguards += site->nguards;
		g->calls[i] = k;
	}
	g->stores = arena_alloc(c->a, (f->nstores ? f->nstores : 1) * sizeof(*g->stores));
	for (size_t i = 0; i < f->nstores; i++) {
		struct store *s = arena_alloc(c->a, sizeof(*s));

		*s = *f->stores[i];
		s->guards = prefixed(c, site->guards, site->nguards, s->guards, s->nguards);
		s->nguards += site->nguards;
		g->stores[i] = s;
	}
	return g;
}

void conv_inherit_guards(struct conv *c)
{
	for (size_t i = 0; i < c->nreach; i++) {
		const struct function *f = c->reach[i];
		const struct call *site = sole_site(c, f->name);

		if (site && site->nguards && !address_taken(c, f->name))
			c->reach[i] = guarded_copy(c, f, site);
	}
}
