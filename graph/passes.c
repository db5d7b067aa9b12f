// SPDX-License-Identifier: GPL-2.0
/*
 * Normalisation passes over the node graph, dtc checks.c style: each pass is
 * one small function and one line in passes[], walked in order. A pass that
 * works node by node says so with its `node` hook and the driver does the walk
 * (root subtree first, then each overlay's subtree, in tree order).
 */
#include "graph.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/diag.h"
#include "../common/strmap.h"
#include "../common/util.h"

struct pass {
	const char *name;
	void (*tree)(struct dt_tree *t);
	void (*node)(struct dt_tree *t, struct dt_node *n);
};

static void walk(struct dt_tree *t, struct dt_node *n,
		 void (*fn)(struct dt_tree *t, struct dt_node *n))
{
	fn(t, n);
	for (size_t i = 0; i < n->nchildren; i++)
		walk(t, n->children[i], fn);
}

static void for_each_node(struct dt_tree *t, void (*fn)(struct dt_tree *t, struct dt_node *n))
{
	walk(t, t->root, fn);
	for (size_t i = 0; i < t->noverlays; i++)
		walk(t, t->overlays[i], fn);
}

/* ---- interrupts: one controller -> interrupt-parent + interrupts ---- */

/* The label every <> group of p starts with, or NULL when they differ. */
static const char *single_parent(const struct dt_prop *p)
{
	const char *label = NULL;

	if (!p->nchunks)
		return NULL;
	for (size_t i = 0; i < p->nchunks; i++) {
		const struct dt_chunk *c = p->chunks[i];

		if (c->kind != CHUNK_CELLS || c->ncells < 2 || c->cells[0].kind != CELL_REF)
			return NULL;
		if (label && !str_eq(label, c->cells[0].text))
			return NULL;
		label = c->cells[0].text;
	}
	return label;
}

/* interrupts-extended -> interrupts: drop the leading &ref of each group. */
static void strip_parent(struct dt_prop *p)
{
	p->name = "interrupts";
	for (size_t i = 0; i < p->nchunks; i++) {
		p->chunks[i]->cells++;
		p->chunks[i]->ncells--;
	}
}

static void insert_prop(struct dt_tree *t, struct dt_node *n, size_t at, struct dt_prop *p)
{
	arena_push(&t->arena, (void ***)&n->props, &n->nprops, p);
	memmove(&n->props[at + 1], &n->props[at], (n->nprops - at - 1) * sizeof(n->props[0]));
	n->props[at] = p;
}

/*
 * The interrupt-parent property takes the place (and provenance) of the old
 * interrupts-extended; alternatives naming the same controller follow it to
 * the short form, others keep the long one so the comment stays truthful.
 * interrupt-parent is written even when an ancestor has the same one: simple
 * and always correct.
 */
static void pass_interrupts(struct dt_tree *t, struct dt_node *n)
{
	struct dt_prop *p = dt_prop_find(n, "interrupts-extended");
	struct dt_prop *ip;
	const char *label = p ? single_parent(p) : NULL;
	size_t at;

	if (!label)
		return;
	dt_prop_del(n, "interrupt-parent");
	dt_prop_del(n, "interrupts");
	for (at = 0; n->props[at] != p; at++)
		;
	ip = arena_alloc(&t->arena, sizeof(*ip));
	ip->name = "interrupt-parent";
	ip->pos = p->pos;
	ip->origin = p->origin;
	ip->condition = p->condition;
	dt_chunk_add_ref(t, dt_prop_add_cells(t, ip), label);
	insert_prop(t, n, at, ip);
	strip_parent(p);
	for (size_t i = 0; i < p->nalts; i++)
		if (str_eq(single_parent(p->alts[i]), label))
			strip_parent(p->alts[i]);
}

/* ---- unique_names: valid DT names, siblings distinct ---- */

/* A sibling's identity: name and unit address (NULL apart from ""). */
static char *node_key(const char *name, const char *unit)
{
	return unit ? xasprintf("%s\x1f%s", name, unit) : xasprintf("%s\x1e", name);
}

static size_t *key_slot(struct strmap *m, const char *name, const char *unit)
{
	char *k = node_key(name, unit);
	size_t *v = strmap_slot(m, k);

	free(k);
	return v;
}

/* "name-<k>" cut so it stays within the 31-character node-name limit. */
static char *suffixed(struct dt_tree *t, const char *name, unsigned k)
{
	char sfx[16];
	int slen = snprintf(sfx, sizeof(sfx), "-%u", k);
	int keep = (int)strlen(name);

	if (keep + slen > 31)
		keep = 31 - slen;
	return arena_printf(&t->arena, "%.*s%s", keep, name, sfx);
}

/*
 * Duplicates are numbered in sibling order, -0 first. With a unit address
 * the first keeps its name and the others are numbered from -1 (kernel DTS
 * style: `partition@10000`, an index only where it must make the name
 * unique). A number whose name is already taken by another sibling is
 * skipped, so the result is unique.
 * count: siblings per key as named now; next: the following sibling of the
 * same original key (SIZE_MAX: none).
 */
