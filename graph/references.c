// SPDX-License-Identifier: GPL-2.0
/*
 * Pass references: every &label resolves, or it is a TODO. A property that
 * refers to a label nothing defines (not the graph, not the target's .dtsi,
 * not a tail include) is removed and written as a TODO with its value and C
 * text; an overlay of such a label goes the same way, property by property.
 * dtc would otherwise reject the whole file.
 */
#include "graph.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../common/diag.h"
#include "../common/util.h"

bool dt_label_defined(const struct dt_tree *t, const char *label)
{
	if (dt_node_has_label(t->root, label))
		return true;
	for (size_t i = 0; i < t->noverlays; i++)
		if (str_eq(t->overlays[i]->ref, label) || dt_node_has_label(t->overlays[i], label))
			return true;
	for (size_t i = 0; i < t->next_labels; i++)
		if (str_eq(t->ext_labels[i], label))
			return true;
	return t->label_known(t->label_ctx, label);
}

/* The first label p refers to that nothing defines, or NULL. */
static const char *unresolved_ref(const struct dt_tree *t, const struct dt_prop *p)
{
	for (size_t i = 0; i < p->nchunks; i++) {
		const struct dt_chunk *c = p->chunks[i];

		if (c->kind == CHUNK_REF_PATH && !dt_label_defined(t, c->str))
			return c->str;
		for (size_t j = 0; c->kind == CHUNK_CELLS && j < c->ncells; j++)
			if (c->cells[j].kind == CELL_REF && !dt_label_defined(t, c->cells[j].text))
				return c->cells[j].text;
	}
	return NULL;
}

/* The property as the .dts would say it: `cd-gpios = <&twl_gpio 0 ...>`. */
static const char *prop_text(struct dt_tree *t, const struct dt_prop *p)
{
	struct strbuf sb;
	char *s;
	const char *r;

	sb_init(&sb);
	sb_addf(&sb, "%s = ", p->name);
	for (size_t i = 0; i < p->nchunks; i++) {
		const struct dt_chunk *c = p->chunks[i];

		sb_add(&sb, i ? ", " : "");
		if (c->kind == CHUNK_STRING)
			sb_addf(&sb, "\"%s\"", c->str);
		else if (c->kind == CHUNK_REF_PATH)
			sb_addf(&sb, "&%s", c->str);
		else
			for (size_t j = 0; j < c->ncells; j++) {
				const struct dt_cell *e = &c->cells[j];

				sb_add(&sb, j ? " " : "<");
				if (e->kind == CELL_U32)
					sb_addf(&sb, "%u", e->val);
				else
					sb_addf(&sb, "%s%s", e->kind == CELL_REF ? "&" : "", e->text);
			}
		if (c->kind == CHUNK_CELLS)
			sb_add(&sb, c->ncells ? ">" : "<>");
	}
	s = sb_detach(&sb);
	r = arena_strdup(&t->arena, s);
	free(s);
	return r;
}

/*
 * Facts that became this property of n: TODOs now, with the same reason.
 * Those of its line, and those that name it whole ("&sdi bus-gpios"): a
 * property several facts made (one entry of a GPIO lookup table each) has
 * the position of the last.
 */
static void facts_to_todo(struct dt_tree *t, const struct dt_node *n, const struct dt_prop *p,
			  const char *reason)
{
	const char *whole = n->ref ? arena_printf(&t->arena, "&%s %s", n->ref, p->name)
				   : arena_printf(&t->arena, "%s %s", dt_node_path(t, n), p->name);

	for (size_t i = 0; i < t->nfacts; i++) {
		struct fact *f = t->facts[i];

		if (f->fate == FACT_CONVERTED && f->became &&
		    ((f->pos.line == p->pos.line && str_eq(f->pos.file, p->pos.file) &&
		      strstr(f->became, p->name)) || str_eq(f->became, whole))) {
			f->fate = FACT_TODO;
			f->reason = reason;
		}
	}
}

/*
 * The node's `interrupts` when its `interrupt-parent` names a label defined
 * nowhere: the cells mean nothing without their parent (kept, they would
 * be read against the default one), so they go into the same TODO.
 */
static struct dt_prop *orphan_interrupts(struct dt_tree *t, const struct dt_node *n)
{
	const struct dt_prop *ip = dt_prop_find(n, "interrupt-parent");

	return ip && unresolved_ref(t, ip) ? dt_prop_find(n, "interrupts") : NULL;
}

