// SPDX-License-Identifier: GPL-2.0
/* i.MX pad macros of the target's <soc>-pinfunc.h (see imx_pinfunc.h). */
#include "imx_pinfunc.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../common/diag.h"
#include "../common/util.h"
#include "dtsi_find.h"

struct imx_pinfunc {
	struct imx_pad *pads;	/* sorted by name */
	size_t n;
	char *file;
};

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct imx_pad *)a)->name, ((const struct imx_pad *)b)->name);
}

/* "#define NAME c0 c1 c2 c3 c4" at s (a line start): true and *pad filled. */
static bool one_define(const char *s, struct imx_pad *pad)
{
	const char *name, *e;
	char *end;

	while (*s == ' ' || *s == '\t')
		s++;
	if (strncmp(s, "#define", 7) || (s[7] != ' ' && s[7] != '\t'))
		return false;
	s += 7;
	while (*s == ' ' || *s == '\t')
		s++;
	name = s;
	while (isalnum((unsigned char)*s) || *s == '_')
		s++;
	if (s == name || (*s != ' ' && *s != '\t') || !strstr(name, "_PAD_"))
		return false;
	e = s;
	memset(pad->cells, 0, sizeof(pad->cells));
	for (int i = 0; i < 5; i++) {
		unsigned long v;

		while (*s == ' ' || *s == '\t')
			s++;
		/* two cells: an iomux-v1 pin and its mux id (imx27-pinfunc.h) */
		if (i == 2 && (!*s || *s == '\n' || *s == '\r' || !strncmp(s, "/*", 2)))
			break;
		if (!isdigit((unsigned char)*s))
			return false;
		v = strtoul(s, &end, 0);
		if (end == s || v > 0xffffffffUL)
			return false;
		pad->cells[i] = (uint32_t)v;
		s = end;
	}
	while (*s == ' ' || *s == '\t' || *s == '\r')
		s++;
	if (*s && *s != '\n' && strncmp(s, "/*", 2) && strncmp(s, "//", 2))
		return false;
	pad->name = xstrndup(name, (size_t)(e - name));
	return true;
}

/*
 * "#define NAME OTHER" at s, both pad macros (imx25-pinfunc.h's
 * MX25_PAD_SD1_CMD__SD1_CMD, an alias of MX25_PAD_SD1_CMD__ESDHC1_CMD):
 * true, *name and *other the two names (to free).
 */
static bool one_alias(const char *s, char **name, char **other)
{
	const char *n, *ne, *o;

	while (*s == ' ' || *s == '\t')
		s++;
	if (strncmp(s, "#define", 7) || (s[7] != ' ' && s[7] != '\t'))
		return false;
	for (s += 7; *s == ' ' || *s == '\t'; s++)
		;
	for (n = s; isalnum((unsigned char)*s) || *s == '_'; s++)
		;
	if (s == n || (*s != ' ' && *s != '\t'))
		return false;
	ne = s;
	while (*s == ' ' || *s == '\t')
		s++;
	for (o = s; isalnum((unsigned char)*s) || *s == '_'; s++)
		;
	if (s == o || !isalpha((unsigned char)*o))
		return false;
	*name = xstrndup(n, (size_t)(ne - n));
	*other = xstrndup(o, (size_t)(s - o));
	while (*s == ' ' || *s == '\t' || *s == '\r')
		s++;
	if ((*s && *s != '\n' && strncmp(s, "/*", 2) && strncmp(s, "//", 2)) ||
	    !strstr(*name, "_PAD_") || !strstr(*other, "_PAD_")) {
		free(*name);
		free(*other);
		return false;
	}
	return true;
}

/* The aliases of text's pads: each a pad of its own with the cells of the one it names. */
static void add_aliases(struct imx_pinfunc *p, const char *text)
{
	size_t n = p->n;

	for (const char *s = text; s && *s; s = strchr(s, '\n'), s = s ? s + 1 : NULL) {
		struct imx_pad key = { 0 }, pad;
		const struct imx_pad *hit;
		char *name, *other;

		if (!one_alias(s, &name, &other))
			continue;
		key.name = other;
		hit = bsearch(&key, p->pads, n, sizeof(*p->pads), by_name);
		free(other);
		if (!hit) {
			free(name);
			continue;
		}
		pad = *hit;
		pad.name = name;
		p->pads = xrealloc(p->pads, (p->n + 1) * sizeof(*p->pads));
		p->pads[p->n++] = pad;
	}
	if (p->n > n)
		qsort(p->pads, p->n, sizeof(*p->pads), by_name);
}

struct imx_pinfunc *imx_pinfunc_parse(const char *text, const char *file)
{
	struct imx_pinfunc *p;
	size_t cap = 0;

