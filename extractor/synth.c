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
 */
#include "ex_internal.h"
#include "synth_int.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>


static bool in(const struct ptrvec *pv, const char *s)
{
	for (size_t i = 0; i < pv->len; i++)
		if (!strcmp(pv->items[i], s))
			return true;
	return false;
}

static struct tag *find_tag(struct synth *s, const char *name)
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

static struct tag *add_tag(struct synth *s, const char *name, enum tag_kind kind)
{
	struct tag *t = find_tag(s, name);

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

static struct ident *find_ident(struct synth *s, const char *name)
{
	for (size_t i = 0; i < s->idents.len; i++) {
		struct ident *id = s->idents.items[i];

		if (!strcmp(id->name, name))
			return id;
	}
	return NULL;
}

/* ---- what the first parse was missing ---- */

/* The quoted name after `prefix` in a diagnostic, "struct " dropped. */
static const char *quoted(struct synth *s, const char *msg, const char *prefix,
			  const char *kw)
{
	const char *p, *e;
	size_t n = strlen(prefix);

	if (strncmp(msg, prefix, n))
		return NULL;
	p = msg + n;
	while (!strncmp(p, "const ", 6) || !strncmp(p, "volatile ", 9))
		p += p[0] == 'c' ? 6 : 9;
	if (kw) {
		if (strncmp(p, kw, strlen(kw)))
			return NULL;
		p += strlen(kw);
	}
	e = strchr(p, '\'');
	if (!e || e == p || memchr(p, ' ', e - p))
		return NULL;
	return arena_strndup(&s->a, p, e - p);
}

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

enum use { USE_VALUE, USE_CAST, USE_INDEX, USE_OBJECT };

/* `(X)` followed by an operand: X names a type. */
static bool cast_use(const char *buf, size_t size, size_t off, size_t len)
{
	long b = (long)off - 1;
	size_t e = off + len;

	/* `(const X)`, `(__force X)`: words before X are qualifiers */
	while (b >= 0 && (isspace((unsigned char)buf[b]) || ident_char(buf[b])))
		b--;
	if (b < 0 || buf[b] != '(')
		return false;
	while (e < size && isspace((unsigned char)buf[e]))
		e++;
	if (e >= size || buf[e] != ')')
		return false;
	for (e++; e < size && isspace((unsigned char)buf[e]); e++)
		;
	return e < size && (ident_char(buf[e]) || buf[e] == '(' ||
			    buf[e] == '~' || buf[e] == '!' || buf[e] == '&' ||
			    buf[e] == '\'' || buf[e] == '"');
}

/* `X =`, `X |=`, `X++`...: an assignment to X (not `X == y`). */
static bool assigned(const char *p, const char *end)
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

/*
 * How the identifier at buf[off..off+len) is used: a cast `(X)v`, indexed
 * `X[`, an object (`&X` unary, `X.`, `X->`, assigned), or a value.
 */
static enum use use_of(const char *buf, size_t size, size_t off, size_t len)
{
	long b = (long)off - 1;
	size_t e = off + len;

