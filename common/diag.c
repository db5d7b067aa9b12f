// SPDX-License-Identifier: GPL-2.0
#include "diag.h"
#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static bool quiet;
static unsigned n_errors, n_warnings;
static char last[1024];

const char *b2d_strerror(int err)
{
	switch (err) {
	case B2D_OK: return "success";
	case B2D_ERR_IO: return "I/O error";
	case B2D_ERR_PARSE: return "cannot parse input";
	case B2D_ERR_RULES: return "bad rule file";
	case B2D_ERR_USAGE: return "bad usage";
	case B2D_ERR_LIMIT: return "limit exceeded";
	case B2D_ERR_NOMACHINE: return "no machine found";
	case B2D_ERR_DTC: return "dtc rejected the output";
	}
	return "unknown error";
}

static void diag_emit(const char *kind, const struct srcpos *pos, const char *fmt, va_list ap)
{
	struct strbuf sb;

	sb_init(&sb);
	if (pos && pos->file) {
		sb_add(&sb, pos->file);
		if (pos->line)
			sb_addf(&sb, ":%u", pos->line);
		if (pos->line && pos->col)
			sb_addf(&sb, ":%u", pos->col);
		sb_add(&sb, ": ");
	} else {
		sb_add(&sb, "board2dts: ");
	}
	sb_addf(&sb, "%s: ", kind);
	sb_vaddf(&sb, fmt, ap);
	/* One line per diagnostic, whatever the message holds. */
	for (char *p = sb.buf; *p; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
	snprintf(last, sizeof(last), "%s", sb.buf);
	if (!quiet)
		fprintf(stderr, "%s\n", sb.buf);
	sb_free(&sb);
}

void diag_error(const struct srcpos *pos, const char *fmt, ...)
{
	va_list ap;

	n_errors++;
	va_start(ap, fmt);
	diag_emit("error", pos, fmt, ap);
	va_end(ap);
}

void diag_warning(const struct srcpos *pos, const char *fmt, ...)
{
	va_list ap;

	n_warnings++;
	va_start(ap, fmt);
	diag_emit("warning", pos, fmt, ap);
	va_end(ap);
}

void diag_note(const struct srcpos *pos, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_emit("note", pos, fmt, ap);
	va_end(ap);
}

void diag_set_quiet(bool q) { quiet = q; }
unsigned diag_error_count(void) { return n_errors; }
unsigned diag_warning_count(void) { return n_warnings; }
void diag_reset_counts(void) { n_errors = n_warnings = 0; last[0] = '\0'; }
const char *diag_last(void) { return last; }
