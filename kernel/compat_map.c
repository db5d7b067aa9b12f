// SPDX-License-Identifier: GPL-2.0
/*
 * Device names to compatibles from the target kernel's driver files. Each
 * driver file with an id table is read once (or the per-tree cache is), and
 * gives lines `bus <TAB> name <TAB> compatible <TAB> file`: every name of its
 * i2c/spi/platform id tables (and its platform driver's `.name`) paired with
 * every compatible of its of_device_id tables. compat_map_find() keeps the
 * compatibles that name the device (exact()) when there are such, else all
 * of them as candidates: only one exact hit is an answer; the rest are for
 * a TODO to list, since a driver's only compatible may be for another SoC
 * (spi-pxa2xx.c has "marvell,mmp2-ssp" alone, no answer for a PXA27x).
 *
 * The scan starts on the first lookup, so a conversion whose devices all
 * have rules never reads the tree.
 */
#define _XOPEN_SOURCE 700
#include "compat_map.h"
#include "compat_map_int.h"
#include "binding_compats.h"
#include "dt_machines.h"
#include "node_names.h"
#include "board_compats.h"

#include <ctype.h>
#include <ftw.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../common/diag.h"
#include "../common/util.h"
#include "../emitter/emit.h"


static const struct { const char *type, *bus; } id_tables[] = {
	{ "struct i2c_device_id", "i2c" },
	{ "struct spi_device_id", "spi" },
	{ "struct platform_device_id", "platform" },
};

/* Drivers matched by their own name: .driver.name. */
static const struct { const char *type, *bus; } named_drivers[] = {
	{ "struct platform_driver", "platform" },
	{ "struct spi_driver", "spi" },
};

#define N_ID_TABLES (sizeof(id_tables) / sizeof(id_tables[0]))
#define N_TYPES (N_ID_TABLES + sizeof(named_drivers) / sizeof(named_drivers[0]))

/* The string literal at p (after blanks), copied, or NULL. */
static char *literal_at(const char *p)
{
	const char *end;

	p += strspn(p, " \t\n");
	if (*p != '"' || !(end = strchr(p + 1, '"')) || end == p + 1 ||
	    memchr(p + 1, '\n', (size_t)(end - p - 1)))
		return NULL;
	return xstrndup(p + 1, (size_t)(end - p - 1));
}

/* The identifier at p (after blanks), copied, or NULL. */
static char *ident_at(const char *p)
{
	size_t n;

	p += strspn(p, " \t\n(");
	n = strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
	return n && !isdigit((unsigned char)*p) ? xstrndup(p, n) : NULL;
}

/* The string a `#define id "string"` of text gives, or NULL. */
static char *defined_string(const char *text, const char *id)
{
	size_t n = strlen(id);

	for (const char *d = text ? strstr(text, "#define") : NULL; d; d = strstr(d + 7, "#define")) {
		const char *q = d + 7 + strspn(d + 7, " \t");

		const char *bol = d;

		while (bol > text && (bol[-1] == ' ' || bol[-1] == '\t'))
			bol--;
		/* a line's own #define, not one a comment shows (spi-gpio.c's "myboard_spi2") */
		if (!strncmp(q, id, n) && (q[n] == ' ' || q[n] == '\t') && (bol == text || bol[-1] == '\n'))
			return literal_at(q + n);
	}
	return NULL;
}

/* The text of the headers `path`'s file includes with quotes from its own directory. */
static char *local_headers(const char *path, const char *text)
{
	const char *slash = strrchr(path, '/');
	struct strbuf sb;

	sb_init(&sb);
	for (const char *p = strstr(text, "#include \""); p && slash; p = strstr(p + 1, "#include \"")) {
		const char *name = p + 10, *end = strchr(name, '"');
		char *file, *h;

		if (!end || memchr(name, '/', (size_t)(end - name)) || memchr(name, '\n', (size_t)(end - name)))
			continue;
		file = xasprintf("%.*s/%.*s", (int)(slash - path), path, (int)(end - name), name);
		if ((h = read_file(file, NULL)))
			sb_add(&sb, h);
		free(h);
		free(file);
	}
	return sb.buf ? sb_detach(&sb) : xstrdup("");
}

