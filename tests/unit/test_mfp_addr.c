// SPDX-License-Identifier: GPL-2.0
/*
 * kernel/mfp_addr.c: a PXA SoC file's MFP address map gives each pin its
 * MFPR offset (MFP_ADDR single pins, MFP_ADDR_X ranges at 4-byte steps),
 * the pins named through mfp.h's MFP_PIN_ enum (implicit and explicit
 * values, a value given by another enumerator); a second table is kept
 * apart; comments do not count; a missing table or enum gives nothing.
 * The texts below are written for this test.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "kernel/mfp_addr.h"
#include "test_kernel.h"

static const char mfp_h[] =
	"enum {\n"
	"\tMFP_PIN_INVALID = -1,\n"
	"\tMFP_PIN_GPIO0 = 0,\n"
	"\tMFP_PIN_GPIO1,\n"
	"\tMFP_PIN_GPIO2,\n"
	"\tMFP_PIN_GPIO3,\n"
	"\tMFP_PIN_GPIO255 = 255,\n"
	"\tMFP_PIN_GPIO0_2,\t/* 256 */\n"
	"\tMFP_PIN_GPIO1_2,\n"
	"\t/* additional pins */\n"
	"\tMFP_PIN_DF_IO0,\n"
	"\tMFP_PIN_DF_ALIAS = MFP_PIN_GPIO1,\n"
	"\tMFP_PIN_MAX,\n"
	"};\n";

static const char soc_c[] =
	"/* MFP_ADDR(GPIO3, 0x9999) in a comment does not count */\n"
	"static struct mfp_addr_map fx_mfp_addr_map[] __initdata = {\n"
	"\tMFP_ADDR_X(GPIO0, GPIO2, 0x00b4),\n"
	"\tMFP_ADDR(GPIO1_2, 0x0674),\n"
	"\tMFP_ADDR(DF_IO0, 0x023c),\n"
	"\tMFP_ADDR(NO_SUCH_PIN, 0x0300),\n"
	"\tMFP_ADDR_END,\n"
	"};\n"
	"static struct mfp_addr_map fx2_mfp_addr_map[] __initdata = {\n"
	"\tMFP_ADDR(GPIO1, 0x0524),\n"
	"\tMFP_ADDR_END,\n"
	"};\n";

static void test_parse(void **state)
{
	struct mfp_addr_table *t = mfp_addr_parse(soc_c, "fx_mfp_addr_map", "fx2_mfp_addr_map",
						  mfp_h, "mach-fx/fx.c");
	unsigned off = 0;

	(void)state;
	assert_non_null(t);
	assert_true(mfp_addr_find(t, 0, false, &off));
	assert_int_equal(off, 0xb4);
	assert_true(mfp_addr_find(t, 2, false, &off));
	assert_int_equal(off, 0xbc);
	assert_false(mfp_addr_find(t, 3, false, &off));	/* only in a comment */
	assert_true(mfp_addr_find(t, 257, false, &off));	/* GPIO1_2 */
	assert_int_equal(off, 0x674);
	assert_true(mfp_addr_find(t, 258, false, &off));	/* DF_IO0 follows GPIO1_2 */
	assert_int_equal(off, 0x23c);
	/* the second table: only what it lists */
	assert_true(mfp_addr_find(t, 1, true, &off));
	assert_int_equal(off, 0x524);
	assert_false(mfp_addr_find(t, 0, true, &off));
	assert_string_equal(mfp_addr_pin_name(t, 258), "DF_IO0");
	assert_string_equal(mfp_addr_pin_name(t, 256), "GPIO0_2");
	assert_string_equal(mfp_addr_file(t), "mach-fx/fx.c");
	assert_string_equal(mfp_addr_table_name(t, true), "fx2_mfp_addr_map");
	mfp_addr_free(t);
}

static void test_missing(void **state)
{
	(void)state;
	assert_null(mfp_addr_parse(soc_c, "fx3_mfp_addr_map", NULL, mfp_h, "fx.c"));
	/* the name must be the table's, not a prefix of another */
	assert_null(mfp_addr_parse(soc_c, "fx_mfp_addr", NULL, mfp_h, "fx.c"));
	assert_null(mfp_addr_parse(soc_c, "fx_mfp_addr_map", NULL, "enum { A, B };", "fx.c"));
	assert_null(mfp_addr_load("/nonexistent", "fx.c", "fx_mfp_addr_map", NULL, NULL, 0));
}

/* The 6.1 tree: pxa930.c's map, pins named through include/linux/soc/pxa/mfp.h. */
static void test_kernel_tree(void **state)
{
	const char *kdir = test_kernel_dir("arch/arm/mach-pxa/pxa930.c");
	const char *hdrs[] = { "arch/arm/plat-pxa/include/plat/mfp.h",
			       "include/linux/soc/pxa/mfp.h" };
	struct mfp_addr_table *t;
	unsigned off = 0;

	(void)state;
	if (!kdir)
		skip();
	t = mfp_addr_load(kdir, "arch/arm/mach-pxa/pxa930.c", "pxa930_mfp_addr_map",
			  "pxa935_mfp_addr_map", hdrs, 2);
	assert_non_null(t);
	assert_true(mfp_addr_find(t, 0, false, &off));
	assert_int_equal(off, 0x2e0);
	assert_true(mfp_addr_find(t, 97, false, &off));
	assert_int_equal(off, 0x410);
	assert_true(mfp_addr_find(t, 159, true, &off));
	assert_int_equal(off, 0x524);
	assert_string_equal(mfp_addr_pin_name(t, 0), "GPIO0");
	mfp_addr_free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_missing),
		cmocka_unit_test(test_kernel_tree),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
