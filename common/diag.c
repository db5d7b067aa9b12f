// SPDX-License-Identifier: GPL-2.0
#include "diag.h"
#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

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

static double ru_ms(int who)
{
	struct rusage ru;

	if (getrusage(who, &ru) != 0)
		return 0;
	return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
	       (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
}

void diag_time(const char *what)
{
	static int on = -1;
	static double prev;
	double now;

	if (on < 0)
		on = getenv("B2D_TIMINGS") && *getenv("B2D_TIMINGS");
	if (!on)
		return;
	now = ru_ms(RUSAGE_SELF) + ru_ms(RUSAGE_CHILDREN);
	fprintf(stderr, "board2dts: time: %s: %.1f ms CPU +%.1f\n", what, now, now - prev);
	prev = now;
}
