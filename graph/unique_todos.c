// SPDX-License-Identifier: GPL-2.0
/*
 * Pass unique_todos: a TODO the conversion wrote twice is written once.
 * Several rules read one field (four `as: flag` entries read an MC13783's
 * .flags); when its value is not known, each gives the same TODO on the same
 * node. The output keeps one TODO per node (or file end), position, C text
 * and reason. The report keeps every fact: it accounts for each rule's
 * reading, as the extract's accounting expects.
 */
#include "graph.h"

#include "../common/util.h"

static bool same_pos(const struct srcpos *a, const struct srcpos *b)
{
	return a->line == b->line && a->col == b->col && str_eq(a->file, b->file);
}

static bool same_todo(const struct dt_todo *a, const struct dt_todo *b)
{
	return same_pos(&a->pos, &b->pos) && str_eq(a->text, b->text) &&
	       str_eq(a->reason, b->reason);
}

static void unique_todos(struct dt_todo **v, size_t *n)
{
	size_t kept = 0;

	for (size_t i = 0; i < *n; i++) {
		size_t k = 0;

		while (k < kept && !same_todo(v[k], v[i]))
			k++;
		if (k == kept)
			v[kept++] = v[i];
	}
	*n = kept;
}

void graph_unique_node_todos(struct dt_tree *t, struct dt_node *n)
{
	(void)t;
	unique_todos(n->todos, &n->ntodos);
}

void graph_unique_tree_todos(struct dt_tree *t)
{
	unique_todos(t->todos, &t->ntodos);
}
