// SPDX-License-Identifier: GPL-2.0
/*
 * Brace initializers to VAL_LIST trees.
 *
 * libclang shows the syntactic form of an InitListExpr: positional members
 * carry no field name and designated ones are an UnexposedExpr (the
 * DesignatedInitExpr) whose children are MemberRef cursors for `.field`,
 * index expressions for `[n]`, and finally the value. So positional members
 * get their names from the struct's declared field order, resuming after
 * the last designator, as C does.
 */
#include "ex_internal.h"

#include <string.h>

struct fields {
	const char **names;
	size_t n, cap;
};

static enum CXVisitorResult add_field(CXCursor c, CXClientData data)
{
	struct fields *f = data;
	CXString s = clang_getCursorSpelling(c);

	if (f->n == f->cap) {
		f->cap = f->cap ? f->cap * 2 : 16;
		f->names = xrealloc(f->names, f->cap * sizeof(*f->names));
	}
	f->names[f->n++] = xstrdup(clang_getCString(s));
	clang_disposeString(s);
	return CXVisit_Continue;
}

static void fields_free(struct fields *f)
{
	for (size_t i = 0; i < f->n; i++)
		free((void *)f->names[i]);
	free(f->names);
}

static long field_index(const struct fields *f, const char *name)
{
	for (size_t i = 0; i < f->n; i++)
		if (!strcmp(f->names[i], name))
			return (long)i;
	return -1;
}

/* Is this member of an init list a designated initializer? */
static bool is_designated(CXCursor c, struct cvec *kids)
{
	if (clang_getCursorKind(c) != CXCursor_UnexposedExpr)
		return false;
	cvec_children(c, kids);
	if (kids->n >= 2)
		return true;
	cvec_free(kids);
	return false;
}

/*
 * A designated member whose designator names no field of the struct (the
 * model header's layout lacks it: 3.x `.nr_gpios = 1` of a 6.1
 * gpio_regulator_config). Clang keeps the DesignatedInitExpr (type void)
 * with the value as its only child, no MemberRef: taken as positional, the
 * value landed on the next declared field (`.enabled_at_boot = 1`). The
 * error is a lost fact (extract.c), a TODO that keeps the value. In a
 * struct whose definition is invalid every designated member looks so; the
 * token recovery names those (fixture register/i2c-invalid_pdata_struct).
 */
static bool bad_designator(CXCursor c, CXType record)
{
	return clang_getCursorKind(c) == CXCursor_UnexposedExpr &&
	       clang_getCursorType(c).kind == CXType_Void &&
	       record.kind == CXType_Record &&
	       !clang_isInvalidDeclaration(clang_getTypeDeclaration(record));
}

/* The VAL_LIST kid named `field`, made when missing (for `.a.b = x`). */
static struct value *sub_list(struct ex *x, struct value *list,
			      const char *field, CXCursor at)
{
	struct value *v = value_field(list, field);

	if (v && v->kind == VAL_LIST)
		return v;
	v = ex_new_value(x, VAL_LIST, at);
	v->field = arena_strdup(x->a, field);
	v->index = (long)list->nkids;
	/* the member's own type (`.constraints.always_on = 1`: regulation_constraints),
	 * as a braced `.constraints = { ... }` has it */
	v->type = ex_type_tag(x, clang_getCursorType(clang_getCursorReferenced(at)), &v->is_array);
	ex_value_push(x, list, v);
	return v;
}

/*
 * Place a designated member: every designator but the last opens (or
 * reuses) a nested list. Returns the index in `list` for positional
 * resumption, or -1 for an array designator.
 */
static long place_designated(struct ex *x, struct value *list,
			     const struct fields *f, struct cvec *kids,
			     long *next)
{
	struct value *cur = list, *val;
	CXCursor init = kids->v[kids->n - 1];
	long first = -1;

	for (size_t i = 0; i + 1 < kids->n; i++) {
		CXCursor d = kids->v[i];
		bool last = i + 2 == kids->n;
		const char *name = NULL;
		long idx = 0;

		if (clang_getCursorKind(d) == CXCursor_MemberRef) {
			name = ex_cxstr(x, clang_getCursorSpelling(d));
			if (cur == list)
				first = field_index(f, name);
		} else {
			struct value *iv = ex_value(x, d);

			idx = iv->kind == VAL_INT ? (long)iv->ival : 0;
			if (cur == list)
				*next = idx + 1;
		}
		if (!last) {
			cur = name ? sub_list(x, cur, name, d) : cur;
			/* `.init_data[TPS65910_REG_VDD1] = &vdd1`: an array of the field's */
			if (name && clang_getCursorKind(kids->v[i + 1]) != CXCursor_MemberRef)
				cur->is_array = true;
			continue;
		}
		val = ex_value(x, init);
		val->field = name;
		val->index = name ? (long)cur->nkids : idx;
		ex_value_push(x, cur, val);
	}
	return first;
}

struct value *ex_init_list(struct ex *x, CXCursor list)
{
	struct value *v = ex_new_value(x, VAL_LIST, list);
	CXType t = clang_getCursorType(list);
	struct fields f = { 0 };
	struct cvec kids, dk;
	long next = 0;

	if (x->init_depth >= B2D_MAX_INIT_DEPTH) {
		ex_limit(x, list, "initializer nested deeper than %ld levels",
			 (long)B2D_MAX_INIT_DEPTH);
		v->kind = VAL_UNKNOWN;
		return v;
	}
	x->init_depth++;
	v->type = ex_type_tag(x, t, &v->is_array);
	v->spelling = NULL;
	if (!v->is_array &&
	    clang_getCanonicalType(t).kind == CXType_Record)
		clang_Type_visitFields(clang_getCanonicalType(t), add_field, &f);
	cvec_children(list, &kids);
	for (size_t i = 0; i < kids.n; i++) {
		struct value *m;

		if (is_designated(kids.v[i], &dk)) {
			long at = place_designated(x, v, &f, &dk, &next);

			if (at >= 0)
				next = at + 1;
			cvec_free(&dk);
			continue;
		}
		if (!v->is_array && bad_designator(kids.v[i], clang_getCanonicalType(t))) {
			next = -1;	/* where C resumes is not known */
			continue;
		}
		m = ex_value(x, kids.v[i]);
		if (v->is_array) {
			m->index = next++;
		} else {
			m->index = (long)v->nkids;
			if (next >= 0 && (size_t)next < f.n &&
			    !str_starts(f.names[next], "__b2d_"))
				m->field = arena_strdup(x->a, f.names[next]);
			next++;
		}
		ex_value_push(x, v, m);
	}
	cvec_free(&kids);
	fields_free(&f);
	x->init_depth--;
	return v;
}
