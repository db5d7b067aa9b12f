// SPDX-License-Identifier: GPL-2.0
/*
 * Tolerant mode: what the CONFIG_ handling (config.c) leaves on the board,
 * the symbols assumed, and one TODO (a lost fact of kind "skipped") for
 * every region of the board file the preprocessor skipped that holds more
 * than blank lines, comments and #includes, naming the condition and, when
 * it tested an assumed symbol, the assumption.
 */
#include "config.h"
#include "ex_internal.h"

#include <ctype.h>
#include <string.h>

#include "../common/util.h"

/* Anything but blanks and #include/#if/#else/#endif lines in lines (a, b) of clean? */
static bool has_content(const char *clean, size_t len, unsigned a, unsigned b)
{
	unsigned line = 1;

	for (const char *p = clean, *end = clean + len; p < end && line < b; line++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *e = nl ? nl : end, *s = p;

		p = nl ? nl + 1 : end;
		if (line <= a)
			continue;
		while (s < e && isspace((unsigned char)*s))
			s++;
		if (s == e)
			continue;
		if (*s != '#')
			return true;
		for (s++; s < e && isspace((unsigned char)*s); s++)
			;
		if (!str_starts(s, "include") && !str_starts(s, "if") &&
		    !str_starts(s, "el") && !str_starts(s, "endif"))
			return true;
	}
	return false;
}

static const struct pp_dir *dir_at(const struct pp_dir *d, size_t n, unsigned line)
{
	for (size_t i = 0; i < n; i++)
		if (d[i].line == line)
			return &d[i];
	return NULL;
}

static bool is_assumed(const struct ex_config *cfg, const char *s, size_t len)
{
	for (size_t i = 0; i < cfg->nassumed; i++)
		if (strlen(cfg->assumed[i]) == len && !strncmp(cfg->assumed[i], s, len))
			return true;
	return false;
}

/* Append what (a symbol, or a ", "-list of them) to out's ", "-list unless it is there. */
static void add_once(struct strbuf *out, const char *what)
{
	if (!(out->buf && strstr(out->buf, what)))
		sb_addf(out, "%s%s", out->len ? ", " : "", what);
}

/* The CONFIG_ symbols the conditions of d's group up to d test (malloc'd, each once or more). */
static char **group_symbols(const struct pp_dir *v, size_t n, const struct pp_dir *d, size_t *out)
{
	char **all = NULL;

	*out = 0;
	for (size_t i = 0; i < n; i++) {
		size_t ns;
		char **syms;

		if (v[i].open_line != d->open_line || v[i].line > d->line)
			continue;
		syms = config_cond_symbols(v[i].cond, &ns);
		if (ns) {
			all = xrealloc(all, (*out + ns) * sizeof(*all));
			memcpy(all + *out, syms, ns * sizeof(*all));
			*out += ns;
		}
		free(syms);
	}
	return all;
}

static void free_symbols(char **syms, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(syms[i]);
	free(syms);
}

/* The assumed symbols the conditions of d's group up to d test, ", "-separated. */
static void group_assumed(const struct pp_dir *v, size_t n, const struct pp_dir *d,
			  const struct ex_config *cfg, struct strbuf *out)
{
	size_t ns;
	char **syms = group_symbols(v, n, d, &ns);

	for (size_t k = 0; k < ns; k++)
		if (is_assumed(cfg, syms[k], strlen(syms[k])))
			add_once(out, syms[k]);
	free_symbols(syms, ns);
}

/*
 * Parsed for one machine (machine_split.c): does d's group test nothing but
 * the file's machines' CONFIG_MACH_ symbols? Then what it skipped is another
 * machine's, in that machine's own parse, not lost.
 */
static bool other_machines_only(const struct pp_dir *v, size_t n, const struct pp_dir *d,
				const struct ex_config *cfg)
{
	size_t ns, mine = 0;
	char **syms = cfg->nmachines ? group_symbols(v, n, d, &ns) : NULL;

	if (!syms)
		return false;
	for (size_t k = 0; k < ns; k++)
		for (size_t m = 0; m < cfg->nmachines; m++)
			mine += !strcmp(syms[k], cfg->machines[m]);
	free_symbols(syms, ns);
	return ns && mine == ns;
}

