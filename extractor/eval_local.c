// SPDX-License-Identifier: GPL-2.0
/*
 * The value of a function's local integer where the function reads it: its
 * initializer when nothing writes it again, or the one assignment of the
 * function's own block that comes before the read (eval.c asks, for a
 * DeclRefExpr to a local).
 */
#include "ex_internal.h"

#include <ctype.h>
#include <string.h>

/*
 * How decl (a local) is written after its declaration: `writes` counts
 * assignments, ++/-- and its address taken; `assign` is the last plain
 * `decl = ...` statement of the function's own block (NULL cursor when none).
 */
#define MAX_FOLD 16

struct write_scan {
	struct ex *x;
	CXCursor decl, body, assign;
	unsigned writes;
	CXCursor folds[MAX_FOLD];	/* every write, in source order */
	const char *fold_ops[MAX_FOLD];	/* `=`, `|=`, `&=` of the own block, else NULL */
	unsigned nfolds;
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

	cvec_children(c, &kids);
	ok = kids.n >= 1;
	if (ok)
		first = kids.v[0];
	cvec_free(&kids);
	if (!ok || !refers_to(first, w->decl))
		return CXChildVisit_Recurse;	/* the operator's token only for this local's */
	op = k == CXCursor_CompoundAssignOperator ? ex_compound_op(w->x, c) : ex_op_token(w->x, c);
	if ((k == CXCursor_CompoundAssignOperator || (op && (!strcmp(op, "=") ||
	     !strcmp(op, "++") || !strcmp(op, "--") || !strcmp(op, "&"))))) {
		w->writes++;
		w->assign = k == CXCursor_BinaryOperator && !strcmp(op, "=") &&
			    clang_equalCursors(parent, w->body) ? c : clang_getNullCursor();
		if (w->nfolds < MAX_FOLD) {
			w->fold_ops[w->nfolds] = op && (!strcmp(op, "=") || !strcmp(op, "|=") ||
						       !strcmp(op, "&=")) &&
						 clang_equalCursors(parent, w->body) ? op : NULL;
			w->folds[w->nfolds++] = c;
		}
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

/*
 * The value `decl = VALUE;` stores, when that is decl's one write and comes
 * before ref (ref not inside it: `w = w + 1` reads the w before it).
 */
static CXCursor assigned_once(const struct write_scan *w, CXCursor ref)
{
	struct cvec kids;
	CXCursor rhs = clang_getNullCursor();
	unsigned end = 0;

	if (w->writes != 1 || clang_Cursor_isNull(w->assign))
		return rhs;
	clang_getSpellingLocation(clang_getRangeEnd(clang_getCursorExtent(w->assign)), NULL, NULL,
				  NULL, &end);
	if (end > ex_offset(ref))
		return rhs;
	cvec_children(w->assign, &kids);
	if (kids.n == 2)
		rhs = kids.v[1];
	cvec_free(&kids);
	return rhs;
}

/*
 * A local set by statements of the function's own block before the read:
 * a flags word built up (3.2 board-overo.c: `u32 pdata_flags = 0;
 * pdata_flags |= TWL_COMMON_PDATA_USB; ... omap3_pmic_get_config(&twldata,
 * pdata_flags, ...)`), or a number set again before each use (6.1
 * palmtreo.c: `gpio = GPIO_NR_TREO680_LCD_POWER; gpio_request_one(gpio,
 * ...); gpio = GPIO_NR_TREO680_LCD_EN; ...`). Every write is `=`, `|=` or
 * `&=` there, those before the read of numbers: the folded number (what
 * comes after the read does not reach it). NULL otherwise.
 */
static struct value *folded(struct ex *x, const struct write_scan *w, CXCursor init, CXCursor ref)
{
	struct value *v = clang_Cursor_isNull(init) ? NULL : ex_value(x, init);
	long long acc = v && v->kind == VAL_INT ? v->ival : 0;
	bool known = v && v->kind == VAL_INT;

	if (w->writes != w->nfolds)
		return NULL;
	for (unsigned i = 0; i < w->nfolds; i++)
		if (!w->fold_ops[i])
			return NULL;	/* `x++` in a loop, a write under a condition */
	for (unsigned i = 0; i < w->nfolds; i++) {
		unsigned end = 0;
		struct cvec kids;
		struct value *r = NULL;

		clang_getSpellingLocation(clang_getRangeEnd(clang_getCursorExtent(w->folds[i])), NULL,
					  NULL, NULL, &end);
		if (end > ex_offset(ref))
			break;	/* after the read (or the read is inside it) */
		cvec_children(w->folds[i], &kids);
		if (kids.n == 2)
			r = ex_value(x, kids.v[1]);
		cvec_free(&kids);
		if (!r || r->kind != VAL_INT || (!known && strcmp(w->fold_ops[i], "=")))
			return NULL;
		acc = !strcmp(w->fold_ops[i], "=") ? r->ival
		      : !strcmp(w->fold_ops[i], "|=") ? acc | r->ival : acc & r->ival;
		known = true;
	}
	if (!known)
		return NULL;
	v = ex_new_value(x, VAL_INT, ref);
	v->ival = acc;
	v->spelling = ex_cxstr(x, clang_getCursorSpelling(w->decl));
	return v;
}

/* One identifier, nothing else (a macro the parse could not expand). */
static bool ex_plain_name(const char *s)
{
	if (!*s || isdigit((unsigned char)*s))
		return false;
	for (; *s; s++)
		if (!(isalnum((unsigned char)*s) || *s == '_'))
			return false;
	return true;
}

/*
 * A local whose initializer clang dropped (names it could not resolve,
 * `iomux_v3_cfg_t usbh1stp = MX51_PAD_USBH1_STP__USBH1_STP;` or
 * `NEW_PAD_CTRL(MX51_PAD_EIM_A27__GPIO2_21, ...)` without the SoC's pad
 * header) and that nothing writes: the local, expanded to the
 * initializer's text (blanks collapsed) for the engine to read. NULL when
 * the declaration has none.
 */
static struct value *dropped_init(struct ex *x, CXCursor ref, CXCursor decl)
{
	CXSourceLocation end = clang_getRangeEnd(clang_getCursorExtent(decl));
	const char *buf, *p, *stop;
	struct strbuf sb;
	struct value *v;
	size_t size;
	unsigned off;
	int depth = 0;
	CXFile f;

	clang_getFileLocation(end, &f, NULL, NULL, &off);
	if (!f || !x->main_file || !clang_File_isEqual(f, x->main_file) ||
	    !(buf = clang_getFileContents(x->tu, f, &size)) || off >= size)
		return NULL;
	stop = buf + size;
	for (p = buf + off; p < stop && (isalnum((unsigned char)*p) || *p == '_'); p++)
		;	/* the extent ends where its last token, the name, starts */
	while (p < stop && isspace((unsigned char)*p))
		p++;
	if (p == stop || *p++ != '=' || (p < stop && *p == '='))
		return NULL;
	sb_init(&sb);
	for (; p < stop && !(depth == 0 && (*p == ';' || *p == ',')); p++) {
		depth += (*p == '(') - (*p == ')');
		if (depth < 0 || *p == '{' || *p == '}' || *p == '"' || *p == '/' || *p == '#')
			break;
		if (!isspace((unsigned char)*p))
			sb_addc(&sb, *p);
		else if (sb.len && sb.buf[sb.len - 1] != ' ')
			sb_addc(&sb, ' ');
	}
	while (sb.len && sb.buf[sb.len - 1] == ' ')
		sb.buf[--sb.len] = '\0';
	v = p < stop && *p == ';' && depth == 0 && sb.len ? ex_new_value(x, VAL_UNKNOWN, ref) : NULL;
	if (v) {
		v->spelling = ex_cxstr(x, clang_getCursorSpelling(decl));
		v->expansion = arena_printf(x->a, "%s -> %s", v->spelling, sb.buf);
	}
	sb_free(&sb);
	return v;
}

/*
 * A local integer set once, where it is declared (`int wlan_rst = gpio + 2;`
 * in a TWL setup callback), or by one assignment of the function's own
 * block before the reference (3.x rx51: `irq = gpio_to_irq(RX51_WL1251_IRQ_GPIO);
 * ... info[RX51_SPI_WL1251].irq = irq;`): that value, a number, a parameter
 * plus a number, or what the engine reads from its spelling (assigned), or
 * from its expansion, "usbh1stp -> MX51_PAD_USBH1_STP__USBH1_STP" (a macro
 * the parse could not expand: 3.x i.MX51 `iomux_v3_cfg_t usbh1stp =
 * MX51_PAD_USBH1_STP__USBH1_STP;`), at the reference's position; a flags
 * local built up by `|=` statements of numbers before it, that number
 * (folded()). NULL otherwise.
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
	if (w.writes && (v = folded(x, &w, init, ref))) {
		v->pos = ex_pos(x, ref);
		return v;
	}
	if (w.writes) {
		init = assigned_once(&w, ref);
		if (clang_Cursor_isNull(init))
			return NULL;
		v = ex_value(x, init);
	} else if (clang_Cursor_isNull(init)) {
		return dropped_init(x, ref, decl);
	} else if ((v = ex_value(x, init))->kind == VAL_UNKNOWN && v->spelling &&
		   ex_plain_name(v->spelling)) {
		v->expansion = arena_printf(x->a, "%s -> %s",
					    ex_cxstr(x, clang_getCursorSpelling(decl)), v->spelling);
	} else if (v->kind != VAL_INT && v->kind != VAL_SYMBOLIC) {
		return NULL;
	}
	v->pos = ex_pos(x, ref);
	return v;
}
