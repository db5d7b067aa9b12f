// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE	/* memmem */
/*
 * CONFIG_ symbols in tolerant mode: a .config/defconfig read for --config,
 * or the symbols the board file tests, assumed enabled (see config.h).
 */
#include "config.h"
#include "extract.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../common/diag.h"
#include "../common/util.h"

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

static void push(char ***v, size_t *n, char *s)
{
	*v = xrealloc(*v, (*n + 1) * sizeof(**v));
	(*v)[(*n)++] = s;
}

static bool listed(char **v, size_t n, const char *name, size_t len)
{
	for (size_t i = 0; i < n; i++)
		if (strlen(v[i]) == len && !strncmp(v[i], name, len))
			return true;
	return false;
}

/* --- .config ------------------------------------------------------------ */

static bool config_name(const char *s, size_t *len)
{
	size_t i = 7;

	if (strncmp(s, "CONFIG_", 7) || !ident_char(s[7]))
		return false;
	while (ident_char(s[i]))
		i++;
	*len = i;
	return true;
}

/* One line: true when it is blank, a comment, `# CONFIG_X is not set` or CONFIG_X=VALUE. */
static bool config_line(const char *s, struct ex_config *cfg)
{
	size_t n;
	const char *v;

	while (*s == ' ' || *s == '\t')
		s++;
	if (!*s || *s == '#')
		return true;
	if (!config_name(s, &n) || s[n] != '=' || !s[n + 1] ||
	    (strpbrk(s + n, " \t") && s[n + 1] != '"'))
		return false;
	v = s + n + 1;
	if (!cfg || !strcmp(v, "n"))
		return true;
	if (!strcmp(v, "y") || !strcmp(v, "m"))
		push(&cfg->defines, &cfg->ndefines, xasprintf("%.*s=1", (int)n, s));
	else
		push(&cfg->defines, &cfg->ndefines, xasprintf("%.*s=%s", (int)n, s, v));
	if (!strcmp(v, "m"))
		push(&cfg->defines, &cfg->ndefines, xasprintf("%.*s_MODULE=1", (int)n, s));
	return true;
}

int config_load(const char *path, struct ex_config *cfg)
{
	size_t len;
	char *text = read_file(path, &len), *p, *nl;
	unsigned line = 1;
	int ret = B2D_OK;

	if (!text) {
		diag_error(&(struct srcpos){ path, 0, 0 }, "--config: cannot read: %s",
			   file_strerror(errno));
		return B2D_ERR_USAGE;
	}
	for (p = text; ret == B2D_OK && p < text + len; p = nl + 1, line++) {
		char *e;
		bool nul;

		nl = memchr(p, '\n', (size_t)(text + len - p));
		if (!nl)
			nl = text + len;	/* read_file NUL-terminates */
		nul = memchr(p, '\0', (size_t)(nl - p)) != NULL;
		for (e = nl; e > p && (e[-1] == '\r' || e[-1] == ' ' || e[-1] == '\t'); e--)
			;
		*e = '\0';
		if (nul || !config_line(p, cfg)) {
			diag_error(&(struct srcpos){ path, line, 1 }, "--config: not a .config line "
				   "(CONFIG_NAME=VALUE or '# CONFIG_NAME is not set')");
			ret = B2D_ERR_USAGE;
		}
	}
	free(text);
	if (cfg)
		cfg->file = path;
	return ret;
}

/* --- the board file's own text -------------------------------------------- */

/*
 * A copy of text with comments and the contents of string and character
 * literals blanked (newlines kept, so lines stay where they were).
 */
char *config_blank(const char *t, size_t len)
{
	char *o = xstrndup(t, len);
	size_t i = 0;

	while (i < len) {
		if (t[i] == '/' && i + 1 < len && t[i + 1] == '*') {
			size_t j = i + 2;

			while (j + 1 < len && !(t[j] == '*' && t[j + 1] == '/'))
				j++;
			j = j + 1 < len ? j + 2 : len;
			for (; i < j; i++)
				o[i] = t[i] == '\n' ? '\n' : ' ';
		} else if (t[i] == '/' && i + 1 < len && t[i + 1] == '/') {
			for (; i < len && t[i] != '\n'; i++)
				o[i] = ' ';
		} else if (t[i] == '"' || t[i] == '\'') {
			char q = t[i++];

			for (; i < len && t[i] != q && t[i] != '\n'; i++) {
				if (t[i] == '\\' && i + 1 < len && t[i + 1] != '\n')
					o[i++] = ' ';
				o[i] = ' ';
			}
			i += i < len && t[i] == q;
		} else {
			i++;
		}
	}
	return o;
}

