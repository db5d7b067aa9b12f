// SPDX-License-Identifier: GPL-2.0
/*
 * The review page (html.h): header and summary, the board-file pane, the
 * .dts pane, the TODO list by reason class, the upstream-only properties of
 * --against, then the inline script. Ids: board-file line L is "c-L", .dts
 * line N is "d-N"; every link is one of those.
 */
#include "html_int.h"

#include <stdlib.h>
#include <string.h>

#include "../common/util.h"

#define MAX_CLINKS 3	/* .dts links shown beside a board-file line */

static void write_head(struct strbuf *o, const struct html_model *m)
{
	const struct dt_tree *t = m->in->t;

	sb_add(o, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
		  "<title>board2dts review: ");
	html_escape_str(o, path_basename(m->in->c_path));
	if (t->machine_id) {
		sb_add(o, ", machine ");
		html_escape_str(o, t->machine_id);
	}
	sb_add(o, "</title>\n<style>\n");
	sb_add(o, html_css);
	sb_add(o, "</style>\n</head>\n");
}

static size_t count_status(const struct html_page_input *in, const char *status)
{
	size_t n = 0;

	for (size_t i = 0; i < in->nagainst; i++)
		n += !strcmp(in->against[i].status, status);
	return n;
}

static void write_against_summary(struct strbuf *o, const struct html_model *m)
{
	static const char *const st[] = { "matched", "differs", "only-generated", "lacking" };

	if (!m->in->upstream)
		return;
	sb_add(o, "<p class=\"against\">against <code>");
	html_escape_str(o, m->in->upstream);
	sb_add(o, "</code>:");
	for (size_t i = 0; i < sizeof(st) / sizeof(*st); i++)
		sb_addf(o, " <span class=\"badge st-%s\">%s <b id=\"n-%s\">%zu</b></span>", st[i], st[i],
			st[i], count_status(m->in, st[i]));
	sb_add(o, "</p>\n");
}

static void write_summary(struct strbuf *o, const struct html_model *m)
{
	const struct dt_tree *t = m->in->t;
	const char *model = dts_model(t);

	sb_add(o, "<body class=\"page\">\n<header>\n<h1>");
	html_escape_str(o, path_basename(m->in->c_path));
	if (t->machine_id) {
		sb_add(o, " &rarr; machine <code>");
		html_escape_str(o, t->machine_id);
		sb_add(o, "</code>");
	}
	if (model) {
		sb_add(o, " (&ldquo;");
		html_escape_str(o, model);
		sb_add(o, "&rdquo;)");
	}
	sb_addf(o, "</h1>\n<p class=\"sum\"><b id=\"n-props\">%zu</b> properties, "
		"<b id=\"n-todos\">%zu</b> TODOs, <b id=\"n-nothing\">%zu</b> board-file lines "
		"produced nothing <span class=\"keys\">keys: <kbd>n</kbd>/<kbd>j</kbd> next TODO, "
		"<kbd>p</kbd>/<kbd>k</kbd> previous</span></p>\n<ul class=\"classes\">",
		m->nprops, m->ntodos, m->nnothing);
	for (size_t c = 0; c < html_reason_count(); c++)
		if (m->todos_by_class[c])
			sb_addf(o, "<li class=\"r-%s\"><span class=\"sw\"></span>%s: "
				"<b class=\"cnt\" data-class=\"%s\">%zu</b></li>", html_reason_id(c),
				html_reason_label(c), html_reason_id(c), m->todos_by_class[c]);
	sb_add(o, "</ul>\n");
	write_against_summary(o, m);
	sb_add(o, "<p class=\"legend\"><span class=\"l cv\">&#9679; converted</span> "
		  "<span class=\"l ct\">! TODO</span> <span class=\"l cn\">&#8709; produced nothing"
		  "</span> <span class=\"l cl\">&#8592; upstream has more</span></p>\n</header>\n");
}

static const char *cline_class(unsigned char f)
{
	if (f & HC_TODO)
		return f & HC_PROP ? " cv ct" : " ct";
	if (f & (HC_PROP | HC_FACT_OK))
		return " cv";
	if (f & (HC_FACT_TODO | HC_INIT))
		return " cn";
	return "";
}

static void write_cline(struct strbuf *o, const struct html_model *m, size_t l, int *state)
{
	unsigned char f = m->cflags[l];
	unsigned a = m->cfirst[l], b = m->cfirst[l + 1];

	sb_addf(o, "<div class=\"l%s%s\" id=\"c-%zu\"><a class=\"n\" href=\"#c-%zu\">%zu</a>"
		"<span class=\"m\">", cline_class(f), f & HC_LACKING ? " cl" : "", l, l, l);
	for (unsigned i = a; i < b && i < a + MAX_CLINKS; i++)
		sb_addf(o, "<a href=\"#d-%u\">%u</a>", m->clinks[i], m->clinks[i]);
	if (b - a > MAX_CLINKS)
		sb_addf(o, "+%u", b - a - MAX_CLINKS);
	sb_add(o, "</span><span class=\"x\">");
	html_c_line(o, m->cline[l], m->clen[l], state);
	sb_add(o, "</span></div>\n");
}

static void write_cpane(struct strbuf *o, const struct html_model *m)
{
	int state = 0;

	sb_add(o, "<section class=\"pane\" id=\"cpane\"><h2>");
	html_escape_str(o, m->in->c_path);
	sb_add(o, "</h2>\n<div class=\"code\">\n");
	if (!m->nclines)
		sb_add(o, "<p class=\"none\">(the board file could not be read)</p>\n");
	for (size_t l = 1; l <= m->nclines; l++)
		write_cline(o, m, l, &state);
	sb_add(o, "</div></section>\n");
}

