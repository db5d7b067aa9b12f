// SPDX-License-Identifier: GPL-2.0
/*
 * The JSON report (format version B2D_REPORT_VERSION, docs/report.md): per
 * machine every fact and what became of it, every TODO and where it was
 * written, the board functions the machine's code reaches, and counts.
 * `counts.todo` and the `todos` array come from one list (dt_tree_todos), so
 * they cannot disagree; the facts' counts come from the facts.
 */
#include "emit.h"

#include <stdlib.h>

#include "../common/json.h"
#include "../common/util.h"

void report_begin(struct json *j, const char *source, const char *soc, unsigned clang_errors)
{
	json_begin_object(j);
	json_kv_int(j, "version", B2D_REPORT_VERSION);
	json_kv_string(j, "source", source);
	json_kv_string(j, "tool", "board2dts");
	json_kv_string(j, "soc", soc);
	json_kv_int(j, "clang_errors", clang_errors);
	json_key(j, "machines");
	json_begin_array(j);
}

void report_end(struct json *j)
{
	json_end(j);	/* machines */
	json_end(j);
}

static void kv_pos(struct json *j, const struct srcpos *pos)
{
	json_kv_string(j, "file", pos->file);
	json_key(j, "line");
	if (pos->line)
		json_int(j, pos->line);
	else
		json_null(j);
}

static void write_counts(struct json *j, const struct dt_tree *t, size_t ntodos)
{
	size_t converted = 0;

	for (size_t i = 0; i < t->nfacts; i++)
		if (t->facts[i]->fate == FACT_CONVERTED)
			converted++;
	json_key(j, "counts");
	json_begin_object(j);
	json_kv_int(j, "extracted", (long long)t->nfacts);
	json_kv_int(j, "converted", (long long)converted);
	json_kv_int(j, "not_converted", (long long)(t->nfacts - converted));
	json_kv_int(j, "todo", (long long)ntodos);
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

static void write_todo(struct json *j, const struct dt_todo_ref *r)
{
	json_begin_object(j);
	kv_pos(j, &r->todo->pos);
	json_kv_string(j, "text", r->todo->text);
	json_kv_string(j, "reason", r->todo->reason);
	json_key(j, "node");
	if (r->node) {
		struct strbuf sb;

		sb_init(&sb);
		dt_node_path_sb(r->node, &sb);
		json_string(j, sb.buf);
		sb_free(&sb);
	} else {
		json_null(j);
	}
	json_end(j);
}

static void write_functions(struct json *j, const struct dt_tree *t)
{
	json_key(j, "functions");
	json_begin_array(j);
	for (size_t i = 0; i < t->nfuncs; i++) {
		json_begin_object(j);
		json_kv_string(j, "name", t->funcs[i]->name);
		kv_pos(j, &t->funcs[i]->pos);
		json_end(j);
	}
	json_end(j);
}

/* Tolerant mode: "config" (--config FILE or null), "assumed_config" (extractor/config.h). */
static void write_config(struct json *j, const struct dt_tree *t)
{
	json_key(j, "config");
	if (t->config_file)
		json_string(j, t->config_file);
	else
		json_null(j);
	json_key(j, "assumed_config");
	json_begin_array(j);
	for (size_t i = 0; i < t->nassumed_config; i++)
		json_string(j, t->assumed_config[i]);
	json_end(j);
}

void report_add_machine(struct json *j, const struct dt_tree *t)
{
	struct dt_todo_ref *todos;
	size_t ntodos = dt_tree_todos(t, &todos);

	json_begin_object(j);
	json_kv_string(j, "machine", t->machine_id);
	json_kv_string(j, "source", t->source);
	write_counts(j, t, ntodos);
	write_functions(j, t);
	if (t->tolerant)
		write_config(j, t);
	json_key(j, "facts");
	json_begin_array(j);
	for (size_t i = 0; i < t->nfacts; i++)
		write_fact(j, t->facts[i]);
	json_end(j);
	json_key(j, "todos");
	json_begin_array(j);
	for (size_t i = 0; i < ntodos; i++)
		write_todo(j, &todos[i]);
	json_end(j);
	json_end(j);
	free(todos);
}
