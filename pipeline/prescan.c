// SPDX-License-Identifier: GPL-2.0
#define _XOPEN_SOURCE 700	/* nftw */
/*
 * A cheap look at the board file before libclang parses it (pipeline/load.c), for
 * two inputs libclang would never finish with:
 *   - `#include "X"` (or `<X>` with an absolute path) where X, relative to the
 *     board file's directory or absolute, is a FIFO, device or socket:
 *     `file:line:col: error: #include "X": not a regular file`;
 *   - a macro used in the file whose expansion, computed from the file's own
 *     #defines, would exceed B2D_MAX_MACRO_EXPANSION tokens (D1 = D0+D0 ...
 *     nested 31 deep is 2^31 tokens): `file:line:col: error: macro 'D31'
 *     expands to more than N tokens`.
 * And the model headers' directory (tolerant mode): a FIFO or device there
 * would be opened by libclang: `PATH: error: not a regular file`.
 * Headers are not read: what they include or define is bounded only by
 * --timeout and --max-memory (common/runlimit.h). Conditionals are ignored
 * (every #define counts, the last one wins).
 */
#include "prescan.h"
#include "pipeline.h"

#include <ctype.h>
#include <ftw.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "common/limits.h"
#include "common/strmap.h"
#include "common/util.h"

struct ptok {
	char *s;
	unsigned line, col;
};

struct pmacro {
	char **params;		/* NULL: object-like */
	int nparams;
	struct ptok *body;
	int nbody;
	unsigned long long size;	/* object-like: memoized, 0: not yet */
	bool active;
};

struct scan {
	const char *path;
	struct strmap names;	/* macro name -> index + 1 */
	struct pmacro *m;
	size_t nm;
	long work;
};

#define CAP ((unsigned long long)B2D_MAX_MACRO_EXPANSION + 1)

static unsigned long long sat_add(unsigned long long a, unsigned long long b)
{
	return a + b > CAP ? CAP : a + b;
}

/* Blank out comments, keep newlines and string/char literals. */
static void strip_comments(char *s)
{
	for (char *p = s; *p; p++) {
		if (*p == '"' || *p == '\'') {
			char q = *p;

			for (p++; *p && *p != q && *p != '\n'; p++)
				if (*p == '\\' && p[1])
					p++;
			if (!*p)
				return;
		} else if (p[0] == '/' && p[1] == '*') {
			for (; *p && !(p[0] == '*' && p[1] == '/'); p++)
				if (*p != '\n')
					*p = ' ';
			if (!*p)
				return;
			p[0] = p[1] = ' ';
			p++;
		} else if (p[0] == '/' && p[1] == '/') {
			for (; *p && *p != '\n'; p++)
				*p = ' ';
			if (!*p)
				return;
		}
	}
}

/* The tokens of one logical line [p, end): identifiers, numbers, literals, punctuators. */
static struct ptok *tokenize(const char *p, const char *end, unsigned line, const char *bol,
			     int *n)
{
	struct ptok *v = NULL;
	int cap = 0;

	*n = 0;
	while (p < end) {
		const char *b = p;

		if (*p == '\\' && p + 1 < end && p[1] == '\n') {
			line++;
			p += 2;
			bol = p;
			continue;
		}
		if (isspace((unsigned char)*p)) {
			p++;
			continue;
		}
		if (isalnum((unsigned char)*p) || *p == '_')
			while (p < end && (isalnum((unsigned char)*p) || *p == '_'))
				p++;
		else if (*p == '"' || *p == '\'') {
			for (p++; p < end && *p != *b; p++)
				if (*p == '\\')
					p++;
			p = p < end ? p + 1 : end;
		} else
			p += (p + 1 < end && (!strncmp(p, "##", 2) || !strncmp(p, "...", 3))) ?
				(p[0] == '.' ? 3 : 2) : 1;
		if (*n == cap)
			v = xrealloc(v, (size_t)(cap = cap ? 2 * cap : 16) * sizeof(*v));
		v[*n] = (struct ptok){ xstrndup(b, (size_t)(p - b)), line, (unsigned)(b - bol) + 1 };
		(*n)++;
	}
	return v;
}

static void free_toks(struct ptok *v, int n)
{
	for (int i = 0; i < n; i++)
		free(v[i].s);
	free(v);
}

static struct pmacro *lookup(struct scan *s, const char *name)
{
	size_t *k = strmap_find(&s->names, name);

	return k ? &s->m[*k - 1] : NULL;
}

