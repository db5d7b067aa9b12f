// SPDX-License-Identifier: GPL-2.0
/*
 * The `binding` lines of the compatible map: each quoted "vendor,name" on a
 * line of a binding document that mentions `compatible` (the examples of
 * the .yaml schemas, `compatible = "ti,wl1251";`, and the prose of the .txt
 * ones, `- compatible : Should be "ti,wl1251"`). Property names such as
 * "ti,power-gpio" are quoted on lines of their own, so they are not taken.
 */
#define _XOPEN_SOURCE 700
#include "binding_compats.h"

#include <ctype.h>
#include <ftw.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../common/util.h"

static struct strbuf *bc_out;
static size_t bc_root_len;

static bool compat_char(char ch, bool vendor)
{
	return isalnum((unsigned char)ch) || ch == '-' || (!vendor && strchr("._+", ch));
}

/* "vendor,name" at q (after the opening quote), closed by a quote: its length, else 0. */
static size_t compat_len(const char *q, size_t *comma)
{
	size_t i = 0;

	while (compat_char(q[i], true))
		i++;
	if (!i || q[i] != ',' || !islower((unsigned char)q[0]))
		return 0;
	*comma = i++;
	if (!compat_char(q[i], false))
		return 0;
	while (compat_char(q[i], false))
		i++;
	return q[i] == '"' ? i : 0;
}

static void scan_line(const char *file, const char *l, const char *e)
{
	for (const char *q = memchr(l, '"', (size_t)(e - l)); q && q < e;
	     q = memchr(q + 1, '"', (size_t)(e - q - 1))) {
		size_t comma, n = compat_len(q + 1, &comma);

		if (!n)
			continue;
		sb_addf(bc_out, "binding\t%.*s\t%.*s\t%s\n", (int)(n - comma - 1), q + 2 + comma,
			(int)n, q + 1, file);
		q += n + 1;
	}
}

static bool ends_with(const char *s, size_t n, const char *suffix)
{
	size_t k = strlen(suffix);

	return n >= k && !strcmp(s + n - k, suffix);
}

static int visit(const char *path, const struct stat *sb, int type, struct FTW *ftw)
{
	size_t n = strlen(path);
	char *text;

	(void)ftw;
	if (type != FTW_F || !S_ISREG(sb->st_mode) ||
	    !(ends_with(path, n, ".yaml") || ends_with(path, n, ".txt")) || n <= bc_root_len)
		return 0;
	if (!(text = read_file(path, NULL)))
		return 0;
	for (const char *l = text; *l;) {
		const char *nl = strchr(l, '\n'), *e = nl ? nl : l + strlen(l);
		char *line = xstrndup(l, (size_t)(e - l));

		if (strstr(line, "compatible"))
			scan_line(path + bc_root_len, line, line + (e - l));
		free(line);
		l = nl ? nl + 1 : e;
	}
	free(text);
	return 0;
}

void binding_compats_scan(const char *kdir, struct strbuf *out)
{
	char *d = xasprintf("%s/Documentation/devicetree/bindings", kdir);

	bc_out = out;
	bc_root_len = strlen(kdir) + 1;
	nftw(d, visit, 32, FTW_PHYS);
	bc_out = NULL;
	free(d);
}
