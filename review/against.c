// SPDX-License-Identifier: GPL-2.0
/*
 * `convert --against UPSTREAM.dts`: the review report of one conversion.
 *
 * Both trees are compiled (kernel cpp + dtc -@). The board-level part of
 * each is what rv_diff(SoC .dtsi, tree) reports as added or changed; the
 * generated tree is then matched against the upstream one with rv_diff
 * (paths, compatible + reg, labels; values with references named by the
 * matched node). Every board-level generated property is matched, differs
 * or only-generated; every board-level upstream property that no generated
 * property matches is lacking. Lines: the generated property's annotation
 * (its board-file line) and .dts line; the upstream's `dtc -O dts -T` line.
 *
 * The generated tree is loaded by genload.c, its board-level part found by
 * board_level.c; this file matches the two trees and writes the report.
 */
#include "against.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "common/json.h"

/* ---- the report ------------------------------------------------------------ */

enum av_status { AV_MATCHED, AV_DIFFERS, AV_ONLY_GEN, AV_LACKING };

static const char *const status_name[] = {
	[AV_MATCHED] = "matched", [AV_DIFFERS] = "differs",
	[AV_ONLY_GEN] = "only-generated", [AV_LACKING] = "lacking",
};
static const char status_mark[] = { [AV_MATCHED] = '=', [AV_DIFFERS] = '~',
				    [AV_ONLY_GEN] = '+', [AV_LACKING] = '-' };

struct av_item {
	enum av_status status;
	const char *group;	/* node path the item is listed under */
	const char *gen_path, *up_path;	/* NULL when the side has no node */
	const char *name;
	char *gen_val, *up_val;	/* NULL when the side has no property */
	char *board_line, *dts_line, *up_line;
	char *likely_line;	/* lacking: the board line it most likely comes from */
	char *group_own, *gen_own, *up_own, *name_own;	/* copies the result owns */
	size_t order;
	bool gen_from_dtsi;	/* lacking: the generated value is the .dtsi's */
};

struct av_report {
	struct av_item *items;
	size_t n;
	unsigned gen[3];	/* matched, differs, only-generated */
	unsigned up[3];		/* matched, differs, lacking */
};

static char *fmt(const struct rv_tree *t, const struct rv_node *n, const struct rv_prop *p)
{
	struct strbuf sb;

	sb_init(&sb);
	rv_fmt_value(t, n, p, &sb);
	return sb_detach(&sb);
}

static struct av_item *add_item(struct av_report *r, enum av_status s, const char *group)
{
	struct av_item *it;

	r->items = xrealloc(r->items, (r->n + 1) * sizeof(*r->items));
	it = &r->items[r->n];
	memset(it, 0, sizeof(*it));
	it->status = s;
	it->group = group;
	it->order = r->n++;
	return it;
}

static const struct rv_node_diff *find_nd(const struct rv_diff *d, const struct rv_node *a)
{
	for (size_t i = 0; i < d->nnodes; i++)
		if (d->nodes[i].a == a)
			return &d->nodes[i];
	return NULL;
}

static const struct rv_prop_diff *find_pd(const struct rv_node_diff *nd, const char *name)
{
	for (size_t i = 0; nd && i < nd->nprops; i++)
		if (!strcmp(nd->props[i].name, name))
			return &nd->props[i];
	return NULL;
}

static bool skip_prop(const char *name)
{
	return !strcmp(name, "phandle") || !strcmp(name, "linux,phandle");
}