/*
 * Does text's lines [a, b] call machine_is_<own>()? Then the region, though
 * another machine's, has code for this one (3.6 palmtreo.c: the LEDs under
 * `#ifdef CONFIG_MACH_TREO680` pick their lines with machine_is_centro(),
 * for a kernel built for both): lost in this machine's parse, a TODO.
 */
static bool names_own_machine(const char *text, size_t len, unsigned a, unsigned b,
			      const char *own)
{
	char *call = own ? xasprintf("machine_is_%s(", own) : NULL;
	const char *p = text, *end = text + len, *from = NULL;
	bool found = false;

	for (unsigned line = 1; call && p < end && line <= b; line++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		if (line == a)
			from = p;
		p = nl ? nl + 1 : end;
	}
	if (from) {
		char *region = xstrndup(from, (size_t)(p - from));

		found = strstr(region, call) != NULL;
		free(region);
	}
	free(call);
	return found;
}

static void add_skipped(struct ex *x, const struct ex_config *cfg, const struct pp_dir *v,
			size_t n, unsigned a, unsigned b)
{
	const struct pp_dir *d = dir_at(v, n, a), *open = d ? dir_at(v, n, d->open_line) : NULL;
	struct lost_fact *l = arena_alloc(x->a, sizeof(*l));
	struct strbuf why;

	sb_init(&why);
	if (d && open && open != d)
		l->message = arena_printf(x->a, "lines %u-%u skipped by the preprocessor "
					  "(#%s of `#%s %s`, line %u)", a, b, d->kw, open->kw,
					  open->cond, open->line);
	else
		l->message = arena_printf(x->a, "lines %u-%u skipped by the preprocessor (`#%s %s`)",
					  a, b, d ? d->kw : "if", d ? d->cond : "?");
	if (d)
		group_assumed(v, n, d, cfg, &why);
	if (why.len)
		l->reason = arena_printf(x->a, "assumed %s enabled (tolerant mode; pass --config "
					 "FILE to decide)", why.buf);
	else if (cfg->file)
		l->reason = arena_printf(x->a, "not compiled with --config %s", cfg->file);
	else
		l->reason = "not compiled: the condition is false in tolerant mode "
			    "(convert with -p or --config FILE, or by hand)";
	l->kind = "skipped";
	l->pos = (struct srcpos){ x->b->path, a, 1 };
	arena_push(x->a, (void ***)&x->b->lost, &x->b->nlost, l);
	sb_free(&why);
}

/* The identifier that a `#define` line of `s` .. `e` names, or NULL. */
static char *defined_name(struct ex *x, const char *s, const char *e)
{
	const char *n;

	while (s < e && isspace((unsigned char)*s))
		s++;
	if (s == e || *s++ != '#')
		return NULL;
	while (s < e && isspace((unsigned char)*s))
		s++;
	if (!str_starts(s, "define") || s + 6 >= e || !isspace((unsigned char)s[6]))
		return NULL;
	for (s += 6; s < e && isspace((unsigned char)*s); s++)
		;
	for (n = s; s < e && (isalnum((unsigned char)*s) || *s == '_'); s++)
		;
	return s > n ? arena_strndup(x->a, n, (size_t)(s - n)) : NULL;
}

/*
 * The macros the board file defines inside an #if arm whose group tests an
 * assumed symbol (`#if defined(CONFIG_BLK_DEV_PALMCHIP_BK3710)` /
 * `#define HAS_ATA 1`): a C branch they make false is a TODO naming the
 * assumption (engine_guards.c), not a branch "not taken".
 */
static void note_config_macros(struct ex *x, const struct ex_config *cfg, const char *clean,
			       size_t len, const struct pp_dir *v, size_t n)
{
	const struct pp_dir *arms[64];
	size_t depth = 0, k = 0;
	unsigned line = 1;

	for (const char *p = clean, *end = clean + len; p < end; line++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *e = nl ? nl : end, *s = p;
		struct config_macro *m;
		struct strbuf why;
		char *name;

		p = nl ? nl + 1 : end;
		for (; k < n && v[k].line <= line; k++) {
			if (v[k].kw[0] == 'i' && depth < sizeof(arms) / sizeof(arms[0]))
				arms[depth++] = &v[k];
			else if (v[k].kw[0] == 'e' && v[k].kw[1] == 'l' && depth)
				arms[depth - 1] = &v[k];
			else if (!strcmp(v[k].kw, "endif") && depth)
				depth--;
		}
		if (!depth || !(name = defined_name(x, s, e)))
			continue;
		sb_init(&why);
		for (size_t i = 0; i < depth; i++)
			group_assumed(v, n, arms[i], cfg, &why);
		if (why.len) {
			m = arena_alloc(x->a, sizeof(*m));
			m->name = name;
			m->assumed = arena_strdup(x->a, why.buf);
			arena_push(x->a, (void ***)&x->b->config_macros, &x->b->nconfig_macros, m);
		}
		sb_free(&why);
	}
}