static void check_refs(struct dt_tree *t, struct dt_node *n)
{
	struct dt_prop *irqs = orphan_interrupts(t, n);
	size_t kept = 0;

	for (size_t i = 0; i < n->nprops; i++) {
		struct dt_prop *p = n->props[i];
		const char *label = unresolved_ref(t, p), *text, *reason;

		if (p == irqs)
			continue;	/* with its interrupt-parent's TODO */
		if (!label) {
			n->props[kept++] = p;
			continue;
		}
		text = prop_text(t, p);
		if (irqs && str_eq(p->name, "interrupt-parent"))
			text = arena_printf(&t->arena, "%s, %s", text, prop_text(t, irqs));
		reason = arena_printf(&t->arena, "&%s is defined nowhere (not in this .dts, not in "
				      "the target's .dtsi): describe its provider by hand", label);
		if (p->origin)
			text = arena_printf(&t->arena, "%s (%s)", text, p->origin);
		else if (irqs && str_eq(p->name, "interrupt-parent") && irqs->origin)
			text = arena_printf(&t->arena, "%s (%s)", text, irqs->origin);
		dt_node_add_todo(t, n, &p->pos, text, reason);
		facts_to_todo(t, n, p, reason);
		if (irqs && str_eq(p->name, "interrupt-parent"))
			facts_to_todo(t, n, irqs, reason);
		diag_warning(p->pos.line ? &p->pos : NULL, "%s: &%s is defined nowhere: "
			     "written as a TODO", text, label);
		t->nunresolved++;
	}
	n->nprops = kept;
	for (size_t i = 0; i < n->nchildren; i++)
		check_refs(t, n->children[i]);
}

/* Does anything but an overlay's own `&label {` define the label? */
static bool target_defined(const struct dt_tree *t, const char *label)
{
	if (dt_node_has_label(t->root, label))
		return true;
	for (size_t i = 0; i < t->noverlays; i++)
		if (dt_node_has_label(t->overlays[i], label))
			return true;
	for (size_t i = 0; i < t->next_labels; i++)
		if (str_eq(t->ext_labels[i], label))
			return true;
	return t->label_known(t->label_ctx, label);
}

/* What an overlay of a label defined nowhere said, property by property: root TODOs. */
static void orphan_overlay(struct dt_tree *t, const struct dt_node *n, const char *path,
			   const char *reason)
{
	for (size_t i = 0; i < n->nprops; i++) {
		const struct dt_prop *p = n->props[i];
		const char *text = arena_printf(&t->arena, "%s { %s; }", path, prop_text(t, p));

		if (p->origin)
			text = arena_printf(&t->arena, "%s (%s)", text, p->origin);
		dt_node_add_todo(t, NULL, &p->pos, text, reason);
		facts_to_todo(t, n, p, reason);
	}
	for (size_t i = 0; i < n->ntodos; i++)
		dt_node_add_todo(t, NULL, &n->todos[i]->pos, n->todos[i]->text, n->todos[i]->reason);
	for (size_t i = 0; i < n->nchildren; i++)
		orphan_overlay(t, n->children[i],
			       arena_printf(&t->arena, "%s/%s%s%s", path, n->children[i]->name,
					    n->children[i]->unit ? "@" : "",
					    n->children[i]->unit ? n->children[i]->unit : ""), reason);
}

/*
 * `&twl_gpio { ... }` when nothing defines twl_gpio (the TWL's .dtsi not
 * included: a PMIC variant no rule knows): dtc would reject the whole
 * file, so the overlay's properties become TODOs and the overlay goes.
 */
static void drop_orphan_overlays(struct dt_tree *t)
{
	size_t kept = 0;

	for (size_t i = 0; i < t->noverlays; i++) {
		struct dt_node *o = t->overlays[i];
		const char *reason;

		if (!o->ref || strchr(o->ref, '/') || target_defined(t, o->ref)) {
			t->overlays[kept++] = o;
			continue;
		}
		reason = arena_printf(&t->arena, "&%s is defined nowhere (not in this .dts, not in "
				      "the target's .dtsi): describe it by hand", o->ref);
		orphan_overlay(t, o, arena_printf(&t->arena, "&%s", o->ref), reason);
		diag_warning(o->pos.line ? &o->pos : o->nprops ? &o->props[0]->pos : NULL,
			     "&%s { ... }: &%s is defined nowhere: "
			     "written as TODOs", o->ref, o->ref);
		t->nunresolved++;
	}
	t->noverlays = kept;
}

void graph_references(struct dt_tree *t)
{
	if (!t->label_known)
		return;	/* the target's labels are not known: nothing to check against */
	drop_orphan_overlays(t);
	check_refs(t, t->root);
	for (size_t i = 0; i < t->noverlays; i++)
		check_refs(t, t->overlays[i]);
}