/* The file scanned, its own headers' text (NULL until a name needs them). */
static const char *scan_path;
static char *scan_headers;

/*
 * The string at p, or the one a `#define NAME "string"` of the file or of a
 * header of its directory gives the macro at p (mma8450.c's `{
 * MMA8450_DRV_NAME, 0 }`; wl1251's spi.c `.name = DRIVER_NAME` of wl1251.h).
 */
static char *name_at(const char *text, const char *p)
{
	char *lit = literal_at(p), *id;

	if (lit || !(id = ident_at(p)))
		return lit;
	if (!(lit = defined_string(text, id)) && scan_path) {
		if (!scan_headers)
			scan_headers = local_headers(scan_path, text);
		lit = defined_string(scan_headers, id);
	}
	free(id);
	return lit;
}

/* Names of an id table body: `{ "name", ... }` or `{ .name = "name" }` entries. */
static void table_names(const char *text, const char *body, const char *end, struct ptrvec *names)
{
	for (const char *p = strchr(body, '{'); p && p < end; p = strchr(p + 1, '{')) {
		const char *q = p + 1 + strspn(p + 1, " \t\n");
		char *name;

		if (!strncmp(q, ".name", 5))
			q = strchr(q, '=') ? strchr(q, '=') + 1 : q;
		if ((name = name_at(text, q)))
			pv_push(names, name);
	}
}

static void id_table_names(const char *text, const char *type, struct ptrvec *names)
{
	for (const char *p = strstr(text, type); p; p = strstr(p + 1, type)) {
		const char *open = strstr(p, "= {"), *semi = strchr(p, ';'), *end;

		if (!open || !semi || semi < open || !(end = strstr(open, "};")))
			continue;
		table_names(text, open + 3, end, names);
	}
}

/*
 * `.name = "x"` inside a `struct platform_driver` / `struct spi_driver`
 * initializer's .driver: the platform bus and the SPI core (spi_match_device:
 * modalias against the driver's name) match devices by it.
 */
static void driver_names(const char *text, const char *type, struct ptrvec *names)
{
	for (const char *p = strstr(text, type); p; p = strstr(p + 1, type)) {
		const char *open = strstr(p, "= {"), *semi = strchr(p, ';'), *end, *n;
		char *name;

		if (!open || !semi || semi < open || !(end = strstr(open, "\n};")))
			continue;
		n = strstr(open, ".name");
		if (n && n < end && strchr(n, '=') && (name = name_at(text, strchr(n, '=') + 1)))
			pv_push(names, name);
	}
}

/*
 * The driver's `.of_match_table = of_match_ptr(SYM)` (or `= SYM`) when the
 * table is defined in another file (cs4271-spi.c uses cs4271.c's
 * cs4271_dt_ids): SYM, else NULL.
 */
static char *of_match_symbol(const char *text)
{
	const char *p = strstr(text, ".of_match_table");
	const char *eq = p ? strchr(p, '=') : NULL;
	char *sym;

	if (!eq)
		return NULL;
	sym = ident_at(eq + 1);
	if (sym && !strcmp(sym, "of_match_ptr")) {
		free(sym);
		sym = ident_at(strchr(eq, '(') ? strchr(eq, '(') + 1 : eq + 1);
	}
	return sym;
}

static void compatibles(const char *text, struct ptrvec *out)
{
	for (const char *p = strstr(text, ".compatible"); p; p = strstr(p + 1, ".compatible")) {
		const char *q = p + 11 + strspn(p + 11, " \t");
		char *c;

		if (*q == '=' && (c = literal_at(q + 1)))
			pv_push(out, c);
	}
}

