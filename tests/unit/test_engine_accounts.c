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
			     "the .dts describes the boot without it");
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

/* The fate of the fact whose text contains `what`. */
static const struct fact *fact_of(const struct dt_tree *t, const char *what)
{
	for (size_t i = 0; i < t->nfacts; i++)
		if (t->facts[i]->what && strstr(t->facts[i]->what, what))
			return t->facts[i];
	return NULL;
}

/*
 * Stores into objects the file does not define (SoC or kernel code) are
 * facts, never dropped: `global_stores:` says what pm_power_off and
 * system_rev are; any other is a TODO; a local's are not facts at all.
 */
static void test_outside_stores(void **state)
{
	static const char src[] =
		"struct clk { unsigned long rate; };\n"
		"extern struct clk clk_xusbxti;\n"
		"extern void (*pm_power_off)(void);\n"
		"extern unsigned int system_rev;\n"
		"static void board_off(void) { }\n"
		"static void __init board_init(void)\n"
		"{\n"
		"	struct clk local = { 0 };\n"
		"	local.rate = 5;\n"
		"	clk_xusbxti.rate = 24000000;\n"
		"	pm_power_off = board_off;\n"
		"	system_rev = 3;\n"
		"}\n"
		"MACHINE_START(TEST_BOARD, \"Test board\")\n"
		"	.init_machine = board_init,\n"
		"MACHINE_END\n";
	struct dt_tree *t;
	char *dts = convert("omap3", src, NULL, 0, &t);
	const struct fact *f;

	(void)state;
	expect_contains(dts, "clk_xusbxti.rate = 24000000: store into clk_xusbxti, which this "
			     "file does not define (SoC or kernel code)");
	expect_contains(dts, "pm_power_off = board_off: power-off handler");
	expect_absent(dts, "system_rev = 3");
	assert_non_null(f = fact_of(t, "system_rev = 3"));
	assert_int_equal(f->fate, FACT_CONVERTED);
	assert_non_null(strstr(f->became, "no DT equivalent"));
	assert_non_null(f = fact_of(t, "clk_xusbxti.rate"));
	assert_int_equal(f->fate, FACT_TODO);
	assert_null(fact_of(t, "local.rate"));
	dt_tree_free(t);
	free(dts);
}

/*
 * A device rule's `requires:` (maxim-pmic.yaml: 6.1 max8925_dt_init() fails
 * the probe without maxim,tsc-irq): a MAX8925 with platform data has the
 * property (0: not written) and its facts are converted; one without has a
 * TODO, and the facts that went into its node are not converted.
 */
static void test_required_property(void **state)
{
	static const char src[] =
		"struct max8925_platform_data { int irq_base; int tsc_irq; };\n"
		"static struct max8925_platform_data pd = { .irq_base = 200 };\n"
		"static struct i2c_board_info with[] = {\n"
		"	{ I2C_BOARD_INFO(\"max8925\", 0x3c), .platform_data = &pd },\n"
		"};\n"
		"static struct i2c_board_info without[] = {\n"
		"	{ I2C_BOARD_INFO(\"max8925\", 0x3d) },\n"
		"};\n"
		"static void __init board_init(void)\n"
		"{\n"
		"	i2c_register_board_info(1, with, ARRAY_SIZE(with));\n"
		"	i2c_register_board_info(2, without, ARRAY_SIZE(without));\n"
		"}\n"
		"MACHINE_START(TEST_BOARD, \"Test board\")\n"
		"	.init_machine = board_init,\n"
		"MACHINE_END\n";
	struct dt_tree *t;
	char *dts = convert("mmp2", src, NULL, 0, &t);
	const struct fact *f;

	(void)state;
	expect_contains(dts, "maxim,tsc-irq = <0>;");
	expect_contains(dts, "no maxim,tsc-irq, which the target's driver requires");
	assert_non_null(f = fact_of(t, "with[0].addr"));
	assert_int_equal(f->fate, FACT_CONVERTED);
	assert_non_null(f = fact_of(t, "without[0].addr"));
	assert_int_equal(f->fate, FACT_TODO);
	assert_non_null(strstr(f->reason, "no maxim,tsc-irq"));
	dt_tree_free(t);
	free(dts);
}

/*
 * A macro of the headers whose expansion begins with a compiler builtin
 * (3.x omap_ctrl_writel(), likely()/unlikely() inside): the TODO names what
 * the board wrote, and the builtin as what it expands to.
 */
static void test_builtin_macro_call(void **state)
{
	static const char src[] =
		"extern void fx_write(int v, int r);\n"
		"#define fx_ctrl_writel(v, r) (__builtin_expect(!!(v), 1) ? fx_write(v, r) : (void)0)\n"
		"static void __init pbias_init(void) { fx_ctrl_writel(5, 0x2a0); }\n"
		"MACHINE_START(TEST_BOARD, \"Builtin\") .init_machine = pbias_init, MACHINE_END\n";
	char *dts = convert("omap3", src, NULL, 0, NULL);

	(void)state;
	expect_contains(dts, "no rule for call fx_ctrl_writel (a macro; its expansion calls __builtin_expect)");
	expect_absent(dts, "no rule for call __builtin_expect\n");
	free(dts);
}

/*
 * Compound assignments to what is not a local, in the functions the
 * machine runs, are facts and TODOs (extractor/compound_store.c,
 * engine/engine_compounds.c): `*REG |= X`, `pd.flags |= X`; under a false
 * guard "not taken"; a local's is no fact, nor is one in a function the
 * machine never runs.
 */
static void test_compound_stores(void **state)
{
	static const char src[] =
		"#define FX_REG ((volatile unsigned int *)0xf0001000)\n"
		"struct fx_pdata { int flags; };\n"
		"static struct fx_pdata pd = { .flags = 1 };\n"
		"static void fx_led_set(int on) { pd.flags |= 16; }\n"
		"static void __init board_init(void)\n"
		"{\n"
		"	int n = 0;\n"
		"	*FX_REG |= 0x4;\n"
		"	pd.flags |= 2;\n"
		"	n += 3;\n"
		"	if (machine_is_other_board())\n"
		"		pd.flags |= 8;\n"
		"}\n"
		"MACHINE_START(TEST_BOARD, \"Test board\")\n"
		"	.init_machine = board_init,\n"
		"MACHINE_END\n";
	struct dt_tree *t;
	char *dts = convert("omap3", src, NULL, 0, &t);
	const struct fact *f;

	(void)state;
	expect_contains(dts, "*FX_REG |= 0x4: a compound assignment (|=): no rule applies it");
	expect_contains(dts, "pd.flags |= 2: a compound assignment (|=)");
	assert_non_null(f = fact_of(t, "pd.flags |= 2"));
	assert_int_equal(f->fate, FACT_TODO);
	assert_non_null(f = fact_of(t, "pd.flags |= 8"));
	assert_int_equal(f->fate, FACT_CONVERTED);	/* not taken */
	assert_null(fact_of(t, "n += 3"));
	assert_null(fact_of(t, "pd.flags |= 16"));
	dt_tree_free(t);
	free(dts);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_struct_no_dt_and_todo),
		cmocka_unit_test(test_outside_stores),
		cmocka_unit_test(test_required_property),
		cmocka_unit_test(test_builtin_macro_call),
		cmocka_unit_test(test_compound_stores),
	};

	return cmocka_run_group_tests(tests, load_rules, free_rules);
}
