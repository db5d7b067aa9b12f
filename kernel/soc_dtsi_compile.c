// SPDX-License-Identifier: GPL-2.0
/*
 * A SoC .dtsi compiled once with `dtc -@` (wrapped in `/dts-v1/;`, retried as
 * a /plugin/ and with -f when it references labels a board defines) and
 * cached under the cache directory, keyed by path, mtime and size; a stack of
 * files ("kirkwood.dtsi kirkwood-6281.dtsi") is compiled as one. Used by
 * soc_dtsi.c, which indexes the blob.
 */
#define _GNU_SOURCE	/* strcasestr */
#include "soc_dtsi_int.h"
#include "kernel_dt.h"
#include "../common/diag.h"
#include "../common/util.h"

#include <errno.h>
#include <libfdt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- compiling and caching ---- */

/* FNV-1a: a stable cache key without pulling in a crypto library. */
static uint64_t fnv1a(uint64_t h, const void *data, size_t n)
{
	const unsigned char *p = data;

	while (n--)
		h = (h ^ *p++) * 0x100000001b3ULL;
	return h;
}

static char *cache_path(const char *cache_dir, const char *dtsi_path, const struct stat *st)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	int64_t mtime = st->st_mtim.tv_sec, nsec = st->st_mtim.tv_nsec;
	int64_t size = st->st_size;
	char *base = xstrdup(path_basename(dtsi_path));
	char *dot = strrchr(base, '.');
	char *p;

	h = fnv1a(h, dtsi_path, strlen(dtsi_path) + 1);
	h = fnv1a(h, &mtime, sizeof(mtime));
	h = fnv1a(h, &nsec, sizeof(nsec));
	h = fnv1a(h, &size, sizeof(size));
	if (dot)
		*dot = '\0';
	p = xasprintf("%s/%s-%016llx.dtb", cache_dir, base, (unsigned long long)h);
	free(base);
	return p;
}

/* Write to a temporary name and rename, so readers never see half a blob. */
static void cache_store(const char *path, const void *blob, size_t len)
{
	char *tmp = xasprintf("%s.XXXXXX", path);
	int fd = mkstemp(tmp);
	bool ok = fd >= 0;

	if (ok)
		ok = write(fd, blob, len) == (ssize_t)len;
	if (fd >= 0)
		ok = close(fd) == 0 && ok;
	if (ok)
		ok = rename(tmp, path) == 0;
	if (!ok && fd >= 0)
		unlink(tmp);
	free(tmp);
}

static void *cache_load(const char *path, size_t *len)
{
	void *blob = read_file(path, len);

	if (blob && (*len < sizeof(struct fdt_header) || fdt_check_header(blob) != 0 ||
		     fdt_totalsize(blob) != *len)) {
		free(blob);
		blob = NULL;
	}
	return blob;
}

/* dtsi_path: one path, or several separated by spaces, included in order. */
static int write_wrapper(const char *path, const char *dtsi_path, bool plugin)
{
	FILE *f = fopen(path, "w");
	char *list = xstrdup(dtsi_path), *save = NULL;

	if (!f) {
		free(list);
		return -1;
	}
	fprintf(f, "/dts-v1/;\n%s", plugin ? "/plugin/;\n" : "");
	for (char *w = strtok_r(list, " ", &save); w; w = strtok_r(NULL, " ", &save))
		fprintf(f, "#include \"%s\"\n", w);
	free(list);
	return fclose(f);
}

/*
 * stat() every file of a space-separated list: the newest mtime and the
 * summed size stand for them all in the cache key. -1 (errno set) when one
 * is missing; *missing is then that one (malloc'd).
 */
static int stat_all(const char *paths, struct stat *st, char **missing)
{
	char *list = xstrdup(paths), *save = NULL;
	int rc = 0;

	memset(st, 0, sizeof(*st));
	for (char *w = strtok_r(list, " ", &save); w && rc == 0; w = strtok_r(NULL, " ", &save)) {
		struct stat one;

		if (stat(w, &one) < 0) {
			*missing = xstrdup(w);
			rc = -1;
			break;
		}
		if (one.st_mtim.tv_sec > st->st_mtim.tv_sec ||
		    (one.st_mtim.tv_sec == st->st_mtim.tv_sec &&
		     one.st_mtim.tv_nsec > st->st_mtim.tv_nsec))
			st->st_mtim = one.st_mtim;
		st->st_size += one.st_size;
	}
	free(list);
	return rc;
}

/*
 * A .dtsi is not a complete source: wrap it in `/dts-v1/;`. Some reference
 * labels that only a variant .dtsi or the board defines: orion5x.dtsi's
 * `clocks = <&core_clk 0>` compiles as a /plugin/ (dtc records a fixup);
 * pxa2xx.dtsi's `i2c1 = &pwri2c` alias (a path reference, which a plugin
 * cannot defer) needs -f as well. Each step is tried only when the stricter
 * one failed; labels, paths and reg addresses come out the same.
 */
