// SPDX-License-Identifier: GPL-2.0
/*
 * Calls clang dropped from a function body (tolerant mode): a statement
 * `NAME(args);` whose expansion clang could not type leaves no cursor at
 * all. A 3.x i.MX board with its own devices-imx25.h beside it:
 * `imx25_add_imx_uart0(&uart_pdata)` expands to
 * `imx_add_imx_uart_1irq(&imx25_imx_uart_data[0], pdata)`, whose array of
 * a struct no header here defines makes the statement vanish without an
 * error in the board file. Its tokens still say what the board wrote: the
 * call is read from them, named as written (the name rules know), its
 * arguments as tok_recover.c reads initializer values.
 */
#include "tok_internal.h"

#include <string.h>

static unsigned exp_line(CXSourceLocation loc)
{
	unsigned line = 0;

	clang_getExpansionLocation(loc, NULL, &line, NULL, NULL);
	return line;
}

unsigned tok_stmt_line(CXCursor c)
{
	return exp_line(clang_getRangeStart(clang_getCursorExtent(c)));
}

/* Does a statement clang kept span that line? */
static bool kid_on_line(const struct cvec *kids, unsigned line)
{
	for (size_t i = 0; i < kids->n; i++) {
		CXSourceRange e = clang_getCursorExtent(kids->v[i]);

		if (exp_line(clang_getRangeStart(e)) <= line && line <= exp_line(clang_getRangeEnd(e)))
			return true;
	}
	return false;
}

static bool in_skipped(unsigned off, const CXSourceRangeList *sk)
{
	for (unsigned i = 0; sk && i < sk->count; i++) {
		unsigned b, e;

		clang_getFileLocation(clang_getRangeStart(sk->ranges[i]), NULL, NULL, NULL, &b);
		clang_getFileLocation(clang_getRangeEnd(sk->ranges[i]), NULL, NULL, NULL, &e);
		if (off >= b && off < e)
			return true;
	}
	return false;
}

