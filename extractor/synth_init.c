// SPDX-License-Identifier: GPL-2.0
/*
 * Shapes from initializers (tolerant mode, see synth.c): the words of one
 * initializer, `{ .a = 1, [2] = x, 3 }`, read into the shape of the struct
 * or array that would accept it, scalar kinds typed from the values.
 */
#include "synth_int.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

bool sy_at(struct synth *s, const char *t)
{
	return s->i < s->n && !strcmp(s->w[s->i], t);
}

bool sy_is_ident(const char *t)
{
	return isalpha((unsigned char)t[0]) || t[0] == '_';
}

/* End of the expression at s->i: a `,` `}` or `;` outside brackets. */
static int expr_end(struct synth *s, int b)
{
	int d = 0, i;

	for (i = b; i < s->n; i++) {
		const char *t = s->w[i];

		if (!strcmp(t, "(") || !strcmp(t, "[") || !strcmp(t, "{"))
			d++;
		else if (!strcmp(t, ")") || !strcmp(t, "]") || !strcmp(t, "}")) {
			if (d-- == 0)
				break;
		} else if (d == 0 && (!strcmp(t, ",") || !strcmp(t, ";"))) {
			break;
		}
	}
	return i;
}

/* `( type words * )` at w[b]: a cast; *ptr when it names a pointer. */
static int cast_len(char **w, int b, int n, bool *ptr)
{
	int j = b + 1;

	*ptr = false;
	if (b >= n || strcmp(w[b], "(") || j >= n || !sy_is_ident(w[j]))
		return 0;
	for (; j < n && (sy_is_ident(w[j]) || !strcmp(w[j], "*")); j++)
		*ptr = *ptr || !strcmp(w[j], "*");
	if (j >= n || strcmp(w[j], ")") || j + 1 >= n)
		return 0;
	return j + 1 - b;
}

static enum sk classify(struct synth *s, int b, int e)
{
	char **w = s->w, **x;
	int n, k;
	bool ptr;
	enum sk r = SK_INT;

	if (b >= e)
		return SK_NONE;
	if (e - b == 1 && !strcmp(w[b], "NULL"))
		return SK_NULL;
	if (w[b][0] == '"')
		return SK_STR;
	if (!strcmp(w[b], "&"))
		return SK_PTR;
	x = tok_expand_words(s->x, w + b, e - b, &n);
	/* Skip casts, `(type)(type)(x)`; stop at the first "(" that is not one. */
	k = 0;
	ptr = false;
	for (int len; !ptr && k < n && (len = cast_len(x, k, n, &ptr)) > 0;)
		k += len;
	if (n && x[0][0] == '"')
		r = SK_STR;
	else if (n && (!strcmp(x[0], "&") || ptr))
		r = SK_PTR;
	else if (n == 1 && (sy_in(&s->funcs, x[0]) || sy_in(&s->x->known_vars, x[0])))
		r = SK_PTR;
	tok_words_free(x, n);
	return r;
}

struct shape *sy_field(struct synth *s, struct shape *sh, const char *name)
{
	struct sfield *f;

	for (size_t i = 0; i < sh->nf; i++)
		if (!strcmp(sh->f[i]->name, name))
			return sh->f[i]->sh;
	f = arena_alloc(&s->a, sizeof(*f));
	f->name = arena_strdup(&s->a, name);
	f->sh = sy_shape_new(s, SK_NONE, arena_printf(&s->a, "%s__%s", sh->name,
				name[0] == '_' ? name + strspn(name, "_") : name));
	arena_push(&s->a, (void ***)&sh->f, &sh->nf, f);
	return f->sh;
}

static struct shape *nth_field(struct synth *s, struct shape *sh, size_t k)
{
	char name[32];

	if (k < sh->nf)
		return sh->f[k]->sh;
	snprintf(name, sizeof(name), "__b2d_p%zu", sh->nf);
	return sy_field(s, sh, name);
}

static struct shape *element(struct synth *s, struct shape *sh, long idx)
{
	if (!sh->elem)
		sh->elem = sy_shape_new(s, SK_NONE, sh->name);
	if (idx + 1 > sh->len)
		sh->len = idx + 1;
	return sh->elem;
}

