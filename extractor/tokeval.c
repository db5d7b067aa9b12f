// SPDX-License-Identifier: GPL-2.0
/*
 * Token-level evaluation, for where clang's AST has nothing to offer:
 * tolerant mode drops expressions (and whole initializers) that use an
 * unknown type or identifier. Here we expand the macros the TU defined
 * (collected once into a hash table, bodies tokenized on first use) and
 * evaluate the integer expression ourselves, with C precedence.
 *
 * Recursion is bounded twice: a macro is never re-expanded inside its own
 * expansion, and the depth and the output size are capped.
 */
#include "ex_internal.h"
#include "../common/limits.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH	B2D_MAX_MACRO_DEPTH
#define MAX_TOKENS	B2D_MAX_MACRO_TOKENS

struct macro {
	char *name;
	CXCursor def;
	bool loaded, func_like, variadic, active;
	char **params;
	int nparams;
	char **body;
	int nbody;
};

struct macro_tab {
	struct macro *v;
	size_t cap, n;
};

/* A token: its text, and the index of the source CXToken (or -1). */
struct tok {
	char *s;
	int src;
};

struct tvec {
	struct tok *v;
	int n, cap;
};

static void tv_push(struct tvec *t, const char *s, int src)
{
	if (t->n == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 32;
		t->v = xrealloc(t->v, t->cap * sizeof(*t->v));
	}
	t->v[t->n].s = xstrdup(s);
	t->v[t->n++].src = src;
}

static void tv_free(struct tvec *t)
{
	for (int i = 0; i < t->n; i++)
		free(t->v[i].s);
	free(t->v);
	t->v = NULL;
	t->n = t->cap = 0;
}

static unsigned long hash(const char *s)
{
	unsigned long h = 2166136261u;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

struct macro_tab *macro_tab_new(void)
{
	struct macro_tab *t = xcalloc(1, sizeof(*t));

	t->cap = 1024;
	t->v = xcalloc(t->cap, sizeof(*t->v));
	return t;
}

static void free_strs(char **v, int n)
{
	for (int i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

void macro_tab_free(struct macro_tab *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->cap; i++) {
		free(t->v[i].name);
		free_strs(t->v[i].params, t->v[i].nparams);
		free_strs(t->v[i].body, t->v[i].nbody);
	}
	free(t->v);
	free(t);
}

static struct macro *slot(struct macro_tab *t, const char *name)
{
	size_t i = hash(name) & (t->cap - 1);

	while (t->v[i].name && strcmp(t->v[i].name, name))
		i = (i + 1) & (t->cap - 1);
	return &t->v[i];
}

static void grow(struct macro_tab *t)
{
	struct macro *old = t->v;
	size_t n = t->cap;

	t->cap *= 2;
	t->v = xcalloc(t->cap, sizeof(*t->v));
	for (size_t i = 0; i < n; i++)
		if (old[i].name)
			*slot(t, old[i].name) = old[i];
	free(old);
}

/* A later #define of the same name replaces the earlier one. */
void macro_tab_add(struct macro_tab *t, CXCursor def)
{
	CXString s = clang_getCursorSpelling(def);
	const char *name = clang_getCString(s);
	struct macro *m;

	if (t->n * 2 >= t->cap)
		grow(t);
	m = slot(t, name);
	if (!m->name) {
		m->name = xstrdup(name);
		t->n++;
	}
	m->def = def;
	m->loaded = false;
	clang_disposeString(s);
}

static struct macro *lookup(struct ex *x, const char *name)
{
	struct macro *m;

	if (!x->macros || !(isalpha((unsigned char)name[0]) || name[0] == '_'))
		return NULL;
	m = slot(x->macros, name);
	return m->name ? m : NULL;
}

static void load(struct ex *x, struct macro *m)
{
	CXToken *toks;
	unsigned n, i = 1;
	char **sp;

	if (m->loaded)
		return;
	m->loaded = true;
	free_strs(m->params, m->nparams);
	free_strs(m->body, m->nbody);
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
	free_strs(sp, n);
}

struct expander {
	struct ex *x;
	bool failed;
	long steps;	/* work so far: arguments are expanded per use, so small outputs can cost 2^n */
};

static void expand(struct expander *e, struct tok *in, int n, struct tvec *out,
		   int depth);

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
			expand(e, args[p].v, args[p].n, &body, depth + 1);
		} else {
			tv_push(&body, m->body[b], -1);
		}
	}
	m->active = true;
	expand(e, body.v, body.n, out, depth + 1);
	m->active = false;
	tv_free(&body);
}

