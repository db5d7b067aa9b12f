// SPDX-License-Identifier: GPL-2.0
/*
 * Helpers shared by the extractor's walkers: children, positions, text.
 */
#include <ctype.h>
#include "ex_internal.h"

#include <string.h>

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent,
				       CXClientData data)
{
	struct cvec *cv = data;

	if (cv->n == cv->cap) {
		cv->cap = cv->cap ? cv->cap * 2 : 8;
		cv->v = xrealloc(cv->v, cv->cap * sizeof(*cv->v));
	}
	cv->v[cv->n++] = c;
	return CXChildVisit_Continue;
}

void cvec_children(CXCursor c, struct cvec *out)
{
	out->v = NULL;
	out->n = out->cap = 0;
	clang_visitChildren(c, collect, out);
}

void cvec_free(struct cvec *cv)
{
	free(cv->v);
	cv->v = NULL;
	cv->n = cv->cap = 0;
}

char *ex_cxstr(struct ex *x, CXString s)
{
	char *r = arena_strdup(x->a, clang_getCString(s));

	clang_disposeString(s);
	return r;
}

/*
 * File locations (not expansion locations): a value written as a macro
 * argument, `I2C_BOARD_INFO("x", 0x48)`, points at the argument itself.
 */
struct srcpos ex_pos_loc(struct ex *x, CXSourceLocation loc)
{
	struct srcpos p = { 0 };
	CXFile f;
	unsigned line, col;

	clang_getFileLocation(loc, &f, &line, &col, NULL);
	if (!f)
		return p;
	p.line = line;
	p.col = col;
	if (clang_File_isEqual(f, x->main_file))
		p.file = x->path;
	else
		p.file = ex_cxstr(x, clang_getFileName(f));
	return p;
}

struct srcpos ex_pos(struct ex *x, CXCursor c)
{
	return ex_pos_loc(x, clang_getCursorLocation(c));
}

/*
 * The C text as one line: blanks collapsed, and comments dropped (a
 * condition written over lines with a comment on each, 3.x board-bonito.c's
 * `BIT_OFF(bsw2, 1) && /+ S38.3 = ON +/ ...`, is then what --assume takes).
 */
static char *squeeze(struct ex *x, const char *s, size_t n)
{
	char *out = arena_alloc(x->a, n + 1);
	size_t j = 0;
	bool blank = false;
	char quote = 0;

	for (size_t i = 0; i < n; i++) {
		char ch = s[i];

		if (quote && ch == '\\' && i + 1 < n) {	/* an escape: both characters as they are */
			out[j++] = ch;
			out[j++] = s[++i];
			continue;
		}
		if (quote) {
			quote = ch == quote ? 0 : quote;
		} else if (ch == '"' || ch == '\'') {
			quote = ch;
		} else if (ch == '/' && i + 1 < n && (s[i + 1] == '*' || s[i + 1] == '/')) {
			size_t e = i + 2;

			if (s[i + 1] == '*')	/* to the '/' of its end */
				while (e < n && !(s[e - 1] == '*' && s[e] == '/' && e > i + 2))
					e++;
			else			/* to the end of the line */
				while (e < n && s[e] != '\n')
					e++;
			i = s[i + 1] == '*' ? e : e - 1;
			blank = true;
			continue;
		}
		if (ch == '\\' && !quote && i + 1 < n && s[i + 1] == '\n')
			continue;
		if (!quote && (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r')) {
			blank = true;
			continue;
		}
		if (blank && j)
			out[j++] = ' ';
		blank = false;
		out[j++] = ch;
	}
	out[j] = '\0';
	return out;
}

/*
 * After a name at buf[end]: the end of `(...)` when a balanced argument list
 * follows on the same line (spaces allowed before it), else end.
 */
static unsigned call_args_end(const char *buf, size_t size, unsigned end)
{
	unsigned o = end;
	int depth = 0;

	while (o < size && (buf[o] == ' ' || buf[o] == '\t'))
		o++;
	if (o >= size || buf[o] != '(')
		return end;
	for (; o < size && o - end < 4096; o++) {
		if (buf[o] == '(')
			depth++;
		else if (buf[o] == ')' && --depth == 0)
			return o + 1;
		else if (buf[o] == '\n' || buf[o] == ';' || buf[o] == '{' || buf[o] == '}')
			return end;
	}
	return end;
}

/* The source text of a range, read from the file buffer (no tokenizing). */
char *ex_range_text(struct ex *x, CXSourceRange r)
{
	CXFile f1, f2;
	unsigned o1, o2;
	size_t size;
	const char *buf;

	clang_getFileLocation(clang_getRangeStart(r), &f1, NULL, NULL, &o1);
	clang_getFileLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &o2);
	if (!f1 || !f2 || !clang_File_isEqual(f1, f2) || o2 < o1)
		return NULL;
	buf = clang_getFileContents(x->tu, f1, &size);
	if (!buf || o2 > size || o2 - o1 > 16384)
		return NULL;
	/*
	 * A macro argument (`.code = _code` with _code = KEY_MENU) maps both ends
	 * to where the argument was written: one token, whose end we find here,
	 * with its parenthesized arguments when it is a call (`S3C64XX_GPN(5)`,
	 * not `S3C64XX_GPN`).
	 */
	if (o2 == o1) {
		while (o2 < size && (isalnum((unsigned char)buf[o2]) || buf[o2] == '_'))
			o2++;
		if (o2 > o1)
			o2 = call_args_end(buf, size, o2);
	}
	if (o2 == o1)
		return NULL;
	return squeeze(x, buf + o1, o2 - o1);
}

