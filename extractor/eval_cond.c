// SPDX-License-Identifier: GPL-2.0
/*
 * Operators and guard conditions, for the evaluator (eval.c) and the
 * function walker: which operator a unary or binary operator cursor has
 * (read from the file text, libclang 14 has no query for it), and a
 * guard condition (&&, ||, ! and comparisons) kept as a VAL_EXPR tree.
 */
#include "ex_internal.h"

#include <string.h>

static const char *const ops[] = {
	"<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+", "-", "*", "/", "%",
	"<", ">", "&", "|", "^", "!", "~", "=",
};

static const char *match_op(const char *s, size_t n)
{
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (strlen(ops[i]) == n && !strncmp(s, ops[i], n))
			return ops[i];
	return NULL;
}

static bool file_off(CXSourceLocation l, CXFile *f, unsigned *off)
{
	clang_getFileLocation(l, f, NULL, NULL, off);
	return *f != NULL;
}

/* The text strictly between two file offsets, if it is one operator. */
static const char *op_between(struct ex *x, CXSourceLocation a, CXSourceLocation b)
{
	CXFile fa, fb;
	unsigned oa, ob;
	size_t size;
	const char *buf;

	if (!file_off(a, &fa, &oa) || !file_off(b, &fb, &ob) ||
	    !clang_File_isEqual(fa, fb) || ob <= oa || ob - oa > 64)
		return NULL;
	buf = clang_getFileContents(x->tu, fa, &size);
	if (!buf || ob > size)
		return NULL;
	while (oa < ob && strchr(" \t\n\r\\", buf[oa]))
		oa++;
	while (ob > oa && strchr(" \t\n\r\\", buf[ob - 1]))
		ob--;
	return match_op(buf + oa, ob - oa);
}

/*
 * The operator of a unary or binary operator cursor. libclang 14 has no
 * query for it and the cursor's location is the expression's start, so
 * read the file text between the operands (prefix: before the operand).
 * An operator that comes from a macro body is not found: NULL.
 */
const char *ex_op_token(struct ex *x, CXCursor c)
{
	struct cvec cv;
	const char *op = NULL;
	CXSourceRange r = clang_getCursorExtent(c);

	cvec_children(c, &cv);
	if (cv.n == 2)
		op = op_between(x, clang_getRangeEnd(clang_getCursorExtent(cv.v[0])),
				clang_getRangeStart(clang_getCursorExtent(cv.v[1])));
	else if (cv.n == 1)
		op = op_between(x, clang_getRangeStart(r),
				clang_getRangeStart(clang_getCursorExtent(cv.v[0])));
	cvec_free(&cv);
	return op;
}

bool ex_op_is(struct ex *x, CXCursor c, const char *op)
{
	const char *o = ex_op_token(x, c);

	return o && !strcmp(o, op);
}

static bool is_cmp(const char *op)
{
	static const char *const ops[] = { "==", "!=", "<", ">", "<=", ">=", "&" };

	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (!strcmp(op, ops[i]))
			return true;
	return false;
}

static struct value *expr_node(struct ex *x, CXCursor c, const char *op)
{
	struct value *v = ex_new_value(x, VAL_EXPR, c);

	v->text = op;
	v->spelling = ex_text(x, c);
	return v;
}

/* A guard condition: &&, ||, ! and comparisons kept as VAL_EXPR trees. */
struct value *ex_cond(struct ex *x, CXCursor c)
{
	CXCursor s = c;
	enum CXCursorKind k;
	const char *op;
	struct value *v;
	bool ok;

	while (clang_getCursorKind(s) == CXCursor_ParenExpr ||
	       clang_getCursorKind(s) == CXCursor_UnexposedExpr) {
		CXCursor in = ex_only_child(s, &ok);

		if (!ok)
			break;
		s = in;
	}
	k = clang_getCursorKind(s);
	op = (k == CXCursor_BinaryOperator || k == CXCursor_UnaryOperator) ?
		ex_op_token(x, s) : NULL;
	if (!op)
		return ex_value(x, c);
	if (k == CXCursor_UnaryOperator && !strcmp(op, "!")) {
		v = expr_node(x, s, "!");
		ex_value_push(x, v, ex_cond(x, ex_only_child(s, &ok)));
		return v;
	}
	if (k == CXCursor_BinaryOperator) {
		bool logic = !strcmp(op, "&&") || !strcmp(op, "||");
		struct cvec cv;

		if (!logic && !is_cmp(op))
			return ex_value(x, c);
		cvec_children(s, &cv);
		v = expr_node(x, s, arena_strdup(x->a, op));
		for (size_t i = 0; i < cv.n; i++)
			ex_value_push(x, v, logic ? ex_cond(x, cv.v[i]) :
					    ex_value(x, cv.v[i]));
		cvec_free(&cv);
		return v;
	}
	return ex_value(x, c);
}
