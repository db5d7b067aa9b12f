// SPDX-License-Identifier: GPL-2.0
/*
 * kernel/pin_banks.c: a Samsung pin-controller compatible leads, through the
 * of_device_id entry's match data, the controller array and its bank table,
 * to the GPIO banks (names in order; EINTG/EINTW banks are interrupt
 * controllers), across the files of the driver directory; a broken chain
 * gives none. The driver text below is written for this test.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "kernel/pin_banks.h"
#include "test_kernel.h"

/* The SoC file: bank tables, controllers, match data. */
static const char soc_file[] =
	"static const struct samsung_pin_bank_data fx1_pin_banks[] __initconst = {\n"
	"\tPIN_BANK_A(23, 0x000, \"gpa\"),\n"
	"\tPIN_BANK_2BIT(11, 0x010, \"gpb\"),\n"
	"\tPIN_BANK_2BIT_EINTW(8, 0x050, \"gpf\", 0, 0xff),\n"
	"\tEXYNOS_PIN_BANK_EINTG(8, 0x060, \"gpg\", 0x08),\n"
	"\tEXYNOS_PIN_BANK_EINTN(2, 0x070, \"gph\"),\n"
	"};\n"
	"static const struct samsung_pin_bank_data fx2_pin_banks[] __initconst = {\n"
	"\tPIN_BANK_A(4, 0x000, \"gpz\"),\n"
	"};\n"
	"static const struct samsung_pin_ctrl fx1_pin_ctrl[] __initconst = {\n"
	"\t{\n"
	"\t\t.pin_banks\t= fx1_pin_banks,\n"
	"\t\t.nr_banks\t= ARRAY_SIZE(fx1_pin_banks),\n"
	"\t},\n"
	"};\n"
	"const struct samsung_pinctrl_of_match_data fx1_of_data __initconst = {\n"
	"\t.ctrl\t\t= fx1_pin_ctrl,\n"
	"\t.num_ctrl\t= ARRAY_SIZE(fx1_pin_ctrl),\n"
	"};\n"
	"const struct samsung_pinctrl_of_match_data fx3_of_data __initconst = {\n"
	"\t.ctrl\t\t= fx3_pin_ctrl,\n"
	"};\n";

/* The core file: the match table, naming data of the other file. */
static const char core_file[] =
	"extern const struct samsung_pinctrl_of_match_data fx1_of_data;\n"
	"static const struct of_device_id samsung_pinctrl_dt_match[] = {\n"
	"\t{ .compatible = \"vendor,fx1-pinctrl\",\n"
	"\t\t.data = &fx1_of_data },\n"
	"\t{ .compatible = \"vendor,fx3-pinctrl\", .data = &fx3_of_data },\n"
	"\t{ .compatible = \"vendor,fx4-pinctrl\" },\n"
	"\t{},\n"
	"};\n";

static const char *const texts[] = { core_file, soc_file };
static const char *const names[] = { "drivers/pinctrl/fx/core.c", "drivers/pinctrl/fx/soc.c" };

static void test_chain(void **state)
{
	struct pin_banks *pb = pin_banks_from_texts(texts, names, 2, "vendor,fx1-pinctrl");

	(void)state;
	assert_non_null(pb);
	assert_int_equal(pb->n, 5);
	assert_string_equal(pb->banks[0].name, "gpa");
	assert_false(pb->banks[0].eint);
	assert_string_equal(pb->banks[1].name, "gpb");
	assert_string_equal(pb->banks[2].name, "gpf");
	assert_true(pb->banks[2].eint);		/* EINTW */
	assert_string_equal(pb->banks[3].name, "gpg");
	assert_true(pb->banks[3].eint);		/* EINTG */
	assert_string_equal(pb->banks[4].name, "gph");
	assert_false(pb->banks[4].eint);	/* EINTN: no interrupts */
	assert_string_equal(pb->file, "drivers/pinctrl/fx/soc.c");
	pin_banks_free(pb);
}

static void test_broken_chains(void **state)
{
	(void)state;
	/* not named at all */
	assert_null(pin_banks_from_texts(texts, names, 2, "vendor,fx9-pinctrl"));
	/* a prefix of a named compatible is not that compatible */
	assert_null(pin_banks_from_texts(texts, names, 2, "vendor,fx"));
	/* match data whose controller array is defined nowhere */
	assert_null(pin_banks_from_texts(texts, names, 2, "vendor,fx3-pinctrl"));
	/* an entry without match data */
	assert_null(pin_banks_from_texts(texts, names, 2, "vendor,fx4-pinctrl"));
	/* the core file alone: the data's definition is in the other file */
	assert_null(pin_banks_from_texts(texts, names, 1, "vendor,fx1-pinctrl"));
}

/* The real tree, when the test has one: S3C2440 is A..H and J, EINT on F and G. */
static void test_kernel_tree(void **state)
{
	const char *kdir = test_kernel_dir("drivers/pinctrl/samsung/pinctrl-s3c24xx.c");
	struct pin_banks *pb = NULL;
	const char *want[] = { "gpa", "gpb", "gpc", "gpd", "gpe", "gpf", "gpg", "gph", "gpj" };

	(void)state;
	if (!kdir)
		skip();
	assert_int_equal(pin_banks_for_compatible(kdir, "samsung,s3c2440-pinctrl", &pb), B2D_OK);
	assert_int_equal(pb->n, 9);
	for (size_t i = 0; i < 9; i++) {
		assert_string_equal(pb->banks[i].name, want[i]);
		assert_int_equal(pb->banks[i].eint, i == 5 || i == 6);
	}
	assert_string_equal(pb->file, "drivers/pinctrl/samsung/pinctrl-s3c24xx.c");
	pin_banks_free(pb);
	/* 6.1 dropped the S3C2410's table */
	assert_int_equal(pin_banks_for_compatible(kdir, "samsung,s3c2410-pinctrl", &pb), B2D_ERR_PARSE);
	assert_null(pb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_chain),
		cmocka_unit_test(test_broken_chains),
		cmocka_unit_test(test_kernel_tree),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
