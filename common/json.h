/* SPDX-License-Identifier: GPL-2.0 */
/*
 * JSON output: a small streaming front end over json-c (Debian's
 * libjson-c-dev), the library that also reads and writes the batch state.
 * Callers describe the document in order; json-c builds the tree, escapes the
 * strings and serializes it when the outermost container is closed.
 *
 * Usage: json_begin_object(j); json_key(j, "a"); json_int(j, 1); json_end(j);
 * Strings are made valid UTF-8 first (a byte that is not part of a
 * well-formed sequence becomes U+FFFD), so the output is valid JSON whatever
 * the C file held.
 */
#ifndef B2D_JSON_H
#define B2D_JSON_H

#include <stdbool.h>
#include "limits.h"
#include "util.h"

/* Containers nested deeper are written as null: the extractor's limits
 * (common/limits.h) keep value trees well inside this. */
#define JSON_MAX_DEPTH B2D_MAX_JSON_DEPTH

struct json_object;

struct json {
	struct strbuf *out;
	int flags;		/* json-c's JSON_C_TO_STRING_* */
	int depth;		/* open containers, stack[0..depth-1] */
	int overflow;		/* containers opened beyond JSON_MAX_DEPTH */
	char *key;		/* the key given for the next value */
	struct json_object *stack[JSON_MAX_DEPTH];
};

/* Indented, one key per line (reports, summaries). */
void json_init(struct json *j, struct strbuf *out);
/* The whole document on one line (JSON Lines event streams). */
void json_init_line(struct json *j, struct strbuf *out);
void json_begin_object(struct json *j);
void json_begin_array(struct json *j);
/* Closes the innermost object or array; closing the outermost one appends the
 * document and a newline to out. */
void json_end(struct json *j);
void json_key(struct json *j, const char *key);
void json_string(struct json *j, const char *s);	/* NULL writes null */
void json_int(struct json *j, long long v);
void json_boolean(struct json *j, bool v);
void json_null(struct json *j);

/* Shorthands for "key": value pairs. */
void json_kv_string(struct json *j, const char *key, const char *s);
void json_kv_int(struct json *j, const char *key, long long v);
void json_kv_bool(struct json *j, const char *key, bool v);

/* Append s to out as a JSON string literal, quotes included. */
void json_escape(struct strbuf *out, const char *s);

#endif
