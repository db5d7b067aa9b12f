/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Inside the review page writer (html.h): what each .dts line and each
 * board-file line are, computed once (html_lines.c) and written by
 * html_page.c.
 */
#ifndef B2D_HTML_INT_H
#define B2D_HTML_INT_H

#include "emit.h"
#include "html.h"
#include "../common/util.h"

/* One line of the .dts. */
struct html_row {
	const struct dt_prop *prop;	/* a property starts on it */
	const struct dt_todo *todo;	/* a TODO starts on it */
	const struct html_against_item *av;	/* its --against status */
	unsigned cline;			/* the board-file line it links to; 0: none */
	bool cont;			/* a continuation of the property above */
};

/* What a board-file line produced (flags). */
enum {
	HC_PROP = 1,		/* a property links to it */
	HC_TODO = 2,		/* a TODO links to it */
	HC_FACT_OK = 4,		/* a converted fact is on it */
	HC_FACT_TODO = 8,	/* a fact not converted is on it */
	HC_INIT = 16,		/* inside an initializer */
	HC_LACKING = 32,	/* the likely source of an upstream-only property */
};

struct html_model {
	const struct html_page_input *in;
	struct strbuf dts;		/* the .dts text, as written */
	const char **dline;		/* dline[i]: start of .dts line i (1-based) */
	size_t *dlen;
	size_t ndlines;
	struct html_row *rows;		/* rows[1..ndlines] */
	const char **cline;		/* the board file's lines, 1-based */
	size_t *clen;
	size_t nclines;
	unsigned char *cflags;		/* cflags[1..nclines] */
	unsigned *cfirst;		/* .dts lines of board line L: clinks[cfirst[L]..cfirst[L+1]) */
	unsigned *clinks;
	size_t nprops, ntodos, nnothing;
	size_t *todos_by_class;		/* html_reason_count() entries */
};

void html_model_build(struct html_model *m, const struct html_page_input *in);
void html_model_free(struct html_model *m);
/* The board-file line of pos when it is in the board file itself; 0 otherwise. */
unsigned html_model_cline(const struct html_model *m, const struct srcpos *pos);

#endif
