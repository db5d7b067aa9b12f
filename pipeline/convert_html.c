// SPDX-License-Identifier: GPL-2.0
/*
 * The review page of one machine (convert_html.h): what the page needs from
 * the board model and from --against, gathered for emitter/html.h.
 */
#include "convert_html.h"
#include "convert_core.h"
#include "pipeline.h"

#include <stdlib.h>
#include <string.h>

#include "emitter/html.h"
#include "extractor/model.h"
#include "review/against.h"

static void add_line(struct conv_html *h, size_t *cap, unsigned line)
{
	if (h->ninit_lines == *cap) {
		*cap = *cap ? 2 * *cap : 256;
		h->init_lines = xrealloc(h->init_lines, *cap * sizeof(*h->init_lines));
	}
	h->init_lines[h->ninit_lines++] = line;
}

/* Every board-file line a value of the initializer v (and below) is on. */
static void value_lines(struct conv_html *h, size_t *cap, const struct value *v, int depth)
{
	if (!v || depth > 64)
		return;
	if (v->pos.line && html_same_file(v->pos.file, h->input))
		add_line(h, cap, v->pos.line);
	for (size_t i = 0; i < v->nkids; i++)
		value_lines(h, cap, v->kids[i], depth + 1);
}

void conv_html_open(struct conv_html *h, const struct pipeline_session *s, const char *input)
{
	size_t cap = 0;

	memset(h, 0, sizeof(*h));
	h->input = input;
	h->text = read_file(input, &h->len);
	for (size_t i = 0; s && s->board && i < s->board->nvars; i++)
		value_lines(h, &cap, s->board->vars[i]->init, 0);
	for (size_t i = 0; s && s->board && i < s->board->nmachines; i++)
		value_lines(h, &cap, s->board->machines[i]->record, 0);
}

void conv_html_close(struct conv_html *h)
{
	free(h->text);
	free(h->init_lines);
	memset(h, 0, sizeof(*h));
}

/* The line number of "name:LINE"; 0 when there is none. */
static unsigned line_of(const char *loc)
{
	const char *colon = loc ? strrchr(loc, ':') : NULL;

	return colon ? (unsigned)strtoul(colon + 1, NULL, 10) : 0;
}

void conv_html_page(const struct conv_html *h, const struct conv_machine *cm, bool annotate,
		    const char *upstream, const struct rv_against_result *res, struct strbuf *out)
{
	size_t n = rv_against_count(res);
	struct html_against_item *av = xcalloc(n ? n : 1, sizeof(*av));
	struct html_page_input in = {
		.t = cm->t, .annotate = annotate, .c_path = h->input, .c_text = h->text,
		.c_len = h->len, .init_lines = h->init_lines, .ninit_lines = h->ninit_lines,
		.upstream = res ? upstream : NULL, .against = av, .nagainst = n,
	};

	for (size_t i = 0; i < n; i++) {
		struct rv_av_item it;

		rv_against_item(res, i, &it);
		av[i] = (struct html_against_item){
			.status = it.status, .path = it.path, .name = it.name,
			.gen_val = it.gen_val, .up_val = it.up_val, .up_line = it.up_line,
			.dts_line = line_of(it.dts_line), .board_line = line_of(it.board_line),
		};
	}
	html_page(&in, out);
	free(av);
}
