// SPDX-License-Identifier: GPL-2.0
/* MFP address maps (MFP_ADDR, MFP_ADDR_X) of a PXA SoC file, pins by the MFP_PIN_ enum. */
#include "mfp_addr.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../common/util.h"

struct pin_name {
	char *name;		/* "GPIO23" (MFP_PIN_ stripped) */
	long value;
};

struct addr {
	unsigned pin, off;
};

struct mfp_addr_table {
	char *file;
	char *table[2];		/* main, alt */
	struct pin_name *names;
	size_t nnames;
	struct addr *v[2];
	size_t n[2];
};

/* text with comments blanked (same length, so offsets hold). */
static char *uncomment(const char *text)
{
	char *s = xstrdup(text);

	for (char *p = s; *p; p++) {
		if (p[0] == '/' && p[1] == '*') {
			char *e = strstr(p + 2, "*/");
			char *stop = e ? e + 2 : p + strlen(p);

			memset(p, ' ', (size_t)(stop - p));
			p = stop - 1;
		} else if (p[0] == '/' && p[1] == '/') {
			while (*p && *p != '\n')
				*p++ = ' ';
			if (!*p)
				break;
		}
	}
	return s;
}

static const char *skip_ws(const char *p)
{
	while (isspace((unsigned char)*p))
		p++;
	return p;
}

/* The identifier at *p (after spaces), advancing *p; its length, 0 when none. */
static size_t ident(const char **p, const char **start)
{
	const char *s = skip_ws(*p), *b = s;

	while (isalnum((unsigned char)*s) || *s == '_')
		s++;
	*start = b;
	*p = s;
	return (size_t)(s - b);
}

static bool name_value(const struct mfp_addr_table *t, const char *name, size_t len, long *v)
{
	for (size_t i = 0; i < t->nnames; i++)
		if (strlen(t->names[i].name) == len && !strncmp(t->names[i].name, name, len)) {
			*v = t->names[i].value;
			return true;
		}
	return false;
}

/* The enum that has MFP_PIN_GPIO0: its enumerators, MFP_PIN_ stripped. */
static bool parse_enum(struct mfp_addr_table *t, const char *h)
{
	const char *at = strstr(h, "MFP_PIN_GPIO0"), *p, *open = NULL;
	long next = 0;

	if (!at)
		return false;
	for (p = at; p > h; p--)
		if (*p == '{') {
			open = p;
			break;
		}
	if (!open)
		return false;
	p = open + 1;
	for (;;) {
		const char *b;
		size_t len = ident(&p, &b);
		long v = next;

		if (!len)
			break;
		p = skip_ws(p);
		if (*p == '=') {
			const char *vb;
			size_t vl;
			char *end;

			p = skip_ws(p + 1);
			v = strtol(p, &end, 0);
			if (end == p) {
				vl = ident(&p, &vb);
				if (!vl || vl < 8 || strncmp(vb, "MFP_PIN_", 8) ||
				    !name_value(t, vb + 8, vl - 8, &v))
					return false;
			} else {
				p = end;
			}
			p = skip_ws(p);
		}
		if (len > 8 && !strncmp(b, "MFP_PIN_", 8)) {
			t->names = xrealloc(t->names, (t->nnames + 1) * sizeof(*t->names));
			t->names[t->nnames++] = (struct pin_name){ xstrndup(b + 8, len - 8), v };
		}
		next = v + 1;
		if (*p != ',')
			break;
		p++;
	}
	return t->nnames > 0;
}

/* An MFP_PIN_ argument at *p: its value. */
static bool pin_arg(const struct mfp_addr_table *t, const char **p, long *v)
{
	const char *b;
	size_t len = ident(p, &b);

	return len && name_value(t, b, len, v);
}

static bool comma_number(const char **p, unsigned *out)
{
	const char *s = skip_ws(*p);
	char *end;

	if (*s++ != ',')
		return false;
	s = skip_ws(s);
	*out = (unsigned)strtoul(s, &end, 0);
	if (end == s)
		return false;
	*p = end;
	return true;
}

