// SPDX-License-Identifier: GPL-2.0
/*
 * The board model as JSON (`board2dts extract FILE.c --json`).
 * Format: docs/extract-json.md.
 */
#include "extract.h"

#include "../common/json.h"

#include <string.h>

static const char *const kind_names[] = {
	[VAL_INT] = "int", [VAL_SYMBOLIC] = "symbolic", [VAL_STRING] = "string",
	[VAL_ADDR] = "addr", [VAL_FUNC] = "func", [VAL_LIST] = "list",
	[VAL_NULL] = "null", [VAL_EXPR] = "expr", [VAL_UNKNOWN] = "unknown",
};

static void dump_value(struct json *j, const struct value *v);

static void value_body(struct json *j, const struct value *v)
{
	json_kv_string(j, "kind", kind_names[v->kind]);
	switch (v->kind) {
	case VAL_INT:
		json_kv_int(j, "value", v->ival);
		break;
	case VAL_SYMBOLIC: {
		struct strbuf sb;

		sb_init(&sb);
		if (v->sym_meaning)
			sb_addf(&sb, "base(%s)", v->sym_meaning);
		else
			sb_addf(&sb, "param(%s)", v->sym);
		if (v->ival)
			sb_addf(&sb, " %c %lld", v->ival < 0 ? '-' : '+',
				v->ival < 0 ? -v->ival : v->ival);
		json_kv_string(j, "symbolic", sb.buf);
		sb_free(&sb);
		json_kv_string(j, "param", v->sym);
		json_kv_int(j, "offset", v->ival);
		break;
	}
	case VAL_STRING:
		json_kv_string(j, "value", v->text);
		break;
	case VAL_ADDR:
	case VAL_FUNC:
		json_kv_string(j, "name", v->text);
		break;
	case VAL_EXPR:
		json_kv_string(j, "op", v->text);
		break;
	default:
		break;
	}
	if (v->kind == VAL_LIST) {
		json_kv_string(j, "type", v->type);
		json_kv_bool(j, "array", v->is_array);
	}
	if (v->spelling)
		json_kv_string(j, "spelling", v->spelling);
	if (v->problem)
		json_kv_string(j, "problem", v->problem);
	if (v->expansion)
		json_kv_string(j, "expansion", v->expansion);
	json_kv_int(j, "line", v->pos.line);
	if (v->kind == VAL_LIST || v->kind == VAL_EXPR) {
		json_key(j, v->kind == VAL_LIST ? "fields" : "operands");
		json_begin_array(j);
		for (size_t i = 0; i < v->nkids; i++)
			dump_value(j, v->kids[i]);
		json_end(j);
	}
}

static void dump_value(struct json *j, const struct value *v)
{
	if (!v) {
		json_null(j);
		return;
	}
	json_begin_object(j);
	if (v->field)
		json_kv_string(j, "field", v->field);
	else
		json_kv_int(j, "index", v->index);
	value_body(j, v);
	json_end(j);
}

static void dump_guards(struct json *j, struct guard **g, size_t n)
{
	json_key(j, "guards");
	json_begin_array(j);
	for (size_t i = 0; i < n; i++)
		json_string(j, g[i]->text);
	json_end(j);
}

static void dump_call(struct json *j, const struct call *c)
{
	json_begin_object(j);
	json_kv_string(j, "callee", c->callee);
	json_kv_int(j, "line", c->pos.line);
	json_kv_string(j, "spelling", c->spelling);
	json_key(j, "args");
	json_begin_array(j);
	for (size_t i = 0; i < c->nargs; i++)
		dump_value(j, c->args[i]);
	json_end(j);
	dump_guards(j, c->guards, c->nguards);
	json_end(j);
}

static void dump_store(struct json *j, const struct store *s)
{
	json_begin_object(j);
	json_kv_string(j, "var", s->var);
	json_kv_string(j, "path", s->path);
	if (s->global)
		json_kv_bool(j, "global", true);
	json_kv_int(j, "line", s->pos.line);
	json_kv_string(j, "spelling", s->spelling);
	json_key(j, "value");
	dump_value(j, s->rhs);
	dump_guards(j, s->guards, s->nguards);
	json_end(j);
}

