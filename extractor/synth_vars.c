// SPDX-License-Identifier: GPL-2.0
/*
 * The main file's variables of synthesized types (tolerant mode, see
 * synth.c): their initializers give the struct's fields (synth_init.c),
 * and so do the members the functions use on them: p->a.b = v, x.f(...),
 * p->g[i].
 */
#include "synth_int.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/*
 * One top-level variable: `static struct X name[] __initdata = { ... };`.
 * Its words run from the declaration's start to the next declaration.
 */
static void sy_var(struct synth *s, const char *name)
{
	struct tvar *tv;
	struct tag *t = NULL;
	int p = sy_name_index(s, name, true), eq, d = 0;
	bool is_array = false;

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
			/* `static struct __initdata macb_platform_data cam60_macb_data`
			 * (3.x AT91 boards): the attribute is no tag, the next word is */
			if (!strncmp(w, "__", 2) && k + 1 < p && !sy_find_tag(s, w))
				w = s->w[k + 1];
			t = sy_find_tag(s, w);
			if (!t || t->kind != TAG_STRUCT)
				return;
		} else if (dd == 0 && sy_is_ident(w)) {
			t = sy_find_tag(s, w);
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
	if (is_array && sy_at(s, "{")) {
		struct shape arr = { .kind = SK_ARRAY, .name = t->name,
				     .elem = t->sh };

		sy_list(s, &arr, 0);
	} else if (!is_array) {
		sy_init(s, t->sh, 0);
	}
}

void sy_scan_vars(struct synth *s, struct cvec *top)
{
	for (size_t i = 0; i < top->n; i++) {
		CXCursor c = top->v[i];
		unsigned off, limit;

		if (clang_getCursorKind(c) != CXCursor_VarDecl || !sy_main_decl(s, c) ||
		    !sy_decl_span(s, top, i, false, &off, &limit))
			continue;
		s->w = tok_words(s->x, off, limit, &s->n);
		s->i = 0;
		sy_var(s, ex_cxstr(s->x, clang_getCursorSpelling(c)));
		tok_words_free(s->w, s->n);
		s->w = NULL;
		s->n = 0;
	}
}

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
		while (p < end && sy_ident_char(*p))
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
			sy_merge_scalar(f, SK_FUNC);
		else if (p[0] == '[')
			sy_merge_scalar(f, SK_LLPTR);
		else if (sy_assigned(p, end) && p[0] == '=') {
			p = skip_space(p + 1, end);
			sy_merge_scalar(f, p < end && p[0] == '&' ? SK_PTR :
				     p < end && p[0] == '"' ? SK_STR : SK_INT);
		} else {
			sy_merge_scalar(f, SK_INT);
		}
		return;
	}
}

/* Members the functions use on the file's variables of those types. */
void sy_scan_members(struct synth *s)
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
			    (o && sy_ident_char(buf[o - 1])) ||
			    (o + len < size && sy_ident_char(buf[o + len])))
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
