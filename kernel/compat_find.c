// SPDX-License-Identifier: GPL-2.0
/*
 * Finding a device name's compatibles in the map (compat_map.h): the
 * drivers' tables first, names that are the compatible's part after the
 * vendor winning; then the binding documents' spellings and the target's
 * own .dts files, for an I2C/SPI device (kernel/compat_map.c scans them).
 */
#include "compat_map.h"
#include "compat_map_int.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The words of s split at '-' and '_', lowercased and sorted, joined by ' '. */
static char *word_set(const char *s, size_t n)
{
	char *w = xstrndup(s, n), *save = NULL;
	struct ptrvec v = { 0 };
	struct strbuf sb;

	for (char *p = w; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	for (char *t = strtok_r(w, "-_", &save); t; t = strtok_r(NULL, "-_", &save))
		pv_push(&v, t);
	for (size_t i = 1; i < v.len; i++)
		for (size_t k = i; k > 0 && strcmp(v.items[k - 1], v.items[k]) > 0; k--) {
			void *t = v.items[k];

			v.items[k] = v.items[k - 1];
			v.items[k - 1] = t;
		}
	sb_init(&sb);
	for (size_t i = 0; i < v.len; i++)
		sb_addf(&sb, "%s%s", i ? " " : "", (char *)v.items[i]);
	pv_free(&v);
	free(w);
	return sb_detach(&sb);
}

/*
 * The compatible names the device itself: its part after the vendor prefix
 * is the name, case aside (how the I2C and SPI cores match), or the same
 * words in another order ("leds-gpio" -> "gpio-leds").
 */
static bool exact(const char *compat, const char *name)
{
	const char *c = strchr(compat, ',');
	char *a, *b;
	bool same;

	c = c ? c + 1 : compat;
	if (!strcasecmp(c, name))
		return true;
	a = word_set(c, strlen(c));
	b = word_set(name, strlen(name));
	same = !strcmp(a, b);
	free(a);
	free(b);
	return same;
}

/* Add compat to hits (n so far, max kept) once: the new n. */
static size_t add_hit(struct compat_hit *hits, size_t n, size_t max, const char *compat,
		      const char *file, bool exact_name)
{
	for (size_t k = 0; k < n && k < max; k++)
		if (!strcmp(hits[k].compat, compat))
			return n;
	if (n < max)
		hits[n] = (struct compat_hit){ compat, file, exact_name, NULL };
	return n + 1;
}

static size_t collect(const struct compat_map *m, const char *bus, const char *name,
		      bool only_exact, struct compat_hit *hits, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < m->rows.len; i++) {
		char **r = m->rows.items[i];

		if (!strcmp(r[0], bus) && !strcmp(r[1], name) && (!only_exact || exact(r[2], name)))
			n = add_hit(hits, n, max, r[2], r[3], only_exact);
	}
	return n;
}

/*
 * "vendor,NAME" as the target's .dts files write it for a node (the "node"
 * rows): an I2C/SPI device whose driver has no of_match_table and no
 * binding names it (3.x board-qil-a9260.c's "m41t94", rtc-m41t94.c's
 * spi_device_id; at91-qil_a9260.dts writes "st,m41t94"), which the core
 * binds by the part after the vendor prefix.
 */
static size_t collect_dts(const struct compat_map *m, const char *name, struct compat_hit *hits,
			  size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < m->rows.len; i++) {
		char **r = m->rows.items[i];
		const char *comma = strchr(r[2], ',');

		if (!strcmp(r[0], "node") && comma && !strcmp(comma + 1, name))
			n = add_hit(hits, n, max, r[2], "a .dts of the target tree", true);
	}
	return n;
}

/* The binding document that names compat (its `binding` row's file), or NULL. */
static const char *documented(const struct compat_map *m, const char *compat)
{
	for (size_t i = 0; i < m->rows.len; i++) {
		char **r = m->rows.items[i];

		if (!strcmp(r[0], "binding") && !strcmp(r[2], compat))
			return r[3];
	}
	return NULL;
}

/* Does the binding document doc (relative to the tree) spell compat anywhere? */
static bool spelled_in(const struct compat_map *m, const char *doc, const char *compat)
{
	char *path = m->kdir ? xasprintf("%s/%s", m->kdir, doc) : NULL;
	char *text = path ? read_file(path, NULL) : NULL;
	bool yes = !path || !text || strstr(text, compat);	/* unreadable: keep the exact one */

	free(text);
	free(path);
	return yes;
}

/*
 * hits[0], the one exact compatible, when no binding documents it: the
 * driver's one documented compatible instead, when that compatible's
 * binding does not spell the exact one anywhere (6.1 atmel_mxt_ts.c lists
 * "atmel,atmel_mxt_ts" under "deprecated"; atmel,maxtouch.yaml has only
 * "atmel,maxtouch"; fsl,mma8452.yaml lists "fsl,mma8452" in an enum:).
 */
static void prefer_documented(const struct compat_map *m, const char *bus, const char *name,
			      struct compat_hit *hit)
{
	struct compat_hit all[16];
	size_t n, doc = 0, one = 0;

	if (documented(m, hit->compat))
		return;
	n = collect(m, bus, name, false, all, 16);
	for (size_t i = 0; i < n && i < 16; i++)
		if (strcmp(all[i].file, hit->file) == 0 && documented(m, all[i].compat)) {
			doc++;
			one = i;
		}
	/* the binding may list it where the rows do not look (a schema's enum:
	 * of fsl,mma8452.yaml): only one the binding never spells gives way */
	if (doc == 1 && n <= 16 && !spelled_in(m, documented(m, all[one].compat), hit->compat)) {
		all[one].exact = true;
		all[one].instead = hit->compat;
		*hit = all[one];
	}
}

size_t compat_map_find(const struct compat_map *cm, const char *bus, const char *name,
		       struct compat_hit *hits, size_t max)
{
	struct compat_map *m = (struct compat_map *)cm;	/* the lazy scan fills it */
	size_t n;

	if (!m || !name || !*name)
		return 0;
	if (!m->loaded)
		compat_map_load_rows(m);
	n = collect(m, bus, name, true, hits, max);
	if (n == 1 && max)
		prefer_documented(m, bus, name, &hits[0]);
	n = n ? n : collect(m, bus, name, false, hits, max);
	/* no driver names it: an I2C/SPI core matches the binding's compatible by its name part */
	if (!n && (!strcmp(bus, "i2c") || !strcmp(bus, "spi")))
		n = collect(m, "binding", name, true, hits, max);
	if (!n && (!strcmp(bus, "i2c") || !strcmp(bus, "spi")))
		n = collect_dts(m, name, hits, max);
	return n;
}