/* The logical line at *p (continuations joined), advancing *p and *line past it. */
static char *logical_line(const char **p, const char *end, unsigned *line)
{
	struct strbuf sb;
	const char *s = *p;

	sb_init(&sb);
	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		const char *e = nl ? nl : end;
		bool cont = e > s && e[-1] == '\\';

		sb_addn(&sb, s, (size_t)(e - s - cont));
		s = nl ? nl + 1 : end;
		(*line)++;
		if (!cont)
			break;
	}
	*p = s;
	if (!sb.buf)
		sb_add(&sb, "");
	return sb_detach(&sb);
}

/* "#  ifdef X": kw = "ifdef", returns the condition after it; NULL: not a conditional. */
static const char *directive(const char *l, char kw[8])
{
	static const char *const kws[] = { "ifdef", "ifndef", "if", "elif", "else", "endif" };
	size_t n = 0;

	while (isspace((unsigned char)*l))
		l++;
	if (*l++ != '#')
		return NULL;
	while (*l == ' ' || *l == '\t')
		l++;
	while (ident_char(l[n]))
		n++;
	for (size_t i = 0; i < sizeof(kws) / sizeof(*kws); i++)
		if (strlen(kws[i]) == n && !strncmp(l, kws[i], n)) {
			strcpy(kw, kws[i]);
			return l + n;
		}
	return NULL;
}

static char *trimmed(const char *s)
{
	size_t n;

	while (isspace((unsigned char)*s))
		s++;
	n = strlen(s);
	while (n && isspace((unsigned char)s[n - 1]))
		n--;
	return xstrndup(s, n);
}

struct pp_dir *config_directives(const char *text, size_t len, size_t *n)
{
	char *clean = config_blank(text, len);
	const char *p = clean, *end = clean + len;
	struct pp_dir *v = NULL;
	unsigned line = 1, stack[64], depth = 0;

	*n = 0;
	while (p < end) {
		unsigned at = line;
		char *l = logical_line(&p, end, &line), kw[8];
		const char *cond = directive(l, kw);

		if (cond) {
			bool opens = kw[0] == 'i';

			if (opens && depth < 64)
				stack[depth] = at;
			depth += opens;
			v = xrealloc(v, (*n + 1) * sizeof(*v));
			v[*n] = (struct pp_dir){ .line = at,
				.open_line = depth && depth <= 64 ? stack[depth - 1] : at,
				.cond = trimmed(kw[0] == 'e' && kw[2] != 'i' ? "" : cond) };
			strcpy(v[(*n)++].kw, kw);
			if (!strcmp(kw, "endif") && depth)
				depth--;
		}
		free(l);
	}
	free(clean);
	return v;
}

void config_dirs_free(struct pp_dir *d, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(d[i].cond);
	free(d);
}

/* Add the CONFIG_ identifiers of s[0..len) not yet in *v. */
static void add_symbols(const char *s, size_t len, char ***v, size_t *n)
{
	for (size_t i = 0; i < len; i++) {
		size_t k;

		if (i && ident_char(s[i - 1]))
			continue;
		if (len - i < 8 || !config_name(s + i, &k) || i + k > len)
			continue;
		if (!listed(*v, *n, s + i, k))
			push(v, n, xstrndup(s + i, k));
		i += k - 1;
	}
}

/* IS_ENABLED(CONFIG_X) and kin, anywhere in the (blanked) text. */
static void add_is_enabled(const char *s, size_t len, char ***v, size_t *n)
{
	static const char *const fns[] = { "IS_ENABLED", "IS_BUILTIN", "IS_MODULE", "IS_REACHABLE" };

	for (size_t f = 0; f < sizeof(fns) / sizeof(*fns); f++) {
		size_t fl = strlen(fns[f]);

		for (const char *q = s; (q = memmem(q, (size_t)(s + len - q), fns[f], fl)); q += fl) {
			const char *a = q + fl;

			if (q > s && ident_char(q[-1]))
				continue;
			while (a < s + len && isspace((unsigned char)*a))
				a++;
			if (a < s + len && *a == '(') {
				const char *c = memchr(a, ')', (size_t)(s + len - a));

				if (c)
					add_symbols(a + 1, (size_t)(c - a - 1), v, n);
			}
		}
	}
}

char **config_cond_symbols(const char *cond, size_t *n)
{
	char **v = NULL;

	*n = 0;
	add_symbols(cond, strlen(cond), &v, n);
	return v;
}

