// SPDX-License-Identifier: GPL-2.0
/*
 * Synthesized declarations for a second parse (tolerant mode).
 *
 * Without the kernel's headers clang marks a declaration invalid when its
 * struct type is unknown (`static struct s3c2410_uartcfg cfg[] = {...}`),
 * gives it type int, and then drops every expression that mentions it:
 * `s3c24xx_init_uarts(cfg, ARRAY_SIZE(cfg))` vanishes from the function
 * body. An undeclared identifier (a SoC macro no header defined) does the
 * same to the call or initializer it appears in.
 *
 * So after a first parse with errors we write a header that declares what
 * was missing, and parse again with it force-included:
 *
 *  - a struct whose tag was incomplete gets a definition derived from the
 *    main file's initializers of that type: `.hwport = 0` gives a field
 *    hwport. Field types follow the values: integers (and unknown macros)
 *    `long long`, string literals `const char *`, addresses, functions and
 *    NULL `void *`, a nested brace list a nested struct `struct X__field`
 *    (or an array when its members are `[N] =` or positional), positional
 *    members `__b2d_pN`;
 *  - an unknown type name gets such a struct (`typedef struct X X`) when it
 *    is initialized with designators, else `typedef long long X`;
 *  - an undeclared identifier becomes an enum constant (`enum { X = 7 };`,
 *    distinct small values so that `case X:` and `[X] =` stay valid), or
 *    `extern long long X;` when the file takes its address, assigns it or
 *    reads a member (`extern long long X[];` when it indexes it), or
 *    `typedef long long X;` when it is cast to: `(X)v`.
 *
 * The evaluator knows these are inventions: a value that depends on a
 * synthesized enum constant is unknown, not 7 (ex_refs_synth()), and the
 * names __b2d_pN and X__field never reach the board model.
 *
 * This file runs the steps and keeps what they share (the tags and the
 * text helpers); synth_missing.c reads what the first parse was missing,
 * synth_init.c the shapes of initializers, synth_vars.c the main file's
 * variables of those types and the members used on them, synth_emit.c
 * writes the header; synth_grow.c extends known structs.
 */
#include "synth_int.h"

#include <ctype.h>
#include <string.h>

bool sy_in(const struct ptrvec *pv, const char *s)
{
	for (size_t i = 0; i < pv->len; i++)
		if (!strcmp(pv->items[i], s))
			return true;
	return false;
}

struct tag *sy_find_tag(struct synth *s, const char *name)
{
	for (size_t i = 0; i < s->tags.len; i++) {
		struct tag *t = s->tags.items[i];

		if (!strcmp(t->name, name))
			return t;
	}
	return NULL;
}

struct shape *sy_shape_new(struct synth *s, enum sk kind, const char *name)
{
	struct shape *sh = arena_alloc(&s->a, sizeof(*sh));

	sh->kind = kind;
	sh->name = name;
	return sh;
}

struct tag *sy_add_tag(struct synth *s, const char *name, enum tag_kind kind)
{
	struct tag *t = sy_find_tag(s, name);

	if (t)
		return t;
	t = arena_alloc(&s->a, sizeof(*t));
	t->name = arena_strdup(&s->a, name);
	t->kind = kind;
	t->sh = sy_shape_new(s, kind == TAG_STRUCT ? SK_STRUCT : SK_NONE, t->name);
	t->sh->top = true;
	pv_push(&s->tags, t);
	return t;
}

bool sy_ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* `X =`, `X |=`, `X++`...: an assignment to X (not `X == y`). */
bool sy_assigned(const char *p, const char *end)
{
	static const char *const ops[] = {
		"<<=", ">>=", "|=", "&=", "+=", "-=", "*=", "/=", "%=", "^=",
		"++", "--",
	};

	if (p < end && p[0] == '=')
		return !(p + 1 < end && p[1] == '=');
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		size_t n = strlen(ops[i]);

		if ((size_t)(end - p) >= n && !memcmp(p, ops[i], n))
			return true;
	}
	return false;
}

