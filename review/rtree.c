// SPDX-License-Identifier: GPL-2.0
/*
 * A compiled device tree as a node tree: names, paths, properties (pointing
 * into the blob), phandles, and the labels that dtc -@ wrote to __symbols__.
 */
#include "review.h"

#include <libfdt.h>
#include <stdlib.h>
#include <string.h>

#include "common/diag.h"

static struct rv_node *node_new(const char *name, struct rv_node *parent)
{
	struct rv_node *n = xcalloc(1, sizeof(*n));

	n->name = xstrdup(name);
	n->parent = parent;
	if (!parent)
		n->path = xstrdup("/");
	else if (!parent->parent)
		n->path = xasprintf("/%s", name);
	else
		n->path = xasprintf("%s/%s", parent->path, name);
	return n;
}

static void read_props(const void *fdt, int off, struct rv_node *n)
{
	int po;
	size_t cap = 0;

	fdt_for_each_property_offset(po, fdt, off) {
		const char *name;
		int len;
		const void *val = fdt_getprop_by_offset(fdt, po, &name, &len);

		if (!val)
			continue;
		if (n->nprops == cap) {
			cap = cap ? cap * 2 : 8;
			n->props = xrealloc(n->props, cap * sizeof(*n->props));
		}
		n->props[n->nprops++] = (struct rv_prop){ name, val, len };
	}
}

static void read_node(struct rv_tree *t, int off, struct rv_node *n)
{
	int child;

	pv_push(&t->all, n);
	read_props(t->blob, off, n);
	n->phandle = fdt_get_phandle(t->blob, off);
	fdt_for_each_subnode(child, t->blob, off) {
		const char *name = fdt_get_name(t->blob, child, NULL);
		struct rv_node *c = node_new(name ? name : "", n);

		pv_push(&n->kids, c);
		read_node(t, child, c);
	}
}

static void read_labels(struct rv_tree *t)
{
	struct rv_node *sym = rv_by_path(t, "/__symbols__");

	for (size_t i = 0; sym && i < sym->nprops; i++) {
		const struct rv_prop *p = &sym->props[i];
		struct rv_node *n;

		if (p->len < 1 || p->val[p->len - 1])
			continue;
		n = rv_by_path(t, (const char *)p->val);
		if (n)
			pv_push(&n->labels, xstrdup(p->name));
	}
}

int rv_tree_from_blob(void *blob, size_t len, const char *file, struct rv_tree **out)
{
	struct rv_tree *t;

	*out = NULL;
	if (len < FDT_V1_SIZE || fdt_check_header(blob) != 0 || fdt_totalsize(blob) > len) {
		free(blob);
		return B2D_ERR_PARSE;
	}
	t = xcalloc(1, sizeof(*t));
	t->blob = blob;
	t->len = len;
	t->file = xstrdup(file);
	t->root = node_new("", NULL);
	read_node(t, 0, t->root);
	read_labels(t);
	*out = t;
	return B2D_OK;
}

static void node_free(struct rv_node *n)
{
	for (size_t i = 0; i < n->kids.len; i++)
		node_free(n->kids.items[i]);
	for (size_t i = 0; i < n->labels.len; i++)
		free(n->labels.items[i]);
	pv_free(&n->kids);
	pv_free(&n->labels);
	free(n->props);
	free(n->name);
	free(n->path);
	free(n);
}

void rv_tree_free(struct rv_tree *t)
{
	if (!t)
		return;
	node_free(t->root);
	pv_free(&t->all);
	free(t->blob);
	free(t->file);
	free(t);
}

struct rv_node *rv_by_phandle(const struct rv_tree *t, uint32_t ph)
{
	if (!ph || ph == 0xffffffff)
		return NULL;
	for (size_t i = 0; i < t->all.len; i++) {
		struct rv_node *n = t->all.items[i];

		if (n->phandle == ph)
			return n;
	}
	return NULL;
}

struct rv_node *rv_by_path(const struct rv_tree *t, const char *path)
{
	for (size_t i = 0; i < t->all.len; i++) {
		struct rv_node *n = t->all.items[i];

		if (!strcmp(n->path, path))
			return n;
	}
	return NULL;
}

const struct rv_prop *rv_prop(const struct rv_node *n, const char *name)
{
	for (size_t i = 0; n && i < n->nprops; i++)
		if (!strcmp(n->props[i].name, name))
			return &n->props[i];
	return NULL;
}

bool rv_prop_u32(const struct rv_node *n, const char *name, uint32_t *out)
{
	const struct rv_prop *p = rv_prop(n, name);

	if (!p || p->len != 4)
		return false;
	*out = rv_cell(p, 0);
	return true;
}

uint32_t rv_cell(const struct rv_prop *p, int i)
{
	const uint8_t *c = p->val + 4 * i;

	return (uint32_t)c[0] << 24 | (uint32_t)c[1] << 16 | (uint32_t)c[2] << 8 | c[3];
}

int rv_ncells(const struct rv_prop *p)
{
	return p->len / 4;
}

bool rv_node_is_meta(const struct rv_node *n)
{
	for (; n; n = n->parent)
		if (n->parent && !n->parent->parent &&
		    (!strcmp(n->name, "__symbols__") || !strcmp(n->name, "__fixups__") ||
		     !strcmp(n->name, "__local_fixups__")))
			return true;
	return false;
}
