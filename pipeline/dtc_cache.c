// SPDX-License-Identifier: GPL-2.0
/*
 * The dtc check cache (dtc_cache.h). An entry, named by a hash of its key,
 * is text: the magic line, then records `TAG [N...] LEN\n` + LEN bytes +
 * `\n`:
 *   key     the key: kernel tree, temporary directory, cpp and dtc (path,
 *           size, mtime), the environment cpp reads, the .dts text
 *   dep     SIZE SEC NSEC: a file cpp read (must be unchanged)
 *   absent  where an earlier include directory would shadow a file read
 *           (must still not exist)
 * and `end 0\n\n`. Anything else (a damaged, truncated or foreign entry, a
 * symlink) is a miss: the check runs. Written to a fresh temporary file in
 * the cache directory (O_EXCL | O_NOFOLLOW) and renamed over the entry.
 */
#include "dtc_cache.h"
#include "convert_core.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/records.h"
#include "common/util.h"

#define DC_MAGIC "b2d-dtc-check 1\n"
#define DC_MAX_ENTRY (64u << 20)

static uint64_t fnv(const char *p, size_t n)
{
	uint64_t h = 14695981039346656037ULL;

	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)p[i]) * 1099511628211ULL;
	return h;
}

char *dc_dir(void)
{
	const char *off = getenv("B2D_NO_DTC_CACHE");
	char *base, *dir;
	struct stat st;

	if ((off && *off && *off != '0') || !(base = conv_cache_dir()))
		return NULL;
	dir = xasprintf("%s/dtc-check-%d", base, B2D_DTC_CACHE_VERSION);
	free(base);
	(void)mkdir(dir, 0755);
	if (lstat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {	/* a symlink: not ours */
		free(dir);
		return NULL;
	}
	return dir;
}

/* The file execvp would run for name (a path when it has a slash). */
static char *which(const char *name)
{
	const char *path = getenv("PATH");
	char *dirs, *d, *save = NULL, *found = NULL;

	if (strchr(name, '/'))
		return realpath(name, NULL);
	dirs = xstrdup(path && *path ? path : "/bin:/usr/bin");
	for (d = strtok_r(dirs, ":", &save); d && !found; d = strtok_r(NULL, ":", &save)) {
		char *p = xasprintf("%s/%s", *d ? d : ".", name);
		struct stat st;

		if (stat(p, &st) == 0 && S_ISREG(st.st_mode) && access(p, X_OK) == 0)
			found = realpath(p, NULL);
		free(p);
	}
	free(dirs);
	return found;
}

static bool add_tool(struct strbuf *sb, const char *env, const char *dflt)
{
	const char *t = getenv(env);
	char *path = which(t && *t ? t : dflt);
	struct stat st;
	bool ok = path && stat(path, &st) == 0;

	if (ok)
		sb_addf(sb, "tool %s %s %lld %lld.%09ld\n", dflt, path, (long long)st.st_size,
			(long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
	free(path);
	return ok;
}

char *dc_key(const char *kernel_dir, const char *dts, size_t len)
{
	static const char *const env[] = {
		"CPATH", "C_INCLUDE_PATH", "GCC_EXEC_PREFIX", "COMPILER_PATH", "LANG", "LC_ALL",
		"LC_CTYPE", "SOURCE_DATE_EPOCH",
	};
	char *k = realpath(kernel_dir, NULL);
	struct strbuf sb;

	sb_init(&sb);
	sb_addf(&sb, "kernel %s\ntmp %s\n", k ? k : kernel_dir, temp_dir());
	free(k);
	for (size_t i = 0; i < sizeof(env) / sizeof(env[0]); i++)
		sb_addf(&sb, "env %s=%s\n", env[i], getenv(env[i]) ? getenv(env[i]) : "(unset)");
	if (!add_tool(&sb, "B2D_CPP", "cpp") || !add_tool(&sb, "B2D_DTC", "dtc")) {
		sb_free(&sb);
		return NULL;
	}
	sb_addf(&sb, "dts %zu\n", len);
	sb_addn(&sb, dts, len);
	return sb_detach(&sb);
}

static char *entry_path(const char *dir, const char *key)
{
	return xasprintf("%s/%016llx", dir, (unsigned long long)fnv(key, strlen(key)));
}

static void record(struct strbuf *sb, const char *tag, const char *nums, const char *blob)
{
	sb_addf(sb, "%s %s%s%zu\n%s\n", tag, nums ? nums : "", nums ? " " : "", strlen(blob),
		blob);
}

/* Holds one record? (tag, its numbers, its text) */
static bool holds(const char *tag, const char *nums, const char *blob, const char *key)
{
	long long size, sec;
	long nsec;
	struct stat st;

	if (!strcmp(tag, "key"))
		return !strcmp(blob, key);
	if (!strcmp(tag, "dep"))
		return sscanf(nums, "%lld %lld %ld", &size, &sec, &nsec) == 3 &&
		       stat(blob, &st) == 0 && S_ISREG(st.st_mode) && st.st_size == size &&
		       st.st_mtim.tv_sec == sec && st.st_mtim.tv_nsec == nsec;
	if (!strcmp(tag, "absent"))
		return lstat(blob, &st) != 0 && errno == ENOENT;
	return false;
}

/* Every record of text holds, the key's among them, and `end` closes them. */
static bool check_records(const char *text, size_t len, const char *key)
{
	const char *p = text + strlen(DC_MAGIC), *end = text + len;
	bool keyed = false;

	if (len < strlen(DC_MAGIC) || memcmp(text, DC_MAGIC, strlen(DC_MAGIC)))
		return false;
	while (p < end) {
		struct record r;
		char *blob;
		bool ok;

		if (!record_next(&p, end, &r))
			return false;
		if (!strcmp(r.tag, "end"))
			return keyed && r.n == 0 && p == end;
		blob = xstrndup(r.blob, r.n);
		ok = strlen(blob) == r.n && holds(r.tag, r.nums, blob, key);
		keyed |= ok && !strcmp(r.tag, "key");
		free(blob);
		if (!ok)
			return false;
	}
	return false;
}

bool dc_hit(const char *dir, const char *key)
{
	char *path = entry_path(dir, key), *text = NULL;
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	struct stat st;
	bool ok = false;

	if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
	    (size_t)st.st_size < DC_MAX_ENTRY) {
		size_t len = (size_t)st.st_size;

		text = xmalloc(len + 1);
		ok = read(fd, text, len) == (ssize_t)len && check_records(text, len, key);
	}
	if (fd >= 0)
		close(fd);
	free(text);
	free(path);
	return ok;
}

/* Files an earlier include directory (or the .dts's own) would have shadowed. */
static void add_absent(struct strbuf *sb, const char *kernel_dir, const char *dep)
{
	static const char *const sub[] = {
		"include", "arch/arm/boot/dts", "scripts/dtc/include-prefixes",
	};
	char *k = realpath(kernel_dir, NULL), *dirs[4];
	size_t nd = 0;

	dirs[nd++] = xstrdup(temp_dir());
	for (size_t i = 0; i < 3; i++)
		dirs[nd++] = xasprintf("%s/%s", k ? k : kernel_dir, sub[i]);
	for (size_t i = 1; i < nd; i++) {
		size_t n = strlen(dirs[i]);

		if (strncmp(dep, dirs[i], n) || dep[n] != '/')
			continue;
		for (size_t j = 0; j < i; j++) {
			char *p = xasprintf("%s/%s", dirs[j], dep + n + 1);
			struct stat st;

			if (lstat(p, &st) != 0)
				record(sb, "absent", NULL, p);
			free(p);
		}
		break;
	}
	for (size_t i = 0; i < nd; i++)
		free(dirs[i]);
	free(k);
}

/* The entry's text; NULL when a file read cannot be recorded. */
static char *entry_text(const char *key, const char *kernel_dir, const char *deps)
{
	struct strbuf sb;
	const char *p = deps;

	sb_init(&sb);
	sb_add(&sb, DC_MAGIC);
	record(&sb, "key", NULL, key);
	while (*p) {
		const char *nl = strchr(p, '\n');
		char *dep = xstrndup(p, nl ? (size_t)(nl - p) : strlen(p)), nums[96];
		struct stat st;

		if (dep[0] != '/' || stat(dep, &st) != 0 || !S_ISREG(st.st_mode)) {
			free(dep);	/* a relative or vanished name: cannot be checked later */
			sb_free(&sb);
			return NULL;
		}
		snprintf(nums, sizeof(nums), "%lld %lld %ld", (long long)st.st_size,
			 (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
		record(&sb, "dep", nums, dep);
		add_absent(&sb, kernel_dir, dep);
		free(dep);
		p = nl ? nl + 1 : p + strlen(p);
	}
	sb_add(&sb, "end 0\n\n");
	return sb_detach(&sb);
}

void dc_store(const char *dir, const char *key, const char *kernel_dir, const char *deps)
{
	char *text = deps ? entry_text(key, kernel_dir, deps) : NULL;
	char *path, *tmp;
	int fd;

	if (!text)
		return;
	path = entry_path(dir, key);
	tmp = xasprintf("%s/.tmp.XXXXXX", dir);
	fd = mkstemp(tmp);	/* O_EXCL: never an existing file or symlink */
	if (fd >= 0) {
		size_t len = strlen(text);
		bool ok = write(fd, text, len) == (ssize_t)len;

		ok = close(fd) == 0 && ok;
		if (!ok || rename(tmp, path) != 0)	/* rename replaces a symlink, never follows it */
			unlink(tmp);
	}
	free(tmp);
	free(path);
	free(text);
}
