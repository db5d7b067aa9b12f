/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Source positions and one-line diagnostics.
 *
 * Every value in the board model and every property in the node graph carries
 * a srcpos, like dtc's: that is how annotations and errors name file:line.
 * Diagnostics go to stderr as `file:line:col: error: message`.
 */
#ifndef B2D_DIAG_H
#define B2D_DIAG_H

#include <stdbool.h>

struct srcpos {
	const char *file;	/* as given on the command line or by clang */
	unsigned line;		/* 1-based; 0 when unknown */
	unsigned col;		/* 1-based; 0 when unknown */
};

/* Plain error codes, libfdt-style: 0 is success, negative is failure. */
enum b2d_err {
	B2D_OK = 0,
	B2D_ERR_IO = -1,	/* cannot read or write a file */
	B2D_ERR_PARSE = -2,	/* input is not a usable C file / rule file */
	B2D_ERR_RULES = -3,	/* bad rule file */
	B2D_ERR_USAGE = -4,	/* bad command line */
	B2D_ERR_LIMIT = -5,	/* a documented limit was exceeded */
	B2D_ERR_NOMACHINE = -6,	/* no MACHINE_START / --machine not found */
	B2D_ERR_DTC = -7,	/* dtc rejected the output */
};

const char *b2d_strerror(int err);

void diag_error(const struct srcpos *pos, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void diag_warning(const struct srcpos *pos, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void diag_note(const struct srcpos *pos, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Quiet mode for unit tests: count diagnostics instead of printing them. */
void diag_set_quiet(bool quiet);
unsigned diag_error_count(void);
unsigned diag_warning_count(void);
void diag_reset_counts(void);
/* The text of the last diagnostic, for tests to assert on (static buffer). */
const char *diag_last(void);

/*
 * B2D_TIMINGS=1: one stderr line per call, `board2dts: time: WHAT: CPU ms
 * (user+sys of the process so far, its threads and waited-for children
 * included) +delta`, to see where a run spends its time. Nothing otherwise.
 */
void diag_time(const char *what);

#endif
