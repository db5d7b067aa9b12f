// SPDX-License-Identifier: GPL-2.0
#include "util.h"
#include "runlimit.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static void out_of_memory(void)
{
	rl_die_oom();	/* names the file and the --max-memory cap when there is one */
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		out_of_memory();
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		out_of_memory();
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		out_of_memory();
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	struct strbuf sb;
	va_list ap;

	sb_init(&sb);
	va_start(ap, fmt);
	sb_vaddf(&sb, fmt, ap);
	va_end(ap);
	return sb_detach(&sb);
}

void sb_init(struct strbuf *sb)
{
	sb->cap = 64;
	sb->len = 0;
	sb->buf = xmalloc(sb->cap);
	sb->buf[0] = '\0';
}

static void sb_grow(struct strbuf *sb, size_t extra)
{
	if (sb->len + extra + 1 <= sb->cap)
		return;
	while (sb->len + extra + 1 > sb->cap)
		sb->cap = sb->cap ? sb->cap * 2 : 64;	/* { 0 } is an empty strbuf too */
	sb->buf = xrealloc(sb->buf, sb->cap);
}

void sb_addn(struct strbuf *sb, const char *s, size_t n)
{
	sb_grow(sb, n);
	memcpy(sb->buf + sb->len, s, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

void sb_add(struct strbuf *sb, const char *s)
{
	sb_addn(sb, s, strlen(s));
}

void sb_addc(struct strbuf *sb, char c)
{
	sb_addn(sb, &c, 1);
}

void sb_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list ap2;
	int n;

	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		return;
	sb_grow(sb, (size_t)n);
	vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	sb->len += (size_t)n;
}

void sb_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sb_vaddf(sb, fmt, ap);
	va_end(ap);
}

char *sb_detach(struct strbuf *sb)
{
	char *s = sb->buf;

	sb->buf = NULL;
	sb->len = sb->cap = 0;
	return s;
}

void sb_free(struct strbuf *sb)
{
	free(sb->buf);
	sb->buf = NULL;
	sb->len = sb->cap = 0;
}

void pv_push(struct ptrvec *pv, void *item)
{
	if (pv->len == pv->cap) {
		pv->cap = pv->cap ? pv->cap * 2 : 8;
		pv->items = xrealloc(pv->items, pv->cap * sizeof(*pv->items));
	}
	pv->items[pv->len++] = item;
}

void pv_free(struct ptrvec *pv)
{
	free(pv->items);
	pv->items = NULL;
	pv->len = pv->cap = 0;
}

bool str_eq(const char *a, const char *b)
{
	if (!a || !b)
		return a == b;
	return strcmp(a, b) == 0;
}

bool str_starts(const char *s, const char *prefix)
{
	return s && strncmp(s, prefix, strlen(prefix)) == 0;
}

bool str_is_word(const char *s)
{
	return s && *s && !s[strspn(s, "abcdefghijklmnopqrstuvwxyz"
				    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")];
}

bool str_contains_icase(const char *s, const char *word)
{
	size_t n = word ? strlen(word) : 0;

	for (; s && word && *s; s++)
		if (!strncasecmp(s, word, n))
			return true;
	return false;
}

const char *path_basename(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

char *path_display(const char *path)
{
	char *real, *cwd, *out;
	size_t n;

	if (!path)
		return NULL;
	if (path[0] != '/' && strncmp(path, "../", 3) && !strstr(path, "/../"))
		return xstrdup(path);	/* relative and inside the current directory */
	real = realpath(path, NULL);
	if (!real)
		return xstrdup(path);
	cwd = getcwd(NULL, 0);
	n = cwd ? strlen(cwd) : 0;
	if (cwd && n > 1 && !strncmp(real, cwd, n) && real[n] == '/')
		out = xstrdup(real + n + 1);
	else
		out = xstrdup(real);
	free(cwd);
	free(real);
	return out;
}

size_t utf8_len(const unsigned char *p)
{
	size_t n = p[0] >= 0xf0 && p[0] <= 0xf4 ? 4 : p[0] >= 0xe0 ? 3 :
		   p[0] >= 0xc2 && p[0] <= 0xdf ? 2 : 0;

	if (n == 3 && p[0] >= 0xf0)
		n = 0;
	for (size_t i = 1; i < n; i++)
		if ((p[i] & 0xc0) != 0x80)
			return 0;
	if ((p[0] == 0xe0 && p[1] < 0xa0) || (p[0] == 0xed && p[1] >= 0xa0) ||
	    (p[0] == 0xf0 && p[1] < 0x90) || (p[0] == 0xf4 && p[1] >= 0x90))
		return 0;	/* overlong, surrogate, above U+10FFFF */
	return n;
}

int regular_file_error(const char *path)
{
	struct stat st;

	if (stat(path, &st) != 0)
		return errno;
	return S_ISREG(st.st_mode) ? 0 : B2D_ENOTREG;
}

const char *file_strerror(int err)
{
	return err == B2D_ENOTREG ? "not a regular file" : strerror(err);
}

char *read_file(const char *path, size_t *len)
{
	struct strbuf sb;
	char chunk[65536];
	size_t n;
	struct stat st;
	/* O_NONBLOCK: opening a FIFO does not wait for a writer; checked below. */
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	FILE *f;

	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		int err = S_ISREG(st.st_mode) ? errno : B2D_ENOTREG;

		close(fd);
		errno = err;
		return NULL;
	}
	f = fdopen(fd, "rb");
	if (!f) {
		close(fd);
		return NULL;
	}
	sb_init(&sb);
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		sb_addn(&sb, chunk, n);
	if (ferror(f)) {
		int saved = errno ? errno : EIO;

		fclose(f);
		sb_free(&sb);
		errno = saved;
		return NULL;
	}
	fclose(f);
	if (len)
		*len = sb.len;
	return sb_detach(&sb);
}

const char *temp_dir(void)
{
	const char *tmp = getenv("TMPDIR");

	return tmp && *tmp ? tmp : P_tmpdir;
}

char *temp_path(const char *name)
{
	return xasprintf("%s/%s", temp_dir(), name);
}

char *temp_file_write(const char *prefix, const char *suffix, const void *data, size_t len)
{
	char *path = xasprintf("%s/%sXXXXXX%s", temp_dir(), prefix, suffix);
	int fd = mkstemps(path, (int)strlen(suffix));
	bool ok = fd >= 0 && write(fd, data, len) == (ssize_t)len;

	if (fd >= 0 && close(fd) != 0)
		ok = false;
	if (!ok) {
		if (fd >= 0)
			unlink(path);
		free(path);
		return NULL;
	}
	return path;
}

int mkdir_p(const char *dir)
{
	char *p = xstrdup(dir);
	int rc = 0;

	for (char *s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0755) && errno != EEXIST)
			rc = -1;
		*s = '/';
	}
	if (mkdir(p, 0755) && errno != EEXIST)
		rc = -1;
	free(p);
	return rc;
}

int parse_file_at(const char *dir, const char *rel,
		  void *(*parse)(const char *text, const char *rel), void **out)
{
	char *path = xasprintf("%s/%s", dir, rel);
	char *text = read_file(path, NULL);

	*out = NULL;
	free(path);
	if (!text)
		return -1;	/* B2D_ERR_IO */
	*out = parse(text, rel);
	free(text);
	return *out ? 0 : -2;	/* B2D_ERR_PARSE */
}

int str_cmp_ptr(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}
