// SPDX-License-Identifier: GPL-2.0
/*
 * Only the board file's function bodies are parsed: libclang 14 can skip
 * every body or, through a precompiled preamble that costs what it saves,
 * the bodies of the #include prefix; neither pays (docs/performance.md).
 * Instead the headers are read through a clang VFS overlay
 * (-ivfsoverlay) that remaps each include directory to a cache of the same
 * headers with their function bodies blanked (blank_bodies.c): same size,
 * same offsets, same lines, same macros, declarations instead of definitions.
 *
 * The cache (extract_options.bodies_cache, e.g. ~/.cache/board2dts/bodies-1)
 * mirrors absolute paths under tree/. An entry is valid when its size and
 * mtime are the real file's (the copy gets the real mtime). A header enters
 * the cache after the first parse that reads it (sb_update), so the first
 * conversion with a new set of headers parses them whole; the overlay falls
 * through to the real file for every header not cached. A stale copy (the
 * real header changed since) is found after the parse among the headers the
 * parse read, rewritten, and the file parsed again (extract.c); so is the
 * copy of a header removed since, which is deleted (the overlay falls
 * through to the real directories, where the parse no longer finds it).
 */
#include "ex_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Lexically canonical absolute path ("." and ".." removed), like clang's VFS lookup. */
static char *canonical(const char *p)
{
	char *cwd = p[0] == '/' ? NULL : getcwd(NULL, 0);
	char *abs = cwd ? xasprintf("%s/%s", cwd, p) : xstrdup(p);
	char *out = xmalloc(strlen(abs) + 2), *tok, *save = NULL;
	size_t n = 0;

	for (tok = strtok_r(abs, "/", &save); tok; tok = strtok_r(NULL, "/", &save)) {
		if (!strcmp(tok, "."))
			continue;
		if (!strcmp(tok, "..")) {
			while (n > 0 && out[--n] != '/')
				;
			continue;
		}
		out[n++] = '/';
		memcpy(out + n, tok, strlen(tok));
		n += strlen(tok);
	}
	if (!n)
		out[n++] = '/';
	out[n] = '\0';
	free(abs);
	free(cwd);
	return out;
}

static bool under(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	return !strncmp(path, dir, n) && (path[n] == '/' || path[n] == '\0' || n == 1);
}

static void add_root(struct ptrvec *roots, const char *dir, const char *model)
{
	char *c = canonical(dir);

	if ((model && under(c, model)) || !strcmp(c, "/")) {
		free(c);
		return;
	}
	for (size_t i = 0; i < roots->len; i++) {
		char *r = roots->items[i];

		if (under(c, r)) {
			free(c);
			return;
		}
		if (under(r, c)) {	/* the new one contains an old one */
			free(r);
			roots->items[i] = roots->items[--roots->len];
			i--;
		}
	}
	pv_push(roots, c);
}

/* The include directories of the arguments, and the main file's. */
static void collect_roots(const struct ptrvec *args, const char *main, const char *model,
			  struct ptrvec *roots)
{
	static const char *const opts[] = { "-I", "-isystem", "-iquote", "-idirafter", "-include" };
	char *m = canonical(main), *slash = strrchr(m, '/');

	for (size_t i = 0; i < args->len; i++) {
		const char *a = args->items[i], *dir = NULL;

		for (size_t k = 0; k < sizeof(opts) / sizeof(opts[0]) && !dir; k++)
			if (!strcmp(a, opts[k]) && i + 1 < args->len)
				dir = args->items[++i];
			else if (k == 0 && str_starts(a, "-I") && a[2])
				dir = a + 2;
		if (dir && !strcmp(a, "-include")) {
			char *d = canonical(dir);

			*strrchr(d, '/') = '\0';
			if (d[0])
				add_root(roots, d, model);
			free(d);
		} else if (dir) {
			add_root(roots, dir, model);
		}
	}
	*slash = '\0';
	if (m[0])
		add_root(roots, m, model);
	free(m);
}

static void json_str(struct strbuf *sb, const char *s)
{
	sb_add(sb, "\"");
	for (; *s; s++)
		sb_addf(sb, *s == '"' || *s == '\\' ? "\\%c" : "%c", *s);
	sb_add(sb, "\"");
}

/* Write `text` to `path` through a temporary file and a rename (workers share the cache). */
bool ex_put_atomic(const char *path, const char *text, size_t len, const struct stat *times)
{
	char *tmp = xasprintf("%s.%ld.tmp", path, (long)getpid());
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	bool ok = fd >= 0 && write(fd, text, len) == (ssize_t)len;

	if (ok && times)
		ok = futimens(fd, (struct timespec[]){ times->st_atim, times->st_mtim }) == 0;
	if (fd >= 0 && close(fd) != 0)
		ok = false;
	ok = ok && rename(tmp, path) == 0;
	if (!ok)
		unlink(tmp);
	free(tmp);
	return ok;
}

