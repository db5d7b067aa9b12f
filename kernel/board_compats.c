// SPDX-License-Identifier: GPL-2.0
/* The boards the target tree describes (kernel/board_compats.h). */
#define _XOPEN_SOURCE 700	/* nftw */

#include "board_compats.h"

#include <ctype.h>
#include <ftw.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "../common/util.h"

static struct strbuf *scan_out;
static size_t scan_root_len;

/* The first quoted string of the line at p (up to its end), malloc'd, or NULL. */
static char *first_string(const char *p)
{
	size_t eol = strcspn(p, "\n");
	const char *q = memchr(p, '"', eol), *e = q ? memchr(q + 1, '"', eol - (size_t)(q + 1 - p)) : NULL;

	return e && e > q + 1 ? xstrndup(q + 1, (size_t)(e - q - 1)) : NULL;
}

void board_compats_of_text(const char *text, char **compat, char **model)
{
	int depth = -1;	/* -1: before the root node; 0: in it */

	*compat = *model = NULL;
	for (const char *l = text; l && *l && !(*compat && *model);
	     l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		const char *p = l + strspn(l, " \t");
		size_t eol = strcspn(p, "\n");

		if (depth < 0) {
			depth = !strncmp(p, "/ {", 3) ? 0 : -1;
			continue;
		}
		if (depth == 0 && !*compat && !strncmp(p, "compatible", 10))
			*compat = first_string(p);
		else if (depth == 0 && !*model && !strncmp(p, "model", 5))
			*model = first_string(p);
		for (size_t i = 0; i < eol; i++)
			depth += (p[i] == '{') - (p[i] == '}');
		if (depth < 0)
			break;	/* the root node closed */
	}
}

static int visit(const char *path, const struct stat *sb, int type, struct FTW *ftw)
{
	size_t n = strlen(path);
	char *text, *compat, *model;

	(void)ftw;
	if (type != FTW_F || !S_ISREG(sb->st_mode) || n < 5 || strcmp(path + n - 4, ".dts"))
		return 0;
	text = read_file(path, NULL);
	if (text) {
		board_compats_of_text(text, &compat, &model);
		if (compat && strchr(compat, ',') && !strchr(compat, '\t'))
			sb_addf(scan_out, "board\t%s\t%s\t%s\n", model && !strchr(model, '\t') ? model : "-",
				compat, path + scan_root_len);
		free(compat);
		free(model);
	}
	free(text);
	return 0;
}

void board_compats_scan(const char *kdir, struct strbuf *out)
{
	char *dts = xasprintf("%s/arch/arm/boot/dts", kdir);

	scan_out = out;
	scan_root_len = strlen(kdir) + 1;
	nftw(dts, visit, 32, FTW_PHYS);
	scan_out = NULL;
	free(dts);
}

/* s lower-cased, letters and digits only, into out (size n). */
static void norm(const char *s, size_t len, char *out, size_t n)
{
	size_t j = 0;

	for (size_t i = 0; i < len && s[i] && j + 1 < n; i++)
		if (isalnum((unsigned char)s[i]))
			out[j++] = (char)tolower((unsigned char)s[i]);
	out[j] = '\0';
}

/* Do the id's '_' words end with the part's '-' words (same count of them at the end)? */
static bool words_end(const char *id, const char *part)
{
	size_t il = strlen(id), pl = strlen(part), words = 1;

	for (const char *p = part; *p; p++)
		words += *p == '-';
	if (words < 2 || pl > il)
		return false;
	for (size_t i = 0; i < pl; i++) {
		char a = (char)tolower((unsigned char)id[il - pl + i]), b = part[i];

		if (!(a == b || (a == '_' && b == '-')))
			return false;
	}
	return il == pl || id[il - pl - 1] == '_';
}

bool board_compat_names(const char *compat, const char *id)
{
	const char *comma = compat ? strchr(compat, ',') : NULL;
	char a[128], b[128], c[128];

	if (!comma || !id || !*id)
		return false;
	norm(id, strlen(id), a, sizeof(a));
	norm(comma + 1, strlen(comma + 1), b, sizeof(b));
	norm(compat, strlen(compat), c, sizeof(c));
	if (strlen(a) < 3)
		return false;
	return !strcmp(a, b) || !strcmp(a, c) || words_end(id, comma + 1);
}

