// SPDX-License-Identifier: GPL-2.0
/*
 * YAML rule files -> rule-node trees with file:line on every node.
 *
 * libyaml's event API is used directly: a rule file is small, and building
 * our own tree keeps positions (libyaml's document API drops them for us).
 * Only plain YAML is accepted: no anchors/aliases, no duplicate keys.
 */
#include "rules.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <yaml.h>

#include "../common/util.h"

#define RULES_MAX_DEPTH 32

struct yaml_reader {
	struct ruleset *rs;
	yaml_parser_t parser;
	const char *name;
	int depth;
};

static struct srcpos mark_pos(const struct yaml_reader *r, const yaml_mark_t *m)
{
	struct srcpos pos = { r->name, (unsigned)m->line + 1, (unsigned)m->column + 1 };

	return pos;
}

static struct rnode *rn_new(struct yaml_reader *r, enum rnode_kind kind, const yaml_mark_t *m)
{
	struct rnode *n = arena_alloc(&r->rs->arena, sizeof(*n));

	n->kind = kind;
	n->pos = mark_pos(r, m);
	return n;
}

static bool next_event(struct yaml_reader *r, yaml_event_t *ev)
{
	if (yaml_parser_parse(&r->parser, ev))
		return true;
	struct srcpos pos = { r->name, (unsigned)r->parser.problem_mark.line + 1,
			      (unsigned)r->parser.problem_mark.column + 1 };
	diag_error(&pos, "bad YAML: %s", r->parser.problem ? r->parser.problem : "parse error");
	return false;
}

static struct rnode *read_node(struct yaml_reader *r, yaml_event_t *ev);

static struct rnode *read_sequence(struct yaml_reader *r, const yaml_mark_t *start)
{
	struct rnode *seq = rn_new(r, RN_SEQ, start);
	yaml_event_t ev;

	for (;;) {
		if (!next_event(r, &ev))
			return NULL;
		if (ev.type == YAML_SEQUENCE_END_EVENT) {
			yaml_event_delete(&ev);
			return seq;
		}
		struct rnode *item = read_node(r, &ev);

		yaml_event_delete(&ev);
		if (!item)
			return NULL;
		arena_push(&r->rs->arena, (void ***)&seq->items, &seq->n, item);
	}
}

static bool map_has_key(const struct rnode *map, const char *key)
{
	for (size_t i = 0; i < map->n; i++)
		if (strcmp(map->keys[i], key) == 0)
			return true;
	return false;
}

static struct rnode *read_mapping(struct yaml_reader *r, const yaml_mark_t *start)
{
	struct rnode *map = rn_new(r, RN_MAP, start);
	size_t nkeys = 0;
	yaml_event_t ev;

	for (;;) {
		if (!next_event(r, &ev))
			return NULL;
		if (ev.type == YAML_MAPPING_END_EVENT) {
			yaml_event_delete(&ev);
			return map;
		}
		if (ev.type != YAML_SCALAR_EVENT) {
			struct srcpos pos = mark_pos(r, &ev.start_mark);

			diag_error(&pos, "mapping keys must be plain scalars");
			yaml_event_delete(&ev);
			return NULL;
		}
		const char *key = arena_strdup(&r->rs->arena, (const char *)ev.data.scalar.value);
		struct srcpos kpos = mark_pos(r, &ev.start_mark);

		yaml_event_delete(&ev);
		if (map_has_key(map, key)) {
			diag_error(&kpos, "duplicate key '%s'", key);
			return NULL;
		}
		if (!next_event(r, &ev))
			return NULL;
		struct rnode *val = read_node(r, &ev);

		yaml_event_delete(&ev);
		if (!val)
			return NULL;
		arena_push(&r->rs->arena, (void ***)&map->keys, &nkeys, (void *)key);
		arena_push(&r->rs->arena, (void ***)&map->items, &map->n, val);
	}
}

static struct rnode *read_node(struct yaml_reader *r, yaml_event_t *ev)
{
	struct srcpos pos = mark_pos(r, &ev->start_mark);
	struct rnode *n = NULL;

