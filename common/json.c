// SPDX-License-Identifier: GPL-2.0
#include "json.h"

#include <stdlib.h>
#include <json-c/json.h>

#define FLAGS_LINE (JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE)

void json_init(struct json *j, struct strbuf *out)
{
	j->out = out;
	j->flags = FLAGS_LINE | JSON_C_TO_STRING_PRETTY;
	j->depth = 0;
	j->overflow = 0;
	j->key = NULL;
}

void json_init_line(struct json *j, struct strbuf *out)
{
	json_init(j, out);
	j->flags = FLAGS_LINE;
}

/*
 * s as valid UTF-8: well-formed sequences as they are, every other byte >=
 * 0x80 as U+FFFD (the replacement character). json-c escapes the rest.
 */
static char *valid_utf8(const char *s)
{
	struct strbuf sb;

	sb_init(&sb);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		size_t n;

		if (*p < 0x80) {
			sb_addc(&sb, (char)*p);
		} else if ((n = utf8_len(p))) {
			sb_addn(&sb, (const char *)p, n);
			p += n - 1;
		} else {
			sb_add(&sb, "\xef\xbf\xbd");
		}
	}
	return sb_detach(&sb);
}

static json_object *new_string(const char *s)
{
	char *v = valid_utf8(s);
	json_object *o = json_object_new_string(v);

	free(v);
	return o;
}

/* Serialize a finished document into out. */
static void emit(struct json *j, json_object *doc)
{
	sb_add(j->out, json_object_to_json_string_ext(doc, j->flags));
	sb_addc(j->out, '\n');
	json_object_put(doc);	/* NULL is fine */
}

/* Put v (NULL: JSON null) into the innermost container, or emit it. */
static void add(struct json *j, json_object *v)
{
	json_object *top;

	if (j->depth == 0) {
		emit(j, v);	/* json-c writes NULL as null */
		return;
	}
	top = j->stack[j->depth - 1];
	if (json_object_is_type(top, json_type_array)) {
		json_object_array_add(top, v);
	} else {
		char *key = j->key ? valid_utf8(j->key) : NULL;

		json_object_object_add(top, key ? key : "", v);
		free(key);
	}
	free(j->key);
	j->key = NULL;
}

static void open_container(struct json *j, json_object *c)
{
	if (j->overflow || j->depth == JSON_MAX_DEPTH) {
		json_object_put(c);
		if (!j->overflow++)
			add(j, NULL);
		return;
	}
	if (j->depth > 0)
		add(j, json_object_get(c));	/* the container keeps a reference */
	j->stack[j->depth++] = c;
}

void json_begin_object(struct json *j)
{
	open_container(j, json_object_new_object());
}

void json_begin_array(struct json *j)
{
	open_container(j, json_object_new_array());
}

void json_end(struct json *j)
{
	json_object *c;

	if (j->overflow) {
		j->overflow--;
		return;
	}
	if (j->depth == 0)
		return;
	c = j->stack[--j->depth];
	if (j->depth == 0)
		emit(j, c);
	else
		json_object_put(c);
}

void json_key(struct json *j, const char *key)
{
	if (j->overflow)
		return;
	free(j->key);
	j->key = xstrdup(key);
}

void json_string(struct json *j, const char *s)
{
	if (!j->overflow)
		add(j, s ? new_string(s) : NULL);
}

void json_int(struct json *j, long long v)
{
	if (!j->overflow)
		add(j, json_object_new_int64(v));
}

void json_boolean(struct json *j, bool v)
{
	if (!j->overflow)
		add(j, json_object_new_boolean(v));
}

void json_null(struct json *j)
{
	if (!j->overflow)
		add(j, NULL);
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
	json_boolean(j, v);
}

void json_escape(struct strbuf *out, const char *s)
{
	json_object *o = new_string(s);

	sb_add(out, json_object_to_json_string_ext(o, FLAGS_LINE));
	json_object_put(o);
}
