// SPDX-License-Identifier: GPL-2.0
/*
 * Stores that write a member the initializer leaves out:
 *
 *   static struct mci_platform_data ek_mmc_data = { .slot[1] = { ... } };
 *   if (ek_have_2mmc()) { ek_mmc_data.slot[0].bus_width = 4; ... }
 *
 * For a store the machine certainly makes (its guards hold for it), this
 * conversion's view of the variable gains the element or member the store's
 * path names (slot[0]), so that the store's value is read like any other
 * (engine_values.c) and the rules see slot[0] as if the initializer had
 * written it. A store of a whole element (ehci_pdata.reset_gpio_port[1] =
 * 21, mmc_data[0] = &mmc1_data) puts its value in that element.
 *
 * The board model is not changed: several machines of one file share it.
 * The conversion gets its own vars array (c->b) and copies of the lists on
 * the store's path; the rest of the initializer is shared. All growing
 * happens before any store is applied, since an override is keyed by the
 * list it belongs to. A store under an undecided guard does not grow the
 * variable: a member that exists only on some boards stays a TODO.
 */
#include "engine_int.h"

#include <stdlib.h>
#include <string.h>

#include "../common/util.h"

/* This conversion's own copy of the board's vars array, made once. */
static struct board *own_board(struct conv *c)
{
	struct board *b;

	if (c->own_board)
		return c->own_board;
	/* A shallow copy read through c->b only: its arena is never used. */
	b = arena_alloc(c->a, sizeof(*b));
	memcpy(b, c->b, sizeof(*b));
	b->vars = arena_alloc(c->a, (b->nvars ? b->nvars : 1) * sizeof(*b->vars));
	memcpy(b->vars, c->b->vars, b->nvars * sizeof(*b->vars));
	c->own_board = b;
	c->b = b;
	return b;
}

static struct value *copy_value(struct conv *c, const struct value *v)
{
	struct value *n = arena_alloc(c->a, sizeof(*n));

	memcpy(n, v, sizeof(*n));
	if (v->nkids) {
		n->kids = arena_alloc(c->a, v->nkids * sizeof(*n->kids));
		memcpy(n->kids, v->kids, v->nkids * sizeof(*n->kids));
	}
	return n;
}

/*
 * A list of elements, not members: an array, or (tolerant mode, the
 * struct's declaration synthesized) a list whose kids have no names.
 */
bool conv_list_indexed(const struct value *list)
{
	if (list->is_array)
		return true;
	for (size_t i = 0; i < list->nkids; i++)
		if (list->kids[i]->field)
			return false;
	return list->nkids > 0;
}

/* Put kid into list: arrays in index order, members after the others. */
static void put_kid(struct conv *c, struct value *list, struct value *kid)
{
	size_t at = list->nkids;
	struct value **kids = arena_alloc(c->a, (list->nkids + 1) * sizeof(*kids));

	if (conv_list_indexed(list))
		for (size_t i = 0; i < list->nkids && at == list->nkids; i++)
			if (list->kids[i]->index > kid->index)
				at = i;
	memcpy(kids, list->kids, at * sizeof(*kids));
	kids[at] = kid;
	memcpy(kids + at + 1, list->kids + at, (list->nkids - at) * sizeof(*kids));
	list->kids = kids;
	list->nkids++;
}

/*
 * One step of a store path: "[3]", ".name" or "->name" (*deref: through the
 * pointer the path has reached); false when it is none of them.
 */
bool conv_path_step(struct conv *c, const char **p, long *index, const char **name, bool *deref)
{
	const char *s = *p;
	char *end;

	*name = NULL;
	*deref = s[0] == '-' && s[1] == '>';
	if (*deref)
		s++;		/* "->name" reads as ".name" of the object pointed to */
	if (*s == '[' && !*deref) {
		*index = strtol(s + 1, &end, 0);
		if (end == s + 1 || *end != ']')
			return false;
		*p = end + 1;
		return true;
	}
	if (*s != '.' && *s != '>')
		return false;
	for (end = (char *)++s; *end && *end != '.' && *end != '[' && strncmp(end, "->", 2); end++)
		;
	if (end == s)
		return false;
	*name = arena_strndup(c->a, s, (size_t)(end - s));
	*p = end;
	return true;
}

long conv_find_kid(const struct value *list, long index, const char *name)
{
	for (size_t i = 0; i < list->nkids; i++)
		if (name ? str_eq(list->kids[i]->field, name) : list->kids[i]->index == index)
			return (long)i;
	return -1;
}

/*
 * Grow a copy of var's initializer along s's path; the copy, or NULL when
 * the path already exists (engine_values.c reads it), goes past what a
 * list can hold (a member of an int), or cannot be read. *whole: the
 * element holding the value of a store that wrote a whole one, else NULL.
 */