char **config_scan_symbols(const char *text, size_t len, size_t *n)
{
	char *clean = config_blank(text, len);
	size_t nd;
	struct pp_dir *d = config_directives(text, len, &nd);
	char **v = NULL;

	*n = 0;
	for (size_t i = 0; i < nd; i++)
		add_symbols(d[i].cond, strlen(d[i].cond), &v, n);
	add_is_enabled(clean, len, &v, n);
	config_dirs_free(d, nd);
	free(clean);
	return v;
}

/* --- what the parse defines ------------------------------------------------ */

/* NAME of "NAME=VALUE", "NAME(args)=..." or "NAME": its length. */
static size_t define_name_len(const char *d)
{
	size_t n = 0;

	while (ident_char(d[n]))
		n++;
	return n;
}

/* Does the pack or a clang argument (-DNAME, -D NAME, -UNAME) already decide name? */
static bool decided(const struct extract_options *opt, const char *name, size_t len)
{
	for (size_t i = 0; i < opt->ndefines; i++)
		if (define_name_len(opt->defines[i]) == len && !strncmp(opt->defines[i], name, len))
			return true;
	for (size_t i = 0; i < opt->nclang_args; i++) {
		const char *a = opt->clang_args[i];

		if (strcmp(a, "-D") && strcmp(a, "-U") && !str_starts(a, "-D") && !str_starts(a, "-U"))
			continue;
		if (!a[2])
			a = i + 1 < opt->nclang_args ? opt->clang_args[++i] : "";
		else
			a += 2;
		if (define_name_len(a) == len && !strncmp(a, name, len))
			return true;
	}
	return false;
}

static char *source_text(const char *path, const struct extract_options *opt, size_t *len)
{
	for (size_t i = 0; i < opt->nunsaved; i++)
		if (!strcmp(opt->unsaved[i].path, path)) {
			*len = opt->unsaved[i].length;
			return xstrndup(opt->unsaved[i].contents, *len);
		}
	return read_file(path, len);
}

/* --- the machines of one file (machine_split.c) ---------------------------- */

/* The ids of the MACHINE_START(ID, ...) records of the blanked text, each once, in order. */
static char **machine_ids(const char *clean, size_t len, size_t *n)
{
	static const char kw[] = "MACHINE_START";
	const char *end = clean + len;
	char **v = NULL;

	*n = 0;
	for (const char *q = clean; (q = memmem(q, (size_t)(end - q), kw, sizeof(kw) - 1));
	     q += sizeof(kw) - 1) {
		const char *a = q + sizeof(kw) - 1, *id;

		if (q > clean && ident_char(q[-1]))
			continue;	/* DT_MACHINE_START */
		while (a < end && isspace((unsigned char)*a))
			a++;
		if (a == end || *a++ != '(')
			continue;
		while (a < end && isspace((unsigned char)*a))
			a++;
		for (id = a; a < end && ident_char(*a); a++)
			;
		if (a > id && !listed(v, *n, id, (size_t)(a - id)))
			push(&v, n, xstrndup(id, (size_t)(a - id)));
	}
	return v;
}

/* Is sym CONFIG_MACH_<ID> for one of the ids? */
static bool machine_symbol(const char *sym, char **ids, size_t n)
{
	return str_starts(sym, "CONFIG_MACH_") && listed(ids, n, sym + 12, strlen(sym + 12));
}

/* Does cond test one of the ids' CONFIG_MACH_ symbols? */
static bool tests_machine(const char *cond, char **ids, size_t n)
{
	size_t ns;
	char **syms = config_cond_symbols(cond, &ns);
	bool hit = false;

	for (size_t i = 0; i < ns; i++) {
		hit = hit || machine_symbol(syms[i], ids, n);
		free(syms[i]);
	}
	free(syms);
	return hit;
}

/* Some #if group tests a machine's symbol and has another arm or a negation. */
static bool machines_branch(const struct pp_dir *d, size_t nd, char **ids, size_t n)
{
	for (size_t i = 0; i < nd; i++) {
		bool machine = false, branch = !strcmp(d[i].kw, "ifndef");

		if (d[i].kw[0] != 'i')
			continue;
		for (size_t k = i; k < nd; k++) {
			if (d[k].open_line != d[i].line)
				continue;
			machine = machine || tests_machine(d[k].cond, ids, n);
			branch = branch || strchr(d[k].cond, '!') ||
				 !strcmp(d[k].kw, "else") || !strcmp(d[k].kw, "elif");
		}
		if (machine && branch)
			return true;
	}
	return false;
}

