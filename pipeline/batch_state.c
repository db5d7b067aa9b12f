// SPDX-License-Identifier: GPL-2.0
/*
 * `board2dts batch`: the per-file state (DIR/.batch/<base>.state, plain JSON
 * read and written with json-c) and the fingerprint that decides whether a
 * file is up to date: the options that change outputs, the tool version, and
 * digests of the rule packs and of the model headers actually used.
 */
#define _GNU_SOURCE	/* nftw */
#include "batch.h"
#include "pipeline.h"

#include <dirent.h>
#include <ftw.h>
#include <json-c/json.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "emitter/emit.h"
#include "engine/rules.h"

#define STATE_FORMAT 1		/* "format" of the state file */

/* The state's string and number fields, in file order ("source" is the job's path). */
#define R(f) offsetof(struct batch_result, f)
static const struct field { const char *key; size_t off; } str_fields[] = {
	{ "source", R(source) }, { "status", R(status) }, { "message", R(message) },
	{ "signal", R(signal) }, { "options", R(options) }, { "soc", R(soc) },
	{ "dtc", R(dtc) }, { "dtc_message", R(dtc_message) },
}, long_fields[] = {
	{ "machines", R(machines) }, { "facts", R(facts) }, { "converted", R(converted) },
	{ "todo", R(todo) },
};
#undef R
#define NFIELDS(a) (sizeof(a) / sizeof(*(a)))
#define STR_AT(r, f) ((char **)((char *)(r) + (f).off))
#define LONG_AT(r, f) ((long *)((char *)(r) + (f).off))
#define CSTR_AT(r, f) (*(char *const *)((const char *)(r) + (f).off))
#define CLONG_AT(r, f) (*(const long *)((const char *)(r) + (f).off))

/* ---- the fingerprint: FNV-1a 64 over the files' names and contents ---- */

static struct ptrvec *cur_files;	/* nftw has no user pointer */

static void fnv(uint64_t *h, const void *p, size_t n)
{
	const unsigned char *b = p;

	for (size_t i = 0; i < n; i++) {
		*h ^= b[i];
		*h *= 1099511628211ULL;
	}
}

static int collect(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	struct stat t;

	(void)ftw;
	/* Regular files only, also through a symlink: never a FIFO or a device. */
	if ((type == FTW_F && S_ISREG(st->st_mode)) ||
	    (type == FTW_SL && stat(path, &t) == 0 && S_ISREG(t.st_mode)))
		pv_push(cur_files, xstrdup(path));
	return 0;
}

/* A digest of the files' names (relative to dir) and contents; frees the list. */
static uint64_t digest_files(const char *dir, struct ptrvec *files)
{
	uint64_t h = 14695981039346656037ULL;
	size_t skip = strlen(dir);

	if (files->len)
		qsort(files->items, files->len, sizeof(*files->items), str_cmp_ptr);
	for (size_t i = 0; i < files->len; i++) {
		const char *path = files->items[i];
		const char *rel = strncmp(path, dir, skip) ? path : path + skip;
		size_t len = 0;
		char *text = read_file(path, &len);

		fnv(&h, rel, strlen(rel) + 1);
		fnv(&h, &len, sizeof(len));
		if (text)
			fnv(&h, text, len);
		free(text);
		free(files->items[i]);
	}
	pv_free(files);
	return h;
}

/* Every regular file under dir (the model headers). */
static uint64_t dir_digest(const char *dir)
{
	struct ptrvec files = { 0 };

	cur_files = &files;
	nftw(dir, collect, 16, FTW_PHYS);
	cur_files = NULL;
	return digest_files(dir, &files);
}

/* The rule files the loader reads (*.yaml). */
static uint64_t rules_digest(const char *dir)
{
	struct ptrvec files = { 0 };

	rules_list_files(dir, &files);
	return digest_files(dir, &files);
}

char *batch_stamp(const char *rules_dir, const char *model_dir)
{
	return xasprintf("version=%s;rules=%016llx;model=%016llx", B2D_VERSION,
			 (unsigned long long)rules_digest(rules_dir),
			 (unsigned long long)dir_digest(model_dir));
}

char *batch_fingerprint(const struct batch_ctx *c, const struct batch_job *jb)
{
	struct strbuf sb;

	sb_init(&sb);
	sb_addf(&sb, "%s;p=%s;k=%s;annotate=%d;args=", c->stamp ? c->stamp : "",
		jb->build_dir ? jb->build_dir : "", c->kernel_dir ? c->kernel_dir : "",
		c->annotate);
	for (size_t i = 0; i < c->nclang_args; i++)
		sb_addf(&sb, "%s%s", i ? " " : "", c->clang_args[i]);
	if (c->html)	/* only then: the fingerprints of runs without it stay as they were */
		sb_add(&sb, ";html=1");
	if (c->config_file && !jb->build_dir) {	/* its name and contents */
		struct ptrvec one = { 0 };

		pv_push(&one, xstrdup(c->config_file));
		sb_addf(&sb, ";config=%s:%016llx", c->config_file,
			(unsigned long long)digest_files("", &one));
	}
	for (char *p = sb.buf; *p; p++)
		if (*p == '\n')
			*p = ' ';
	return sb_detach(&sb);
}

/* ---- the state file ---- */

