// SPDX-License-Identifier: GPL-2.0
/*
 * Tolerant mode parses a board file twice: once to learn what is missing,
 * again with the synthesized declarations (synth.c) and grown model
 * headers (synth_grow.c). Both only depend on the files the first parse
 * read, its arguments and this binary, so they are kept in a cache
 * (extract_options.parse_cache, e.g. ~/.cache/board2dts/parse-1) and a later
 * conversion of the same file goes straight to the second parse.
 *
 * An entry, named by a hash of its key, holds records `TAG N... LEN\n`
 * followed by LEN bytes and a newline:
 *   key     the key text: binary, arguments, path, the file's size and hash
 *   dep     SIZE SEC NSEC: a file the first parse read (must be unchanged)
 *   absent  a path that did not exist (must still not exist): where a
 *           missing #include was looked for, and the earlier include
 *           directories' copies of every header read (a new one would
 *           shadow it)
 *   hdr     the synthesized header; ovpath, ovtext: an overlay; grown: a
 *           grown field
 *   board   the board the extraction made of it all (board_store.c); its
 *           dep records are those of both parses. A later conversion with
 *           the same key and unchanged dependencies reads it and parses
 *           nothing, which spares it libclang's whole parse.
 * Any mismatch, unreadable or partial entry is a miss: both parses run.
 */
#include "ex_internal.h"
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../common/records.h"
#include "../common/strmap.h"

#define PC_MAGIC "b2d-parse-cache 1\n"

struct pc_stats pc_stats;

/*
 * The entry this process last found valid (its key and bytes): the note's
 * check and the parse read the same entry a few milliseconds apart, so its
 * dependencies (~600 stat() calls) are checked once; a different key or a
 * rewritten entry is checked in full.
 */
static struct {
	bool on;
	char *key, *text;
	size_t len;
} valid;

static bool known_valid(const char *key, const char *text, size_t len)
{
	return valid.on && valid.key && !strcmp(valid.key, key) && valid.len == len &&
	       !memcmp(valid.text, text, len);
}

static void note_valid(const char *key, const char *text, size_t len)
{
	if (!valid.on)
		return;
	free(valid.key);
	free(valid.text);
	valid.key = xstrdup(key);
	valid.text = xmalloc(len + 1);
	memcpy(valid.text, text, len);
	valid.len = len;
}

void extract_cache_session(bool on)
{
	free(valid.key);
	free(valid.text);
	memset(&valid, 0, sizeof(valid));
	valid.on = on;
}

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		h = (h ^ ((const unsigned char *)p)[i]) * 1099511628211ULL;
	return h;
}

#define FNV_SEED 14695981039346656037ULL

static void record(struct strbuf *sb, const char *tag, const char *nums, const char *blob,
		   size_t len)
{
	sb_addf(sb, "%s %s%s%zu\n", tag, nums ? nums : "", nums ? " " : "", len);
	sb_addn(sb, blob, len);
	sb_addc(sb, '\n');
}

/*
 * This binary (its bytes): a rebuild, a new synthesis, must not read the old
 * one's entries. Read and hashed once a process (the binary running does not
 * change; a key per parse cost ~2 ms each, 3 a conversion).
 */
static bool self_id(struct strbuf *sb)
{
	static char *id;
	size_t len;
	char *bin;

	if (!id) {
		if (!(bin = read_file("/proc/self/exe", &len)))
			return false;
		id = xasprintf("exe %zu %016llx\n", len,
			       (unsigned long long)fnv(FNV_SEED, bin, len));
		free(bin);
		pc_stats.self_reads++;
	}
	sb_add(sb, id);
	return true;
}

