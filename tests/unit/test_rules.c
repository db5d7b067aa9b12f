// SPDX-License-Identifier: GPL-2.0
/* Rule loader and schema: the bundled packs load; bad rules give file:line errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "common/diag.h"
#include "engine/rules.h"

static void test_bundled_packs_load(void **state)
{
	struct ruleset *rs = NULL;

	assert_int_equal(rules_load_dir(TEST_SOURCE_DIR "/rules", &rs), B2D_OK);
	assert_non_null(rules_soc(rs, "omap3"));
	assert_non_null(rules_soc(rs, "s3c64xx"));
	assert_true(rs->nstructs > 5);
	assert_true(rs->ncallbacks >= 1);
	ruleset_free(rs);
}

/* Load one YAML text; return the error code and leave the message in diag_last(). */
static int load(const char *text)
{
	struct ruleset *rs = ruleset_new();
	int err;

	diag_set_quiet(true);
	diag_reset_counts();
	err = rules_load_text(rs, "bad.yaml", text, strlen(text));
	if (err == B2D_OK)
		err = rules_finish(rs);
	ruleset_free(rs);
	diag_set_quiet(false);
	return err;
}

static void expect_error(const char *text, const char *message)
{
	assert_int_equal(load(text), B2D_ERR_RULES);
	if (!strstr(diag_last(), message))
		fail_msg("got: %s", diag_last());
}

static void test_good_binding(void **state)
{
	assert_int_equal(load("bindings: x\nstructs:\n  - struct: foo\n    props:\n"
			      "      - {prop: a, field: b, as: int}\n"), B2D_OK);
}

static void test_bad_yaml(void **state)
{
	expect_error("bindings: x\nstructs: [\n", "bad.yaml:3:1: error: bad YAML");
}

static void test_unknown_key(void **state)
{
	expect_error("bindings: x\nstructs:\n  - struct: foo\n    nodee: led\n",
		     "bad.yaml:4:12: error: unknown key 'nodee' in struct rule");
}

static void test_wrong_type(void **state)
{
	expect_error("bindings: x\nstructs:\n  - struct: foo\n    props: 3\n",
		     "bad.yaml:4:12: error: 'props' must be a list");
}

static void test_duplicate_entry(void **state)
{
	expect_error("bindings: x\nstructs:\n  - struct: foo\n  - struct: foo\n",
		     "bad.yaml:4:5: error: duplicate struct 'foo' (first at line 3");
}

static void test_duplicate_key(void **state)
{
	expect_error("bindings: x\nbindings: y\n", "bad.yaml:2:1: error: duplicate key 'bindings'");
}

static void test_unknown_converter(void **state)
{
	expect_error("bindings: x\nstructs:\n  - struct: foo\n    props:\n"
		     "      - {prop: a, field: b, as: integer}\n",
		     "bad.yaml:5:33: error: unknown converter 'as: integer'");
}

static void test_missing_required(void **state)
{
	expect_error("bindings: x\nstructs:\n  - node: led\n", "bad.yaml:3:5: error: struct rule without 'struct'");
}

static void test_not_a_pack(void **state)
{
	expect_error("structs: []\n", "starts with either 'soc: NAME' or 'bindings: NAME'");
	expect_error("- a\n- b\n", "bad.yaml:1:1: error: a rule file must be a YAML mapping");
}

static void test_alias_refused(void **state)
{
	expect_error("bindings: &a x\nsoc: *a\n", "aliases are not supported");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bundled_packs_load),
		cmocka_unit_test(test_good_binding),
		cmocka_unit_test(test_bad_yaml),
		cmocka_unit_test(test_unknown_key),
		cmocka_unit_test(test_wrong_type),
		cmocka_unit_test(test_duplicate_entry),
		cmocka_unit_test(test_duplicate_key),
		cmocka_unit_test(test_unknown_converter),
		cmocka_unit_test(test_missing_required),
		cmocka_unit_test(test_not_a_pack),
		cmocka_unit_test(test_alias_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
