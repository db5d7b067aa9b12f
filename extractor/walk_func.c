// SPDX-License-Identifier: GPL-2.0
/*
 * Function bodies: calls and stores in source order, each with the
 * conditions that guard it.
 *
 * Guards: an `if` adds its condition (negated in the else branch). A
 * `case V:` label adds the VAL_EXPR "==" [switch expr, V] (several labels
 * falling into one body give "||" over them); `default:` adds the VAL_EXPR
 * "default" whose one kid is the switch expression. Loops add no guard.
 */
#include "ex_internal.h"

#include <ctype.h>

#include <string.h>

struct gstack {
	struct guard **v;
	size_t n, cap;
};

static void gpush(struct gstack *g, struct guard *gd)
{
	if (g->n == g->cap) {
		g->cap = g->cap ? g->cap * 2 : 8;
		g->v = xrealloc(g->v, g->cap * sizeof(*g->v));
	}
	g->v[g->n++] = gd;
}

static struct guard **gcopy(struct ex *x, struct gstack *g, size_t *n)
{
	struct guard **c = NULL;

	*n = g->n;
	if (g->n) {
		c = arena_alloc(x->a, g->n * sizeof(*c));
		memcpy(c, g->v, g->n * sizeof(*c));
	}
	return c;
}

static struct guard *mkguard(struct ex *x, struct value *cond, const char *text,
			     bool negated)
{
	struct guard *g = arena_alloc(x->a, sizeof(*g));

	g->cond = cond;
	g->negated = negated;
	g->text = negated ? arena_printf(x->a, "!(%s)", text) : text;
	return g;
}

static void walk(struct ex *x, CXCursor c, struct gstack *g);

/* A call of the function being walked, at c, with its guards; its args are the caller's. */
static struct call *new_call(struct ex *x, CXCursor c, const char *callee, struct gstack *g)
{
	struct call *call = arena_alloc(x->a, sizeof(*call));

	call->callee = callee;
	call->pos = ex_pos(x, c);
	call->spelling = ex_text(x, c);
	call->nested = x->expr_depth > 0;
	call->guards = gcopy(x, g, &call->nguards);
	arena_push(x->a, (void ***)&x->fn->calls, &x->fn->ncalls, call);
	return call;
}

static void add_arg(struct ex *x, struct call *call, CXCursor arg)
{
	struct value *v = ex_value(x, arg);

	v->index = (long)call->nargs;
	arena_push(x->a, (void ***)&call->args, &call->nargs, v);
}

static void record_call(struct ex *x, CXCursor c, struct gstack *g)
{
	const char *callee = ex_cxstr(x, clang_getCursorSpelling(c));
	int n = clang_Cursor_getNumArguments(c);
	struct call *call;
	struct cvec kids;

	if (!callee[0]) {
		cvec_children(c, &kids);
		if (kids.n)
			callee = ex_text(x, kids.v[0]);
		cvec_free(&kids);
	}
	call = new_call(x, c, callee, g);
	for (int i = 0; i < n; i++)
		add_arg(x, call, clang_Cursor_getArgument(c, i));
	call->written = tok_written_call(x, c, call);
}

/*
 * A call clang kept only as a RecoveryExpr (libclang: an unexposed
 * expression of dependent type): a board of another era calling a helper
 * whose prototype the target changed, pxa_set_mci_info(&info) against 6.12's
 * two-argument one. Its first child names the function, the others are the
 * arguments as written; the call is recorded as the board wrote it rather
 * than lost. True when c is one.
 */
static bool record_recovered_call(struct ex *x, CXCursor c, struct cvec *kids, struct gstack *g)
{
	struct call *call;
	const char *callee, *text;
	CXCursor fn;

	if (clang_getCursorType(c).kind != CXType_Dependent || !kids->n ||
	    clang_getCursorKind(kids->v[0]) != CXCursor_DeclRefExpr)
		return false;
	fn = clang_getCursorReferenced(kids->v[0]);
	if (clang_getCursorKind(fn) != CXCursor_FunctionDecl)
		return false;
	callee = ex_cxstr(x, clang_getCursorSpelling(kids->v[0]));
	text = ex_text(x, c);
	if (strncmp(text, callee, strlen(callee)) || text[strlen(callee) + strspn(text + strlen(callee), " \t")] != '(')
		return false;
	call = new_call(x, c, callee, g);
	for (size_t i = 1; i < kids->n; i++)
		add_arg(x, call, kids->v[i]);
	return true;
}

