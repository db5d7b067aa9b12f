/* SPDX-License-Identifier: GPL-2.0 */
/*
 * `board2dts batch` as library modules (cli/cmd_batch.c only parses the
 * options and prints the end line): the file list, shards and what is up to
 * date (batch_jobs.c), the pool of worker processes and SIGINT/SIGTERM
 * (batch_pool.c), progress (batch_progress.c), the worker side (batch_worker.c:
 * one file through the pipeline, its .dts files, report and state out), the
 * state (batch_state.c) and the summary (batch_summary.c).
 *
 * Each file's result lives in DIR/.batch/<base>.state, a JSON object written
 * by the worker (or by the scheduler when the worker died), batch_state.c.
 * The state is what re-runs check to skip a file and what the summary is
 * built from (every state in DIR, also of files not in this run), so shards'
 * directories merge by copying them together.
 */
#ifndef B2D_BATCH_H
#define B2D_BATCH_H

#include <stdbool.h>
#include <stddef.h>

#include <signal.h>

#include "common/util.h"

struct ruleset;

struct batch_result {
	char *status;		/* "ok" or "failed" */
	char *message;		/* failure: why, one line (the first error line of the
				 * file's conversion, dtc's, the signal, "timed out") */
	char *signal;		/* crash: "SIGSEGV" */
	char *source;		/* the input path */
	char *soc;
	char *dtc;		/* "ok", "failed", "not run" */
	char *dtc_message;
	char *options;		/* fingerprint of the options that change outputs */
	long machines, facts, converted, todo;	/* todo: TODO entries (reports' counts.todo) */
	double time;		/* seconds, wall clock, in the worker */
	struct ptrvec outputs;	/* file names under DIR (malloc'd) */
	struct ptrvec ids;	/* machine ids (malloc'd) */
	bool skipped;		/* up to date: not redone in this run */
	bool earlier;		/* not in this run: a row kept from an earlier run */
	bool interrupted;	/* in this run, but not done: SIGINT/SIGTERM */
	bool valid;		/* loaded or produced */
};

struct batch_job {
	char *path;		/* the input as given (or absolute, from the database) */
	char *real;		/* realpath, for dedup and the database lookup */
	char *base;		/* output base name, unique in the run */
	const char *build_dir;	/* compile_commands.json dir, or NULL: tolerant */
	struct batch_result r;
};

struct batch_ctx {
	const char *out_dir;
	const char *state_dir;		/* out_dir/.batch */
	const char *kernel_dir;
	const char *rules_dir;
	const char *config_file;	/* --config FILE (tolerant jobs) */
	const char **clang_args;
	size_t nclang_args;
	struct ruleset *rules;		/* loaded once, before forking */
	void *index;			/* the worker's CXIndex */
	bool annotate;
	bool html;			/* --html: a review page per machine, DIR/index.html */
	char *stamp;			/* version and digests of the rules and model headers */
	unsigned timeout;		/* --timeout per file (seconds, 0: none) */
	unsigned long long max_memory;	/* --max-memory per worker (bytes, 0: none) */
};

/* ---- the file list (batch_jobs.c) ---- */

struct batch_jobs {
	struct batch_job *v;
	size_t n;
};

/* What to convert: the databases, the files, the shard; what to redo. */
struct batch_input {
	const struct ptrvec *build_dirs;	/* -p, each a compile_commands.json dir */
	const struct ptrvec *files;		/* FILE.c operands */
	bool from_compdb;			/* add every MACHINE_START file the databases list */
	const char *kernel_dir;
	long shard_i, shard_n;			/* convert the I-th of N parts; N 0: all */
	bool force;				/* redo files that are up to date */
};

/*
 * The databases and the files: the jobs, with unique base names, sorted.
 * PL_OK, or PL_USAGE after one diagnostic (also when there is no file).
 */
int batch_file_list(const struct batch_input *in, struct batch_jobs *js);
/*
 * This shard's jobs (indices in sel), then those not up to date (run; their
 * old outputs removed); the others get their state as result, skipped.
 * sel and run hold js->n entries.
 */
void batch_select_jobs(const struct batch_ctx *c, struct batch_jobs *js,
		       const struct batch_input *in, long *sel, size_t *nsel, long *run,
		       size_t *nrun);
/* The states in DIR of files this run did not select: their rows are kept (ej). */
void batch_add_earlier(const struct batch_ctx *c, const struct batch_jobs *js, const long *sel,
		       size_t nsel, struct batch_jobs *ej);
void batch_jobs_free(struct batch_jobs *js);

/* ---- progress (batch_progress.c) ---- */

struct batch_progress {
	bool tty, json;		/* a progress line on a terminal stderr; JSON lines on stdout */
	size_t total, done, failed, skipped;
	double t0;		/* batch_now() at the start */
};