static void expand(struct expander *e, struct tok *in, int n, struct tvec *out,
		   int depth)
{
	e->steps += 1 + n;
	if (depth > MAX_DEPTH || out->n > MAX_TOKENS || e->steps > B2D_MAX_MACRO_STEPS) {
		e->failed = true;
		return;
	}
	for (int i = 0; i < n && !e->failed; i++) {
		struct macro *m = lookup(e->x, in[i].s);

		if (!m || m->active) {
			tv_push(out, in[i].s, in[i].src);
			continue;
		}
		load(e->x, m);
		if (!m->func_like) {
			struct tvec body = { 0 };

			for (int b = 0; b < m->nbody; b++)
				tv_push(&body, m->body[b], -1);
			m->active = true;
			expand(e, body.v, body.n, out, depth + 1);
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

/* ---- the integer expression evaluator ---- */

struct parser {
	struct tok *t;
	int n, i;
	bool bad;
};

static const char *peek(struct parser *p)
{
	return p->i < p->n ? p->t[p->i].s : "";
}

static bool accept(struct parser *p, const char *s)
{
	if (p->i < p->n && !strcmp(p->t[p->i].s, s)) {
		p->i++;
		return true;
	}
	return false;
}

static long long parse_cond(struct parser *p);

static long long number(struct parser *p, const char *s)
{
	char *end;
	unsigned long long v;

	if (s[0] == '\'') {
		p->i++;
		if (s[1] == '\\') {
			switch (s[2]) {
			case 'n': return '\n';
			case 't': return '\t';
			case 'r': return '\r';
			case '0': return strtol(s + 2, NULL, 8);
			case 'x': return strtol(s + 3, NULL, 16);
			default: return (unsigned char)s[2];
			}
		}
		return (unsigned char)s[1];
	}
	v = strtoull(s, &end, 0);
	while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
		end++;
	if (*end)
		p->bad = true;
	p->i++;
	return (long long)v;
}

static bool is_ident(const char *s)
{
	return isalpha((unsigned char)s[0]) || s[0] == '_';
}

static bool starts_operand(const char *s)
{
	return isalnum((unsigned char)s[0]) || s[0] == '_' || s[0] == '\'' ||
	       !strcmp(s, "(") || !strcmp(s, "~") || !strcmp(s, "!") ||
	       !strcmp(s, "-") || !strcmp(s, "+");
}

/* `(type words *)` followed by an operand: a cast, which we look through. */
static bool skip_cast(struct parser *p)
{
	int j = p->i + 1;

	if (j >= p->n || !is_ident(p->t[j].s))
		return false;
	while (j < p->n && (is_ident(p->t[j].s) || !strcmp(p->t[j].s, "*")))
		j++;
	if (j + 1 >= p->n || strcmp(p->t[j].s, ")") ||
	    !starts_operand(p->t[j + 1].s))
		return false;
	p->i = j + 1;
	return true;
}

static long long parse_unary(struct parser *p)
{
	const char *s = peek(p);

	if (p->bad || p->i >= p->n) {
		p->bad = true;
		return 0;
	}
	if (accept(p, "-"))
		return -parse_unary(p);
	if (accept(p, "+"))
		return parse_unary(p);
	if (accept(p, "~"))
		return ~parse_unary(p);
	if (accept(p, "!"))
		return !parse_unary(p);
	if (!strcmp(s, "(")) {
		long long v;

		if (skip_cast(p))
			return parse_unary(p);
		p->i++;
		v = parse_cond(p);
		if (!accept(p, ")"))
			p->bad = true;
		return v;
	}
	if (isdigit((unsigned char)s[0]) || s[0] == '\'')
		return number(p, s);
	p->bad = true;	/* an identifier no macro explains */
	return 0;
}

static int prec(const char *op)
{
	static const struct { const char *op; int prec; } t[] = {
		{ "*", 10 }, { "/", 10 }, { "%", 10 }, { "+", 9 }, { "-", 9 },
		{ "<<", 8 }, { ">>", 8 }, { "<", 7 }, { "<=", 7 }, { ">", 7 },
		{ ">=", 7 }, { "==", 6 }, { "!=", 6 }, { "&", 5 }, { "^", 4 },
		{ "|", 3 }, { "&&", 2 }, { "||", 1 },
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (!strcmp(op, t[i].op))
			return t[i].prec;
	return -1;
}

static long long apply(struct parser *p, const char *op, long long a, long long b)
{
	switch (op[0]) {
	case '*': return a * b;
	case '/': if (!b) { p->bad = true; return 0; } return a / b;
	case '%': if (!b) { p->bad = true; return 0; } return a % b;
	case '+': return a + b;
	case '-': return a - b;
	case '^': return a ^ b;
	case '<':
		if (op[1] == '<') return b >= 0 && b < 64 ? (long long)((unsigned long long)a << b) : 0;
		return op[1] == '=' ? a <= b : a < b;
	case '>':
		if (op[1] == '>') return b >= 0 && b < 64 ? a >> b : 0;
		return op[1] == '=' ? a >= b : a > b;
	case '=': return a == b;
	case '!': return a != b;
	case '&': return op[1] ? a && b : a & b;
	case '|': return op[1] ? a || b : a | b;
	}
	p->bad = true;
	return 0;
}

static long long parse_binary(struct parser *p, int minprec)
{
	long long lhs = parse_unary(p);

	while (!p->bad) {
		const char *op = peek(p);
		int pr = prec(op);

		if (pr < minprec || pr < 0)
			break;
		p->i++;
		lhs = apply(p, op, lhs, parse_binary(p, pr + 1));
	}
	return lhs;
}

static long long parse_cond(struct parser *p)
{
	long long c = parse_binary(p, 1), a, b;

	if (!accept(p, "?"))
		return c;
	a = parse_cond(p);
	if (!accept(p, ":"))
		p->bad = true;
	b = parse_cond(p);
	return c ? a : b;
}

static bool eval_toks(struct ex *x, struct tok *in, int n, long long *out)
{
	struct expander e = { .x = x };
	struct tvec ex = { 0 };
	struct parser p;
	bool ok;

	expand(&e, in, n, &ex, 0);
	p = (struct parser){ .t = ex.v, .n = ex.n };
	*out = parse_cond(&p);
	ok = !e.failed && !p.bad && p.i == p.n && ex.n > 0;
	tv_free(&ex);
	return ok;
}

/* Does body[0..n) start with '(' whose match is the last token? */
static bool wrapped(char **body, int n)
{
	int d = 0;

	if (n < 2 || strcmp(body[0], "(") || strcmp(body[n - 1], ")"))
		return false;
	for (int i = 0; i < n - 1; i++) {
		d += !strcmp(body[i], "(") - !strcmp(body[i], ")");
		if (d == 0)
			return false;
	}
	return true;
}

/* One macro step at a time: "A -> B + C -> 210", while it stays one name. */
static const char *chain(struct ex *x, const char *name, long long v)
{
	struct strbuf sb;
	struct macro *m = lookup(x, name);
	const char *r, *last = name;
	char num[32];

	sb_init(&sb);
	sb_add(&sb, name);
	for (int steps = 0; m && !m->func_like && steps < 8; steps++) {
		int b = 0, e = m->nbody;

		if (wrapped(m->body, e)) {
			b++;
			e--;
		}
		sb_add(&sb, " ->");
		for (int k = b; k < e; k++)
			sb_addf(&sb, " %s", m->body[k]);
		last = e - b == 1 ? m->body[b] : "";
		if (e - b != 1)
			break;
		m = lookup(x, m->body[b]);
		if (m)
			load(x, m);
	}
	snprintf(num, sizeof(num), "%lld", v);
	if (strcmp(last, num))
		sb_addf(&sb, " -> %s", num);
	r = arena_strdup(x->a, sb.buf);
	sb_free(&sb);
	return r;
}

/* ---- a tiny lexer for text that is not in a clang buffer ---- */

static void lex(const char *s, struct tvec *out)
{
	static const char *const puncts[] = {
		"<<=", ">>=", "...", "<<", ">>", "<=", ">=", "==", "!=", "&&",
		"||", "##", "->", "++", "--",
	};

	while (*s) {
		const char *b = s;
		char *t;

		if (isspace((unsigned char)*s)) {
			s++;
			continue;
		}
		if (isalnum((unsigned char)*s) || *s == '_') {
			while (isalnum((unsigned char)*s) || *s == '_' || *s == '.')
				s++;
		} else if (*s == '\'' || *s == '"') {
			char q = *s++;

			while (*s && *s != q)
				s += (*s == '\\' && s[1]) ? 2 : 1;
			if (*s)
				s++;
		} else {
			size_t k;

			for (k = 0; k < sizeof(puncts) / sizeof(puncts[0]); k++)
				if (!strncmp(s, puncts[k], strlen(puncts[k])))
					break;
			s += k < sizeof(puncts) / sizeof(puncts[0]) ?
				strlen(puncts[k]) : 1;
		}
		t = xstrndup(b, s - b);
		tv_push(out, t, -1);
		free(t);
	}
}

bool tok_eval_text(struct ex *x, const char *text, long long *out,
		   const char **expansion)
{
	struct tvec t = { 0 };
	bool ok;

	lex(text, &t);
	ok = eval_toks(x, t.v, t.n, out);
	if (ok && expansion && t.n == 1 && lookup(x, t.v[0].s))
		*expansion = chain(x, t.v[0].s, *out);
	tv_free(&t);
	return ok;
}

static void cx_tokens(struct ex *x, CXToken *toks, unsigned n, struct tvec *out)
{
	for (unsigned i = 0; i < n; i++) {
		CXString s = clang_getTokenSpelling(x->tu, toks[i]);

		if (clang_getTokenKind(toks[i]) != CXToken_Comment)
			tv_push(out, clang_getCString(s), (int)i);
		clang_disposeString(s);
	}
}

bool tok_eval_range(struct ex *x, CXSourceRange r, long long *out,
		    const char **expansion)
{
	CXToken *toks;
	unsigned n;
	struct tvec t = { 0 };
	bool ok;

	clang_tokenize(x->tu, r, &toks, &n);
	cx_tokens(x, toks, n, &t);
	clang_disposeTokens(x->tu, toks, n);
	ok = eval_toks(x, t.v, t.n, out);
	if (ok && expansion && t.n == 1 && lookup(x, t.v[0].s))
		*expansion = chain(x, t.v[0].s, *out);
	tv_free(&t);
	return ok;
}

/* ---- recovery of an initializer clang dropped ---- */

struct rx {
	struct ex *x;
	CXToken *cx;		/* source tokens, for positions and text */
	struct tok *t;
	int n, i;
};

static bool known(struct ptrvec *pv, const char *s)
{
	for (size_t i = 0; i < pv->len; i++)
		if (!strcmp(pv->items[i], s))
			return true;
	return false;
}

static struct value *rnew(struct rx *r, enum value_kind k, int at)
{
	struct value *v = arena_alloc(r->x->a, sizeof(*v));
	int src = at < r->n ? r->t[at].src : -1;

	v->kind = k;
	if (src >= 0)
		v->pos = ex_pos_loc(r->x, clang_getTokenLocation(r->x->tu,
								 r->cx[src]));
	return v;
}

/* Source text of tokens [b, e): from the file when both ends are real. */
static const char *rtext(struct rx *r, int b, int e)
{
	struct strbuf sb;
	const char *s;

	if (b < e && r->t[b].src >= 0 && r->t[e - 1].src >= 0) {
		CXSourceRange rb = clang_getTokenExtent(r->x->tu, r->cx[r->t[b].src]);
		CXSourceRange re = clang_getTokenExtent(r->x->tu, r->cx[r->t[e - 1].src]);
		char *t = ex_range_text(r->x, clang_getRange(
				clang_getRangeStart(rb), clang_getRangeEnd(re)));

		if (t)
			return t;
	}
	sb_init(&sb);
	for (int i = b; i < e; i++)
		sb_addf(&sb, "%s%s", i > b ? " " : "", r->t[i].s);
	s = arena_strdup(r->x->a, sb.buf);
	sb_free(&sb);
	return s;
}

static void unescape(struct ex *x, struct tok *t, int n, struct value *v)
{
	struct strbuf sb;

	sb_init(&sb);
	for (int k = 0; k < n; k++) {
		const char *s = t[k].s + 1;

		for (; *s && *s != '"'; s++) {
			if (*s != '\\') {
				sb_addc(&sb, *s);
				continue;
			}
			s++;
			switch (*s) {
			case 'n': sb_addc(&sb, '\n'); break;
			case 't': sb_addc(&sb, '\t'); break;
			case 'r': sb_addc(&sb, '\r'); break;
			case 'x': sb_addc(&sb, (char)strtol(s + 1, (char **)&s, 16)); s--; break;
			case '0': case '1': case '2': case '3':
				sb_addc(&sb, (char)strtol(s, (char **)&s, 8)); s--; break;
			default: sb_addc(&sb, *s); break;
			}
		}
	}
	ex_string_text(x, v, &sb);
}

static struct value *rvalue(struct rx *r, int b, int e)
{
	struct value *v;
	const char *s;
	bool strs = true;
	long long n;

	/* An empty initializer (`.x = ,` in broken code): no tokens to point at. */
	if (b >= e) {
		v = rnew(r, VAL_UNKNOWN, b);
		v->spelling = "";
		return v;
	}
	s = r->t[b].s;
	for (int i = b; i < e; i++)
		strs = strs && r->t[i].s[0] == '"';
	if (strs) {
		v = rnew(r, VAL_STRING, b);
		unescape(r->x, r->t + b, e - b, v);
	} else if (e - b == 1 && !strcmp(s, "NULL")) {
		v = rnew(r, VAL_NULL, b);
	} else if (!strcmp(s, "&") && e - b >= 2) {
		v = rnew(r, VAL_ADDR, b);
		v->text = rtext(r, b + 1, e);
	} else if (e - b == 1 && known(&r->x->known_funcs, s)) {
		v = rnew(r, VAL_FUNC, b);
		v->text = arena_strdup(r->x->a, s);
	} else if (e - b == 1 && known(&r->x->known_vars, s)) {
		v = rnew(r, VAL_ADDR, b);
		v->text = arena_strdup(r->x->a, s);
	} else if (eval_toks(r->x, r->t + b, e - b, &n)) {
		v = rnew(r, VAL_INT, b);
		v->ival = n;
		if (e - b == 1 && lookup(r->x, s))
			v->expansion = chain(r->x, s, n);
	} else {
		v = rnew(r, VAL_UNKNOWN, b);
	}
	v->spelling = rtext(r, b, e);
	return v;
}

static bool at(struct rx *r, const char *s)
{
	return r->i < r->n && !strcmp(r->t[r->i].s, s);
}

static struct value *rinit(struct rx *r, int depth);

/* `{ .a = 1, [2] = x, 3 }`, r->i on the `{`. Positional names are unknown. */
static struct value *rlist(struct rx *r, int depth)
{
	struct value *v = rnew(r, VAL_LIST, r->i);
	long next = 0;

	r->i++;
	while (r->i < r->n && !at(r, "}")) {
		const char *field = NULL;
		long idx = next;
		struct value *m;

		while (at(r, ".") && r->i + 1 < r->n) {
			field = arena_strdup(r->x->a, r->t[r->i + 1].s);
			r->i += 2;
		}
		if (at(r, "[")) {
			int b = ++r->i;
			long long n = 0;

			while (r->i < r->n && !at(r, "]"))
				r->i++;
			if (eval_toks(r->x, r->t + b, r->i - b, &n))
				idx = (long)n;
			r->i++;
			v->is_array = true;
		}
		if ((field || v->is_array) && at(r, "="))
			r->i++;
		m = rinit(r, depth + 1);
		m->field = field;
		m->index = field ? (long)v->nkids : idx;
		next = idx + 1;
		ex_value_push(r->x, v, m);
		if (!at(r, ","))
			break;
		r->i++;
	}
	r->i++;
	return v;
}

static struct value *rinit(struct rx *r, int depth)
{
	int b = r->i, d = 0;

	if (depth > MAX_DEPTH) {
		r->i = r->n;
		return rnew(r, VAL_UNKNOWN, b);
	}
	/* A compound literal `(struct x){...}` is its brace list. */
	if (at(r, "(") && r->i + 2 < r->n && !strcmp(r->t[r->i + 1].s, "struct")) {
		while (r->i < r->n && !at(r, ")"))
			r->i++;
		r->i++;
	}
	if (at(r, "{"))
		return rlist(r, depth);
	for (; r->i < r->n; r->i++) {
		const char *s = r->t[r->i].s;

		if (!strcmp(s, "(") || !strcmp(s, "[") || !strcmp(s, "{"))
			d++;
		else if (!strcmp(s, ")") || !strcmp(s, "]") || !strcmp(s, "}"))
			if (d-- == 0)
				break;
		if (d == 0 && (!strcmp(s, ",") || !strcmp(s, ";")))
			break;
	}
	return rvalue(r, b, r->i);
}

/*
 * Expand, in place, the macros that make initializer syntax (designators,
 * braces, compound literals: I2C_BOARD_INFO, REGULATOR_SUPPLY,
 * DEFINE_RES_MEM); others stay as written so values keep their spelling.
 */
static void expand_syntax_macros(struct ex *x, struct tvec *in, struct tvec *out)
{
	for (int i = 0; i < in->n; i++) {
		struct macro *m = lookup(x, in->v[i].s);
		struct expander e = { .x = x };
		struct tvec tmp = { 0 };
		int j = i;

		if (m)
			load(x, m);
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
		expand(&e, in->v + i, j + 1 - i, &tmp, 0);
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

struct value *tok_recover_init(struct ex *x, CXCursor var, unsigned limit)
{
	CXSourceRange ext = clang_getCursorExtent(var);
	CXSourceLocation start = clang_getRangeStart(ext), end;
	CXFile f;
	unsigned off, n;
	CXToken *toks;
	struct tvec raw = { 0 }, t = { 0 };
	struct rx r = { .x = x };
	struct value *v = NULL;
	int i;

	clang_getFileLocation(start, &f, NULL, NULL, &off);
	if (!f || limit <= off || limit - off > 65536)
		return NULL;
	end = clang_getLocationForOffset(x->tu, f, limit);
	clang_tokenize(x->tu, clang_getRange(start, end), &toks, &n);
	cx_tokens(x, toks, n, &raw);
	for (i = 0; i < raw.n && strcmp(raw.v[i].s, "=") &&
		    strcmp(raw.v[i].s, ";") && strcmp(raw.v[i].s, "{"); i++)
		;
	if (i < raw.n && !strcmp(raw.v[i].s, "=")) {
		struct tvec rest = { .v = raw.v + i + 1, .n = raw.n - i - 1 };

		expand_syntax_macros(x, &rest, &t);
		r.cx = toks;
		r.t = t.v;
		r.n = t.n;
		v = rinit(&r, 0);
	}
	tv_free(&t);
	tv_free(&raw);
	clang_disposeTokens(x->tu, toks, n);
	return v;
}

/*
 * A MACHINE_START record whose declaration clang threw away (with the
 * kernel's own <asm/mach/arch.h>, an unknown MACH_TYPE_* or handler name
 * loses the whole variable): read `MACHINE_START(ID, "name") .f = v, ...
 * MACHINE_END` from the tokens. Sets *id and *name; NULL when not found.
 */
struct value *tok_recover_machine(struct ex *x, unsigned off, unsigned limit,
				  const char **id, const char **name)
{
	CXFile f = x->main_file;
	CXSourceLocation start = clang_getLocationForOffset(x->tu, f, off);
	unsigned n;
	CXToken *toks;
	struct tvec raw = { 0 }, body = { 0 }, t = { 0 };
	struct rx r = { .x = x };
	struct value *v = NULL;
	int i;

	if (limit <= off || limit - off > 65536)
		return NULL;
	clang_tokenize(x->tu, clang_getRange(start,
			clang_getLocationForOffset(x->tu, f, limit)), &toks, &n);
	cx_tokens(x, toks, n, &raw);
	if (raw.n < 6 || strcmp(raw.v[1].s, "(") || strcmp(raw.v[3].s, ","))
		goto out;
	*id = arena_strdup(x->a, raw.v[2].s);
	tv_push(&body, "{", raw.v[0].src);
	tv_push(&body, ".", -1);
	tv_push(&body, "name", -1);
	tv_push(&body, "=", -1);
	for (i = 4; i < raw.n && strcmp(raw.v[i].s, ")"); i++)
		tv_push(&body, raw.v[i].s, raw.v[i].src);
	tv_push(&body, ",", -1);
	for (i++; i < raw.n && strcmp(raw.v[i].s, "MACHINE_END"); i++)
		tv_push(&body, raw.v[i].s, raw.v[i].src);
	tv_push(&body, "}", -1);
	expand_syntax_macros(x, &body, &t);
	r.cx = toks;
	r.t = t.v;
	r.n = t.n;
	v = rinit(&r, 0);
	*name = value_field_str(v, "name");
out:
	tv_free(&t);
	tv_free(&body);
	tv_free(&raw);
	clang_disposeTokens(x->tu, toks, n);
	return v;
}

/* ---- words: token texts for the struct synthesis (synth.c) ---- */

static char **words_of(struct tvec *t, int *n)
{
	char **w = xcalloc(t->n + 1, sizeof(*w));

	for (int i = 0; i < t->n; i++) {
		w[i] = t->v[i].s;	/* ownership moves to w */
		t->v[i].s = NULL;
	}
	*n = t->n;
	tv_free(t);
	return w;
}

void tok_words_free(char **w, int n)
{
	free_strs(w, n);
}

char **tok_words(struct ex *x, unsigned off, unsigned limit, int *n)
{
	CXSourceLocation a = clang_getLocationForOffset(x->tu, x->main_file, off);
	CXSourceLocation b = clang_getLocationForOffset(x->tu, x->main_file, limit);
	struct tvec raw = { 0 }, t = { 0 };
	CXToken *toks;
	unsigned nt;

	clang_tokenize(x->tu, clang_getRange(a, b), &toks, &nt);
	cx_tokens(x, toks, nt, &raw);
	clang_disposeTokens(x->tu, toks, nt);
	expand_syntax_macros(x, &raw, &t);
	tv_free(&raw);
	return words_of(&t, n);
}

char **tok_expand_words(struct ex *x, char **w, int n, int *nout)
{
	struct expander e = { .x = x };
	struct tvec in = { 0 }, out = { 0 };

	for (int i = 0; i < n; i++)
		tv_push(&in, w[i], -1);
	expand(&e, in.v, in.n, &out, 0);
	tv_free(&in);
	return words_of(&out, nout);
}

bool tok_eval_words(struct ex *x, char **w, int n, long long *out)
{
	struct tvec in = { 0 };
	bool ok;

	for (int i = 0; i < n; i++)
		tv_push(&in, w[i], -1);
	ok = eval_toks(x, in.v, in.n, out);
	tv_free(&in);
	return ok;
}
