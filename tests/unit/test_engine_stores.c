// SPDX-License-Identifier: GPL-2.0
/*
 * Stores in the machine's code and the guards that decide them
 * (engine/engine_grow.c, engine/engine_values.c, engine/engine_guards.c):
 * a board predicate decided per machine through its `return` expression,
 * a store that adds an element the initializer leaves out, a whole array
 * element stored, and an undecided store with no value to stand beside.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "engine_harness.h"

/* board-sam9g20ek.c's second MCI slot, written only on the 2-slot board. */
#define MMC_SRC(PRED) \
	"static int have_2mmc(void)\n" \
	"{\n" \
	"	return " PRED ";\n" \
	"}\n" \
	"static struct mci_platform_data mmc_data = {\n" \
	"	.slot[1] = { .bus_width = 4, .detect_pin = AT91_PIN_PC9 },\n" \
	"};\n" \
	"static void __init board_init(void)\n" \
	"{\n" \
	"	if (have_2mmc()) {\n" \
	"		mmc_data.slot[0].bus_width = 4;\n" \
	"		mmc_data.slot[0].detect_pin = AT91_PIN_PC2;\n" \
	"	}\n" \
	"	at91_add_device_mci(0, &mmc_data);\n" \
	"}\n" \
	"MACHINE_START(TEST_BOARD, \"Test board\")\n" \
	"	.init_machine = board_init,\n" \
	"MACHINE_END\n"

/*
 * have_2mmc() returns machine_is_other_board() || machine_is_test_board():
 * true here (two calls, not one spelling "machine_is_...()"); slot 0 appears.
 */
#define BOTH "machine_is_other_board() || machine_is_test_board()"

static void test_predicate_grows_element(void **state)
{
	char *dts = convert("at91sam9260", MMC_SRC(BOTH), NULL, 0, NULL);

	(void)state;
	/* (the harness's .dtsi has no pin groups: each slot's pinctrl-0 is a TODO after these) */
	expect_contains(dts, "slot@0 {\n\t\treg = <0>;\n\t\tbus-width = <4>;\n"
			"\t\tcd-gpios = <&pioC 2 GPIO_ACTIVE_HIGH>;\n");
	expect_contains(dts, "slot@1 {\n\t\treg = <1>;\n\t\tbus-width = <4>;\n"
			"\t\tcd-gpios = <&pioC 9 GPIO_ACTIVE_HIGH>;\n");
	expect_absent(dts, "initializer does not have");
	expect_absent(dts, "only when");
	free(dts);
}

/*
 * On another machine have_2mmc() depends on system_rev: undecided. Slot 0
 * is not invented; each of its stores is a TODO naming the condition.
 */
static void test_undecided_store_stays_todo(void **state)
{
	char *dts = convert("at91sam9260", MMC_SRC("machine_is_other_board() || (system_rev & 1)"),
			    NULL, 0, NULL);

	(void)state;
	expect_absent(dts, "slot@0");
	expect_contains(dts, "slot@1 {");
	expect_contains(dts, "mmc_data.slot[0].bus_width = 4: store into a member the initializer "
			"does not have, only when have_2mmc(): add it by hand if so");
	expect_contains(dts, "mmc_data.slot[0].detect_pin = AT91_PIN_PC2: store into a member the "
			"initializer does not have, only when have_2mmc(): add it by hand if so");
	free(dts);
}

/* --assume decides the predicate by its name, before its body is read. */
static void test_predicate_assumed(void **state)
{
	struct assumption no = { "have_2mmc()", "0" };
	char *dts = convert("at91sam9260", MMC_SRC(BOTH), &no, 1, NULL);

	(void)state;
	expect_absent(dts, "slot@0");
	expect_absent(dts, "slot[0]");
	free(dts);
}

/*
 * `rows[1] = 12;` replaces that element (the row-gpios line), and a member
 * written only under an undecided guard, which the initializer lacks, is a
 * TODO: there is no value to show it as an alternative of.
 */
static void test_whole_element_and_lone_alternative(void **state)
{
	static const char src[] =
		"static int board_rev(void);\n"
		"static unsigned int rows[] = { 10, 11 };\n"
		"static unsigned int cols[] = { 20, 21 };\n"
		"static struct matrix_keypad_platform_data kp = {\n"
		"	.row_gpios = rows, .col_gpios = cols, .num_row_gpios = 2, .num_col_gpios = 2,\n"
		"};\n"
		"static struct platform_device kp_dev = {\n"
		"	.name = \"matrix-keypad\", .id = -1, .dev = { .platform_data = &kp },\n"
		"};\n"
		"static void __init board_init(void)\n"
		"{\n"
		"	rows[1] = 12;\n"
		"	if (board_rev() == 2)\n"
		"		kp.debounce_ms = 5;\n"
		"	platform_device_register(&kp_dev);\n"
		"}\n"
		"MACHINE_START(TEST_BOARD, \"Test board\")\n"
		"	.init_machine = board_init,\n"
		"MACHINE_END\n";
	char *dts = convert("omap3", src, NULL, 0, NULL);

	(void)state;
	expect_contains(dts, "row-gpios = <&gpio1 10 GPIO_ACTIVE_HIGH>, <&gpio1 12 GPIO_ACTIVE_HIGH>;");
	expect_absent(dts, "rows[1] = 12:");
	expect_contains(dts, "kp.debounce_ms = 5: only when board_rev() == 2; the initializer does "
			"not write .debounce_ms: add it by hand if so");
	expect_absent(dts, "debounce-delay-ms");
	free(dts);
}