static void gen_side(const struct rv_gen *g, const struct rv_genload *gl, struct rv_tree *up,
		     const struct rv_srcmap *upmap, const struct rv_keyset *bl,
		     const struct rv_diff *d, struct av_report *r)
{
	const struct rv_tree *t = gl->tree;

	for (size_t i = 0; i < t->all.len; i++) {
		const struct rv_node *n = t->all.items[i], *m = n->match;
		const struct rv_node_diff *nd;

		if (rv_node_is_meta(n))
			continue;
		nd = m ? find_nd(d, n) : NULL;
		for (size_t k = 0; k < n->nprops; k++) {
			const struct rv_prop *p = &n->props[k], *pm;
			const struct rv_prop_diff *pd;
			struct av_item *it;
			enum av_status s;

			if (skip_prop(p->name) || !rv_keyset_has(bl, n->path, p->name))
				continue;
			pm = m ? rv_prop(m, p->name) : NULL;
			pd = find_pd(nd, p->name);
			if (!pm || (pd && pd->change == RV_REMOVED))
				s = AV_ONLY_GEN;
			else if (pd && pd->change == RV_CHANGED)
				s = AV_DIFFERS;
			else
				s = AV_MATCHED;
			it = add_item(r, s, n->path);
			it->gen_path = n->path;
			it->up_path = m ? m->path : NULL;
			it->name = p->name;
			it->gen_val = fmt(t, n, p);
			it->board_line = rv_gen_board_line(gl, n->path, p->name);
			it->dts_line = rv_gen_dts_line(g, gl, n->path, p->name);
			if (pm) {
				const char *loc = rv_srcmap_find(upmap, m->path, p->name);

				it->up_val = fmt(up, m, pm);
				it->up_line = loc ? xstrdup(loc) : NULL;
			}
			r->gen[s == AV_MATCHED ? 0 : s == AV_DIFFERS ? 1 : 2]++;
		}
	}
}

static void up_side(const struct rv_gen *g, const struct rv_genload *gl, struct rv_tree *up,
		    const struct rv_srcmap *upmap, const struct rv_keyset *genbl,
		    const struct rv_keyset *upbl, const struct rv_diff *d, struct av_report *r)
{
	for (size_t i = 0; i < up->all.len; i++) {
		const struct rv_node *u = up->all.items[i], *n = u->match;
		const struct rv_node_diff *nd = n ? find_nd(d, n) : NULL;

		if (rv_node_is_meta(u))
			continue;
		for (size_t k = 0; k < u->nprops; k++) {
			const struct rv_prop *p = &u->props[k], *pn;
			const struct rv_prop_diff *pd;
			struct av_item *it;
			const char *loc;

			if (skip_prop(p->name) || !rv_keyset_has(upbl, u->path, p->name))
				continue;
			pn = n ? rv_prop(n, p->name) : NULL;
			pd = find_pd(nd, p->name);
			if (pn && rv_keyset_has(genbl, n->path, p->name)) {
				/* listed on the generated side already */
				r->up[pd && pd->change == RV_CHANGED ? 1 : 0]++;
				continue;
			}
			if (pn && !(pd && pd->change == RV_CHANGED)) {
				r->up[0]++;	/* the .dtsi's value is the upstream board's */
				continue;
			}
			it = add_item(r, AV_LACKING, n ? n->path : u->path);
			it->gen_path = n ? n->path : NULL;
			it->up_path = u->path;
			it->name = p->name;
			it->up_val = fmt(up, u, p);
			loc = rv_srcmap_find(upmap, u->path, p->name);
			it->up_line = loc ? xstrdup(loc) : NULL;
			if (pn) {
				it->gen_val = fmt(gl->tree, n, pn);
				it->gen_from_dtsi = true;
				it->dts_line = rv_gen_dts_line(g, gl, n->path, p->name);
			}
			r->up[2]++;
		}
	}
}

static int cmp_item(const void *x, const void *y)
{
	const struct av_item *a = x, *b = y;
	int c = strcmp(a->group, b->group);

	if (c)
		return c;
	return a->order < b->order ? -1 : a->order > b->order;
}