static void free_all(struct ptrvec *v)
{
	for (size_t i = 0; i < v->len; i++)
		free(v->items[i]);
	pv_free(v);
}

/* Every device name of the file, with its bus, into names/buses. */
static void device_names(const char *text, struct ptrvec *names, struct ptrvec *buses)
{
	for (size_t t = 0; t < N_TYPES; t++) {
		size_t before = names->len;

		if (t < N_ID_TABLES)
			id_table_names(text, id_tables[t].type, names);
		else
			driver_names(text, named_drivers[t - N_ID_TABLES].type, names);
		for (size_t i = before; i < names->len; i++)
			pv_push(buses, (void *)(t < N_ID_TABLES ? id_tables[t].bus :
						named_drivers[t - N_ID_TABLES].bus));
	}
}

/*
 * The lines one driver file gives, appended to out: `bus name compat file`
 * for its names and the compatibles of its own of_device_id tables; when it
 * has none, `bus name @SYM file` for the table its driver points at
 * (resolved across the tree by resolve_symbols()); and `@SYM compat file`
 * for each of_device_id table it defines.
 */
static void scan_file(const char *file, const char *text, struct strbuf *out)
{
	struct ptrvec compat = { 0 }, names = { 0 }, buses = { 0 };
	char *sym = NULL;

	compatibles(text, &compat);
	device_names(text, &names, &buses);
	if (!compat.len)
		sym = of_match_symbol(text);
	for (size_t i = 0; i < names.len; i++) {
		for (size_t k = 0; k < compat.len; k++)
			sb_addf(out, "%s\t%s\t%s\t%s\n", (char *)buses.items[i],
				(char *)names.items[i], (char *)compat.items[k], file);
		if (sym)
			sb_addf(out, "%s\t%s\t@%s\t%s\n", (char *)buses.items[i],
				(char *)names.items[i], sym, file);
	}
	for (const char *p = strstr(text, "struct of_device_id"); p && compat.len;
	     p = strstr(p + 1, "struct of_device_id")) {
		char *tsym = ident_at(p + 19);
		const char *open = strstr(p, "= {"), *semi = strchr(p, ';'), *end;

		if (tsym && open && (!semi || open < semi) && (end = strstr(open, "};"))) {
			char *body = xstrndup(open, (size_t)(end - open));
			struct ptrvec tc = { 0 };

			compatibles(body, &tc);
			for (size_t k = 0; k < tc.len; k++)
				sb_addf(out, "@%s\t%s\t%s\t%s\n", tsym, (char *)tc.items[k], file, file);
			free_all(&tc);
			free(body);
		}
		free(tsym);
	}
	free(sym);
	free_all(&names);
	pv_free(&buses);
	free_all(&compat);
}

/*
 * Replace each `bus name @SYM file` line by `bus name compat file` lines,
 * one per compatible of the table SYM another file defines (`@SYM compat
 * deffile deffile`); drop the table lines. A SYM defined in several files
 * (static tables of one name) is ambiguous: no answer from it.
 */
static char *resolve_symbols(char *text)
{
	struct ptrvec lines = { 0 }, tables = { 0 };
	struct strbuf sb;
	char *save = NULL;

	for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save))
		pv_push(l[0] == '@' ? &tables : &lines, l);
	sb_init(&sb);
	for (size_t i = 0; i < lines.len; i++) {
		const char *l = lines.items[i], *at = strstr(l, "\t@");
		const char *symend = at ? strchr(at + 1, '\t') : NULL;
		const char *deffile = NULL;

		if (!symend) {
			sb_addf(&sb, "%s\n", l);
			continue;
		}
		for (size_t k = 0; k < tables.len; k++) {
			const char *t = tables.items[k];
			size_t n = (size_t)(symend - at - 1), f;
			const char *tfile = t + n + 1;

			if (strncmp(t, at + 1, n) || t[n] != '\t')
				continue;
			tfile = strchr(tfile, '\t') ? strchr(tfile, '\t') + 1 : tfile;
			f = strcspn(tfile, "\t");
			if (deffile && (strncmp(deffile, tfile, f) || deffile[f] != '\t'))
				goto next;	/* ambiguous */
			deffile = tfile;
		}
		for (size_t k = 0; deffile && k < tables.len; k++) {
			const char *t = tables.items[k];
			size_t n = (size_t)(symend - at - 1);
			const char *c = t + n + 1;

			if (strncmp(t, at + 1, n) || t[n] != '\t')
				continue;
			sb_addf(&sb, "%.*s\t%.*s%s\n", (int)(at - l), l, (int)strcspn(c, "\t"), c,
				symend);
		}
next:;
	}
	pv_free(&lines);
	pv_free(&tables);
	free(text);
	return sb_detach(&sb);
}

