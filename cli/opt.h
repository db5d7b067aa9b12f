/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one option parser of every command: getopt_long over a per-command
 * table. The same rules hold everywhere:
 *   - `--opt VALUE`, `--opt=VALUE`, `-o VALUE`, `-oVALUE`; options and
 *     operands in any order; everything after `--` is passed on (clang).
 *   - a value option given twice is an error; list options (-p in batch,
 *     -I, --assume) accumulate; flags may repeat.
 *   - an unknown option is an error naming the nearest known one
 *     ("did you mean '--kernel'?"); a missing or empty value is an error.
 * Errors are one line (`board2dts: error: CMD: ...`) and mean exit status 2.
 */
#ifndef B2D_CLI_OPT_H
#define B2D_CLI_OPT_H

#include <stdbool.h>
#include <stddef.h>

enum opt_kind {
	OPT_FLAG,	/* bool at off set to true */
	OPT_CLEAR,	/* bool at off set to false (--no-annotate) */
	OPT_VALUE,	/* const char * at off, at most once */
	OPT_LIST,	/* struct opt_list at off, repeatable */
};

struct opt_list {
	const char **v;
	size_t n;
};

struct opt_spec {
	const char *name;	/* long name without "--" */
	char shrt;		/* short letter, or 0 */
	enum opt_kind kind;
	size_t off;		/* offsetof(the command's struct, field) */
};

struct opt_args {
	struct opt_list operands;	/* non-option arguments, in order */
	const char **rest;		/* after `--` (points into argv) */
	size_t nrest;
	bool help;			/* -h / --help */
};

/*
 * Parse argv[0..argc) (the words after the command) for command `cmd`
 * against spec[0..n) into `dst`. Returns 0 (EXIT_OK) or 2 (EXIT_USAGE)
 * after one diagnostic. Free the lists with opt_args_free()/opt_list_free().
 */
int opt_parse(const char *cmd, const struct opt_spec *spec, size_t n, int argc, char **argv,
	      void *dst, struct opt_args *out);
void opt_list_free(struct opt_list *l);
void opt_args_free(struct opt_args *a);

#endif
