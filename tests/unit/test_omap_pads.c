// SPDX-License-Identifier: GPL-2.0
/*
 * kernel/omap_pads.c: OMAP pad names learned from the comments of board
 * .dts files (`OMAP3_CORE1_IOPAD(0x2144, ...) /\* sdmmc1_clk.sdmmc1_clk *\/`
 * inside `&omap3_pmx_core {`), the majority vote over disagreeing comments
 * (a mode-0 "pad.function" of two names is the function's pad),
 * signal lookup (pad name, pad.function, a function of another mode),
 * the PIN_* values and IOPAD bases of dt-bindings/pinctrl/omap.h, and the
 * per-tree cache of a scan.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/diag.h"
#include "common/util.h"
#include "emitter/emit.h"
#include "kernel/omap_pads.h"

static const char dts_a[] =
	"&omap3_pmx_core {\n"
	"\tmmc1_pins: pinmux_mmc1_pins {\n"
	"\t\tpinctrl-single,pins = <\n"
	"\t\t\tOMAP3_CORE1_IOPAD(0x2144, PIN_INPUT_PULLUP | MUX_MODE0)\t/* sdmmc1_clk.sdmmc1_clk */\n"
	"\t\t\tOMAP3_CORE1_IOPAD(0x21a0, PIN_OUTPUT | MUX_MODE0) /* uart3_tx_irtx.uart3_tx_irtx */\n"
	"\t\t\tOMAP3_CORE1_IOPAD(0x2184, PIN_INPUT | MUX_MODE0)\t/* mcbsp4_clkx.mcbsp4_clkx */\n"
	"\t\t\tOMAP3_CORE1_IOPAD(0x21c6, PIN_OUTPUT | MUX_MODE4)\t/* hdq_sio.gpio_170 */\n"
	"\t\t\tOMAP3_CORE1_IOPAD(0x2160, PIN_OUTPUT | MUX_MODE4)\t/* no dot here */\n"
	"\t\t>;\n"
	"\t};\n"
	"};\n"
	"&omap3_pmx_core2 {\n"
	"\tOMAP3630_CORE2_IOPAD(0x25f0, PIN_INPUT_PULLDOWN | MUX_MODE3)\t/* etk_d10.hsusb2_clk */\n"
	"};\n"
	"OMAP3_CORE1_IOPAD(0x2000, 0)\t/* outside.any_block */\n";

static const char dts_b[] =
	"&omap3_pmx_core {\n"
	"\tOMAP3_CORE1_IOPAD(0x2186, PIN_INPUT | MUX_MODE0)\t/* mcbsp4_clkx.mcbsp4_clkx (slip) */\n"
	"\tOMAP3_CORE1_IOPAD(0x2184, PIN_INPUT | MUX_MODE0)\t/* MCBSP4_CLKX.mcbsp4_clkx */\n"
	"};\n"
	"&omap3_pmx_wkup {\n"
	"\tOMAP3_WKUP_IOPAD(0x2a14, PIN_INPUT | MUX_MODE4) /* sys_boot5.gpio_7 */\n"
	"\tOMAP3_WKUP_IOPAD(0x2a54, PIN_INPUT | MUX_MODE4) /* reserved.gpio_127 */\n"
	"\tOMAP3_WKUP_IOPAD(0x2a5a, PIN_INPUT | MUX_MODE4) /* reserved.gpio_129 */\n"
	"\tOMAP3_WKUP_IOPAD(0x2a5a, PIN_OUTPUT | MUX_MODE4) /* reserved.gpio_129 */\n"
	"\tOMAP3_WKUP_IOPAD(0x2a56, PIN_INPUT | MUX_MODE4) /* reserved.gpio_126 */\n"
	"};\n"
	"&omap3_pmx_core {\n"
	"\tOMAP3_CORE1_IOPAD(0x2186, PIN_INPUT | MUX_MODE4)\t/* mcbsp4_clkx.gpio_152 (slip) */\n"
	"\tOMAP3_CORE1_IOPAD(0x2184, PIN_INPUT | MUX_MODE4)\t/* mcbsp4_clkx.gpio_152 */\n"
	"\tOMAP3_CORE1_IOPAD(0x2196, PIN_INPUT | MUX_MODE0)\t/* mcbsp_clks.mcbsp1_fsx */\n"
	"\tOMAP3_CORE1_IOPAD(0x2196, PIN_OUTPUT | MUX_MODE0)\t/* mcbsp_clks.mcbsp1_fsx */\n"
	"\tOMAP3_CORE1_IOPAD(0x2194, PIN_INPUT | MUX_MODE4)\t/* mcbsp_clks.gpio_160 */\n"
	"};\n";

