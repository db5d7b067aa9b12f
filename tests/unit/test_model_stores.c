// SPDX-License-Identifier: GPL-2.0
/*
 * The board model's queries over a parsed file (extractor/model.c):
 * board_local_stores_all() and skip_unlikely(); the machine a file with no
 * MACHINE_START has (extractor/init_machine.c).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "extractor/extract.h"
#include "common/util.h"

#define MODEL_DIR TEST_SOURCE_DIR "/extractor/model-headers"

static struct board *parse_src(const char *src)
{
	struct unsaved_source u = { "/tmp/b2d-test-model.c", src, strlen(src) };
	struct extract_options o = { .model_dir = MODEL_DIR, .unsaved = &u, .nunsaved = 1 };
	struct board *b = NULL;

	assert_int_equal(extract_board(u.path, &o, &b), B2D_OK);
	assert_non_null(b);
	return b;
}

static bool is_call(const char *sp)
{
	return strchr(sp, '(') != NULL;
}

/* board_local_stores_all(): every store of a local is a call, in one function or in all. */
static void test_local_stores_all(void **state)
{
	(void)state;
	struct board *b = parse_src(
		"static int glob = 1;\n"
		"int f(int);\n"
		"static void a(void) { int ret; ret = f(1); if (ret) return; ret = f(2); glob = f(3); }\n"
		"static void c(void) { int ret; ret = 4; glob = 5; }\n");

	assert_true(board_local_stores_all(b, board_find_func(b, "a"), "ret", 3, is_call));
	assert_true(board_local_stores_all(b, board_find_func(b, "a"), "ret != 0", 3, is_call));
	assert_false(board_local_stores_all(b, NULL, "ret", 3, is_call));	/* c stores 4 */
	assert_false(board_local_stores_all(b, board_find_func(b, "c"), "ret", 3, is_call));
	assert_false(board_local_stores_all(b, board_find_func(b, "a"), "glob", 4, is_call));
	assert_false(board_local_stores_all(b, board_find_func(b, "a"), "none", 4, is_call));
	assert_string_equal(skip_unlikely("unlikely(ret)"), "ret)");
	assert_string_equal(skip_unlikely("ret"), "ret");
	board_free(b);
}

/* A file with no MACHINE_START: its one external NAME_init(void) stands for the record. */
static void test_init_only_machine(void **state)
{
	(void)state;
	struct board *b = parse_src(
		"static void helper_init(void) { }\n"
		"void __init iconnect_init(void) { helper_init(); }\n");
	struct board *two = parse_src(
		"void __init a_init(void) { }\n"
		"void __init b_init(void) { }\n");

	assert_int_equal(b->nmachines, 1);
	assert_string_equal(b->machines[0]->id, "ICONNECT");
	assert_true(b->machines[0]->init_only);
	assert_string_equal(value_field(b->machines[0]->record, "init_machine")->text, "iconnect_init");
	assert_int_equal(two->nmachines, 0);	/* which one is the board's: unknown */
	board_free(b);
	board_free(two);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_local_stores_all),
		cmocka_unit_test(test_init_only_machine),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
