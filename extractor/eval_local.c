// SPDX-License-Identifier: GPL-2.0
/*
 * The value of a function's local integer where the function reads it: its
 * initializer when nothing writes it again, or the one assignment of the
 * function's own block that comes before the read (eval.c asks, for a
 * DeclRefExpr to a local).
 */
#include "ex_internal.h"

#include <string.h>

/*
 * How decl (a local) is written after its declaration: `writes` counts
 * assignments, ++/-- and its address taken; `assign` is the last plain
 * `decl = ...` statement of the function's own block (NULL cursor when none).
 */
struct write_scan {
	struct ex *x;
	CXCursor decl, body, assign;
	unsigned writes;
};

static bool refers_to(CXCursor c, CXCursor decl)
{
	CXCursor s = ex_strip(c);

	return clang_getCursorKind(s) == CXCursor_DeclRefExpr &&
	       clang_equalCursors(clang_getCursorReferenced(s), decl);
}

static enum CXChildVisitResult find_write(CXCursor c, CXCursor parent, CXClientData data)
{
	struct write_scan *w = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	const char *op;
	CXCursor first = clang_getNullCursor();
	bool ok;

	if (k != CXCursor_BinaryOperator && k != CXCursor_CompoundAssignOperator &&
	    k != CXCursor_UnaryOperator)
		return CXChildVisit_Recurse;
	struct cvec kids;

	op = ex_op_token(w->x, c);
	cvec_children(c, &kids);
	ok = kids.n >= 1;
	if (ok)
		first = kids.v[0];
	cvec_free(&kids);
	if (ok && refers_to(first, w->decl) &&
	    (k == CXCursor_CompoundAssignOperator || (op && (!strcmp(op, "=") ||
	     !strcmp(op, "++") || !strcmp(op, "--") || !strcmp(op, "&"))))) {
		w->writes++;
		w->assign = k == CXCursor_BinaryOperator && !strcmp(op, "=") &&
			    clang_equalCursors(parent, w->body) ? c : clang_getNullCursor();
	}
	return CXChildVisit_Recurse;
}

static enum CXChildVisitResult find_body(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CompoundStmt)
		return CXChildVisit_Continue;
	*(CXCursor *)data = c;
	return CXChildVisit_Break;
}

/* The value `decl = VALUE;` stores, when that is decl's one write and comes before ref. */
static CXCursor assigned_once(const struct write_scan *w, CXCursor ref)
{
	struct cvec kids;
	CXCursor rhs = clang_getNullCursor();

	if (w->writes != 1 || clang_Cursor_isNull(w->assign) ||
	    ex_offset(w->assign) >= ex_offset(ref))
		return rhs;
	cvec_children(w->assign, &kids);
	if (kids.n == 2)
		rhs = kids.v[1];
	cvec_free(&kids);
	return rhs;
}

/*
 * A local integer set once, where it is declared (`int wlan_rst = gpio + 2;`
 * in a TWL setup callback), or by one assignment of the function's own
 * block before the reference (3.x rx51: `irq = gpio_to_irq(RX51_WL1251_IRQ_GPIO);
 * ... info[RX51_SPI_WL1251].irq = irq;`): that value, a number, a parameter
 * plus a number, or (assigned) what the engine reads from its spelling, at
 * the reference's position. NULL otherwise.
 */
struct value *ex_local_value(struct ex *x, CXCursor ref, CXCursor decl)
{
	CXCursor init = clang_Cursor_getVarDeclInitializer(decl);
	struct write_scan w = { x, decl, clang_getNullCursor(), clang_getNullCursor(), 0 };
	struct value *v;

	if (!x->fn || clang_Cursor_hasVarDeclGlobalStorage(decl) == 1 ||
	    !clang_equalCursors(clang_getCursorSemanticParent(decl), x->fn_cur))
		return NULL;
	clang_visitChildren(x->fn_cur, find_body, &w.body);
	clang_visitChildren(x->fn_cur, find_write, &w);
	if (w.writes) {
		init = assigned_once(&w, ref);
		if (clang_Cursor_isNull(init))
			return NULL;
		v = ex_value(x, init);
	} else if (clang_Cursor_isNull(init)) {
		return NULL;
	} else if ((v = ex_value(x, init))->kind != VAL_INT && v->kind != VAL_SYMBOLIC) {
		return NULL;
	}
	v->pos = ex_pos(x, ref);
	return v;
}