/* #define NAME[(params)] body, from the tokens after "define". */
static void add_define(struct scan *s, struct ptok *t, int n, const char *text_after_name)
{
	struct pmacro m = { 0 };
	size_t *k;
	int i = 1;

	if (n < 1 || !(isalpha((unsigned char)t[0].s[0]) || t[0].s[0] == '_'))
		return;
	if (*text_after_name == '(') {	/* function-like: no space before '(' */
		m.params = xcalloc((size_t)n, sizeof(char *));
		for (i = 2; i < n && strcmp(t[i].s, ")"); i++)
			if (strcmp(t[i].s, ","))
				m.params[m.nparams++] = xstrdup(t[i].s);
		i++;
	}
	for (int b = i; b < n; b++) {
		m.body = xrealloc(m.body, (size_t)(m.nbody + 1) * sizeof(*m.body));
		m.body[m.nbody++] = (struct ptok){ xstrdup(t[b].s), t[b].line, t[b].col };
	}
	k = strmap_slot(&s->names, t[0].s);
	if (!*k) {
		s->m = xrealloc(s->m, (s->nm + 1) * sizeof(*s->m));
		*k = ++s->nm;
	} else {
		struct pmacro *old = &s->m[*k - 1];

		for (int p = 0; p < old->nparams; p++)
			free(old->params[p]);
		free(old->params);
		free_toks(old->body, old->nbody);
	}
	s->m[*k - 1] = m;
}

static unsigned long long size_of(struct scan *s, struct ptok *t, int n, const struct pmacro *ctx,
				  const unsigned long long *psize, int depth);

static int param_of(const struct pmacro *ctx, const char *name)
{
	for (int p = 0; ctx && p < ctx->nparams; p++)
		if (!strcmp(ctx->params[p], name))
			return p;
	return -1;
}

/* Size of F( args ) at t[*i] (F's name); *i moves past the ')'. */
static unsigned long long call_size(struct scan *s, struct pmacro *f, struct ptok *t, int n, int *i,
				    const struct pmacro *ctx, const unsigned long long *psize,
				    int depth)
{
	unsigned long long *args = xcalloc((size_t)f->nparams + 1, sizeof(*args)), r;
	int a = 0, d = 0, start = *i + 2, k;

	for (k = *i + 2; k < n; k++) {
		bool end = d == 0 && (!strcmp(t[k].s, ",") || !strcmp(t[k].s, ")"));

		if (end) {
			if (a < f->nparams)
				args[a] = size_of(s, t + start, k - start, ctx, psize, depth + 1);
			a++;
			start = k + 1;
			if (!strcmp(t[k].s, ")"))
				break;
		}
		d += !strcmp(t[k].s, "(") - !strcmp(t[k].s, ")");
	}
	*i = k;
	f->active = true;
	r = size_of(s, f->body, f->nbody, f, args, depth + 1);
	f->active = false;
	free(args);
	return r;
}

/* Tokens t[0..n) expand to how many (saturated at CAP)? */
static unsigned long long size_of(struct scan *s, struct ptok *t, int n, const struct pmacro *ctx,
				  const unsigned long long *psize, int depth)
{
	unsigned long long total = 0;

	for (int i = 0; i < n && total < CAP; i++) {
		int p = param_of(ctx, t[i].s);
		struct pmacro *m = p < 0 ? lookup(s, t[i].s) : NULL;

		if (++s->work > B2D_MAX_MACRO_STEPS || depth > B2D_MAX_MACRO_DEPTH)
			return total;	/* give up quietly: the limits are the backstop */
		if (p >= 0)
			total = sat_add(total, i > 0 && !strcmp(t[i - 1].s, "#") ? 1 : psize[p]);
		else if (!m || m->active)
			total = sat_add(total, 1);
		else if (!m->params) {
			if (!m->size) {
				m->active = true;
				m->size = size_of(s, m->body, m->nbody, NULL, NULL, depth + 1);
				m->active = false;
			}
			total = sat_add(total, m->size);
		} else if (i + 1 < n && !strcmp(t[i + 1].s, "("))
			total = sat_add(total, call_size(s, m, t, n, &i, ctx, psize, depth));
		else
			total = sat_add(total, 1);
	}
	return total;
}

