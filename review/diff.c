// SPDX-License-Identifier: GPL-2.0
/*
 * The semantic diff: match nodes (by path; then nodes that moved or were
 * renamed by compatible + reg, then by a shared label), then compare labels
 * and property values. Values are compared with every reference named by the
 * matched node, so renumbered phandles and renamed labels are not changes in
 * the nodes that point at them.
 */
#include "review.h"

#include <stdlib.h>
#include <string.h>

static void match_pair(struct rv_node *a, struct rv_node *b, const char *how);

static void match_kids(struct rv_node *a, struct rv_node *b)
{
	for (size_t i = 0; i < a->kids.len; i++) {
		struct rv_node *ka = a->kids.items[i];

		for (size_t j = 0; j < b->kids.len; j++) {
			struct rv_node *kb = b->kids.items[j];

			if (!ka->match && !kb->match && !strcmp(ka->name, kb->name))
				match_pair(ka, kb, "path");
		}
	}
}

static void match_pair(struct rv_node *a, struct rv_node *b, const char *how)
{
	a->match = b;
	b->match = a;
	a->matched_by = b->matched_by = how;
	match_kids(a, b);
}

static bool same_prop(const struct rv_node *a, const struct rv_node *b, const char *name)
{
	const struct rv_prop *pa = rv_prop(a, name), *pb = rv_prop(b, name);

	return pa && pb && pa->len == pb->len && !memcmp(pa->val, pb->val, (size_t)pa->len);
}

static bool share_label(const struct rv_node *a, const struct rv_node *b)
{
	for (size_t i = 0; i < a->labels.len; i++)
		for (size_t j = 0; j < b->labels.len; j++)
			if (!strcmp(a->labels.items[i], b->labels.items[j]))
				return true;
	return false;
}

typedef bool (*same_fn)(const struct rv_node *a, const struct rv_node *b);

static bool same_compat_reg(const struct rv_node *a, const struct rv_node *b)
{
	return same_prop(a, b, "compatible") && same_prop(a, b, "reg");
}

/* Children of matched parents: a node's parent on one side matched to the other's. */
static bool siblings(const struct rv_node *a, const struct rv_node *b)
{
	return a->parent && b->parent && a->parent->match == b->parent;
}

/*
 * Renamed nodes without an address under matched parents: the same
 * compatible (a `leds` and a `gpio-leds` gpio-leds node), then the same
 * `label` property (`led-0` and `health`, both "status:green:health").
 */
static bool same_compat_unaddressed(const struct rv_node *a, const struct rv_node *b)
{
	return siblings(a, b) && !rv_prop(a, "reg") && !rv_prop(b, "reg") &&
	       same_prop(a, b, "compatible");
}

static bool same_label_prop(const struct rv_node *a, const struct rv_node *b)
{
	return siblings(a, b) && same_prop(a, b, "label");
}

/* The only unmatched node of b that `same` pairs with a, or NULL. */
static struct rv_node *unique_candidate(struct rv_node *a, struct rv_tree *b, same_fn same)
{
	struct rv_node *found = NULL;

	for (size_t j = 0; j < b->all.len; j++) {
		struct rv_node *n = b->all.items[j];

		if (n->match || rv_node_is_meta(n) || !same(a, n))
			continue;
		if (found)
			return NULL;
		found = n;
	}
	return found;
}

static void match_moved(struct rv_tree *a, struct rv_tree *b, same_fn same, const char *how)
{
	for (size_t i = 0; i < a->all.len; i++) {
		struct rv_node *n = a->all.items[i], *m;

		if (n->match || rv_node_is_meta(n))
			continue;
		m = unique_candidate(n, b, same);
		if (m)
			match_pair(n, m, how);
	}
}

static void name_a(const struct rv_node *n, struct strbuf *out)
{
	sb_addf(out, "&{%s}", n->path);
}

static void name_b(const struct rv_node *n, struct strbuf *out)
{
	if (n->match)
		sb_addf(out, "&{%s}", n->match->path);
	else
		sb_addf(out, "&{B:%s}", n->path);
}

