// SPDX-License-Identifier: GPL-2.0
/*
 * The review page's model (html_int.h): the .dts written again with the
 * writer's marks (dts_options.marks: where each property and TODO starts),
 * split into lines; the board file split into lines; and for each board-file
 * line what it produced: properties and TODOs that link to it, facts
 * converted or not, initializer members with no output.
 */
#include "html_int.h"

#include <stdlib.h>
#include <string.h>

#include "../common/util.h"

/* Line starts and lengths of text[0..len), 1-based; returns the count. */
static size_t split_lines(const char *text, size_t len, const char ***starts, size_t **lens)
{
	size_t n = 0, cap = 64;
	const char *p = text, *end = text + len;

	*starts = xmalloc(cap * sizeof(**starts));
	*lens = xmalloc(cap * sizeof(**lens));
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if (n + 2 > cap) {
			cap *= 2;
			*starts = xrealloc(*starts, cap * sizeof(**starts));
			*lens = xrealloc(*lens, cap * sizeof(**lens));
		}
		n++;
		(*starts)[n] = p;
		(*lens)[n] = l && p[l - 1] == '\r' ? l - 1 : l;
		p += l + 1;
	}
	return n;
}

bool html_same_file(const char *a, const char *b)
{
	return a && b && (!strcmp(a, b) || !strcmp(path_basename(a), path_basename(b)));
}

unsigned html_model_cline(const struct html_model *m, const struct srcpos *pos)
{
	if (!pos->line || pos->line > m->nclines || !html_same_file(pos->file, m->in->c_path))
		return 0;
	return pos->line;
}

/* rows[] from the writer's marks: each mark's offset falls on one line. */
static void rows_from_marks(struct html_model *m, const struct dts_marks *mk)
{
	size_t line = 1;

	m->rows = xcalloc(m->ndlines + 2, sizeof(*m->rows));
	for (size_t i = 0; i < mk->n; i++) {
		const char *at = m->dts.buf + mk->v[i].offset;
		struct html_row *r;

		while (line < m->ndlines && m->dline[line + 1] <= at)
			line++;
		if (line > m->ndlines)
			break;
		r = &m->rows[line];
		r->prop = mk->v[i].prop;
		r->todo = mk->v[i].todo;
		r->cline = html_model_cline(m, r->prop ? &r->prop->pos : &r->todo->pos);
		if (r->prop)
			m->nprops++;
		else
			m->ntodos++;
		if (r->todo)
			m->todos_by_class[html_reason_class(r->todo->reason)]++;
	}
	/* A property wrapped over several lines: the lines up to its ';'. */
	for (size_t l = 1; l <= m->ndlines; l++) {
		if (!m->rows[l].prop)
			continue;
		for (size_t k = l; k < m->ndlines && !memchr(m->dline[k], ';', m->dlen[k]) &&
		     !m->rows[k + 1].prop && !m->rows[k + 1].todo; k++)
			m->rows[k + 1].cont = true;
	}
}

static void mark_facts(struct html_model *m)
{
	const struct dt_tree *t = m->in->t;

	for (size_t i = 0; i < t->nfacts; i++) {
		unsigned l = html_model_cline(m, &t->facts[i]->pos);

		if (l)
			m->cflags[l] |= t->facts[i]->fate == FACT_CONVERTED ? HC_FACT_OK : HC_FACT_TODO;
	}
	for (size_t i = 0; i < m->in->ninit_lines; i++) {
		unsigned l = m->in->init_lines[i];

		if (l && l <= m->nclines)
			m->cflags[l] |= HC_INIT;
	}
	for (size_t i = 0; i < m->in->nagainst; i++) {
		const struct html_against_item *a = &m->in->against[i];

		if (a->dts_line && a->dts_line <= m->ndlines && m->rows[a->dts_line].prop)
			m->rows[a->dts_line].av = a;
		if (!strcmp(a->status, "lacking") && a->board_line && a->board_line <= m->nclines)
			m->cflags[a->board_line] |= HC_LACKING;
	}
}

/* The links of each board line to .dts lines, as one array (counting sort). */
static void link_lines(struct html_model *m)
{
	size_t total = 0;
	unsigned *fill;

	m->cfirst = xcalloc(m->nclines + 2, sizeof(*m->cfirst));
	for (size_t l = 1; l <= m->ndlines; l++)
		if (m->rows[l].cline) {
			m->cfirst[m->rows[l].cline]++;
			m->cflags[m->rows[l].cline] |= m->rows[l].prop ? HC_PROP : HC_TODO;
		}
	for (size_t l = 0; l <= m->nclines + 1; l++) {
		size_t c = m->cfirst[l];

		m->cfirst[l] = (unsigned)total;
		total += c;
	}
	m->clinks = xmalloc((total ? total : 1) * sizeof(*m->clinks));
	fill = xmalloc((m->nclines + 2) * sizeof(*fill));
	memcpy(fill, m->cfirst, (m->nclines + 2) * sizeof(*fill));
	for (size_t l = 1; l <= m->ndlines; l++)
		if (m->rows[l].cline)
			m->clinks[fill[m->rows[l].cline]++] = (unsigned)l;
	free(fill);
	for (size_t l = 1; l <= m->nclines; l++) {
		unsigned char f = m->cflags[l];

		if (f & (HC_PROP | HC_TODO | HC_FACT_OK))
			continue;
		if (f & (HC_FACT_TODO | HC_INIT))
			m->nnothing++;
	}
}

void html_model_build(struct html_model *m, const struct html_page_input *in)
{
	struct dts_marks mk = { 0 };
	struct dts_options o = { .annotate = in->annotate, .marks = &mk };

	memset(m, 0, sizeof(*m));
	m->in = in;
	m->todos_by_class = xcalloc(html_reason_count(), sizeof(*m->todos_by_class));
	sb_init(&m->dts);
	dts_write(in->t, &o, &m->dts);
	m->ndlines = split_lines(m->dts.buf, m->dts.len, &m->dline, &m->dlen);
	m->nclines = in->c_text ? split_lines(in->c_text, in->c_len, &m->cline, &m->clen) : 0;
	m->cflags = xcalloc(m->nclines + 2, 1);
	rows_from_marks(m, &mk);
	mark_facts(m);
	link_lines(m);
	free(mk.v);
}

void html_model_free(struct html_model *m)
{
	sb_free(&m->dts);
	free(m->dline);
	free(m->dlen);
	free(m->rows);
	free(m->cline);
	free(m->clen);
	free(m->cflags);
	free(m->cfirst);
	free(m->clinks);
	free(m->todos_by_class);
	memset(m, 0, sizeof(*m));
}
