// SPDX-License-Identifier: GPL-2.0
/*
 * The board-level part of a tree, for review (against.c, validate.c): the
 * nodes and properties rv_diff(SoC .dtsi, tree) reports as added or
 * changed (every one without a .dtsi blob), as a sorted key set.
 */
#include "against.h"

#include <libfdt.h>
#include <stdlib.h>
#include <string.h>

static int cmp_key(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

bool rv_keyset_has(const struct rv_keyset *s, const char *path, const char *prop)
{
	char *want = prop ? xasprintf("%s\n%s", path, prop) : xstrdup(path);
	bool has = s->n && bsearch(&want, s->keys, s->n, sizeof(*s->keys), cmp_key);

	free(want);
	return has;
}

void rv_keyset_free(struct rv_keyset *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->keys[i]);
	free(s->keys);
	memset(s, 0, sizeof(*s));
}

static void key_add(struct ptrvec *v, const char *path, const char *prop)
{
	pv_push(v, prop ? xasprintf("%s\n%s", path, prop) : xstrdup(path));
}

static void clear_matches(struct rv_tree *t)
{
	for (size_t i = 0; i < t->all.len; i++) {
		struct rv_node *n = t->all.items[i];

		n->match = NULL;
		n->matched_by = NULL;
	}
}

void rv_board_level(const void *dtsi_fdt, struct rv_tree *t, struct rv_keyset *out)
{
	struct ptrvec v = { 0 };
	struct rv_tree *base = NULL;
	struct rv_diff d;

	memset(out, 0, sizeof(*out));
	if (dtsi_fdt && fdt_check_header(dtsi_fdt) == 0) {
		size_t len = fdt_totalsize(dtsi_fdt);
		void *copy = xmalloc(len);

		memcpy(copy, dtsi_fdt, len);
		if (rv_tree_from_blob(copy, len, "SoC .dtsi", &base) < 0)
			base = NULL;
	}
	if (!base) {
		for (size_t i = 0; i < t->all.len; i++) {
			const struct rv_node *n = t->all.items[i];

			if (rv_node_is_meta(n))
				continue;
			key_add(&v, n->path, NULL);
			for (size_t k = 0; k < n->nprops; k++)
				key_add(&v, n->path, n->props[k].name);
		}
	} else {
		clear_matches(t);
		rv_diff(base, t, &d);
		for (size_t i = 0; i < d.nnodes; i++) {
			const struct rv_node_diff *nd = &d.nodes[i];

			if (!nd->b)
				continue;
			key_add(&v, nd->b->path, NULL);
			for (size_t k = 0; k < nd->nprops; k++)
				if (nd->props[k].change != RV_REMOVED)
					key_add(&v, nd->b->path, nd->props[k].name);
		}
		rv_diff_free(&d);
		rv_tree_free(base);
		clear_matches(t);
	}
	if (v.len)
		qsort(v.items, v.len, sizeof(*v.items), cmp_key);
	out->keys = (char **)v.items;
	out->n = v.len;
}
