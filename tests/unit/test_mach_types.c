// SPDX-License-Identifier: GPL-2.0
/*
 * kernel/mach_types.c: does the target's arch/arm/tools/mach-types list a
 * machine name? A made-up registry text (comments, tabs, a name that is a
 * prefix of another), and the real 6.1 file when the tree is there: it
 * lists ts209 and omap3_beagle, not 2.6.32's ts_x09.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "kernel/mach_types.h"
#include "test_kernel.h"

static const char registry[] =
	"# Database of machine macros and numbers\n"
	"#\n"
	"# machine_is_xxx\tCONFIG_xxxx\t\tMACH_TYPE_xxx\t\tnumber\n"
	"ebsa110\t\t\tARCH_EBSA110\t\tEBSA110\t\t\t0\n"
	"ts209\t\t\tMACH_TS209\t\tTS209\t\t\t1565\n"
	"ts209_pro\t\tMACH_TS209_PRO\t\tTS209_PRO\t\t9999\n";

static bool lists(const char *name)
{
	return mach_types_text_lists(registry, name, strlen(name));
}

static void test_text(void **state)
{
	(void)state;
	assert_true(lists("ebsa110"));
	assert_true(lists("ts209"));
	assert_true(lists("ts209_pro"));
	assert_false(lists("ts20"));
	assert_false(lists("ts_x09"));
	assert_false(lists("machine_is_xxx"));
	assert_false(lists("MACH_TS209"));
	/* n bytes of a longer spelling: machine_is_ts209() (..., the call's rest) */
	assert_true(mach_types_text_lists(registry, "ts209()", 5));
}

static void test_tree(void **state)
{
	const char *k = test_kernel_dir("arch/arm/tools/mach-types");

	(void)state;
	if (!k)
		skip();
	char *text = mach_types_read(k);

	assert_non_null(text);
	assert_true(mach_types_text_lists(text, "ts209", 5));
	assert_true(mach_types_text_lists(text, "omap3_beagle", 12));
	assert_false(mach_types_text_lists(text, "ts_x09", 6));
	assert_null(mach_types_read("/nonexistent-b2d-tree"));
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_text),
		cmocka_unit_test(test_tree),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
