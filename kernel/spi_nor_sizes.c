// SPDX-License-Identifier: GPL-2.0
/* SPI NOR chip sizes from the target tree's drivers/mtd/spi-nor/ tables (spi_nor_sizes.h). */
#include "spi_nor_sizes.h"

#include <ctype.h>
#include <glob.h>
#include <stdlib.h>
#include <string.h>

#include "../common/util.h"

/* `64 * 1024`, `SZ_512K`, `8`: a product of numbers and SZ_<n>K/M/G; -1 when not one. */
static long long product(const char *s, size_t n)
{
	long long v = 1;
	char *e = xstrndup(s, n), *save = NULL;

	for (char *t = strtok_r(e, "*", &save); t && v > 0; t = strtok_r(NULL, "*", &save)) {
		char *end;
		long long x;

		while (isspace((unsigned char)*t))
			t++;
		if (!strncmp(t, "SZ_", 3)) {
			x = strtoll(t + 3, &end, 10);
			x *= *end == 'K' ? 1024LL : *end == 'M' ? 1024LL * 1024 : *end == 'G' ? 1LL << 30 : 0;
			end += *end != '\0';
		} else {
			x = strtoll(t, &end, 0);
		}
		while (isspace((unsigned char)*end))
			end++;
		v = end == t || *end || x <= 0 ? -1 : v * x;
	}
	free(e);
	return v;
}

/* The i-th (0-based) argument of the call whose '(' is at p: [*a, *a + *n). */
static bool argument(const char *p, int i, const char **a, size_t *n)
{
	int depth = 0, k = 0;

	for (const char *q = ++p; *q; q++) {
		if (*q == '(')
			depth++;
		else if ((*q == ')' && depth-- == 0) || (*q == ',' && !depth)) {
			if (k++ == i) {
				*a = p;
				*n = (size_t)(q - p);
				return true;
			}
			if (*q == ')')
				return false;
			p = q + 1;
		}
	}
	return false;
}

long long spi_nor_size_in(const char *text, const char *name)
{
	char *lit = xasprintf("\"%s\"", name);
	long long size = -1;

	for (const char *p = strstr(text, lit); p && size < 0; p = strstr(p + 1, lit)) {
		const char *q = p + strlen(lit), *a, *b, *e;
		size_t an, bn;

		q += strspn(q, " \t\n");
		if (*q == ',' && (q += 1 + strspn(q + 1, " \t\n"), !strncmp(q, "INFO", 4)) &&
		    (q = strchr(q, '(')) && argument(q, 2, &a, &an) && argument(q, 3, &b, &bn)) {
			long long sector = product(a, an), count = product(b, bn);

			size = sector > 0 && count > 0 ? sector * count : -1;	/* 6.1 */
		} else if ((e = strchr(q, '}')) && (a = strstr(q, ".size")) && a < e) {
			a += 5;
			a += strspn(a, " \t=");
			size = product(a, strcspn(a, ",}\n"));			/* 6.12 */
		}
	}
	free(lit);
	return size;
}

long long spi_nor_size(const char *kdir, const char *name)
{
	char *pattern;
	long long size = -1;
	glob_t g;

	if (!kdir || !name)
		return -1;
	pattern = xasprintf("%s/drivers/mtd/spi-nor/*.c", kdir);
	if (glob(pattern, 0, NULL, &g) == 0) {
		for (size_t i = 0; i < g.gl_pathc && size < 0; i++) {
			char *t = read_file(g.gl_pathv[i], NULL);

			size = t ? spi_nor_size_in(t, name) : -1;
			free(t);
		}
		globfree(&g);
	}
	free(pattern);
	return size;
}
