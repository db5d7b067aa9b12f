// SPDX-License-Identifier: GPL-2.0
/*
 * kernel/mux_cfg.c: a DaVinci SoC file's MUX_CFG(soc, desc, reg, shift,
 * mask, mode, dbg) entries keyed by their enumerator (soc_desc), and the pin
 * lists the file defines itself, up to their -1.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "kernel/mux_cfg.h"

static const char soc_file[] =
	"#define MUX_CFG(soc, desc, muxreg, mode_offset, mode_mask, mux_mode, dbg)\\\n"
	"static const struct mux_config da850_pins[] = {\n"
	"\tMUX_CFG(DA850, MMCSD0_DAT_0,\t10,\t8,\t15,\t2,\tfalse)\n"
	"\tMUX_CFG(DA850, GPIO2_6,\t\t6,\t4,\t15,\t8,\tfalse)\n"
	"\tMUX_CFG(DA850, I2C0_SDA, 4, 12, 0xf, 2, true)\n"
	"\tMY_MUX_CFG(DA850, NOT_ME, 1, 1, 1, 1, false)\n"
	"};\n"
	"const short da850_i2c0_pins[] __initconst = {\n"
	"\tDA850_I2C0_SDA, DA850_I2C0_SCL,\n"
	"\t-1\n"
	"};\n"
	"static short not_a_list;\n";

static void test_entries(void **state)
{
	struct mux_cfg_table *t = mux_cfg_parse(soc_file, "arch/arm/mach-davinci/da850.c");
	struct mux_cfg m;

	assert_non_null(t);
	assert_true(mux_cfg_find(t, "DA850_MMCSD0_DAT_0", &m));
	assert_int_equal(m.reg, 10);
	assert_int_equal(m.shift, 8);
	assert_int_equal(m.mask, 15);
	assert_int_equal(m.mode, 2);
	assert_true(mux_cfg_find(t, "DA850_I2C0_SDA", &m));
	assert_int_equal(m.mask, 15);
	assert_false(mux_cfg_find(t, "DA850_NOT_ME", &m));	/* another macro */
	assert_false(mux_cfg_find(t, "MMCSD0_DAT_0", &m));	/* the enumerator has the prefix */
	assert_string_equal(mux_cfg_file(t), "arch/arm/mach-davinci/da850.c");
	mux_cfg_free(t);
}

static void test_lists(void **state)
{
	struct mux_cfg_table *t = mux_cfg_parse(soc_file, "da850.c");
	size_t n = 9;
	const char *const *pins = mux_cfg_list(t, "da850_i2c0_pins", &n);

	assert_non_null(pins);
	assert_int_equal(n, 2);
	assert_string_equal(pins[0], "DA850_I2C0_SDA");
	assert_string_equal(pins[1], "DA850_I2C0_SCL");
	assert_null(mux_cfg_list(t, "not_a_list", &n));
	assert_int_equal(n, 0);
	mux_cfg_free(t);
}

static void test_none(void **state)
{
	assert_null(mux_cfg_parse("int x;\n", "a.c"));
	assert_null(mux_cfg_parse("MUX_CFG(DA850, X, 1, 2", "b.c"));	/* cut short */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_entries),
		cmocka_unit_test(test_lists),
		cmocka_unit_test(test_none),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
