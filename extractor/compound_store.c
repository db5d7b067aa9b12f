// SPDX-License-Identifier: GPL-2.0
/*
 * A compound assignment to what is not a local: `*IXP4XX_EXP_CS0 |=
 * IXP4XX_FLASH_WRITABLE;` (3.x gateway7001-setup.c sets the flash chip
 * select writable), `PCFR |= PCFR_OPDE`, `board_data.flags |= X`. The
 * stores hold plain assignments only, so it goes to the function's own
 * list (`compounds`), which the engine accounts for each function the
 * machine runs: a TODO, never dropped in silence (before, it vanished). A
 * local's or a parameter's (`ret |= gpio_request(...)`, `n -= 2`) is the
 * function's own arithmetic, no board fact.
 */
#include "ex_internal.h"

#include <string.h>

static bool local_lvalue(CXCursor lhs)
{
	CXCursor ref = ex_base_ref(lhs), decl;
	enum CXCursorKind k;

	if (clang_Cursor_isNull(ref))
		return false;	/* `*ADDRESS_MACRO |= ...`: a register */
	decl = clang_getCursorReferenced(ref);
	k = clang_getCursorKind(decl);
	return k == CXCursor_ParmDecl ||
	       (k == CXCursor_VarDecl &&
		clang_getCursorKind(clang_getCursorSemanticParent(decl)) != CXCursor_TranslationUnit);
}

/* "|=" of `a |= b`: the text between the two operands' texts. */
static const char *operator_of(struct ex *x, const char *all, const char *lhs)
{
	size_t n = strlen(lhs), k;
	const char *p = !strncmp(all, lhs, n) ? all + n : NULL;

	p = p ? p + strspn(p, " ") : NULL;
	k = p ? strcspn(p, "=") : 0;
	return p && p[k] == '=' && k <= 3 ? arena_strndup(x->a, p, k + 1) : "?=";
}

const char *ex_compound_op(struct ex *x, CXCursor c)
{
	struct cvec kids;
	const char *op = "?=";

	cvec_children(c, &kids);
	if (kids.n == 2)
		op = operator_of(x, ex_text(x, c), ex_text(x, kids.v[0]));
	cvec_free(&kids);
	return op;
}

void ex_record_compound(struct ex *x, CXCursor c, const struct cvec *kids, struct guard **guards,
			const size_t *nguards)
{
	struct store *s;

	if (kids->n != 2 || local_lvalue(kids->v[0]) || !x->fn)
		return;
	s = arena_alloc(x->a, sizeof(*s));
	s->path = ex_text(x, kids->v[0]);
	s->var = s->path;
	s->rhs = ex_value(x, kids->v[1]);
	s->pos = ex_pos(x, c);
	s->spelling = ex_text(x, c);
	s->op = operator_of(x, s->spelling, s->path);
	s->guards = guards;
	s->nguards = *nguards;
	arena_push(x->a, (void ***)&x->fn->compounds, &x->fn->ncompounds, s);
}
