// SPDX-License-Identifier: GPL-2.0
/*
 * The evaluator: one C expression cursor in, one struct value out.
 *
 * Constant integer expressions go to clang_Cursor_Evaluate; what clang
 * cannot fold (a callback parameter plus an offset, an address, a function
 * name) is walked here. Every value keeps the source text it came from.
 */
#include "ex_internal.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static bool is_int_type(CXType t)
{
	t = clang_getCanonicalType(t);
	return (t.kind >= CXType_Bool && t.kind <= CXType_Int128) ||
	       t.kind == CXType_Enum;
}

static bool is_ptr_type(CXType t)
{
	t = clang_getCanonicalType(t);
	return t.kind == CXType_Pointer || t.kind == CXType_ConstantArray ||
	       t.kind == CXType_IncompleteArray;
}

/* clang's own constant folding, for integer results only. */
static bool eval_const(CXCursor c, long long *out)
{
	CXEvalResult r;
	bool ok = false;

	if (!clang_isExpression(clang_getCursorKind(c)))
		return false;
	r = clang_Cursor_Evaluate(c);
	if (!r)
		return false;
	if (clang_EvalResult_getKind(r) == CXEval_Int) {
		if (clang_EvalResult_isUnsignedInt(r))
			*out = (long long)clang_EvalResult_getAsUnsigned(r);
		else
			*out = clang_EvalResult_getAsLongLong(r);
		ok = true;
	}
	clang_EvalResult_dispose(r);
	return ok;
}

CXCursor ex_only_child(CXCursor c, bool *ok)
{
	struct cvec cv;
	CXCursor r = clang_getNullCursor();

	cvec_children(c, &cv);
	*ok = cv.n >= 1;
	if (cv.n)
		r = cv.v[cv.n - 1];	/* a cast's operand follows its TypeRef */
	if (clang_getCursorKind(c) == CXCursor_UnexposedExpr && cv.n != 1)
		*ok = false;
	cvec_free(&cv);
	return r;
}

static bool is_wrapper(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	return k == CXCursor_ParenExpr || k == CXCursor_CStyleCastExpr ||
	       k == CXCursor_UnexposedExpr;
}

/* Through parentheses, casts and implicit conversions. */
CXCursor ex_strip(CXCursor c)
{
	bool ok;

	while (is_wrapper(c)) {
		CXCursor in = ex_only_child(c, &ok);

		if (!ok)
			break;
		c = in;
	}
	return c;
}

/* Is the first character of c's extent a '(' actually written there? */
static bool paren_written(struct ex *x, CXCursor c)
{
	CXFile f;
	unsigned off;
	size_t size;
	const char *buf;

	clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(c)),
			      &f, NULL, NULL, &off);
	if (!f)
		return false;
	buf = clang_getFileContents(x->tu, f, &size);
	return buf && off < size && buf[off] == '(';
}

/*
 * The text of an expression as written. A parenthesis or cast that comes
 * from a macro body (`.addr = (dev_addr)` inside I2C_BOARD_INFO) would
 * spell as the whole macro call, so look through it to its operand.
 */
static char *spelling_of(struct ex *x, CXCursor c)
{
	bool ok;

	while (is_wrapper(c)) {
		CXCursor in;

		if (clang_getCursorKind(c) != CXCursor_UnexposedExpr &&
		    paren_written(x, c))
			break;
		in = ex_only_child(c, &ok);
		if (!ok)
			break;
		c = in;
	}
	return ex_text(x, c);
}

/*
 * The name an unknown value refers to when its text is a macro call that
 * does not spell it: the board's DEFAULT_DRIVE(SDIO1), whose body writes
 * `.hsm = TEGRA_HSM_DISABLE` (an enumerator of a header tolerant mode lacks),
 * is TEGRA_HSM_DISABLE for that field, not the call. NULL otherwise.
 */