	if (cast_use(buf, size, off, len))
		return USE_CAST;
	while (b >= 0 && isspace((unsigned char)buf[b]))
		b--;
	if (b >= 0 && buf[b] == '&' && !(b > 0 && buf[b - 1] == '&')) {
		long p = b - 1;

		while (p >= 0 && isspace((unsigned char)buf[p]))
			p--;
		if (p < 0 || !(ident_char(buf[p]) || buf[p] == ')' || buf[p] == ']'))
			return USE_OBJECT;
	}
	while (e < size && isspace((unsigned char)buf[e]))
		e++;
	if (e >= size)
		return USE_VALUE;
	if (buf[e] == '[')
		return USE_INDEX;
	if ((buf[e] == '.' && !(e + 1 < size && buf[e + 1] == '.')) ||
	    (buf[e] == '-' && e + 1 < size && buf[e + 1] == '>') ||
	    assigned(buf + e, buf + size))
		return USE_OBJECT;
	return USE_VALUE;
}

/* How one use of the name at buf[off] reads. */
static void classify_use(struct ident *id, const char *buf, size_t size,
			 size_t off, size_t len)
{
	if ((off && ident_char(buf[off - 1])) ||
	    (off + len < size && ident_char(buf[off + len])))
		return;
	switch (use_of(buf, size, off, len)) {
	case USE_CAST:
		id->type = true;
		break;
	case USE_INDEX:
		id->indexed = true;
		break;
	case USE_OBJECT:
		id->object = true;
		break;
	default:
		break;
	}
}

static void classify_at(struct synth *s, struct ident *id, CXSourceLocation loc)
{
	size_t size, len = strlen(id->name);
	const char *buf;
	unsigned off;
	CXFile f;

	clang_getFileLocation(loc, &f, NULL, NULL, &off);
	buf = f ? clang_getFileContents(s->x->tu, f, &size) : NULL;
	if (buf && off + len <= size && !memcmp(buf + off, id->name, len))
		classify_use(id, buf, size, off, len);
}

/*
 * Every whole-word use of the name in the main file says how it is used,
 * and so do the uses the diagnostic's notes point at: "expanded from
 * macro" gives the spelling in a macro body, maybe in a header
 * (`(__force samsung_gpio_pull_t)0x00`).
 */
static void note_ident(struct synth *s, const char *name, CXDiagnostic d)
{
	struct ident *id = find_ident(s, name);
	size_t size, len = strlen(name);
	const char *buf;
	CXDiagnosticSet notes;

	if (in(&s->decls, name))
		return;	/* declared later in the file: a declaration would clash */
	if (!id) {
		id = arena_alloc(&s->a, sizeof(*id));
		id->name = name;
		pv_push(&s->idents, id);
		buf = clang_getFileContents(s->x->tu, s->x->main_file, &size);
		for (size_t o = 0; buf && o + len <= size; o++)
			if (buf[o] == name[0] && !memcmp(buf + o, name, len))
				classify_use(id, buf, size, o, len);
	}
	notes = clang_getChildDiagnostics(d);
	for (unsigned i = 0; notes && i < clang_getNumDiagnosticsInSet(notes); i++) {
		CXDiagnostic n = clang_getDiagnosticInSet(notes, i);

		classify_at(s, id, clang_getDiagnosticLocation(n));
		clang_disposeDiagnostic(n);
	}
}

static bool in_main(struct synth *s, CXSourceLocation loc)
{
	CXFile f;

	clang_getExpansionLocation(loc, &f, NULL, NULL, NULL);
	if (f && clang_File_isEqual(f, s->x->main_file))
		return true;
	clang_getFileLocation(loc, &f, NULL, NULL, NULL);
	return f && clang_File_isEqual(f, s->x->main_file);
}

static void note_member(struct synth *s, struct tag *t, CXSourceLocation loc);

static void scan_diagnostics(struct synth *s)
{
	CXTranslationUnit tu = s->x->tu;
	unsigned n = clang_getNumDiagnostics(tu);

	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		CXSourceLocation loc = clang_getDiagnosticLocation(d);
		CXString cs;
		const char *msg, *name;

		if (clang_getDiagnosticSeverity(d) < CXDiagnostic_Error ||
		    !in_main(s, loc)) {
			clang_disposeDiagnostic(d);
			continue;
		}
		cs = clang_getDiagnosticSpelling(d);
		msg = clang_getCString(cs);
		if ((name = quoted(s, msg, "variable has incomplete type '", "struct ")) ||
		    (name = quoted(s, msg, "array has incomplete element type '", "struct ")) ||
		    (name = quoted(s, msg, "tentative definition has type '", "struct ")))
			add_tag(s, name, TAG_STRUCT);
		else if ((name = quoted(s, msg, "variable has incomplete type '", "enum ")) ||
			 (name = quoted(s, msg, "array has incomplete element type '", "enum ")) ||
			 (name = quoted(s, msg, "tentative definition has type '", "enum ")))
			add_tag(s, name, TAG_ENUM);
		else if ((name = quoted(s, msg, "incomplete definition of type '", "struct ")))
			note_member(s, add_tag(s, name, TAG_STRUCT), loc);
		else if ((name = quoted(s, msg, "use of undeclared identifier '", NULL)))
			note_ident(s, name, d);
		else if ((name = quoted(s, msg, "unknown type name '", NULL)) &&
			 !in(&s->decls, name))
			add_tag(s, name, TAG_TYPEDEF);
		clang_disposeString(cs);
		clang_disposeDiagnostic(d);
	}
}

