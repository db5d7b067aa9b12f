// SPDX-License-Identifier: GPL-2.0
/*
 * `board2dts batch`: the file list (the FILE.c operands and, with
 * --from-compdb, every MACHINE_START file the compilation databases list),
 * each file's unique output base name, this shard's part, what is up to date
 * (skipped), and the rows earlier runs left in DIR/.batch.
 */
#include "batch.h"
#include "pipeline.h"
#include "convert_core.h"

#include <clang-c/CXCompilationDatabase.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "common/diag.h"

/* ---- the file list ---- */

static void add_job(struct batch_jobs *js, const char *path, const char *build_dir)
{
	char *real = realpath(path, NULL);

	for (size_t i = 0; i < js->n; i++)
		if (!strcmp(js->v[i].real, real ? real : path)) {
			free(real);
			return;
		}
	js->v = xrealloc(js->v, (js->n + 1) * sizeof(*js->v));
	memset(&js->v[js->n], 0, sizeof(*js->v));
	js->v[js->n].path = xstrdup(path);
	js->v[js->n].real = real ? real : xstrdup(path);
	js->v[js->n].build_dir = build_dir;
	js->n++;
}

/* A legacy board file: MACHINE_START( at the start of a line. */
static bool has_machine_start(const char *path)
{
	char *text = read_file(path, NULL);
	bool r = text && (!strncmp(text, "MACHINE_START(", 14) || strstr(text, "\nMACHINE_START("));

	free(text);
	return r;
}

/* Every file a database lists: (realpath, build dir); optionally add board files as jobs. */
struct listed {
	char **real;
	const char **dir;
	size_t n;
};

static int scan_db(const char *dir, struct listed *l, struct batch_jobs *js, bool add)
{
	char *path = xasprintf("%s/compile_commands.json", dir);
	int ferr = regular_file_error(path);
	struct srcpos pos = { path, 0, 0 };
	CXCompilationDatabase_Error err;
	CXCompilationDatabase db;
	CXCompileCommands all;
	unsigned n;

	if (ferr == B2D_ENOTREG)	/* a FIFO would block libclang */
		diag_error(&pos, "not a regular file");
	free(path);
	if (ferr == B2D_ENOTREG)
		return PL_USAGE;
	db = clang_CompilationDatabase_fromDirectory(dir, &err);
	if (err != CXCompilationDatabase_NoError) {
		diag_error(NULL, "-p: cannot load %s/compile_commands.json", dir);
		return PL_USAGE;
	}
	all = clang_CompilationDatabase_getAllCompileCommands(db);
	n = all ? clang_CompileCommands_getSize(all) : 0;
	for (unsigned i = 0; i < n; i++) {
		CXCompileCommand cmd = clang_CompileCommands_getCommand(all, i);
		CXString f = clang_CompileCommand_getFilename(cmd);
		CXString d = clang_CompileCommand_getDirectory(cmd);
		const char *fs = clang_getCString(f);
		char *abs = fs[0] == '/' ? xstrdup(fs) : xasprintf("%s/%s", clang_getCString(d), fs);
		size_t len = strlen(abs);
		char *real;

		clang_disposeString(f);
		clang_disposeString(d);
		if (len < 2 || strcmp(abs + len - 2, ".c") || !(real = realpath(abs, NULL))) {
			free(abs);
			continue;
		}
		l->real = xrealloc(l->real, (l->n + 1) * sizeof(*l->real));
		l->dir = xrealloc(l->dir, (l->n + 1) * sizeof(*l->dir));
		l->real[l->n] = real;
		l->dir[l->n++] = dir;
		if (add && strstr(abs, "/arch/arm/") && has_machine_start(abs))
			add_job(js, real, dir);
		free(abs);
	}
	if (all)
		clang_CompileCommands_dispose(all);
	clang_CompilationDatabase_dispose(db);
	return PL_OK;
}

