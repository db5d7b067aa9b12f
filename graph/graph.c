// SPDX-License-Identifier: GPL-2.0
/*
 * The node graph: plain constructors and look-ups over tree->arena.
 *
 * Nothing here knows DTS syntax; names and labels are stored as given and
 * made valid by the normalisation passes (passes.c).
 */
#include "graph.h"

#include <stdlib.h>
#include <string.h>

#include "../common/util.h"

struct dt_tree *dt_tree_new(void)
{
	struct dt_tree *t = xcalloc(1, sizeof(*t));

	arena_init(&t->arena);
	t->root = arena_alloc(&t->arena, sizeof(*t->root));
	t->root->name = "";
	return t;
}

void dt_tree_free(struct dt_tree *t)
{
	if (!t)
		return;
	arena_free(&t->arena);
	free(t);
}

/* parent == NULL adds under the root. */
void dt_node_unlink(struct dt_node *parent, const struct dt_node *child)
{
	for (size_t i = 0; parent && i < parent->nchildren; i++)
		if (parent->children[i] == child) {
			memmove(&parent->children[i], &parent->children[i + 1],
				(parent->nchildren - i - 1) * sizeof(parent->children[0]));
			parent->nchildren--;
			return;
		}
}

struct dt_node *dt_node_add(struct dt_tree *t, struct dt_node *parent,
			    const char *name, const char *unit)
{
	struct dt_node *n = arena_alloc(&t->arena, sizeof(*n));

	if (!parent)
		parent = t->root;
	n->name = arena_strdup(&t->arena, name ? name : "");
	n->unit = arena_strdup(&t->arena, unit);
	n->parent = parent;
	arena_push(&t->arena, (void ***)&parent->children, &parent->nchildren, n);
	return n;
}

struct dt_node *dt_child(const struct dt_node *parent, const char *name, const char *unit)
{
	for (size_t i = 0; parent && i < parent->nchildren; i++) {
		struct dt_node *c = parent->children[i];

		if (str_eq(c->name, name) && str_eq(c->unit, unit))
			return c;
	}
	return NULL;
}

struct dt_node *dt_overlay(struct dt_tree *t, const char *label)
{
	struct dt_node *n;

	for (size_t i = 0; i < t->noverlays; i++)
		if (str_eq(t->overlays[i]->ref, label))
			return t->overlays[i];
	n = arena_alloc(&t->arena, sizeof(*n));
	n->name = "";
	n->ref = arena_strdup(&t->arena, label);
	arena_push(&t->arena, (void ***)&t->overlays, &t->noverlays, n);
	return n;
}

static void add_unique(struct dt_tree *t, const char ***list, size_t *n, const char *s)
{
	for (size_t i = 0; i < *n; i++)
		if (str_eq((*list)[i], s))
			return;
	arena_push(&t->arena, (void ***)list, n, arena_strdup(&t->arena, s));
}

void dt_add_include(struct dt_tree *t, const char *include)
{
	add_unique(t, &t->includes, &t->nincludes, include);
}

void dt_add_tail_include(struct dt_tree *t, const char *include)
{
	add_unique(t, &t->tail_includes, &t->ntail_includes, include);
}

/*
 * An existing property is emptied in place rather than removed and appended:
 * its position in the node stays where the first rule put it, so output order
 * does not depend on which rule happened to fire last.
 */
struct dt_prop *dt_prop_set(struct dt_tree *t, struct dt_node *n, const char *name)
{
	struct dt_prop *p = dt_prop_find(n, name);

	if (p) {
		const char *keep = p->name;

		memset(p, 0, sizeof(*p));
		p->name = keep;
		p->condition = t->default_condition;
		t->ndefault_props += t->default_condition != NULL;
		return p;
	}
	p = arena_alloc(&t->arena, sizeof(*p));
	p->name = arena_strdup(&t->arena, name);
	p->condition = t->default_condition;
	t->ndefault_props += t->default_condition != NULL;
	arena_push(&t->arena, (void ***)&n->props, &n->nprops, p);
	return p;
}

