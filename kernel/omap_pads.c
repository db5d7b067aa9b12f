// SPDX-License-Identifier: GPL-2.0
/* OMAP pad names from the comments of the target's .dts files (omap_pads.h). */
#define _XOPEN_SOURCE 700
#include "omap_pads.h"

#include <ctype.h>
#include <ftw.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "../common/diag.h"
#include "../common/util.h"
#include "../emitter/emit.h"

/* One observation and how often it was made: P name label macro addr, F function name mode. */
struct vote {
	char kind;
	char *key, *a, *b;
	unsigned n, count, seen;	/* seen: count before the tally keeps winners only */
};

struct votes { struct vote *v; size_t n; };

struct define { char *name, *body; };

struct omap_pads {
	char *header;
	char *text;			/* the table lines, NUL-separated after parsing */
	struct omap_pad *pads;
	size_t npads;
	struct { const char *function, *name; unsigned mode; } *fns;
	size_t nfns;
	struct define *defs;		/* object-like macros of the header */
	size_t ndefs;
	struct { char *name; unsigned base; } *macros;	/* IOPAD macros */
	size_t nmacros;
};

static void vote(struct votes *vs, char kind, const char *key, const char *a, const char *b,
		 unsigned n)
{
	for (size_t i = 0; i < vs->n; i++) {
		struct vote *v = &vs->v[i];

		if (v->kind == kind && v->n == n && !strcmp(v->key, key) && !strcmp(v->a, a) &&
		    !strcmp(v->b ? v->b : "", b ? b : "")) {
			v->count++;
			return;
		}
	}
	vs->v = xrealloc(vs->v, (vs->n + 1) * sizeof(*vs->v));
	vs->v[vs->n++] = (struct vote){ kind, xstrdup(key), xstrdup(a), b ? xstrdup(b) : NULL, n, 1, 0 };
}

static char *lower_word(const char *s, size_t n)
{
	char *w = xstrndup(s, n);

	for (char *q = w; *q; q++)
		*q = (char)tolower((unsigned char)*q);
	return w;
}

/* The identifier ending at end (exclusive), start of line at bol. */
static const char *ident_start(const char *bol, const char *end)
{
	while (end > bol && (isalnum((unsigned char)end[-1]) || end[-1] == '_'))
		end--;
	return end;
}

