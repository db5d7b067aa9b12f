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
 * (annotations name that file). Only files named after the board: the SoC
 * code beside it in its own tree (devices.c, mux.c) stays the rules'.
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

/* Does the text define a function b calls but lacks (`name(` not followed by ';')? */
static bool defines_wanted(const struct board *b, const char *text)
{
	for (size_t i = 0; i < b->nfuncs; i++)
		for (size_t j = 0; j < b->funcs[i]->ncalls; j++) {
			const char *callee = b->funcs[i]->calls[j]->callee;
			size_t n = callee ? strlen(callee) : 0;

			if (!wanted(b, callee))
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

/* s's functions and variables that b lacks join b; b owns s. */
static void merge(struct board *b, struct board *s)
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
	arena_push(&b->arena, (void ***)&b->siblings, &b->nsiblings, s);
}

/* The .c files beside path named after it, sorted; their count. */
static size_t candidates(const char *path, char **out)
{
	const char *base = path_basename(path);
	char *dir = xstrndup(path, (size_t)(base - path));
	char *stem = xstrndup(base, strlen(base) > 2 ? strlen(base) - 2 : 0);
	DIR *d = opendir(*dir ? dir : ".");
	struct dirent *e;
	size_t n = 0;

	while (d && (e = readdir(d)) && n < SIBLINGS_MAX)
		if (pipeline_sibling_name(stem, e->d_name))
			out[n++] = xasprintf("%s%s", dir, e->d_name);
	if (d)
		closedir(d);
	qsort(out, n, sizeof(*out), str_cmp_ptr);
	free(stem);
	free(dir);
	return n;
}

/* A regular file of at most SIBLING_BYTES, its text (malloc'd), or NULL. */
static char *read_small(const char *path)
{
	struct stat st;

	if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > SIBLING_BYTES)
		return NULL;
	return read_file(path, NULL);
}

unsigned pipeline_merge_siblings(struct board *b, const struct extract_options *eo, bool verbose)
{
	char *files[SIBLINGS_MAX];
	bool done[SIBLINGS_MAX] = { false };
	size_t n = b && b->path ? candidates(b->path, files) : 0;
	unsigned joined = 0;
	bool more = true;

	/* twice round: a file that joined may call into another */
	for (int round = 0; round < 2 && more; round++) {
		more = false;
		for (size_t i = 0; i < n; i++) {
			char *text = done[i] ? NULL : read_small(files[i]);
			struct board *s = NULL;

			if (!text || !defines_wanted(b, text)) {
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
