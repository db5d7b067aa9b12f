// SPDX-License-Identifier: GPL-2.0
/*
 * Recovery of an initializer clang dropped (tolerant mode): the variable's
 * tokens, with the macros that make initializer syntax expanded
 * (tok_macro.c), read back into a value tree; also a MACHINE_START record
 * whose whole declaration clang threw away.
 */
#include "tok_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- recovery of an initializer clang dropped ---- */


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
const char *tok_rtext(struct rx *r, int b, int e)
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

struct value *tok_rvalue(struct rx *r, int b, int e)
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
		v->text = tok_rtext(r, b + 1, e);
	} else if (e - b == 1 && known(&r->x->known_funcs, s)) {
		v = rnew(r, VAL_FUNC, b);
		v->text = arena_strdup(r->x->a, s);
	} else if (e - b == 1 && known(&r->x->known_vars, s)) {
		v = rnew(r, VAL_ADDR, b);
		v->text = arena_strdup(r->x->a, s);
	} else if (tok_eval_toks(r->x, r->t + b, e - b, &n)) {
		v = rnew(r, VAL_INT, b);
		v->ival = n;
		if (e - b == 1 && tok_lookup(r->x, s))
			v->expansion = tok_chain(r->x, s, n);
	} else {
		v = rnew(r, VAL_UNKNOWN, b);
	}
	v->spelling = tok_rtext(r, b, e);
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
			if (tok_eval_toks(r->x, r->t + b, r->i - b, &n))
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
	return tok_rvalue(r, b, r->i);
}

/*
 * A struct initializer whose elements clang gave without their fields: the
 * struct's definition is invalid (a member of a type no header here
 * defines), so clang could not place `.gpio_base = 10`; the tokens still
 * name it.
 */
bool tok_fields_lost(const struct value *v)
{
	if (!v || v->kind != VAL_LIST || v->is_array)
		return false;
	for (size_t i = 0; i < v->nkids; i++)
		if (!v->kids[i]->field)
			return true;
	return false;
}

struct value *tok_recover_init(struct ex *x, CXCursor var, unsigned limit)
{
	CXSourceRange ext = clang_getCursorExtent(var);
	CXSourceLocation start = clang_getRangeStart(ext), end;
	CXFile f;
	unsigned off, n, nk;
	CXToken *toks, *keep;
	struct tvec raw = { 0 }, t = { 0 };
	struct rx r = { .x = x };
	struct value *v = NULL;
	int i;

	clang_getFileLocation(start, &f, NULL, NULL, &off);
	if (!f || limit <= off || limit - off > 65536)
		return NULL;
	end = clang_getLocationForOffset(x->tu, f, limit);
	clang_tokenize(x->tu, clang_getRange(start, end), &toks, &n);
	keep = xcalloc(n ? n : 1, sizeof(*keep));
	if (clang_File_isEqual(f, x->main_file)) {
		nk = tok_drop_directives(x, toks, n, keep);
	} else {	/* a header's tokens: tok_drop_directives reads the main file */
		memcpy(keep, toks, n * sizeof(*keep));
		nk = n;
	}
	tok_cx_tokens(x, keep, nk, &raw);
	for (i = 0; i < raw.n && strcmp(raw.v[i].s, "=") &&
		    strcmp(raw.v[i].s, ";") && strcmp(raw.v[i].s, "{"); i++)
		;
	if (i < raw.n && !strcmp(raw.v[i].s, "=")) {
		struct tvec rest = { .v = raw.v + i + 1, .n = raw.n - i - 1 };

		tok_expand_syntax(x, &rest, &t);
		r.cx = keep;
		r.t = t.v;
		r.n = t.n;
		v = rinit(&r, 0);
	}
	tv_free(&t);
	tv_free(&raw);
	free(keep);
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
	tok_cx_tokens(x, toks, n, &raw);
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
	tok_expand_syntax(x, &body, &t);
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
