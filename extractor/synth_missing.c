// SPDX-License-Identifier: GPL-2.0
/*
 * What the first parse was missing (tolerant mode, see synth.c): the
 * struct and enum tags, unknown type names and undeclared identifiers its
 * errors name in the main file, and how each identifier is used there
 * (a value, a cast, indexed, an object), which decides its declaration.
 */
#include "synth_int.h"

#include <ctype.h>
#include <string.h>

static struct ident *find_ident(struct synth *s, const char *name)
{
	for (size_t i = 0; i < s->idents.len; i++) {
		struct ident *id = s->idents.items[i];

		if (!strcmp(id->name, name))
			return id;
	}
	return NULL;
}

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

enum use { USE_VALUE, USE_CAST, USE_INDEX, USE_OBJECT };

/*
 * The `(` at buf[b] opens a call's arguments or a statement's condition
 * (`f(X)`, `if (X)`, `a[i](X)`), not a cast: a word other than `return` or
 * `case`, or a `)` / `]`, comes before it.
 */
static bool call_paren(const char *buf, long b)
{
	long e, w;

	for (e = b - 1; e >= 0 && isspace((unsigned char)buf[e]); e--)
		;
	if (e < 0)
		return false;
	if (buf[e] == ')' || buf[e] == ']')
		return true;
	if (!sy_ident_char(buf[e]))
		return false;
	for (w = e; w > 0 && sy_ident_char(buf[w - 1]); w--)
		;
	return !((e - w + 1 == 6 && !memcmp(buf + w, "return", 6)) ||
		 (e - w + 1 == 4 && !memcmp(buf + w, "case", 4)));
}

/* `(X)` followed by an operand: X names a type (unless a value use says otherwise). */
static bool cast_use(const char *buf, size_t size, size_t off, size_t len)
{
	long b = (long)off - 1;
	size_t e = off + len;

	/* `(const X)`, `(__force X)`: words before X are qualifiers */
	while (b >= 0 && (isspace((unsigned char)buf[b]) || sy_ident_char(buf[b])))
		b--;
	if (b < 0 || buf[b] != '(' || call_paren(buf, b))
		return false;
	while (e < size && isspace((unsigned char)buf[e]))
		e++;
	if (e >= size || buf[e] != ')')
		return false;
	for (e++; e < size && isspace((unsigned char)buf[e]); e++)
		;
	return e < size && (sy_ident_char(buf[e]) || buf[e] == '(' ||
			    buf[e] == '~' || buf[e] == '!' || buf[e] == '&' ||
			    buf[e] == '\'' || buf[e] == '"');
}

/*
 * How the identifier at buf[off..off+len) is used: a cast `(X)v`, indexed
 * `X[`, an object (`&X` unary, `X.`, `X->`, assigned), or a value.
 */
/*
 * `X name =`, `X *name;`, `X name[`: X declares a variable (a local of a
 * type whose header is missing: `iomux_v3_cfg_t usbh1stp = MX51_PAD_...;`,
 * which clang, at the start of a statement, reports as an undeclared
 * identifier rather than an unknown type name).
 */
static bool decl_use(const char *buf, size_t size, size_t off, size_t len)
{
	size_t e = off + len, w;

	while (e < size && (isspace((unsigned char)buf[e]) || buf[e] == '*'))
		e++;
	for (w = e; e < size && sy_ident_char(buf[e]); e++)
		;
	if (e == w || isdigit((unsigned char)buf[w]))
		return false;
	while (e < size && isspace((unsigned char)buf[e]))
		e++;
	return e < size && (buf[e] == ';' || buf[e] == '[' || buf[e] == ',' ||
			    (buf[e] == '=' && !(e + 1 < size && buf[e + 1] == '=')));
}

static enum use use_of(const char *buf, size_t size, size_t off, size_t len)
{
	long b = (long)off - 1;
	size_t e = off + len;

	if (cast_use(buf, size, off, len) || decl_use(buf, size, off, len))
		return USE_CAST;
	while (b >= 0 && isspace((unsigned char)buf[b]))
		b--;
	if (b >= 0 && buf[b] == '&' && !(b > 0 && buf[b - 1] == '&')) {
		long p = b - 1;

		while (p >= 0 && isspace((unsigned char)buf[p]))
			p--;
		if (p < 0 || !(sy_ident_char(buf[p]) || buf[p] == ')' || buf[p] == ']'))
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
	    sy_assigned(buf + e, buf + size))
		return USE_OBJECT;
	return USE_VALUE;
}