static int cmp_base(const void *a, const void *b)
{
	const struct batch_job *x = a, *y = b;
	int c = strcmp(x->base, y->base);

	return c ? c : strcmp(x->real, y->real);
}

/* Unique output base names: the file's stem, or <parent dir>_<stem> when stems collide. */
static void name_jobs(struct batch_jobs *js)
{
	for (size_t i = 0; i < js->n; i++)
		js->v[i].base = conv_input_base(js->v[i].real);
	for (size_t i = 0; i < js->n; i++) {
		bool dup = false;

		for (size_t k = 0; k < js->n && !dup; k++)
			dup = k != i && !strcmp(path_basename(js->v[k].real),
						path_basename(js->v[i].real));
		if (dup) {
			char *dir = xstrdup(js->v[i].real);
			char *slash = strrchr(dir, '/');
			const char *parent;

			if (slash)
				*slash = '\0';
			parent = path_basename(dir);
			free(js->v[i].base);
			js->v[i].base = xasprintf("%s_%s", parent, path_basename(js->v[i].real));
			js->v[i].base[strlen(js->v[i].base) - 2] = '\0';
			free(dir);
		}
	}
	/* Sorted by base name: the order (and so the shards) do not depend on where the tree is. */
	qsort(js->v, js->n, sizeof(*js->v), cmp_base);
	for (size_t i = 1; i < js->n; i++)
		if (!strcmp(js->v[i].base, js->v[i - 1].base)) {
			char *b = xasprintf("%s-%zu", js->v[i].base, i);

			free(js->v[i].base);
			js->v[i].base = b;
		}
}

/* ---- up to date? ---- */

static bool ts_before(struct timespec a, struct timespec b)
{
	return a.tv_sec < b.tv_sec || (a.tv_sec == b.tv_sec && a.tv_nsec < b.tv_nsec);
}

/*
 * The state says ok for this fingerprint (options, tool version, rules and
 * model headers), and every output exists and is not older than the input.
 */
static bool up_to_date(const struct batch_ctx *c, struct batch_job *jb, struct batch_result *r)
{
	struct stat in, st;
	char *fp;
	bool ok;

	if (!r->valid || strcmp(r->status, "ok") || !r->outputs.len ||
	    !str_eq(r->source, jb->path) || stat(jb->path, &in) != 0)
		return false;
	fp = batch_fingerprint(c, jb);
	ok = str_eq(fp, r->options);
	free(fp);
	for (size_t i = 0; ok && i < r->outputs.len; i++) {
		char *p = xasprintf("%s/%s", c->out_dir, (char *)r->outputs.items[i]);

		ok = stat(p, &st) == 0 && !ts_before(st.st_mtim, in.st_mtim);
		free(p);
	}
	return ok;
}

/* Before redoing a file: remove what its previous run wrote (machines may have changed). */
static void remove_old_outputs(const struct batch_ctx *c, const struct batch_result *r)
{
	for (size_t i = 0; i < r->outputs.len; i++) {
		char *p = xasprintf("%s/%s", c->out_dir, (char *)r->outputs.items[i]);

		(void)unlink(p);
		free(p);
	}
}

/* ---- this run's files, earlier runs' rows ---- */

void batch_jobs_free(struct batch_jobs *js)
{
	for (size_t i = 0; i < js->n; i++) {
		free(js->v[i].path);
		free(js->v[i].real);
		free(js->v[i].base);
		batch_result_free(&js->v[i].r);
	}
	free(js->v);
	memset(js, 0, sizeof(*js));
}

void batch_select_jobs(const struct batch_ctx *c, struct batch_jobs *js,
		       const struct batch_input *a, long *sel, size_t *nsel, long *run,
		       size_t *nrun)
{
	for (size_t i = 0; i < js->n; i++) {
		struct batch_result old;

		if (a->shard_n && (long)(i % (size_t)a->shard_n) != a->shard_i - 1)
			continue;
		sel[(*nsel)++] = (long)i;
		batch_state_read(c, &js->v[i], &old);
		if (!a->force && up_to_date(c, &js->v[i], &old)) {
			js->v[i].r = old;
			js->v[i].r.skipped = true;
			continue;
		}
		if (old.valid)
			remove_old_outputs(c, &old);
		batch_result_free(&old);
		run[(*nrun)++] = (long)i;
	}
}

