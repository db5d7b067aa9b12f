// SPDX-License-Identifier: GPL-2.0
/*
 * `convert --validate`: the generated .dts through the kernel's cpp + dtc,
 * then, when Debian's dt-schema is installed and the kernel tree is known,
 * `dt-validate -s processed-schema.json OUT.dtb` against the kernel's own
 * binding schemas. The processed schema is built once per kernel tree with
 * `dt-mk-schema -j KDIR/Documentation/devicetree/bindings/` (about 20 s) and
 * cached as $XDG_CACHE_HOME/board2dts/processed-schema-<hash>.json, the hash
 * taken over the tree's path and the mtimes of the bindings directories.
 *
 * dt-validate names a node by its name only (`led-0: ...`); the node is
 * found in the compiled tree among the board-level nodes of that name (what
 * the board .dts adds or changes beyond the SoC .dtsi). Errors in nodes the
 * .dtsi has untouched are dropped: they are the SoC's, not the conversion's.
 * Each error becomes one line, `OUT.dts:LINE: warning: /path: prop: message
 * [schema.yaml] (board.c:LINE)`, LINE the property's (else the node's) line
 * in the written .dts, the board-file line from its annotation.
 */
#define _GNU_SOURCE
#include "against.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libfdt.h>

#include "common/diag.h"
#include "common/spawn.h"

/* ---- running a tool --------------------------------------------------------- */

/* argv[0] on $PATH? */
static bool have_tool(const char *name)
{
	const char *path = getenv("PATH");
	char *copy, *save = NULL;
	bool found = false;

	if (!path)
		return false;
	copy = xstrdup(path);
	for (char *d = strtok_r(copy, ":", &save); d && !found; d = strtok_r(NULL, ":", &save)) {
		char *f = xasprintf("%s/%s", *d ? d : ".", name);

		found = access(f, X_OK) == 0;
		free(f);
	}
	free(copy);
	return found;
}

/* Run argv with stdout to out_path (NULL: /dev/null), stderr to err_path. */
static int run(char *const argv[], const char *out_path, const char *err_path)
{
	return spawn_wait(argv, &(struct spawn_io){ .out = out_path, .err = err_path });
}

/* ---- the processed schema ----------------------------------------------------- */

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *c = p;

	for (size_t i = 0; i < n; i++)
		h = (h ^ c[i]) * 1099511628211ull;
	return h;
}

/* Hash the mtimes of dir and every directory below it (a changed file changes its dir). */
static uint64_t hash_dirs(uint64_t h, const char *dir, int depth)
{
	struct stat st;
	DIR *d;
	struct dirent *e;

	if (stat(dir, &st) != 0)
		return h;
	h = fnv(h, &st.st_mtim, sizeof(st.st_mtim));
	if (depth > 8 || !(d = opendir(dir)))
		return h;
	while ((e = readdir(d))) {
		char *sub;

		if (e->d_name[0] == '.' || (e->d_type != DT_DIR && e->d_type != DT_UNKNOWN))
			continue;
		sub = xasprintf("%s/%s", dir, e->d_name);
		if (e->d_type == DT_DIR || (stat(sub, &st) == 0 && S_ISDIR(st.st_mode)))
			h = hash_dirs(fnv(h, e->d_name, strlen(e->d_name)), sub, depth + 1);
		free(sub);
	}
	closedir(d);
	return h;
}

int rv_dt_schema(const char *kdir, const char *cache_dir, char **schema_path)
{
	char *bindings = xasprintf("%s/Documentation/devicetree/bindings/", kdir);
	char real[4096];
	uint64_t h = 14695981039346656037ull;
	char *path, *tmp, *errp;
	struct stat st;
	int rc;

	*schema_path = NULL;
	if (stat(bindings, &st) != 0 || !S_ISDIR(st.st_mode)) {
		free(bindings);
		return B2D_ERR_IO;
	}
	if (realpath(kdir, real))
		h = fnv(h, real, strlen(real));
	h = hash_dirs(h, bindings, 0);
	if (cache_dir)
		path = xasprintf("%s/processed-schema-%016llx.json", cache_dir,
				 (unsigned long long)h);
	else
		path = xasprintf("%s/board2dts-schema-%016llx.json", temp_dir(),
				 (unsigned long long)h);
	if (stat(path, &st) == 0 && st.st_size > 0) {
		free(bindings);
		*schema_path = path;
		return B2D_OK;
	}
	tmp = xasprintf("%s.%ld.tmp", path, (long)getpid());
	errp = xasprintf("%s.err", tmp);
	{
		char *argv[] = { "dt-mk-schema", "-j", bindings, NULL };

		rc = run(argv, tmp, errp);
	}
	if (rc == 0 && stat(tmp, &st) == 0 && st.st_size > 0 && rename(tmp, path) == 0) {
		*schema_path = path;
		path = NULL;
	} else {
		unlink(tmp);
	}
	unlink(errp);
	free(errp);
	free(tmp);
	free(path);
	free(bindings);
	return *schema_path ? B2D_OK : B2D_ERR_IO;
}

