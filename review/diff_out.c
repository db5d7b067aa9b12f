// SPDX-License-Identifier: GPL-2.0
/*
 * Writing a diff: plain text for mailing-list review (`+`/`-`/`~` lines
 * grouped per node path), markdown (a diff block per node) and JSON.
 */
#include "review.h"

#include "common/json.h"

static const char *const change_name[] = {
	[RV_ADDED] = "added", [RV_REMOVED] = "removed", [RV_CHANGED] = "changed",
};

static const char change_mark[] = { [RV_ADDED] = '+', [RV_REMOVED] = '-', [RV_CHANGED] = '~' };

static void text_prop(const struct rv_prop_diff *p, struct strbuf *out)
{
	sb_addf(out, "  %c ", change_mark[p->change]);
	if (p->change == RV_CHANGED) {
		sb_addf(out, "%s = %s -> %s;", p->name, *p->old_val ? p->old_val : "(empty)",
			*p->new_val ? p->new_val : "(empty)");
	} else {
		rv_fmt_prop(out, p->name, p->old_val ? p->old_val : p->new_val);
	}
	sb_addc(out, '\n');
}

static void text_node(const struct rv_node_diff *nd, struct strbuf *out)
{
	sb_addf(out, "%c %s", change_mark[nd->change], nd->a ? nd->a->path : nd->b->path);
	if (nd->moved)
		sb_addf(out, " -> %s (moved or renamed; matched by %s)", nd->b->path,
			nd->matched_by);
	sb_addc(out, '\n');
	if (nd->old_labels)
		sb_addf(out, "  ~ labels: %s -> %s\n", *nd->old_labels ? nd->old_labels : "(none)",
			*nd->new_labels ? nd->new_labels : "(none)");
	for (size_t i = 0; i < nd->nprops; i++)
		text_prop(&nd->props[i], out);
}

static void write_text(const struct rv_diff *d, struct strbuf *out)
{
	if (!d->nnodes)
		return;
	sb_addf(out, "--- %s\n+++ %s\n", d->file_a, d->file_b);
	for (size_t i = 0; i < d->nnodes; i++)
		text_node(&d->nodes[i], out);
}

static void md_prop(const struct rv_prop_diff *p, struct strbuf *out)
{
	if (p->old_val) {
		sb_add(out, "- ");
		rv_fmt_prop(out, p->name, p->old_val);
		sb_addc(out, '\n');
	}
	if (p->new_val) {
		sb_add(out, "+ ");
		rv_fmt_prop(out, p->name, p->new_val);
		sb_addc(out, '\n');
	}
}

static void md_node(const struct rv_node_diff *nd, struct strbuf *out)
{
	sb_addf(out, "\n#### `%s` (%s", nd->a ? nd->a->path : nd->b->path,
		nd->moved ? "moved" : change_name[nd->change]);
	if (nd->moved)
		sb_addf(out, " to `%s`, matched by %s", nd->b->path, nd->matched_by);
	sb_add(out, ")\n");
	if (nd->old_labels)
		sb_addf(out, "\nLabels: `%s` → `%s`\n", nd->old_labels, nd->new_labels);
	if (!nd->nprops)
		return;
	sb_add(out, "\n```diff\n");
	for (size_t i = 0; i < nd->nprops; i++)
		md_prop(&nd->props[i], out);
	sb_add(out, "```\n");
}

static void write_markdown(const struct rv_diff *d, struct strbuf *out)
{
	sb_addf(out, "### Device tree diff: `%s` → `%s`\n", d->file_a, d->file_b);
	if (!d->nnodes)
		sb_add(out, "\nNo differences.\n");
	for (size_t i = 0; i < d->nnodes; i++)
		md_node(&d->nodes[i], out);
}

static void json_node(struct json *j, const struct rv_node_diff *nd)
{
	json_begin_object(j);
	json_kv_string(j, "path", nd->a ? nd->a->path : nd->b->path);
	json_kv_string(j, "change", nd->moved ? "moved" : change_name[nd->change]);
	if (nd->moved) {
		json_kv_string(j, "new_path", nd->b->path);
		json_kv_string(j, "matched_by", nd->matched_by);
	}
	if (nd->old_labels) {
		json_key(j, "labels");
		json_begin_object(j);
		json_kv_string(j, "old", nd->old_labels);
		json_kv_string(j, "new", nd->new_labels);
		json_end(j);
	}
	json_key(j, "properties");
	json_begin_array(j);
	for (size_t i = 0; i < nd->nprops; i++) {
		const struct rv_prop_diff *p = &nd->props[i];

		json_begin_object(j);
		json_kv_string(j, "name", p->name);
		json_kv_string(j, "change", change_name[p->change]);
		if (p->old_val)
			json_kv_string(j, "old", p->old_val);
		if (p->new_val)
			json_kv_string(j, "new", p->new_val);
		json_end(j);
	}
	json_end(j);
	json_end(j);
}

static void write_json(const struct rv_diff *d, struct strbuf *out)
{
	struct json j;

	json_init(&j, out);
	json_begin_object(&j);
	json_kv_string(&j, "a", d->file_a);
	json_kv_string(&j, "b", d->file_b);
	json_kv_bool(&j, "equal", d->nnodes == 0);
	json_key(&j, "nodes");
	json_begin_array(&j);
	for (size_t i = 0; i < d->nnodes; i++)
		json_node(&j, &d->nodes[i]);
	json_end(&j);
	json_end(&j);
	sb_addc(out, '\n');
}

void rv_diff_write(const struct rv_diff *d, enum rv_format f, struct strbuf *out)
{
	if (f == RV_FMT_JSON)
		write_json(d, out);
	else if (f == RV_FMT_MARKDOWN)
		write_markdown(d, out);
	else
		write_text(d, out);
}
