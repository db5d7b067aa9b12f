/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reviewing device trees: `board2dts diff` (a semantic diff of two .dts/.dtb)
 * and `board2dts check` (table-driven lint of one .dts/.dtb).
 *
 * Both read a compiled tree (rtree.c) and print values the way a reviewer
 * reads them (fmt.c): phandles as &label, specifier cells with the
 * provider's meaning (cells.c).
 */
#ifndef B2D_REVIEW_H
#define B2D_REVIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/util.h"

struct rv_prop {
	const char *name;
	const uint8_t *val;	/* points into the blob */
	int len;
};

struct rv_node {
	char *name;		/* "gpio@1000"; "" for the root */
	char *path;		/* "/soc/gpio@1000" */
	struct rv_node *parent;
	struct ptrvec kids;	/* struct rv_node * */
	struct rv_prop *props;
	size_t nprops;
	struct ptrvec labels;	/* char *, from __symbols__ */
	uint32_t phandle;	/* 0 when none */
	struct rv_node *match;	/* diff: the node it matched on the other side */
	const char *matched_by;	/* diff: "path", "compatible + reg", "label", "compatible", "label property" */
};

struct rv_tree {
	void *blob;
	size_t len;
	struct rv_node *root;
	struct ptrvec all;	/* every node, tree order (pre-order) */
	char *file;		/* as given */
};

/* Input options shared by diff and check. */
struct rv_input {
	const char *kernel_dir;		/* may be NULL */
	const char *const *inc;		/* -I dirs */
	size_t ninc;
};

/* rtree.c: a blob (ownership taken) as a node tree with labels. */
int rv_tree_from_blob(void *blob, size_t len, const char *file, struct rv_tree **out);
void rv_tree_free(struct rv_tree *t);
struct rv_node *rv_by_phandle(const struct rv_tree *t, uint32_t ph);
struct rv_node *rv_by_path(const struct rv_tree *t, const char *path);
const struct rv_prop *rv_prop(const struct rv_node *n, const char *name);
bool rv_prop_u32(const struct rv_node *n, const char *name, uint32_t *out);
uint32_t rv_cell(const struct rv_prop *p, int i);
int rv_ncells(const struct rv_prop *p);
/* Nodes that are bookkeeping, not hardware: __symbols__, __fixups__, ... */
bool rv_node_is_meta(const struct rv_node *n);

/* load.c: .dtb (by magic) or .dts (kernel cpp + dtc -@). */
bool rv_is_dtb(const char *path);
/*
 * Returns B2D_OK, or a negative b2d_err with *errors holding one-line
 * `file:line: error: ...` diagnostics (malloc'd) when there are any.
 */
int rv_load(const char *path, const struct rv_input *in, struct rv_tree **out, char **errors);
/* dtc's stderr as one-line diagnostics: errors only, duplicates dropped. */
char *rv_dtc_errors(const char *dtc_stderr, const char *fallback_file);

/* cells.c: how a property's cells divide into phandle + specifier. */
enum rv_kind {
	RV_PLAIN,	/* no phandles */
	RV_PHANDLES,	/* every cell is a phandle (pinctrl-0, *-supply) */
	RV_SPECS,	/* phandle + #xxx-cells of the provider, repeated */
	RV_IRQS,	/* interrupts: #interrupt-cells of the interrupt parent */
};

struct rv_kindinfo {
	enum rv_kind kind;
	const char *cells;	/* "#gpio-cells" for RV_SPECS/RV_IRQS */
};

struct rv_kindinfo rv_prop_kind(const char *name);

enum rv_spec_err { RV_SPEC_OK = 0, RV_SPEC_NOPROV = -1, RV_SPEC_NOCELLS = -2, RV_SPEC_SHORT = -3 };

struct rv_spec {
	const struct rv_node *prov;	/* NULL for a 0 placeholder */
	uint32_t phandle;
	int pos;			/* cell index of the phandle */
	int nargs;
	uint32_t args[16];
};

