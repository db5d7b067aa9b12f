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

void board_free(struct board *b)
{
	if (!b)
		return;
	arena_free(&b->arena);
	free(b);
}
