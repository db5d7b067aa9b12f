// SPDX-License-Identifier: GPL-2.0
/*
 * A call argument that reads a member or element of one of the file's own
 * variables (3.x board-rm9200ek.c: `at91_set_multi_drive(ek_udc_data.pullup_pin, 1)`;
 * `gpio_request(pins[1], ...)`) is the initializer's value there, when no
 * function of the file (nor of the sibling files joined to it) writes that
 * variable: the variable then holds its initializer whenever the call runs.
 * A member the initializer leaves out is not taken for 0 (tolerant mode may
 * have lost it: extractor/synth_grow.c), so it stays what it was. A variable
 * a function writes is read at the call only where that function stored the
 * member itself just before (stored_before()).
 */
#include "engine_int.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../common/util.h"

static bool ident_char(char ch)
{
	return isalnum((unsigned char)ch) || ch == '_';
}

/* Does a function of the file store into var (any member)? */
static bool written(const struct board *b, const char *var)
{
	for (size_t i = 0; i < b->nfuncs; i++)
		for (size_t k = 0; k < b->funcs[i]->nstores; k++)
			if (str_eq(b->funcs[i]->stores[k]->var, var))
				return true;
	return false;
}

/* The member `.name` (len bytes) of a struct initializer, or NULL. */
static const struct value *member(const struct conv *c, const struct value *v, const char *name,
				  size_t len)
{
	if (!v || v->kind != VAL_LIST || v->is_array)
		return NULL;
	return conv_field(c, v, arena_strndup(c->a, name, len));
}

/* Element [index] of an array initializer, or NULL. */
static const struct value *element(const struct value *v, long index)
{
	if (!v || v->kind != VAL_LIST || !v->is_array)
		return NULL;
	for (size_t i = 0; i < v->nkids; i++)
		if (v->kids[i]->index == index)
			return v->kids[i];
	return NULL;
}

/* Walk `.f`, `[n]` steps of the spelling after the variable's name; NULL when one fails. */
static const struct value *walk(const struct conv *c, const struct value *v, const char *p)
{
	while (v && *p) {
		const char *s;
		char *end;
		long n;

		while (isspace((unsigned char)*p))
			p++;
		if (*p == '.') {
			for (p++; isspace((unsigned char)*p); p++)
				;
			for (s = p; ident_char(*p); p++)
				;
			v = p > s ? member(c, v, s, (size_t)(p - s)) : NULL;
		} else if (*p == '[') {
			bool number;

			n = strtol(p + 1, &end, 0);
			number = end > p + 1 && n >= 0;
			for (p = end; isspace((unsigned char)*p); p++)
				;
			v = number && *p++ == ']' ? element(v, n) : NULL;
		} else if (*p) {
			return NULL;
		}
	}
	return v;
}

/*
 * `x.f = gpio + TWL4030_GPIO_MAX + 0; gpio_request_one(x.f, ...)` (3.x
 * board-devkit8000.c's TWL setup callback): the last store to x.f, with
 * no guard, in the function that makes the call, on a line before it:
 * what the argument reads there. (A store after the call, the error path's
 * `x.f = -EINVAL`, is not.) NULL when there is none.
 */
static const struct value *stored_before(const struct conv *c, const char *var, const char *path,
					 const struct value *arg)
{
	const struct function *fn = c->cur_fn;
	const struct value *r = NULL;
	unsigned line = 0;

	for (size_t k = 0; fn && k < fn->nstores; k++) {
		const struct store *s = fn->stores[k];

		if (str_eq(s->var, var) && str_eq(s->path, path) && !s->nguards && s->rhs &&
		    s->pos.line < arg->pos.line && s->pos.line >= line &&
		    str_eq(s->pos.file, arg->pos.file)) {
			r = s->rhs;
			line = s->pos.line;
		}
	}
	return r && r->kind != VAL_LIST && r->kind != VAL_UNKNOWN ? r : NULL;
}

const struct value *conv_read_value(const struct conv *c, const struct value *v)
{
	const struct variable *var;
	const struct value *r;
	const char *p;

	if (!v || v->kind != VAL_UNKNOWN || !v->spelling || v->nkids)
		return NULL;
	for (p = v->spelling; ident_char(*p); p++)
		;
	if (p == v->spelling || isdigit((unsigned char)*v->spelling) || !strchr(".[", *p))
		return NULL;
	var = board_find_var(c->b, arena_strndup(c->a, v->spelling, (size_t)(p - v->spelling)));
	if (var && var->init && written(c->b, var->name) && !strpbrk(p, " \t"))
		return stored_before(c, var->name, p, v);
	if (!var || !var->init || written(c->b, var->name))
		return NULL;
	r = walk(c, var->init, p);
	return r && r != var->init && r->kind != VAL_LIST && r->kind != VAL_UNKNOWN ? r : NULL;
}