/*
 * Is the lvalue's base an object of file scope that this file does not
 * define (SoC or kernel code: clk_xusbxti, pm_power_off)? The file's own
 * variables, initialized or not (a `static int board_rev;` the guards read),
 * are not.
 */
static bool outside_base(struct ex *x, CXCursor lhs)
{
	CXCursor ref = ex_base_ref(lhs), decl, def;
	CXFile f = NULL;

	if (clang_Cursor_isNull(ref))
		return false;
	decl = clang_getCursorReferenced(ref);
	if (clang_getCursorKind(decl) != CXCursor_VarDecl ||
	    clang_getCursorKind(clang_getCursorSemanticParent(decl)) != CXCursor_TranslationUnit)
		return false;
	def = clang_getCursorDefinition(decl);
	if (clang_Cursor_isNull(def) && clang_Cursor_getStorageClass(decl) != CX_SC_Extern)
		def = decl;	/* `static u8 board_rev;`: a tentative definition */
	if (!clang_Cursor_isNull(def))
		clang_getExpansionLocation(clang_getCursorLocation(def), &f, NULL, NULL, NULL);
	return !f || !clang_File_isEqual(f, x->main_file);
}

static void add_store(struct ex *x, CXCursor at, const char *var,
		      const char *path, CXCursor rhs, struct gstack *g)
{
	struct store *s = arena_alloc(x->a, sizeof(*s));
	struct cvec kids;

	cvec_children(at, &kids);	/* an assignment: lhs, rhs; a local's declaration: never */
	s->global = clang_getCursorKind(at) != CXCursor_VarDecl && kids.n &&
		    outside_base(x, kids.v[0]);
	cvec_free(&kids);

	s->var = var;
	s->path = path;
	s->rhs = ex_value(x, rhs);
	s->pos = ex_pos(x, at);
	s->spelling = ex_text(x, at);
	s->guards = gcopy(x, g, &s->nguards);
	arena_push(x->a, (void ***)&x->fn->stores, &x->fn->nstores, s);
}

struct subscripts {
	struct ex *x;
	struct value *v[8];	/* the index values, in source order */
	unsigned off[8];
	size_t n;
};

static enum CXChildVisitResult find_subscripts(CXCursor c, CXCursor parent, CXClientData data)
{
	struct subscripts *s = data;
	struct cvec kids;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_ArraySubscriptExpr)
		return CXChildVisit_Recurse;
	cvec_children(c, &kids);
	if (kids.n == 2 && s->n < sizeof(s->v) / sizeof(s->v[0])) {
		size_t k = s->n++;

		for (; k > 0 && s->off[k - 1] > ex_offset(kids.v[1]); k--) {
			s->v[k] = s->v[k - 1];
			s->off[k] = s->off[k - 1];
		}
		s->v[k] = ex_value(s->x, kids.v[1]);
		s->off[k] = ex_offset(kids.v[1]);
	}
	cvec_free(&kids);
	return CXChildVisit_Recurse;
}

/*
 * The path with each index that is not a number as written
 * (`[RX51_SPI_WL1251]`, an enumerator) replaced by its value, when clang
 * knows it: the engine walks paths by number.
 */
static char *numbered_path(struct ex *x, CXCursor lhs, char *path)
{
	struct subscripts s = { .x = x };
	struct strbuf sb;
	size_t k = 0;
	char *out;

	if (!strchr(path, '['))
		return path;
	find_subscripts(lhs, clang_getNullCursor(), &s);
	clang_visitChildren(lhs, find_subscripts, &s);
	sb_init(&sb);
	for (const char *p = path; *p; p++) {
		const char *e = *p == '[' ? strchr(p, ']') : NULL;

		if (!e) {
			sb_addc(&sb, *p);
			continue;
		}
		if (!isdigit((unsigned char)p[1]) && k < s.n && s.v[k]->kind == VAL_INT)
			sb_addf(&sb, "[%lld]", s.v[k]->ival);
		else
			sb_addn(&sb, p, (size_t)(e - p + 1));
		k++;
		p = e;
	}
	out = arena_strdup(x->a, sb.buf);
	sb_free(&sb);
	return out;
}

