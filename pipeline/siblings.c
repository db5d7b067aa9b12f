// SPDX-License-Identifier: GPL-2.0
/*
 * A board split over files. 3.x board-zoom.c calls zoom_peripherals_init()
 * of board-zoom-peripherals.c; board-harmony.c calls harmony_regulator_init()
 * of board-harmony-power.c; board-h2.c calls h2_mmc_init() of board-h2-mmc.c.
 * A function the board calls but does not define, defined in a file beside
 * it whose name extends the board file's own ("board-zoom" + "-..." or
 * "_..."), is read from there: that file is parsed as the board file is
 * (the same options, the SoC pack's defines), and its functions and
 * variables the board file lacks join the board with their own positions
 * (annotations name that file). Also a family's shared board code beside it
 * (lacie_v2-common.c for d2net_v2-setup.c's lacie_v2_register_flash(),
 * palm27x.c for palm27x_mmc_init(), board-stamp9g20.c for
 * stamp9g20_board_init(), board-flash.c for board_flash_init()): a file whose
 * name is the start of such a function's name, or (a board model's name, with
 * a digit) a word of it, for a function no rule knows. The SoC code beside a
 * board in its own tree (devices.c, serial.c, mux.c) stays the rules'.
 */
#include "siblings.h"

#include <ctype.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/arena.h"
#include "common/diag.h"
#include "common/util.h"
#include "extractor/extract.h"
#include "extractor/model.h"

/* At most this many files beside a board are read, and this big. */
#define SIBLINGS_MAX 16
#define SIBLING_BYTES (2L << 20)

bool pipeline_sibling_name(const char *stem, const char *name)
{
	size_t n = strlen(stem), len = strlen(name);

	return len > n + 3 && !strncmp(name, stem, n) && (name[n] == '-' || name[n] == '_') &&
	       !strcmp(name + len - 2, ".c");
}

/* Does some function of b call `name`, which b does not define? */
static bool wanted(const struct board *b, const char *name)
{
	return name && !board_find_func(b, name);
}

/* The file's name as an identifier: "lacie_v2-common.c" -> "lacie_v2_common". */
static char *ident_of(const char *file)
{
	const char *base = path_basename(file);
	char *id = xstrndup(base, strlen(base) > 2 ? strlen(base) - 2 : 0);

	for (char *q = id; *q; q++)
		*q = *q == '-' ? '_' : (char)tolower((unsigned char)*q);
	return id;
}

/* Does name contain word as a whole '_'-separated part at p? */
static bool word_at(const char *name, const char *p, size_t n)
{
	return (p == name || p[-1] == '_') && (p[n] == '\0' || p[n] == '_');
}

/*
 * Is the file family code for callee: its name, of several words or with
 * a digit, starts callee's ("board_flash" of board_flash_init; not "sram"
 * of sram_init), or its model name (the name without board_/mach_ and
 * _common/_setup) of several words starts it ("zoom_peripherals" of
 * 2.6.3x board-zoom-peripherals.c and zoom_peripherals_init), or with a
 * digit ("lacie_v2", "tsx1x", "stamp9g20") is a word of it
 * (qnap_tsx1x_register_flash)?
 */
static bool family_of(const char *file, const char *callee)
{
	char *id = ident_of(file), *model = id;
	size_t n = strlen(id);
	/* several words or a digit: board_flash, not sram (sram_init() is SoC code) */
	bool yes = !strncmp(callee, id, n) && callee[n] == '_' && strpbrk(id, "_0123456789");

	if (!strncmp(model, "board_", 6) || !strncmp(model, "mach_", 5))
		model = strchr(model, '_') + 1;
	n = strlen(model);
	if (n > 7 && (!strcmp(model + n - 7, "_common") || !strcmp(model + n - 6, "_setup")))
		n -= !strcmp(model + n - 7, "_common") ? 7 : 6;
	model[n] = '\0';
	/* several words start callee's: board-zoom-peripherals.c, zoom_peripherals_init() */
	yes |= n && !strncmp(callee, model, n) && callee[n] == '_' && strchr(model, '_');
	for (const char *p = strstr(callee, model); !yes && n && p; p = strstr(p + 1, model))
		yes = word_at(callee, p, n) && strpbrk(model, "0123456789");
	free(id);
	return yes;
}

/*
 * Is callee a function some function of b calls and lacks, to be looked for
 * in file? With family set (a file not named after the board), only a
 * function of the file's family no rule knows.
 */
static bool wanted_from(const struct board *b, const char *callee, const char *file, bool family,
			const struct sibling_rules *sr)
{
	return wanted(b, callee) &&
	       (!family || (family_of(file, callee) && !(sr && sr->has_rule(callee, sr->ctx))));
}

