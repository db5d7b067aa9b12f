// SPDX-License-Identifier: GPL-2.0
/*
 * The JSON report: exact text; counts.todo is the number of `todos` entries
 * even when TODOs are not one per fact; the header names the format version.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <json-c/json.h>

#include "common/json.h"
#include "common/util.h"
#include "emitter/emit.h"

static const char expected[] =
"{\n"
"  \"machine\": \"FOO\",\n"
"  \"source\": \"mach-foo.c\",\n"
"  \"counts\": {\n"
"    \"extracted\": 3,\n"
"    \"converted\": 2,\n"
"    \"not_converted\": 1,\n"
"    \"todo\": 2\n"
"  },\n"
"  \"functions\": [\n"
"    {\n"
"      \"name\": \"foo_init\",\n"
"      \"file\": \"mach-foo.c\",\n"
"      \"line\": 290\n"
"    }\n"
"  ],\n"
"  \"facts\": [\n"
"    {\n"
"      \"kind\": \"variable\",\n"
"      \"what\": \"gpio_led foo_leds[0]\",\n"
"      \"file\": \"mach-foo.c\",\n"
"      \"line\": 40,\n"
"      \"fate\": \"converted\",\n"
"      \"became\": \"/leds/led-0\"\n"
"    },\n"
"    {\n"
"      \"kind\": \"call\",\n"
"      \"what\": \"pwm_request(3, \\\"backlight\\\")\",\n"
"      \"file\": \"mach-foo.c\",\n"
"      \"line\": 300,\n"
"      \"fate\": \"todo\",\n"
"      \"reason\": \"no rule for call pwm_request\"\n"
"    },\n"
"    {\n"
"      \"kind\": \"machine\",\n"
"      \"what\": \"MACHINE_START(FOO)\",\n"
"      \"file\": null,\n"
"      \"line\": null,\n"
"      \"fate\": \"converted\",\n"
"      \"became\": \"/\"\n"
"    }\n"
"  ],\n"
"  \"todos\": [\n"
"    {\n"
"      \"file\": \"mach-foo.c\",\n"
"      \"line\": 88,\n"
"      \"text\": \"omap_dss_device dvi\",\n"
"      \"reason\": \"no rule\",\n"
"      \"node\": \"&i2c0/eeprom@50\"\n"
"    },\n"
"    {\n"
"      \"file\": \"mach-foo.c\",\n"
"      \"line\": 300,\n"
"      \"text\": \"pwm_request(3, \\\"backlight\\\")\",\n"
"      \"reason\": \"no rule for call pwm_request\",\n"
"      \"node\": null\n"
"    }\n"
"  ]\n"
"}\n";

static struct dt_tree *sample(void)
{
	struct dt_tree *t = dt_tree_new();
	struct srcpos p40 = { "mach-foo.c", 40, 1 }, p88 = { "mach-foo.c", 88, 1 };
	struct srcpos p300 = { "mach-foo.c", 300, 5 }, p290 = { "mach-foo.c", 290, 1 };
	struct fact *f;
	struct dt_node *n;

	t->machine_id = "FOO";
	t->source = "mach-foo.c";
	dt_add_func(t, "foo_init", &p290);
	f = dt_add_fact(t, "variable", "gpio_led foo_leds[0]", &p40);
	f->became = "/leds/led-0";
	f = dt_add_fact(t, "call", "pwm_request(3, \"backlight\")", &p300);
	f->fate = FACT_TODO;
	f->reason = "no rule for call pwm_request";
	f = dt_add_fact(t, "machine", "MACHINE_START(FOO)", NULL);
	f->became = "/";
	n = dt_node_add(t, dt_overlay(t, "i2c0"), "eeprom", "50");
	dt_node_add_todo(t, n, &p88, "omap_dss_device dvi", "no rule");
	dt_node_add_todo(t, NULL, &p300, "pwm_request(3, \"backlight\")",
			 "no rule for call pwm_request");
	return t;
}

static void test_exact(void **state)
{
	struct dt_tree *t = sample();
	struct strbuf sb;
	struct json j;

	sb_init(&sb);
	json_init(&j, &sb);
	report_add_machine(&j, t);
	assert_string_equal(sb.buf, expected);
	sb_free(&sb);
	dt_tree_free(t);
}

static long count(const char *json, const char *key)
{
	char *k = xasprintf("\"%s\": ", key);
	const char *p = strstr(json, k);
	long v = p ? strtol(p + strlen(k), NULL, 10) : -1;

	free(k);
	return v;
}

/* One fact left as a TODO may give several TODO comments, and a TODO no fact. */
static void test_counts(void **state)
{
	struct dt_tree *t = dt_tree_new();
	struct dt_node *n = dt_node_add(t, NULL, "leds", NULL);
	struct srcpos p = { "mach-foo.c", 7, 1 };
	struct dt_todo_ref *refs;
	struct strbuf sb;
	struct json j;
	const char *q;
	long entries = 0;

	for (int i = 0; i < 17; i++) {
		struct fact *f = dt_add_fact(t, "variable", "x", NULL);

		if (i % 3 == 0)
			f->fate = FACT_TODO;
	}
	for (int i = 0; i < 4; i++)
		dt_node_add_todo(t, i % 2 ? n : NULL, &p, "x", "why");
	dt_node_add_todo(t, dt_node_add(t, dt_overlay(t, "i2c1"), "eeprom", "50"), &p, "y", "why");
	sb_init(&sb);
	json_init(&j, &sb);
	report_add_machine(&j, t);
	assert_int_equal(count(sb.buf, "extracted"), 17);
	assert_int_equal(count(sb.buf, "converted"), 11);
	assert_int_equal(count(sb.buf, "not_converted"), 6);
	assert_int_equal(count(sb.buf, "todo"), 5);
	assert_int_equal(dt_tree_todos(t, &refs), 5);
	assert_ptr_equal(refs[0].node, n);
	assert_string_equal(refs[2].todo->text, "y");
	assert_null(refs[4].node);
	free(refs);
	/* As many entries in "todos" as counts.todo says. */
	q = strstr(sb.buf, "\"todos\"");
	assert_non_null(q);
	while ((q = strstr(q + 1, "\"text\"")))
		entries++;
	assert_int_equal(entries, 5);
	assert_non_null(strstr(sb.buf, "\"machine\": null"));
	sb_free(&sb);
	dt_tree_free(t);
}

/* o's member key, which must exist. */
static json_object *get(json_object *o, const char *key)
{
	json_object *v = NULL;

	assert_true(json_object_object_get_ex(o, key, &v));
	return v;
}

static void test_header(void **state)
{
	struct strbuf sb;
	struct json j;
	json_object *doc;

	sb_init(&sb);
	json_init(&j, &sb);
	report_begin(&j, "mach-foo.c", "s3c64xx", 3);
	report_end(&j);
	doc = json_tokener_parse(sb.buf);
	assert_non_null(doc);
	assert_int_equal(json_object_get_int(get(doc, "version")), 2);
	assert_string_equal(json_object_get_string(get(doc, "source")), "mach-foo.c");
	assert_string_equal(json_object_get_string(get(doc, "tool")), "board2dts");
	assert_string_equal(json_object_get_string(get(doc, "soc")), "s3c64xx");
	assert_int_equal(json_object_get_int(get(doc, "clang_errors")), 3);
	assert_int_equal(json_object_array_length(get(doc, "machines")), 0);
	assert_int_equal(sb.buf[sb.len - 1], '\n');
	json_object_put(doc);
	sb_free(&sb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exact),
		cmocka_unit_test(test_counts),
		cmocka_unit_test(test_header),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