static bool main_decl(struct synth *s, CXCursor c)
{
	CXFile f;

	clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
	return f && clang_File_isEqual(f, s->x->main_file);
}

static enum CXChildVisitResult enum_const(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct synth *s = data;

	if (clang_getCursorKind(c) == CXCursor_EnumConstantDecl)
		pv_push(&s->decls, ex_cxstr(s->x, clang_getCursorSpelling(c)));
	return CXChildVisit_Continue;
}

static void scan_names(struct synth *s, struct cvec *top)
{
	for (size_t i = 0; i < top->n; i++) {
		CXCursor c = top->v[i];
		enum CXCursorKind k = clang_getCursorKind(c);
		bool mine;

		if (!clang_isDeclaration(k))
			continue;
		mine = main_decl(s, c);
		if (k == CXCursor_FunctionDecl) {
			const char *name = ex_cxstr(s->x, clang_getCursorSpelling(c));

			pv_push(&s->funcs, (void *)name);
			if (mine)
				pv_push(&s->decls, (void *)name);
		} else if (mine && (k == CXCursor_VarDecl || k == CXCursor_TypedefDecl)) {
			pv_push(&s->decls, ex_cxstr(s->x, clang_getCursorSpelling(c)));
		} else if (mine && k == CXCursor_EnumDecl) {
			clang_visitChildren(c, enum_const, s);
		}
	}
}

/* ---- shapes from initializers ---- */

static bool at(struct synth *s, const char *t)
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
	else if (n == 1 && (in(&s->funcs, x[0]) || in(&s->x->known_vars, x[0])))
		r = SK_PTR;
	tok_words_free(x, n);
	return r;
}