	if (++r->depth > RULES_MAX_DEPTH) {
		diag_error(&pos, "rules nested deeper than %d levels", RULES_MAX_DEPTH);
		return NULL;
	}
	switch (ev->type) {
	case YAML_SCALAR_EVENT:
		n = rn_new(r, RN_SCALAR, &ev->start_mark);
		n->scalar = arena_strndup(&r->rs->arena, (const char *)ev->data.scalar.value,
					  ev->data.scalar.length);
		break;
	case YAML_SEQUENCE_START_EVENT:
		n = read_sequence(r, &ev->start_mark);
		break;
	case YAML_MAPPING_START_EVENT:
		n = read_mapping(r, &ev->start_mark);
		break;
	case YAML_ALIAS_EVENT:
		diag_error(&pos, "YAML aliases are not supported in rule files");
		break;
	default:
		diag_error(&pos, "unexpected YAML event");
		break;
	}
	r->depth--;
	return n;
}

/* Skip stream/document start events, read the one document's root. */
static struct rnode *read_document(struct yaml_reader *r)
{
	yaml_event_t ev;
	struct rnode *root = NULL;

	for (;;) {
		if (!next_event(r, &ev))
			return NULL;
		if (ev.type == YAML_STREAM_START_EVENT || ev.type == YAML_DOCUMENT_START_EVENT) {
			yaml_event_delete(&ev);
			continue;
		}
		if (ev.type == YAML_STREAM_END_EVENT) {
			yaml_event_delete(&ev);
			return root;
		}
		if (ev.type == YAML_DOCUMENT_END_EVENT) {
			yaml_event_delete(&ev);
			continue;
		}
		if (root) {
			struct srcpos pos = mark_pos(r, &ev.start_mark);

			diag_error(&pos, "a rule file holds one YAML document");
			yaml_event_delete(&ev);
			return NULL;
		}
		root = read_node(r, &ev);
		yaml_event_delete(&ev);
		if (!root)
			return NULL;
	}
}

struct ruleset *ruleset_new(void)
{
	struct ruleset *rs = xcalloc(1, sizeof(*rs));

	arena_init(&rs->arena);
	return rs;
}

void ruleset_free(struct ruleset *rs)
{
	if (!rs)
		return;
	arena_free(&rs->arena);
	free(rs);
}

int rules_load_text(struct ruleset *rs, const char *name, const char *text, size_t len)
{
	struct yaml_reader r = { .rs = rs, .name = arena_strdup(&rs->arena, name) };
	struct rnode *root;

	if (!yaml_parser_initialize(&r.parser)) {
		diag_error(NULL, "%s: cannot initialise the YAML parser", name);
		return B2D_ERR_RULES;
	}
	yaml_parser_set_input_string(&r.parser, (const unsigned char *)text, len);
	root = read_document(&r);
	yaml_parser_delete(&r.parser);
	if (!root)
		return B2D_ERR_RULES;
	if (root->kind != RN_MAP) {
		diag_error(&root->pos, "a rule file must be a YAML mapping");
		return B2D_ERR_RULES;
	}
	struct rule_file *f = arena_alloc(&rs->arena, sizeof(*f));

	f->path = r.name;
	f->root = root;
	arena_push(&rs->arena, (void ***)&rs->files, &rs->nfiles, f);
	return B2D_OK;
}

static int load_file(struct ruleset *rs, const char *path)
{
	size_t len;
	char *text = read_file(path, &len);
	int err;

	if (!text) {
		struct srcpos pos = { path, 0, 0 };

		diag_error(&pos, "cannot read rule file: %s", file_strerror(errno));
		return B2D_ERR_RULES;
	}
	err = rules_load_text(rs, path, text, len);
	free(text);
	return err;
}

static bool is_yaml_name(const char *name)
{
	size_t n = strlen(name);

	return n > 5 && strcmp(name + n - 5, ".yaml") == 0 && name[0] != '.';
}

/* Collect rule file paths under dir, depth-first. */
static int collect_paths(const char *dir, struct ptrvec *paths, int depth)
{
	DIR *d = opendir(dir);
	struct dirent *de;

	if (!d) {
		struct srcpos pos = { dir, 0, 0 };

		diag_error(&pos, "cannot open rule directory: %s", strerror(errno));
		return B2D_ERR_RULES;
	}
	while ((de = readdir(d))) {
		char *path;
		struct stat st;

		if (de->d_name[0] == '.')
			continue;
		path = xasprintf("%s/%s", dir, de->d_name);
		if (stat(path, &st) == 0 && S_ISDIR(st.st_mode) && depth < 4) {
			collect_paths(path, paths, depth + 1);
			free(path);
		} else if (is_yaml_name(de->d_name)) {
			pv_push(paths, path);
		} else {
			free(path);
		}
	}
	closedir(d);
	return B2D_OK;
}

