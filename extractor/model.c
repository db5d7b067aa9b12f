// SPDX-License-Identifier: GPL-2.0
#include "model.h"

#include <stdlib.h>
#include <string.h>

#include "../common/util.h"

struct variable *board_find_var(const struct board *b, const char *name)
{
	for (size_t i = 0; i < b->nvars; i++)
		if (str_eq(b->vars[i]->name, name))
			return b->vars[i];
	return NULL;
}

static bool fn_stores_all(const struct function *f, const char *name, size_t len,
			  bool (*rhs_ok)(const char *), size_t *stores)
{
	for (size_t k = 0; k < f->nstores; k++) {
		const struct store *s = f->stores[k];

		if (strlen(s->var) != len || strncmp(s->var, name, len) || *s->path)
			continue;
		if (!s->rhs || !s->rhs->spelling || !rhs_ok(s->rhs->spelling))
			return false;
		(*stores)++;
	}
	return true;
}

bool board_local_stores_all(const struct board *b, const struct function *fn, const char *name,
			    size_t len, bool (*rhs_ok)(const char *spelling))
{
	size_t stores = 0;

	if (!b || !name)
		return false;
	for (size_t i = 0; i < (fn ? 1 : b->nfuncs); i++)
		if (!fn_stores_all(fn ? fn : b->funcs[i], name, len, rhs_ok, &stores))
			return false;
	for (size_t i = 0; stores && i < b->nvars; i++)
		if (strlen(b->vars[i]->name) == len && !strncmp(b->vars[i]->name, name, len))
			return false;
	return stores > 0;
}

const char *skip_unlikely(const char *spelling)
{
	return spelling && !strncmp(spelling, "unlikely(", 9) ? spelling + 9 : spelling;
}

struct function *board_find_func(const struct board *b, const char *name)
{
	for (size_t i = 0; i < b->nfuncs; i++)
		if (str_eq(b->funcs[i]->name, name))
			return b->funcs[i];
	return NULL;
}

struct machine *board_find_machine(const struct board *b, const char *id)
{
	for (size_t i = 0; i < b->nmachines; i++)
		if (str_eq(b->machines[i]->id, id))
			return b->machines[i];
	return NULL;
}

struct value *value_field(const struct value *list, const char *field)
{
	if (!list || list->kind != VAL_LIST)
		return NULL;
	/* Last one wins, as in C when a designator repeats. */
	for (size_t i = list->nkids; i-- > 0;)
		if (str_eq(list->kids[i]->field, field))
			return list->kids[i];
	return NULL;
}

long long value_field_int(const struct value *list, const char *field, long long dflt)
{
	const struct value *v = value_field(list, field);

	return v && v->kind == VAL_INT ? v->ival : dflt;
}

const char *value_field_str(const struct value *list, const char *field)
{
	const struct value *v = value_field(list, field);

	return v && v->kind == VAL_STRING ? v->text : NULL;
}

static bool value_names(const struct value *v, const char *name)
{
	if (!v)
		return false;
	if (str_eq(v->spelling, name))
		return true;
	for (size_t i = 0; i < v->nkids; i++)
		if (value_names(v->kids[i], name))
			return true;
	return false;
}

static bool guards_name(struct guard *const *g, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (value_names(g[i]->cond, name))
			return true;
	return false;
}

bool board_guard_names(const struct board *b, const char *name)
{
	for (size_t i = 0; i < b->nfuncs; i++) {
		const struct function *f = b->funcs[i];

		for (size_t k = 0; k < f->ncalls; k++)
			if (guards_name(f->calls[k]->guards, f->calls[k]->nguards, name))
				return true;
		for (size_t k = 0; k < f->nstores; k++)
			if (guards_name(f->stores[k]->guards, f->stores[k]->nguards, name))
				return true;
	}
	return false;
}

void board_free(struct board *b)
{
	if (!b)
		return;
	for (size_t i = 0; i < b->nsiblings; i++)
		board_free(b->siblings[i]);
	for (size_t i = 0; i < b->nparses; i++)
		board_free(b->parses[i]);
	arena_free(&b->arena);
	free(b);
}