static struct strbuf *scan_out;
static size_t scan_root_len;
static int visit(const char *path, const struct stat *sb, int type, struct FTW *ftw)
{
	size_t n = strlen(path);
	char *text;

	(void)ftw;
	if (type != FTW_F || !S_ISREG(sb->st_mode) || n < 2 || strcmp(path + n - 2, ".c"))
		return 0;
	text = read_file(path, NULL);
	if (text && ((strstr(text, "_device_id") && strstr(text, ".compatible")) ||
		     strstr(text, ".of_match_table"))) {
		scan_path = path;
		scan_file(path + scan_root_len, text, scan_out);
		free(scan_headers);
		scan_headers = NULL;
		scan_path = NULL;
	}
	free(text);
	return 0;
}

static char *scan_tree(const char *kdir)
{
	static const char *const dirs[] = { "drivers", "sound" };
	struct strbuf sb;

	sb_init(&sb);
	scan_out = &sb;
	scan_root_len = strlen(kdir) + 1;
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		char *d = xasprintf("%s/%s", kdir, dirs[i]);

		nftw(d, visit, 32, FTW_PHYS);
		free(d);
	}
	scan_out = NULL;
	char *text = resolve_symbols(sb_detach(&sb));

	sb_init(&sb);
	sb_add(&sb, text);
	free(text);
	node_names_scan(kdir, &sb);	/* the `node` lines */
	dt_machines_scan(kdir, &sb);	/* the `machine` lines: the DT machines' .dt_compat */
	board_compats_scan(kdir, &sb);	/* the `board` lines: the .dts files' root compatibles */
	binding_compats_scan(kdir, &sb);	/* the `binding` lines */
	return sb_detach(&sb);
}

static char *cache_file(const struct compat_map *m)
{
	char *mk = xasprintf("%s/Makefile", m->kdir);
	struct stat st;
	unsigned long h = 5381;
	char *path;

	if (!m->cache_dir || stat(mk, &st) != 0) {
		free(mk);
		return NULL;
	}
	for (const char *p = m->kdir; *p; p++)
		h = h * 33 + (unsigned char)*p;
	/* compat9: tables across files, node (generic first), binding, machine and board lines,
	 * #define'd names (a line's own, not one a comment shows) */
	path = xasprintf("%s/compat9-%lx-%lld.tsv", m->cache_dir, h, (long long)st.st_mtime);
	free(mk);
	return path;
}

