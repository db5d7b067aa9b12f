// SPDX-License-Identifier: GPL-2.0
/*
 * Source lines for check's diagnostics. dtc -O dts -T writes the merged tree
 * with a `file:line` comment after every property and node, and the
 * kernel's cpp step keeps #line markers, so the files named are the original
 * .dts/.dtsi, not the preprocessed text. This reads that output back into
 * (node path, property) -> "file:line". Where dtc lists several places (a
 * node extended by &label { }), the last one wins: the board file's.
 */
#include "review.h"

#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "kernel/kernel_dt.h"

struct entry {
	char *key;	/* "path\n" or "path\nprop" */
	char *loc;
};

struct rv_srcmap {
	struct entry *e;
	size_t n;
};

static void add(struct rv_srcmap *m, const char *path, const char *prop, const char *loc)
{
	m->e = xrealloc(m->e, (m->n + 1) * sizeof(*m->e));
	m->e[m->n].key = xasprintf("%s\n%s", path, prop ? prop : "");
	m->e[m->n].loc = xstrdup(loc);
	m->n++;
}

/* Split "stmt COMMENT" (comment "a.dtsi:2, a.dts:12") into stmt and the last location. */
static void split_comment(char *line, char **loc)
{
	char *c = strstr(line, " /* "), *end, *last;

	*loc = NULL;
	if (!c || !(end = strstr(c, " */")))
		return;
	*end = '\0';
	*c = '\0';
	last = strrchr(c + 4, ',');
	*loc = last ? last + 2 : c + 4;
	if (str_starts(*loc, "<no-file>"))
		*loc = NULL;
}

static char *child_path(const char *parent, char *stmt)
{
	char *name = stmt, *sp;

	stmt[strlen(stmt) - 1] = '\0';	/* the '{' */
	while ((sp = strstr(name, ": ")))
		name = sp + 2;		/* labels */
	name[strcspn(name, " ")] = '\0';
	if (!strcmp(name, "/"))
		return xstrdup("/");
	return xasprintf("%s%s%s", parent, strcmp(parent, "/") ? "/" : "", name);
}

static void parse_line(struct rv_srcmap *m, struct ptrvec *stack, char *line)
{
	char *loc, *stmt = line + strspn(line, "\t ");
	size_t n;

	split_comment(stmt, &loc);
	n = strlen(stmt);
	if (!n)
		return;
	if (!strcmp(stmt, "};")) {
		if (stack->len)
			free(stack->items[--stack->len]);
	} else if (stmt[n - 1] == '{') {
		char *path = child_path(stack->len ? stack->items[stack->len - 1] : "", stmt);

		if (loc)
			add(m, path, NULL, loc);
		pv_push(stack, path);
	} else if (stmt[n - 1] == ';' && stack->len && loc) {
		stmt[strcspn(stmt, " ;")] = '\0';
		add(m, stack->items[stack->len - 1], stmt, loc);
	}
}

static int cmp_entry(const void *a, const void *b)
{
	return strcmp(((const struct entry *)a)->key, ((const struct entry *)b)->key);
}

struct rv_srcmap *rv_srcmap_parse(const char *annotated_dts)
{
	struct rv_srcmap *m = xcalloc(1, sizeof(*m));
	struct ptrvec stack = { 0 };
	char *text = xstrdup(annotated_dts), *save = NULL;

	for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save))
		parse_line(m, &stack, l);
	for (size_t i = 0; i < stack.len; i++)
		free(stack.items[i]);
	pv_free(&stack);
	free(text);
	if (m->n)
		qsort(m->e, m->n, sizeof(*m->e), cmp_entry);
	return m;
}

void rv_srcmap_absolute(struct rv_srcmap *m, const char *input)
{
	char *input_abs = m ? realpath(input, NULL) : NULL;
	char *dir, *last = NULL, *last_real = NULL;

	if (!input_abs)
		return;
	dir = xstrndup(input_abs, (size_t)(strrchr(input_abs, '/') - input_abs));
	free(input_abs);

	for (size_t i = 0; i < m->n; i++) {
		char *loc = m->e[i].loc, *colon = strrchr(loc, ':'), *file;

		if (!colon || loc[0] == '/')
			continue;
		file = xstrndup(loc, (size_t)(colon - loc));
		if (!str_eq(file, last)) {
			char *joined = xasprintf("%s/%s", dir, file);

			free(last);
			free(last_real);
			last = xstrdup(file);
			last_real = realpath(joined, NULL);
			free(joined);
		}
		if (last_real) {
			m->e[i].loc = xasprintf("%s%s", last_real, colon);
			free(loc);
		}
		free(file);
	}
	free(last);
	free(last_real);
	free(dir);
}

int rv_srcmap_load(const char *path, const struct rv_input *in, struct rv_srcmap **out)
{
	static const char *const args[] = { "-O", "dts", "-T" };
	void *text = NULL;
	size_t len = 0;
	/*
	 * By its absolute path: dtc -T then names every file relative to the
	 * input's directory, which rv_srcmap_absolute() undoes for check.
	 */
	char *abs = realpath(path, NULL);
	int rc = kernel_dts_compile_args(in->kernel_dir, in->inc, in->ninc, abs ? abs : path, false,
					 args, 3, &text, &len, NULL);

	*out = NULL;
	if (rc == B2D_OK)
		*out = rv_srcmap_parse(text);
	free(abs);
	free(text);
	return rc;
}

void rv_srcmap_free(struct rv_srcmap *m)
{
	if (!m)
		return;
	for (size_t i = 0; i < m->n; i++) {
		free(m->e[i].key);
		free(m->e[i].loc);
	}
	free(m->e);
	free(m);
}

const char *rv_srcmap_find(const struct rv_srcmap *m, const char *path, const char *prop)
{
	struct entry want, *e;

	if (!m || !m->n)
		return NULL;
	want.key = xasprintf("%s\n%s", path, prop ? prop : "");
	e = bsearch(&want, m->e, m->n, sizeof(*m->e), cmp_entry);
	free(want.key);
	return e ? e->loc : NULL;
}