static bool make(struct shape *sh, enum sk kind)
{
	if (sh->kind < SK_STRUCT)
		sh->kind = kind;
	return sh->kind == kind;
}

/* An index designator `[N]` or `[A ... B]`, s->i after `[`. */
static long index_of(struct synth *s, struct shape *arr)
{
	int b = s->i, e;
	long long v = 0;

	while (s->i < s->n && !sy_at(s, "]"))
		s->i++;
	e = s->i;
	for (int k = b; k < e; k++)
		if (!strcmp(s->w[k], "..."))
			b = k + 1;
	if (!tok_eval_words(s->x, s->w + b, e - b, &v) || v < 0 || v > 4096) {
		arr->unk_index = true;
		v = 0;
	}
	if (s->i < s->n)
		s->i++;
	return (long)v;
}

/* `{ .a = 1, [2] = x, 3 }`, s->i on the `{`, into sh. */
void sy_list(struct synth *s, struct shape *sh, int depth)
{
	struct shape dummy = { 0 };
	long next = 0;

	s->i++;
	if (sh->kind < SK_STRUCT) {
		if (sy_at(s, "."))
			make(sh, SK_STRUCT);
		else if (sy_at(s, "["))
			make(sh, SK_ARRAY);
		else
			make(sh, sh->top || sy_at(s, "}") ? SK_STRUCT : SK_ARRAY);
	}
	while (s->i < s->n && !sy_at(s, "}")) {
		struct shape *t = sh, *parent;
		bool first = true, designated = false;

		while ((sy_at(s, ".") || sy_at(s, "[")) && s->i + 1 < s->n && t != &dummy) {
			designated = true;
			if (sy_at(s, ".")) {
				const char *name = s->w[s->i + 1];

				s->i += 2;
				if (!sy_is_ident(name) || !make(t, SK_STRUCT)) {
					t = &dummy;
					break;
				}
				parent = t;
				t = sy_field(s, parent, name);
				for (size_t k = 0; first && k < parent->nf; k++)
					if (!strcmp(parent->f[k]->name, name))
						next = (long)k + 1;
			} else {
				long idx;

				s->i++;
				if (!make(t, SK_ARRAY)) {
					t = &dummy;
					break;
				}
				idx = index_of(s, t);
				if (first)
					next = idx + 1;
				t = element(s, t, idx);
			}
			first = false;
		}
		if (designated && sy_at(s, "="))
			s->i++;
		if (!designated) {
			t = sh->kind == SK_ARRAY ? element(s, sh, next) :
			    nth_field(s, sh, (size_t)next);
			next++;
		}
		if (t == &dummy)
			memset(&dummy, 0, sizeof(dummy));
		sy_init(s, t, depth + 1);
		if (!sy_at(s, ","))
			break;
		s->i++;
	}
	if (s->i < s->n)
		s->i++;
}

void sy_init(struct synth *s, struct shape *sh, int depth)
{
	int b = s->i;

	if (depth > MAX_DEPTH) {
		s->i = s->n;
		return;
	}
	/* `(struct foo){ ... }`: a compound literal of a named type */
	if (sy_at(s, "(") && s->i + 3 < s->n && !strcmp(s->w[s->i + 1], "struct") &&
	    sy_is_ident(s->w[s->i + 2]) && !strcmp(s->w[s->i + 3], ")") &&
	    s->i + 4 < s->n && !strcmp(s->w[s->i + 4], "{")) {
		struct tag *t = sy_find_tag(s, s->w[s->i + 2]);

		if (sh->kind < SK_STRUCT && !sh->named)
			sh->named = arena_printf(&s->a, "struct %s", s->w[s->i + 2]);
		s->i += 4;
		if (t && t->kind == TAG_STRUCT) {
			sy_list(s, t->sh, depth);
		} else {
			struct shape tmp = { .name = "", .top = true };

			sy_list(s, &tmp, depth);
		}
		return;
	}
	if (sy_at(s, "{")) {
		sy_list(s, sh, depth);
		return;
	}
	s->i = expr_end(s, b);
	sy_merge_scalar(sh, classify(s, b, s->i));
}