static void write_title(struct strbuf *o, const struct html_row *r)
{
	const struct html_against_item *a = r->av;

	if (!r->todo && !a)
		return;
	sb_add(o, " title=\"");
	if (r->todo) {
		html_escape_str(o, r->todo->reason);
	} else {
		html_escape_str(o, a->status);
		if (a->up_val) {
			sb_add(o, "; upstream: ");
			html_escape_str(o, a->up_val);
		}
		if (a->up_line) {
			sb_add(o, " (");
			html_escape_str(o, a->up_line);
			sb_add(o, ")");
		}
	}
	sb_addc(o, '"');
}

static void write_dline(struct strbuf *o, const struct html_model *m, size_t l)
{
	const struct html_row *r = &m->rows[l];

	sb_add(o, "<div class=\"l");
	if (r->prop)
		sb_add(o, " prop");
	if (r->cont)
		sb_add(o, " cont");
	if (r->todo)
		sb_addf(o, " todo r-%s", html_reason_id(html_reason_class(r->todo->reason)));
	if (r->av)
		sb_addf(o, " st-%s", r->av->status);
	sb_addf(o, "\" id=\"d-%zu\"", l);
	if (r->todo)
		sb_add(o, " tabindex=\"-1\"");
	write_title(o, r);
	sb_addf(o, "><a class=\"n\" href=\"#d-%zu\">%zu</a><span class=\"m\">", l, l);
	if (r->cline)
		sb_addf(o, "<a href=\"#c-%u\">%u</a>", r->cline, r->cline);
	if (r->av)
		sb_addf(o, "<span class=\"badge st-%s\">%c</span>", r->av->status,
			r->av->status[0] == 'o' ? '+' : r->av->status[0] == 'd' ? '~' : '=');
	sb_add(o, "</span><span class=\"x\">");
	html_escape(o, m->dline[l], m->dlen[l]);
	sb_add(o, "</span></div>\n");
}

static void write_dpane(struct strbuf *o, const struct html_model *m)
{
	sb_add(o, "<section class=\"pane\" id=\"dpane\"><h2>generated .dts");
	if (m->in->t->machine_id) {
		sb_add(o, " (");
		html_escape_str(o, m->in->t->machine_id);
		sb_add(o, ")");
	}
	sb_add(o, "</h2>\n<div class=\"code\">\n");
	for (size_t l = 1; l <= m->ndlines; l++)
		write_dline(o, m, l);
	sb_add(o, "</div></section>\n");
}

static void write_todo_list(struct strbuf *o, const struct html_model *m)
{
	sb_addf(o, "<section class=\"list\" id=\"todo-list\"><h2>TODOs (%zu)</h2>\n<ol>\n",
		m->ntodos);
	for (size_t l = 1; l <= m->ndlines; l++) {
		const struct html_row *r = &m->rows[l];

		if (!r->todo)
			continue;
		sb_addf(o, "<li class=\"r-%s\"><a href=\"#d-%zu\">.dts %zu</a> ",
			html_reason_id(html_reason_class(r->todo->reason)), l, l);
		if (r->cline)
			sb_addf(o, "<a href=\"#c-%u\">line %u</a> ", r->cline, r->cline);
		sb_add(o, "<code>");
		html_escape_str(o, r->todo->text);
		sb_add(o, "</code>: ");
		html_escape_str(o, r->todo->reason);
		sb_add(o, "</li>\n");
	}
	sb_add(o, "</ol></section>\n");
}

static void write_lacking(struct strbuf *o, const struct html_model *m)
{
	const struct html_page_input *in = m->in;

	if (!in->upstream)
		return;
	sb_addf(o, "<section class=\"list\" id=\"lacking\"><h2>The upstream .dts has, the "
		"conversion lacks (%zu)</h2>\n<ul>\n", count_status(in, "lacking"));
	for (size_t i = 0; i < in->nagainst; i++) {
		const struct html_against_item *a = &in->against[i];

		if (strcmp(a->status, "lacking"))
			continue;
		sb_add(o, "<li class=\"st-lacking\"><code>");
		html_escape_str(o, a->path);
		sb_add(o, "</code> <code>");
		html_escape_str(o, a->name);
		if (a->up_val && *a->up_val) {
			sb_add(o, " = ");
			html_escape_str(o, a->up_val);
		}
		sb_add(o, "</code>");
		if (a->up_line) {
			sb_add(o, " <span class=\"up\">");
			html_escape_str(o, a->up_line);
			sb_add(o, "</span>");
		}
		if (a->board_line && a->board_line <= m->nclines)
			sb_addf(o, " most likely from <a href=\"#c-%u\">line %u</a>", a->board_line,
				a->board_line);
		sb_add(o, "</li>\n");
	}
	sb_add(o, "</ul></section>\n");
}

void html_page(const struct html_page_input *in, struct strbuf *out)
{
	struct html_model m;

	html_model_build(&m, in);
	write_head(out, &m);
	write_summary(out, &m);
	sb_add(out, "<main id=\"panes\">\n");
	write_cpane(out, &m);
	write_dpane(out, &m);
	sb_add(out, "</main>\n");
	sb_add(out, "<div id=\"lists\">\n");
	write_todo_list(out, &m);
	write_lacking(out, &m);
	sb_add(out, "<pre id=\"selftest\" hidden></pre>\n</div>\n<script>\n");
	sb_add(out, html_js);
	sb_add(out, "</script>\n</body>\n</html>\n");
	html_model_free(&m);
}