bool board_compat_names_on(const char *compat, const char *id, const char *soc)
{
	const char *comma = compat ? strchr(compat, ',') : NULL;
	size_t n = soc ? strlen(soc) : 0;
	char *bare;
	bool hit;

	if (!comma || !n || strncasecmp(comma + 1, soc, n) || comma[1 + n] != '-')
		return false;
	bare = xasprintf("%.*s%s", (int)(comma + 1 - compat), compat, comma + 2 + n);
	hit = board_compat_names(bare, id);
	free(bare);
	return hit;
}

bool board_model_names(const char *model, const char *description)
{
	char a[160], b[160];
	size_t len = model ? strlen(model) : 0;

	if (!len || !description || str_eq(model, "-"))
		return false;
	if (model[len - 1] == ')' && strrchr(model, '(') && strrchr(model, '(') > model)
		len = (size_t)(strrchr(model, '(') - model);
	norm(model, len, a, sizeof(a));
	norm(description, strlen(description), b, sizeof(b));
	return strlen(b) >= 6 && !strcmp(a, b);
}

static const char *base_name(const char *path)
{
	return strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
}

static bool includes_at(const char *path, const char *base, int depth)
{
	char *text = depth > 0 ? read_file(path, NULL) : NULL;
	bool hit = false;

	for (const char *l = text; l && *l && !hit; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		const char *p = l + strspn(l, " \t"), *q, *e;

		if (strncmp(p, "#include", 8) && strncmp(p, "/include/", 9))
			continue;
		q = strchr(p, '"');
		e = q ? strchr(q + 1, '"') : NULL;
		if (!e || memchr(q, '\n', (size_t)(e - q)))
			continue;
		char *name = xstrndup(q + 1, (size_t)(e - q - 1));
		char *dir = xstrndup(path, (size_t)(base_name(path) - path));
		char *next = xasprintf("%s%s", dir, name);

		hit = !strcmp(base_name(name), base) || includes_at(next, base, depth - 1);
		free(next);
		free(dir);
		free(name);
	}
	free(text);
	return hit;
}

bool board_dts_includes(const char *kdir, const char *rel, const char *base)
{
	char *path = xasprintf("%s/%s", kdir, rel);
	bool hit = includes_at(path, base, 3);

	free(path);
	return hit;
}

bool board_file_names(const char *rel, const char *id, const char *soc)
{
	const char *b = rel ? base_name(rel) : NULL;
	size_t n = soc ? strlen(soc) : 0, len;
	char a[128], f[128];

	if (!b || !n || !id || strncasecmp(b, soc, n) || b[n] != '-')
		return false;
	b += n + 1;
	len = strlen(b);
	if (len > 4 && !strcmp(b + len - 4, ".dts"))
		len -= 4;
	norm(b, len, f, sizeof(f));
	norm(id, strlen(id), a, sizeof(a));
	return strlen(a) >= 3 && !strcmp(a, f);
}

/* The strings of the root node's compatible in one .dts text, all of them, in order. */
size_t board_compats_all_of_text(const char *text, char ***out)
{
	const char *l = !text ? NULL : !strncmp(text, "/ {", 3) ? text : strstr(text, "\n/ {"), *p, *end;
	size_t n = 0;
	int depth = 0;

	*out = NULL;
	/* the root's first level: the first `compatible` at depth 0 */
	for (l = l ? strchr(l + 1, '\n') : NULL; l && *l; l++) {	/* l - 1 is in the text */
		depth += (*l == '{') - (*l == '}');
		if (depth < 0)
			return 0;
		if (depth == 0 && !strncmp(l, "compatible", 10) && strchr(" \t=", l[10]) &&
		    (l[-1] == '\t' || l[-1] == ' ' || l[-1] == '\n'))
			break;
	}
	end = l && *l ? strchr(l, ';') : NULL;
	for (p = l; end && (p = memchr(p, '"', (size_t)(end - p))); ) {
		const char *q = memchr(p + 1, '"', (size_t)(end - p - 1));

		if (!q)
			break;
		*out = xrealloc(*out, (n + 1) * sizeof(**out));
		(*out)[n++] = xstrndup(p + 1, (size_t)(q - p - 1));
		p = q + 1;
	}
	return n;
}

size_t board_dts_compatibles(const char *kdir, const char *rel, char ***out)
{
	char *path = xasprintf("%s/%s", kdir, rel), *text = read_file(path, NULL);
	size_t n = board_compats_all_of_text(text, out);

	free(text);
	free(path);
	return n;
}