/* Is file family code for some function b calls, lacks and no rule knows? */
static bool family_wanted(const struct board *b, const char *file, const struct sibling_rules *sr)
{
	for (size_t i = 0; i < b->nfuncs; i++)
		for (size_t j = 0; j < b->funcs[i]->ncalls; j++)
			if (wanted_from(b, b->funcs[i]->calls[j]->callee, file, true, sr))
				return true;
	return false;
}

/*
 * Does the text define a function b calls but lacks (`name(` not followed by
 * ';'), one wanted_from() file?
 */
static bool defines_wanted(const struct board *b, const char *text, const char *file, bool family,
			   const struct sibling_rules *sr)
{
	for (size_t i = 0; i < b->nfuncs; i++)
		for (size_t j = 0; j < b->funcs[i]->ncalls; j++) {
			const char *callee = b->funcs[i]->calls[j]->callee;
			size_t n = callee ? strlen(callee) : 0;

			if (!wanted_from(b, callee, file, family, sr))
				continue;
			for (const char *p = strstr(text, callee); p; p = strstr(p + 1, callee)) {
				const char *q = p + n, *end;

				if ((p > text && (p[-1] == '_' || isalnum((unsigned char)p[-1]))) ||
				    *q != '(' || !(end = strchr(q, ')')))
					continue;
				while (*++end == ' ' || *end == '\t' || *end == '\n')
					;
				if (*end == '{')
					return true;
			}
		}
	return false;
}

/* The new array of n + m pointers (capacity a power of two, as arena_push keeps). */
static void append(struct arena *a, void ***items, size_t *n, void **more, size_t m)
{
	size_t cap = 1;
	void **v;

	while (cap < *n + m)
		cap *= 2;
	v = arena_alloc(a, cap * sizeof(void *));
	if (*n)
		memcpy(v, *items, *n * sizeof(void *));
	memcpy(v + *n, more, m * sizeof(void *));
	*items = v;
	*n += m;
}

/* s's functions and variables that b lacks join b. */
static void join(struct board *b, const struct board *s)
{
	void **more = xcalloc(s->nvars + s->nfuncs + 1, sizeof(void *));
	size_t m = 0;

	for (size_t i = 0; i < s->nvars; i++)
		if (!board_find_var(b, s->vars[i]->name))
			more[m++] = s->vars[i];
	append(&b->arena, (void ***)&b->vars, &b->nvars, more, m);
	m = 0;
	for (size_t i = 0; i < s->nfuncs; i++)
		if (!board_find_func(b, s->funcs[i]->name))
			more[m++] = s->funcs[i];
	append(&b->arena, (void ***)&b->funcs, &b->nfuncs, more, m);
	free(more);
}

/* s joins b and the parses of b's other machines (extractor/machine_split.c); b owns s. */
static void merge(struct board *b, struct board *s)
{
	join(b, s);
	for (size_t i = 0; i < b->nparses; i++)
		join(b->parses[i], s);
	arena_push(&b->arena, (void ***)&b->siblings, &b->nsiblings, s);
}

/* A regular file of at most SIBLING_BYTES, its text (malloc'd), or NULL. */
static char *read_small(const char *path)
{
	struct stat st;

	if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > SIBLING_BYTES)
		return NULL;
	return read_file(path, NULL);
}

/*
 * Does the obj- line at p (going on after a backslash) name obj (an "x.o")?
 * Its symbol ("y" for obj-y, "CONFIG_X" for obj-$(CONFIG_X)) in *sym, malloc'd.
 */
static bool kbuild_names(const char *p, const char *obj, char **sym)
{
	const char *s = p + 4, *e = s + strcspn(s, " \t+:=");
	size_t n = strlen(obj);

	for (const char *q = e; *q && !(*q == '\n' && q[-1] != '\\'); q++)
		if (!strncmp(q, obj, n) && (isspace((unsigned char)q[-1]) || q[-1] == '=') &&
		    (isspace((unsigned char)q[n]) || !q[n])) {
			*sym = !strncmp(s, "$(", 2) && e > s + 3 ? xstrndup(s + 2, (size_t)(e - s - 3))
								  : xstrndup(s, (size_t)(e - s));
			return true;
		}
	return false;
}

/* The obj- lines of the Makefile text, one by one: the next after line (NULL: the first). */
static const char *kbuild_next(const char *mk, const char *line)
{
	for (line = line ? strchr(line, '\n') : mk; line && *line; line = strchr(line, '\n')) {
		line += *line == '\n';
		line += strspn(line, " \t");
		if (!strncmp(line, "obj-", 4))
			return line;
	}
	return NULL;
}