/* `a.b[0].c = x`: var "a", path ".b[0].c" (taken from the text as written, indexes by value). */
static void record_assign(struct ex *x, CXCursor c, struct cvec *kids,
			  struct gstack *g)
{
	char *lhs = ex_text(x, kids->v[0]);
	size_t i = 0;
	char *path;

	while (lhs[i] == '_' || (lhs[i] >= 'a' && lhs[i] <= 'z') ||
	       (lhs[i] >= 'A' && lhs[i] <= 'Z') || (lhs[i] >= '0' && lhs[i] <= '9'))
		i++;
	if (i == 0) {
		path = "";
	} else {
		path = arena_alloc(x->a, strlen(lhs + i) + 1);
		for (char *s = lhs + i, *d = path; ; s++)
			if (*s != ' ' && !(*d++ = *s))
				break;
		lhs[i] = '\0';
		path = numbered_path(x, kids->v[0], path);
	}
	add_store(x, c, lhs, path, kids->v[1], g);
}

static void walk_kids(struct ex *x, struct cvec *kids, size_t from,
		      struct gstack *g)
{
	for (size_t i = from; i < kids->n; i++)
		walk(x, kids->v[i], g);
}

static void walk_if(struct ex *x, struct cvec *kids, struct gstack *g)
{
	struct value *cond;
	const char *text;

	if (kids->n < 2)
		return walk_kids(x, kids, 0, g);
	walk(x, kids->v[0], g);
	cond = ex_cond(x, kids->v[0]);
	text = ex_text(x, kids->v[0]);
	gpush(g, mkguard(x, cond, text, false));
	walk(x, kids->v[1], g);
	g->n--;
	if (kids->n > 2) {
		gpush(g, mkguard(x, cond, text, true));
		walk(x, kids->v[2], g);
		g->n--;
	}
}

/*
 * `return;` or `return 0;`, alone or ending a block: a branch that leaves
 * the function successfully (an error exit returns a code, and its
 * condition is no board fact).
 */
static bool returns_ok(struct ex *x, CXCursor c)
{
	struct cvec kids;
	bool r = false;

	cvec_children(c, &kids);
	if (clang_getCursorKind(c) == CXCursor_CompoundStmt && kids.n)
		r = returns_ok(x, kids.v[kids.n - 1]);
	else if (clang_getCursorKind(c) == CXCursor_ReturnStmt) {
		struct value *v = kids.n ? ex_value(x, kids.v[0]) : NULL;

		r = !kids.n || (v->kind == VAL_INT && v->ival == 0);
	}
	cvec_free(&kids);
	return r;
}

/*
 * The statements of a block in order. After `if (cond) { ...; return; }`
 * the rest of the block runs only when !cond: 3.6 board-igep0020.c's
 * igep2_get_revision() starts with `if (machine_is_igep0030()) { ...;
 * return; }`, so what follows is not the IGEP0030's.
 */
/* The block's calls clang dropped (tok_stmt.c) before line `before` (0: the rest), in order. */
static void dropped_calls(struct ex *x, struct call **tc, size_t n, size_t *next,
			  unsigned before, struct gstack *g)
{
	for (; *next < n && (!before || tc[*next]->pos.line < before); (*next)++) {
		tc[*next]->guards = gcopy(x, g, &tc[*next]->nguards);
		arena_push(x->a, (void ***)&x->fn->calls, &x->fn->ncalls, tc[*next]);
	}
}

static void walk_block(struct ex *x, CXCursor block, struct cvec *kids, struct gstack *g)
{
	size_t base = g->n, ntc = 0, next = 0;
	struct call **tc = NULL;

	if (x->b->tolerant && x->b->clang_errors)
		ntc = tok_block_calls(x, block, kids, &tc);
	for (size_t i = 0; i < kids->n; i++) {
		struct cvec in;

		dropped_calls(x, tc, ntc, &next, tok_stmt_line(kids->v[i]), g);
		walk(x, kids->v[i], g);
		if (clang_getCursorKind(kids->v[i]) != CXCursor_IfStmt)
			continue;
		cvec_children(kids->v[i], &in);
		if (in.n >= 2 && returns_ok(x, in.v[1])) {
			gpush(g, mkguard(x, ex_cond(x, in.v[0]), ex_text(x, in.v[0]), true));
			g->v[g->n - 1]->exit = true;
		}
		cvec_free(&in);
	}
	dropped_calls(x, tc, ntc, &next, 0, g);
	g->n = base;
}