static char *value(const struct rv_tree *t, const struct rv_node *n, const struct rv_prop *p,
		   rv_ref_namer namer)
{
	struct strbuf sb;

	sb_init(&sb);
	rv_fmt_value_with(t, n, p, namer, &sb);
	return sb_detach(&sb);
}

static bool skip_prop(const char *name)
{
	return !strcmp(name, "phandle") || !strcmp(name, "linux,phandle");
}

static void add_prop(struct rv_node_diff *nd, enum rv_change c, const char *name, char *o,
		     char *n)
{
	nd->props = xrealloc(nd->props, (nd->nprops + 1) * sizeof(*nd->props));
	nd->props[nd->nprops++] = (struct rv_prop_diff){ c, name, o, n };
}

/*
 * Equal but for phandle numbers: every cell that differs is, on each side, the
 * phandle of a node, and those two nodes matched. Catches phandles in
 * properties no binding table names (atmel,smc, fsl,usbmisc), which dtc
 * numbers in another order when a board adds references.
 */
static bool same_but_phandles(const struct rv_tree *ta, const struct rv_prop *pa,
			      const struct rv_tree *tb, const struct rv_prop *pb)
{
	if (pa->len != pb->len || pa->len % 4)
		return false;
	for (int i = 0; i < pa->len / 4; i++) {
		uint32_t x = rv_cell(pa, i), y = rv_cell(pb, i);
		const struct rv_node *na, *nb;

		if (x == y)
			continue;
		na = x ? rv_by_phandle(ta, x) : NULL;
		nb = y ? rv_by_phandle(tb, y) : NULL;
		if (!na || !nb || na->match != nb)
			return false;
	}
	return true;
}

/*
 * The node a console path names: `stdout-path = "serial2:115200"` (an
 * alias, its options after the ':') or "/soc@1c00000/serial@10d000" (a
 * path, as dtc writes `&serial2`); NULL when it names none.
 */
static const struct rv_node *console_node(const struct rv_tree *t, const struct rv_prop *p)
{
	const struct rv_node *aliases = rv_by_path(t, "/aliases"), *n;
	char *s, *colon;

	if (p->len < 2 || p->val[p->len - 1] != '\0')
		return NULL;
	s = xstrdup((const char *)p->val);
	colon = strchr(s, ':');
	if (colon)
		*colon = '\0';
	if (s[0] != '/') {
		const struct rv_prop *a = aliases ? rv_prop(aliases, s) : NULL;

		free(s);
		if (!a || a->len < 2 || a->val[a->len - 1] != '\0')
			return NULL;
		s = xstrdup((const char *)a->val);
	}
	n = rv_by_path(t, s);
	free(s);
	return n;
}

/* Two console paths naming nodes that matched (an alias and its path). */
static bool same_console(const struct rv_tree *ta, const struct rv_prop *pa,
			 const struct rv_tree *tb, const struct rv_prop *pb)
{
	const struct rv_node *na, *nb;

	if (strcmp(pa->name, "stdout-path") && strcmp(pa->name, "linux,stdout-path"))
		return false;
	na = console_node(ta, pa);
	nb = console_node(tb, pb);
	return na && nb && (na->match == nb || !strcmp(na->path, nb->path));
}

static void diff_props(struct rv_tree *ta, struct rv_tree *tb, struct rv_node_diff *nd)
{
	const struct rv_node *a = nd->a, *b = nd->b;

	for (size_t i = 0; a && i < a->nprops; i++) {
		const struct rv_prop *pa = &a->props[i], *pb = b ? rv_prop(b, pa->name) : NULL;
		char *ka, *kb;

		if (skip_prop(pa->name))
			continue;
		if (!pb) {
			add_prop(nd, RV_REMOVED, pa->name, value(ta, a, pa, rv_fmt_ref), NULL);
			continue;
		}
		ka = value(ta, a, pa, name_a);
		kb = value(tb, b, pb, name_b);
		if (strcmp(ka, kb) && !same_but_phandles(ta, pa, tb, pb) &&
		    !same_console(ta, pa, tb, pb))
			add_prop(nd, RV_CHANGED, pa->name, value(ta, a, pa, rv_fmt_ref),
				 value(tb, b, pb, rv_fmt_ref));
		free(ka);
		free(kb);
	}
	for (size_t i = 0; b && i < b->nprops; i++)
		if (!skip_prop(b->props[i].name) && !(a && rv_prop(a, b->props[i].name)))
			add_prop(nd, RV_ADDED, b->props[i].name, NULL,
				 value(tb, b, &b->props[i], rv_fmt_ref));
}

