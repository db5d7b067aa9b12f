// SPDX-License-Identifier: GPL-2.0
#include "json.h"

#include <stdio.h>

void json_init(struct json *j, struct strbuf *out)
{
	j->out = out;
	j->depth = 0;
	j->need_comma[0] = false;
	j->after_key = false;
}

static void json_indent(struct json *j)
{
	sb_addc(j->out, '\n');
	for (int i = 0; i < j->depth; i++)
		sb_add(j->out, "  ");
}

/* Called before every value or key: separator and indentation. */
static void json_prefix(struct json *j)
{
	if (j->after_key) {
		j->after_key = false;
		return;
	}
	if (j->depth > 0) {
		if (j->need_comma[j->depth])
			sb_addc(j->out, ',');
		json_indent(j);
	}
	j->need_comma[j->depth] = true;
}

static void json_open_container(struct json *j, char c)
{
	json_prefix(j);
	sb_addc(j->out, c);
	if (j->depth + 1 < JSON_MAX_DEPTH) {
		j->depth++;
		j->open[j->depth] = c;
		j->need_comma[j->depth] = false;
	}
}

void json_begin_object(struct json *j)
{
	json_open_container(j, '{');
}

void json_begin_array(struct json *j)
{
	json_open_container(j, '[');
}

void json_end(struct json *j)
{
	bool had_items;
	char c;

	if (j->depth == 0)
		return;
	had_items = j->need_comma[j->depth];
	c = j->open[j->depth] == '{' ? '}' : ']';
	j->depth--;
	if (had_items)
		json_indent(j);
	sb_addc(j->out, c);
	if (j->depth == 0)
		sb_addc(j->out, '\n');
}

/*
 * One byte that needs no short escape: control bytes as \u00XX, a
 * well-formed UTF-8 sequence as it is (*p moves to its last byte), a byte
 * that is not part of one as \ufffd (U+FFFD, the replacement character),
 * so the output is valid JSON in valid UTF-8 whatever the C file held.
 */
static void escape_byte(struct strbuf *out, const unsigned char **p)
{
	size_t n;

	if (**p < 0x20) {
		sb_addf(out, "\\u%04x", **p);
	} else if (**p < 0x80) {
		sb_addc(out, (char)**p);
	} else if ((n = utf8_len(*p))) {
		sb_addn(out, (const char *)*p, n);
		*p += n - 1;
	} else {
		sb_add(out, "\\ufffd");
	}
}

void json_escape(struct strbuf *out, const char *s)
{
	sb_addc(out, '"');
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		switch (*p) {
		case '"':
			sb_add(out, "\\\"");
			break;
		case '\\':
			sb_add(out, "\\\\");
			break;
		case '\n':
			sb_add(out, "\\n");
			break;
		case '\t':
			sb_add(out, "\\t");
			break;
		case '\r':
			sb_add(out, "\\r");
			break;
		default:
			escape_byte(out, &p);
		}
	}
	sb_addc(out, '"');
}

void json_key(struct json *j, const char *key)
{
	json_prefix(j);
	json_escape(j->out, key);
	sb_add(j->out, ": ");
	j->after_key = true;
}

void json_string(struct json *j, const char *s)
{
	if (!s) {
		json_null(j);
		return;
	}
	json_prefix(j);
	json_escape(j->out, s);
}

void json_int(struct json *j, long long v)
{
	json_prefix(j);
	sb_addf(j->out, "%lld", v);
}

void json_bool(struct json *j, bool v)
{
	json_prefix(j);
	sb_add(j->out, v ? "true" : "false");
}

void json_null(struct json *j)
{
	json_prefix(j);
	sb_add(j->out, "null");
}

void json_kv_string(struct json *j, const char *key, const char *s)
{
	json_key(j, key);
	json_string(j, s);
}

void json_kv_int(struct json *j, const char *key, long long v)
{
	json_key(j, key);
	json_int(j, v);
}

void json_kv_bool(struct json *j, const char *key, bool v)
{
	json_key(j, key);
	json_bool(j, v);
}