static const char *body_name(struct ex *x, CXCursor c, const char *text)
{
	bool ok = true;
	const char *name, *p;

	while (ok && clang_getCursorKind(c) != CXCursor_DeclRefExpr && is_wrapper(c))
		c = ex_only_child(c, &ok);
	if (!ok || clang_getCursorKind(c) != CXCursor_DeclRefExpr || !text || !strchr(text, '('))
		return NULL;
	name = ex_cxstr(x, clang_getCursorSpelling(c));
	if (!name || !*name)
		return NULL;
	for (p = strstr(text, name); p; p = strstr(p + 1, name))
		if ((p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
		    !(isalnum((unsigned char)p[strlen(name)]) || p[strlen(name)] == '_'))
			return NULL;	/* written in the text: a macro argument */
	return name;
}

static struct value *unknown(struct ex *x, CXCursor c)
{
	struct value *v = ex_new_value(x, VAL_UNKNOWN, c);
	const char *name;

	v->spelling = spelling_of(x, c);
	if ((name = body_name(x, c, v->spelling)))
		v->spelling = name;
	return v;
}

static struct value *int_value(struct ex *x, CXCursor c, long long n)
{
	struct value *v = ex_new_value(x, VAL_INT, c);
	const char *exp = NULL;
	long long dummy;

	v->ival = n;
	v->spelling = spelling_of(x, c);
	/* Explain a macro name with its chain; cheap: only for one word. */
	if (v->spelling && !strpbrk(v->spelling, " ()+-*/|&<>") &&
	    (v->spelling[0] == '_' || (v->spelling[0] >= 'A' && v->spelling[0] <= 'Z')) &&
	    tok_eval_text(x, v->spelling, &dummy, &exp))
		v->expansion = exp;
	return v;
}

static int param_index(struct ex *x, CXCursor decl)
{
	int n;

	if (!x->fn)
		return -1;
	n = clang_Cursor_getNumArguments(x->fn_cur);
	for (int i = 0; i < n; i++)
		if (clang_equalCursors(clang_Cursor_getArgument(x->fn_cur, i), decl))
			return i;
	return -1;
}

static struct value *declref_value(struct ex *x, CXCursor c)
{
	CXCursor d = clang_getCursorReferenced(c);
	enum CXCursorKind k = clang_getCursorKind(d);
	CXType t = clang_getCursorType(d);
	struct value *v;
	int idx;

	if (k == CXCursor_FunctionDecl) {
		v = ex_new_value(x, VAL_FUNC, c);
		v->text = ex_cxstr(x, clang_getCursorSpelling(d));
		v->spelling = v->text;
		return v;
	}
	if (k == CXCursor_EnumConstantDecl)
		return int_value(x, c, clang_getEnumConstantDeclValue(d));
	if (k == CXCursor_VarDecl && is_ptr_type(t) &&
	    clang_getCanonicalType(t).kind != CXType_Pointer) {
		v = ex_new_value(x, VAL_ADDR, c);	/* array decays */
		v->text = ex_cxstr(x, clang_getCursorSpelling(d));
		v->spelling = v->text;
		return v;
	}
	if (k == CXCursor_VarDecl && is_int_type(t) && (v = ex_local_value(x, c, d)))
		return v;
	if (k == CXCursor_ParmDecl && is_int_type(t) &&
	    (idx = param_index(x, d)) >= 0) {
		v = ex_new_value(x, VAL_SYMBOLIC, c);
		v->sym = ex_cxstr(x, clang_getCursorSpelling(d));
		v->sym_index = idx;
		v->spelling = spelling_of(x, c);
		return v;
	}
	return unknown(x, c);
}

static struct value *addr_of(struct ex *x, CXCursor c, CXCursor operand)
{
	CXCursor s = ex_strip(operand);
	struct value *v;

	if (clang_getCursorKind(s) == CXCursor_DeclRefExpr &&
	    clang_getCursorKind(clang_getCursorReferenced(s)) == CXCursor_FunctionDecl)
		return declref_value(x, s);
	v = ex_new_value(x, VAL_ADDR, c);
	/* a variable by its declaration's name: in a macro's expansion the
	 * text is the macro's invocation */
	v->text = clang_getCursorKind(operand) == CXCursor_DeclRefExpr
		  ? ex_cxstr(x, clang_getCursorSpelling(clang_getCursorReferenced(operand)))
		  : ex_text(x, operand);
	v->spelling = ex_text(x, c);
	return v;
}

/*
 * `&x` inside a macro's expansion (3.x board-koelsch.c's SDHI_REGULATOR():
 * `.init_data = &vcc_sdhi##idx##_init_data`): every token maps to the
 * macro's invocation, so no operator token is found between the operand
 * and the expression's start. The types tell it: a pointer to the
 * operand's own type, when the operand is a variable itself (a member or
 * an element through a macro stays unknown). Before, the value was unknown
 * and the regulator's init data, with its consumer supplies, named by
 * nothing.
 */
static bool addr_of_by_type(CXCursor c, CXCursor in)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(c));

	return t.kind == CXType_Pointer &&
	       clang_equalTypes(clang_getCanonicalType(clang_getPointeeType(t)),
				clang_getCanonicalType(clang_getCursorType(in)));
}

