// SPDX-License-Identifier: GPL-2.0
/*
 * Shared by the token-level evaluator (tokeval.c), the macro table and
 * expander (tok_macro.c) and the initializer recovery (tok_recover.c).
 */
#ifndef B2D_TOK_INTERNAL_H
#define B2D_TOK_INTERNAL_H

#include "ex_internal.h"
#include "../common/limits.h"
#include "../common/strmap.h"

#define MAX_DEPTH	B2D_MAX_MACRO_DEPTH
#define MAX_TOKENS	B2D_MAX_MACRO_TOKENS

struct macro {
	CXCursor def;
	bool loaded, func_like, variadic, active;
	char **params;
	int nparams;
	char **body;
	int nbody;
};

struct macro_tab {
	struct strmap names;	/* name -> index in v */
	struct ptrvec v;	/* struct macro * */
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
/* Tokens read back into values (tok_recover.c): the source tokens, their copies. */
struct rx {
	struct ex *x;
	CXToken *cx;		/* source tokens, for positions and text */
	struct tok *t;
	int n, i;
};

struct value *tok_rvalue(struct rx *r, int b, int e);
const char *tok_rtext(struct rx *r, int b, int e);

struct expander {
	struct ex *x;
	bool failed;
	long steps;	/* work so far: arguments are expanded per use, so small outputs can cost 2^n */
};
void tv_push(struct tvec *t, const char *s, int src);
void tv_free(struct tvec *t);

/* The #define named name, or NULL; tok_load tokenizes its body once. */
struct macro *tok_lookup(struct ex *x, const char *name);
void tok_load(struct ex *x, struct macro *m);
/* in[0..n) with the macros expanded onto out; e->failed past the caps. */
void tok_expand(struct expander *e, struct tok *in, int n, struct tvec *out,
		int depth);
/* Expand, in place, only the macros that make initializer syntax. */
void tok_expand_syntax(struct ex *x, struct tvec *in, struct tvec *out);
/* The spellings of clang's tokens, comments left out; src = the index. */
void tok_cx_tokens(struct ex *x, CXToken *toks, unsigned n, struct tvec *out);

/* Expand and evaluate in[0..n) as an integer expression. */
bool tok_eval_toks(struct ex *x, struct tok *in, int n, long long *out);
/* toks without the main file's preprocessor directive lines, into keep (nt slots); how many. */
unsigned tok_drop_directives(struct ex *x, CXToken *toks, unsigned nt, CXToken *keep);
/* "A -> B + C -> 210": how the macro name came to the value v. */
const char *tok_chain(struct ex *x, const char *name, long long v);

#endif
