/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A streaming JSON writer: the one place that knows JSON syntax and string
 * escaping. Used by `extract --json` and by the conversion report.
 *
 * Usage: json_begin_object(j); json_key(j, "a"); json_int(j, 1); json_end(j);
 * Commas and indentation are handled here, so callers never emit punctuation.
 */
#ifndef B2D_JSON_H
#define B2D_JSON_H

#include <stdbool.h>
#include "limits.h"
#include "util.h"

/* Deeper containers are written but not tracked: the extractor's limits
 * (common/limits.h) keep value trees well inside this. */
#define JSON_MAX_DEPTH B2D_MAX_JSON_DEPTH

struct json {
	struct strbuf *out;
	int depth;
	bool need_comma[JSON_MAX_DEPTH];
	char open[JSON_MAX_DEPTH];	/* '{' or '[' per depth */
	bool after_key;
};

void json_init(struct json *j, struct strbuf *out);
void json_begin_object(struct json *j);
void json_begin_array(struct json *j);
void json_end(struct json *j);	/* closes the innermost object or array */
void json_key(struct json *j, const char *key);
void json_string(struct json *j, const char *s);	/* NULL writes null */
void json_int(struct json *j, long long v);
void json_bool(struct json *j, bool v);
void json_null(struct json *j);

/* Shorthands for "key": value pairs. */
void json_kv_string(struct json *j, const char *key, const char *s);
void json_kv_int(struct json *j, const char *key, long long v);
void json_kv_bool(struct json *j, const char *key, bool v);

/* Append s to out as a JSON string literal, quotes included. */
void json_escape(struct strbuf *out, const char *s);

#endif