static void merge_scalar(struct shape *sh, enum sk k)
{
	if (sh->kind < SK_STRUCT && k > sh->kind)
		sh->kind = k;
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

	while (s->i < s->n && !at(s, "]"))
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
static void sy_list(struct synth *s, struct shape *sh, int depth)
{
	struct shape dummy = { 0 };
	long next = 0;

	s->i++;
	if (sh->kind < SK_STRUCT) {
		if (at(s, "."))
			make(sh, SK_STRUCT);
		else if (at(s, "["))
			make(sh, SK_ARRAY);
		else
			make(sh, sh->top || at(s, "}") ? SK_STRUCT : SK_ARRAY);
	}
	while (s->i < s->n && !at(s, "}")) {
		struct shape *t = sh, *parent;
		bool first = true, designated = false;

		while ((at(s, ".") || at(s, "[")) && s->i + 1 < s->n && t != &dummy) {
			designated = true;
			if (at(s, ".")) {
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
		if (designated && at(s, "="))
			s->i++;
		if (!designated) {
			t = sh->kind == SK_ARRAY ? element(s, sh, next) :
			    nth_field(s, sh, (size_t)next);
			next++;
		}
		if (t == &dummy)
			memset(&dummy, 0, sizeof(dummy));
		sy_init(s, t, depth + 1);
		if (!at(s, ","))
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
	if (at(s, "(") && s->i + 3 < s->n && !strcmp(s->w[s->i + 1], "struct") &&
	    sy_is_ident(s->w[s->i + 2]) && !strcmp(s->w[s->i + 3], ")") &&
	    s->i + 4 < s->n && !strcmp(s->w[s->i + 4], "{")) {
		struct tag *t = find_tag(s, s->w[s->i + 2]);

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
	if (at(s, "{")) {
		sy_list(s, sh, depth);
		return;
	}
	s->i = expr_end(s, b);
	merge_scalar(sh, classify(s, b, s->i));
}

/* ---- the main file's declarations of those types ---- */

/*
 * One top-level variable: `static struct X name[] __initdata = { ... };`.
 * Its words run from the declaration's start to the next declaration.
 */
static void sy_var(struct synth *s, const char *name)
{
	struct tvar *tv;
	struct tag *t = NULL;
	int p, eq, d = 0;
	bool is_array = false;

	for (p = 0; p < s->n; p++) {
		const char *w = s->w[p];

		if (!strcmp(w, "{") || !strcmp(w, "(") || !strcmp(w, "["))
			d++;
		else if (!strcmp(w, "}") || !strcmp(w, ")") || !strcmp(w, "]"))
			d--;
		else if (d == 0 && !strcmp(w, name) && !(p > 0 &&
			 (!strcmp(s->w[p - 1], "struct") ||
			  !strcmp(s->w[p - 1], "union") ||
			  !strcmp(s->w[p - 1], "enum"))))
			break;	/* the name, not a tag spelled the same */
	}
	if (p >= s->n)
		return;
	/* the type: `struct X` before the name, or an unknown type name */
	for (int k = p - 1, dd = 0; k >= 0 && !t; k--) {
		const char *w = s->w[k];

		if (!strcmp(w, "}") || !strcmp(w, ")") || !strcmp(w, "]"))
			dd++;
		else if (!strcmp(w, "{") || !strcmp(w, "(") || !strcmp(w, "["))
			dd--;
		else if (dd == 0 && !strcmp(w, ";"))
			break;
		else if (dd == 0 && !strcmp(w, "*"))
			return;	/* a pointer: its type need not be complete */
		else if (dd == 0 && k > 0 && !strcmp(s->w[k - 1], "struct")) {
			t = find_tag(s, w);
			if (!t || t->kind != TAG_STRUCT)
				return;
		} else if (dd == 0 && sy_is_ident(w)) {
			t = find_tag(s, w);
			if (t && t->kind != TAG_TYPEDEF)
				t = NULL;
		}
	}
	if (!t)
		return;
	tv = arena_alloc(&s->a, sizeof(*tv));
	tv->name = name;
	tv->t = t;
	pv_push(&s->vars, tv);
	for (eq = p + 1; eq < s->n; eq++) {
		const char *w = s->w[eq];

		if (!strcmp(w, "[") && d == 0)
			is_array = true;
		if (!strcmp(w, "(") || !strcmp(w, "["))
			d++;
		else if (!strcmp(w, ")") || !strcmp(w, "]"))
			d--;
		else if (d == 0 && (!strcmp(w, "=") || !strcmp(w, ";") ||
				    !strcmp(w, ",") || !strcmp(w, "{")))
			break;
	}
	if (eq >= s->n || strcmp(s->w[eq], "="))
		return;	/* no initializer: the empty definition will do */
	s->i = eq + 1;
	if (is_array && at(s, "{")) {
		struct shape arr = { .kind = SK_ARRAY, .name = t->name,
				     .elem = t->sh };

		sy_list(s, &arr, 0);
	} else if (!is_array) {
		sy_init(s, t->sh, 0);
	}
}

static enum CXChildVisitResult type_ref(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	if (clang_getCursorKind(c) != CXCursor_TypeRef)
		return CXChildVisit_Continue;
	*(CXCursor *)data = clang_getCursorReferenced(c);
	return CXChildVisit_Break;
}

/*
 * An invalid declaration whose struct has no definition: also when the
 * first parse reported something else (`struct x v[UNDECLARED] = ...`).
 */
static void incomplete_type(struct synth *s, CXCursor var)
{
	CXCursor d = clang_getNullCursor();

	if (!clang_isInvalidDeclaration(var))
		return;
	clang_visitChildren(var, type_ref, &d);
	if (clang_getCursorKind(d) == CXCursor_StructDecl &&
	    clang_Cursor_isNull(clang_getCursorDefinition(d)))
		add_tag(s, ex_cxstr(s->x, clang_getCursorSpelling(d)), TAG_STRUCT);
}

static void scan_vars(struct synth *s, struct cvec *top)
{
	for (size_t i = 0; i < top->n; i++) {
		CXCursor c = top->v[i];
		CXFile f;
		unsigned off, limit;

		if (clang_getCursorKind(c) != CXCursor_VarDecl || !main_decl(s, c))
			continue;
		clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(c)),
				      &f, NULL, NULL, &off);
		if (!f || !clang_File_isEqual(f, s->x->main_file))
			continue;
		limit = ex_next_offset(s->x, top, i);
		if (limit <= off || limit - off > 262144)
			continue;
		s->w = tok_words(s->x, off, limit, &s->n);
		s->i = 0;
		sy_var(s, ex_cxstr(s->x, clang_getCursorSpelling(c)));
		tok_words_free(s->w, s->n);
		s->w = NULL;
		s->n = 0;
	}
}

/* ---- members from accesses: p->a.b = v, x.f(...), p->g[i] ---- */

static const char *skip_space(const char *p, const char *end)
{
	while (p < end && isspace((unsigned char)*p))
		p++;
	return p;
}

/*
 * A member chain in source text at p (on the `.` or `->`), into sh: each
 * `.f` opens a nested struct, `->f` a pointer to one, and the last member
 * takes its type from what follows: a call, an index, an assignment.
 */
void sy_chain(struct synth *s, struct shape *sh, const char *p,
		     const char *end)
{
	for (int depth = 0; depth < 8; depth++) {
		const char *b;
		struct shape *f;
		char *name;

		if (p + 1 < end && p[0] == '-' && p[1] == '>')
			p += 2;
		else if (p < end && p[0] == '.' && !(p + 1 < end && p[1] == '.'))
			p++;
		else
			return;
		p = b = skip_space(p, end);
		while (p < end && ident_char(*p))
			p++;
		if (p == b || isdigit((unsigned char)*b) || sh->kind != SK_STRUCT)
			return;
		name = xstrndup(b, p - b);
		f = sy_field(s, sh, name);
		free(name);
		p = skip_space(p, end);
		if (p >= end)
			return;
		if ((p[0] == '.' && !(p + 1 < end && p[1] == '.')) ||
		    (p + 1 < end && p[0] == '-' && p[1] == '>')) {
			if (f->kind < SK_STRUCT) {
				f->kind = SK_STRUCT;
				f->is_ptr = p[0] == '-';
			}
			sh = f;
			continue;
		}
		if (p[0] == '(')
			merge_scalar(f, SK_FUNC);
		else if (p[0] == '[')
			merge_scalar(f, SK_LLPTR);
		else if (assigned(p, end) && p[0] == '=') {
			p = skip_space(p + 1, end);
			merge_scalar(f, p < end && p[0] == '&' ? SK_PTR :
				     p < end && p[0] == '"' ? SK_STR : SK_INT);
		} else {
			merge_scalar(f, SK_INT);
		}
		return;
	}
}

/* `incomplete definition of type 'struct X'` at the `->` of p->f. */
static void note_member(struct synth *s, struct tag *t, CXSourceLocation loc)
{
	size_t size;
	const char *buf;
	unsigned off;
	CXFile f;

	clang_getFileLocation(loc, &f, NULL, NULL, &off);
	buf = f ? clang_getFileContents(s->x->tu, f, &size) : NULL;
	if (buf && off < size)
		sy_chain(s, t->sh, buf + off, buf + size);
}

/* Members the functions use on the file's variables of those types. */
static void scan_members(struct synth *s)
{
	size_t size;
	const char *buf = clang_getFileContents(s->x->tu, s->x->main_file, &size);
	const char *end = buf + size;

	for (size_t i = 0; buf && i < s->vars.len; i++) {
		struct tvar *v = s->vars.items[i];
		size_t len = strlen(v->name);

		for (size_t o = 0; o + len <= size; o++) {
			const char *p;

			if (buf[o] != v->name[0] || memcmp(buf + o, v->name, len) ||
			    (o && ident_char(buf[o - 1])) ||
			    (o + len < size && ident_char(buf[o + len])))
				continue;
			p = skip_space(buf + o + len, end);
			if (p < end && *p == '[') {	/* v[i].f */
				int d = 0;

				for (; p < end; p++) {
					d += (*p == '[') - (*p == ']');
					if (!d)
						break;
				}
				p = skip_space(p + 1, end);
			}
			sy_chain(s, v->t->sh, p, end);
		}
	}
}

/* ---- the header ---- */

/* The declaration of a scalar of kind k named d (no ';'). */
void sy_scalar_decl(struct strbuf *sb, enum sk k, const char *d)
{
	switch (k) {
	case SK_STR:
		sb_addf(sb, "const char *%s", d);
		break;
	case SK_LLPTR:
		sb_addf(sb, "long long *%s", d);
		break;
	case SK_FUNC:
		sb_addf(sb, "long long (*%s)()", d);
		break;
	case SK_PTR:
	case SK_NULL:
		sb_addf(sb, "void *%s", d);
		break;
	default:
		sb_addf(sb, "long long %s", d);
		break;
	}
}

static void decl(struct synth *s, struct strbuf *sb, struct shape *sh,
		 const char *d)
{
	if (sh->named) {
		sb_addf(sb, "%s %s", sh->named, d);
		return;
	}
	switch (sh->kind) {
	case SK_STRUCT:
		sb_addf(sb, "struct %s %s%s", sh->name, sh->is_ptr ? "*" : "", d);
		break;
	case SK_ARRAY: {
		long len = sh->len > 0 ? sh->len : 1;
		struct shape none = { .kind = SK_INT };
		char *dd;

		if (sh->unk_index)
			len += s->nenums + 1;
		dd = xasprintf("%s[%ld]", d, len);
		decl(s, sb, sh->elem ? sh->elem : &none, dd);
		free(dd);
		break;
	}
	default:
		sy_scalar_decl(sb, sh->kind, d);
		break;
	}
}

static void emit_struct(struct synth *s, struct strbuf *sb, struct shape *sh);

static void emit_deps(struct synth *s, struct strbuf *sb, struct shape *sh)
{
	while (sh && sh->kind == SK_ARRAY && !sh->named)
		sh = sh->elem;
	if (sh && sh->kind == SK_STRUCT && !sh->named)
		emit_struct(s, sb, sh);
}

static void emit_struct(struct synth *s, struct strbuf *sb, struct shape *sh)
{
	if (sh->emitted)
		return;
	sh->emitted = true;
	for (size_t i = 0; i < sh->nf; i++)
		emit_deps(s, sb, sh->f[i]->sh);
	sb_addf(sb, "struct %s {\n", sh->name);
	for (size_t i = 0; i < sh->nf; i++) {
		sb_add(sb, "\t");
		decl(s, sb, sh->f[i]->sh, sh->f[i]->name);
		sb_add(sb, ";\n");
	}
	if (!sh->nf)
		sb_add(sb, "\tlong long __b2d_p0;\n");
	sb_add(sb, "};\n");
}

static char *emit(struct synth *s)
{
	struct strbuf sb;

	sb_init(&sb);
	sb_add(&sb, "/* board2dts: declarations synthesized for a tolerant parse */\n");
	for (size_t i = 0; i < s->idents.len; i++) {
		struct ident *id = s->idents.items[i];
		struct tag *t = find_tag(s, id->name);

		if (t && t->kind == TAG_TYPEDEF)
			continue;
		if (id->type)
			sb_addf(&sb, "typedef long long %s;\n", id->name);
		else if (id->indexed)
			sb_addf(&sb, "extern long long %s[];\n", id->name);
		else if (id->object)
			sb_addf(&sb, "extern long long %s;\n", id->name);
		else
			sb_addf(&sb, "enum { %s = %d };\n", id->name, ++s->nenums);
	}
	for (size_t i = 0; i < s->tags.len; i++) {
		struct tag *t = s->tags.items[i];

		if (t->kind == TAG_ENUM)
			sb_addf(&sb, "enum %s { __b2d_%s };\n", t->name, t->name);
		if (t->sh->kind == SK_STRUCT)
			emit_struct(s, &sb, t->sh);
		if (t->kind == TAG_TYPEDEF) {
			sb_add(&sb, "typedef ");
			if (t->sh->kind == SK_STRUCT && !t->sh->named)
				sb_addf(&sb, "struct %s %s", t->name, t->name);
			else
				decl(s, &sb, t->sh, t->name);
			sb_add(&sb, ";\n");
		}
	}
	return sb_detach(&sb);
}

char *ex_synth_header(struct ex *x, struct cvec *top, struct ex_overlays *ov)
{
	struct synth s = { .x = x };
	char *r = NULL;

	arena_init(&s.a);
	scan_names(&s, top);
	sy_grow_scan(&s, top);
	sy_grow_emit(&s, ov);
	scan_diagnostics(&s);
	for (size_t i = 0; i < top->n; i++)
		if (clang_getCursorKind(top->v[i]) == CXCursor_VarDecl &&
		    main_decl(&s, top->v[i]))
			incomplete_type(&s, top->v[i]);
	if (s.tags.len || s.idents.len) {
		scan_vars(&s, top);
		scan_members(&s);
		r = emit(&s);
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