static void number_duplicates(struct dt_tree *t, struct dt_node *parent, size_t first,
			      struct strmap *count, const size_t *next)
{
	struct dt_node *d = parent->children[first];
	const char *name = d->name, *unit = d->unit;
	unsigned k = unit ? 1 : 0;

	for (size_t i = unit ? next[first] : first; i != SIZE_MAX; i = next[i]) {
		struct dt_node *c = parent->children[i];
		char *nn;

		do
			nn = suffixed(t, name, k++);
		while (*key_slot(count, nn, unit));
		(*key_slot(count, c->name, c->unit))--;
		c->name = nn;
		(*key_slot(count, nn, unit))++;
	}
}

/* Linear in the number of children: a 60k-entry gpio_led array is one parent. */
static void pass_unique_names(struct dt_tree *t, struct dt_node *n)
{
	struct strmap count = { 0 }, last = { 0 };
	size_t *next = xmalloc(n->nchildren * sizeof(*next) + 1);

	for (size_t i = 0; i < n->nchildren; i++) {
		struct dt_node *c = n->children[i];
		size_t *l;

		if (!c->exact_name) {
			char *valid = dts_node_name(c->name);

			c->name = arena_strdup(&t->arena, valid);
			free(valid);
		}
		(*key_slot(&count, c->name, c->unit))++;
		next[i] = SIZE_MAX;
		l = key_slot(&last, c->name, c->unit);
		if (*l)
			next[*l - 1] = i;
		*l = i + 1;
	}
	for (size_t i = 0; i < n->nchildren; i++) {
		struct dt_node *c = n->children[i];

		if (*key_slot(&count, c->name, c->unit) > 1)
			number_duplicates(t, n, i, &count, next);
	}
	free(next);
	strmap_free(&count);
	strmap_free(&last);
}

/* ---- unique_labels: valid labels, each defined once ---- */

struct relabel {
	struct ptrvec from, to;	/* renamed labels: old text -> new text */
	struct ptrvec seen;	/* labels defined so far, in walk order */
};

static bool seen(const struct relabel *r, const char *label)
{
	for (size_t i = 0; i < r->seen.len; i++)
		if (str_eq(r->seen.items[i], label))
			return true;
	return false;
}

static const char *fresh_label(struct dt_tree *t, const struct relabel *r, const char *base)
{
	const char *l = base;

	for (unsigned k = 1; seen(r, l); k++)
		l = arena_printf(&t->arena, "%s_%u", base, k);
	return l;
}

static const char *renamed(const struct relabel *r, const char *label);

static void collect_labels(struct dt_tree *t, struct dt_node *n, struct relabel *r)
{
	if (n->label) {
		char *valid = dts_label(n->label);
		const char *l = fresh_label(t, r, arena_strdup(&t->arena, valid));

		/*
		 * References name the first node that defined a label, so only a
		 * label that had to be made valid is renamed in them (to what its
		 * first definition became); a duplicate's new name (_1, _2) is never
		 * referred to.
		 */
		if (!str_eq(valid, n->label) && renamed(r, n->label) == n->label) {
			pv_push(&r->from, (void *)n->label);
			pv_push(&r->to, (void *)l);
		}
		n->label = l;
		pv_push(&r->seen, (void *)l);
		free(valid);
	}
	for (size_t i = 0; i < n->nchildren; i++)
		collect_labels(t, n->children[i], r);
}

static const char *renamed(const struct relabel *r, const char *label)
{
	for (size_t i = 0; i < r->from.len; i++)
		if (str_eq(r->from.items[i], label))
			return r->to.items[i];
	return label;
}

static void rename_refs_in(const struct relabel *r, struct dt_prop *p)
{
	for (size_t i = 0; i < p->nchunks; i++) {
		struct dt_chunk *c = p->chunks[i];

		if (c->kind == CHUNK_REF_PATH)
			c->str = renamed(r, c->str);
		for (size_t j = 0; c->kind == CHUNK_CELLS && j < c->ncells; j++)
			if (c->cells[j].kind == CELL_REF)
				c->cells[j].text = renamed(r, c->cells[j].text);
	}
	for (size_t i = 0; i < p->nalts; i++)
		rename_refs_in(r, p->alts[i]);
}

static void rename_refs(const struct relabel *r, struct dt_node *n)
{
	if (n->ref)
		n->ref = renamed(r, n->ref);
	for (size_t i = 0; i < n->nprops; i++)
		rename_refs_in(r, n->props[i]);
	for (size_t i = 0; i < n->nchildren; i++)
		rename_refs(r, n->children[i]);
}

static void pass_unique_labels(struct dt_tree *t)
{
	struct relabel r = { 0 };

	collect_labels(t, t->root, &r);
	for (size_t i = 0; i < t->noverlays; i++)
		collect_labels(t, t->overlays[i], &r);
	if (r.from.len) {
		rename_refs(&r, t->root);
		for (size_t i = 0; i < t->noverlays; i++)
			rename_refs(&r, t->overlays[i]);
	}
	pv_free(&r.from);
	pv_free(&r.to);
	pv_free(&r.seen);
}

