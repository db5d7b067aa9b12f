// SPDX-License-Identifier: GPL-2.0
/*
 * Token-level evaluation, for where clang's AST has nothing to offer:
 * tolerant mode drops expressions (and whole initializers) that use an
 * unknown type or identifier. The tokens, with the TU's macros expanded
 * (tok_macro.c), are evaluated here as an integer expression with C
 * precedence; the words interface gives the struct synthesis (synth.c)
 * the same tokens.
 */
#include "tok_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

bool tok_eval_toks(struct ex *x, struct tok *in, int n, long long *out)
{
	struct expander e = { .x = x };
	struct tvec ex = { 0 };
	struct parser p;
	bool ok;

	tok_expand(&e, in, n, &ex, 0);
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
const char *tok_chain(struct ex *x, const char *name, long long v)
{
	struct strbuf sb;
	struct macro *m = tok_lookup(x, name);
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
		m = tok_lookup(x, m->body[b]);
		if (m)
			tok_load(x, m);
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
	ok = tok_eval_toks(x, t.v, t.n, out);
	if (ok && expansion && t.n == 1 && tok_lookup(x, t.v[0].s))
		*expansion = tok_chain(x, t.v[0].s, *out);
	tv_free(&t);
	return ok;
}

bool tok_eval_range(struct ex *x, CXSourceRange r, long long *out,
		    const char **expansion)
{
	CXToken *toks;
	unsigned n;
	struct tvec t = { 0 };
	bool ok;

	clang_tokenize(x->tu, r, &toks, &n);
	tok_cx_tokens(x, toks, n, &t);
	clang_disposeTokens(x->tu, toks, n);
	ok = tok_eval_toks(x, t.v, t.n, out);
	if (ok && expansion && t.n == 1 && tok_lookup(x, t.v[0].s))
		*expansion = tok_chain(x, t.v[0].s, *out);
	tv_free(&t);
	return ok;
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
/* The last line of the directive whose `#` is at offset off on line `line` (its `\` continuations). */
static unsigned directive_end(const char *buf, size_t size, unsigned off, unsigned line)
{
	for (size_t i = off; buf && i < size; i++) {
		if (buf[i] != '\n')
			continue;
		size_t k = i;

		while (k > off && (buf[k - 1] == '\r' || buf[k - 1] == ' ' || buf[k - 1] == '\t'))
			k--;
		if (k == off || buf[k - 1] != '\\')
			break;
		line++;
	}
	return line;
}

/*
 * The tokens of a range without its preprocessor directive lines: `#if
 * defined(CONFIG_X)`, `#else`, `#endif` (and their continuation lines) are
 * no initializer words; the tokens of both arms stay, so the synthesis
 * sizes `.port_mode[1]` written under an #if (3.x board-am3517evm.c), and
 * an initializer read from its tokens keeps `&keys_device` written under
 * #ifdef CONFIG_KEYBOARD_GPIO as the entry it is. Tokens of the main file.
 */
unsigned tok_drop_directives(struct ex *x, CXToken *toks, unsigned nt, CXToken *keep)
{
	size_t size = 0;
	const char *buf = clang_getFileContents(x->tu, x->main_file, &size);
	unsigned n = 0, skip_to = 0, last = 0;

	for (unsigned i = 0; i < nt; i++) {
		unsigned line, off;
		CXString sp;
		bool hash;

		clang_getSpellingLocation(clang_getTokenLocation(x->tu, toks[i]), NULL, &line, NULL,
					  &off);
		if (line <= skip_to) {
			last = line;
			continue;
		}
		sp = clang_getTokenSpelling(x->tu, toks[i]);
		hash = clang_getTokenKind(toks[i]) == CXToken_Punctuation &&
		       !strcmp(clang_getCString(sp), "#") && (i == 0 || line != last);
		clang_disposeString(sp);
		last = line;
		if (hash) {
			skip_to = directive_end(buf, size, off, line);
			continue;
		}
		keep[n++] = toks[i];
	}
	return n;
}

char **tok_words(struct ex *x, unsigned off, unsigned limit, int *n)
{
	CXSourceLocation a = clang_getLocationForOffset(x->tu, x->main_file, off);
	CXSourceLocation b = clang_getLocationForOffset(x->tu, x->main_file, limit);
	struct tvec raw = { 0 }, t = { 0 };
	CXToken *toks, *keep;
	unsigned nt, nk;

	clang_tokenize(x->tu, clang_getRange(a, b), &toks, &nt);
	keep = xcalloc(nt ? nt : 1, sizeof(*keep));
	nk = tok_drop_directives(x, toks, nt, keep);
	tok_cx_tokens(x, keep, nk, &raw);
	free(keep);
	clang_disposeTokens(x->tu, toks, nt);
	tok_expand_syntax(x, &raw, &t);
	tv_free(&raw);
	return words_of(&t, n);
}

char **tok_expand_words(struct ex *x, char **w, int n, int *nout)
{
	struct expander e = { .x = x };
	struct tvec in = { 0 }, out = { 0 };

	for (int i = 0; i < n; i++)
		tv_push(&in, w[i], -1);
	tok_expand(&e, in.v, in.n, &out, 0);
	tv_free(&in);
	return words_of(&out, nout);
}

bool tok_eval_words(struct ex *x, char **w, int n, long long *out)
{
	struct tvec in = { 0 };
	bool ok;

	for (int i = 0; i < n; i++)
		tv_push(&in, w[i], -1);
	ok = tok_eval_toks(x, in.v, in.n, out);
	tv_free(&in);
	return ok;
}