static void add(struct mfp_addr_table *t, int k, unsigned pin, unsigned off)
{
	t->v[k] = xrealloc(t->v[k], (t->n[k] + 1) * sizeof(*t->v[k]));
	t->v[k][t->n[k]++] = (struct addr){ pin, off };
}

/* The entries of `name[] ... = { ... }` in text into t->v[k]; false: no such table. */
static bool parse_table(struct mfp_addr_table *t, int k, const char *text, const char *name)
{
	size_t nl = strlen(name);
	const char *p = text, *end;

	for (;;) {
		p = strstr(p, name);
		if (!p)
			return false;
		if ((p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
		    *skip_ws(p + nl) == '[')
			break;
		p += nl;
	}
	p = strchr(p, '{');
	end = p ? strstr(p, "};") : NULL;
	if (!end)
		return false;
	while ((p = strstr(p, "MFP_ADDR")) && p < end) {
		bool range = !strncmp(p, "MFP_ADDR_X", 10);
		long a, b = -1;
		unsigned off;

		p += range ? 10 : 8;
		if (*skip_ws(p) != '(')
			continue;	/* MFP_ADDR_END */
		p = skip_ws(p) + 1;
		if (!pin_arg(t, &p, &a))
			continue;
		if (range) {
			p = skip_ws(p);
			if (*p++ != ',' || !pin_arg(t, &p, &b) || b < a)
				continue;
		}
		if (!comma_number(&p, &off))
			continue;
		for (long pin = a; pin <= (range ? b : a); pin++)
			add(t, k, (unsigned)pin, off + 4 * (unsigned)(pin - a));
	}
	return true;
}

struct mfp_addr_table *mfp_addr_parse(const char *soc_text, const char *table,
				      const char *alt, const char *mfp_h, const char *file)
{
	struct mfp_addr_table *t = xcalloc(1, sizeof(*t));
	char *src = uncomment(soc_text), *h = uncomment(mfp_h);
	bool ok = parse_enum(t, h) && parse_table(t, 0, src, table) && t->n[0];

	if (ok && alt)
		parse_table(t, 1, src, alt);
	free(src);
	free(h);
	if (!ok) {
		mfp_addr_free(t);
		return NULL;
	}
	t->file = xstrdup(file);
	t->table[0] = xstrdup(table);
	t->table[1] = alt ? xstrdup(alt) : NULL;
	return t;
}

struct mfp_addr_table *mfp_addr_load(const char *root, const char *soc_rel, const char *table,
				     const char *alt, const char *const *mfp_h, size_t nh)
{
	char *path = xasprintf("%s/%s", root, soc_rel);
	char *text = read_file(path, NULL), *h = NULL;
	struct mfp_addr_table *t = NULL;

	for (size_t i = 0; text && !h && i < nh; i++) {
		char *hp = xasprintf("%s/%s", root, mfp_h[i]);

		h = read_file(hp, NULL);
		free(hp);
	}
	if (text && h)
		t = mfp_addr_parse(text, table, alt, h, path);
	free(text);
	free(h);
	free(path);
	return t;
}

void mfp_addr_free(struct mfp_addr_table *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->nnames; i++)
		free(t->names[i].name);
	free(t->names);
	free(t->v[0]);
	free(t->v[1]);
	free(t->table[0]);
	free(t->table[1]);
	free(t->file);
	free(t);
}

bool mfp_addr_find(const struct mfp_addr_table *t, unsigned pin, bool alt, unsigned *off)
{
	int k = alt ? 1 : 0;

	for (size_t i = 0; t && i < t->n[k]; i++)
		if (t->v[k][i].pin == pin) {
			*off = t->v[k][i].off;
			return true;
		}
	return false;
}

const char *mfp_addr_pin_name(const struct mfp_addr_table *t, unsigned pin)
{
	for (size_t i = 0; t && i < t->nnames; i++)
		if (t->names[i].value == (long)pin)
			return t->names[i].name;
	return NULL;
}

const char *mfp_addr_file(const struct mfp_addr_table *t)
{
	return t ? t->file : NULL;
}

const char *mfp_addr_table_name(const struct mfp_addr_table *t, bool alt)
{
	return t ? t->table[alt ? 1 : 0] : NULL;
}