/*
 * Read the specifier starting at cell *pos; advances *pos. Returns
 * RV_SPEC_OK or a negative rv_spec_err (s->phandle / s->prov say where).
 */
int rv_next_spec(const struct rv_tree *t, const struct rv_prop *p, const char *cells,
		 int *pos, struct rv_spec *s);
/* The interrupt parent the kernel would find (of_irq_find_parent), or NULL. */
const struct rv_node *rv_irq_parent(const struct rv_tree *t, const struct rv_node *n);

/* fmt.c: a property value as DTS text, references by label. */
void rv_fmt_value(const struct rv_tree *t, const struct rv_node *n, const struct rv_prop *p,
		  struct strbuf *out);
/* &label, or &{/path} when the node has no label. */
void rv_fmt_ref(const struct rv_node *n, struct strbuf *out);
/* A property line's text: `name = val;`, or `name;` when val is empty. */
void rv_fmt_prop(struct strbuf *out, const char *name, const char *val);
/*
 * The same with references named by `namer` (diff compares values with
 * references named by the matched node's path, so renumbered phandles and
 * renamed labels compare equal).
 */
typedef void (*rv_ref_namer)(const struct rv_node *target, struct strbuf *out);
void rv_fmt_value_with(const struct rv_tree *t, const struct rv_node *n,
		       const struct rv_prop *p, rv_ref_namer namer, struct strbuf *out);

/* diff.c */
enum rv_change { RV_ADDED, RV_REMOVED, RV_CHANGED };

struct rv_prop_diff {
	enum rv_change change;
	const char *name;
	char *old_val;		/* NULL when added; "" for a boolean property */
	char *new_val;		/* NULL when removed */
};

struct rv_node_diff {
	enum rv_change change;		/* RV_CHANGED covers "moved" too */
	const struct rv_node *a, *b;	/* a NULL when added, b NULL when removed */
	const char *matched_by;		/* for moved nodes */
	bool moved;
	char *old_labels, *new_labels;	/* space-separated, set when they differ */
	struct rv_prop_diff *props;
	size_t nprops;
};

struct rv_diff {
	const char *file_a, *file_b;
	struct rv_node_diff *nodes;
	size_t nnodes;
};

void rv_diff(struct rv_tree *a, struct rv_tree *b, struct rv_diff *d);
void rv_diff_free(struct rv_diff *d);

/* diff_out.c */
enum rv_format { RV_FMT_TEXT, RV_FMT_MARKDOWN, RV_FMT_JSON };
void rv_diff_write(const struct rv_diff *d, enum rv_format f, struct strbuf *out);

/* vocab.c: known property names. */
struct rv_vocab;
struct rv_vocab *rv_vocab_new(void);
void rv_vocab_free(struct rv_vocab *v);
/* Where the words added next come from: ranks equally close suggestions. */
enum rv_vocab_src { RV_SRC_STANDARD, RV_SRC_RULES, RV_SRC_KERNEL };
void rv_vocab_set_source(struct rv_vocab *v, enum rv_vocab_src src);
void rv_vocab_add(struct rv_vocab *v, const char *word);
/* A regular expression (POSIX ERE) naming properties; broad ones are dropped. */
void rv_vocab_add_pattern(struct rv_vocab *v, const char *re);
void rv_vocab_add_standard(struct rv_vocab *v);
/* `prop:` values of every rule pack under dir; false when none could be read. */
bool rv_vocab_add_rules(struct rv_vocab *v, const char *dir);
/*
 * Property names of the kernel's binding schemas and arch/arm/boot/dts files,
 * through a word list cached under cache_dir (NULL: no cache).
 */
