// SPDX-License-Identifier: GPL-2.0
/*
 * `.dt_compat = NAME` of the target's DT_MACHINE_START records, and the
 * string literals of `NAME[] ... = { "a", "b", NULL };` (dt_machines.h).
 * A text scan: those arrays are plain lists of literals in every tree.
 */
#include "dt_machines.h"

#include <ctype.h>
#include <glob.h>
#include <stdlib.h>
#include <string.h>

#include "../common/util.h"

static void add(struct dt_machines *m, const char *s, size_t n, const char *path)
{
	m->compat = xrealloc(m->compat, (m->n + 1) * sizeof(*m->compat));
	m->file = xrealloc(m->file, (m->n + 1) * sizeof(*m->file));
	m->compat[m->n] = xstrndup(s, n);
	m->file[m->n++] = xstrdup(path);
}

static bool ident_char(char ch)
{
	return isalnum((unsigned char)ch) || ch == '_';
}

/* The literals of the initializer of array name[] in text. */
static void array_strings(struct dt_machines *m, const char *text, const char *name, size_t len,
			  const char *path)
{
	for (const char *p = strstr(text, name); p; p = strstr(p + 1, name)) {
		const char *q = p + len, *end;

		if ((p > text && ident_char(p[-1])) || *q != '[')
			continue;
		q = strchr(q, '=');
		if (!q || strchr(p, ';') < q || !(q = strchr(q, '{')) || !(end = strchr(q, '}')))
			continue;
		while ((q = memchr(q, '"', (size_t)(end - q))) != NULL) {
			const char *close = memchr(q + 1, '"', (size_t)(end - q - 1));

			if (!close)
				break;
			add(m, q + 1, (size_t)(close - q - 1), path);
			q = close + 1;
		}
		return;
	}
}

void dt_machines_scan_text(struct dt_machines *m, const char *text, const char *path)
{
	for (const char *p = strstr(text, ".dt_compat"); p; p = strstr(p + 1, ".dt_compat")) {
		const char *q = p + 10;
		size_t len;

		q += strspn(q, " \t");
		if (*q != '=')
			continue;
		q++;
		q += strspn(q, " \t");
		for (len = 0; ident_char(q[len]); len++)
			;
		if (len) {
			char *name = xstrndup(q, len);

			array_strings(m, text, name, len, path);
			free(name);
		}
	}
}

void dt_machines_read(const char *kdir, struct dt_machines *m)
{
	char *pattern = xasprintf("%s/arch/arm/mach-*/*.c", kdir);
	size_t skip = strlen(kdir) + 1;
	glob_t g;

	memset(m, 0, sizeof(*m));
	if (glob(pattern, 0, NULL, &g) == 0) {
		for (size_t i = 0; i < g.gl_pathc; i++) {
			char *text = read_file(g.gl_pathv[i], NULL);

			if (text && strstr(text, ".dt_compat"))
				dt_machines_scan_text(m, text, g.gl_pathv[i] + skip);
			free(text);
		}
		globfree(&g);
	}
	free(pattern);
}

void dt_machines_free(struct dt_machines *m)
{
	for (size_t i = 0; i < m->n; i++) {
		free(m->compat[i]);
		free(m->file[i]);
	}
	free(m->compat);
	free(m->file);
	memset(m, 0, sizeof(*m));
}

void dt_machines_scan(const char *kdir, struct strbuf *out)
{
	struct dt_machines m;

	dt_machines_read(kdir, &m);
	for (size_t i = 0; i < m.n; i++)
		sb_addf(out, "machine\t-\t%s\t%s\n", m.compat[i], m.file[i]);
	dt_machines_free(&m);
}
