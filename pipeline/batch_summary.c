// SPDX-License-Identifier: GPL-2.0
/*
 * `board2dts batch`: DIR/summary.json and DIR/summary.md. The rows are every
 * file of this run plus the files of earlier runs into DIR that this run did
 * not select (a re-run over a subset keeps the others' rows). Each row falls
 * in one class: converted (in this run), up to date (skipped: its
 * fingerprint and outputs matched), failed, not done (interrupted), or from
 * an earlier run. A failed row says why: its conversion's first error line,
 * the signal or exit status of its worker, "timed out", or dtc's first error.
 */
#define _GNU_SOURCE	/* program_invocation_name */
#include "batch.h"
#include "pipeline.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/json.h"
#include "emitter/emit.h"
#include "emitter/html.h"

static bool row_ok(const struct batch_result *r)
{
	return r->valid && str_eq(r->status, "ok");
}

static bool row_dtc_failed(const struct batch_result *r)
{
	return str_eq(r->dtc, "failed");
}

void batch_totals_add(struct batch_totals *t, const struct batch_job *jb)
{
	const struct batch_result *r = &jb->r;

	t->files++;
	if (r->earlier) {
		t->earlier++;
		t->earlier_failed += !row_ok(r) || row_dtc_failed(r);
	} else if (r->interrupted) {
		t->interrupted++;
		return;
	} else if (r->skipped) {
		t->up_to_date++;
	} else if (row_ok(r)) {
		t->converted++;
	} else {
		t->failed++;
	}
	t->machines += r->machines;
	t->facts += r->facts;
	t->facts_converted += r->converted;
	t->todo += r->todo;
	t->cpu += r->time;
	if (row_dtc_failed(r))
		t->dtc_failed++;
	else if (str_eq(r->dtc, "ok"))
		t->dtc_ok++;
	else
		t->dtc_not_run++;
}

/* The one-word class of a row (summary.md's status column, summary.json's "row"). */
static const char *row_class(const struct batch_result *r)
{
	if (r->earlier)
		return row_ok(r) ? "ok (earlier run)" : "failed (earlier run)";
	if (r->interrupted)
		return "not done";
	if (r->skipped)
		return "up to date";
	return row_ok(r) ? "converted" : "failed";
}

/* Why a row failed (or was not done), one line, malloc'd; NULL when it did not. */
static char *row_reason(const struct batch_result *r)
{
	if (r->interrupted || !row_ok(r))
		return xstrdup(r->message ? r->message : "no result recorded");
	if (row_dtc_failed(r))
		return xasprintf("dtc: %s", r->dtc_message ? r->dtc_message : "failed");
	return NULL;
}

static void json_totals(struct json *j, const struct batch_totals *t, double wall)
{
	json_key(j, "totals");
	json_begin_object(j);
	json_kv_int(j, "files", (long long)t->files);
	json_kv_int(j, "converted", (long long)t->converted);
	json_kv_int(j, "up_to_date", (long long)t->up_to_date);
	json_kv_int(j, "skipped", (long long)t->up_to_date);	/* the older name */
	json_kv_int(j, "failed", (long long)t->failed);
	json_kv_int(j, "interrupted", (long long)t->interrupted);
	json_kv_int(j, "earlier", (long long)t->earlier);
	json_kv_int(j, "earlier_failed", (long long)t->earlier_failed);
	json_kv_int(j, "machines", t->machines);
	json_kv_int(j, "facts", t->facts);
	json_kv_int(j, "facts_converted", t->facts_converted);
	json_kv_int(j, "todo", t->todo);
	json_kv_int(j, "dtc_ok", (long long)t->dtc_ok);
	json_kv_int(j, "dtc_failed", (long long)t->dtc_failed);
	json_kv_int(j, "dtc_not_run", (long long)t->dtc_not_run);
	json_kv_int(j, "wall_ms", (long long)(wall * 1000));
	json_kv_int(j, "file_time_ms", (long long)(t->cpu * 1000));
	json_end(j);
}

static void json_strings(struct json *j, const char *key, const struct ptrvec *v)
{
	json_key(j, key);
	json_begin_array(j);
	for (size_t k = 0; k < v->len; k++)
		json_string(j, v->items[k]);
	json_end(j);
}