/* "=" etc. line: `  = name = value;	board.c:12` */
static void text_item(const struct av_item *it, struct strbuf *out)
{
	const char *src = it->board_line ? it->board_line : it->dts_line;

	sb_addf(out, "  %c ", status_mark[it->status]);
	switch (it->status) {
	case AV_MATCHED:
	case AV_ONLY_GEN:
		rv_fmt_prop(out, it->name, it->gen_val);
		sb_addf(out, "\t/* %s */", src ? src : "?");
		break;
	case AV_DIFFERS:
		rv_fmt_prop(out, it->name, it->gen_val);
		sb_addf(out, "\t/* %s; upstream %s: %s */", src ? src : "?",
			it->up_line ? it->up_line : "?", *it->up_val ? it->up_val : "(empty)");
		break;
	case AV_LACKING:
		rv_fmt_prop(out, it->name, it->up_val);
		sb_addf(out, "\t/* upstream %s", it->up_line ? it->up_line : "?");
		if (it->gen_from_dtsi)
			sb_addf(out, "; generated keeps the .dtsi's %s",
				*it->gen_val ? it->gen_val : "(empty)");
		sb_add(out, " */");
		break;
	}
	sb_addc(out, '\n');
}

static void write_text(const struct rv_gen *g, const char *upstream, const struct av_report *r,
		       struct strbuf *out)
{
	const char *group = NULL;

	sb_addf(out, "against: %s vs upstream %s\n", g->name, upstream);
	sb_addf(out, "generated board-level properties: %u (%u matched, %u differ, "
		"%u only generated)\n", r->gen[0] + r->gen[1] + r->gen[2], r->gen[0], r->gen[1],
		r->gen[2]);
	sb_addf(out, "upstream board-level properties: %u (%u matched, %u differ, "
		"%u lacking)\n", r->up[0] + r->up[1] + r->up[2], r->up[0], r->up[1], r->up[2]);
	sb_add(out, "key: = matched, ~ differs, + only generated, - lacking "
		    "(comments: board-file or .dts line; upstream .dts line)\n");
	for (size_t i = 0; i < r->n; i++) {
		const struct av_item *it = &r->items[i];

		if (!group || strcmp(group, it->group)) {
			group = it->group;
			sb_addf(out, "\n%s", group);
			if (!it->gen_path)
				sb_add(out, " (upstream only)");
			else if (it->up_path && strcmp(it->up_path, it->gen_path))
				sb_addf(out, " (upstream %s)", it->up_path);
			else if (!it->up_path)
				sb_add(out, " (generated only)");
			sb_addc(out, '\n');
		}
		text_item(it, out);
	}
}

static void md_cell(struct strbuf *out, const char *s)
{
	sb_add(out, " ");
	if (!s) {
		sb_add(out, "–");
	} else {
		sb_add(out, "`");
		for (; *s; s++) {
			if (*s == '|')
				sb_add(out, "\\|");
			else if (*s == '`')
				sb_add(out, "'");
			else
				sb_addc(out, *s);
		}
		sb_add(out, "`");
	}
	sb_add(out, " |");
}

static void write_markdown(const struct rv_gen *g, const char *upstream,
			   const struct av_report *r, struct strbuf *out)
{
	const char *group = NULL;

	sb_addf(out, "### Conversion review: `%s` against `%s`\n\n", g->name, upstream);
	sb_add(out, "| board-level properties | total | matched | differ | only generated / lacking |\n"
		    "|---|--:|--:|--:|--:|\n");
	sb_addf(out, "| generated | %u | %u | %u | %u |\n", r->gen[0] + r->gen[1] + r->gen[2],
		r->gen[0], r->gen[1], r->gen[2]);
	sb_addf(out, "| upstream | %u | %u | %u | %u |\n", r->up[0] + r->up[1] + r->up[2],
		r->up[0], r->up[1], r->up[2]);
	for (size_t i = 0; i < r->n; i++) {
		const struct av_item *it = &r->items[i];

		if (!group || strcmp(group, it->group)) {
			group = it->group;
			sb_addf(out, "\n#### `%s`", group);
			if (it->up_path && it->gen_path && strcmp(it->up_path, it->gen_path))
				sb_addf(out, " (upstream `%s`)", it->up_path);
			sb_add(out, "\n\n| | property | generated | upstream | board file | upstream line |\n"
				    "|---|---|---|---|---|---|\n");
		}
		sb_addf(out, "| %s |", status_name[it->status]);
		md_cell(out, it->name);
		md_cell(out, it->gen_val);
		md_cell(out, it->up_val);
		md_cell(out, it->board_line ? it->board_line : it->dts_line);
		md_cell(out, it->up_line);
		sb_addc(out, '\n');
	}
}