static void parse(struct compat_map *m)
{
	char *save = NULL;

	for (char *l = strtok_r(m->text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		char **row = xcalloc(4, sizeof(*row));
		size_t k = 0;

		for (char *f = l; f && k < 4; k++) {
			row[k] = f;
			f = strchr(f, '\t');
			if (f)
				*f++ = '\0';
		}
		if (k == 4 && row[3])
			pv_push(&m->rows, row);
		else
			free(row);
	}
}

void compat_map_load_rows(struct compat_map *m)
{
	char *cache = cache_file(m);

	m->loaded = true;
	m->text = cache ? read_file(cache, NULL) : NULL;
	if (!m->text) {
		m->text = scan_tree(m->kdir);
		if (cache)
			write_file_atomic(cache, m->text, strlen(m->text), NULL, 0);
	}
	free(cache);
	parse(m);
}

int compat_map_load(const char *kdir, const char *cache_dir, struct compat_map **out)
{
	char *drivers = xasprintf("%s/drivers", kdir);
	struct stat st;
	bool ok = stat(drivers, &st) == 0 && S_ISDIR(st.st_mode);

	free(drivers);
	*out = NULL;
	if (!ok)
		return B2D_ERR_IO;
	*out = xcalloc(1, sizeof(**out));
	(*out)->kdir = xstrdup(kdir);
	(*out)->cache_dir = cache_dir ? xstrdup(cache_dir) : NULL;
	return B2D_OK;
}

struct compat_map *compat_map_from_text(const char *file, const char *text)
{
	struct compat_map *m = xcalloc(1, sizeof(*m));
	struct strbuf sb;

	sb_init(&sb);
	scan_file(file, text, &sb);
	m->text = resolve_symbols(sb_detach(&sb));
	m->loaded = true;
	parse(m);
	return m;
}

void compat_map_free(struct compat_map *m)
{
	if (!m)
		return;
	free_all(&m->rows);
	free(m->text);
	free(m->kdir);
	free(m->cache_dir);
	free(m);
}

/* The first row for compat: a "node" row (node name) or a driver row (file). */
static char **compat_row(const struct compat_map *cm, const char *compat, bool node)
{
	struct compat_map *m = (struct compat_map *)cm;	/* the lazy scan fills it */

	if (!m || !compat)
		return NULL;
	if (!m->loaded)
		compat_map_load_rows(m);
	for (size_t i = 0; i < m->rows.len; i++) {
		char **row = m->rows.items[i];

		if ((node ? !strcmp(row[0], "node")
			  : strcmp(row[0], "node") && strcmp(row[0], "machine") &&
			    strcmp(row[0], "board")) &&
		    !strcmp(row[2], compat))
			return row;
	}
	return NULL;
}

const char *compat_map_driver_of(const struct compat_map *cm, const char *compat)
{
	char **row = compat_row(cm, compat, false);

	return row ? row[3] : NULL;
}

const char *compat_map_node_name(const struct compat_map *cm, const char *compat, size_t min)
{
	char **row = compat_row(cm, compat, true);

	return row && strtoul(row[3], NULL, 10) >= min ? row[1] : NULL;
}

/* The (COMPAT, FILE) pairs of the map's rows of one kind ("machine", "board"). */
static size_t rows_of(const struct compat_map *cm, const char *kind, const char ***compat,
		      const char ***file, const char ***model)
{
	struct compat_map *m = (struct compat_map *)cm;	/* the lazy scan fills it */
	size_t n = 0;

	*compat = *file = NULL;
	if (model)
		*model = NULL;
	if (!m)
		return 0;
	if (!m->loaded)
		compat_map_load_rows(m);
	for (size_t r = 0; r < m->rows.len; r++) {
		char **row = m->rows.items[r];

		if (strcmp(row[0], kind))
			continue;
		*compat = xrealloc(*compat, (n + 1) * sizeof(**compat));
		*file = xrealloc(*file, (n + 1) * sizeof(**file));
		if (model) {
			*model = xrealloc(*model, (n + 1) * sizeof(**model));
			(*model)[n] = row[1];
		}
		(*compat)[n] = row[2];
		(*file)[n++] = row[3];
	}
	return n;
}

size_t compat_map_machines(const struct compat_map *cm, const char ***compat, const char ***file)
{
	return rows_of(cm, "machine", compat, file, NULL);
}

size_t compat_map_boards(const struct compat_map *cm, const char ***compat, const char ***file,
			 const char ***model)
{
	return rows_of(cm, "board", compat, file, model);
}