/* The condition of a `case` chain (`case 1: case 2:` gives ||). */
static CXCursor case_cond(struct ex *x, CXCursor c, struct value *sw,
			  struct value **out)
{
	struct cvec kids;
	struct value *eq, *or;

	*out = NULL;
	while (clang_getCursorKind(c) == CXCursor_CaseStmt) {
		cvec_children(c, &kids);
		if (kids.n < 2) {
			cvec_free(&kids);
			break;
		}
		eq = ex_new_value(x, VAL_EXPR, kids.v[0]);
		eq->text = "==";
		eq->spelling = arena_printf(x->a, "%s == %s", sw->spelling,
					    ex_text(x, kids.v[0]));
		ex_value_push(x, eq, sw);
		ex_value_push(x, eq, ex_value(x, kids.v[0]));
		if (*out) {
			or = ex_new_value(x, VAL_EXPR, kids.v[0]);
			or->text = "||";
			or->spelling = arena_printf(x->a, "%s || %s",
						    (*out)->spelling, eq->spelling);
			ex_value_push(x, or, *out);
			ex_value_push(x, or, eq);
			eq = or;
		}
		*out = eq;
		c = kids.v[kids.n - 1];
		cvec_free(&kids);
	}
	return c;
}

static void walk_switch_body(struct ex *x, CXCursor body, struct value *sw,
			     struct gstack *g)
{
	struct cvec kids;
	size_t base = g->n;

	cvec_children(body, &kids);
	for (size_t i = 0; i < kids.n; i++) {
		CXCursor s = kids.v[i];
		enum CXCursorKind k = clang_getCursorKind(s);
		struct value *cond = NULL;

		if (k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt) {
			g->n = base;
			if (k == CXCursor_CaseStmt) {
				s = case_cond(x, s, sw, &cond);
			} else {
				struct cvec dk;

				cond = ex_new_value(x, VAL_EXPR, s);
				cond->text = "default";
				cond->spelling = arena_printf(x->a, "default(%s)",
							      sw->spelling);
				ex_value_push(x, cond, sw);
				cvec_children(s, &dk);
				s = dk.n ? dk.v[dk.n - 1] : clang_getNullCursor();
				cvec_free(&dk);
			}
			if (cond)
				gpush(g, mkguard(x, cond, cond->spelling, false));
		}
		if (!clang_Cursor_isNull(s))
			walk(x, s, g);
	}
	g->n = base;
	cvec_free(&kids);
}

static void walk_switch(struct ex *x, struct cvec *kids, struct gstack *g)
{
	struct value *sw;

	if (kids->n < 2)
		return walk_kids(x, kids, 0, g);
	walk(x, kids->v[0], g);
	sw = ex_value(x, kids->v[0]);
	if (!sw->spelling)
		sw->spelling = ex_text(x, kids->v[0]);
	if (clang_getCursorKind(kids->v[1]) == CXCursor_CompoundStmt)
		walk_switch_body(x, kids->v[1], sw, g);
	else
		walk(x, kids->v[1], g);
}

static void walk_vardecl(struct ex *x, CXCursor c, struct cvec *kids,
			 struct gstack *g)
{
	CXCursor init;

	if (!kids->n)
		return;
	init = kids->v[kids->n - 1];
	if (!clang_isExpression(clang_getCursorKind(init)))
		return;
	walk(x, init, g);
	add_store(x, c, ex_cxstr(x, clang_getCursorSpelling(c)), "", init, g);
}

