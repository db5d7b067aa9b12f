/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Small helpers shared by every stage: allocation that never returns NULL,
 * a growable string buffer, and a growable pointer vector.
 *
 * Why abort on out-of-memory: board2dts is a batch tool; a half-built model is
 * worse than a clean exit, and checking every allocation would hide the logic.
 */
#ifndef B2D_UTIL_H
#define B2D_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Growable, always NUL-terminated string. */
struct strbuf {
	char *buf;
	size_t len;
	size_t cap;
};

void sb_init(struct strbuf *sb);
void sb_add(struct strbuf *sb, const char *s);
void sb_addn(struct strbuf *sb, const char *s, size_t n);
void sb_addc(struct strbuf *sb, char c);
void sb_addf(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_vaddf(struct strbuf *sb, const char *fmt, va_list ap);
char *sb_detach(struct strbuf *sb);	/* caller frees; sb is reset */
void sb_free(struct strbuf *sb);

/* Growable array of pointers. */
struct ptrvec {
	void **items;
	size_t len;
	size_t cap;
};

void pv_push(struct ptrvec *pv, void *item);
void pv_free(struct ptrvec *pv);	/* frees the array, not the items */

bool str_eq(const char *a, const char *b);	/* NULL-safe */
bool str_starts(const char *s, const char *prefix);
/* Is s one C identifier-like word (letters, digits, '_'; not empty)? NULL-safe */
bool str_is_word(const char *s);
bool str_contains_icase(const char *s, const char *word);	/* ASCII case-insensitive, NULL-safe */
const char *path_basename(const char *path);
/*
 * A path as a person's editor wants it in a message (malloc'd): a relative
 * path inside the current directory as given; otherwise canonical, relative
 * to the current directory when under it ("arch/arm/boot/dts/x.dtsi"), else
 * absolute ("/var/tmp/.../x.dtsi", never "../../../var/..."). A path that
 * does not exist is returned as given.
 */
char *path_display(const char *path);
/*
 * Length (2-4) of the well-formed UTF-8 sequence of a non-ASCII character at
 * p, or 0: a stray continuation byte, an overlong form, a surrogate, a code
 * point above U+10FFFF or a sequence cut short (also by the NUL) is not one.
 */
size_t utf8_len(const unsigned char *p);

/*
 * Read a whole regular file; NULL and errno set on failure (B2D_ENOTREG: a
 * FIFO, device, socket or directory, refused without reading or blocking:
 * /dev/zero would never end, a FIFO would wait for a writer). *len may be NULL.
 */
char *read_file(const char *path, size_t *len);

/* qsort() comparison of two char * elements by strcmp. */
int str_cmp_ptr(const void *a, const void *b);

/*
 * Read DIR/REL and hand its text to parse(text, rel, ctx), which returns the
 * parsed object or NULL. Returns 0 with *out set, -1 (B2D_ERR_IO) when the
 * file cannot be read, -2 (B2D_ERR_PARSE) when parse found nothing; *out is
 * NULL then.
 */
int parse_file_at(const char *dir, const char *rel,
		  void *(*parse)(const char *text, const char *rel), void **out);
/* errno-like code of "not a regular file" (no errno means that). */
#define B2D_ENOTREG 0x10000
/* 0 when path (through links) is a regular file, else B2D_ENOTREG or stat's errno. */
int regular_file_error(const char *path);
/* strerror() that also knows B2D_ENOTREG. */
const char *file_strerror(int err);

/* The directory for temporary files: $TMPDIR when set, else P_tmpdir. */
const char *temp_dir(void);
/* "<temp_dir>/<name>" (malloc'd), e.g. a mkstemps()/mkdtemp() template. */
char *temp_path(const char *name);
/*
 * A new file <temp_dir>/<prefix>XXXXXX<suffix> holding data[0..len): its path
 * (malloc'd; the caller unlinks it), or NULL when it cannot be written.
 */
char *temp_file_write(const char *prefix, const char *suffix, const void *data, size_t len);

/* mkdir -p: every missing directory of the path (0755); 0, or -1 (errno set). */
int mkdir_p(const char *dir);

#endif