/*
 * `if (gpio_request(N, ..) == 0)`: the request succeeds wherever the tree
 * describes the line, so the store is made; a store under a false
 * machine_is_*() is not taken, and says why.
 */
static void test_gpio_status_and_false_guard(void **state)
{
	static const char src[] =
		"static struct matrix_keypad_platform_data kp = { .col_scan_delay_us = 1 };\n"
		"static struct platform_device kp_dev = {\n"
		"	.name = \"matrix-keypad\", .id = -1, .dev = { .platform_data = &kp },\n"
		"};\n"
		"static void __init board_init(void)\n"
		"{\n"
		"	if (gpio_request(7, \"kp\") == 0)\n"
		"		kp.debounce_ms = 5;\n"
		"	if (machine_is_other_board())\n"
		"		kp.col_scan_delay_us = 2;\n"
		"	platform_device_register(&kp_dev);\n"
		"}\n"
		"MACHINE_START(TEST_BOARD, \"Test board\")\n"
		"	.init_machine = board_init,\n"
		"MACHINE_END\n";
	struct dt_tree *t;
	char *dts = convert("omap3", src, NULL, 0, &t);
	bool not_taken = false;

	(void)state;
	expect_contains(dts, "debounce-delay-ms = <5>;");
	expect_contains(dts, "col-scan-delay-us = <1>;");
	expect_absent(dts, "alternative");
	for (size_t i = 0; i < t->nfacts; i++)
		not_taken |= t->facts[i]->pos.line == 10 && t->facts[i]->fate == FACT_CONVERTED &&
			     t->facts[i]->became &&
			     !strcmp(t->facts[i]->became, "not taken: machine_is_other_board() is false");
	assert_true(not_taken);
	dt_tree_free(t);
	free(dts);
}

/*
 * `vmmc1_supply.dev = mmc[0].dev;` in the twl4030 GPIO setup callback (the
 * OMAP3 boards of 2.6.3x-3.x): the supply's consumer is the MMC controller
 * mmc[0] made, &mmc1.
 */
static void test_supply_dev_store(void **state)
{
	static const char src[] =
		"static struct omap2_hsmmc_info mmc[] = {\n"
		"	{ .mmc = 1, .caps = MMC_CAP_4_BIT_DATA, .gpio_cd = -EINVAL, .gpio_wp = -EINVAL },\n"
		"	{}\n"
		"};\n"
		"static struct regulator_consumer_supply vmmc1_supply = { .supply = \"vmmc\" };\n"
		"static struct regulator_init_data vmmc1 = {\n"
		"	.constraints = { .min_uV = 1850000, .max_uV = 3150000 },\n"
		"	.num_consumer_supplies = 1, .consumer_supplies = &vmmc1_supply,\n"
		"};\n"
		"static int setup(struct device *dev, unsigned gpio, unsigned ngpio)\n"
		"{\n"
		"	omap2_hsmmc_init(mmc);\n"
		"	vmmc1_supply.dev = mmc[0].dev;\n"
		"	return 0;\n"
		"}\n"
		"static struct twl4030_gpio_platform_data gpio_pd = {\n"
		"	.gpio_base = OMAP_MAX_GPIO_LINES, .setup = setup,\n"
		"};\n"
		"static struct twl4030_platform_data twl_pd = { .gpio = &gpio_pd, .vmmc1 = &vmmc1 };\n"
		"static struct i2c_board_info i2c1[] = {\n"
		"	{ I2C_BOARD_INFO(\"twl4030\", 0x48), .irq = 7, .platform_data = &twl_pd },\n"
		"};\n"
		"static void __init board_init(void)\n"
		"{\n"
		"	omap_register_i2c_bus(1, 2600, i2c1, ARRAY_SIZE(i2c1));\n"
		"}\n"
		"MACHINE_START(TEST_BOARD, \"Test board\")\n"
		"	.init_machine = board_init,\n"
		"MACHINE_END\n";
	char *dts = convert("omap3", src, NULL, 0, NULL);

	(void)state;
	expect_contains(dts, "&mmc1 {\n\tbus-width = <4>;\n\tvmmc-supply = <&vmmc1>;");
	expect_absent(dts, "device not in the tree");
	free(dts);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_predicate_grows_element),
		cmocka_unit_test(test_undecided_store_stays_todo),
		cmocka_unit_test(test_predicate_assumed),
		cmocka_unit_test(test_whole_element_and_lone_alternative),
		cmocka_unit_test(test_gpio_status_and_false_guard),
		cmocka_unit_test(test_supply_dev_store),
	};

	return cmocka_run_group_tests(tests, load_rules, free_rules);
}