/* "file" of a function or variable read from another file than the board's (pipeline/siblings.c). */
static void dump_file(struct json *j, const struct board *b, const struct srcpos *pos)
{
	if (pos->file && b->path && strcmp(pos->file, b->path))
		json_kv_string(j, "file", pos->file);
}

static void dump_function(struct json *j, const struct board *b, const struct function *f)
{
	json_begin_object(j);
	json_kv_string(j, "name", f->name);
	dump_file(j, b, &f->pos);
	json_key(j, "params");
	json_begin_array(j);
	for (size_t i = 0; i < f->nparams; i++)
		json_string(j, f->params[i]);
	json_end(j);
	json_kv_int(j, "line", f->pos.line);
	json_key(j, "calls");
	json_begin_array(j);
	for (size_t i = 0; i < f->ncalls; i++)
		dump_call(j, f->calls[i]);
	json_end(j);
	json_key(j, "stores");
	json_begin_array(j);
	for (size_t i = 0; i < f->nstores; i++)
		dump_store(j, f->stores[i]);
	json_end(j);
	if (f->returns) {
		json_key(j, "returns");
		dump_value(j, f->returns);
	}
	json_end(j);
}

static void dump_machines(struct json *j, const struct board *b)
{
	json_key(j, "machines");
	json_begin_array(j);
	for (size_t i = 0; i < b->nmachines; i++) {
		const struct machine *m = b->machines[i];

		json_begin_object(j);
		json_kv_string(j, "id", m->id);
		json_kv_string(j, "name", m->name);
		json_kv_int(j, "line", m->pos.line);
		if (m->dt)
			json_kv_bool(j, "dt", true);
		json_key(j, "record");
		dump_value(j, m->record);
		json_end(j);
	}
	json_end(j);
}

static void dump_vars(struct json *j, const struct board *b)
{
	json_key(j, "variables");
	json_begin_array(j);
	for (size_t i = 0; i < b->nvars; i++) {
		const struct variable *v = b->vars[i];

		json_begin_object(j);
		json_kv_string(j, "name", v->name);
		dump_file(j, b, &v->pos);
		json_kv_string(j, "type", v->type);
		json_kv_bool(j, "is_array", v->is_array);
		json_kv_int(j, "line", v->pos.line);
		json_key(j, "init");
		dump_value(j, v->init);
		json_end(j);
	}
	json_end(j);
}

/* Tolerant mode: --config FILE or null, the CONFIG_ symbols assumed (config.h). */
static void dump_config(struct json *j, const struct board *b)
{
	json_key(j, "config");
	if (b->config_file)
		json_string(j, b->config_file);
	else
		json_null(j);
	json_key(j, "assumed_config");
	json_begin_array(j);
	for (size_t i = 0; i < b->nassumed_config; i++)
		json_string(j, b->assumed_config[i]);
	json_end(j);
}

void board_dump_json(const struct board *b, struct strbuf *out)
{
	struct json j;

	json_init(&j, out);
	json_begin_object(&j);
	json_kv_string(&j, "file", b->path);
	json_kv_bool(&j, "tolerant", b->tolerant);
	json_kv_int(&j, "clang_errors", b->clang_errors);
	json_kv_bool(&j, "reparsed", b->reparsed);
	if (b->tolerant)
		dump_config(&j, b);
	json_key(&j, "includes");
	json_begin_array(&j);
	for (size_t i = 0; i < b->nincludes; i++)
		json_string(&j, b->includes[i]);
	json_end(&j);
	dump_machines(&j, b);
	dump_vars(&j, b);
	json_key(&j, "functions");
	json_begin_array(&j);
	for (size_t i = 0; i < b->nfuncs; i++)
		dump_function(&j, b, b->funcs[i]);
	json_end(&j);
	json_end(&j);
}