bool sy_main_decl(struct synth *s, CXCursor c)
{
	CXFile f;

	clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
	return f && clang_File_isEqual(f, s->x->main_file);
}

int sy_name_index(struct synth *s, const char *name, bool not_tag)
{
	int p, d = 0;

	for (p = 0; p < s->n; p++) {
		const char *w = s->w[p];

		if (!strcmp(w, "{") || !strcmp(w, "(") || !strcmp(w, "["))
			d++;
		else if (!strcmp(w, "}") || !strcmp(w, ")") || !strcmp(w, "]"))
			d--;
		else if (d == 0 && !strcmp(w, name) && !(not_tag && p > 0 &&
			 (!strcmp(s->w[p - 1], "struct") ||
			  !strcmp(s->w[p - 1], "union") ||
			  !strcmp(s->w[p - 1], "enum"))))
			break;
	}
	return p;
}

bool sy_decl_span(struct synth *s, struct cvec *top, size_t i, bool expansion,
		  unsigned *off, unsigned *limit)
{
	CXSourceLocation l = clang_getRangeStart(clang_getCursorExtent(top->v[i]));
	CXFile f;

	if (expansion)
		clang_getExpansionLocation(l, &f, NULL, NULL, off);
	else
		clang_getFileLocation(l, &f, NULL, NULL, off);
	if (!f || !clang_File_isEqual(f, s->x->main_file))
		return false;
	*limit = ex_next_offset(s->x, top, i);
	return *limit > *off && *limit - *off <= 262144;
}

void sy_merge_scalar(struct shape *sh, enum sk k)
{
	if (sh->kind < SK_STRUCT && k > sh->kind)
		sh->kind = k;
}

char *ex_synth_header(struct ex *x, struct cvec *top, struct ex_overlays *ov)
{
	struct synth s = { .x = x };
	char *r = NULL;

	arena_init(&s.a);
	sy_scan_names(&s, top);
	sy_grow_scan(&s, top);
	sy_grow_emit(&s, ov);
	sy_scan_diagnostics(&s);
	for (size_t i = 0; i < top->n; i++)
		if (clang_getCursorKind(top->v[i]) == CXCursor_VarDecl &&
		    sy_main_decl(&s, top->v[i]))
			sy_incomplete_type(&s, top->v[i]);
	if (s.tags.len || s.idents.len) {
		sy_scan_vars(&s, top);
		sy_scan_members(&s);
		r = sy_emit(&s);
	}
	pv_free(&s.tags);
	pv_free(&s.vars);
	pv_free(&s.idents);
	pv_free(&s.decls);
	pv_free(&s.funcs);
	arena_free(&s.a);
	return r;
}

/* Is c (a declaration) one of ours? */
bool ex_is_synth(struct ex *x, CXCursor c)
{
	CXFile f;

	if (!x->synth_file)
		return false;
	clang_getFileLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
	return f && clang_File_isEqual(f, x->synth_file);
}

static enum CXChildVisitResult find_synth_ref(CXCursor c, CXCursor parent,
					      CXClientData data)
{
	struct ex *x = ((void **)data)[0];
	bool *found = ((void **)data)[1];

	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
		CXCursor d = clang_getCursorReferenced(c);

		if (clang_getCursorKind(d) == CXCursor_EnumConstantDecl &&
		    ex_is_synth(x, d)) {
			*found = true;
			return CXChildVisit_Break;
		}
	}
	return CXChildVisit_Recurse;
}

/* Does the expression use a synthesized enum constant (a value we invented)? */
bool ex_refs_synth(struct ex *x, CXCursor c)
{
	bool found = false;
	void *data[2] = { x, &found };

	if (!x->synth_file)
		return false;
	if (find_synth_ref(c, clang_getNullCursor(), data) == CXChildVisit_Break)
		return true;
	clang_visitChildren(c, find_synth_ref, data);
	return found;
}
