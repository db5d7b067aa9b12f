// SPDX-License-Identifier: GPL-2.0
/*
 * Harvesting property names from a kernel tree:
 *  - binding schemas, read with libyaml: the keys of every `properties:`
 *    mapping ("b NAME", plus "d NAME" when the key's schema says
 *    `deprecated: true`) and of every `patternProperties:` mapping
 *    ("p REGEX"), at any depth, skipping keys whose schema describes a child
 *    node (a node name is no property name);
 *  - arch/arm/boot/dts/ *.dts and *.dtsi, line by line: every `name = ...` /
 *    `name;` statement.
 */
#define _XOPEN_SOURCE 700
#include "review.h"

#include <dirent.h>
#include <ftw.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#define NAME_CHARS "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789,._+#?-"
#define SCHEMA_MAX_DEPTH 64

static struct strbuf *scan_out;

static bool plain_name(const char *s)
{
	return *s && strspn(s, NAME_CHARS) == strlen(s);
}

static const char *scalar(const yaml_node_t *n)
{
	return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

static yaml_node_t *map_get(yaml_document_t *d, const yaml_node_t *map, const char *key)
{
	if (!map || map->type != YAML_MAPPING_NODE)
		return NULL;
	for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++)
		if (str_eq(scalar(yaml_document_get_node(d, p->key)), key))
			return yaml_document_get_node(d, p->value);
	return NULL;
}

/* `#/a/b` inside the same schema file; NULL for other files or a bad path. */
static yaml_node_t *local_ref(yaml_document_t *d, const char *ref)
{
	yaml_node_t *n = yaml_document_get_root_node(d);
	char *path, *save = NULL;

	if (strncmp(ref, "#/", 2))
		return NULL;
	path = xstrdup(ref + 2);
	for (char *k = strtok_r(path, "/", &save); k && n; k = strtok_r(NULL, "/", &save))
		n = map_get(d, n, k);
	free(path);
	return n;
}

static bool describes_node(yaml_document_t *d, const yaml_node_t *s, int depth);

static bool any_node(yaml_document_t *d, const yaml_node_t *seq, int depth)
{
	if (!seq || seq->type != YAML_SEQUENCE_NODE)
		return false;
	for (yaml_node_item_t *i = seq->data.sequence.items.start; i < seq->data.sequence.items.top; i++)
		if (describes_node(d, yaml_document_get_node(d, *i), depth))
			return true;
	return false;
}

/*
 * Whether a key's schema describes a child node rather than a property:
 * `type: object`, keywords that only apply to objects, a `$ref` to a whole
 * schema file (each describes a node; types.yaml holds property types), or
 * a branch (allOf/anyOf/oneOf/then/else, a local `#/...` ref) that does.
 * A fragment of another file (dai-params.yaml#/$defs/...) counts as a property.
 */
static bool describes_node(yaml_document_t *d, const yaml_node_t *s, int depth)
{
	static const char *const object_words[] = { "properties", "patternProperties",
		"additionalProperties", "unevaluatedProperties", "required" };
	const char *ref;

	if (!s || s->type != YAML_MAPPING_NODE || depth > SCHEMA_MAX_DEPTH)
		return false;
	if (str_eq(scalar(map_get(d, s, "type")), "object"))
		return true;
	for (size_t i = 0; i < sizeof(object_words) / sizeof(object_words[0]); i++)
		if (map_get(d, s, object_words[i]))
			return true;
	ref = scalar(map_get(d, s, "$ref"));
	if (ref && !strstr(ref, "types.yaml") && (!strchr(ref, '#') || !strchr(ref, '#')[1]))
		return true;
	if (ref && describes_node(d, local_ref(d, ref), depth + 1))
		return true;
	return any_node(d, map_get(d, s, "allOf"), depth + 1) ||
	       any_node(d, map_get(d, s, "anyOf"), depth + 1) ||
	       any_node(d, map_get(d, s, "oneOf"), depth + 1) ||
	       describes_node(d, map_get(d, s, "then"), depth + 1) ||
	       describes_node(d, map_get(d, s, "else"), depth + 1);
}

/* The keys of one `properties:` (pattern false) or `patternProperties:` map. */
static void record_block(yaml_document_t *d, const yaml_node_t *block, bool pattern, int depth)
{
	const yaml_node_pair_t *end = block->data.mapping.pairs.top;

	for (yaml_node_pair_t *p = block->data.mapping.pairs.start; p < end; p++) {
		const char *key = scalar(yaml_document_get_node(d, p->key));
		yaml_node_t *schema = yaml_document_get_node(d, p->value);

		if (!key || strchr(key, '\n') || describes_node(d, schema, depth))
			continue;
		if (pattern) {
			sb_addf(scan_out, "p %s\n", key);
		} else if (plain_name(key)) {
			sb_addf(scan_out, "b %s\n", key);
			if (str_eq(scalar(map_get(d, schema, "deprecated")), "true"))
				sb_addf(scan_out, "d %s\n", key);
		}
	}
}