char **config_machine_split(const char *path, const struct extract_options *opt, size_t *n)
{
	size_t len, nd = 0;
	char *text, *clean, **ids;
	struct pp_dir *d;
	bool split = false;

	*n = 0;
	if (opt->build_dir || opt->config_file || opt->machine_only ||
	    !(text = source_text(path, opt, &len)))
		return NULL;
	clean = config_blank(text, len);
	ids = machine_ids(clean, len, n);
	d = *n >= 2 ? config_directives(text, len, &nd) : NULL;
	split = d && machines_branch(d, nd, ids, *n);
	for (size_t i = 0; split && i < *n; i++) {
		char *sym = xasprintf("CONFIG_MACH_%s", ids[i]);

		split = !decided(opt, sym, strlen(sym));	/* -D/-U after `--` decide */
		free(sym);
	}
	config_dirs_free(d, nd);
	free(clean);
	free(text);
	if (split)
		return ids;
	for (size_t i = 0; i < *n; i++)
		free(ids[i]);
	free(ids);
	*n = 0;
	return NULL;
}

/*
 * No --config: the symbols the file tests, X_MODULE only when X itself is
 * not tested. With opt->machine_only, the CONFIG_MACH_ symbols of the file's
 * machines are not assumptions: that machine's is defined, the others' not.
 */
static void assume_tested(const char *path, const struct extract_options *opt,
			  struct ex_config *cfg)
{
	size_t len, n = 0, nids = 0;
	char *text = source_text(path, opt, &len);
	char **syms = text ? config_scan_symbols(text, len, &n) : NULL, *clean = NULL;
	char **ids = opt->machine_only && text ?
		     machine_ids(clean = config_blank(text, len), len, &nids) : NULL;
	bool *keep = xcalloc(n + 1, sizeof(*keep));

	for (size_t i = 0; i < nids; i++)
		push(&cfg->machines, &cfg->nmachines, xasprintf("CONFIG_MACH_%s", ids[i]));
	if (opt->machine_only) {
		push(&cfg->defines, &cfg->ndefines, xasprintf("CONFIG_MACH_%s=1", opt->machine_only));
		cfg->own_machine = xstrdup(opt->machine_only);
		for (char *p = cfg->own_machine; *p; p++)
			*p = (char)tolower((unsigned char)*p);
	}
	for (size_t i = 0; i < n; i++) {
		size_t l = strlen(syms[i]);
		bool module = l > 7 && !strcmp(syms[i] + l - 7, "_MODULE");

		keep[i] = !decided(opt, syms[i], l) && !(module && listed(syms, n, syms[i], l - 7)) &&
			  !machine_symbol(syms[i], ids, nids);
	}
	for (size_t i = 0; i < n; i++) {
		if (!keep[i]) {
			free(syms[i]);
			continue;
		}
		push(&cfg->defines, &cfg->ndefines, xasprintf("%s=1", syms[i]));
		push(&cfg->assumed, &cfg->nassumed, syms[i]);
	}
	for (size_t i = 0; i < nids; i++)
		free(ids[i]);
	free(ids);
	free(clean);
	free(keep);
	free(syms);
	free(text);
}

int config_prepare(const char *path, const struct extract_options *opt, struct ex_config *cfg)
{
	int ret;
	size_t n;

	memset(cfg, 0, sizeof(*cfg));
	if (opt->build_dir)
		return B2D_OK;
	if (!opt->config_file) {
		assume_tested(path, opt, cfg);
		return B2D_OK;
	}
	ret = config_load(opt->config_file, cfg);
	n = cfg->ndefines;
	cfg->ndefines = 0;
	for (size_t i = 0; i < n; i++) {
		if (decided(opt, cfg->defines[i], define_name_len(cfg->defines[i])))
			free(cfg->defines[i]);
		else
			cfg->defines[cfg->ndefines++] = cfg->defines[i];
	}
	return ret;
}

void config_free(struct ex_config *cfg)
{
	for (size_t i = 0; i < cfg->ndefines; i++)
		free(cfg->defines[i]);
	for (size_t i = 0; i < cfg->nassumed; i++)
		free(cfg->assumed[i]);
	for (size_t i = 0; i < cfg->nmachines; i++)
		free(cfg->machines[i]);
	free(cfg->defines);
	free(cfg->assumed);
	free(cfg->machines);
	free(cfg->own_machine);
	memset(cfg, 0, sizeof(*cfg));
}
