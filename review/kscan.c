// SPDX-License-Identifier: GPL-2.0
/*
 * Harvesting property names from a kernel tree, line by line (no YAML or DTS
 * parser: this only needs the names):
 *  - binding schemas: the keys of every `properties:` block ("b NAME", plus
 *    "d NAME" when the key's schema says `deprecated: true`) and of
 *    every `patternProperties:` block ("p REGEX"), at any depth;
 *  - arch/arm/boot/dts/ *.dts and *.dtsi: every `name = ...` / `name;` statement.
 */
#define _XOPEN_SOURCE 700
#include "review.h"

#include <dirent.h>
#include <ftw.h>
#include <stdlib.h>
#include <string.h>

#define NAME_CHARS "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789,._+#?-"

struct block {
	int indent;	/* of the `properties:` line */
	int key_indent;	/* of its keys; -1 until the first one */
	bool pattern;
	char key[128];	/* the last key read, for its `deprecated: true` */
	int child_indent;	/* of that key's own schema keywords */
};

static struct strbuf *scan_out;

static bool plain_name(const char *s, size_t n)
{
	return n && strspn(s, NAME_CHARS) >= n;
}

/* `  "#gpio-cells":` / `  'pattern':` / `  name:`: the key, unquoted. */
static bool yaml_key(const char *s, const char **key, size_t *n)
{
	const char *end;

	if (*s == '"' || *s == '\'') {
		end = strchr(s + 1, *s);
		if (!end || end[1] != ':')
			return false;
		*key = s + 1;
		*n = (size_t)(end - s - 1);
		return true;
	}
	end = strchr(s, ':');
	if (!end || (end[1] && end[1] != ' '))
		return false;
	if (strchr(s, ' ') && strchr(s, ' ') < end)
		return false;
	*key = s;
	*n = (size_t)(end - s);
	return true;
}

static void record(struct block *b, const char *key, size_t n)
{
	b->key[0] = '\0';
	b->child_indent = -1;
	if (b->pattern) {
		sb_addf(scan_out, "p %.*s\n", (int)n, key);
	} else if (plain_name(key, n) && n < sizeof(b->key)) {
		sb_addf(scan_out, "b %.*s\n", (int)n, key);
		memcpy(b->key, key, n);
		b->key[n] = '\0';
	}
}

static void scan_line(struct block *st, int *depth, const char *line)
{
	int ind = (int)strspn(line, " ");
	const char *s = line + ind, *key;
	size_t n;

	if (!*s || *s == '#' || *s == '\n')
		return;
	while (*depth && ind <= st[*depth - 1].indent)
		(*depth)--;
	if (*depth) {
		struct block *b = &st[*depth - 1];

		if (b->key_indent < 0)
			b->key_indent = ind;
		if (ind == b->key_indent && yaml_key(s, &key, &n))
			record(b, key, n);
		else if (ind > b->key_indent && b->child_indent < 0)
			b->child_indent = ind;
		if (ind == b->child_indent && b->key[0] && !strcmp(s, "deprecated: true"))
			sb_addf(scan_out, "d %s\n", b->key);
	}
	if (*depth < 32 && (!strcmp(s, "properties:") || !strcmp(s, "patternProperties:")))
		st[(*depth)++] = (struct block){ ind, -1, s[0] == 'p' && s[1] == 'a', "", -1 };
}

static void scan_yaml(const char *path)
{
	char *text = read_file(path, NULL), *save = NULL;
	struct block st[32];
	int depth = 0;

	if (!text)
		return;
	for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		size_t len = strlen(l);

		while (len && (l[len - 1] == ' ' || l[len - 1] == '\r'))
			l[--len] = '\0';
		scan_line(st, &depth, l);
	}
	free(text);
}

static int yaml_visit(const char *path, const struct stat *sb, int type, struct FTW *ftw)
{
	size_t n = strlen(path);

	if (type == FTW_F && n > 5 && !strcmp(path + n - 5, ".yaml"))
		scan_yaml(path);
	return 0;
}

void rv_scan_bindings(const char *kdir, struct strbuf *words)
{
	char *dir = xasprintf("%s/Documentation/devicetree/bindings", kdir);

	scan_out = words;
	nftw(dir, yaml_visit, 16, FTW_PHYS);
	scan_out = NULL;
	free(dir);
}

/* One DTS statement `name = ...` or `name` (ended by ';'). */
static void dts_statement(const char *s, size_t len, bool ended, struct strbuf *out)
{
	size_t n, i;

	while (len && (*s == ' ' || *s == '\t')) {
		s++;
		len--;
	}
	n = strspn(s, NAME_CHARS);
	if (!n || n > len)
		return;
	if (s[0] == '#' && (n < 7 || strncmp(s + n - 6, "-cells", 6)))
		return;
	for (i = n; i < len && (s[i] == ' ' || s[i] == '\t'); i++)
		;
	if ((i < len && s[i] == '=') || (i == len && ended))
		sb_addf(out, "w %.*s\n", (int)n, s);
}

static void scan_dts_line(const char *l, struct strbuf *out)
{
	size_t start = 0;
	bool quoted = false;

	for (size_t i = 0; l[i]; i++) {
		if (l[i] == '"')
			quoted = !quoted;
		if (quoted)
			continue;
		if (l[i] == '/' && (l[i + 1] == '/' || l[i + 1] == '*'))
			break;
		if (l[i] == ';')
			dts_statement(l + start, i - start, true, out);
		if (l[i] == ';' || l[i] == '{' || l[i] == '}')
			start = i + 1;
	}
	dts_statement(l + start, strlen(l + start), false, out);
}

static void scan_dts(const char *path, struct strbuf *out)
{
	char *text = read_file(path, NULL), *save = NULL;

	if (!text)
		return;
	for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save))
		scan_dts_line(l, out);
	free(text);
}

void rv_scan_dts_dir(const char *kdir, struct strbuf *words)
{
	char *dir = xasprintf("%s/arch/arm/boot/dts", kdir);
	DIR *d = opendir(dir);
	struct dirent *e;

	while (d && (e = readdir(d))) {
		size_t n = strlen(e->d_name);
		char *p;

		if (n < 5 || (strcmp(e->d_name + n - 4, ".dts") && strcmp(e->d_name + n - 5, ".dtsi")))
			continue;
		p = xasprintf("%s/%s", dir, e->d_name);
		scan_dts(p, words);
		free(p);
	}
	if (d)
		closedir(d);
	free(dir);
}