/*
 * Is name SoC code by the Kbuild Makefile beside the board: every obj- line
 * naming it builds it for every board (obj-y) or under a symbol that is
 * neither a machine's (CONFIG_MACH_*) nor one the board file is built
 * under? mach-pxa's pxa27x.o (CONFIG_PXA27x) is; palm27x.o
 * (CONFIG_MACH_PALM27X), tsx09-common.o (ts209-setup.o's CONFIG_MACH_TS209)
 * and h3xxx.o (CONFIG_SA1100_H3100 with h3100.o, CONFIG_SA1100_H3600 with
 * h3600.o) are not. A file no obj- line names (a board file alone, a
 * historic tree's board-flash.c) is not.
 */
static bool soc_object(const char *mk, const char *name, const char *board)
{
	char *obj = xasprintf("%.*s.o", (int)(strlen(name) - 2), name);
	char *bobj = xasprintf("%.*s.o", (int)(strlen(board) - 2), board);
	bool listed = false, family = false;

	for (const char *l = mk ? kbuild_next(mk, NULL) : NULL; l && !family; l = kbuild_next(mk, l)) {
		char *sym = NULL, *own = NULL;

		if (kbuild_names(l, obj, &sym)) {
			listed = true;
			family = !strncmp(sym, "CONFIG_MACH_", 12);
			for (const char *o = kbuild_next(mk, NULL); o && !family; o = kbuild_next(mk, o)) {
				family = kbuild_names(o, bobj, &own) && !strcmp(own, sym);
				free(own);
				own = NULL;
			}
		}
		free(sym);
	}
	free(bobj);
	free(obj);
	return listed && !family;
}

/* scandir() order: by bytes, whatever the locale */
static int name_cmp(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

/*
 * The .c files beside b, at most SIBLINGS_MAX, sorted by name: those named
 * after it first (family[k] false), then those whose name makes them family
 * code for a function it calls and lacks (family[k] true); their count. The
 * directory is read whole and filtered before the cap (mach-pxa has 86 .c
 * files; palm27x.c is not among the first 16 readdir() gives), so the
 * choice does not depend on the order the file system lists it in.
 */
static size_t candidates(const struct board *b, const struct sibling_rules *sr, char **out,
			 bool *family)
{
	const char *base = path_basename(b->path);
	char *dir = xstrndup(b->path, (size_t)(base - b->path));
	char *stem = xstrndup(base, strlen(base) > 2 ? strlen(base) - 2 : 0);
	char *mkpath = xasprintf("%sMakefile", dir), *mk = read_small(mkpath);
	struct dirent **e = NULL;
	int m = scandir(*dir ? dir : ".", &e, NULL, name_cmp);
	size_t n = 0;

	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < m && n < SIBLINGS_MAX; i++) {
			const char *name = e[i]->d_name;
			size_t len = strlen(name);
			bool mine = pipeline_sibling_name(stem, name);

			if (pass == 0 ? mine : !mine && len > 2 && !strcmp(name + len - 2, ".c") &&
			    strcmp(name, base) && family_wanted(b, name, sr) &&
			    !soc_object(mk, name, base)) {
				family[n] = pass == 1;
				out[n++] = xasprintf("%s%s", dir, name);
			}
		}
	for (int i = 0; i < m; i++)
		free(e[i]);
	free(e);
	free(mk);
	free(mkpath);
	free(stem);
	free(dir);
	return n;
}

unsigned pipeline_merge_siblings(struct board *b, const struct extract_options *eo,
				 const struct sibling_rules *sr, bool verbose)
{
	char *files[SIBLINGS_MAX];
	bool done[SIBLINGS_MAX] = { false }, family[SIBLINGS_MAX];
	size_t n = b && b->path ? candidates(b, sr, files, family) : 0;
	unsigned joined = 0;
	bool more = true;

	/* twice round: a file that joined may call into another */
	for (int round = 0; round < 2 && more; round++) {
		more = false;
		for (size_t i = 0; i < n; i++) {
			char *text = done[i] ? NULL : read_small(files[i]);
			struct board *s = NULL;

			if (!text || !defines_wanted(b, text, files[i], family[i], sr)) {
				free(text);
				continue;
			}
			free(text);
			done[i] = true;
			if ((eo->build_dir && !extract_in_build(files[i], eo)) ||
			    extract_board(files[i], eo, &s) != B2D_OK || !s) {
				if (verbose)
					diag_note(NULL, "%s: defines a function %s calls, but does not "
						  "parse: left out", files[i], b->path);
				continue;
			}
			merge(b, s);
			joined++;
			more = true;
			if (verbose)
				diag_note(NULL, "%s: read for the functions %s calls and lacks",
					  files[i], b->path);
		}
	}
	for (size_t i = 0; i < n; i++)
		free(files[i]);
	return joined;
}
