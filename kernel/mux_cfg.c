// SPDX-License-Identifier: GPL-2.0
/* DaVinci MUX_CFG tables from a mach-davinci SoC file. */
#include "mux_cfg.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../common/diag.h"
#include "../common/util.h"

struct entry {
	char *name;		/* "DA850_MMCSD0_DAT_0" */
	struct mux_cfg cfg;
};

struct pin_list {
	char *name;		/* "da850_i2c0_pins" */
	char **pins;		/* enumerator names, up to the -1 */
	size_t n;
};

struct mux_cfg_table {
	char *file;
	struct entry *v;
	size_t n;
	struct pin_list *lists;	/* the SoC file's own pin lists */
	size_t nlists;
};

/* The identifier at *s (after spaces), advancing *s; NULL when none. */
static char *ident(const char **s)
{
	const char *p = *s, *b;

	while (isspace((unsigned char)*p))
		p++;
	b = p;
	while (isalnum((unsigned char)*p) || *p == '_')
		p++;
	*s = p;
	return p > b ? xstrndup(b, (size_t)(p - b)) : NULL;
}

/* ", number" at *s, advancing *s. */
static bool number(const char **s, unsigned *out)
{
	const char *p = *s;
	char *end;

	while (isspace((unsigned char)*p))
		p++;
	if (*p++ != ',')
		return false;
	*out = (unsigned)strtoul(p, &end, 0);
	if (end == p)
		return false;
	*s = end;
	return true;
}

/* One MUX_CFG(soc, desc, reg, shift, mask, mode, dbg) at s (after the '('). */
static void entry(struct mux_cfg_table *t, const char *s)
{
	char *soc = ident(&s), *desc = NULL;
	struct mux_cfg c;

	while (soc && isspace((unsigned char)*s))
		s++;
	if (soc && *s == ',') {
		s++;
		desc = ident(&s);
	}
	if (desc && number(&s, &c.reg) && number(&s, &c.shift) && number(&s, &c.mask) &&
	    number(&s, &c.mode)) {
		t->v = xrealloc(t->v, (t->n + 1) * sizeof(*t->v));
		t->v[t->n++] = (struct entry){ xasprintf("%s_%s", soc, desc), c };
	}
	free(soc);
	free(desc);
}

/* `short NAME[] ... = { A, B, -1 };` at s (after "short"): one list of the SoC file. */
static void list(struct mux_cfg_table *t, const char *s)
{
	char *name = ident(&s);
	const char *open = strchr(s, '{'), *close = open ? strchr(open, '}') : NULL;
	const char *semi = strchr(s, ';');
	struct pin_list l = { name, NULL, 0 };

	if (!name || strncmp(s, "[]", 2) || !close || (semi && semi < open)) {
		free(name);
		return;
	}
	for (const char *p = open + 1; p < close;) {
		char *pin = ident(&p);

		if (pin) {
			l.pins = xrealloc(l.pins, (l.n + 1) * sizeof(*l.pins));
			l.pins[l.n++] = pin;
		}
		while (p < close && *p != ',')
			p++;
		if (p < close)
			p++;
	}
	t->lists = xrealloc(t->lists, (t->nlists + 1) * sizeof(*t->lists));
	t->lists[t->nlists++] = l;
}

struct mux_cfg_table *mux_cfg_parse(const char *text, const char *file)
{
	struct mux_cfg_table *t = xcalloc(1, sizeof(*t));

	t->file = xstrdup(file ? file : "");
	for (const char *s = text; (s = strstr(s, "MUX_CFG(")); s += strlen("MUX_CFG("))
		if (s == text || !(isalnum((unsigned char)s[-1]) || s[-1] == '_'))
			entry(t, s + strlen("MUX_CFG("));
	if (!t->n) {
		mux_cfg_free(t);
		return NULL;
	}
	for (const char *s = text; (s = strstr(s, "short ")); s += strlen("short "))
		list(t, s + strlen("short "));
	return t;
}

static void *parse_any(const char *text, const char *file)
{
	return mux_cfg_parse(text, file);
}

int mux_cfg_load(const char *kdir, const char *rel, struct mux_cfg_table **out)
{
	return parse_file_at(kdir, rel, parse_any, (void **)out);
}

void mux_cfg_free(struct mux_cfg_table *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->n; i++)
		free(t->v[i].name);
	for (size_t i = 0; i < t->nlists; i++) {
		for (size_t k = 0; k < t->lists[i].n; k++)
			free(t->lists[i].pins[k]);
		free(t->lists[i].pins);
		free(t->lists[i].name);
	}
	free(t->lists);
	free(t->v);
	free(t->file);
	free(t);
}

bool mux_cfg_find(const struct mux_cfg_table *t, const char *name, struct mux_cfg *out)
{
	for (size_t i = 0; t && name && i < t->n; i++)
		if (!strcmp(t->v[i].name, name)) {
			*out = t->v[i].cfg;
			return true;
		}
	return false;
}

const char *mux_cfg_file(const struct mux_cfg_table *t)
{
	return t ? t->file : NULL;
}

const char *const *mux_cfg_list(const struct mux_cfg_table *t, const char *name, size_t *n)
{
	for (size_t i = 0; t && name && i < t->nlists; i++)
		if (!strcmp(t->lists[i].name, name)) {
			*n = t->lists[i].n;
			return (const char *const *)t->lists[i].pins;
		}
	*n = 0;
	return NULL;
}