/* The overlay file of these roots, written once; NULL when it cannot be. */
static char *overlay(const char *cache, const struct ptrvec *roots)
{
	struct strbuf sb;
	unsigned long long h = 1469598103934665603ULL;
	char *path;
	bool ok = true;

	sb_init(&sb);
	sb_add(&sb, "{\"version\": 0, \"use-external-names\": false, \"fallthrough\": true,\n"
		    " \"roots\": [");
	for (size_t i = 0; i < roots->len; i++) {
		char *mirror = xasprintf("%s/tree%s", cache, (char *)roots->items[i]);

		ok = ok && mkdir_p(mirror) == 0;
		sb_add(&sb, i ? ",\n  {" : "\n  {");
		sb_add(&sb, "\"type\": \"directory-remap\", \"name\": ");
		json_str(&sb, roots->items[i]);
		sb_add(&sb, ", \"external-contents\": ");
		json_str(&sb, mirror);
		sb_add(&sb, "}");
		free(mirror);
	}
	sb_add(&sb, "]}\n");
	for (const char *p = sb.buf; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ULL;
	path = xasprintf("%s/overlay-%016llx.yaml", cache, h);
	if (ok && access(path, R_OK) != 0)
		ok = ex_put_atomic(path, sb.buf, sb.len, NULL);
	sb_free(&sb);
	if (!ok) {
		free(path);
		return NULL;
	}
	return path;
}

void sb_args(const char *cache, const char *main, const char *model_dir,
	     struct ptrvec *args, struct ptrvec *roots)
{
	char *model = model_dir ? canonical(model_dir) : NULL, *ov;
	char *m = canonical(main), *mirror = xasprintf("%s/tree%s", cache, m);

	unlink(mirror);	/* a header parsed as the main file keeps its bodies */
	free(mirror);
	free(m);
	collect_roots(args, main, model, roots);
	free(model);
	if (!roots->len || mkdir_p(cache) != 0 || !(ov = overlay(cache, roots)))
		return;
	pv_push(args, xstrdup("-ivfsoverlay"));
	pv_push(args, ov);
	/* Declarations instead of definitions: used static inlines are undefined. */
	pv_push(args, xstrdup("-Wno-undefined-internal"));
	pv_push(args, xstrdup("-Wno-undefined-inline"));
}

struct sb_walk {
	const char *cache, *model;
	const struct ptrvec *roots;
	unsigned stale;
};

/* Cache the blanked copy of `real` at `mirror`, dated like `real`. */
static void store(const char *real, const char *mirror, const struct stat *st)
{
	size_t len;
	char *text = read_file(real, &len), *dir;

	if (!text || len != (size_t)st->st_size) {
		free(text);
		return;
	}
	blank_bodies(text, len);
	dir = xstrdup(mirror);
	*strrchr(dir, '/') = '\0';
	if (mkdir_p(dir) == 0)
		ex_put_atomic(mirror, text, len, st);
	free(dir);
	free(text);
}

static bool same_file(const struct stat *a, const struct stat *b)
{
	return a->st_size == b->st_size && a->st_mtim.tv_sec == b->st_mtim.tv_sec &&
	       a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

static void check_one(struct sb_walk *w, const char *name)
{
	char *c = canonical(name), *mirror;
	struct stat real, copy;
	size_t n = strlen(c);
	bool in_root = false;

	for (size_t i = 0; i < w->roots->len && !in_root; i++)
		in_root = under(c, w->roots->items[i]);
	if (n <= 2 || strcmp(c + n - 2, ".h") || !in_root || (w->model && under(c, w->model))) {
		free(c);
		return;
	}
	mirror = xasprintf("%s/tree%s", w->cache, c);
	if (stat(c, &real) != 0) {
		/* Only the copy is left: the header was removed (or renamed) since. */
		if (errno == ENOENT && unlink(mirror) == 0)
			w->stale++;
	} else if (S_ISREG(real.st_mode)) {
		if (stat(mirror, &copy) != 0) {
			store(c, mirror, &real);
		} else if (!same_file(&real, &copy)) {
			w->stale++;	/* this parse read an old copy */
			store(c, mirror, &real);
		}
	}
	free(mirror);
	free(c);
}

static void visit(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData d)
{
	CXString s;

	(void)stack;
	if (!depth)
		return;	/* the main file */
	s = clang_getFileName(f);
	if (clang_getCString(s))
		check_one(d, clang_getCString(s));
	clang_disposeString(s);
}

unsigned sb_update(CXTranslationUnit tu, const char *cache, const char *model_dir,
		   const struct ptrvec *roots)
{
	char *model = model_dir ? canonical(model_dir) : NULL;
	struct sb_walk w = { cache, model, roots, 0 };

	clang_getInclusions(tu, visit, &w);
	free(model);
	return w.stale;
}
