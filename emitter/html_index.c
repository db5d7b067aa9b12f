// SPDX-License-Identifier: GPL-2.0
/*
 * batch's index.html (html.h): the summary of the run as a table, one row per
 * board file (status, machines, facts, converted, TODOs), each machine's
 * review page linked. Self-contained like the pages.
 */
#include "html.h"

#include "../common/util.h"

static void write_totals(struct strbuf *o, const struct html_index_row *rows, size_t n)
{
	long machines = 0, facts = 0, converted = 0, todo = 0;
	size_t ok = 0, pages = 0;

	for (size_t i = 0; i < n; i++) {
		ok += rows[i].ok;
		pages += rows[i].npages;
		machines += rows[i].machines;
		facts += rows[i].facts;
		converted += rows[i].converted;
		todo += rows[i].todo;
	}
	sb_addf(o, "<p class=\"sum\"><b id=\"n-files\">%zu</b> files (<b id=\"n-ok\">%zu</b> "
		"converted, <b id=\"n-failed\">%zu</b> failed), <b id=\"n-machines\">%ld</b> machines, "
		"<b id=\"n-pages\">%zu</b> pages, %ld facts (%ld converted), <b id=\"n-todo\">%ld</b> "
		"TODOs</p>\n", n, ok, n - ok, machines, pages, facts, converted, todo);
}

static void write_row(struct strbuf *o, const struct html_index_row *r)
{
	sb_addf(o, "<tr class=\"%s\"><td>", r->ok ? "ok" : "failed");
	html_escape_str(o, r->source);
	sb_add(o, "</td><td>");
	html_escape_str(o, r->status);
	if (r->message) {
		sb_add(o, ": ");
		html_escape_str(o, r->message);
	}
	sb_addf(o, "</td><td class=\"num\">%ld</td><td class=\"num\">%ld</td><td class=\"num\">%ld"
		"</td><td class=\"num\">%ld</td><td>", r->machines, r->facts, r->converted, r->todo);
	for (size_t k = 0; k < r->npages; k++) {
		sb_add(o, k ? ", <a class=\"page\" href=\"" : "<a class=\"page\" href=\"");
		html_escape_str(o, r->pages[k]);
		sb_add(o, "\">");
		html_escape_str(o, r->ids && r->ids[k] ? r->ids[k] : r->pages[k]);
		sb_add(o, "</a>");
	}
	sb_add(o, "</td></tr>\n");
}

void html_index(const char *title, const struct html_index_row *rows, size_t n,
		struct strbuf *out)
{
	sb_add(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
		    "<title>board2dts batch: ");
	html_escape_str(out, title);
	sb_add(out, "</title>\n<style>\n");
	sb_add(out, html_css);
	sb_add(out, "</style>\n</head>\n<body>\n<header>\n<h1>board2dts batch: ");
	html_escape_str(out, title);
	sb_add(out, "</h1>\n");
	write_totals(out, rows, n);
	sb_add(out, "</header>\n<table class=\"idx\" id=\"index\">\n<thead><tr><th>board file</th>"
		    "<th>status</th><th>machines</th><th>facts</th><th>converted</th><th>TODOs</th>"
		    "<th>review pages</th></tr></thead>\n<tbody>\n");
	for (size_t i = 0; i < n; i++)
		write_row(out, &rows[i]);
	sb_add(out, "</tbody>\n</table>\n</body>\n</html>\n");
}