static void walk(struct ex *x, CXCursor c, struct gstack *g)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cvec kids;
	size_t ng = 0;

	if (x->limit_hit)
		return;
	if (x->walk_depth >= B2D_MAX_EXPR_DEPTH) {
		ex_limit(x, c, "statement or expression nested deeper than %ld levels",
			 (long)B2D_MAX_EXPR_DEPTH);
		return;
	}
	x->walk_depth++;
	cvec_children(c, &kids);
	switch (k) {
	case CXCursor_IfStmt:
		walk_if(x, &kids, g);
		break;
	case CXCursor_SwitchStmt:
		walk_switch(x, &kids, g);
		break;
	case CXCursor_CompoundStmt:
		walk_block(x, c, &kids, g);
		break;
	case CXCursor_VarDecl:
		walk_vardecl(x, c, &kids, g);
		break;
	case CXCursor_CallExpr:
		record_call(x, c, g);
		x->expr_depth++;
		walk_kids(x, &kids, 0, g);
		x->expr_depth--;
		break;
	case CXCursor_BinaryOperator:
	case CXCursor_CompoundAssignOperator:
		x->expr_depth++;
		walk_kids(x, &kids, 0, g);
		x->expr_depth--;
		if (k == CXCursor_CompoundAssignOperator)
			ex_record_compound(x, c, &kids, gcopy(x, g, &ng), &ng);
		else if (kids.n == 2 && ex_op_is(x, c, "="))
			record_assign(x, c, &kids, g);
		break;
	default:
		if (k == CXCursor_UnexposedExpr && record_recovered_call(x, c, &kids, g)) {
			x->expr_depth++;
			walk_kids(x, &kids, 1, g);
			x->expr_depth--;
			break;
		}
		x->expr_depth += clang_isExpression(k);
		walk_kids(x, &kids, 0, g);
		x->expr_depth -= clang_isExpression(k);
		break;
	}
	cvec_free(&kids);
	x->walk_depth--;
}

/*
 * What a function returns when its body is one `return EXPR;`: a board
 * predicate (static int ek_have_2mmc(void) { return
 * machine_is_at91sam9g20ek_2mmc() || (system_rev & HAVE_2MMC); }), which
 * guards calling it without arguments decide per machine, or a callback
 * that reads one GPIO (an MMC slot's get_ro(struct device *dev) { return
 * gpio_get_value(WP); }, converter gpio_read); NULL otherwise.
 */
/*
 * The expression of body's return statement, when it is the only statement
 * (only) or the last one: *expr. False otherwise.
 */
static bool return_expr(CXCursor body, bool only, CXCursor *expr)
{
	struct cvec kids, ret;
	bool found = false;

	cvec_children(body, &kids);
	if (kids.n && (!only || kids.n == 1) &&
	    clang_getCursorKind(kids.v[kids.n - 1]) == CXCursor_ReturnStmt) {
		cvec_children(kids.v[kids.n - 1], &ret);
		if ((found = ret.n == 1))
			*expr = ret.v[0];
		cvec_free(&ret);
	}
	cvec_free(&kids);
	return found;
}

static struct value *predicate_return(struct ex *x, CXCursor body)
{
	CXCursor e;

	return return_expr(body, true, &e) ? ex_cond(x, e) : NULL;
}

/*
 * The table a callback with parameters hands back in its last statement,
 * `return table;` (a 2.6.x AT91 NAND .partition_info callback:
 * `*num_partitions = ARRAY_SIZE(ek_nand_partition); return
 * ek_nand_partition;`): its address; NULL otherwise.
 */
static struct value *table_return(struct ex *x, CXCursor body)
{
	CXCursor e;
	struct value *v = return_expr(body, false, &e) ? ex_value(x, e) : NULL;

	return v && v->kind == VAL_ADDR ? v : NULL;
}

struct function *ex_function(struct ex *x, CXCursor fn)
{
	struct function *f = arena_alloc(x->a, sizeof(*f));
	int n = clang_Cursor_getNumArguments(fn);
	struct gstack g = { 0 };
	struct cvec kids;

	f->name = ex_cxstr(x, clang_getCursorSpelling(fn));
	f->pos = ex_pos(x, fn);
	if (n > 0) {
		f->params = arena_alloc(x->a, n * sizeof(*f->params));
		f->nparams = n;
	}
	for (int i = 0; i < n; i++) {
		const char *p = ex_cxstr(x, clang_getCursorSpelling(
				clang_Cursor_getArgument(fn, i)));

		f->params[i] = p[0] ? p : NULL;
	}
	x->fn = f;
	x->fn_cur = fn;
	cvec_children(fn, &kids);
	for (size_t i = 0; i < kids.n; i++)
		if (clang_getCursorKind(kids.v[i]) == CXCursor_CompoundStmt) {
			walk(x, kids.v[i], &g);
			f->returns = predicate_return(x, kids.v[i]);
			if (!f->returns && n > 0)
				f->returns = table_return(x, kids.v[i]);
		}
	cvec_free(&kids);
	free(g.v);
	x->fn = NULL;
	return f;
}