	if (!text)
		return NULL;
	p = xcalloc(1, sizeof(*p));
	for (const char *s = text; s && *s; s = strchr(s, '\n'), s = s ? s + 1 : NULL) {
		struct imx_pad pad;

		if (!one_define(s, &pad))
			continue;
		if (p->n == cap) {
			cap = cap ? 2 * cap : 256;
			p->pads = xrealloc(p->pads, cap * sizeof(*p->pads));
		}
		p->pads[p->n++] = pad;
	}
	if (!p->n) {
		free(p);
		return NULL;
	}
	qsort(p->pads, p->n, sizeof(*p->pads), by_name);
	add_aliases(p, text);
	p->file = xstrdup(file ? file : "");
	return p;
}

int imx_pinfunc_load(const char *kdir, const char *name, struct imx_pinfunc **out)
{
	const char *names[1] = { name };
	char *rel, *path, *text;

	*out = NULL;
	if (!kdir || !name || !(rel = dtsi_find(kdir, names, 1)))
		return B2D_ERR_IO;
	path = xasprintf("%s/arch/arm/boot/dts/%s", kdir, rel);
	text = read_file(path, NULL);
	free(path);
	if (!text) {
		free(rel);
		return B2D_ERR_IO;
	}
	*out = imx_pinfunc_parse(text, rel);
	free(text);
	free(rel);
	return *out ? B2D_OK : B2D_ERR_PARSE;
}

void imx_pinfunc_free(struct imx_pinfunc *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->n; i++)
		free((char *)p->pads[i].name);
	free(p->pads);
	free(p->file);
	free(p);
}

const struct imx_pad *imx_pinfunc_v1(const struct imx_pinfunc *p, uint32_t pin, uint32_t function,
				     long mux)
{
	const struct imx_pad *found = NULL;

	for (size_t i = 0; p && i < p->n; i++) {
		const struct imx_pad *d = &p->pads[i];

		if (d->cells[0] != pin || (d->cells[1] & 3) != function ||
		    (mux >= 0 && d->cells[1] != (uint32_t)mux))
			continue;
		if (found)
			return NULL;
		found = d;
	}
	return found;
}

const struct imx_pad *imx_pinfunc_find(const struct imx_pinfunc *p, const char *name)
{
	struct imx_pad key = { .name = name };

	if (!p || !name)
		return NULL;
	return bsearch(&key, p->pads, p->n, sizeof(*p->pads), by_name);
}

/* name with every "GPIO_n_m" as "GPIOn_m" (malloc'd). */
static char *gpio_words(const char *name)
{
	char *out = xstrdup(name), *q = out;

	for (const char *s = name; *s;) {
		if (!strncmp(s, "GPIO_", 5) && isdigit((unsigned char)s[5]) && s[6] == '_' &&
		    isdigit((unsigned char)s[7])) {
			memcpy(q, "GPIO", 4);
			q[4] = s[5];
			q += 5;
			s += 6;	/* on the '_' before the line number */
			continue;
		}
		*q++ = *s++;
	}
	*q = '\0';
	return out;
}

/* Is part a (of a new name) old part b, or b grown at its start or end? */
static bool grown(const char *a, size_t na, const char *b, size_t nb)
{
	if (na == nb)
		return !strncmp(a, b, nb);
	return na > nb && (!strncmp(a, b, nb) ? a[nb] == '_' : !strncmp(a + na - nb, b, nb) &&
			   (a[na - nb - 1] == '_' || isalpha((unsigned char)a[na - nb - 1])));
}

const struct imx_pad *imx_pinfunc_era(const struct imx_pinfunc *p, const char *name)
{
	char *g = name ? gpio_words(name) : NULL;
	const struct imx_pad *hit = g ? imx_pinfunc_find(p, g) : NULL, *one = NULL;
	const char *pad = g ? strstr(g, "_PAD_") : NULL, *fn = pad ? strstr(pad, "__") : NULL;
	size_t n = 0;

	for (size_t i = 0; !hit && fn && p && i < p->n; i++) {
		const char *nm = p->pads[i].name, *q = strstr(nm, "_PAD_"), *f = q ? strstr(q, "__") : NULL;

		if (f && q - nm == pad - g && !strncmp(nm, g, (size_t)(pad - g)) &&
		    grown(q + 5, (size_t)(f - q - 5), pad + 5, (size_t)(fn - pad - 5)) &&
		    grown(f + 2, strlen(f + 2), fn + 2, strlen(fn + 2))) {
			one = &p->pads[i];
			n++;
		}
	}
	free(g);
	return hit ? hit : n == 1 ? one : NULL;
}

const struct imx_pad *imx_pinfunc_at(const struct imx_pinfunc *p, uint32_t mux_reg,
				     uint32_t mode, uint32_t input_reg)
{
	const struct imx_pad *found = NULL;

	for (size_t i = 0; p && i < p->n; i++) {
		const struct imx_pad *d = &p->pads[i];

		if (d->cells[0] != mux_reg || d->cells[3] != mode || d->cells[2] != input_reg)
			continue;
		if (found)
			return NULL;
		found = d;
	}
	return found;
}

const char *imx_pinfunc_file(const struct imx_pinfunc *p)
{
	return p ? p->file : NULL;
}

size_t imx_pinfunc_count(const struct imx_pinfunc *p)
{
	return p ? p->n : 0;
}