static bool word_in(const char *text, const char *word)
{
	size_t l = strlen(word);

	for (const char *p = strstr(text, word); p; p = strstr(p + 1, word))
		if ((p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
		    !(isalnum((unsigned char)p[l]) || p[l] == '_'))
			return true;
	return false;
}

bool board_guard_assumption(const struct board *b, const char *text, struct strbuf *out)
{
	size_t n0 = out->len;

	if (!text || b->config_file || !b->nassumed_config)
		return false;
	if (strstr(text, "CONFIG_") && board_config_decides(b, text)) {
		size_t n;
		char **syms = config_cond_symbols(text, &n);

		for (size_t i = 0; i < n; i++) {
			add_once(out, syms[i]);
			free(syms[i]);
		}
		free(syms);
	}
	for (size_t i = 0; i < b->nconfig_macros; i++)
		if (word_in(text, b->config_macros[i]->name))
			add_once(out, b->config_macros[i]->assumed);
	return out->len > n0;
}

bool board_config_decides(const struct board *b, const char *text)
{
	size_t n = 0;
	char **syms = text ? config_cond_symbols(text, &n) : NULL;
	bool all = n > 0;

	for (size_t i = 0; syms && i < n; i++) {
		bool found = b->config_file != NULL;
		size_t l = strlen(syms[i]);
		/* CONFIG_X assumed (built in) decides CONFIG_X_MODULE (undefined) too */
		size_t base = l > 7 && !strcmp(syms[i] + l - 7, "_MODULE") ? l - 7 : l;

		for (size_t k = 0; k < b->nassumed_config && !found; k++)
			found = !strcmp(b->assumed_config[k], syms[i]) ||
				(strlen(b->assumed_config[k]) == base &&
				 !strncmp(b->assumed_config[k], syms[i], base));
		all = all && found;
		free(syms[i]);
	}
	free(syms);
	return syms && all;
}

void config_note(struct ex *x, const struct ex_config *cfg)
{
	size_t len = 0, nd;
	const char *text;
	CXSourceRangeList *r;
	char *clean;
	struct pp_dir *dirs;

	if (!x->b->tolerant || !x->main_file)
		return;
	x->b->config_file = arena_strdup(x->a, cfg->file);
	for (size_t i = 0; i < cfg->nassumed; i++)
		arena_push(x->a, (void ***)&x->b->assumed_config, &x->b->nassumed_config,
			   arena_strdup(x->a, cfg->assumed[i]));
	text = clang_getFileContents(x->tu, x->main_file, &len);
	r = text ? clang_getSkippedRanges(x->tu, x->main_file) : NULL;
	if (!r)
		return;
	clean = config_blank(text, len);
	dirs = config_directives(text, len, &nd);
	if (!cfg->file && cfg->nassumed)
		note_config_macros(x, cfg, clean, len, dirs, nd);
	for (unsigned i = 0; i < r->count; i++) {
		unsigned a, b;

		clang_getSpellingLocation(clang_getRangeStart(r->ranges[i]), NULL, &a, NULL, NULL);
		clang_getSpellingLocation(clang_getRangeEnd(r->ranges[i]), NULL, &b, NULL, NULL);
		const struct pp_dir *d = dir_at(dirs, nd, a);

		if (has_content(clean, len, a, b) &&
		    (!(d && other_machines_only(dirs, nd, d, cfg)) ||
		     names_own_machine(clean, len, a, b, cfg->own_machine)))
			add_skipped(x, cfg, dirs, nd, a, b);
	}
	config_dirs_free(dirs, nd);
	free(clean);
	clang_disposeSourceRangeList(r);
}
