// SPDX-License-Identifier: GPL-2.0
/*
 * common/json.c string escaping: valid UTF-8 is written as it is, every byte
 * that is not part of a well-formed sequence becomes U+FFFD (the replacement
 * character), control bytes \u00XX; the result is always valid UTF-8.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "common/json.h"
#include "common/util.h"

static char *escaped(const char *s)
{
	struct strbuf sb;

	sb_init(&sb);
	json_escape(&sb, s);
	return sb_detach(&sb);
}

static void expect(const char *in, const char *want)
{
	char *got = escaped(in);

	assert_string_equal(got, want);
	free(got);
}

/* Every byte >= 0x80 of s belongs to a well-formed UTF-8 sequence. */
static bool valid_utf8(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		size_t n;

		if (*p < 0x80)
			continue;
		if (!(n = utf8_len(p)))
			return false;
		p += n - 1;
	}
	return true;
}

static void test_valid_utf8_kept(void **state)
{
	expect("J\xc3\xb6rg", "\"J\xc3\xb6rg\"");			/* ö, 2 bytes */
	expect("5 \xe2\x82\xac", "\"5 \xe2\x82\xac\"");		/* €, 3 bytes */
	expect("\xf0\x9d\x84\x9e", "\"\xf0\x9d\x84\x9e\"");	/* U+1D11E, 4 bytes */
	expect("\xf4\x8f\xbf\xbf", "\"\xf4\x8f\xbf\xbf\"");	/* U+10FFFF, the last */
	expect("a\"b\\c\n\t\r\x01\x1f\x7f", "\"a\\\"b\\\\c\\n\\t\\r\\u0001\\u001f\x7f\"");
}

static void test_invalid_bytes_replaced(void **state)
{
	expect("J\xf6rg", "\"J\xef\xbf\xbdrg\"");				/* Latin-1 ö */
	expect("\x80", "\"\xef\xbf\xbd\"");					/* stray continuation */
	expect("\xc0\xaf", "\"\xef\xbf\xbd\xef\xbf\xbd\"");			/* overlong '/' */
	expect("\xe0\x80\xaf", "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\"");		/* overlong, 3 bytes */
	expect("\xed\xa0\x80", "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\"");		/* surrogate U+D800 */
	expect("\xf4\x90\x80\x80", "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\"");	/* above U+10FFFF */
	expect("\xf5\x80", "\"\xef\xbf\xbd\xef\xbf\xbd\"");
	expect("x\xe2\x82", "\"x\xef\xbf\xbd\xef\xbf\xbd\"");			/* cut short by the end */
	expect("\xe2\x82x", "\"\xef\xbf\xbd\xef\xbf\xbdx\"");			/* cut short by an ASCII byte */
}

static void test_always_valid(void **state)
{
	char buf[4];

	/* Every two-byte string (and its prefix) escapes to valid UTF-8. */
	for (int a = 1; a < 256; a++)
		for (int b = 0; b < 256; b++) {
			char *got;

			buf[0] = (char)a;
			buf[1] = (char)b;
			buf[2] = (char)0x80;
			buf[3] = '\0';
			got = escaped(buf);
			assert_true(valid_utf8(got));
			free(got);
		}
}

/* A document written in order reads back as the same tree. */
static void write_doc(struct json *j)
{
	json_begin_object(j);
	json_kv_string(j, "file", "a\"b\xf6");
	json_kv_int(j, "n", -5);
	json_kv_bool(j, "ok", true);
	json_kv_string(j, "none", NULL);
	json_key(j, "list");
	json_begin_array(j);
	json_int(j, 1);
	json_begin_object(j);
	json_end(j);
	json_null(j);
	json_end(j);
	json_end(j);
}

static void check_doc(const char *text)
{
	json_object *doc = json_tokener_parse(text), *v, *list;

	assert_non_null(doc);
	assert_true(json_object_object_get_ex(doc, "file", &v));
	assert_string_equal(json_object_get_string(v), "a\"b\xef\xbf\xbd");
	assert_true(json_object_object_get_ex(doc, "n", &v));
	assert_int_equal(json_object_get_int64(v), -5);
	assert_true(json_object_object_get_ex(doc, "ok", &v));
	assert_true(json_object_get_boolean(v));
	assert_true(json_object_object_get_ex(doc, "none", &v));
	assert_null(v);
	assert_true(json_object_object_get_ex(doc, "list", &list));
	assert_int_equal(json_object_array_length(list), 3);
	assert_true(json_object_is_type(json_object_array_get_idx(list, 1), json_type_object));
	assert_null(json_object_array_get_idx(list, 2));
	json_object_put(doc);
}

static void test_document(void **state)
{
	struct strbuf sb;
	struct json j;

	sb_init(&sb);
	json_init(&j, &sb);
	write_doc(&j);
	check_doc(sb.buf);
	assert_non_null(strchr(sb.buf, '\n'));
	assert_true(strchr(sb.buf, '\n') < sb.buf + sb.len - 1);	/* indented: several lines */
	sb_free(&sb);

	sb_init(&sb);
	json_init_line(&j, &sb);
	write_doc(&j);
	check_doc(sb.buf);
	assert_ptr_equal(strchr(sb.buf, '\n'), sb.buf + sb.len - 1);	/* one line */
	sb_free(&sb);
}

/* Containers nested beyond the limit become null; the document stays valid. */
static void test_too_deep(void **state)
{
	struct strbuf sb;
	struct json j;
	struct json_tokener *tok;
	json_object *doc;

	sb_init(&sb);
	json_init(&j, &sb);
	for (int i = 0; i < JSON_MAX_DEPTH + 5; i++)
		json_begin_array(&j);
	json_int(&j, 7);
	for (int i = 0; i < JSON_MAX_DEPTH + 5; i++)
		json_end(&j);
	assert_true(sb.len > 0);
	tok = json_tokener_new_ex(JSON_MAX_DEPTH + 8);
	doc = json_tokener_parse_ex(tok, sb.buf, (int)sb.len);
	assert_non_null(doc);
	json_object_put(doc);
	json_tokener_free(tok);
	sb_free(&sb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_valid_utf8_kept),
		cmocka_unit_test(test_invalid_bytes_replaced),
		cmocka_unit_test(test_always_valid),
		cmocka_unit_test(test_document),
		cmocka_unit_test(test_too_deep),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
