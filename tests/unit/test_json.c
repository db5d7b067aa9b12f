// SPDX-License-Identifier: GPL-2.0
/*
 * common/json.c string escaping: valid UTF-8 is written as it is, every byte
 * that is not part of a well-formed sequence becomes \ufffd, control bytes
 * \u00XX; the result is always valid UTF-8.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

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
	expect("J\xf6rg", "\"J\\ufffdrg\"");				/* Latin-1 ö */
	expect("\x80", "\"\\ufffd\"");					/* stray continuation */
	expect("\xc0\xaf", "\"\\ufffd\\ufffd\"");			/* overlong '/' */
	expect("\xe0\x80\xaf", "\"\\ufffd\\ufffd\\ufffd\"");		/* overlong, 3 bytes */
	expect("\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"");		/* surrogate U+D800 */
	expect("\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"");	/* above U+10FFFF */
	expect("\xf5\x80", "\"\\ufffd\\ufffd\"");
	expect("x\xe2\x82", "\"x\\ufffd\\ufffd\"");			/* cut short by the end */
	expect("\xe2\x82x", "\"\\ufffd\\ufffdx\"");			/* cut short by an ASCII byte */
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_valid_utf8_kept),
		cmocka_unit_test(test_invalid_bytes_replaced),
		cmocka_unit_test(test_always_valid),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