/* "DIR\nKEY": DIR the cache, KEY what the entry must match; NULL: not cached. */
char *pc_key(const char *path, const struct extract_options *opt)
{
	struct ptrvec args = { 0 };
	struct strbuf sb;
	size_t len;
	char *text, *r = NULL;

	if (!opt->parse_cache || opt->build_dir || opt->nunsaved || opt->nclang_args ||
	    !(text = read_file(path, &len)))
		return NULL;
	sb_init(&sb);
	sb_addf(&sb, "%s\n%s", opt->parse_cache, PC_MAGIC);
	if (self_id(&sb) && ex_build_args(path, opt, &args) == B2D_OK) {
		for (size_t i = 0; i < args.len; i++)
			sb_addf(&sb, "arg %s\n", (char *)args.items[i]);
		sb_addf(&sb, "bodies %s\nfile %s %zu %016llx\n",
			opt->bodies_cache ? opt->bodies_cache : "-", path, len,
			(unsigned long long)fnv(FNV_SEED, text, len));
		r = sb_detach(&sb);
	}
	for (size_t i = 0; i < args.len; i++)
		free(args.items[i]);
	pv_free(&args);
	sb_free(&sb);
	free(text);
	return r;
}

static char *entry_path(const char *key)
{
	const char *nl = strchr(key, '\n');

	return xasprintf("%.*s/%016llx", (int)(nl - key), key,
			 (unsigned long long)fnv(FNV_SEED, nl + 1, strlen(nl + 1)));
}

struct deps {
	struct strbuf sb;
	const char *skip;	/* a file read from memory (the synthesized header) */
	struct ptrvec dirs;	/* the -I directories, in search order */
	bool ok;
};

static void absent(struct deps *d, const char *dir, const char *rel)
{
	char *p = xasprintf("%s/%s", dir, rel);
	struct stat st;

	if (stat(p, &st) != 0)
		record(&d->sb, "absent", NULL, p, strlen(p));
	free(p);
}

/* A header read from the k-th directory: none of the earlier ones may get it. */
static void no_shadow(struct deps *d, const char *name)
{
	for (size_t k = 0; k < d->dirs.len; k++) {
		const char *dir = d->dirs.items[k];
		size_t n = strlen(dir);

		if (!strncmp(name, dir, n) && name[n] == '/') {
			for (size_t j = 0; j < k; j++)
				absent(d, d->dirs.items[j], name + n + 1);
			return;
		}
	}
}