/* One `XXX_IOPAD(0x2144, ... MUX_MODEn) /\* name.function *\/` line inside &label { }. */
static void scan_line(struct votes *vs, const char *label, const char *l, const char *eol)
{
	const char *m = strstr(l, "_IOPAD("), *start, *com, *dot, *w, *mode;
	char *macro, *name, *fn, *end;
	unsigned addr;

	if (!m || m > eol || !(com = strstr(m, "/*")) || com > eol)
		return;
	start = ident_start(l, m);
	addr = (unsigned)strtoul(m + 7, &end, 0);
	if (end == m + 7 || start == m)
		return;
	w = com + 2 + strspn(com + 2, " \t");
	dot = w + strspn(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
	mode = strstr(m, "MUX_MODE");
	if (!mode || mode > com || !isdigit((unsigned char)mode[8]))
		mode = NULL;
	/* "name.function", or a bare name on a MUX_MODE0 pad (omap4 files: "sdmmc1_clk") */
	if (dot == w || (*dot != '.' && !(mode && mode[8] == '0' && !isalnum((unsigned char)*dot))))
		return;
	macro = xstrndup(start, (size_t)(m + 6 - start));
	name = lower_word(w, (size_t)(dot - w));
	w = *dot == '.' ? dot + 1 : w;
	fn = lower_word(w, strspn(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"));
	if (*dot == '.' && !strncmp(fn, "gpio", 4) && isdigit((unsigned char)fn[4]) &&
	    !fn[4 + strspn(fn + 4, "0123456789")]) {	/* omap2420-n810.dts: eac_ac_rst.gpio118 */
		char *g = xasprintf("gpio_%s", fn + 4);	/* the mux framework's gpio_118 */

		free(fn);
		fn = g;
	}
	if (mode && mode[8] == '0' && *dot == '.' && *fn && strcmp(name, fn)) {
		free(name);	/* a pad is named after its mode-0 function: at MUX_MODE0, */
		name = xstrdup(fn);	/* "mcbsp_clks.mcbsp1_fsx" is the mcbsp1_fsx pad */
	}
	vote(vs, 'P', name, label, macro, addr);
	if (*fn && mode)
		vote(vs, 'F', fn, name, NULL, (unsigned)(mode[8] - '0'));
	if (*fn && *dot == '.') {
		/* "reserved.gpio_127": a name several pads share (the OMAP3630's
		 * wake-up pads of gpio_126-129) is told apart by its function */
		char *both = xasprintf("%s.%s", name, fn);

		vote(vs, 'Q', both, label, macro, addr);
		free(both);
	}
	free(fn);
	free(name);
	free(macro);
}

/* Every pad line of a .dts text, with the `&label {` block it is in. */
static void scan_text(struct votes *vs, const char *text)
{
	char *label = NULL;

	for (const char *l = text; l && *l;) {
		const char *eol = l + strcspn(l, "\n");

		if (*l == '&') {
			size_t n = strspn(l + 1, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");

			free(label);
			label = n ? xstrndup(l + 1, n) : NULL;
		} else if (*l == '}') {
			free(label);
			label = NULL;
		} else if (label) {
			scan_line(vs, label, l, eol);
		}
		l = *eol ? eol + 1 : NULL;
	}
	free(label);
}

/* Is a better than b for the same key: more votes, then the lower place. */
static bool better(const struct vote *a, const struct vote *b)
{
	int c;

	if (a->count != b->count)
		return a->count > b->count;
	if (a->n != b->n)
		return a->n < b->n;
	if ((c = strcmp(a->a, b->a)))
		return c < 0;
	return strcmp(a->b ? a->b : "", b->b ? b->b : "") < 0;
}

static int by_key(const void *x, const void *y)
{
	const struct vote *a = x, *b = y;

	if (a->kind != b->kind)
		return a->kind - b->kind;
	return strcmp(a->key, b->key);
}

/*
 * Is the pad name `name` (its P votes, sorted, in v[0..n)) no one pad: no
 * address has more than half its comments? "reserved" is four OMAP3630
 * wake-up pads (gpio_126-129); sdmmc2_dat6 at 0x2168 twelve times and
 * 0x216a twice is one pad and a slip.
 */
static bool shared_name(const struct vote *v, size_t n, const char *name)
{
	unsigned total = 0, top = 0;

	for (size_t i = 0; i < n; i++)
		if (v[i].kind == 'P' && !strcmp(v[i].key, name)) {
			total += v[i].seen;
			top = v[i].seen > top ? v[i].seen : top;
		}
	return total && top * 2 <= total;
}

/*
 * The winners, one line each, sorted: "P\tname\tlabel\tmacro\taddr" /
 * "F\tfn\tname\tmode"; and "P\tname.fn\t..." for a name several pads share.
 */
static char *tally(struct votes *vs)
{
	struct strbuf sb;

	sb_init(&sb);
	for (size_t i = 0; i < vs->n; i++)
		vs->v[i].seen = vs->v[i].count;
	for (size_t i = 0; i < vs->n; i++) {
		struct vote *v = &vs->v[i];
		bool best = true;

		for (size_t k = 0; k < vs->n && best; k++)
			if (k != i && vs->v[k].kind == v->kind && !strcmp(vs->v[k].key, v->key) &&
			    better(&vs->v[k], v))
				best = false;
		v->count = best ? v->count : 0;
	}
	for (size_t i = 0; i < vs->n; i++) {	/* a Q vote stands only for a shared name */
		struct vote *v = &vs->v[i];
		char *name = v->kind == 'Q' && v->count ? xstrndup(v->key, strcspn(v->key, ".")) : NULL;

		if (name && !shared_name(vs->v, vs->n, name))
			v->count = 0;
		free(name);
	}
	qsort(vs->v, vs->n, sizeof(*vs->v), by_key);
	for (size_t i = 0; i < vs->n; i++) {
		struct vote *v = &vs->v[i];

		if (v->count && (v->kind == 'P' || v->kind == 'Q'))
			sb_addf(&sb, "P\t%s\t%s\t%s\t0x%x\n", v->key, v->a, v->b, v->n);
		else if (v->count)
			sb_addf(&sb, "F\t%s\t%s\t%u\n", v->key, v->a, v->n);
		free(v->key);
		free(v->a);
		free(v->b);
	}
	free(vs->v);
	vs->v = NULL;
	vs->n = 0;
	return sb_detach(&sb);
}

/* The table lines into p->pads and p->fns (p->text is cut in place). */
static void parse_table(struct omap_pads *p)
{
	char *save = NULL;

	for (char *l = strtok_r(p->text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		char *f[5] = { 0 };
		size_t k = 0;

		for (char *s = l; s && k < 5; k++) {
			f[k] = s;
			if ((s = strchr(s, '\t')))
				*s++ = '\0';
		}
		if (k == 5 && !strcmp(f[0], "P")) {
			char *dot = strchr(f[1], '.');

			if (dot)
				*dot++ = '\0';	/* "reserved.gpio_127" */
			p->pads = xrealloc(p->pads, (p->npads + 1) * sizeof(*p->pads));
			p->pads[p->npads++] = (struct omap_pad){ f[1], f[2], f[3],
				(unsigned)strtoul(f[4], NULL, 0), dot };
		} else if (k == 4 && !strcmp(f[0], "F")) {
			p->fns = xrealloc(p->fns, (p->nfns + 1) * sizeof(*p->fns));
			p->fns[p->nfns].function = f[1];
			p->fns[p->nfns].name = f[2];
			p->fns[p->nfns++].mode = (unsigned)strtoul(f[3], NULL, 0);
		}
	}
}

/* `#define NAME body` and `#define NAME(pa, val) OMAP_..._OFFSET((pa), 0x2030) (val)`. */
static void parse_header(struct omap_pads *p, const char *text)
{
	for (const char *s = strstr(text, "#define"); s; s = strstr(s + 1, "#define")) {
		const char *n = s + 7 + strspn(s + 7, " \t"), *e = n, *eol = n + strcspn(n, "\n");

		e += strspn(n, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
		if (e == n)
			continue;
		if (*e == '(') {
			const char *off = strstr(e, "OFFSET(");
			const char *comma = off && off < eol ? strchr(off, ',') : NULL;

			if (!comma || comma > eol)
				continue;
			p->macros = xrealloc(p->macros, (p->nmacros + 1) * sizeof(*p->macros));
			p->macros[p->nmacros].name = xstrndup(n, (size_t)(e - n));
			p->macros[p->nmacros++].base = (unsigned)strtoul(comma + 1, NULL, 0);
			continue;
		}
		p->defs = xrealloc(p->defs, (p->ndefs + 1) * sizeof(*p->defs));
		p->defs[p->ndefs].name = xstrndup(n, (size_t)(e - n));
		p->defs[p->ndefs++].body = xstrndup(e, (size_t)(eol - e));
	}
}

static struct omap_pads *from_table(char *table, const char *header_text, const char *header)
{
	struct omap_pads *p = xcalloc(1, sizeof(*p));

	p->header = xstrdup(header ? header : "");
	p->text = table;
	parse_table(p);
	parse_header(p, header_text ? header_text : "");
	return p;
}

struct omap_pads *omap_pads_parse(const char *const *dts, size_t ndts, const char *header)
{
	struct votes vs = { 0 };

	for (size_t i = 0; i < ndts; i++)
		scan_text(&vs, dts[i]);
	return from_table(tally(&vs), header, "dt-bindings/pinctrl/omap.h");
}

/* The tree scan (nftw has no user pointer). */
static struct votes *scan_votes;
static const char *const *scan_prefixes;
static size_t scan_nprefixes;

static int visit(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	const char *base = path + ftw->base;
	size_t n = strlen(base);
	bool dts = (n > 4 && !strcmp(base + n - 4, ".dts")) || (n > 5 && !strcmp(base + n - 5, ".dtsi"));
	char *text;

	(void)st;
	if (type != FTW_F || !dts)
		return 0;
	for (size_t i = 0; i < scan_nprefixes; i++)
		if (!strncmp(base, scan_prefixes[i], strlen(scan_prefixes[i]))) {
			if ((text = read_file(path, NULL))) {
				scan_text(scan_votes, text);
				free(text);
			}
			break;
		}
	return 0;
}

static char *scan_tree(const char *kdir, const char *const *prefixes, size_t nprefixes)
{
	struct votes vs = { 0 };
	char *dir = xasprintf("%s/arch/arm/boot/dts", kdir);

	scan_votes = &vs;
	scan_prefixes = prefixes;
	scan_nprefixes = nprefixes;
	nftw(dir, visit, 32, FTW_PHYS);
	scan_votes = NULL;
	free(dir);
	return tally(&vs);
}

/* cache_dir/omap-pads6-<tree and prefixes hash>-<Makefile mtime>.tsv, or NULL. */
static char *cache_file(const char *kdir, const char *const *prefixes, size_t nprefixes,
			const char *cache_dir)
{
	char *mk = xasprintf("%s/Makefile", kdir);
	struct stat st;
	unsigned long h = 5381;
	char *path = NULL;

	if (cache_dir && stat(mk, &st) == 0) {
		for (const char *q = kdir; *q; q++)
			h = h * 33 + (unsigned char)*q;
		for (size_t i = 0; i < nprefixes; i++)
			for (const char *q = prefixes[i]; *q; q++)
				h = h * 33 + (unsigned char)*q + i;
		path = xasprintf("%s/omap-pads6-%lx-%lld.tsv", cache_dir, h, (long long)st.st_mtime);
	}
	free(mk);
	return path;
}

int omap_pads_load(const char *kdir, const char *const *prefixes, size_t nprefixes,
		   const char *bindings, const char *cache_dir, struct omap_pads **out)
{
	char *hpath = xasprintf("%s/%s", kdir, bindings);
	char *header = read_file(hpath, NULL);
	char *cache, *table;

	free(hpath);
	*out = NULL;
	if (!header)
		return B2D_ERR_IO;
	cache = cache_file(kdir, prefixes, nprefixes, cache_dir);
	table = cache ? read_file(cache, NULL) : NULL;
	if (!table) {
		table = scan_tree(kdir, prefixes, nprefixes);
		if (cache && *table)
			write_file_atomic(cache, table, strlen(table), NULL, 0);
	}
	free(cache);
	*out = from_table(table, header, bindings);
	free(header);
	if (!(*out)->npads) {
		omap_pads_free(*out);
		*out = NULL;
		return B2D_ERR_PARSE;
	}
	return B2D_OK;
}

void omap_pads_free(struct omap_pads *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->ndefs; i++) {
		free(p->defs[i].name);
		free(p->defs[i].body);
	}
	for (size_t i = 0; i < p->nmacros; i++)
		free(p->macros[i].name);
	void *owned[] = { p->defs, p->macros, p->pads, p->fns, p->text, p->header, p };
	for (size_t i = 0; i < sizeof(owned) / sizeof(owned[0]); i++)
		free(owned[i]);
}

/* The pad of that name (fn NULL), or of that name with that function. */
static bool pad_of(const struct omap_pads *p, const char *name, const char *fn, struct omap_pad *out)
{
	for (size_t i = 0; p && name && i < p->npads; i++)
		if (!strcasecmp(p->pads[i].name, name) &&
		    (fn ? p->pads[i].fn && !strcasecmp(p->pads[i].fn, fn) : !p->pads[i].fn)) {
			*out = p->pads[i];
			return true;
		}
	return false;
}

bool omap_pads_pad(const struct omap_pads *p, const char *name, struct omap_pad *out)
{
	return pad_of(p, name, NULL, out);
}

bool omap_pads_at(const struct omap_pads *p, unsigned addr, struct omap_pad *out)
{
	for (size_t i = 0; p && i < p->npads; i++)
		if (p->pads[i].addr == addr) {
			*out = p->pads[i];
			return true;
		}
	return false;
}

bool omap_pads_signal(const struct omap_pads *p, const char *signal, struct omap_pad *out,
		      unsigned *mode)
{
	const char *dot = signal ? strchr(signal, '.') : NULL;
	const char *fn = dot ? dot + 1 : signal;

	if (!p || !signal)
		return false;
	if (!dot && omap_pads_pad(p, signal, out)) {
		*mode = 0;
		return true;
	}
	for (size_t i = 0; i < p->nfns; i++) {
		if (strcasecmp(p->fns[i].function, fn))
			continue;
		if (dot && (strlen(p->fns[i].name) != (size_t)(dot - signal) ||
			    strncasecmp(p->fns[i].name, signal, (size_t)(dot - signal))))
			continue;
		*mode = p->fns[i].mode;
		return pad_of(p, p->fns[i].name, p->fns[i].function, out) ||
		       omap_pads_pad(p, p->fns[i].name, out);
	}
	if (dot && strlen(fn) == (size_t)(dot - signal) &&
	    !strncasecmp(signal, fn, (size_t)(dot - signal)) && omap_pads_pad(p, fn, out)) {
		*mode = 0;	/* "pad.pad": its mode-0 function */
		return true;
	}
	return false;
}

const char *omap_pads_function(const struct omap_pads *p, const char *name, unsigned mode)
{
	for (size_t i = 0; p && name && i < p->nfns; i++)
		if (p->fns[i].mode == mode && !strcasecmp(p->fns[i].name, name))
			return p->fns[i].function;
	return NULL;
}

/* A tiny evaluator for the header's bodies: numbers, names, |, <<, parentheses. */
static bool eval_or(const struct omap_pads *p, const char **s, uint32_t *v, int depth);

static bool eval_prim(const struct omap_pads *p, const char **s, uint32_t *v, int depth)
{
	const char *q = *s + strspn(*s, " \t");
	size_t n;
	char *end;

	if (*q == '(') {
		q++;
		if (!eval_or(p, &q, v, depth))
			return false;
		q += strspn(q, " \t");
		if (*q != ')')
			return false;
		*s = q + 1;
		return true;
	}
	if (isdigit((unsigned char)*q)) {
		*v = (uint32_t)strtoul(q, &end, 0);
		*s = end;
		return true;
	}
	n = strspn(q, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
	for (size_t i = 0; n && depth < 8 && i < p->ndefs; i++)
		if (strlen(p->defs[i].name) == n && !strncmp(p->defs[i].name, q, n)) {
			const char *b = p->defs[i].body;

			*s = q + n;
			return eval_or(p, &b, v, depth + 1);
		}
	return false;
}

static bool eval_or(const struct omap_pads *p, const char **s, uint32_t *v, int depth)
{
	uint32_t r;

	if (!eval_prim(p, s, v, depth))
		return false;
	for (;;) {
		const char *q = *s + strspn(*s, " \t");

		if (!strncmp(q, "<<", 2)) {
			*s = q + 2;
			if (!eval_prim(p, s, &r, depth))
				return false;
			*v <<= r;
		} else if (*q == '|') {
			*s = q + 1;
			if (!eval_prim(p, s, &r, depth))
				return false;
			*v |= r;
		} else {
			return true;
		}
	}
}

bool omap_pads_define(const struct omap_pads *p, const char *name, uint32_t *val)
{
	const char *s = name;
	uint32_t v;

	for (size_t i = 0; p && name && i < p->ndefs; i++)
		if (!strcmp(p->defs[i].name, name)) {
			if (!eval_or(p, &s, &v, 0))
				return false;
			*val = v;
			return true;
		}
	return false;
}

bool omap_pads_macro_base(const struct omap_pads *p, const char *macro, unsigned *base)
{
	for (size_t i = 0; p && macro && i < p->nmacros; i++)
		if (!strcmp(p->macros[i].name, macro)) {
			*base = p->macros[i].base;
			return true;
		}
	return false;
}

const char *omap_pads_macro_at(const struct omap_pads *p, const char *macro, unsigned unit,
			       unsigned *base)
{
	const char *kind = macro ? strchr(macro, '_') : NULL;

	for (size_t i = 0; p && kind && i < p->nmacros; i++) {
		const char *k = strchr(p->macros[i].name, '_');

		if (k && !strcmp(k, kind) && (p->macros[i].base & 0xfff) == (unit & 0xfff)) {
			*base = p->macros[i].base;
			return p->macros[i].name;
		}
	}
	return NULL;
}

size_t omap_pads_count(const struct omap_pads *p)
{
	size_t n = 0;

	for (size_t i = 0; p && i < p->npads; i++)
		n += !p->pads[i].fn;	/* a shared name's pads count once, as the name */
	return n;
}

const char *omap_pads_header(const struct omap_pads *p)
{
	return p ? p->header : NULL;
}