static bool is_ident(const char *s)
{
	static const char *const kw[] = { "if", "else", "while", "for", "do", "switch",
					  "return", "sizeof", "case", "default", "goto" };

	if (!s[0] || !(s[0] == '_' || (s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z')))
		return false;
	for (size_t i = 0; i < sizeof(kw) / sizeof(kw[0]); i++)
		if (!strcmp(s, kw[i]))
			return false;
	return true;
}

/* The `)` closing `NAME(` at r->t[b], or -1 (a `;` or `{` first: no call). */
static int call_end(struct rx *r, int b)
{
	int depth = 0, e;

	if (b + 3 > r->n || !is_ident(r->t[b].s) || strcmp(r->t[b + 1].s, "("))
		return -1;
	for (e = b + 1; e < r->n; e++) {
		depth += !strcmp(r->t[e].s, "(") - !strcmp(r->t[e].s, ")");
		if (!depth || !strcmp(r->t[e].s, ";") || !strcmp(r->t[e].s, "{"))
			break;
	}
	return e < r->n && !depth ? e : -1;
}

/* The call r->t[b..e], e its `)`: named as written, its arguments read from the tokens. */
static struct call *read_call(struct rx *r, int b, int e)
{
	struct call *tc;
	int depth, a;

	tc = arena_alloc(r->x->a, sizeof(*tc));	/* a call of the block's function */
	tc->callee = arena_strdup(r->x->a, r->t[b].s);
	tc->pos = ex_pos_loc(r->x, clang_getTokenLocation(r->x->tu, r->cx[r->t[b].src]));
	tc->spelling = tok_rtext(r, b, e + 1);
	for (a = b + 2, depth = 0; b + 2 < e && a <= e; a++) {
		int k;

		for (k = a; k < e; k++) {
			depth += !strcmp(r->t[k].s, "(") + !strcmp(r->t[k].s, "{") -
				 !strcmp(r->t[k].s, ")") - !strcmp(r->t[k].s, "}");
			if (!depth && !strcmp(r->t[k].s, ","))
				break;
		}
		arena_push(r->x->a, (void ***)&tc->args, &tc->nargs, tok_rvalue(r, a, k));
		tc->args[tc->nargs - 1]->index = (long)tc->nargs - 1;
		a = k;
	}
	return tc;
}

/* One `NAME(args);` at r->t[b]: its call, r->i past it; NULL when it is none. */
static struct call *one_call(struct rx *r, int b)
{
	int e = call_end(r, b);

	if (e < 0 || e + 1 >= r->n || strcmp(r->t[e + 1].s, ";"))
		return NULL;
	r->i = e + 2;
	return read_call(r, b, e);
}

size_t tok_block_calls(struct ex *x, CXCursor block, const struct cvec *kids,
		       struct call ***out)
{
	CXSourceRange ext = clang_getCursorExtent(block);
	CXSourceRangeList *sk = clang_getSkippedRanges(x->tu, x->main_file);
	CXToken *toks, *keep;
	unsigned n, nk;
	struct tvec raw = { 0 };
	struct rx r = { .x = x };
	int depth = 0;
	size_t found = 0;
	CXFile f;

	*out = NULL;
	/* a block written in the board file, not one a macro brought (readl()'s
	 * statement expression, whose location is the macro's): its text there
	 * starts with its brace */
	size_t size = 0;
	const char *buf = clang_getFileContents(x->tu, x->main_file, &size);
	unsigned at;

	clang_getExpansionLocation(clang_getRangeStart(ext), &f, NULL, NULL, &at);
	if (!f || !clang_File_isEqual(f, x->main_file) || !buf || at >= size || buf[at] != '{') {
		clang_disposeSourceRangeList(sk);
		return 0;
	}
	clang_tokenize(x->tu, ext, &toks, &n);
	keep = xcalloc(n ? n : 1, sizeof(*keep));
	nk = tok_drop_directives(x, toks, n, keep);
	/* tokens of #if arms the preprocessor skipped are no code of this build */
	unsigned live = 0;

	for (unsigned i = 0; i < nk; i++) {
		unsigned off;

		clang_getFileLocation(clang_getTokenLocation(x->tu, keep[i]), NULL, NULL, NULL, &off);
		if (!in_skipped(off, sk))
			keep[live++] = keep[i];
	}
	tok_cx_tokens(x, keep, live, &raw);
	r.cx = keep;
	r.t = raw.v;
	r.n = raw.n;
	/* statements of this block (depth 1: inside its braces), each after ; { or } */
	for (r.i = 0; r.i < r.n;) {
		const char *s = r.t[r.i].s, *prev = r.i ? r.t[r.i - 1].s : "";
		struct call *tc = NULL;

		if (depth == 1 && (!strcmp(prev, ";") || !strcmp(prev, "{") || !strcmp(prev, "}")))
			tc = one_call(&r, r.i);
		if (tc) {	/* only those no statement clang kept stands for */
			if (!kid_on_line(kids, tc->pos.line))
				arena_push(x->a, (void ***)out, &found, tc);
			continue;
		}
		depth += !strcmp(s, "{") - !strcmp(s, "}");
		r.i++;
	}
	tv_free(&raw);
	free(keep);
	clang_disposeTokens(x->tu, toks, n);
	clang_disposeSourceRangeList(sk);
	return found;
}

/* Did an earlier call of the function, at the same place, take the written form? */
static bool written_taken(struct ex *x, const struct call *call)
{
	for (size_t i = 0; i + 1 < x->fn->ncalls; i++)
		if (x->fn->calls[i]->written && x->fn->calls[i]->pos.line == call->pos.line &&
		    x->fn->calls[i]->pos.col == call->pos.col)
			return true;
	return false;
}

/*
 * The call as the board file wrote it, when clang's call c (just recorded
 * as call) came from a function-like macro of a header: with the BSP's own
 * devices-imx6q.h beside the board, `imx6q_add_vpu()` is clang's
 * `imx_add_vpu(&imx6q_vpu_data)`, a name no rule knows. The board file's
 * `NAME(args)` at the expansion is read from its tokens, with the call's
 * guards; the engine takes it when the rules know NAME and not the callee
 * (conv_ruled_call()). NULL when the text there is the callee itself, or no
 * call; one statement's expansion gives its written form to one call only.
 */
struct call *tok_written_call(struct ex *x, CXCursor c, const struct call *call)
{
	CXSourceLocation loc = clang_getRangeStart(clang_getCursorExtent(c));
	CXFile f;
	unsigned off, nt;
	size_t size = 0, n;
	const char *buf = clang_getFileContents(x->tu, x->main_file, &size);
	CXToken *toks;
	struct tvec raw = { 0 };
	struct rx r = { .x = x };
	struct call *w = NULL;
	int e;

	clang_getExpansionLocation(loc, &f, NULL, NULL, &off);
	if (call->nested || !buf || !f || !clang_File_isEqual(f, x->main_file) || off >= size ||
	    written_taken(x, call))
		return NULL;
	n = strspn(buf + off, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
	if (!n || (strlen(call->callee) == n && !strncmp(buf + off, call->callee, n)))
		return NULL;
	/* NAME( ... up to the line's end is enough to find its `)` */
	size_t end = off + n;

	while (end < size && buf[end] != ';' && buf[end] != '{')
		end++;
	clang_tokenize(x->tu, clang_getRange(clang_getLocationForOffset(x->tu, x->main_file, off),
					     clang_getLocationForOffset(x->tu, x->main_file, (unsigned)end)),
		       &toks, &nt);
	tok_cx_tokens(x, toks, nt, &raw);
	r.cx = toks;
	r.t = raw.v;
	r.n = raw.n;
	if ((e = call_end(&r, 0)) > 0) {
		w = read_call(&r, 0, e);
		w->guards = call->guards;
		w->nguards = call->nguards;
	}
	tv_free(&raw);
	clang_disposeTokens(x->tu, toks, nt);
	return w;
}