char *ex_text(struct ex *x, CXCursor c)
{
	char *t = ex_range_text(x, clang_getCursorExtent(c));

	return t ? t : ex_cxstr(x, clang_getCursorSpelling(c));
}

bool ex_limit(struct ex *x, CXCursor c, const char *what, long limit)
{
	if (!x->limit_hit) {
		struct srcpos pos = ex_pos(x, c);

		x->limit_hit = true;
		diag_error(&pos, what, limit);
	}
	return false;
}

struct value *ex_new_value(struct ex *x, enum value_kind kind, CXCursor c)
{
	struct value *v = arena_alloc(x->a, sizeof(*v));

	if (++x->nvalues == B2D_MAX_VALUES + 1)
		ex_limit(x, c, "more than %ld values (initializer elements, "
			 "arguments) in one file", (long)B2D_MAX_VALUES);

	v->kind = kind;
	v->pos = ex_pos(x, c);
	return v;
}

void ex_value_push(struct ex *x, struct value *list, struct value *kid)
{
	arena_push(x->a, (void ***)&list->kids, &list->nkids, kid);
}

/*
 * Struct tag without "struct " (element tag for arrays); a pointer to a
 * struct is "tag *" (`struct platform_device *devs[]`: "platform_device *",
 * is_array); else the C spelling. NULL for synth.c's nested X__field.
 */
const char *ex_type_tag(struct ex *x, CXType t, bool *is_array)
{
	CXType c = clang_getCanonicalType(t), p;
	const char *name;
	CXCursor d;

	if (is_array)
		*is_array = false;
	if (c.kind == CXType_ConstantArray || c.kind == CXType_IncompleteArray) {
		if (is_array)
			*is_array = true;
		c = clang_getCanonicalType(clang_getArrayElementType(c));
	}
	p = c.kind == CXType_Pointer ?
		clang_getCanonicalType(clang_getPointeeType(c)) : c;
	if (p.kind != CXType_Record)
		return ex_cxstr(x, clang_getTypeSpelling(c));
	d = clang_getTypeDeclaration(p);
	name = ex_cxstr(x, clang_getCursorSpelling(d));
	/* `static struct { ... } beagle_config`: no tag; clang spells the type
	 * "struct (unnamed at /path/board.c:81:8)", which messages would repeat
	 * as "struct struct (unnamed at ...)": "(unnamed, line 81)" instead */
	if (!name[0] || strstr(name, "(unnamed at ") || strstr(name, "(anonymous at ")) {
		unsigned line = 0;

		clang_getSpellingLocation(clang_getCursorLocation(d), NULL, &line, NULL, NULL);
		return arena_printf(x->a, "(unnamed, line %u)", line);
	}
	if (ex_is_synth(x, d) && strstr(name, "__"))
		return NULL;
	return p.kind == c.kind ? name : arena_printf(x->a, "%s *", name);
}

void ex_string_text(struct ex *x, struct value *v, struct strbuf *sb)
{
	size_t n = sb->buf ? strlen(sb->buf) : 0;

	v->text = arena_strdup(x->a, sb->buf ? sb->buf : "");
	if (n < sb->len)
		v->problem = arena_printf(x->a, "string literal has a NUL byte at offset %zu: "
					  "a device tree string would end there (\"%s\")",
					  n, v->text);
	sb_free(sb);
}

unsigned ex_offset(CXCursor c)
{
	unsigned off = 0;

	clang_getSpellingLocation(clang_getRangeStart(clang_getCursorExtent(c)), NULL, NULL, NULL,
				  &off);
	return off;
}

static CXCursor base_ref_at(CXCursor c, int depth)
{
	struct cvec kids;
	CXCursor r = clang_getNullCursor();

	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr)
		return c;
	if (depth > 16)
		return r;
	cvec_children(c, &kids);
	if (kids.n)
		r = base_ref_at(kids.v[0], depth + 1);
	cvec_free(&kids);
	return r;
}

CXCursor ex_base_ref(CXCursor lvalue)
{
	return base_ref_at(lvalue, 0);
}
