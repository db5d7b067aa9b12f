/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The --html review page of a converted machine (emitter/html.h), shared by
 * `convert` and the `batch` worker: the board file read once per file, the
 * lines of its initializers, and the --against items as the page shows them.
 */
#ifndef B2D_CONVERT_HTML_H
#define B2D_CONVERT_HTML_H

#include <stdbool.h>
#include <stddef.h>

#include "common/util.h"

struct pipeline_session;
struct conv_machine;
struct rv_against_result;

struct conv_html {
	const char *input;	/* the board file, as the facts name it */
	char *text;		/* its contents, or NULL when unreadable */
	size_t len;
	unsigned *init_lines;	/* its lines inside initializers */
	size_t ninit_lines;
};

void conv_html_open(struct conv_html *h, const struct pipeline_session *s, const char *input);
void conv_html_close(struct conv_html *h);

/*
 * The page of cm (its .dts written with or without annotations), with the
 * items of --against UPSTREAM (res NULL: none), appended to out.
 */
void conv_html_page(const struct conv_html *h, const struct conv_machine *cm, bool annotate,
		    const char *upstream, const struct rv_against_result *res, struct strbuf *out);

#endif