static void dep_visit(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
	struct deps *d = data;
	CXString s = clang_getFileName(f);
	const char *name = clang_getCString(s);
	struct stat st;
	char nums[96];

	(void)stack;
	(void)depth;
	if (name && d->skip && !strcmp(name, d->skip)) {
		/* in memory: what it holds follows from the other reads */
	} else if (!name || strchr(name, '\n') || stat(name, &st) != 0) {
		d->ok = false;	/* cannot be checked later: no entry */
	} else {
		snprintf(nums, sizeof(nums), "%lld %lld %ld", (long long)st.st_size,
			 (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
		record(&d->sb, "dep", nums, name, strlen(name));
		no_shadow(d, name);
	}
	clang_disposeString(s);
}

/* `#include <x.h>` not found: x.h must stay missing wherever it was looked for. */
static void missing_includes(CXTranslationUnit tu, struct deps *d)
{
	unsigned n = clang_getNumDiagnostics(tu);

	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic dg = clang_getDiagnostic(tu, i);
		CXString s = clang_getDiagnosticSpelling(dg);
		const char *m = clang_getCString(s), *e;
		size_t len = m ? strlen(m) : 0;
		CXFile f;

		clang_getFileLocation(clang_getDiagnosticLocation(dg), &f, NULL, NULL, NULL);
		e = " file not found";
		if (len > strlen(e) + 2 && m[0] == '\'' && !strcmp(m + len - strlen(e), e)) {
			char *rel = xstrndup(m + 1, len - strlen(e) - 2);
			CXString fn = clang_getFileName(f);
			char *dir = xstrdup(clang_getCString(fn) ? clang_getCString(fn) : ".");
			char *slash = strrchr(dir, '/');

			strcpy(slash ? slash : dir, slash ? "" : ".");
			absent(d, dir, rel);
			for (size_t k = 0; k < d->dirs.len; k++)
				absent(d, d->dirs.items[k], rel);
			clang_disposeString(fn);
			free(dir);
			free(rel);
		}
		clang_disposeString(s);
		clang_disposeDiagnostic(dg);
	}
}

/* The files a parse read and the paths that must stay absent (records). */
char *pc_deps(CXTranslationUnit tu, const char *path, const struct extract_options *opt,
	      const char *skip)
{
	struct deps d = { .ok = true, .skip = skip };
	struct ptrvec args = { 0 };

	sb_init(&d.sb);
	ex_build_args(path, opt, &args);
	for (size_t i = 0; i < args.len; i++) {
		const char *a = args.items[i];

		if (!strcmp(a, "-I") && i + 1 < args.len)
			pv_push(&d.dirs, args.items[++i]);
		else if (str_starts(a, "-I") && a[2])
			pv_push(&d.dirs, (char *)a + 2);
	}
	clang_getInclusions(tu, dep_visit, &d);
	missing_includes(tu, &d);
	for (size_t i = 0; i < args.len; i++)
		free(args.items[i]);
	pv_free(&args);
	pv_free(&d.dirs);
	if (!d.ok) {
		sb_free(&d.sb);
		return NULL;
	}
	return sb_detach(&d.sb);
}

/* The records of a, then those of b that a lacks (the same tag and blob). */
char *pc_deps_merge(const char *a, const char *b)
{
	const char *texts[2] = { a, b };
	struct strmap seen = { 0 };
	struct strbuf sb;

	sb_init(&sb);
	for (int k = 0; k < 2; k++) {
		const char *p = texts[k], *end = p + strlen(p), *start;
		struct record r;

		while (start = p, p < end && record_next(&p, end, &r)) {
			char *name = xasprintf("%s %.*s", r.tag, (int)r.n, r.blob);
			size_t *slot = strmap_slot(&seen, name);

			if (!*slot)
				sb_addn(&sb, start, (size_t)(p - start));
			*slot = 1;
			free(name);
		}
	}
	strmap_free(&seen);
	return sb_detach(&sb);
}

void pc_store(const char *key, const char *deps, const char *hdr, const struct ex_overlays *ov,
	      const char *board, size_t board_len)
{
	const char *nl = strchr(key, '\n');
	char *path = entry_path(key), *dir = xstrndup(key, (size_t)(nl - key));
	struct strbuf sb;

	sb_init(&sb);
	record(&sb, "key", NULL, nl + 1, strlen(nl + 1));
	sb_add(&sb, deps);
	if (hdr)
		record(&sb, "hdr", NULL, hdr, strlen(hdr));
	for (size_t i = 0; i < ov->paths.len; i++) {
		record(&sb, "ovpath", NULL, ov->paths.items[i], strlen(ov->paths.items[i]));
		record(&sb, "ovtext", NULL, ov->texts.items[i], strlen(ov->texts.items[i]));
	}
	for (size_t i = 0; i < ov->grown.len; i++)
		record(&sb, "grown", NULL, ov->grown.items[i], strlen(ov->grown.items[i]));
	if (board)
		record(&sb, "board", NULL, board, board_len);
	sb_add(&sb, "end 0\n\n");
	if (mkdir_p(dir) == 0)
		ex_put_atomic(path, sb.buf, sb.len, NULL);
	sb_free(&sb);
	free(dir);
	free(path);
}

/* One record's check or use; false: the entry does not hold. */
static bool use_record(const char *tag, const char *nums, const char *blob, size_t len,
		       const char *key, char **hdr, struct ex_overlays *ov, bool trusted,
		       struct pc_board *board)
{
	char *b = xstrndup(blob, len);
	long long size, sec;
	long nsec;
	struct stat st;
	bool ok = true;

	if (!strcmp(tag, "key"))
		ok = !strcmp(b, key);
	else if (trusted && (!strcmp(tag, "dep") || !strcmp(tag, "absent")))
		ok = true;	/* checked by this process already (known_valid) */
	else if (!strcmp(tag, "dep"))
		ok = sscanf(nums, "%lld %lld %ld", &size, &sec, &nsec) == 3 &&
		     stat(b, &st) == 0 && st.st_size == size && st.st_mtim.tv_sec == sec &&
		     st.st_mtim.tv_nsec == nsec;
	else if (!strcmp(tag, "absent"))
		ok = stat(b, &st) != 0;
	else if (!strcmp(tag, "board") && board && !board->bytes) {
		board->bytes = xmalloc(len + 1);	/* bytes: NULs inside */
		memcpy(board->bytes, blob, len);
		board->len = len;
	} else if (!strcmp(tag, "board"))
		ok = true;
	else if (!strcmp(tag, "hdr") && !*hdr)
		*hdr = b, b = NULL;
	else if (!strcmp(tag, "ovpath") || !strcmp(tag, "ovtext") || !strcmp(tag, "grown"))
		pv_push(tag[0] == 'g' ? &ov->grown : tag[2] == 'p' ? &ov->paths : &ov->texts, b), b = NULL;
	else
		ok = false;
	free(b);
	return ok;
}

/* Walk the records of text; true when every one holds and `end` closes them. */
static bool read_records(const char *text, size_t len, const char *key, char **hdr,
			 struct ex_overlays *ov, bool trusted, struct pc_board *board)
{
	const char *p = text, *end = text + len;

	while (p < end) {
		struct record r;

		if (!record_next(&p, end, &r))
			return false;
		if (!strcmp(r.tag, "end"))
			return true;
		if (!use_record(r.tag, r.nums, r.blob, r.n, key, hdr, ov, trusted, board))
			return false;
	}
	return false;
}

bool pc_load(const char *key, char **hdr, struct ex_overlays *ov, struct pc_board *board)
{
	char *path = entry_path(key), *text;
	size_t len;
	bool ok = false;

	text = read_file(path, &len);
	*hdr = NULL;
	if (text) {
		bool trusted = known_valid(key, text, len);

		ok = read_records(text, len, strchr(key, '\n') + 1, hdr, ov, trusted, board) &&
		     ov->paths.len == ov->texts.len;
		if (!trusted)
			pc_stats.validations++;
		if (ok && !trusted)
			note_valid(key, text, len);
	}
	if (!ok) {
		free(*hdr);
		*hdr = NULL;
		ex_overlays_free(ov);
		memset(ov, 0, sizeof(*ov));
		if (board) {
			free(board->bytes);
			memset(board, 0, sizeof(*board));
		}
	}
	free(text);
	free(path);
	return ok;
}

/* The note `what` of key's entry: NAME.what, its first line the entry's hash. */
static char *note_path(const char *key, const char *what)
{
	char *e = entry_path(key), *p = xasprintf("%s.%s", e, what);

	free(e);
	return p;
}

static char *entry_stamp(const char *key)
{
	char *e = entry_path(key), *text;
	size_t len;
	char *r = NULL;

	text = read_file(e, &len);
	if (text)
		r = xasprintf("entry %016llx\n", (unsigned long long)fnv(FNV_SEED, text, len));
	free(text);
	free(e);
	return r;
}

/* The key extract_board's first parse has: with the CONFIG_ symbols the file tests. */
static char *note_key(const char *path, const struct extract_options *given)
{
	struct extract_options o2 = *given;
	struct ex_config cfg;
	char *key = NULL;

	if (given->config_file)
		return NULL;	/* --config: its errors are reported by extract_board, once */
	if (config_prepare(path, given, &cfg) == B2D_OK) {
		o2.config_defines = (const char **)cfg.defines;
		o2.nconfig_defines = cfg.ndefines;
		key = pc_key(path, &o2);
	}
	config_free(&cfg);
	return key;
}

char *extract_cache_note(const char *path, const struct extract_options *opt, const char *what)
{
	char *key = note_key(path, opt), *hdr = NULL, *stamp = NULL, *text = NULL, *p, *r = NULL;
	struct ex_overlays ov = { 0 };

	if (key && pc_load(key, &hdr, &ov, NULL) && (stamp = entry_stamp(key))) {
		p = note_path(key, what);
		text = read_file(p, NULL);
		if (text && str_starts(text, stamp))
			r = xstrdup(text + strlen(stamp));
		free(p);
	}
	free(text);
	free(stamp);
	free(hdr);
	ex_overlays_free(&ov);
	free(key);
	return r;
}

void extract_cache_set_note(const char *path, const struct extract_options *opt,
			    const char *what, const char *note)
{
	char *key = note_key(path, opt), *stamp = key ? entry_stamp(key) : NULL;

	if (stamp) {
		char *p = note_path(key, what), *text = xasprintf("%s%s", stamp, note);

		ex_put_atomic(p, text, strlen(text), NULL);
		free(text);
		free(p);
	}
	free(stamp);
	free(key);
}