static struct value *unary_value(struct ex *x, CXCursor c)
{
	const char *op = ex_op_token(x, c);
	bool ok;
	CXCursor in = ex_only_child(c, &ok);
	struct value *v;

	if (ok && !op && clang_getCursorKind(in) == CXCursor_DeclRefExpr && addr_of_by_type(c, in))
		op = "&";
	if (!ok || !op)
		return unknown(x, c);
	if (!strcmp(op, "&"))
		return addr_of(x, c, in);
	v = ex_value(x, in);
	if (!strcmp(op, "+") && (v->kind == VAL_INT || v->kind == VAL_SYMBOLIC))
		return v;
	return unknown(x, c);
}

/* sym ± n stays symbolic; anything else we cannot fold is unknown. */
static struct value *binary_value(struct ex *x, CXCursor c)
{
	struct cvec cv;
	struct value *l, *r, *v = NULL;
	const char *op = ex_op_token(x, c);

	cvec_children(c, &cv);
	if (cv.n == 2 && op && (!strcmp(op, "+") || !strcmp(op, "-"))) {
		l = ex_value(x, cv.v[0]);
		r = ex_value(x, cv.v[1]);
		if (l->kind == VAL_SYMBOLIC && r->kind == VAL_INT) {
			v = ex_new_value(x, VAL_SYMBOLIC, c);
			*v = *l;
			v->ival = op[0] == '+' ? l->ival + r->ival : l->ival - r->ival;
		} else if (op[0] == '+' && l->kind == VAL_INT &&
			   r->kind == VAL_SYMBOLIC) {
			v = ex_new_value(x, VAL_SYMBOLIC, c);
			*v = *r;
			v->ival = l->ival + r->ival;
		}
		if (v) {
			v->pos = ex_pos(x, cv.v[0]);
			v->spelling = spelling_of(x, c);
			v->expansion = NULL;
		}
	}
	cvec_free(&cv);
	return v ? v : unknown(x, c);
}

static struct value *cond_op_value(struct ex *x, CXCursor c)
{
	struct cvec cv;
	struct value *v = NULL;
	long long n;

	cvec_children(c, &cv);
	if (cv.n == 3 && eval_const(cv.v[0], &n))
		v = ex_value(x, cv.v[n ? 1 : 2]);
	cvec_free(&cv);
	return v ? v : unknown(x, c);
}

/*
 * libclang spells a string literal as one re-escaped C literal (adjacent
 * literals already joined), wherever it was written: undo the escapes.
 */
static void unescape(struct ex *x, const char *s, struct value *v)
{
	struct strbuf sb;

	sb_init(&sb);
	if (*s == '"')
		s++;
	for (; *s && !(*s == '"' && !s[1]); s++) {
		if (*s != '\\' || !s[1]) {
			sb_addc(&sb, *s);
			continue;
		}
		switch (*++s) {
		case 'n': sb_addc(&sb, '\n'); break;
		case 't': sb_addc(&sb, '\t'); break;
		case 'r': sb_addc(&sb, '\r'); break;
		case 'a': sb_addc(&sb, '\a'); break;
		case 'b': sb_addc(&sb, '\b'); break;
		case 'f': sb_addc(&sb, '\f'); break;
		case 'v': sb_addc(&sb, '\v'); break;
		case 'x':
			sb_addc(&sb, (char)strtol(s + 1, (char **)&s, 16));
			s--;
			break;
		case '0': case '1': case '2': case '3':
		case '4': case '5': case '6': case '7': {
			int n = 0, k;

			for (k = 0; k < 3 && *s >= '0' && *s <= '7'; k++, s++)
				n = n * 8 + (*s - '0');
			sb_addc(&sb, (char)n);
			s--;
			break;
		}
		default:
			sb_addc(&sb, *s);
			break;
		}
	}
	ex_string_text(x, v, &sb);
}

static struct value *string_value(struct ex *x, CXCursor c)
{
	struct value *v = ex_new_value(x, VAL_STRING, c);
	CXString s = clang_getCursorSpelling(c);

	v->spelling = ex_text(x, c);
	unescape(x, clang_getCString(s), v);
	clang_disposeString(s);
	return v;
}

static struct value *compound_literal(struct ex *x, CXCursor c)
{
	struct cvec cv;
	struct value *v = NULL;

	cvec_children(c, &cv);
	for (size_t i = 0; i < cv.n; i++)
		if (clang_getCursorKind(cv.v[i]) == CXCursor_InitListExpr)
			v = ex_init_list(x, cv.v[i]);
	cvec_free(&cv);
	return v ? v : unknown(x, c);
}

