/* SPDX-License-Identifier: GPL-2.0 */
/*
 * `board2dts batch`, shared between the scheduler (cmd_batch.c: options, the
 * file list, shards, worker processes, progress, summary) and the worker side
 * (batch_worker.c: one file in, its .dts files, report and state out).
 *
 * Each file's result lives in DIR/.batch/<base>.state, a small "key value"
 * text written by the worker (or by the scheduler when the worker died). The
 * state is what re-runs check to skip a file and what the summary is built
 * from, so shards' directories merge by copying them together.
 */
#ifndef B2D_BATCH_H
#define B2D_BATCH_H

#include <stdbool.h>
#include <stddef.h>

#include "common/util.h"

struct ruleset;

struct batch_result {
	char *status;		/* "ok" or "failed" */
	char *message;		/* failure: the first error line, or the signal */
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
	const char **clang_args;
	size_t nclang_args;
	struct ruleset *rules;		/* loaded once, before forking */
	void *index;			/* the worker's CXIndex */
	bool annotate;
	unsigned timeout;		/* --timeout per file (seconds, 0: none) */
	unsigned long long max_memory;	/* --max-memory per worker (bytes, 0: none) */
	char *options;			/* fingerprint (per build dir added per job) */
};

/* Worker side: convert one file; always fills jb->r and writes its state. */
void batch_convert(struct batch_ctx *c, struct batch_job *jb);
void batch_worker_end(struct batch_ctx *c);

/* The state file: write / read back. read returns false when absent or bad. */
char *batch_state_path(const struct batch_ctx *c, const struct batch_job *jb);
int batch_state_write(const struct batch_ctx *c, const struct batch_job *jb);
bool batch_state_read(const struct batch_ctx *c, const struct batch_job *jb,
		      struct batch_result *r);
void batch_result_free(struct batch_result *r);
char *batch_fingerprint(const struct batch_ctx *c, const struct batch_job *jb);

#endif
