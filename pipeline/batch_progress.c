// SPDX-License-Identifier: GPL-2.0
/*
 * `board2dts batch`: progress of the run, as a line on a terminal's stderr
 * ("[done/total] N failed, elapsed, ETA") or as one JSON object per file on
 * stdout (--json); a failed file is reported on stderr as it finishes.
 */
#include "batch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/json.h"

double batch_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void fmt_secs(char *buf, size_t n, double s)
{
	long v = (long)(s + 0.5);

	snprintf(buf, n, "%ld:%02ld", v / 60, v % 60);
}

static void progress_line(struct batch_progress *p, size_t todo)
{
	double el = batch_now() - p->t0;
	size_t run = p->done - p->skipped;
	char e[32], eta[32] = "?";

	if (!p->tty)
		return;
	fmt_secs(e, sizeof(e), el);
	if (run)
		fmt_secs(eta, sizeof(eta), el / (double)run * (double)(todo - run));
	fprintf(stderr, "\r\033[K[%zu/%zu] %zu failed, %s elapsed, ETA %s", p->done, p->total,
		p->failed, e, eta);
	fflush(stderr);
}

static void progress_event(struct batch_progress *p, const struct batch_job *jb)
{
	struct strbuf sb;
	struct json j;

	if (!p->json)
		return;
	sb_init(&sb);
	json_init_line(&j, &sb);
	json_begin_object(&j);
	json_kv_string(&j, "event", "file");
	json_kv_string(&j, "file", jb->path);
	json_kv_string(&j, "status", jb->r.status);
	json_kv_bool(&j, "skipped", jb->r.skipped);
	json_kv_string(&j, "message", jb->r.message);
	json_kv_string(&j, "signal", jb->r.signal);
	json_kv_int(&j, "machines", jb->r.machines);
	json_kv_int(&j, "time_ms", (long long)(jb->r.time * 1000));
	json_kv_int(&j, "done", (long long)p->done);
	json_kv_int(&j, "total", (long long)p->total);
	json_kv_int(&j, "failed", (long long)p->failed);
	json_end(&j);
	fputs(sb.buf, stdout);	/* one line per event, newline included */
	fflush(stdout);
	sb_free(&sb);
}

void batch_finished(struct batch_progress *p, struct batch_job *jb, size_t todo)
{
	p->done++;
	if (!jb->r.valid || strcmp(jb->r.status, "ok"))
		p->failed++;
	if (jb->r.skipped)
		p->skipped++;
	if (!jb->r.skipped && (!jb->r.valid || strcmp(jb->r.status, "ok"))) {
		if (p->tty)
			fprintf(stderr, "\r\033[K");
		fprintf(stderr, "board2dts: %s: failed: %s\n", jb->path,
			jb->r.message ? jb->r.message : "no result");
	}
	progress_event(p, jb);
	progress_line(p, todo);
}

/* One JSON Lines event on stdout: {"event": NAME, key: value...}. */
static void event_line(const char *event, const char *const *keys, const long long *vals,
		       size_t n)
{
	struct strbuf sb;
	struct json j;

	sb_init(&sb);
	json_init_line(&j, &sb);
	json_begin_object(&j);
	json_kv_string(&j, "event", event);
	for (size_t i = 0; i < n; i++)
		json_kv_int(&j, keys[i], vals[i]);
	json_end(&j);
	fputs(sb.buf, stdout);
	fflush(stdout);
	sb_free(&sb);
}

void batch_progress_start(size_t total, size_t to_run, long jobs)
{
	static const char *const keys[] = { "total", "to_run", "jobs" };
	const long long vals[] = { (long long)total, (long long)to_run, jobs };

	event_line("start", keys, vals, 3);
}

void batch_progress_end(const struct batch_totals *t, double wall)
{
	static const char *const keys[] = { "files", "converted", "up_to_date", "skipped",
		"failed", "interrupted", "earlier", "dtc_failed", "wall_ms" };
	const long long vals[] = { (long long)(t->files - t->earlier), (long long)t->converted,
		(long long)t->up_to_date, (long long)t->up_to_date, (long long)t->failed,
		(long long)t->interrupted, (long long)t->earlier, (long long)t->dtc_failed,
		(long long)(wall * 1000) };

	event_line("end", keys, vals, sizeof(vals) / sizeof(vals[0]));
}