static void json_row(struct json *j, const struct batch_job *jb)
{
	const struct batch_result *r = &jb->r;
	char *reason = row_reason(r);

	json_begin_object(j);
	json_kv_string(j, "file", jb->path);
	json_kv_string(j, "base", jb->base);
	json_kv_string(j, "status", r->status);
	json_kv_string(j, "row", row_class(r));
	json_kv_bool(j, "skipped", r->skipped);
	json_kv_bool(j, "earlier", r->earlier);
	json_kv_bool(j, "interrupted", r->interrupted);
	json_kv_string(j, "reason", reason);
	json_kv_string(j, "message", r->message);
	json_kv_string(j, "signal", r->signal);
	json_kv_string(j, "soc", r->soc);
	json_kv_int(j, "machines", r->machines);
	json_strings(j, "machine_ids", &r->ids);
	json_kv_int(j, "facts", r->facts);
	json_kv_int(j, "converted", r->converted);
	json_kv_int(j, "todo", r->todo);
	json_kv_string(j, "dtc", r->dtc ? r->dtc : "not run");
	json_kv_string(j, "dtc_message", r->dtc_message);
	json_kv_int(j, "time_ms", (long long)(r->time * 1000));
	json_strings(j, "outputs", &r->outputs);
	json_end(j);
	free(reason);
}

static void write_json(const struct batch_ctx *c, const struct batch_summary *s)
{
	struct strbuf sb;
	struct json j;
	char *path = xasprintf("%s/summary.json", c->out_dir);

	sb_init(&sb);
	json_init(&j, &sb);
	json_begin_object(&j);
	json_kv_string(&j, "tool", "board2dts");
	json_kv_string(&j, "version", B2D_VERSION);
	json_kv_string(&j, "shard", s->shard);
	json_kv_string(&j, "interrupted_by", s->signal);
	json_totals(&j, s->t, s->wall);
	json_key(&j, "files");
	json_begin_array(&j);
	for (size_t i = 0; i < s->n; i++)
		json_row(&j, s->rows[i]);
	json_end(&j);
	json_end(&j);
	sb_addc(&sb, '\n');
	write_file_atomic(path, sb.buf, sb.len, NULL, 0);
	sb_free(&sb);
	free(path);
}

static void md_cell(struct strbuf *sb, const char *s)
{
	for (; s && *s; s++) {
		if (*s == '|')
			sb_add(sb, "\\|");
		else
			sb_addc(sb, *s == '\n' ? ' ' : *s);
	}
}

static void md_head(struct strbuf *sb, const struct batch_summary *s)
{
	const struct batch_totals *t = s->t;

	sb_add(sb, "# board2dts batch summary\n\n");
	if (s->signal) {
		sb_addf(sb, "**Interrupted by %s**: %zu files not done. To resume (files up to "
			"date are skipped):\n\n    ", s->signal, t->interrupted);
		sb_add(sb, s->resume);
		sb_add(sb, "\n\n");
	}
	sb_addf(sb, "- files: %zu (converted %zu, up to date %zu, failed %zu", t->files,
		t->converted, t->up_to_date, t->failed);
	if (t->interrupted)
		sb_addf(sb, ", not done %zu", t->interrupted);
	sb_add(sb, ")\n");
	if (t->earlier)
		sb_addf(sb, "- from earlier runs, not in this one: %zu (%zu failed)\n", t->earlier,
			t->earlier_failed);
	sb_addf(sb, "- machines: %ld\n", t->machines);
	sb_addf(sb, "- facts: %ld (converted %ld); TODOs written: %ld\n", t->facts,
		t->facts_converted, t->todo);
	sb_addf(sb, "- dtc: %zu ok, %zu failed, %zu not run\n", t->dtc_ok, t->dtc_failed,
		t->dtc_not_run);
	sb_addf(sb, "- time: %.1f s wall, %.1f s summed over files\n\n", s->wall, t->cpu);
}

static void md_failed(struct strbuf *sb, const struct batch_summary *s)
{
	bool any = false;

	for (size_t i = 0; i < s->n; i++) {
		const struct batch_job *jb = s->rows[i];
		char *reason = jb->r.interrupted ? NULL : row_reason(&jb->r);

		if (!reason)
			continue;
		if (!any)
			sb_add(sb, "## Failed\n\n");
		any = true;
		sb_addf(sb, "- `%s`%s: ", jb->path, jb->r.earlier ? " (earlier run)" : "");
		md_cell(sb, reason);
		sb_addc(sb, '\n');
		free(reason);
	}
	if (any)
		sb_addc(sb, '\n');
}

