// SPDX-License-Identifier: GPL-2.0
/*
 * The macros of the translation unit, for the token-level evaluation
 * (tokeval.c) and the initializer recovery (tok_recover.c): the #defines
 * collected once into a table by name (bodies tokenized on first use), token
 * vectors, and the expander, object- and function-like, with # and ##.
 *
 * Recursion is bounded twice: a macro is never re-expanded inside its own
 * expansion, and the depth, the output size and the work are capped.
 */
#include "tok_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tv_push(struct tvec *t, const char *s, int src)
{
	if (t->n == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 32;
		t->v = xrealloc(t->v, t->cap * sizeof(*t->v));
	}
	t->v[t->n].s = xstrdup(s);
	t->v[t->n++].src = src;
}

void tv_free(struct tvec *t)
{
	for (int i = 0; i < t->n; i++)
		free(t->v[i].s);
	free(t->v);
	t->v = NULL;
	t->n = t->cap = 0;
}

struct macro_tab *macro_tab_new(void)
{
	return xcalloc(1, sizeof(struct macro_tab));
}

void tok_words_free(char **v, int n)
{
	for (int i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

void macro_tab_free(struct macro_tab *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->v.len; i++) {
		struct macro *m = t->v.items[i];

		tok_words_free(m->params, m->nparams);
		tok_words_free(m->body, m->nbody);
		free(m);
	}
	pv_free(&t->v);
	strmap_free(&t->names);
	free(t);
}

/* A later #define of the same name replaces the earlier one. */
void macro_tab_add(struct macro_tab *t, CXCursor def)
{
	CXString s = clang_getCursorSpelling(def);
	size_t n = t->names.len, *at = strmap_slot(&t->names, clang_getCString(s));
	struct macro *m;

	if (t->names.len > n) {
		*at = t->v.len;
		pv_push(&t->v, xcalloc(1, sizeof(*m)));
	}
	m = t->v.items[*at];
	m->def = def;
	m->loaded = false;
	clang_disposeString(s);
}

struct macro *tok_lookup(struct ex *x, const char *name)
{
	size_t *at;

	if (!x->macros || !(isalpha((unsigned char)name[0]) || name[0] == '_'))
		return NULL;
	at = strmap_find(&x->macros->names, name);
	return at ? x->macros->v.items[*at] : NULL;
}

void tok_load(struct ex *x, struct macro *m)
{
	CXToken *toks;
	unsigned n, i = 1;
	char **sp;

	if (m->loaded)
		return;
	m->loaded = true;
	tok_words_free(m->params, m->nparams);
	tok_words_free(m->body, m->nbody);
	m->params = m->body = NULL;
	m->nparams = m->nbody = 0;
	m->func_like = clang_Cursor_isMacroFunctionLike(m->def);
	clang_tokenize(x->tu, clang_getCursorExtent(m->def), &toks, &n);
	sp = xcalloc(n + 1, sizeof(*sp));
	for (unsigned k = 0; k < n; k++) {
		CXString s = clang_getTokenSpelling(x->tu, toks[k]);

		sp[k] = xstrdup(clang_getCString(s));
		clang_disposeString(s);
	}
	clang_disposeTokens(x->tu, toks, n);
	if (m->func_like && n > 1 && !strcmp(sp[1], "(")) {
		m->params = xcalloc(n, sizeof(char *));
		for (i = 2; i < n && strcmp(sp[i], ")"); i++) {
			if (!strcmp(sp[i], ","))
				continue;
			if (!strcmp(sp[i], "...")) {
				m->variadic = true;
				m->params[m->nparams++] = xstrdup("__VA_ARGS__");
			} else {
				m->params[m->nparams++] = xstrdup(sp[i]);
			}
		}
		i++;
	}
	m->body = xcalloc(n + 1, sizeof(char *));
	for (; i < n; i++)
		m->body[m->nbody++] = xstrdup(sp[i]);
	tok_words_free(sp, n);
}

static int param_of(struct macro *m, const char *s)
{
	for (int i = 0; i < m->nparams; i++)
		if (!strcmp(m->params[i], s))
			return i;
	return -1;
}

/* Split `( a, b )` starting at in[*i] == "("; returns false when unbalanced. */
static bool collect_args(struct tok *in, int n, int *i, struct tvec *args,
			 int maxargs)
{
	int depth = 0, k = 0;

	for ((*i)++; *i < n; (*i)++) {
		const char *s = in[*i].s;

		if (!strcmp(s, "(")) {
			depth++;
		} else if (!strcmp(s, ")")) {
			if (depth-- == 0)
				return true;
		} else if (!strcmp(s, ",") && depth == 0 && k + 1 < maxargs) {
			k++;
			continue;
		}
		tv_push(&args[k], s, in[*i].src);
	}
	return false;
}

static void expand_func(struct expander *e, struct macro *m, struct tvec *args,
			struct tvec *out, int depth)
{
	struct tvec body = { 0 };

	for (int b = 0; b < m->nbody; b++) {
		int p = param_of(m, m->body[b]);

		if (!strcmp(m->body[b], "#") && b + 1 < m->nbody &&
		    (p = param_of(m, m->body[b + 1])) >= 0) {
			tv_push(&body, "\"?\"", -1);	/* stringizing: no ints */
			b++;
		} else if (!strcmp(m->body[b], "##") && body.n && b + 1 < m->nbody) {
			struct tok *last = &body.v[body.n - 1];
			const char *rhs = m->body[++b];
			int q = param_of(m, rhs);
			char *cat;

			if (q >= 0)
				rhs = args[q].n ? args[q].v[0].s : "";
			cat = xasprintf("%s%s", last->s, rhs);
			free(last->s);
			last->s = cat;
		} else if (p >= 0) {
			tok_expand(e, args[p].v, args[p].n, &body, depth + 1);
		} else {
			tv_push(&body, m->body[b], -1);
		}
	}
	m->active = true;
	tok_expand(e, body.v, body.n, out, depth + 1);
	m->active = false;
	tv_free(&body);
}

void tok_expand(struct expander *e, struct tok *in, int n, struct tvec *out,
		int depth)
{
	e->steps += 1 + n;
	if (depth > MAX_DEPTH || out->n > MAX_TOKENS || e->steps > B2D_MAX_MACRO_STEPS) {
		e->failed = true;
		return;
	}
	for (int i = 0; i < n && !e->failed; i++) {
		struct macro *m = tok_lookup(e->x, in[i].s);

		if (!m || m->active) {
			tv_push(out, in[i].s, in[i].src);
			continue;
		}
		tok_load(e->x, m);
		if (!m->func_like) {
			struct tvec body = { 0 };

			for (int b = 0; b < m->nbody; b++)
				tv_push(&body, m->body[b], -1);
			m->active = true;
			tok_expand(e, body.v, body.n, out, depth + 1);
			m->active = false;
			tv_free(&body);
		} else if (i + 1 < n && !strcmp(in[i + 1].s, "(")) {
			int na = m->nparams ? m->nparams : 1;
			struct tvec *args = xcalloc(na, sizeof(*args));

			i++;
			if (collect_args(in, n, &i, args, na))
				expand_func(e, m, args, out, depth);
			else
				e->failed = true;
			for (int a = 0; a < na; a++)
				tv_free(&args[a]);
			free(args);
		} else {
			tv_push(out, in[i].s, in[i].src);
		}
	}
}

void tok_cx_tokens(struct ex *x, CXToken *toks, unsigned n, struct tvec *out)
{
	for (unsigned i = 0; i < n; i++) {
		CXString s = clang_getTokenSpelling(x->tu, toks[i]);

		if (clang_getTokenKind(toks[i]) != CXToken_Comment)
			tv_push(out, clang_getCString(s), (int)i);
		clang_disposeString(s);
	}
}
/*
 * Expand, in place, the macros that make initializer syntax (designators,
 * braces, compound literals: I2C_BOARD_INFO, REGULATOR_SUPPLY,
 * DEFINE_RES_MEM); others stay as written so values keep their spelling.
 */
void tok_expand_syntax(struct ex *x, struct tvec *in, struct tvec *out)
{
	for (int i = 0; i < in->n; i++) {
		struct macro *m = tok_lookup(x, in->v[i].s);
		struct expander e = { .x = x };
		struct tvec tmp = { 0 };
		int j = i;

		if (m)
			tok_load(x, m);
		if (!m || !m->func_like || i + 1 >= in->n ||
		    strcmp(in->v[i + 1].s, "(")) {
			tv_push(out, in->v[i].s, in->v[i].src);
			continue;
		}
		for (int d = 0; j < in->n; j++) {
			if (!strcmp(in->v[j].s, "("))
				d++;
			else if (!strcmp(in->v[j].s, ")") && --d == 0)
				break;
		}
		if (j == in->n) {	/* unbalanced `M(...`: keep as written */
			tv_push(out, in->v[i].s, in->v[i].src);
			continue;
		}
		tok_expand(&e, in->v + i, j + 1 - i, &tmp, 0);
		if (!e.failed && tmp.n && (!strcmp(tmp.v[0].s, ".") ||
		    !strcmp(tmp.v[0].s, "{") || (tmp.n > 1 &&
		    !strcmp(tmp.v[0].s, "(") && !strcmp(tmp.v[1].s, "struct")))) {
			for (int k = 0; k < tmp.n; k++)
				tv_push(out, tmp.v[k].s, in->v[i].src);
			i = j;
		} else {
			tv_push(out, in->v[i].s, in->v[i].src);
		}
		tv_free(&tmp);
	}
}

