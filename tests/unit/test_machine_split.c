// SPDX-License-Identifier: GPL-2.0
/*
 * extract_board() of a file whose machines' code differs under
 * #if CONFIG_MACH_ arms (extractor/machine_split.c): in-memory board files
 * parsed in tolerant mode with the bundled model headers.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "extractor/extract.h"
#include "common/util.h"

#define MODEL_DIR TEST_SOURCE_DIR "/extractor/model-headers"

static struct board *parse_src(const char *src, const char **args, size_t nargs)
{
	struct unsaved_source u = { "/tmp/b2d-test-split.c", src, strlen(src) };
	struct extract_options o = {
		.model_dir = MODEL_DIR, .clang_args = args, .nclang_args = nargs,
		.unsaved = &u, .nunsaved = 1,
	};
	struct board *b = NULL;

	assert_int_equal(extract_board(u.path, &o, &b), B2D_OK);
	assert_non_null(b);
	return b;
}

/* The .gpio of the first gpio_led of `leds` in b. */
static long long first_led_gpio(const struct board *b)
{
	const struct variable *v = board_find_var(b, "leds");

	assert_non_null(v);
	assert_int_equal(v->init->kind, VAL_LIST);
	return value_field_int(v->init->kids[0], "gpio", -1);
}

/*
 * Machines whose code differs under #if CONFIG_MACH_ arms (machine_split.c):
 * one parse per machine, each machine's own arm in its parse, no
 * CONFIG_MACH_ symbol called an assumption; a -D of one after `--` and
 * independent #ifdef blocks of machines (no #else) keep the one parse;
 * DT_MACHINE_START is not a machine of the file's.
 */
static void test_machine_split(void **state)
{
	static const char *split =
		"static struct gpio_led leds[] = {\n"
		"#ifdef CONFIG_MACH_ALPHA\n"
		"	{ .name = \"a\", .gpio = 1 },\n"
		"#else\n"
		"	{ .name = \"b\", .gpio = 2 },\n"
		"#endif\n"
		"};\n"
		"#if defined(CONFIG_MACH_ALPHA)\n"
		"MACHINE_START(ALPHA, \"Alpha\")\n"
		"#else\n"
		"MACHINE_START(BETA, \"Beta\")\n"
		"#endif\n"
		"MACHINE_END\n"
		"DT_MACHINE_START(GAMMA_DT, \"Gamma\")\n"
		"MACHINE_END\n";
	static const char *apart =
		"#ifdef CONFIG_MACH_ALPHA\n"
		"static struct gpio_led leds[] = { { .name = \"a\", .gpio = 1 } };\n"
		"MACHINE_START(ALPHA, \"Alpha\")\n"
		"MACHINE_END\n"
		"#endif\n"
		"#ifdef CONFIG_MACH_BETA\n"
		"MACHINE_START(BETA, \"Beta\")\n"
		"MACHINE_END\n"
		"#endif\n";
	static const char *def_alpha[] = { "-DCONFIG_MACH_ALPHA" };
	struct board *b = parse_src(split, NULL, 0);
	struct machine *a = board_find_machine(b, "ALPHA"), *z = board_find_machine(b, "BETA");

	(void)state;
	assert_int_equal(b->nmachines, 2);
	assert_non_null(a);
	assert_non_null(z);
	assert_int_equal(b->nparses, 1);
	assert_ptr_equal(a->board, b);
	assert_ptr_equal(z->board, b->parses[0]);
	assert_int_equal(b->parses[0]->nmachines, 2);
	assert_int_equal(first_led_gpio(a->board), 1);
	assert_int_equal(first_led_gpio(z->board), 2);
	for (size_t i = 0; i < b->nassumed_config; i++)
		assert_null(strstr(b->assumed_config[i], "CONFIG_MACH_"));
	board_free(b);

	/* a -D after `--` decides for the whole file: one parse */
	b = parse_src(split, def_alpha, 1);
	assert_int_equal(b->nparses, 0);
	assert_int_equal(b->nmachines, 1);
	assert_string_equal(b->machines[0]->id, "ALPHA");
	assert_int_equal(first_led_gpio(b), 1);
	board_free(b);

	b = parse_src(apart, NULL, 0);
	assert_int_equal(b->nmachines, 2);
	assert_int_equal(b->nparses, 0);
	assert_null(b->machines[0]->board);
	board_free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_machine_split),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