static const char header[] =
	"#define MUX_MODE0\t0\n"
	"#define PULL_ENA\t\t(1 << 3)\n"
	"#define PULL_UP\t\t\t(1 << 4)\n"
	"#define INPUT_EN\t\t(1 << 8)\n"
	"#define WAKEUP_EN\t\t(1 << 14)\n"
	"#define PIN_INPUT\t\tINPUT_EN\n"
	"#define PIN_INPUT_PULLUP\t(PULL_ENA | INPUT_EN | PULL_UP)\n"
	"#define PIN_OFF_WAKEUPENABLE\tWAKEUP_EN\n"
	"#define OMAP_IOPAD_OFFSET(pa, offset)\t(((pa) & 0xffff) - (offset))\n"
	"#define OMAP3_CORE1_IOPAD(pa, val)\tOMAP_IOPAD_OFFSET((pa), 0x2030) (val)\n"
	"#define OMAP3430_CORE2_IOPAD(pa, val)\tOMAP_IOPAD_OFFSET((pa), 0x25d8) (val)\n"
	"#define OMAP3630_CORE2_IOPAD(pa, val)\tOMAP_IOPAD_OFFSET((pa), 0x25a0) (val)\n";

static struct omap_pads *parsed(void)
{
	const char *texts[] = { dts_a, dts_b };

	return omap_pads_parse(texts, 2, header);
}

static void test_pads(void **state)
{
	struct omap_pads *p = parsed();
	struct omap_pad pad;

	(void)state;
	assert_true(omap_pads_pad(p, "SDMMC1_CLK", &pad));	/* OMAP3_MUX(SDMMC1_CLK, ...) */
	assert_string_equal(pad.name, "sdmmc1_clk");
	assert_string_equal(pad.label, "omap3_pmx_core");
	assert_string_equal(pad.macro, "OMAP3_CORE1_IOPAD");
	assert_int_equal(pad.addr, 0x2144);
	/* two comments against one: the slip at 0x2186 loses */
	assert_true(omap_pads_pad(p, "mcbsp4_clkx", &pad));
	assert_int_equal(pad.addr, 0x2184);
	assert_true(omap_pads_pad(p, "sys_boot5", &pad));
	assert_string_equal(pad.label, "omap3_pmx_wkup");
	assert_true(omap_pads_at(p, 0x21c6, &pad));	/* a board's own mux34xx.h offset */
	assert_string_equal(pad.name, "hdq_sio");
	assert_false(omap_pads_pad(p, "outside", &pad));	/* in no &label { } block */
	assert_false(omap_pads_pad(p, "cam_xclkb", &pad));
	/* a mode-0 comment naming another function names the pad of that
	 * function (am3517-evm-ui.dtsi's 0x2196 "mcbsp_clks.mcbsp1_fsx"), two
	 * of them do not outvote the one for mcbsp_clks */
	assert_true(omap_pads_pad(p, "mcbsp_clks", &pad));
	assert_int_equal(pad.addr, 0x2194);
	assert_true(omap_pads_pad(p, "mcbsp1_fsx", &pad));
	assert_int_equal(pad.addr, 0x2196);
	assert_int_equal(omap_pads_count(p), 9);	/* "reserved" once */
	omap_pads_free(p);
}