/* ---- dt-validate's output ------------------------------------------------------ */

/*
 * "FILE: NODE: a: b: message\n\tsub\n\tFrom schema: S" -> "NODE\ta: b: message; sub\tS\n".
 * Sub-messages beyond the third are counted, not listed.
 */
char *rv_dtvalidate_parse(const char *text)
{
	struct strbuf out, cur;
	char *copy = xstrdup(text ? text : ""), *save = NULL;
	unsigned nsub = 0;
	bool open = false;

	sb_init(&out);
	sb_init(&cur);
	for (char *l = strtok_r(copy, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		if (l[0] == '\t') {
			char *s = l + strspn(l, "\t ");

			if (!open)
				continue;
			if (str_starts(s, "From schema: ")) {
				if (nsub > 3)
					sb_addf(&cur, " (+%u more)", nsub - 3);
				sb_addf(&out, "%s\t%s\n", cur.buf, path_basename(s + 13));
				sb_free(&cur);
				sb_init(&cur);
				open = false;
			} else if (++nsub <= 3) {
				sb_addf(&cur, "%s %s", nsub == 1 ? "" : ";", s);
			}
			continue;
		}
		if (open) {	/* an error with no "From schema" line */
			sb_addf(&out, "%s\t?\n", cur.buf);
			sb_free(&cur);
			sb_init(&cur);
			open = false;
		}
		/* "/abs/file.dtb: node: rest" */
		{
			char *a = strstr(l, ".dtb: "), *node, *rest;

			if (!a)
				continue;
			node = a + 6;
			rest = strstr(node, ": ");
			if (!rest)
				continue;
			*rest = '\0';
			sb_addf(&cur, "%s\t%s", node, rest + 2);
			nsub = 0;
			open = true;
		}
	}
	if (open)
		sb_addf(&out, "%s\t?\n", cur.buf);
	sb_free(&cur);
	free(copy);
	return sb_detach(&out);
}

/* ---- mapping errors to board-level nodes ------------------------------------- */

static const char *node_name(const struct rv_node *n)
{
	return n->parent ? n->name : "/";
}

static const struct rv_node *kid(const struct rv_node *n, const char *name)
{
	for (size_t i = 0; i < n->kids.len; i++) {
		const struct rv_node *k = n->kids.items[i];

		if (!strcmp(k->name, name))
			return k;
	}
	return NULL;
}

/*
 * Walk the message's leading "a: b: " components from n: child nodes then
 * one property. Sets *at (node) and *prop (malloc'd, or NULL). Returns true
 * when every component named something that exists.
 */
static bool resolve(const struct rv_node *n, const char *msg, const struct rv_node **at,
		    char **prop)
{
	const char *s = msg;
	bool ok = true;

	*at = n;
	*prop = NULL;
	for (;;) {
		size_t len = strcspn(s, ": '\"[(");
		char *comp;

		if (!len || strncmp(s + len, ": ", 2))
			break;
		comp = xstrndup(s, len);
		s += len + 2;
		if (strspn(comp, "0123456789") == len) {
			free(comp);
			continue;	/* an array index */
		}
		if (kid(*at, comp)) {
			*at = kid(*at, comp);
			free(comp);
			continue;
		}
		if (!rv_prop(*at, comp))
			ok = false;
		*prop = comp;
		break;
	}
	return ok;
}

static char *first_annotation(const struct rv_genload *gl, const struct rv_node *n)
{
	char *b = rv_gen_board_line(gl, n->path, NULL);

	for (size_t i = 0; !b && i < n->nprops; i++)
		b = rv_gen_board_line(gl, n->path, n->props[i].name);
	return b;
}

static bool is_placeholder(const struct rv_node *n, const char *prop)
{
	const struct rv_prop *p = rv_prop(n, "compatible");

	return !n->parent && prop && !strcmp(prop, "compatible") && p &&
	       p->len > 10 && !strncmp((const char *)p->val, "board2dts,", 10);
}

struct seen {
	char **keys;
	size_t n;
};

static bool seen_add(struct seen *s, const char *path, const char *msg)
{
	char *k = xasprintf("%s\n%s", path, msg);

	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->keys[i], k)) {
			free(k);
			return false;
		}
	s->keys = xrealloc(s->keys, (s->n + 1) * sizeof(*s->keys));
	s->keys[s->n++] = k;
	return true;
}