/* ---- sort_overlays: &label blocks in strcmp order ---- */

/* Insertion sort: stable, and overlay counts are small. */
static void pass_sort_overlays(struct dt_tree *t)
{
	for (size_t i = 1; i < t->noverlays; i++) {
		struct dt_node *o = t->overlays[i];
		size_t j = i;

		for (; j > 0 && strcmp(t->overlays[j - 1]->ref, o->ref) > 0; j--)
			t->overlays[j] = t->overlays[j - 1];
		t->overlays[j] = o;
	}
	/*
	 * dtc resolves &label only once the label is defined: an overlay of a
	 * label another overlay defines (&gpa, a bank node the output writes
	 * under &pinctrl_0) goes right after that one. Bounded: a cycle of
	 * definitions would be rejected by dtc anyway.
	 */
	for (size_t round = 0, i = 0; i < t->noverlays && round < t->noverlays * t->noverlays; round++) {
		size_t def = t->noverlays;

		for (size_t j = i + 1; j < t->noverlays && def == t->noverlays; j++)
			if (dt_node_has_label(t->overlays[j], t->overlays[i]->ref))
				def = j;
		if (def == t->noverlays) {
			i++;
			continue;
		}
		struct dt_node *o = t->overlays[i];

		memmove(&t->overlays[i], &t->overlays[i + 1], (def - i) * sizeof(*t->overlays));
		t->overlays[def] = o;
	}
}

/* Is n an SPI bus: a child with spi-max-frequency (not a NAND chip's partitions)? */
static bool spi_bus(const struct dt_node *n)
{
	for (size_t i = 0; i < n->nchildren; i++)
		if (dt_prop_find(n->children[i], "spi-max-frequency"))
			return true;
	return false;
}

/* The SPI device whose first reg cell is cs, or NULL. */
static const struct dt_node *child_at(const struct dt_node *n, uint32_t cs)
{
	for (size_t i = 0; i < n->nchildren; i++) {
		const struct dt_prop *reg = dt_prop_find(n->children[i], "reg");

		if (reg && dt_prop_find(n->children[i], "spi-max-frequency") && reg->nchunks && reg->chunks[0]->kind == CHUNK_CELLS &&
		    reg->chunks[0]->ncells && reg->chunks[0]->cells[0].kind == CELL_U32 &&
		    reg->chunks[0]->cells[0].val == cs)
			return n->children[i];
	}
	return NULL;
}

/*
 * An SPI controller's cs-gpios: gpiolib reads entry N active high when the
 * child at reg N has spi-cs-high and active low otherwise, whatever the flag
 * says (of_gpio_flags_quirks(), with a warning when they disagree). The C
 * gave chip selects as bare GPIO numbers, so each entry's flag is set as the
 * kernel will read it; an entry with no child at its reg is active low, as
 * the legacy SPI drivers drove a chip select without SPI_CS_HIGH. A node
 * with no SPI device (a NAND chip's own cs-gpios) is left as it is.
 */
static void pass_cs_polarity(struct dt_tree *t, struct dt_node *n)
{
	struct dt_prop *p = spi_bus(n) ? dt_prop_find(n, "cs-gpios") : NULL;

	(void)t;
	for (size_t i = 0; p && i < p->nchunks; i++) {
		struct dt_chunk *ch = p->chunks[i];
		struct dt_cell *flags = ch->kind == CHUNK_CELLS && ch->ncells > 1 &&
			ch->cells[0].kind == CELL_REF ? &ch->cells[ch->ncells - 1] : NULL;
		const struct dt_node *dev = child_at(n, (uint32_t)i);
		bool high = dev && dt_prop_find(dev, "spi-cs-high");

		if (!flags || flags->kind != CELL_MACRO || !flags->text ||
		    (!str_eq(flags->text, "GPIO_ACTIVE_HIGH") && !str_eq(flags->text, "GPIO_ACTIVE_LOW")))
			continue;
		flags->text = high ? "GPIO_ACTIVE_HIGH" : "GPIO_ACTIVE_LOW";
		flags->val = high ? 0 : 1;
	}
}

static const struct pass passes[] = {
	{ "cs_polarity", NULL, pass_cs_polarity },
	{ "interrupts", NULL, pass_interrupts },
	{ "unique_names", NULL, pass_unique_names },
	{ "unique_labels", pass_unique_labels, NULL },
	{ "references", graph_references, NULL },
	{ "sort_overlays", pass_sort_overlays, NULL },
	{ "unique_todos", graph_unique_tree_todos, graph_unique_node_todos },
};

void graph_normalise(struct dt_tree *t)
{
	for (size_t i = 0; i < sizeof(passes) / sizeof(passes[0]); i++) {
		if (passes[i].tree)
			passes[i].tree(t);
		if (passes[i].node)
			for_each_node(t, passes[i].node);
	}
}
