// SPDX-License-Identifier: GPL-2.0
/*
 * kernel/pin_functions.c: the MVEBU MPP tables of a pin-controller driver
 * (MPP_MODE with MPP_FUNCTION or MPP_VAR_FUNCTION entries, nested variant
 * macros, NULL sub-names) give the function name of each (pin, select).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/diag.h"
#include "kernel/pin_functions.h"
#include "test_tree.h"

static const char driver[] =
	"static struct mvebu_mpp_mode fx_mpp_modes[] = {\n"
	"\tMPP_MODE(0,\n"
	"\t\t MPP_VAR_FUNCTION(0x0, \"pcie\", \"rstout\",    V_ALL),\n"
	"\t\t MPP_VAR_FUNCTION(0x2, \"pci\", \"req2\",       V(1, 1, 0)),\n"
	"\t\t MPP_VAR_FUNCTION(0x3, \"gpio\", NULL,        V_ALL)),\n"
	"\tMPP_MODE(16,\n"
	"\t\t MPP_VAR_FUNCTION(0x0, \"uart1\", \"rxd\",      V_5182 | V_5281),\n"
	"\t\t MPP_VAR_FUNCTION(0x0, \"other\", \"rxd\",      V_5181),\n"
	"\t\t MPP_VAR_FUNCTION(0x5, \"gpio\", NULL,        V_5182)),\n"
	"\tMPP_MODE(33, MPP_FUNCTION(0x00, \"gpio\", NULL), MPP_FUNCTION(0x01, \"sdio0\", \"cd\")),\n"
	"};\n";

static void test_parse(void **state)
{
	struct pin_functions *p = pin_functions_parse(driver, "drivers/pinctrl/fx.c");

	assert_non_null(p);
	assert_int_equal(pin_functions_count(p), 8);
	assert_string_equal(pin_functions_name(p, 0, 0), "pcie");
	assert_string_equal(pin_functions_name(p, 0, 2), "pci");
	assert_string_equal(pin_functions_name(p, 0, 3), "gpio");
	assert_null(pin_functions_name(p, 0, 1));
	assert_string_equal(pin_functions_name(p, 16, 0), "uart1");	/* the first variant */
	assert_string_equal(pin_functions_name(p, 16, 5), "gpio");
	assert_string_equal(pin_functions_name(p, 33, 1), "sdio0");
	assert_null(pin_functions_name(p, 1, 0));
	assert_string_equal(pin_functions_file(p), "drivers/pinctrl/fx.c");
	pin_functions_free(p);
}

/* A mode word known only by its name (MPP16_UART): the pin's one function starting with the word. */
static void test_guess(void **state)
{
	struct pin_functions *p = pin_functions_parse(driver, "fx.c");

	assert_string_equal(pin_functions_guess(p, 16, "UART"), "uart1");
	assert_string_equal(pin_functions_guess(p, 0, "GPIO"), "gpio");
	assert_string_equal(pin_functions_guess(p, 33, "SDIO"), "sdio0");
	assert_null(pin_functions_guess(p, 0, "pc"));		/* pcie and pci: ambiguous */
	assert_null(pin_functions_guess(p, 16, "SATA"));	/* no such function */
	assert_null(pin_functions_guess(p, 16, ""));
	pin_functions_free(p);
}

/* PXA2xx tables: muxval = dir | af << 1; the GPIO forms add gpio_in (0) and gpio_out (1). */
static const char pxa_driver[] =
	"#define PXA_GPIO_PIN(_pin, funcs...) { .pin = _pin, }\n"
	"static const struct pxa_desc_pin fx_pins[] = {\n"
	"\tPXA_GPIO_ONLY_PIN(PXA_PINCTRL_PIN(0)),\n"
	"\tPXA_GPIO_PIN(PXA_PINCTRL_PIN(11),\n"
	"\t\t     PXA_FUNCTION(0, 1, \"EXT_SYNC<0>\"),\n"
	"\t\t     PXA_FUNCTION(1, 1, \"CHOUT<0>\"),\n"
	"\t\t     PXA_FUNCTION(1, 1, \"PWM_OUT<2>\"),\n"
	"\t\t     PXA_FUNCTION(1, 3, \"48_MHz\")),\n"
	"\tPXA_PIN(PXA_PINCTRL_PIN(112), PXA_FUNCTION(0, 1, \"MMCMD\")),\n"
	"};\n";

static void test_parse_pxa(void **state)
{
	struct pin_functions *p = pin_functions_parse(pxa_driver, "drivers/pinctrl/pxa/fx.c");
	const char *fs[4];

	assert_non_null(p);
	/* pin 0: gpio_in, gpio_out; pin 11: the same plus 4; pin 112: 1 (no GPIO forms) */
	assert_int_equal(pin_functions_count(p), 9);
	assert_string_equal(pin_functions_name(p, 0, 0), "gpio_in");
	assert_string_equal(pin_functions_name(p, 0, 1), "gpio_out");
	assert_null(pin_functions_name(p, 0, 2));
	assert_string_equal(pin_functions_name(p, 11, 2), "EXT_SYNC<0>");	/* in, AF1 */
	assert_string_equal(pin_functions_name(p, 11, 7), "48_MHz");		/* out, AF3 */
	assert_int_equal(pin_functions_names(p, 11, 3, fs, 4), 2);		/* out, AF1 */
	assert_string_equal(fs[0], "CHOUT<0>");
	assert_string_equal(fs[1], "PWM_OUT<2>");
	assert_string_equal(pin_functions_name(p, 112, 2), "MMCMD");
	assert_null(pin_functions_name(p, 112, 0));
	assert_true(pin_functions_has_pin(p, 112));
	assert_false(pin_functions_has_pin(p, 3));
	pin_functions_free(p);
	(void)state;
}

static void test_no_table(void **state)
{
	assert_null(pin_functions_parse("static int x;\n", "a.c"));
	assert_null(pin_functions_parse("MPP_MODE(3, MPP_FUNCTION(", "b.c"));	/* cut short */
}

static void test_load(void **state)
{
	char dir[] = "/tmp/b2d-pinfn.XXXXXX";
	struct pin_functions *p = NULL;
	char *cmd;

	assert_non_null(mkdtemp(dir));
	test_put_file(dir, "drivers/pinctrl/mvebu/pinctrl-fx.c", driver);
	test_put_file(dir, "drivers/pinctrl/none.c", "int x;\n");
	assert_int_equal(pin_functions_load(dir, "drivers/pinctrl/mvebu/pinctrl-fx.c", &p), B2D_OK);
	assert_string_equal(pin_functions_name(p, 33, 0), "gpio");
	pin_functions_free(p);
	assert_int_equal(pin_functions_load(dir, "drivers/pinctrl/none.c", &p), B2D_ERR_PARSE);
	assert_null(p);
	assert_int_equal(pin_functions_load(dir, "drivers/missing.c", &p), B2D_ERR_IO);
	assert_null(p);
	cmd = xasprintf("rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
	free(cmd);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_guess),
		cmocka_unit_test(test_parse_pxa),
		cmocka_unit_test(test_no_table),
		cmocka_unit_test(test_load),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