/* Is source (a state's) one of this run's files, under its own base name or another? */
static bool selected(const struct batch_jobs *js, const long *sel, size_t nsel, const char *base,
		     const char *source)
{
	char *real = realpath(source, NULL);
	bool r = false;

	for (size_t k = 0; k < nsel && !r; k++) {
		const struct batch_job *jb = &js->v[sel[k]];

		r = !strcmp(jb->base, base) || !strcmp(jb->path, source) ||
		    (real && !strcmp(jb->real, real));
	}
	free(real);
	return r;
}

void batch_add_earlier(const struct batch_ctx *c, const struct batch_jobs *js, const long *sel,
			size_t nsel, struct batch_jobs *ej)
{
	struct ptrvec bases = { 0 };

	batch_state_bases(c->state_dir, &bases);
	for (size_t i = 0; i < bases.len; i++) {
		char *base = bases.items[i];
		char *path = xasprintf("%s/%s.state", c->state_dir, base);
		struct batch_result r;

		if (batch_state_load(path, &r) && r.source &&
		    !selected(js, sel, nsel, base, r.source)) {
			ej->v = xrealloc(ej->v, (ej->n + 1) * sizeof(*ej->v));
			ej->v[ej->n] = (struct batch_job){ .path = xstrdup(r.source),
							   .real = xstrdup(r.source),
							   .base = base, .r = r };
			ej->v[ej->n++].r.earlier = true;
			base = NULL;
		} else {
			batch_result_free(&r);
		}
		free(base);
		free(path);
	}
	pv_free(&bases);
}


/* The -p databases exist, --kernel is a directory; else PL_USAGE after one diagnostic. */
static int check_dirs(const struct batch_input *a)
{
	struct stat st;

	for (size_t i = 0; i < a->build_dirs->len; i++) {
		const char *d = a->build_dirs->items[i];
		char *db = xasprintf("%s/compile_commands.json", d);
		bool ok = stat(db, &st) == 0 && S_ISREG(st.st_mode);

		free(db);
		if (!ok) {
			diag_error(NULL, "-p: %s/compile_commands.json not found", d);
			return PL_USAGE;
		}
	}
	if (a->kernel_dir && (stat(a->kernel_dir, &st) || !S_ISDIR(st.st_mode))) {
		diag_error(NULL, "--kernel: '%s' is not a directory", a->kernel_dir);
		return PL_USAGE;
	}
	return PL_OK;
}

static void listed_free(struct listed *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->real[i]);
	free(l->real);
	free(l->dir);
}

int batch_file_list(const struct batch_input *a, struct batch_jobs *js)
{
	struct listed l = { 0 };
	int rc = check_dirs(a);

	/* The file list: databases first (to know which lists which file), then arguments. */
	for (size_t i = 0; i < a->build_dirs->len && !rc; i++)
		rc = scan_db(a->build_dirs->items[i], &l, js, a->from_compdb);
	for (size_t i = 0; i < a->files->len && !rc; i++) {
		const char *f = a->files->items[i];
		char *real = realpath(f, NULL);
		const char *dir = a->build_dirs->len ? a->build_dirs->items[0] : NULL;

		for (size_t k = 0; real && k < l.n; k++)
			if (!strcmp(l.real[k], real)) {
				dir = l.dir[k];
				break;
			}
		free(real);
		add_job(js, f, dir);
	}
	listed_free(&l);
	if (!rc && !js->n) {
		diag_error(NULL, "batch: no board files (no file the databases list has MACHINE_START)");
		rc = PL_USAGE;
	}
	if (!rc)
		name_jobs(js);
	return rc;
}
