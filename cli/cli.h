/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The command-line front end: option parsing (options.c, opt.c), usage
 * (usage.c), and one thin file per command (cmd_*.c) calling the core
 * library: the pipeline for one file and batch are in pipeline/. main.c
 * dispatches and prints usage.
 */
#ifndef B2D_CLI_H
#define B2D_CLI_H

#include <stdbool.h>
#include <stddef.h>

#include "opt.h"
#include "pipeline/pipeline.h"	/* B2D_VERSION */

/* Exit statuses (documented in --help and README.md). */
enum {
	EXIT_OK = 0,		/* output written */
	EXIT_FAIL = 1,		/* conversion failed: unparsable input, no machine, I/O */
	EXIT_USAGE = 2,		/* bad command line or bad rule file */
};

enum cli_command { CMD_CONVERT, CMD_EXTRACT };

struct cli_options {
	enum cli_command cmd;
	const char *input;		/* FILE.c */
	const char *build_dir;		/* -p */
	const char *kernel_dir;		/* --kernel */
	const char *soc;		/* --soc */
	const char *machine;		/* --machine */
	const char *out;		/* -o */
	const char *dtb;		/* --dtb */
	const char *report;		/* --report */
	const char *html;		/* --html OUT.html|DIR: the review page */
	const char *rules_dir;		/* --rules */
	const char *config_file;	/* --config FILE: kernel .config (tolerant mode) */
	bool annotate;			/* default true; --no-annotate */
	bool json;			/* extract --json */
	struct opt_list assume;		/* --assume NAME=VALUE, as given */
	const char **assume_names;	/* --assume NAME=VALUE, split */
	const char **assume_values;
	size_t nassume;
	const char **clang_args;	/* after `--` (points into argv) */
	size_t nclang_args;
	bool help;			/* -h / --help after the command */
	const char *against;		/* --against UPSTREAM.dts: review report */
	const char *against_format;	/* --against-format text|json|markdown */
	const char *against_out;	/* --against-out FILE (default stdout) */
	bool validate;			/* --validate: dtc + dt-validate the output */
	bool strict;			/* --strict: exit 1 when --validate found errors */
	const char *timeout_arg;	/* --timeout SECONDS, as given */
	const char *max_memory_arg;	/* --max-memory SIZE, as given */
	unsigned timeout;		/* seconds, 0: none (common/runlimit.h) */
	unsigned long long max_memory;	/* bytes, 0: none */
	bool verbose;			/* -v: every clang error in the board file, not the first 3 */
	bool quiet;			/* -q: no `wrote FILE: ...` lines */
};

/*
 * --timeout / --max-memory of `cmd` (NULL: the default) into *secs / *bytes.
 * EXIT_OK, or EXIT_USAGE after one diagnostic.
 */
int cli_parse_limits(const char *cmd, const char *timeout, const char *max_memory,
		     unsigned *secs, unsigned long long *bytes);

/*
 * Parse argv[first..argc) for `cmd`. Returns EXIT_OK, or EXIT_USAGE after a
 * one-line `board2dts: error: ...`. Free with cli_options_free().
 */
int cli_parse(enum cli_command cmd, int argc, char **argv, int first, struct cli_options *o);
void cli_options_free(struct cli_options *o);

/* Usage text of one command (or the overview for NULL), to stream f. */
#include <stdio.h>
void cli_usage(FILE *f, const char *command);

/*
 * The pipeline's options (pipeline/pipeline.h) of o: input, -p, --kernel,
 * --soc, --rules, -- CLANG_ARGS, -v.
 */
struct pipeline_options;
void cli_pipeline_options(const struct cli_options *o, struct pipeline_options *po);

/* convert's lines on stderr (progress.c): what it wrote, and with -v the rules used. */
struct dt_tree;
struct conv_run;
char *cli_dts_summary(const struct dt_tree *t);		/* "44 properties, 12 TODO" */
char *cli_report_summary(const struct conv_run *run);	/* "report of 1 machine: ..." */
void cli_print_written(const char *path, const char *note);	/* path NULL: stdout */
void cli_explain_run(const struct conv_run *run);	/* -v: each call's rule, as notes */

int cmd_convert(const struct cli_options *o);
int cmd_extract(const struct cli_options *o);

/* diff and check (cmd_diff.c, cmd_check.c): their own small option set. */
struct review_args {
	const char *files[2];
	size_t nfiles;
	struct opt_list inc;		/* -I DIR, repeatable */
	const char *kernel_dir;		/* --kernel */
	const char *format;		/* --format (diff) */
	const char *rules_dir;		/* --rules (check) */
	bool all_files;			/* --all-files (check): also the kernel's own files */
	struct opt_list wflags;		/* -W [no-|error=]CHECK (check), repeatable */
	bool help;
};

/* Parse argv[0..argc) (after the command word); EXIT_OK or EXIT_USAGE. */
int review_parse(const char *cmd, int argc, char **argv, size_t nfiles, struct review_args *r);
int cmd_diff(int argc, char **argv);	/* argv after "diff" */
int cmd_check(int argc, char **argv);	/* argv after "check" */

/* batch (cmd_batch.c, batch_worker.c): many files in worker processes. */
int cmd_batch(int argc, char **argv);	/* argv after "batch" */
void batch_print_usage(FILE *f);

#endif
