// SPDX-License-Identifier: GPL-2.0
/*
 * The generated tree, loaded for review (`convert --against`, against.c,
 * and `--validate`, validate.c): the .dts as written compiled with the
 * kernel's cpp and dtc -@ from a temporary file, with the .dts line of
 * every property and its board-file line (read from the annotation on
 * that line of the annotated text).
 */
#define _GNU_SOURCE
#include "against.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/diag.h"
#include "kernel/kernel_dt.h"

static char *write_temp(const char *text)
{
	char path[] = "/tmp/board2dts-gen-XXXXXX.dts";
	int fd = mkstemps(path, 4);
	size_t len = strlen(text);

	if (fd < 0)
		return NULL;
	if (write(fd, text, len) != (ssize_t)len) {
		close(fd);
		unlink(path);
		return NULL;
	}
	close(fd);
	return xstrdup(path);
}

/* Every occurrence of `from` in s replaced by `to` (malloc'd). */
static char *replace_all(const char *s, const char *from, const char *to)
{
	struct strbuf sb;
	size_t n = strlen(from);
	const char *q;

	sb_init(&sb);
	while ((q = strstr(s, from))) {
		sb_addn(&sb, s, (size_t)(q - s));
		sb_add(&sb, to);
		s = q + n;
	}
	sb_add(&sb, s);
	return sb_detach(&sb);
}

static void split_lines(const char *text, struct rv_genload *gl)
{
	char *copy = xstrdup(text), *s = copy;
	size_t n = 1;

	for (const char *p = text; *p; p++)
		n += *p == '\n';
	gl->annlines = xcalloc(n + 2, sizeof(*gl->annlines));
	for (size_t i = 1; s; i++) {
		char *nl = strchr(s, '\n');

		if (nl)
			*nl = '\0';
		gl->annlines[i] = xstrdup(s);
		gl->nannlines = i;
		s = nl ? nl + 1 : NULL;
	}
	free(copy);
}

int rv_gen_load(const struct rv_gen *g, struct rv_genload *gl)
{
	struct rv_input in = { g->kernel_dir, NULL, 0 };
	char *tmp = write_temp(g->text), *anntmp = NULL, *err = NULL;
	void *blob = NULL;
	size_t len = 0;
	int rc;

	memset(gl, 0, sizeof(*gl));
	if (!tmp) {
		gl->errors = xasprintf("%s: error: cannot write a temporary file\n", g->name);
		return B2D_ERR_IO;
	}
	rc = kernel_dts_compile(g->kernel_dir, NULL, 0, tmp, true, &blob, &len, &err);
	if (rc < 0) {
		char *e = rc == B2D_ERR_DTC ? rv_dtc_errors(err, tmp)
					    : xasprintf("%s: error: %s", tmp,
							err ? err : "cannot run cpp/dtc\n");

		gl->errors = replace_all(e, tmp, g->name);
		free(e);
	} else if ((rc = rv_tree_from_blob(blob, len, g->name, &gl->tree)) < 0) {
		gl->errors = xasprintf("%s: error: dtc wrote no valid blob\n", g->name);
	}
	free(err);
	if (rc == B2D_OK) {
		rv_srcmap_load(tmp, &in, &gl->map);
		gl->annmap = gl->map;
		if (g->annotated && strcmp(g->annotated, g->text) &&
		    (anntmp = write_temp(g->annotated)))
			rv_srcmap_load(anntmp, &in, &gl->annmap);
		split_lines(g->annotated ? g->annotated : g->text, gl);
	}
	unlink(tmp);
	if (anntmp)
		unlink(anntmp);
	free(tmp);
	free(anntmp);
	return rc;
}

void rv_genload_free(struct rv_genload *gl)
{
	rv_tree_free(gl->tree);
	if (gl->annmap != gl->map)
		rv_srcmap_free(gl->annmap);
	rv_srcmap_free(gl->map);
	for (size_t i = 0; gl->annlines && i <= gl->nannlines; i++)
		free(gl->annlines[i]);
	free(gl->annlines);
	free(gl->errors);
	memset(gl, 0, sizeof(*gl));
}

/* "/tmp/board2dts-gen-abc.dts:12" -> 12 when the file is a generated temp file. */
static unsigned gen_line(const char *loc)
{
	const char *colon = loc ? strrchr(loc, ':') : NULL;

	if (!colon || !strstr(loc, "board2dts-gen-"))
		return 0;
	return (unsigned)strtoul(colon + 1, NULL, 10);
}

char *rv_gen_dts_line(const struct rv_gen *g, const struct rv_genload *gl, const char *path,
		      const char *prop)
{
	const char *loc = rv_srcmap_find(gl->map, path, prop);
	unsigned line = gen_line(loc);

	if (line)
		return xasprintf("%s:%u", g->name, line);
	return loc ? xstrdup(loc) : NULL;
}

char *rv_gen_board_line(const struct rv_genload *gl, const char *path, const char *prop)
{
	unsigned line = gen_line(rv_srcmap_find(gl->annmap, path, prop));
	const char *c, *text;
	size_t n;

	if (!line || line > gl->nannlines)
		return NULL;
	text = gl->annlines[line];
	c = strstr(text, "/* ");
	if (!c || (!strchr(text, ';') && !strchr(text, '{')) || str_starts(c + 3, "TODO"))
		return NULL;
	c += 3;
	n = strcspn(c, " \t*");
	/* file:LINE */
	for (size_t i = n; i > 0; i--) {
		if (c[i - 1] == ':')
			return i < n ? xstrndup(c, n) : NULL;
		if (c[i - 1] < '0' || c[i - 1] > '9')
			return NULL;
	}
	return NULL;
}
