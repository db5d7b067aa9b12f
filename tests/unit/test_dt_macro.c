// SPDX-License-Identifier: GPL-2.0
/*
 * kernel/dt_macro.c: a .dtsi's function-like macro evaluated for one
 * argument, on the form of pxa3xx.dtsi's MFP_PIN_PXA3x0(gpio) chains (here a
 * made-up one), and the real pxa3xx.dtsi of the 6.1 tree against the MFPR
 * offsets of arch/arm/mach-pxa/pxa300.c / pxa320.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "kernel/dt_macro.h"
#include "test_kernel.h"

static const char dtsi[] =
	"#include \"other.dtsi\"\n"
	"#define FX_PIN(gpio)\t\t\t\t\\\n"
	"\t((gpio <= 2) ? (0x00b4 + 4 * gpio) :\t\\\n"
	"\t (gpio <= 26) ? (0x027c + 4 * (gpio - 3)) :\t\\\n"
	"\t 0)\n"
	"#define FX_BAD(gpio) (gpio + some_name)\n"
	"#define FX_OBJ 3\n"
	"#define FX_ONE(x) (x * 2) /* twice */\n"
	"/ { x = <FX_PIN(3)>; };\n";

static void test_chain(void **state)
{
	long long v;

	(void)state;
	assert_true(dt_macro_eval(dtsi, "FX_PIN", 0, &v));
	assert_int_equal(v, 0xb4);
	assert_true(dt_macro_eval(dtsi, "FX_PIN", 2, &v));
	assert_int_equal(v, 0xbc);
	assert_true(dt_macro_eval(dtsi, "FX_PIN", 3, &v));
	assert_int_equal(v, 0x27c);
	assert_true(dt_macro_eval(dtsi, "FX_PIN", 26, &v));
	assert_int_equal(v, 0x27c + 4 * 23);
	assert_true(dt_macro_eval(dtsi, "FX_PIN", 27, &v));
	assert_int_equal(v, 0);
	assert_true(dt_macro_eval(dtsi, "FX_ONE", 21, &v));
	assert_int_equal(v, 42);
}

static void test_refused(void **state)
{
	long long v = -1;

	(void)state;
	assert_false(dt_macro_eval(dtsi, "FX_BAD", 1, &v));	/* a name it cannot value */
	assert_false(dt_macro_eval(dtsi, "FX_OBJ", 1, &v));	/* not function-like */
	assert_false(dt_macro_eval(dtsi, "FX_PI", 1, &v));	/* a prefix of a name */
	assert_false(dt_macro_eval(dtsi, "FX_NONE", 1, &v));
	assert_false(dt_macro_eval(NULL, "FX_PIN", 1, &v));
	assert_int_equal(v, -1);
	assert_true(dt_macro_value(dtsi, "FX_OBJ", &v));	/* object-like: its value */
	assert_int_equal(v, 3);
	v = -1;
	assert_false(dt_macro_value(dtsi, "FX_PIN", &v));	/* function-like */
	assert_false(dt_macro_value(dtsi, "FX_OB", &v));	/* a prefix of a name */
	assert_false(dt_macro_value(NULL, "FX_OBJ", &v));
	assert_int_equal(v, -1);
	assert_true(dt_macro_defined(dtsi, "FX_OBJ"));
	assert_true(dt_macro_defined(dtsi, "FX_PIN"));
	assert_false(dt_macro_defined(dtsi, "FX_P"));
	assert_false(dt_macro_defined(dtsi, "FX_NONE"));
}

/* The real pxa3xx.dtsi gives the offsets the SoC files' mfp_addr_map give. */
static void test_pxa3xx_dtsi(void **state)
{
	const char *k = test_kernel_dir("arch/arm/boot/dts/pxa3xx.dtsi");
	char *path, *text;
	long long v;

	(void)state;
	if (!k)
		skip();
	path = xasprintf("%s/arch/arm/boot/dts/pxa3xx.dtsi", k);
	text = read_file(path, NULL);
	assert_non_null(text);
	/* pxa300.c: MFP_ADDR_X(GPIO3, GPIO26, 0x027c), MFP_ADDR_X(GPIO27, GPIO98, 0x0400) */
	assert_true(dt_macro_eval(text, "MFP_PIN_PXA300", 3, &v));
	assert_int_equal(v, 0x27c);
	assert_true(dt_macro_eval(text, "MFP_PIN_PXA300", 54, &v));
	assert_int_equal(v, 0x400 + 4 * 27);
	/* pxa300.c, the PXA310 map: MFP_ADDR_X(GPIO30, GPIO98, 0x0418) */
	assert_true(dt_macro_eval(text, "MFP_PIN_PXA310", 54, &v));
	assert_int_equal(v, 0x418 + 4 * 24);
	/* pxa320.c: MFP_ADDR_X(GPIO49, GPIO62, 0x045C), MFP_ADDR(GPIO10, 0x0458) */
	assert_true(dt_macro_eval(text, "MFP_PIN_PXA320", 54, &v));
	assert_int_equal(v, 0x45c + 4 * 5);
	assert_true(dt_macro_eval(text, "MFP_PIN_PXA320", 10, &v));
	assert_int_equal(v, 0x458);
	/* pxa300.c: MFP_ADDR_X(GPIO0_2, GPIO1_2, 0x0674) */
	assert_true(dt_macro_eval(text, "MFP_PIN_PXA300_2", 1, &v));
	assert_int_equal(v, 0x678);
	free(text);
	free(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_chain),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_pxa3xx_dtsi),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