static void json_counts(struct json *j, const char *key, const unsigned c[3], const char *last)
{
	json_key(j, key);
	json_begin_object(j);
	json_kv_int(j, "total", c[0] + c[1] + c[2]);
	json_kv_int(j, "matched", c[0]);
	json_kv_int(j, "differs", c[1]);
	json_kv_int(j, last, c[2]);
	json_end(j);
}

static void write_json(const struct rv_gen *g, const char *upstream, const struct av_report *r,
		       struct strbuf *out)
{
	struct json j;

	json_init(&j, out);
	json_begin_object(&j);
	json_kv_string(&j, "generated", g->name);
	json_kv_string(&j, "upstream", upstream);
	json_key(&j, "summary");
	json_begin_object(&j);
	json_counts(&j, "generated", r->gen, "only_generated");
	json_counts(&j, "upstream", r->up, "lacking");
	json_end(&j);
	json_key(&j, "properties");
	json_begin_array(&j);
	for (size_t i = 0; i < r->n; i++) {
		const struct av_item *it = &r->items[i];

		json_begin_object(&j);
		json_kv_string(&j, "status", status_name[it->status]);
		json_kv_string(&j, "name", it->name);
		json_kv_string(&j, "path", it->gen_path);
		json_kv_string(&j, "upstream_path", it->up_path);
		json_kv_string(&j, "value", it->gen_val);
		json_kv_string(&j, "upstream_value", it->up_val);
		json_kv_string(&j, "board_line", it->board_line);
		json_kv_string(&j, "dts_line", it->dts_line);
		json_kv_string(&j, "upstream_line", it->up_line);
		if (it->gen_from_dtsi)
			json_kv_bool(&j, "generated_from_dtsi", true);
		json_end(&j);
	}
	json_end(&j);
	json_end(&j);
	sb_addc(out, '\n');
}

/* The board line of the nearest generated node at or above path that has one. */
static const char *nearest_board_line(const struct av_report *r, const char *path)
{
	char *p = path ? xstrdup(path) : NULL, *slash;
	const char *found = NULL;

	while (p && !found) {
		for (size_t i = 0; i < r->n && !found; i++) {
			const struct av_item *it = &r->items[i];

			if (it->board_line && (str_eq(it->gen_path, p) || str_eq(it->up_path, p)))
				found = it->board_line;
		}
		slash = strrchr(p, '/');
		if (!slash || !strcmp(p, "/"))
			break;
		if (slash == p)
			slash[1] = '\0';
		else
			*slash = '\0';
	}
	free(p);
	return found;
}

/*
 * A lacking property's most likely board-file line: that of a generated
 * property of the node it belongs in, else of the nearest node above.
 */
static void likely_lines(struct av_report *r)
{
	for (size_t i = 0; i < r->n; i++) {
		struct av_item *it = &r->items[i];
		const char *l;

		if (it->status != AV_LACKING)
			continue;
		l = nearest_board_line(r, it->gen_path ? it->gen_path : it->up_path);
		it->likely_line = l ? xstrdup(l) : NULL;
	}
}

struct rv_against_result {
	struct av_report r;
	char *gen_name;		/* g->name: dts_line names it when in the generated .dts */
};

/* "NAME:LINE" when loc is a line of the generated .dts (not of a .dtsi it includes). */
static const char *gen_dts_line(const struct rv_against_result *res, const char *loc)
{
	size_t n = strlen(res->gen_name);

	return loc && !strncmp(loc, res->gen_name, n) && loc[n] == ':' ? loc : NULL;
}

int rv_against_run(const struct rv_gen *g, const struct rv_against_opts *o,
		   struct rv_against_result **res, char **errors)
{
	struct rv_input in = { g->kernel_dir, o->inc, o->ninc };
	struct rv_genload gl;
	struct rv_tree *up = NULL;
	struct rv_srcmap *upmap = NULL;
	struct rv_keyset genbl, upbl;
	struct av_report r = { 0 };
	struct rv_diff d;
	int rc;