/* Seconds on the monotonic clock. */
double batch_now(void);
/* --json: the first and the last line ({"event": "start"...}, {"event": "end"...}). */
void batch_progress_start(size_t total, size_t to_run, long jobs);
struct batch_totals;
void batch_progress_end(const struct batch_totals *t, double wall);
/* A file is done (or skipped): count it, report a failure, update the progress. */
void batch_finished(struct batch_progress *p, struct batch_job *jb, size_t todo);

/* ---- the pool of workers (batch_pool.c) ---- */

/*
 * Catch SIGINT and SIGTERM, and keep them blocked but while waiting for the
 * workers (*old: the mask to wait with, for batch_run_jobs()).
 */
void batch_catch_stop(sigset_t *old);
/* The first SIGINT/SIGTERM received, or 0. */
int batch_stop_signal(void);
/* "SIGINT" (or "signal N"); malloc'd. */
char *batch_signame(int sig);
/*
 * Convert the jobs js->v[run[0..nrun)] over nw forked workers, each with its
 * own CXIndex; a worker that dies costs only its file, a new one takes over.
 * SIGINT/SIGTERM stop it: the files not done are marked interrupted.
 */
void batch_run_jobs(struct batch_ctx *c, struct batch_jobs *js, const long *run, size_t nrun,
		    long nw, struct batch_progress *p, const sigset_t *mask);

/* ---- the whole run (batch_run.c) ---- */

/*
 * c's options filled in (out_dir, kernel_dir, rules_dir as given, annotate,
 * clang_args, timeout, max_memory): DIR/.batch created, the rule packs
 * loaded, the stamp. PL_OK or PL_USAGE (one diagnostic printed).
 */
int batch_ctx_init(struct batch_ctx *c);
void batch_ctx_free(struct batch_ctx *c);

struct batch_run_options {
	struct batch_input in;
	long jobs;		/* worker processes; 0: the number of cores */
	bool json;		/* progress as JSON lines on stdout */
	int argc;		/* the command's arguments after "batch", for the resume hint */
	char **argv;
};

/* ---- the summary (batch_summary.c) ---- */

struct batch_totals {
	size_t files, converted, up_to_date, failed, interrupted, earlier, earlier_failed;
	size_t dtc_ok, dtc_failed, dtc_not_run;
	long machines, facts, facts_converted, todo;
	double cpu;
};

struct batch_outcome {
	struct batch_totals t;	/* this run's files and earlier runs' rows */
	double wall;		/* seconds */
	bool bad;		/* a file of this run failed, or its dtc check */
	int stop_signal;	/* SIGINT/SIGTERM that interrupted the run, or 0 */
	char *signal;		/* its name, or NULL */
	char *resume;		/* interrupted: the command that resumes */
};

/*
 * The file list, the context (batch_ctx_init), the workers, summary.json and
 * summary.md. PL_OK with *out filled (free with batch_outcome_free()), or
 * PL_USAGE (one diagnostic printed). c is freed.
 */
int batch_run(struct batch_ctx *c, const struct batch_run_options *ro, struct batch_outcome *out);
void batch_outcome_free(struct batch_outcome *out);

/* ---- the worker side (batch_worker.c) ---- */

/* The first "error:" line of the file's log, else (last_line) its last line; or NULL. */
char *batch_log_message(const struct batch_ctx *c, const struct batch_job *jb, bool last_line);

/* Worker side: convert one file; always fills jb->r and writes its state. */
void batch_convert(struct batch_ctx *c, struct batch_job *jb);
void batch_worker_end(struct batch_ctx *c);

/* The state file: write / read back. read returns false when absent or bad. */
char *batch_state_path(const struct batch_ctx *c, const struct batch_job *jb);
int batch_state_write(const struct batch_ctx *c, const struct batch_job *jb);
bool batch_state_read(const struct batch_ctx *c, const struct batch_job *jb,
		      struct batch_result *r);
bool batch_state_load(const char *path, struct batch_result *r);
/* The base names of every DIR/.batch/<base>.state, sorted (malloc'd). */
void batch_state_bases(const char *state_dir, struct ptrvec *bases);
void batch_result_free(struct batch_result *r);

/* "version=..;rules=<digest>;model=<digest>": what makes every file out of date. */
char *batch_stamp(const char *rules_dir, const char *model_dir);
/* The stamp plus the options of this file that change its outputs. */
char *batch_fingerprint(const struct batch_ctx *c, const struct batch_job *jb);

struct batch_summary {
	struct batch_job **rows;	/* this run's files and earlier runs' others */
	size_t n;
	const struct batch_totals *t;
	double wall;
	const char *shard;		/* "I/N" or NULL */
	const char *signal;		/* "SIGINT" when interrupted, else NULL */
	const char *resume;		/* the command that resumes, when interrupted */
};

void batch_totals_add(struct batch_totals *t, const struct batch_job *jb);
/* DIR/summary.json and DIR/summary.md (and DIR/index.html with --html). */
void batch_summary_write(const struct batch_ctx *c, const struct batch_summary *s);
/* The command that resumes this one (its arguments after "batch", without
 * --force), quoted for a POSIX shell; malloc'd. */
char *batch_resume_command(int argc, char **argv);

#endif