struct dt_prop *dt_prop_find(const struct dt_node *n, const char *name)
{
	for (size_t i = 0; n && i < n->nprops; i++)
		if (str_eq(n->props[i]->name, name))
			return n->props[i];
	return NULL;
}

void dt_prop_del(struct dt_node *n, const char *name)
{
	for (size_t i = 0; i < n->nprops; i++) {
		if (!str_eq(n->props[i]->name, name))
			continue;
		memmove(&n->props[i], &n->props[i + 1],
			(n->nprops - i - 1) * sizeof(n->props[0]));
		n->nprops--;
		return;
	}
}

struct dt_prop *dt_prop_add_alt(struct dt_tree *t, struct dt_prop *p, const char *condition)
{
	struct dt_prop *alt = arena_alloc(&t->arena, sizeof(*alt));

	alt->name = p->name;
	alt->condition = arena_strdup(&t->arena, condition);
	arena_push(&t->arena, (void ***)&p->alts, &p->nalts, alt);
	return alt;
}

static struct dt_chunk *add_chunk(struct dt_tree *t, struct dt_prop *p, enum dt_chunk_kind kind)
{
	struct dt_chunk *c = arena_alloc(&t->arena, sizeof(*c));

	c->kind = kind;
	arena_push(&t->arena, (void ***)&p->chunks, &p->nchunks, c);
	return c;
}

void dt_prop_add_string(struct dt_tree *t, struct dt_prop *p, const char *s)
{
	add_chunk(t, p, CHUNK_STRING)->str = arena_strdup(&t->arena, s ? s : "");
}

void dt_prop_add_ref_path(struct dt_tree *t, struct dt_prop *p, const char *label)
{
	add_chunk(t, p, CHUNK_REF_PATH)->str = arena_strdup(&t->arena, label);
}

struct dt_chunk *dt_prop_add_cells(struct dt_tree *t, struct dt_prop *p)
{
	return add_chunk(t, p, CHUNK_CELLS);
}

/* Cells are a plain array (not pointers): grow it by doubling like arena_push. */
static struct dt_cell *add_cell(struct dt_tree *t, struct dt_chunk *c)
{
	size_t n = c->ncells;

	if (n == 0 || (n & (n - 1)) == 0) {
		struct dt_cell *grown = arena_alloc(&t->arena, (n ? n * 2 : 1) * sizeof(*grown));

		if (n)
			memcpy(grown, c->cells, n * sizeof(*grown));
		c->cells = grown;
	}
	c->ncells = n + 1;
	return &c->cells[n];
}

void dt_chunk_add_num(struct dt_tree *t, struct dt_chunk *c, uint32_t v, unsigned base)
{
	struct dt_cell *cell = add_cell(t, c);

	cell->kind = CELL_U32;
	cell->val = v;
	cell->base = (unsigned char)(base == 16 || base == 10 ? base : 0);
}

void dt_chunk_add_u32(struct dt_tree *t, struct dt_chunk *c, uint32_t v)
{
	dt_chunk_add_num(t, c, v, 0);
}

void dt_chunk_add_ref(struct dt_tree *t, struct dt_chunk *c, const char *label)
{
	struct dt_cell *cell = add_cell(t, c);

	cell->kind = CELL_REF;
	cell->text = arena_strdup(&t->arena, label);
}

void dt_chunk_add_macro(struct dt_tree *t, struct dt_chunk *c, const char *macro, uint32_t v)
{
	struct dt_cell *cell = add_cell(t, c);

	cell->kind = CELL_MACRO;
	cell->text = arena_strdup(&t->arena, macro);
	cell->val = v;
}