	*errors = NULL;
	*res = NULL;
	rc = rv_gen_load(g, &gl);
	if (rc < 0) {
		*errors = gl.errors;
		gl.errors = NULL;
		rv_genload_free(&gl);
		return rc;
	}
	rc = rv_load(o->upstream, &in, &up, errors);
	if (rc < 0) {
		rv_genload_free(&gl);
		return rc;
	}
	free(*errors);
	*errors = NULL;
	if (!rv_is_dtb(o->upstream))
		rv_srcmap_load(o->upstream, &in, &upmap);
	rv_board_level(g->dtsi_fdt, gl.tree, &genbl);
	rv_board_level(g->dtsi_fdt, up, &upbl);
	rv_diff(gl.tree, up, &d);
	gen_side(g, &gl, up, upmap, &genbl, &d, &r);
	up_side(g, &gl, up, upmap, &genbl, &upbl, &d, &r);
	if (r.n)
		qsort(r.items, r.n, sizeof(*r.items), cmp_item);
	likely_lines(&r);
	/* The items own their strings; the trees' paths and names are copied. */
	for (size_t i = 0; i < r.n; i++) {
		r.items[i].group = r.items[i].group_own = xstrdup(r.items[i].group);
		r.items[i].gen_path = r.items[i].gen_own = r.items[i].gen_path ?
			xstrdup(r.items[i].gen_path) : NULL;
		r.items[i].up_path = r.items[i].up_own = r.items[i].up_path ?
			xstrdup(r.items[i].up_path) : NULL;
		r.items[i].name = r.items[i].name_own = xstrdup(r.items[i].name);
	}
	rv_diff_free(&d);
	rv_keyset_free(&genbl);
	rv_keyset_free(&upbl);
	rv_srcmap_free(upmap);
	rv_tree_free(up);
	rv_genload_free(&gl);
	*res = xmalloc(sizeof(**res));
	(*res)->r = r;
	(*res)->gen_name = xstrdup(g->name);
	return B2D_OK;
}

void rv_against_write(const struct rv_gen *g, const struct rv_against_opts *o,
		      const struct rv_against_result *res, struct strbuf *out)
{
	if (o->format == RV_FMT_JSON)
		write_json(g, o->upstream, &res->r, out);
	else if (o->format == RV_FMT_MARKDOWN)
		write_markdown(g, o->upstream, &res->r, out);
	else
		write_text(g, o->upstream, &res->r, out);
}

size_t rv_against_count(const struct rv_against_result *res)
{
	return res ? res->r.n : 0;
}

void rv_against_item(const struct rv_against_result *res, size_t i, struct rv_av_item *out)
{
	const struct av_item *it = &res->r.items[i];

	*out = (struct rv_av_item){
		.status = status_name[it->status],
		.path = it->gen_path ? it->gen_path : it->up_path,
		.name = it->name,
		.gen_val = it->gen_val,
		.up_val = it->up_val,
		.up_line = it->up_line,
		.board_line = it->status == AV_LACKING ? it->likely_line : it->board_line,
		.dts_line = it->gen_from_dtsi ? NULL : gen_dts_line(res, it->dts_line),
	};
}

void rv_against_free(struct rv_against_result *res)
{
	if (!res)
		return;
	for (size_t i = 0; i < res->r.n; i++) {
		struct av_item *it = &res->r.items[i];

		free(it->gen_val);
		free(it->up_val);
		free(it->board_line);
		free(it->dts_line);
		free(it->up_line);
		free(it->likely_line);
		free(it->group_own);
		free(it->gen_own);
		free(it->up_own);
		free(it->name_own);
	}
	free(res->r.items);
	free(res->gen_name);
	free(res);
}

int rv_against(const struct rv_gen *g, const struct rv_against_opts *o, struct strbuf *out,
	       char **errors)
{
	struct rv_against_result *res;
	int rc = rv_against_run(g, o, &res, errors);

	if (rc < 0)
		return rc;
	rv_against_write(g, o, res, out);
	rv_against_free(res);
	return B2D_OK;
}