char *batch_state_path(const struct batch_ctx *c, const struct batch_job *jb)
{
	return xasprintf("%s/%s.state", c->state_dir, jb->base);
}

static void put_str(json_object *o, const char *key, const char *val)
{
	json_object_object_add(o, key, val ? json_object_new_string(val) : NULL);
}

static json_object *str_array(const struct ptrvec *v)
{
	json_object *a = json_object_new_array();

	for (size_t i = 0; i < v->len; i++)
		json_object_array_add(a, json_object_new_string(v->items[i]));
	return a;
}

int batch_state_write(const struct batch_ctx *c, const struct batch_job *jb)
{
	const struct batch_result *r = &jb->r;
	json_object *o = json_object_new_object();
	char *path = batch_state_path(c, jb);
	const char *text;
	int err;

	json_object_object_add(o, "format", json_object_new_int(STATE_FORMAT));
	for (size_t i = 0; i < NFIELDS(str_fields); i++)
		put_str(o, str_fields[i].key, i ? CSTR_AT(r, str_fields[i]) : jb->path);
	for (size_t i = 0; i < NFIELDS(long_fields); i++)
		json_object_object_add(o, long_fields[i].key,
				       json_object_new_int64(CLONG_AT(r, long_fields[i])));
	json_object_object_add(o, "time", json_object_new_double(r->time));
	json_object_object_add(o, "machine_ids", str_array(&r->ids));
	json_object_object_add(o, "outputs", str_array(&r->outputs));
	text = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY |
					      JSON_C_TO_STRING_NOSLASHESCAPE);
	err = write_file_atomic(path, text, strlen(text), NULL, 0);
	json_object_put(o);
	free(path);
	return err;
}

static char *get_str(json_object *o, const char *key)
{
	json_object *v;

	if (!json_object_object_get_ex(o, key, &v) || !json_object_is_type(v, json_type_string))
		return NULL;
	return xstrdup(json_object_get_string(v));
}

static long get_long(json_object *o, const char *key)
{
	json_object *v;

	return json_object_object_get_ex(o, key, &v) ? (long)json_object_get_int64(v) : 0;
}

/* A plain name under DIR: a re-run deletes outputs, and must never reach
 * outside DIR (a damaged or hand-edited state). */
static bool plain_name(const char *s)
{
	return *s && !strchr(s, '/') && strcmp(s, ".") && strcmp(s, "..");
}

static void get_names(json_object *o, const char *key, struct ptrvec *out, bool plain)
{
	json_object *a;

	if (!json_object_object_get_ex(o, key, &a) || !json_object_is_type(a, json_type_array))
		return;
	for (size_t i = 0; i < json_object_array_length(a); i++) {
		json_object *v = json_object_array_get_idx(a, i);
		const char *s = json_object_get_string(v);

		if (json_object_is_type(v, json_type_string) && (!plain || plain_name(s)))
			pv_push(out, xstrdup(s));
	}
}

bool batch_state_load(const char *path, struct batch_result *r)
{
	char *text = read_file(path, NULL);
	json_object *o = text ? json_tokener_parse(text) : NULL;
	json_object *v;

	free(text);
	memset(r, 0, sizeof(*r));
	/* Not JSON (a damaged file, or a `key value` state of an older version): redone. */
	if (!o || !json_object_is_type(o, json_type_object) ||
	    get_long(o, "format") != STATE_FORMAT) {
		json_object_put(o);
		return false;
	}
	for (size_t i = 0; i < NFIELDS(str_fields); i++)
		*STR_AT(r, str_fields[i]) = get_str(o, str_fields[i].key);
	for (size_t i = 0; i < NFIELDS(long_fields); i++)
		*LONG_AT(r, long_fields[i]) = get_long(o, long_fields[i].key);
	if (json_object_object_get_ex(o, "time", &v))
		r->time = json_object_get_double(v);
	get_names(o, "machine_ids", &r->ids, false);
	get_names(o, "outputs", &r->outputs, true);
	json_object_put(o);
	r->valid = r->status != NULL;
	return r->valid;
}

bool batch_state_read(const struct batch_ctx *c, const struct batch_job *jb,
		      struct batch_result *r)
{
	char *path = batch_state_path(c, jb);
	bool ok = batch_state_load(path, r);

	free(path);
	return ok;
}

void batch_state_bases(const char *state_dir, struct ptrvec *bases)
{
	DIR *d = opendir(state_dir);
	struct dirent *e;

	while (d && (e = readdir(d))) {
		size_t n = strlen(e->d_name);

		if (n > 6 && e->d_name[0] != '.' && !strcmp(e->d_name + n - 6, ".state"))
			pv_push(bases, xstrndup(e->d_name, n - 6));
	}
	if (d)
		closedir(d);
	if (bases->len)
		qsort(bases->items, bases->len, sizeof(*bases->items), str_cmp_ptr);
}

void batch_result_free(struct batch_result *r)
{
	for (size_t i = 0; i < NFIELDS(str_fields); i++)
		free(*STR_AT(r, str_fields[i]));
	for (size_t i = 0; i < r->outputs.len; i++)
		free(r->outputs.items[i]);
	pv_free(&r->outputs);
	for (size_t i = 0; i < r->ids.len; i++)
		free(r->ids.items[i]);
	pv_free(&r->ids);
	memset(r, 0, sizeof(*r));
}