void dt_node_add_todo(struct dt_tree *t, struct dt_node *n, const struct srcpos *pos,
		      const char *text, const char *reason)
{
	struct dt_todo *todo = arena_alloc(&t->arena, sizeof(*todo));

	if (pos)
		todo->pos = *pos;
	todo->text = arena_strdup(&t->arena, text);
	todo->reason = arena_strdup(&t->arena, reason);
	if (n)
		arena_push(&t->arena, (void ***)&n->todos, &n->ntodos, todo);
	else
		arena_push(&t->arena, (void ***)&t->todos, &t->ntodos, todo);
}

struct fact *dt_add_fact(struct dt_tree *t, const char *kind, const char *what,
			 const struct srcpos *pos)
{
	struct fact *f = arena_alloc(&t->arena, sizeof(*f));

	f->kind = arena_strdup(&t->arena, kind);
	f->what = arena_strdup(&t->arena, what);
	if (pos)
		f->pos = *pos;
	f->fate = FACT_CONVERTED;
	arena_push(&t->arena, (void ***)&t->facts, &t->nfacts, f);
	return f;
}

void dt_add_func(struct dt_tree *t, const char *name, const struct srcpos *pos)
{
	struct dt_func *f = arena_alloc(&t->arena, sizeof(*f));

	f->name = arena_strdup(&t->arena, name);
	if (pos)
		f->pos = *pos;
	arena_push(&t->arena, (void ***)&t->funcs, &t->nfuncs, f);
}

static size_t node_todos(const struct dt_node *n, struct dt_todo_ref *out, size_t k)
{
	for (size_t i = 0; i < n->ntodos; i++, k++)
		if (out)
			out[k] = (struct dt_todo_ref){ n->todos[i], n };
	for (size_t i = 0; i < n->nchildren; i++)
		k = node_todos(n->children[i], out, k);
	return k;
}

static size_t tree_todos(const struct dt_tree *t, struct dt_todo_ref *out)
{
	size_t k = node_todos(t->root, out, 0);

	for (size_t i = 0; i < t->noverlays; i++)
		k = node_todos(t->overlays[i], out, k);
	for (size_t i = 0; i < t->ntodos; i++, k++)
		if (out)
			out[k] = (struct dt_todo_ref){ t->todos[i], NULL };
	return k;
}

static size_t node_props(const struct dt_node *n)
{
	size_t k = n->nprops;

	for (size_t i = 0; i < n->nchildren; i++)
		k += node_props(n->children[i]);
	return k;
}

size_t dt_tree_nprops(const struct dt_tree *t)
{
	size_t k = t->root ? node_props(t->root) : 0;

	for (size_t i = 0; i < t->noverlays; i++)
		k += node_props(t->overlays[i]);
	return k;
}

size_t dt_tree_todos(const struct dt_tree *t, struct dt_todo_ref **out)
{
	size_t n = tree_todos(t, NULL);

	if (out) {
		*out = xcalloc(n ? n : 1, sizeof(**out));
		tree_todos(t, *out);
	}
	return n;
}

void dt_node_path_sb(const struct dt_node *n, struct strbuf *sb)
{
	if (!n)
		return;
	if (n->ref) {
		sb_addf(sb, "&%s", n->ref);
		return;
	}
	if (!n->parent) {
		sb_addc(sb, '/');
		return;
	}
	dt_node_path_sb(n->parent, sb);
	/* The root and overlays already end their part; others need a '/'. */
	if (n->parent->parent || n->parent->ref)
		sb_addc(sb, '/');
	sb_add(sb, n->name);
	if (n->unit)
		sb_addf(sb, "@%s", n->unit);
}

char *dt_node_path(struct dt_tree *t, const struct dt_node *n)
{
	struct strbuf sb;
	char *s;

	sb_init(&sb);
	dt_node_path_sb(n, &sb);
	s = arena_strdup(&t->arena, sb.buf);
	sb_free(&sb);
	return s;
}

bool dt_node_has_label(const struct dt_node *n, const char *label)
{
	if (str_eq(n->label, label))
		return true;
	for (size_t i = 0; i < n->nchildren; i++)
		if (dt_node_has_label(n->children[i], label))
			return true;
	return false;
}