/*
 * A use that only a value has: X followed by `,` `;` `}` `]` or a binary
 * operator (`.gpio = X,`, `f(X);`, `[X] =`, `X + 1`), so that `(X) & 1`
 * elsewhere is a parenthesized value, not a cast of `&1`.
 */
static bool value_use(const char *buf, size_t size, size_t e)
{
	while (e < size && isspace((unsigned char)buf[e]))
		e++;
	return e < size && strchr(",;}])+-*/|^<>=?:%", buf[e]) && !(buf[e] == ')' &&
	       e + 1 < size && (sy_ident_char(buf[e + 1]) || buf[e + 1] == '('));
}

/*
 * `X.dev.platform_data = &pd` on an object nothing declares (a SoC's
 * platform device, defined in a file tolerant mode does not read): the
 * members used make a struct of its own (`struct __b2d_obj_X { struct
 * __b2d_obj_X__dev { void *platform_data; } dev; }`), so that the store
 * parses instead of being an error about member access on a long long.
 */
static void member_use(struct synth *s, struct ident *id, const char *buf, size_t size,
		       size_t e)
{
	while (e < size && isspace((unsigned char)buf[e]))
		e++;
	if (e >= size || !((buf[e] == '.' && !(e + 1 < size && buf[e + 1] == '.')) ||
			   (buf[e] == '-' && e + 1 < size && buf[e + 1] == '>')))
		return;
	if (!id->sh)
		id->sh = sy_shape_new(s, SK_STRUCT, arena_printf(&s->a, "__b2d_obj_%s", id->name));
	sy_chain(s, id->sh, buf + e, buf + size);
}

/* How one use of the name at buf[off] reads. */
static void classify_use(struct synth *s, struct ident *id, const char *buf, size_t size,
			 size_t off, size_t len)
{
	if ((off && sy_ident_char(buf[off - 1])) ||
	    (off + len < size && sy_ident_char(buf[off + len])))
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
		member_use(s, id, buf, size, off + len);
		break;
	default:
		id->value = id->value || value_use(buf, size, off + len);
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
		classify_use(s, id, buf, size, off, len);
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

	if (sy_in(&s->decls, name))
		return;	/* declared later in the file: a declaration would clash */
	if (!id) {
		id = arena_alloc(&s->a, sizeof(*id));
		id->name = name;
		pv_push(&s->idents, id);
		buf = clang_getFileContents(s->x->tu, s->x->main_file, &size);
		for (size_t o = 0; buf && o + len <= size; o++)
			if (buf[o] == name[0] && !memcmp(buf + o, name, len))
				classify_use(s, id, buf, size, o, len);
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

void sy_scan_diagnostics(struct synth *s)
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
			sy_add_tag(s, name, TAG_STRUCT);
		else if ((name = quoted(s, msg, "variable has incomplete type '", "enum ")) ||
			 (name = quoted(s, msg, "array has incomplete element type '", "enum ")) ||
			 (name = quoted(s, msg, "tentative definition has type '", "enum ")))
			sy_add_tag(s, name, TAG_ENUM);
		else if ((name = quoted(s, msg, "incomplete definition of type '", "struct ")))
			note_member(s, sy_add_tag(s, name, TAG_STRUCT), loc);
		else if ((name = quoted(s, msg, "use of undeclared identifier '", NULL)))
			note_ident(s, name, d);
		else if ((name = quoted(s, msg, "unknown type name '", NULL)) &&
			 !sy_in(&s->decls, name))
			sy_add_tag(s, name, TAG_TYPEDEF);
		clang_disposeString(cs);
		clang_disposeDiagnostic(d);
	}
}

static enum CXChildVisitResult enum_const(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct synth *s = data;

	if (clang_getCursorKind(c) == CXCursor_EnumConstantDecl)
		pv_push(&s->decls, ex_cxstr(s->x, clang_getCursorSpelling(c)));
	return CXChildVisit_Continue;
}

void sy_scan_names(struct synth *s, struct cvec *top)
{
	for (size_t i = 0; i < top->n; i++) {
		CXCursor c = top->v[i];
		enum CXCursorKind k = clang_getCursorKind(c);
		bool mine;

		if (!clang_isDeclaration(k))
			continue;
		mine = sy_main_decl(s, c);
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
void sy_incomplete_type(struct synth *s, CXCursor var)
{
	CXCursor d = clang_getNullCursor();

	if (!clang_isInvalidDeclaration(var))
		return;
	clang_visitChildren(var, type_ref, &d);
	if (clang_getCursorKind(d) == CXCursor_StructDecl &&
	    clang_Cursor_isNull(clang_getCursorDefinition(d)))
		sy_add_tag(s, ex_cxstr(s->x, clang_getCursorSpelling(d)), TAG_STRUCT);
}