/* #include "X" / <X>: refuse X when it resolves (absolute, or beside the file) to a non-regular file. */
static int check_include(struct scan *s, const char *q, unsigned line, unsigned col)
{
	char close = *q == '"' ? '"' : *q == '<' ? '>' : 0;
	const char *e = close ? strchr(q + 1, close) : NULL;
	char *name, *full, *slash;
	int err;

	if (!e || e == q + 1 || (close == '>' && q[1] != '/'))
		return PL_OK;
	name = xstrndup(q + 1, (size_t)(e - q - 1));
	slash = strrchr(s->path, '/');
	full = name[0] == '/' ? xstrdup(name) :
	       slash ? xasprintf("%.*s/%s", (int)(slash - s->path), s->path, name) : xstrdup(name);
	err = regular_file_error(full);
	if (err == B2D_ENOTREG) {
		struct srcpos pos = { s->path, line, col };

		diag_error(&pos, "#include %c%s%c: not a regular file", *q, name, close);
	}
	free(name);
	free(full);
	return err == B2D_ENOTREG ? PL_FAIL : PL_OK;
}

/* One logical line [p, end) starting at line `line`. */
static int scan_line(struct scan *s, const char *p, const char *end, unsigned line)
{
	const char *bol = p, *q = p;
	struct ptok *t;
	int n, rc = PL_OK;

	while (q < end && (*q == ' ' || *q == '\t'))
		q++;
	if (q < end && *q == '#') {
		for (q++; q < end && (*q == ' ' || *q == '\t'); q++)
			;
		if (!strncmp(q, "include", 7)) {
			const char *a = q + 7;

			while (a < end && (*a == ' ' || *a == '\t'))
				a++;
			return check_include(s, a, line, (unsigned)(a - bol) + 1);
		}
		if (!strncmp(q, "define", 6) && (q[6] == ' ' || q[6] == '\t')) {
			const char *name = q + 6, *after;

			while (name < end && (*name == ' ' || *name == '\t'))
				name++;
			for (after = name; after < end && (isalnum((unsigned char)*after) || *after == '_'); )
				after++;
			t = tokenize(name, end, line, bol, &n);
			add_define(s, t, n, after);
			free_toks(t, n);
		}
		return PL_OK;
	}
	t = tokenize(p, end, line, bol, &n);
	for (int i = 0; i < n && rc == PL_OK; i++) {
		struct pmacro *m = lookup(s, t[i].s);
		int k = i;
		unsigned long long size;

		if (!m)
			continue;
		size = m->params ? (i + 1 < n && !strcmp(t[i + 1].s, "(") ?
				    call_size(s, m, t, n, &k, NULL, NULL, 0) : 1) :
			size_of(s, t + i, 1, NULL, NULL, 0);
		if (size >= CAP) {
			struct srcpos pos = { s->path, t[i].line, t[i].col };

			diag_error(&pos, "macro '%s' expands to more than %lu tokens", t[i].s,
				   (unsigned long)B2D_MAX_MACRO_EXPANSION);
			rc = PL_FAIL;
		}
	}
	free_toks(t, n);
	return rc;
}

int prescan_board(const char *path)
{
	struct scan s = { .path = path };
	char *text = read_file(path, NULL), *p, *end;
	unsigned line = 1;
	int rc = PL_OK;

	if (!text)
		return PL_OK;	/* the parse reports it */
	strip_comments(text);
	for (p = text; *p && rc == PL_OK; p = *end ? end + 1 : end) {
		unsigned lines = 1;

		for (end = p; *end && !(*end == '\n' && (end == p || end[-1] != '\\')); end++)
			lines += *end == '\n';
		rc = scan_line(&s, p, end, line);
		line += lines;
	}
	for (size_t i = 0; i < s.nm; i++) {
		for (int k = 0; k < s.m[i].nparams; k++)
			free(s.m[i].params[k]);
		free(s.m[i].params);
		free_toks(s.m[i].body, s.m[i].nbody);
	}
	free(s.m);
	strmap_free(&s.names);
	free(text);
	return rc;
}

static char *bad_model_entry;	/* nftw callback's finding */

static int model_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)ftw;
	if (type == FTW_D || (type == FTW_F && S_ISREG(st->st_mode)))
		return 0;
	if (type == FTW_F || type == FTW_SL) {	/* FIFO, device, socket; a dangling link */
		bad_model_entry = xstrdup(path);
		return 1;
	}
	return 0;
}

int prescan_model_dir(const char *dir)
{
	int rc = PL_OK;

	bad_model_entry = NULL;
	if (nftw(dir, model_entry, 8, 0) == 1 && bad_model_entry) {
		struct srcpos pos = { bad_model_entry, 0, 0 };

		diag_error(&pos, "not a regular file (in the model headers)");
		rc = PL_FAIL;
	}
	free(bad_model_entry);
	bad_model_entry = NULL;
	return rc;
}
