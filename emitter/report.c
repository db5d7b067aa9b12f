// SPDX-License-Identifier: GPL-2.0
/*
 * The JSON report of one machine: every fact and what became of it, every
 * TODO and where it was written. Counts are computed from the facts
 * themselves, so converted + todo == extracted holds by construction.
 */
#include "emit.h"

#include "../common/json.h"
#include "../common/util.h"

static void kv_pos(struct json *j, const struct srcpos *pos)
{
	json_kv_string(j, "file", pos->file);
	json_key(j, "line");
	if (pos->line)
		json_int(j, pos->line);
	else
		json_null(j);
}

static void write_counts(struct json *j, const struct dt_tree *t)
{
	size_t converted = 0, todo = 0;

	for (size_t i = 0; i < t->nfacts; i++) {
		if (t->facts[i]->fate == FACT_CONVERTED)
			converted++;
		else
			todo++;
	}
	json_key(j, "counts");
	json_begin_object(j);
	json_kv_int(j, "extracted", (long long)t->nfacts);
	json_kv_int(j, "converted", (long long)converted);
	json_kv_int(j, "todo", (long long)todo);
	json_end(j);
}

static void write_fact(struct json *j, const struct fact *f)
{
	bool converted = f->fate == FACT_CONVERTED;

	json_begin_object(j);
	json_kv_string(j, "kind", f->kind);
	json_kv_string(j, "what", f->what);
	kv_pos(j, &f->pos);
	json_kv_string(j, "fate", converted ? "converted" : "todo");
	if (converted)
		json_kv_string(j, "became", f->became);
	else
		json_kv_string(j, "reason", f->reason);
	json_end(j);
}

static void write_todo(struct json *j, const struct dt_todo *td, const struct dt_node *n)
{
	json_begin_object(j);
	kv_pos(j, &td->pos);
	json_kv_string(j, "text", td->text);
	json_kv_string(j, "reason", td->reason);
	json_key(j, "node");
	if (n) {
		struct strbuf sb;

		sb_init(&sb);
		dt_node_path_sb(n, &sb);
		json_string(j, sb.buf);
		sb_free(&sb);
	} else {
		json_null(j);
	}
	json_end(j);
}

/* Same order as the .dts: root subtree, overlays, then tree-level TODOs. */
static void write_node_todos(struct json *j, const struct dt_node *n)
{
	for (size_t i = 0; i < n->ntodos; i++)
		write_todo(j, n->todos[i], n);
	for (size_t i = 0; i < n->nchildren; i++)
		write_node_todos(j, n->children[i]);
}

void report_add_machine(struct json *j, const struct dt_tree *t)
{
	json_begin_object(j);
	json_kv_string(j, "machine", t->machine_id);
	json_kv_string(j, "source", t->source);
	write_counts(j, t);
	json_key(j, "facts");
	json_begin_array(j);
	for (size_t i = 0; i < t->nfacts; i++)
		write_fact(j, t->facts[i]);
	json_end(j);
	json_key(j, "todos");
	json_begin_array(j);
	write_node_todos(j, t->root);
	for (size_t i = 0; i < t->noverlays; i++)
		write_node_todos(j, t->overlays[i]);
	for (size_t i = 0; i < t->ntodos; i++)
		write_todo(j, t->todos[i], NULL);
	json_end(j);
	json_end(j);
}