static void test_signals(void **state)
{
	struct omap_pads *p = parsed();
	struct omap_pad pad;
	unsigned mode = 99;

	(void)state;
	assert_true(omap_pads_signal(p, "sdmmc1_clk", &pad, &mode));
	assert_int_equal(mode, 0);
	assert_true(omap_pads_signal(p, "gpio_170", &pad, &mode));
	assert_int_equal(mode, 4);
	assert_string_equal(pad.name, "hdq_sio");
	assert_true(omap_pads_signal(p, "etk_d10.hsusb2_clk", &pad, &mode));
	assert_int_equal(mode, 3);
	assert_true(omap_pads_signal(p, "uart3_tx_irtx.uart3_tx_irtx", &pad, &mode));
	assert_int_equal(mode, 0);
	assert_false(omap_pads_signal(p, "sdmmc1_clk.gpio_170", &pad, &mode));
	assert_string_equal(omap_pads_function(p, "sys_boot5", 4), "gpio_7");
	assert_null(omap_pads_function(p, "sys_boot5", 3));
	/* "reserved" names four wake-up pads: each is found by its function */
	assert_true(omap_pads_signal(p, "gpio_127", &pad, &mode));
	assert_int_equal(pad.addr, 0x2a54);
	assert_string_equal(pad.name, "reserved");
	assert_true(omap_pads_signal(p, "gpio_126", &pad, &mode));
	assert_int_equal(pad.addr, 0x2a56);
	assert_true(omap_pads_signal(p, "gpio_129", &pad, &mode));
	assert_int_equal(pad.addr, 0x2a5a);
	/* mcbsp4_clkx is one pad (0x2184 three times, 0x2186 twice): the slips lose */
	assert_true(omap_pads_signal(p, "gpio_152", &pad, &mode));
	assert_int_equal(pad.addr, 0x2184);
	omap_pads_free(p);
}

static void test_header(void **state)
{
	struct omap_pads *p = parsed();
	uint32_t v = 0;
	unsigned base = 0;

	(void)state;
	assert_true(omap_pads_define(p, "PIN_INPUT_PULLUP", &v));
	assert_int_equal(v, 0x118);
	assert_true(omap_pads_define(p, "PIN_OFF_WAKEUPENABLE", &v));
	assert_int_equal(v, 0x4000);
	assert_false(omap_pads_define(p, "PIN_OFF_OUTPUT_LOW", &v));
	assert_true(omap_pads_macro_base(p, "OMAP3_CORE1_IOPAD", &base));
	assert_int_equal(base, 0x2030);
	/* omap34xx.dtsi's core2 controller is pinmux@480025d8 */
	assert_string_equal(omap_pads_macro_at(p, "OMAP3630_CORE2_IOPAD", 0x480025d8, &base),
			    "OMAP3430_CORE2_IOPAD");
	assert_int_equal(base, 0x25d8);
	assert_null(omap_pads_macro_at(p, "OMAP3_CORE1_IOPAD", 0x480025d8, &base));
	omap_pads_free(p);
}

/* A tree: the scan finds the prefixed .dts anywhere under arch/arm/boot/dts, then the cache. */
static void test_load_cached(void **state)
{
	char dir[] = "/tmp/b2d-omap-pads-XXXXXX";
	struct omap_pads *p = NULL;
	char *f;
	struct omap_pad pad;

	(void)state;
	assert_non_null(mkdtemp(dir));
	f = xasprintf("mkdir -p %s/arch/arm/boot/dts/ti/omap %s/include/dt-bindings/pinctrl "
		      "%s/cache && touch %s/Makefile", dir, dir, dir, dir);
	assert_int_equal(system(f), 0);
	free(f);
	f = xasprintf("%s/arch/arm/boot/dts/ti/omap/omap3-x.dts", dir);
	assert_int_equal(write_file_atomic(f, dts_a, strlen(dts_a), NULL, 0), 0);
	free(f);
	f = xasprintf("%s/arch/arm/boot/dts/ti/omap/other-x.dts", dir);	/* no prefix: not read */
	assert_int_equal(write_file_atomic(f, dts_b, strlen(dts_b), NULL, 0), 0);
	free(f);
	f = xasprintf("%s/include/dt-bindings/pinctrl/omap.h", dir);
	assert_int_equal(write_file_atomic(f, header, strlen(header), NULL, 0), 0);
	free(f);
	f = xasprintf("%s/cache", dir);
	for (int round = 0; round < 2; round++) {
		const char *pre[] = { "omap3" };

		assert_int_equal(omap_pads_load(dir, pre, 1, "include/dt-bindings/pinctrl/omap.h", f,
						&p), B2D_OK);
		assert_true(omap_pads_pad(p, "hdq_sio", &pad));
		assert_false(omap_pads_pad(p, "sys_boot5", &pad));
		omap_pads_free(p);
		if (round == 0) {	/* the second round reads the cache: the tree's file is gone */
			char *g = xasprintf("%s/arch/arm/boot/dts/ti/omap/omap3-x.dts", dir);

			unlink(g);
			free(g);
		}
	}
	free(f);
	f = xasprintf("rm -rf %s", dir);
	assert_int_equal(system(f), 0);
	free(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pads),
		cmocka_unit_test(test_signals),
		cmocka_unit_test(test_header),
		cmocka_unit_test(test_load_cached),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
