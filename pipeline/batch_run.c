// SPDX-License-Identifier: GPL-2.0
/*
 * `board2dts batch` from start to end, without the command line: the shared
 * context (DIR/.batch, the rule packs loaded once before forking, the stamp),
 * the file list and what is up to date (batch_jobs.c), the pool of workers
 * (batch_pool.c), then summary.json and summary.md over this run's files and
 * the rows earlier runs left in DIR (batch_summary.c).
 */
#include "batch.h"
#include "pipeline.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/diag.h"
#include "extractor/config.h"
#include "engine/rules.h"

static long ncores(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? n : 1;
}

int batch_ctx_init(struct batch_ctx *c)
{
	c->state_dir = xasprintf("%s/.batch", c->out_dir);
	c->rules_dir = pipeline_rules_dir(c->rules_dir);
	if (mkdir_p(c->state_dir)) {
		diag_error(NULL, "--out-dir: cannot create %s: %s", c->state_dir, strerror(errno));
		return PL_USAGE;
	}
	/* Rule packs: loaded (and checked) once, shared by every worker through fork. */
	if (rules_load_dir(c->rules_dir, &c->rules) != B2D_OK) {
		c->rules = NULL;
		return PL_USAGE;
	}
	c->stamp = batch_stamp(c->rules_dir, pipeline_model_dir());
	if (c->config_file && config_load(c->config_file, NULL) != B2D_OK)
		return PL_USAGE;	/* checked once, not per file */
	return PL_OK;
}

void batch_ctx_free(struct batch_ctx *c)
{
	free((char *)c->state_dir);
	free(c->stamp);
	if (c->rules)
		ruleset_free(c->rules);
	c->state_dir = NULL;
	c->stamp = NULL;
	c->rules = NULL;
}

static int cmp_row(const void *a, const void *b)
{
	const struct batch_job *const *x = a, *const *y = b;

	return strcmp((*x)->base, (*y)->base);
}

/* The selected jobs and the earlier rows: totals, summary files, the JSON end event. */
static void conclude(const struct batch_ctx *c, const struct batch_run_options *ro,
		     struct batch_jobs *js, const long *sel, size_t nsel, struct batch_jobs *ej,
		     struct batch_outcome *out)
{
	struct batch_summary s = { 0 };
	char shard[64];
	int sig = batch_stop_signal();

	s.rows = xcalloc(nsel + ej->n + 1, sizeof(*s.rows));
	for (size_t i = 0; i < nsel; i++) {
		const struct batch_result *r = &js->v[sel[i]].r;

		s.rows[s.n++] = &js->v[sel[i]];
		out->bad |= !r->interrupted && (!str_eq(r->status, "ok") || str_eq(r->dtc, "failed"));
	}
	for (size_t i = 0; i < ej->n; i++)
		s.rows[s.n++] = &ej->v[i];
	qsort(s.rows, s.n, sizeof(*s.rows), cmp_row);
	for (size_t i = 0; i < s.n; i++)
		batch_totals_add(&out->t, s.rows[i]);
	snprintf(shard, sizeof(shard), "%ld/%ld", ro->in.shard_i, ro->in.shard_n);
	out->stop_signal = sig;
	out->signal = sig ? batch_signame(sig) : NULL;
	out->resume = sig ? batch_resume_command(ro->argc, ro->argv) : NULL;
	s.t = &out->t;
	s.wall = out->wall;
	s.shard = ro->in.shard_n ? shard : NULL;
	s.signal = out->signal;
	s.resume = out->resume;
	batch_summary_write(c, &s);
	if (ro->json)
		batch_progress_end(&out->t, out->wall);
	free(s.rows);
}

/* Progress of the files skipped as up to date, then the pool over those to run. */
static void run_selected(struct batch_ctx *c, const struct batch_run_options *ro,
			 struct batch_jobs *js, const long *sel, size_t nsel, const long *run,
			 size_t nrun, double t0)
{
	struct batch_progress p = { 0 };
	long nw = ro->jobs ? ro->jobs : ncores();
	sigset_t mask;

	p.tty = !ro->json && isatty(STDERR_FILENO);
	p.json = ro->json;
	p.total = nsel;
	p.t0 = t0;
	if (p.json)
		batch_progress_start(nsel, nrun, nw);
	for (size_t i = 0; i < nsel; i++)
		if (js->v[sel[i]].r.skipped)
			batch_finished(&p, &js->v[sel[i]], nrun);
	signal(SIGPIPE, SIG_IGN);
	batch_catch_stop(&mask);
	if (nrun) {
		if ((size_t)nw > nrun)
			nw = (long)nrun;
		batch_run_jobs(c, js, run, nrun, nw, &p, &mask);
	}
	if (p.tty)
		fprintf(stderr, "\r\033[K");
}

int batch_run(struct batch_ctx *c, const struct batch_run_options *ro, struct batch_outcome *out)
{
	struct batch_jobs js = { 0 }, ej = { 0 };
	long *sel = NULL, *run = NULL;
	size_t nsel = 0, nrun = 0;
	double t0 = batch_now();
	int rc = batch_file_list(&ro->in, &js);

	memset(out, 0, sizeof(*out));
	if (!rc)
		rc = batch_ctx_init(c);
	if (!rc) {
		sel = xcalloc(js.n, sizeof(*sel));
		run = xcalloc(js.n, sizeof(*run));
		batch_select_jobs(c, &js, &ro->in, sel, &nsel, run, &nrun);
		batch_add_earlier(c, &js, sel, nsel, &ej);
		run_selected(c, ro, &js, sel, nsel, run, nrun, t0);
		out->wall = batch_now() - t0;
		conclude(c, ro, &js, sel, nsel, &ej, out);
	}
	batch_jobs_free(&js);
	batch_jobs_free(&ej);
	free(sel);
	free(run);
	batch_ctx_free(c);
	return rc;
}

void batch_outcome_free(struct batch_outcome *out)
{
	free(out->signal);
	free(out->resume);
	out->signal = out->resume = NULL;
}