static int compile_dtsi(const char *kdir, const char *dtsi_path, void **blob, size_t *len,
			char **errors)
{
	static const char *const force[] = { "-f" };
	char *tmpl = temp_path("b2d-dtsi.XXXXXX");
	char *wrapper, *first = NULL;
	int rc = B2D_ERR_IO;

	*errors = NULL;
	if (!mkdtemp(tmpl)) {
		free(tmpl);
		return B2D_ERR_IO;
	}
	wrapper = xasprintf("%s/wrapper.dts", tmpl);
	for (int step = 0; step < 3; step++) {
		bool plugin = step > 0;
		size_t nforce = step == 2 ? 1 : 0;

		free(*errors);
		*errors = NULL;
		if (write_wrapper(wrapper, dtsi_path, plugin) < 0) {
			rc = B2D_ERR_IO;
			break;
		}
		rc = kernel_dts_compile_args(kdir, NULL, 0, wrapper, true, force, nforce,
					     blob, len, errors);
		if (rc != B2D_ERR_DTC)
			break;
		/* The strict attempt's message is the one worth reporting. */
		if (!first)
			first = *errors ? xstrdup(*errors) : NULL;
	}
	if (rc == B2D_ERR_DTC) {
		free(*errors);
		*errors = first;
		first = NULL;
	}
	free(first);
	unlink(wrapper);
	rmdir(tmpl);
	free(tmpl);
	free(wrapper);
	return rc;
}

static const char *line_end(const char *s)
{
	const char *nl = strchr(s, '\n');

	return nl ? nl : s + strlen(s);
}

/*
 * The first line of cpp/dtc's output that reports an error, for a one-line
 * diagnostic; dtc's closing "Input tree has errors" summary says nothing.
 */
static char *first_error(const char *errors)
{
	const char *line = errors, *hit = NULL;

	while (line && *line && !hit) {
		char *l = xstrndup(line, (size_t)(line_end(line) - line));

		if (strcasestr(l, "error") && !strstr(l, "Input tree has errors"))
			hit = line;
		free(l);
		line = *line_end(line) ? line_end(line) + 1 : NULL;
	}
	if (!hit)
		hit = errors ? errors : "unknown error";
	return xstrndup(hit, (size_t)(line_end(hit) - hit));
}

int soc_dtsi_obtain_blob(const char *kdir, const char *dtsi_path, const char *cache_dir,
		       void **blob, size_t *len)
{
	struct stat st;
	char *cpath = NULL, *errors = NULL, *missing = NULL;
	int rc;

	if (stat_all(dtsi_path, &st, &missing) < 0) {
		diag_error(NULL, "%s: %s", missing, strerror(errno));
		free(missing);
		return B2D_ERR_IO;
	}
	if (cache_dir) {
		cpath = cache_path(cache_dir, dtsi_path, &st);
		*blob = cache_load(cpath, len);
		if (*blob) {
			free(cpath);
			return B2D_OK;
		}
	}
	rc = compile_dtsi(kdir, dtsi_path, blob, len, &errors);
	if (rc < 0) {
		char *line = first_error(errors);

		diag_error(NULL, "%s: cannot compile: %s", dtsi_path, line);
		free(line);
	} else if (cpath && mkdir_p(cache_dir) == 0) {
		cache_store(cpath, *blob, *len);
	}
	free(errors);
	free(cpath);
	return rc;
}


/* Each name of a space-separated list made absolute (under KDIR/arch/arm/boot/dts). */
char *soc_dtsi_absolute_paths(const char *kernel_dir, const char *dtsi)
{
	char *list = xstrdup(dtsi), *save = NULL;
	struct strbuf sb;

	sb_init(&sb);
	for (char *w = strtok_r(list, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		if (sb.len)
			sb_addc(&sb, ' ');
		if (w[0] == '/')
			sb_addf(&sb, "%s", w);
		else
			sb_addf(&sb, "%s/arch/arm/boot/dts/%s", kernel_dir, w);
	}
	free(list);
	return sb_detach(&sb);
}

/* The text of the space-separated files of paths, one after the other; NULL: one unreadable. */
char *soc_dtsi_read_texts(const char *paths)
{
	struct strbuf sb;
	char *list = xstrdup(paths), *save = NULL;

	sb_init(&sb);
	for (char *p = strtok_r(list, " ", &save); p; p = strtok_r(NULL, " ", &save)) {
		char *t = read_file(p, NULL);

		if (!t) {
			sb_free(&sb);
			free(list);
			return NULL;
		}
		sb_addf(&sb, "%s\n", t);
		free(t);
	}
	free(list);
	return sb.buf ? sb.buf : xstrdup("");
}