static void report_one(const struct rv_gen *g, const struct rv_genload *gl,
		       const struct rv_keyset *bl, struct seen *seen, const char *node,
		       const char *msg, const char *schema, struct strbuf *diags,
		       struct rv_validate_result *res)
{
	const struct rv_node *best = NULL, *best_at = NULL;
	char *best_prop = NULL, *line, *board;
	bool best_ok = false;

	for (size_t i = 0; i < gl->tree->all.len; i++) {
		const struct rv_node *n = gl->tree->all.items[i], *at;
		char *prop;
		bool ok;

		if (strcmp(node_name(n), node) || rv_node_is_meta(n) ||
		    !rv_keyset_has(bl, n->path, NULL))
			continue;
		{
			char *k = xasprintf("%s\n%s", n->path, msg);
			bool dup = false;

			for (size_t j = 0; j < seen->n; j++)
				dup = dup || !strcmp(seen->keys[j], k);
			free(k);
			if (dup)
				continue;
		}
		ok = resolve(n, msg, &at, &prop);
		if (!best || (ok && !best_ok)) {
			free(best_prop);
			best = n;
			best_at = at;
			best_prop = prop;
			best_ok = ok;
		} else {
			free(prop);
		}
	}
	if (!best) {
		res->soc_errors++;
		return;
	}
	seen_add(seen, best->path, msg);
	if (is_placeholder(best_at, best_prop)) {
		res->placeholders++;
		free(best_prop);
		return;
	}
	res->errors++;
	{
		const char *p = best_prop && rv_prop(best_at, best_prop) ? best_prop : NULL;

		line = rv_gen_dts_line(g, gl, best_at->path, p);
		if (!line)
			line = rv_gen_dts_line(g, gl, best->path, NULL);
		board = p ? rv_gen_board_line(gl, best_at->path, p) : NULL;
		if (!board)
			board = first_annotation(gl, best_at);
	}
	sb_addf(diags, "%s: warning: %s: %s [%s]", line ? line : g->name, best->path, msg,
		schema);
	if (board)
		sb_addf(diags, " (%s)", board);
	sb_addc(diags, '\n');
	free(line);
	free(board);
	free(best_prop);
}

/* ---- the tree dt-validate sees ------------------------------------------------ */

/*
 * dt-validate's time grows with the node count (20 s for an OMAP3 tree), and
 * only board-level nodes are reported: it is given the board-level nodes,
 * their ancestors, and the nodes whose phandle a board-level property
 * mentions (specifiers are split with the provider's #cells), with their
 * ancestors. Everything else is the .dtsi's, untouched.
 */
static void keep_up(const struct rv_node *n, bool *keep, const struct rv_tree *t)
{
	for (; n; n = n->parent)
		for (size_t i = 0; i < t->all.len; i++)
			if (t->all.items[i] == n) {
				if (keep[i])
					return;
				keep[i] = true;
				break;
			}
}

static void write_pruned(void *fdt, const struct rv_node *n, const struct rv_tree *t,
			 const bool *keep, size_t idx)
{
	fdt_begin_node(fdt, n->parent ? n->name : "");
	for (size_t k = 0; k < n->nprops; k++)
		fdt_property(fdt, n->props[k].name, n->props[k].val, n->props[k].len);
	for (size_t i = 0; i < n->kids.len; i++) {
		const struct rv_node *c = n->kids.items[i];

		for (size_t j = idx; j < t->all.len; j++)
			if (t->all.items[j] == c) {
				if (keep[j])
					write_pruned(fdt, c, t, keep, j);
				break;
			}
	}
	fdt_end_node(fdt);
}

