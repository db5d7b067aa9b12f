/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The review page (`convert --html`, `batch --html`): one self-contained
 * HTML file, the board file (C, highlighted) beside the generated .dts, each
 * property and TODO linked to its board-file line and back, the C lines that
 * produced nothing marked, the TODOs listed by reason class, and with
 * --against each property's status and what the upstream .dts has that the
 * conversion lacks. No network, no external asset: CSS and JS are inline.
 *
 *   html_page.c    the page: header, summary, the two panes, the lists
 *   html_lines.c   the C pane: what each board-file line produced
 *   html_c.c       escaping and the C highlighter
 *   html_assets.c  the inline CSS and JS (keyboard navigation, #selftest)
 *   html_index.c   batch's index.html
 */
#ifndef B2D_HTML_H
#define B2D_HTML_H

#include <stdbool.h>
#include <stddef.h>

#include "../graph/graph.h"

struct strbuf;

/* One --against item (review/against.h), as the page shows it. */
struct html_against_item {
	const char *status;	/* "matched", "differs", "only-generated", "lacking" */
	const char *path;	/* node path (generated, else upstream) */
	const char *name;	/* property */
	const char *gen_val, *up_val;	/* NULL: that side has none */
	const char *up_line;	/* "upstream.dts:LINE", or NULL */
	unsigned dts_line;	/* line in the generated .dts; 0: none */
	unsigned board_line;	/* board-file line (lacking: the most likely one); 0: none */
};

struct html_page_input {
	const struct dt_tree *t;
	bool annotate;			/* the .dts as written: with annotations or not */
	const char *c_path;		/* the board file as the facts name it */
	const char *c_text;		/* its contents (NUL-terminated), or NULL */
	size_t c_len;
	const unsigned *init_lines;	/* board-file lines inside initializers (sorted, may repeat) */
	size_t ninit_lines;
	const char *upstream;		/* --against UPSTREAM, or NULL */
	const struct html_against_item *against;
	size_t nagainst;
};

/* The page, appended to out. Linear in the sizes of the two files. */
void html_page(const struct html_page_input *in, struct strbuf *out);

/* One row of batch's index page. */
struct html_index_row {
	const char *source;		/* the input path */
	const char *status;		/* "converted", "up to date", "failed", ... */
	bool ok;			/* converted (now or earlier) */
	const char *message;		/* failure: why, or NULL */
	const char *const *pages;	/* the machine pages, relative to the index */
	const char *const *ids;		/* their machine ids */
	size_t npages;
	long machines, facts, converted, todo;
};

/* index.html: the summary table, each row linking its pages. */
void html_index(const char *title, const struct html_index_row *rows, size_t n,
		struct strbuf *out);

/* Whether a fact's file is the board file (same path, or same base name). */
bool html_same_file(const char *a, const char *b);

/* HTML text: & < > " ' as entities; bytes that are not UTF-8 and controls (tab kept) as U+FFFD. */
void html_escape(struct strbuf *out, const char *s, size_t n);
static inline void html_escape_str(struct strbuf *out, const char *s)
{
	html_escape(out, s ? s : "", s ? __builtin_strlen(s) : 0);
}

/* One line of C (no newline), highlighted; *state carries block comments and
 * preprocessor continuations to the next line (start with 0). */
void html_c_line(struct strbuf *out, const char *s, size_t n, int *state);

/* The reason class of a TODO ("no-rule", "target", ...) and its label. */
size_t html_reason_class(const char *reason);
const char *html_reason_id(size_t cls);
const char *html_reason_label(size_t cls);
size_t html_reason_count(void);

/* The inline assets. */
extern const char html_css[];
extern const char html_js[];

#endif
