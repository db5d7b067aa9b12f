/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Emitter: normalisation passes over the node graph, then the writers.
 * One writer per output format; the DTS writer is the only code that knows
 * DTS syntax.
 */
#ifndef B2D_EMIT_H
#define B2D_EMIT_H

#include <stdbool.h>
#include <stddef.h>

#include "../graph/graph.h"

struct strbuf;

/*
 * Where the writer put each property and TODO: the byte offset of the line
 * it starts on (the --html page links .dts lines to the board file with it).
 */
struct dts_mark {
	size_t offset;
	const struct dt_prop *prop;	/* a property, or NULL */
	const struct dt_todo *todo;	/* a TODO, or NULL */
};
struct dts_marks {
	struct dts_mark *v;
	size_t n, cap;
};

struct dts_options {
	bool annotate;		/* add a file:line comment to each generated property */
	struct dts_marks *marks;	/* filled when not NULL; free v with free() */
};

/* The .dts text: kernel style, deterministic. */
void dts_write(const struct dt_tree *t, const struct dts_options *o, struct strbuf *out);

/* The root's model string, or NULL. */
const char *dts_model(const struct dt_tree *t);

/* Append s as a DTS string literal (quotes included), escaping what dtc needs. */
void dts_escape_string(struct strbuf *out, const char *s);

/*
 * The .dtb through libfdt's sequential-write API. `base` is the SoC .dtsi
 * compiled with `dtc -@` (labels in __symbols__), or NULL when there is none;
 * overlays are merged into it and phandle references resolved.
 * Returns B2D_OK and a malloc'd blob, or a negative b2d_err with a diagnostic.
 */
int dtb_write(const struct dt_tree *t, const void *base, void **blob, size_t *len);

/*
 * The JSON report (docs/report.md): report_begin opens {"version",
 * "source", "tool", "soc", "clang_errors", "machines": [, report_add_machine writes one
 * machine's object (counts, reached functions, facts, TODOs), report_end
 * closes both. B2D_REPORT_VERSION changes when a field changes meaning.
 */
#define B2D_REPORT_VERSION 2
struct json;
/* clang_errors: errors clang reported in the board file itself (board->nmain_errors). */
void report_begin(struct json *j, const char *source, const char *soc, unsigned clang_errors);
void report_add_machine(struct json *j, const struct dt_tree *t);
void report_end(struct json *j);

/*
 * Write data to path safely: to a temporary file in the same directory, then
 * rename. Refuses (B2D_ERR_USAGE) when path names one of `inputs`.
 */
int write_file_atomic(const char *path, const void *data, size_t len,
		      const char *const *inputs, size_t ninputs);

#endif
