// SPDX-License-Identifier: GPL-2.0
/*
 * How the engine accounts tables that make no node: struct rules `no_dt:`
 * and `todo:` (common.yaml), through the bundled rule packs.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "engine_harness.h"

/*
 * Tables that are kernel code or a boot-time choice (common.yaml's struct
 * rules `no_dt:` and `todo:`), and iotable_init() visible in tolerant mode
 * (CONFIG_MMU assumed): an exported symbol is accounted, not a TODO; a
 * __setup() option is a TODO that says what to decide.
 */
static void test_struct_no_dt_and_todo(void **state)
{
	static const char src[] =
		"struct kernel_symbol { unsigned long value; const char *name; };\n"
		"void board_hook(void) { }\n"
		"static const struct kernel_symbol __ksymtab_board_hook = {\n"
		"	(unsigned long)board_hook, \"board_hook\" };\n"
		"static int __init lcd_setup(char *s) { return 1; }\n"
		"__setup(\"lcd=\", lcd_setup);\n"
		"static struct map_desc io_desc[] = {\n"
		"	{ .virtual = 0xf0000000, .pfn = 0x8000, .length = 0x1000, .type = MT_DEVICE },\n"
		"};\n"
		"static void __init board_map_io(void) { iotable_init(io_desc, ARRAY_SIZE(io_desc)); }\n"
		"static void __init board_init(void) { }\n"
		"MACHINE_START(TEST_BOARD, \"Test board\")\n"
		"	.map_io = board_map_io,\n"
		"	.init_machine = board_init,\n"
		"MACHINE_END\n";
	struct dt_tree *t;
	char *dts = convert("omap3", src, NULL, 0, &t);
	bool found = false;

	(void)state;
	expect_contains(dts, "struct obs_kernel_param __setup_lcd_setup: kernel command-line option: "
			     "what its parser chooses at boot");
	expect_contains(dts, "iotable_init(io_desc, ARRAY_SIZE(io_desc)): board static I/O mappings");
	expect_absent(dts, "kernel_symbol");
	for (size_t i = 0; i < t->nfacts; i++)
		if (t->facts[i]->what && strstr(t->facts[i]->what, "__ksymtab_board_hook")) {
			found = true;
			assert_int_equal(t->facts[i]->fate, FACT_CONVERTED);
			assert_non_null(strstr(t->facts[i]->became, "no DT equivalent: an exported symbol"));
		}
	assert_true(found);
	dt_tree_free(t);
	free(dts);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_struct_no_dt_and_todo),
	};

	return cmocka_run_group_tests(tests, load_rules, free_rules);
}