int rv_vocab_add_kernel(struct rv_vocab *v, const char *kdir, const char *cache_dir);
bool rv_vocab_has(const struct rv_vocab *v, const char *word);
/* What the binding schemas say about a word (kernel word lists only). */
enum { RV_WORD_BINDING = 1, RV_WORD_DEPRECATED = 2 };
void rv_vocab_mark(struct rv_vocab *v, const char *word, unsigned flags);
unsigned rv_vocab_flags(const struct rv_vocab *v, const char *word);
bool rv_vocab_has_kernel(const struct rv_vocab *v);
/* The closest known word within a small edit distance, or NULL. */
const char *rv_vocab_suggest(const struct rv_vocab *v, const char *word);
size_t rv_vocab_size(const struct rv_vocab *v);
/* Optimal string alignment distance (Levenshtein plus transpositions). */
int rv_edit_distance(const char *a, const char *b);
/* The word of words[0..n) nearest to word (a typo: fewer than 3 edits; ties: the shortest), or NULL. */
const char *rv_nearest(const char *word, const char *const *words, size_t n);

/* kscan.c: the scanners behind rv_vocab_add_kernel (one word per line). */
void rv_scan_bindings(const char *kdir, struct strbuf *words);
void rv_scan_dts_dir(const char *kdir, struct strbuf *words);

/* srcmap.c: "node path" + property -> "file:line", from `dtc -O dts -T`. */
struct rv_srcmap;
struct rv_srcmap *rv_srcmap_parse(const char *annotated_dts);
int rv_srcmap_load(const char *path, const struct rv_input *in, struct rv_srcmap **out);
void rv_srcmap_free(struct rv_srcmap *m);
/*
 * dtc -T names the files relative to the input's directory
 * (../../../var/.../omap3.dtsi): make every location of m (loaded from input)
 * absolute and canonical, for messages a person can open from anywhere.
 */
void rv_srcmap_absolute(struct rv_srcmap *m, const char *input);
/* "file:line" of the property (prop NULL: of the node), or NULL. */
const char *rv_srcmap_find(const struct rv_srcmap *m, const char *path, const char *prop);

/* check.c */
enum rv_check_level {
	RV_CHECK_WARNING = 0,	/* the default */
	RV_CHECK_OFF,		/* -W no-CHECK */
	RV_CHECK_ERROR,		/* -W error=CHECK */
};

struct rv_check_opts {
	const struct rv_vocab *vocab;
	const struct rv_srcmap *srcmap;	/* may be NULL (.dtb input) */
	/*
	 * The input as given on the command line: messages located in it name
	 * it so; other files are named relative to the current directory, or
	 * absolute outside it (path_display), never "../../../var/...". NULL: as
	 * dtc named them.
	 */
	const char *input;
	/* Messages located in files under this directory (the kernel tree) are counted, not shown. */
	const char *hide_under;
	const unsigned char *levels;	/* enum rv_check_level per check (rv_check_names order), or NULL */
	/* The kernel tree (--kernel): pin-function reads its pin-controller drivers. May be NULL. */
	const char *kernel_dir;
};

struct rv_check_result {
	unsigned warnings, errors;	/* shown */
	unsigned hidden;		/* located under hide_under */
};

/*
 * Append `file:line: warning: ...` (or `error:`) lines to out, sorted by
 * file and line, and count them in *res. rv_check returns warnings + errors.
 */
void rv_check_run(const struct rv_tree *t, const struct rv_check_opts *o, struct strbuf *out,
		  struct rv_check_result *res);
unsigned rv_check(const struct rv_tree *t, const struct rv_check_opts *o, struct strbuf *out);
/* The checks' names in table order (the index of levels[]): up to max into names; returns how many. */
size_t rv_check_names(const char **names, size_t max);

/*
 * pin-function's knowledge (review/pin_function.c): the function tables of
 * the kernel tree's pin-controller drivers, found by compatible. The problem
 * with function on pin of a group under ctrl, as a malloc'd message, or NULL
 * when it is fine or nothing is known about the controller.
 */
struct rv_pinfn;
struct rv_pinfn *rv_pinfn_new(const char *kdir);
void rv_pinfn_free(struct rv_pinfn *c);
char *rv_pinfn_problem(struct rv_pinfn *c, const struct rv_node *ctrl, const char *pin,
		       const char *function);

#endif