static char *labels_of(const struct rv_node *n)
{
	struct strbuf sb;
	char **l = xcalloc(n->labels.len + 1, sizeof(*l));

	if (n->labels.len)	/* items is NULL when empty */
		memcpy(l, n->labels.items, n->labels.len * sizeof(*l));
	qsort(l, n->labels.len, sizeof(*l), str_cmp_ptr);
	sb_init(&sb);
	for (size_t i = 0; i < n->labels.len; i++)
		sb_addf(&sb, i ? " %s" : "%s", l[i]);
	free(l);
	return sb_detach(&sb);
}

static void diff_labels(struct rv_node_diff *nd)
{
	char *la = labels_of(nd->a), *lb = labels_of(nd->b);

	if (strcmp(la, lb)) {
		nd->old_labels = la;
		nd->new_labels = lb;
		return;
	}
	free(la);
	free(lb);
}

static void add_node(struct rv_diff *d, struct rv_tree *ta, struct rv_tree *tb,
		     struct rv_node *a, struct rv_node *b)
{
	struct rv_node_diff nd = { RV_CHANGED, a, b, NULL, false, NULL, NULL, NULL, 0 };

	if (!a)
		nd.change = RV_ADDED;
	else if (!b)
		nd.change = RV_REMOVED;
	if (a && b) {
		nd.moved = strcmp(a->path, b->path) != 0;
		nd.matched_by = a->matched_by;
		diff_labels(&nd);
	}
	diff_props(ta, tb, &nd);
	if (nd.change == RV_CHANGED && !nd.moved && !nd.old_labels && !nd.nprops)
		return;
	d->nodes = xrealloc(d->nodes, (d->nnodes + 1) * sizeof(*d->nodes));
	d->nodes[d->nnodes++] = nd;
}

static const char *nd_path(const struct rv_node_diff *nd)
{
	return nd->a ? nd->a->path : nd->b->path;
}

static int cmp_nd(const void *x, const void *y)
{
	return strcmp(nd_path(x), nd_path(y));
}

void rv_diff(struct rv_tree *a, struct rv_tree *b, struct rv_diff *d)
{
	memset(d, 0, sizeof(*d));
	d->file_a = a->file;
	d->file_b = b->file;
	match_pair(a->root, b->root, "path");
	match_moved(a, b, same_compat_reg, "compatible + reg");
	match_moved(a, b, share_label, "label");
	match_moved(a, b, same_compat_unaddressed, "compatible");
	match_moved(a, b, same_label_prop, "label property");
	for (size_t i = 0; i < a->all.len; i++) {
		struct rv_node *n = a->all.items[i];

		if (!rv_node_is_meta(n))
			add_node(d, a, b, n, n->match);
	}
	for (size_t i = 0; i < b->all.len; i++) {
		struct rv_node *n = b->all.items[i];

		if (!rv_node_is_meta(n) && !n->match)
			add_node(d, a, b, NULL, n);
	}
	if (d->nnodes)	/* qsort(NULL, 0) is undefined */
		qsort(d->nodes, d->nnodes, sizeof(*d->nodes), cmp_nd);
}

void rv_diff_free(struct rv_diff *d)
{
	for (size_t i = 0; i < d->nnodes; i++) {
		struct rv_node_diff *nd = &d->nodes[i];

		for (size_t j = 0; j < nd->nprops; j++) {
			free(nd->props[j].old_val);
			free(nd->props[j].new_val);
		}
		free(nd->props);
		free(nd->old_labels);
		free(nd->new_labels);
	}
	free(d->nodes);
	memset(d, 0, sizeof(*d));
}
