/* SPDX-License-Identifier: GPL-2.0 */
/*
 * `board2dts batch`, shared between the scheduler (cmd_batch.c: options, the
 * file list, shards, worker processes, progress, summary) and the worker side
 * (batch_worker.c: one file in, its .dts files, report and state out).
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
	char *stamp;			/* version and digests of the rules and model headers */
	unsigned timeout;		/* --timeout per file (seconds, 0: none) */
	unsigned long long max_memory;	/* --max-memory per worker (bytes, 0: none) */
};

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

/* ---- the summary (batch_summary.c) ---- */

struct batch_totals {
	size_t files, converted, up_to_date, failed, interrupted, earlier, earlier_failed;
	size_t dtc_ok, dtc_failed, dtc_not_run;
	long machines, facts, facts_converted, todo;
	double cpu;
};

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
/* DIR/summary.json and DIR/summary.md. */
void batch_summary_write(const struct batch_ctx *c, const struct batch_summary *s);
/* The command that resumes this one (its arguments after "batch", without
 * --force), quoted for a POSIX shell; malloc'd. */
char *batch_resume_command(int argc, char **argv);

#endif