static bool is_null(struct ex *x, CXCursor c)
{
	CXCursor s = ex_strip(c);
	long long n;

	if (clang_getCursorKind(s) == CXCursor_IntegerLiteral &&
	    eval_const(s, &n) && n == 0)
		return true;
	return false;
}

/* Pointer-typed expressions: strings, addresses, functions, NULL. */
static struct value *ptr_value(struct ex *x, CXCursor c)
{
	CXCursor s = ex_strip(c);
	struct value *v;

	if (is_null(x, c)) {
		v = ex_new_value(x, VAL_NULL, c);
		v->spelling = ex_text(x, c);
		return v;
	}
	switch (clang_getCursorKind(s)) {
	case CXCursor_StringLiteral:
		return string_value(x, s);
	case CXCursor_DeclRefExpr:
		return declref_value(x, s);
	case CXCursor_UnaryOperator:
		return unary_value(x, s);
	case CXCursor_CompoundLiteralExpr:
		return compound_literal(x, s);
	case CXCursor_MemberRefExpr:
	case CXCursor_ArraySubscriptExpr:
		if (clang_getCanonicalType(clang_getCursorType(s)).kind !=
		    CXType_Pointer) {
			v = ex_new_value(x, VAL_ADDR, c);
			v->text = ex_text(x, s);
			v->spelling = v->text;
			return v;
		}
		return unknown(x, c);
	default:
		return unknown(x, c);
	}
}

/*
 * A call inside an expression (gpio_to_irq(N)) has no build-time value, but
 * rules may know what it means: keep it unknown, with the callee in `text`
 * and the evaluated arguments as kids.
 */
static struct value *call_value(struct ex *x, CXCursor c)
{
	struct value *v = unknown(x, c);
	CXCursor callee = clang_getCursorReferenced(c);
	int n = clang_Cursor_getNumArguments(c);

	if (!clang_Cursor_isNull(callee))
		v->text = ex_cxstr(x, clang_getCursorSpelling(callee));
	for (int i = 0; i < n; i++)
		ex_value_push(x, v, ex_value(x, clang_Cursor_getArgument(c, (unsigned)i)));
	return v;
}

static struct value *value_of(struct ex *x, CXCursor c);

/* Nesting is bounded (B2D_MAX_EXPR_DEPTH): past it, an unknown value. */
struct value *ex_value(struct ex *x, CXCursor c)
{
	struct value *v;

	if (x->limit_hit)
		return unknown(x, c);
	if (x->value_depth >= B2D_MAX_EXPR_DEPTH) {
		ex_limit(x, c, "expression nested deeper than %ld levels",
			 (long)B2D_MAX_EXPR_DEPTH);
		return unknown(x, c);
	}
	x->value_depth++;
	v = value_of(x, c);
	x->value_depth--;
	return v;
}

static struct value *value_of(struct ex *x, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXType t = clang_getCursorType(c);
	long long n;
	bool ok;

	switch (k) {
	case CXCursor_InitListExpr:
		return ex_init_list(x, c);
	case CXCursor_CompoundLiteralExpr:
		return compound_literal(x, c);
	case CXCursor_StringLiteral:
		return string_value(x, c);
	default:
		break;
	}
	if (ex_refs_synth(x, c))
		return unknown(x, c);	/* a constant we invented: no value */
	if (is_ptr_type(t) || clang_getCanonicalType(t).kind == CXType_FunctionProto ||
	    clang_getCanonicalType(t).kind == CXType_FunctionNoProto)
		return ptr_value(x, c);
	if (is_int_type(t) && eval_const(c, &n))
		return int_value(x, c, n);
	switch (k) {
	case CXCursor_ParenExpr:
	case CXCursor_CStyleCastExpr:
	case CXCursor_UnexposedExpr: {
		CXCursor in = ex_only_child(c, &ok);
		struct value *v;

		if (!ok)
			break;
		v = ex_value(x, in);
		if (v->kind == VAL_SYMBOLIC || v->kind == VAL_UNKNOWN)
			v->spelling = spelling_of(x, c);
		return v;
	}
	case CXCursor_DeclRefExpr:
		return declref_value(x, c);
	case CXCursor_UnaryOperator:
		return unary_value(x, c);
	case CXCursor_BinaryOperator:
		return binary_value(x, c);
	case CXCursor_ConditionalOperator:
		return cond_op_value(x, c);
	case CXCursor_CallExpr:
		return call_value(x, c);
	default:
		break;
	}
	return unknown(x, c);
}