static void md_rows(struct strbuf *sb, const struct batch_summary *s)
{
	sb_add(sb, "## Files\n\n"
	       "| file | status | SoC | machines | facts | converted | TODO | dtc | time (s) | "
	       "reason |\n"
	       "|---|---|---|---:|---:|---:|---:|---|---:|---|\n");
	for (size_t i = 0; i < s->n; i++) {
		const struct batch_job *jb = s->rows[i];
		const struct batch_result *r = &jb->r;
		char *reason = row_reason(r);

		sb_addf(sb, "| %s | %s%s%s | %s | %ld | %ld | %ld | %ld | ", jb->base, row_class(r),
			r->signal ? " " : "", r->signal ? r->signal : "", r->soc ? r->soc : "-",
			r->machines, r->facts, r->converted, r->todo);
		md_cell(sb, r->dtc ? r->dtc : "not run");
		sb_addf(sb, " | %.2f | ", r->time);
		md_cell(sb, reason ? reason : "");
		sb_add(sb, " |\n");
		free(reason);
	}
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n >= k && !strcmp(s + n - k, suffix);
}

/* --html: DIR/index.html, every row with links to its pages. */
static void write_index(const struct batch_ctx *c, const struct batch_summary *s)
{
	struct html_index_row *rows = xcalloc(s->n ? s->n : 1, sizeof(*rows));
	struct strbuf sb;
	char *path = xasprintf("%s/index.html", c->out_dir);

	for (size_t i = 0; i < s->n; i++) {
		const struct batch_result *r = &s->rows[i]->r;
		const char **pages = xcalloc(r->outputs.len + 1, sizeof(*pages));
		size_t np = 0;

		for (size_t k = 0; k < r->outputs.len; k++)
			if (ends_with(r->outputs.items[k], ".html"))
				pages[np++] = r->outputs.items[k];
		rows[i] = (struct html_index_row){
			.source = s->rows[i]->path, .status = row_class(r), .ok = row_ok(r),
			.pages = pages, .npages = np,
			.ids = np == r->ids.len ? (const char *const *)r->ids.items : NULL,
			.machines = r->machines, .facts = r->facts, .converted = r->converted,
			.todo = r->todo,
		};
		rows[i].message = row_reason(r);
	}
	sb_init(&sb);
	html_index(c->out_dir, rows, s->n, &sb);
	write_file_atomic(path, sb.buf, sb.len, NULL, 0);
	for (size_t i = 0; i < s->n; i++) {
		free((void *)rows[i].pages);
		free((void *)rows[i].message);
	}
	free(rows);
	sb_free(&sb);
	free(path);
}

void batch_summary_write(const struct batch_ctx *c, const struct batch_summary *s)
{
	struct strbuf sb;
	char *path = xasprintf("%s/summary.md", c->out_dir);

	write_json(c, s);
	sb_init(&sb);
	md_head(&sb, s);
	md_failed(&sb, s);
	md_rows(&sb, s);
	write_file_atomic(path, sb.buf, sb.len, NULL, 0);
	if (c->html)
		write_index(c, s);
	sb_free(&sb);
	free(path);
}

/* s as one shell word: as is when it has only safe characters, else in single quotes. */
static void shell_word(struct strbuf *sb, const char *s)
{
	static const char safe[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
				   "0123456789_-+=/.,:@%";

	if (*s && strspn(s, safe) == strlen(s)) {
		sb_add(sb, s);
		return;
	}
	sb_addc(sb, '\'');
	for (; *s; s++)
		sb_add(sb, *s == '\'' ? "'\\''" : (char[]){ *s, '\0' });
	sb_addc(sb, '\'');
}

char *batch_resume_command(int argc, char **argv)
{
	struct strbuf sb;
	bool rest = false;

	sb_init(&sb);
	shell_word(&sb, program_invocation_name);
	sb_add(&sb, " batch");
	for (int i = 0; i < argc; i++) {
		rest |= !strcmp(argv[i], "--");
		/* --force would redo the files this run finished. */
		if (!rest && !strcmp(argv[i], "--force"))
			continue;
		sb_addc(&sb, ' ');
		shell_word(&sb, argv[i]);
	}
	return sb_detach(&sb);
}
