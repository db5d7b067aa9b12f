/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reviewing one conversion inside `board2dts convert`:
 *  - `--against UPSTREAM.dts` (against.c): every board-level property of the
 *    generated tree is matched / differs / only-generated, and every
 *    board-level property of the upstream tree the conversion lacks is
 *    listed, each with the line it came from;
 *  - `--validate` (validate.c): dtc on the output, then dt-validate against
 *    the kernel's binding schemas, errors in board-level nodes only.
 *
 * "Board-level" means what a .dts adds or changes beyond the SoC .dtsi: the
 * diff library's rv_diff(SoC .dtsi, tree) says which nodes and properties
 * those are. Without a .dtsi blob every node is board-level.
 */
#ifndef B2D_REVIEW_AGAINST_H
#define B2D_REVIEW_AGAINST_H

#include <stdbool.h>
#include <stddef.h>

#include "review/review.h"

/* A generated .dts, in memory. */
struct rv_gen {
	const char *name;	/* how diagnostics name it: the output path, or "<stdout>" */
	const char *text;	/* exactly the text written */
	const char *annotated;	/* the same tree with annotations (== text unless --no-annotate) */
	const char *kernel_dir;	/* may be NULL */
	const void *dtsi_fdt;	/* the SoC .dtsi blob (dtc -@), or NULL */
};

/*
 * The generated tree compiled (kernel cpp + dtc -@), with the .dts line of
 * every property and its board-file line (the annotation on that line).
 */
struct rv_genload {
	struct rv_tree *tree;
	struct rv_srcmap *map;		/* of `text` */
	struct rv_srcmap *annmap;	/* of `annotated` (== map when the same text) */
	char **annlines;		/* lines of `annotated`, 1-based (annlines[0] unused) */
	size_t nannlines;
	char *errors;			/* one-line dtc/cpp errors naming g->name, or NULL */
};

/* B2D_OK, or a negative b2d_err with gl->errors set. */
int rv_gen_load(const struct rv_gen *g, struct rv_genload *gl);
void rv_genload_free(struct rv_genload *gl);
/* "name:LINE" of a property (prop NULL: the node) in the written .dts, or NULL (malloc'd). */
char *rv_gen_dts_line(const struct rv_gen *g, const struct rv_genload *gl, const char *path,
		      const char *prop);
/* "board.c:LINE" from the property's annotation, or NULL (malloc'd). */
char *rv_gen_board_line(const struct rv_genload *gl, const char *path, const char *prop);

/* A set of "path" and "path\nprop" keys. */
struct rv_keyset {
	char **keys;
	size_t n;
};
bool rv_keyset_has(const struct rv_keyset *s, const char *path, const char *prop);
void rv_keyset_free(struct rv_keyset *s);
/*
 * The board-level nodes ("path") and properties ("path\nprop") of t: what
 * rv_diff(dtsi, t) reports as added or changed. dtsi_fdt NULL: everything.
 * Leaves every rv_node.match of t cleared.
 */
void rv_board_level(const void *dtsi_fdt, struct rv_tree *t, struct rv_keyset *out);

/* --against */
struct rv_against_opts {
	const char *upstream;		/* UPSTREAM.dts or .dtb */
	const char *const *inc;		/* extra -I dirs for the upstream file */
	size_t ninc;
	enum rv_format format;
};

/*
 * Append the report to out. Returns B2D_OK, or a negative b2d_err with
 * *errors (one-line diagnostics, malloc'd).
 */
int rv_against(const struct rv_gen *g, const struct rv_against_opts *o, struct strbuf *out,
	       char **errors);

/*
 * The same in steps, for a caller that also wants the items (the --html
 * page): run the review once, write the report in o->format, read the
 * items (sorted by node path), free.
 */
struct rv_against_result;
int rv_against_run(const struct rv_gen *g, const struct rv_against_opts *o,
		   struct rv_against_result **res, char **errors);
void rv_against_write(const struct rv_gen *g, const struct rv_against_opts *o,
		      const struct rv_against_result *res, struct strbuf *out);
void rv_against_free(struct rv_against_result *res);

/* One item; the strings belong to the result. */
struct rv_av_item {
	const char *status;	/* "matched", "differs", "only-generated", "lacking" */
	const char *path;	/* the generated node's path, else the upstream's */
	const char *name;
	const char *gen_val, *up_val;	/* NULL: that side has no such property */
	const char *up_line;	/* "UPSTREAM.dts:LINE" or NULL */
	const char *board_line;	/* "board.c:LINE" (lacking: the most likely), or NULL */
	const char *dts_line;	/* "NAME:LINE" in the generated .dts (NAME: rv_gen.name), or NULL */
};
size_t rv_against_count(const struct rv_against_result *res);
void rv_against_item(const struct rv_against_result *res, size_t i, struct rv_av_item *out);

/* --validate */
struct rv_validate_opts {
	const char *cache_dir;		/* processed schema cache, or NULL */
	bool quiet;			/* no "dt-validate not installed" note */
};

struct rv_validate_result {
	unsigned dtc_errors;		/* output rejected by cpp/dtc */
	unsigned errors;		/* dt-validate errors in board-level nodes */
	unsigned soc_errors;		/* dropped: nodes the .dtsi has untouched */
	unsigned placeholders;		/* the root compatible's board2dts placeholder */
	bool schema_checked;		/* dt-validate ran */
};

/*
 * Appends one-line diagnostics (`name:line: warning: ...`, dtc problems as
 * `error:`) to diags. Returns B2D_OK, or B2D_ERR_IO when a tool could not run.
 */
int rv_validate(const struct rv_gen *g, const struct rv_validate_opts *o, struct strbuf *diags,
		struct rv_validate_result *res);

/*
 * dt-validate's stderr as (node name, rest, schema file) errors; for
 * validate.c and its tests. Each error: "nodename\tmessage\tschema" lines.
 */
char *rv_dtvalidate_parse(const char *stderr_text);

/* The processed binding schema for kdir, built once with dt-mk-schema (malloc'd path). */
int rv_dt_schema(const char *kdir, const char *cache_dir, char **schema_path);

#endif