/* Every `properties:` / `patternProperties:` mapping, at any depth. */
static void walk_schema(yaml_document_t *d, const yaml_node_t *n, int depth)
{
	if (!n || depth > SCHEMA_MAX_DEPTH)
		return;
	if (n->type == YAML_SEQUENCE_NODE) {
		for (yaml_node_item_t *i = n->data.sequence.items.start; i < n->data.sequence.items.top; i++)
			walk_schema(d, yaml_document_get_node(d, *i), depth + 1);
		return;
	}
	if (n->type != YAML_MAPPING_NODE)
		return;
	for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
		const char *key = scalar(yaml_document_get_node(d, p->key));
		yaml_node_t *v = yaml_document_get_node(d, p->value);

		if (v && v->type == YAML_MAPPING_NODE &&
		    (str_eq(key, "properties") || str_eq(key, "patternProperties")))
			record_block(d, v, key[0] == 'p' && key[1] == 'a', depth + 1);
		walk_schema(d, v, depth + 1);
	}
}

/*
 * vendor-prefixes.yaml is the registry of vendor prefixes: its patterns
 * (`^linux,.*`) accept every name under a prefix and name no property.
 */
static void scan_yaml(const char *path)
{
	const char *base = strrchr(path, '/');
	size_t len;
	char *text;
	yaml_parser_t parser;
	yaml_document_t doc;

	if (str_eq(base ? base + 1 : path, "vendor-prefixes.yaml") || !(text = read_file(path, &len)))
		return;
	if (yaml_parser_initialize(&parser)) {
		yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
		if (yaml_parser_load(&parser, &doc)) {
			walk_schema(&doc, yaml_document_get_root_node(&doc), 0);
			yaml_document_delete(&doc);
		}
		yaml_parser_delete(&parser);
	}
	free(text);
}

static int yaml_visit(const char *path, const struct stat *sb, int type, struct FTW *ftw)
{
	size_t n = strlen(path);

	if (type == FTW_F && n > 5 && !strcmp(path + n - 5, ".yaml"))
		scan_yaml(path);
	return 0;
}

void rv_scan_bindings(const char *kdir, struct strbuf *words)
{
	char *dir = xasprintf("%s/Documentation/devicetree/bindings", kdir);

	scan_out = words;
	nftw(dir, yaml_visit, 16, FTW_PHYS);
	scan_out = NULL;
	free(dir);
}

/* One DTS statement `name = ...` or `name` (ended by ';'). */
static void dts_statement(const char *s, size_t len, bool ended, struct strbuf *out)
{
	size_t n, i;

	while (len && (*s == ' ' || *s == '\t')) {
		s++;
		len--;
	}
	n = strspn(s, NAME_CHARS);
	if (!n || n > len)
		return;
	for (i = n; i < len && (s[i] == ' ' || s[i] == '\t'); i++)
		;
	/* `#name = ...` is a property (#dma-channels); `#include`, `#define` are cpp's. */
	if (s[0] == '#' && (i == len || s[i] != '='))
		return;
	if ((i < len && s[i] == '=') || (i == len && ended))
		sb_addf(out, "w %.*s\n", (int)n, s);
}

static void scan_dts_line(const char *l, struct strbuf *out)
{
	size_t start = 0;
	bool quoted = false;

	for (size_t i = 0; l[i]; i++) {
		if (l[i] == '"')
			quoted = !quoted;
		if (quoted)
			continue;
		if (l[i] == '/' && (l[i + 1] == '/' || l[i + 1] == '*'))
			break;
		if (l[i] == ';')
			dts_statement(l + start, i - start, true, out);
		if (l[i] == ';' || l[i] == '{' || l[i] == '}')
			start = i + 1;
	}
	dts_statement(l + start, strlen(l + start), false, out);
}

static void scan_dts(const char *path, struct strbuf *out)
{
	char *text = read_file(path, NULL), *save = NULL;

	if (!text)
		return;
	for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save))
		scan_dts_line(l, out);
	free(text);
}

void rv_scan_dts_dir(const char *kdir, struct strbuf *words)
{
	char *dir = xasprintf("%s/arch/arm/boot/dts", kdir);
	DIR *d = opendir(dir);
	struct dirent *e;

	while (d && (e = readdir(d))) {
		size_t n = strlen(e->d_name);
		char *p;

		if (n < 5 || (strcmp(e->d_name + n - 4, ".dts") && strcmp(e->d_name + n - 5, ".dtsi")))
			continue;
		p = xasprintf("%s/%s", dir, e->d_name);
		scan_dts(p, words);
		free(p);
	}
	if (d)
		closedir(d);
	free(dir);
}