static struct value *grow(struct conv *c, const struct variable *var, const struct store *s,
			  struct value **whole)
{
	struct value *root = copy_value(c, var->init), *cur = root;
	const char *p = s->path;
	bool grew = false;

	*whole = NULL;
	while (*p) {
		const char *name;
		long index = 0, at;
		bool deref;

		/* never through a pointer: the object it points to is another variable */
		if (!conv_path_step(c, &p, &index, &name, &deref) || deref)
			return NULL;
		if (!*p && name)
			break;		/* the last member: a field override */
		if (cur->kind != VAL_LIST || conv_list_indexed(cur) != !name)
			return NULL;
		at = conv_find_kid(cur, index, name);
		/* An element past a top-level array's initializer may be past the
		 * array itself (omap3evm's gpio_leds[2] of a one-LED `[]` array):
		 * the model does not hold the declared size, so it stays a TODO. */
		if (at < 0 && cur == root && var->is_array)
			return NULL;
		if (!*p) {		/* [index] last: the element itself */
			struct value *el = copy_value(c, s->rhs);

			el->index = index;
			el->field = NULL;
			if (at >= 0)
				cur->kids[at] = el;
			else
				put_kid(c, cur, el);
			*whole = el;
			return root;
		}
		if (at >= 0) {
			if (cur->kids[at]->kind != VAL_LIST)
				return NULL;
			cur->kids[at] = copy_value(c, cur->kids[at]);
			cur = cur->kids[at];
			continue;
		}
		struct value *kid = arena_alloc(c->a, sizeof(*kid));

		kid->kind = VAL_LIST;
		kid->field = name;
		kid->index = name ? (long)cur->nkids : index;
		kid->type = name ? NULL : cur->type;	/* an array's elements share its tag */
		kid->is_array = *p == '[';
		kid->pos = s->pos;
		kid->spelling = s->spelling;
		put_kid(c, cur, kid);
		cur = kid;
		grew = true;
	}
	return grew ? root : NULL;
}

void conv_grow_stores(struct conv *c)
{
	for (size_t i = 0; i < c->nreach; i++)
		for (size_t j = 0; j < c->reach[i]->nstores; j++) {
			const struct store *s = c->reach[i]->stores[j];
			const struct variable *var = board_find_var(c->b, s->var);
			struct variable *nv;
			struct value *init, *whole;

			const struct value *list;
			const char *field;

			/* A path that exists needs no copy (engine_values.c reads it). */
			if (!var || !var->init || var->init->kind != VAL_LIST || !s->path ||
			    !*s->path || !s->rhs || conv_store_target(c, s, &list, &field) ||
			    conv_guard_state(c, s->guards, s->nguards) != 1)
				continue;
			if (!(init = grow(c, var, s, &whole)))
				continue;
			nv = arena_alloc(c->a, sizeof(*nv));
			memcpy(nv, var, sizeof(*nv));
			nv->init = init;
			for (size_t k = 0; k < own_board(c)->nvars; k++)
				if (c->own_board->vars[k] == var)
					c->own_board->vars[k] = nv;
			if (whole) {
				size_t n = c->nwhole_stores;

				arena_push(c->a, (void ***)&c->whole_values, &n, whole);
				arena_push(c->a, (void ***)&c->whole_stores, &c->nwhole_stores, (void *)s);
			}
		}
}

const char *conv_grown_condition(struct conv *c, const struct value *v)
{
	for (size_t i = 0; v && i < c->nwhole_stores; i++) {
		const struct store *s = c->whole_stores[i];

		for (size_t k = 0; c->whole_values[i] == v && k < s->nguards; k++)
			if (!s->guards[k]->exit)	/* not only early exits' guards */
				return conv_guard_text(c, s->guards, s->nguards);
	}
	return NULL;
}

bool conv_store_was_whole(const struct conv *c, const struct store *s)
{
	for (size_t i = 0; i < c->nwhole_stores; i++)
		if (c->whole_stores[i] == s)
			return true;
	return false;
}

/*
 * An object the helper a board calls defines in SoC code
 * (common-board-devices.c's ads7846_config, which omap_ads7846_init()
 * registers when the board passes no data of its own): this conversion's
 * view gains it, so that a pointer to it reads like one to the board's.
 */
void conv_add_var(struct conv *c, struct variable *var)
{
	struct board *b = own_board(c);
	struct variable **vars = arena_alloc(c->a, (b->nvars + 1) * sizeof(*vars));

	/* own_board() sized the array exactly: a new one, one longer */
	memcpy(vars, b->vars, b->nvars * sizeof(*vars));
	vars[b->nvars++] = var;
	b->vars = vars;
}