static void *pruned_blob(const struct rv_tree *t, const struct rv_keyset *bl, size_t *len)
{
	bool *keep = xcalloc(t->all.len + 1, sizeof(*keep));
	size_t cap = t->len + 4096;
	void *fdt = xmalloc(cap);

	for (size_t i = 0; i < t->all.len; i++) {
		const struct rv_node *n = t->all.items[i];

		if (rv_node_is_meta(n) || !rv_keyset_has(bl, n->path, NULL))
			continue;
		keep_up(n, keep, t);
		for (size_t k = 0; k < n->nprops; k++)
			for (int c = 0; c < rv_ncells(&n->props[k]); c++) {
				const struct rv_node *r = rv_by_phandle(t, rv_cell(&n->props[k], c));

				if (r)
					keep_up(r, keep, t);
			}
	}
	if (fdt_create(fdt, (int)cap) || fdt_finish_reservemap(fdt)) {
		free(fdt);
		free(keep);
		return NULL;
	}
	write_pruned(fdt, t->root, t, keep, 0);
	if (fdt_finish(fdt)) {
		free(fdt);
		fdt = NULL;
	}
	*len = fdt ? fdt_totalsize(fdt) : 0;
	free(keep);
	return fdt;
}

static int run_dt_validate(const struct rv_gen *g, const struct rv_genload *gl,
			   const char *schema, struct strbuf *diags, struct rv_validate_result *res)
{
	char *dtb, *errp, *text, *parsed, *save = NULL;
	struct rv_keyset bl;
	struct seen seen = { 0 };
	size_t plen = 0;
	void *pruned;
	int rc;

	rv_board_level(g->dtsi_fdt, gl->tree, &bl);
	pruned = getenv("B2D_VALIDATE_FULL") ? NULL : pruned_blob(gl->tree, &bl, &plen);
	if (!pruned) {
		plen = gl->tree->len;
		pruned = xmalloc(plen);
		memcpy(pruned, gl->tree->blob, plen);
	}
	dtb = temp_file_write("board2dts-val-", ".dtb", pruned, plen);
	free(pruned);
	if (!dtb) {
		rv_keyset_free(&bl);
		return B2D_ERR_IO;
	}
	errp = xasprintf("%s.err", dtb);
	{
		char *argv[] = { "dt-validate", "-s", (char *)schema, dtb, NULL };

		rc = run(argv, NULL, errp);
	}
	text = read_file(errp, NULL);
	unlink(errp);
	unlink(dtb);
	free(dtb);
	free(errp);
	if (rc < 0 || rc == 127) {
		free(text);
		rv_keyset_free(&bl);
		return B2D_ERR_IO;
	}
	res->schema_checked = true;
	parsed = rv_dtvalidate_parse(text);
	for (char *l = strtok_r(parsed, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		char *msg = strchr(l, '\t'), *schema_file;

		if (!msg || !(schema_file = strchr(msg + 1, '\t')))
			continue;
		*msg++ = '\0';
		*schema_file++ = '\0';
		report_one(g, gl, &bl, &seen, l, msg, schema_file, diags, res);
	}
	for (size_t i = 0; i < seen.n; i++)
		free(seen.keys[i]);
	free(seen.keys);
	rv_keyset_free(&bl);
	free(parsed);
	free(text);
	return B2D_OK;
}

int rv_validate(const struct rv_gen *g, const struct rv_validate_opts *o, struct strbuf *diags,
		struct rv_validate_result *res)
{
	struct rv_genload gl;
	char *schema = NULL;
	int rc;

	memset(res, 0, sizeof(*res));
	rc = rv_gen_load(g, &gl);
	if (rc < 0) {
		for (const char *s = gl.errors; s && *s; s++)
			res->dtc_errors += *s == '\n';
		if (gl.errors)
			sb_add(diags, gl.errors);
		rv_genload_free(&gl);
		return B2D_OK;
	}
	if (!g->kernel_dir || !have_tool("dt-validate") || !have_tool("dt-mk-schema")) {
		if (!o->quiet)
			sb_addf(diags, "%s: note: %s: binding schemas not checked (only dtc)\n",
				g->name, !g->kernel_dir ? "no --kernel"
					: "dt-validate not installed (Debian package dt-schema)");
		rv_genload_free(&gl);
		return B2D_OK;
	}
	rc = rv_dt_schema(g->kernel_dir, o->cache_dir, &schema);
	if (rc == B2D_OK)
		rc = run_dt_validate(g, &gl, schema, diags, res);
	if (rc < 0)
		sb_addf(diags, "%s: note: dt-validate could not run (dt-mk-schema on %s failed?); "
			"binding schemas not checked\n", g->name, g->kernel_dir);
	if (res->placeholders && !o->quiet)
		sb_addf(diags, "%s: note: /: compatible: the board2dts placeholder fails the "
			"board schemas until the TODO is resolved\n", g->name);
	free(schema);
	rv_genload_free(&gl);
	return rc;
}