int rules_list_files(const char *dir, struct ptrvec *paths)
{
	return collect_paths(dir, paths, 0);
}

int rules_load_dir(const char *dir, struct ruleset **out)
{
	struct ptrvec paths = { 0 };
	struct ruleset *rs = ruleset_new();
	int err = collect_paths(dir, &paths, 0);

	if (paths.len)
		qsort(paths.items, paths.len, sizeof(void *), str_cmp_ptr);
	for (size_t i = 0; i < paths.len && err == B2D_OK; i++)
		err = load_file(rs, paths.items[i]);
	for (size_t i = 0; i < paths.len; i++)
		free(paths.items[i]);
	pv_free(&paths);
	if (err == B2D_OK)
		err = rules_finish(rs);
	if (err != B2D_OK) {
		ruleset_free(rs);
		return err;
	}
	*out = rs;
	return B2D_OK;
}

struct rnode *rn_get(const struct rnode *map, const char *key)
{
	if (!map || map->kind != RN_MAP)
		return NULL;
	for (size_t i = 0; i < map->n; i++)
		if (strcmp(map->keys[i], key) == 0)
			return map->items[i];
	return NULL;
}

const char *rn_str(const struct rnode *map, const char *key)
{
	const struct rnode *n = rn_get(map, key);

	return n && n->kind == RN_SCALAR ? n->scalar : NULL;
}

bool rn_long(const struct rnode *n, long long *out)
{
	char *end;

	if (!n || n->kind != RN_SCALAR || !n->scalar[0])
		return false;
	errno = 0;
	*out = strtoll(n->scalar, &end, 0);
	return errno == 0 && *end == '\0';
}

bool rn_get_long(const struct rnode *map, const char *key, long long *out)
{
	return rn_long(rn_get(map, key), out);
}

const struct rnode *rules_soc(const struct ruleset *rs, const char *name)
{
	for (size_t i = 0; i < rs->nsocs; i++)
		if (str_eq(rn_str(rs->socs[i], "soc"), name))
			return rs->socs[i];
	return NULL;
}

const char *rules_soc_dtsi(const struct rnode *soc)
{
	const struct rnode *d = rn_get(soc, "dtsi");

	if (d && d->kind == RN_SEQ)
		return d->n && d->items[0]->kind == RN_SCALAR ? d->items[0]->scalar : NULL;
	return d && d->kind == RN_SCALAR ? d->scalar : NULL;
}

void rules_soc_dtsi_names(const struct rnode *soc, struct ptrvec *out)
{
	const struct rnode *d = rn_get(soc, "dtsi");
	const char *name = rn_str(soc, "soc");

	if (d && d->kind == RN_SCALAR)
		pv_push(out, xstrdup(d->scalar));
	for (size_t i = 0; d && d->kind == RN_SEQ && i < d->n; i++)
		if (d->items[i]->kind == RN_SCALAR)
			pv_push(out, xstrdup(d->items[i]->scalar));
	if (name)
		pv_push(out, xasprintf("%s.dtsi", name));
}

size_t rules_soc_addresses(const struct rnode *soc, unsigned long long *out, size_t max)
{
	const struct rnode *calls = rn_get(soc, "calls");
	size_t n = 0;

	for (size_t i = 0; calls && calls->kind == RN_SEQ && i < calls->n; i++) {
		const struct rnode *at = rn_get(calls->items[i], "at");
		size_t k = at && at->kind == RN_SEQ ? at->n : at ? 1 : 0;

		for (size_t j = 0; j < k; j++) {
			long long v;

			if (rn_long(at->kind == RN_SEQ ? at->items[j] : at, &v) && n < max)
				out[n++] = (unsigned long long)v;
		}
	}
	/* soc_devices named by address: {var, at} */
	calls = rn_get(soc, "soc_devices");
	for (size_t i = 0; calls && calls->kind == RN_SEQ && i < calls->n; i++) {
		long long v;

		if (rn_long(rn_get(calls->items[i], "at"), &v) && n < max)
			out[n++] = (unsigned long long)v;
	}
	return n;
}
