// SPDX-License-Identifier: GPL-2.0
/*
 * Which SoC pack a board file goes to without --soc (engine_pick_soc():
 * model, path, calls and record helpers, then the SoC's own macros), on
 * small in-memory board files and the bundled rule packs.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "engine_harness.h"

/* The board model of an in-memory board file (tolerant mode). */
static struct board *board_of(const char *path, const char *src)
{
	struct unsaved_source u = { path, src, strlen(src) };
	struct extract_options o = { .model_dir = MODEL_DIR, .unsaved = &u, .nunsaved = 1 };
	struct board *b = NULL;

	assert_int_equal(extract_board(u.path, &o, &b), B2D_OK);
	return b;
}

/* The SoC pack the board's calls choose (no --soc), by extract + engine_pick_soc(). */
static const char *picked_soc(const char *path, const char *src)
{
	struct board *b = board_of(path, src);
	const char *name;

	name = rn_str(engine_pick_soc(b, rules, NULL), "soc");
	board_free(b);
	return name;
}

/*
 * mach-omap2/ holds OMAP3 and OMAP4 boards, which share the generic
 * helpers: the OMAP3 pack's `unless_calls:` steps aside for an OMAP4 one.
 */
static void test_soc_pick_unless_calls(void **state)
{
	static const char omap3[] =
		"extern int omap_register_i2c_bus(int, unsigned, void *, unsigned);\n"
		"static void __init board_init(void) { omap_register_i2c_bus(1, 2600, 0, 0); }\n"
		"MACHINE_START(A, \"a\")\n	.init_machine = board_init,\nMACHINE_END\n";
	static const char omap4[] =
		"extern int omap_register_i2c_bus(int, unsigned, void *, unsigned);\n"
		"extern void omap4_mux_init(void *, int);\n"
		"static void __init board_init(void)\n"
		"{ omap4_mux_init(0, 0); omap_register_i2c_bus(1, 400, 0, 0); }\n"
		"MACHINE_START(B, \"b\")\n	.init_machine = board_init,\nMACHINE_END\n";

	(void)state;
	assert_string_equal(picked_soc("/tmp/arch/arm/mach-omap2/board-3430sdp.c", omap3), "omap3");
	assert_string_equal(picked_soc("/tmp/arch/arm/mach-omap2/board-4430sdp.c", omap4), "omap4");
}

/*
 * A lone board file (no mach-* path) is told by the SoC helpers its
 * MACHINE_START record names: functions, and the 2.6.x-3.x timer objects
 * (`.timer = &isa_timer`); OMAP1 before OMAP3, whose generic helpers
 * (omap_serial_init) it also calls.
 */
static void test_soc_pick_record_helpers(void **state)
{
	static const char omap1[] =
		"extern void omap_serial_init(void);\n"
		"static void __init board_init(void) { omap_serial_init(); }\n"
		"MACHINE_START(A, \"a\")\n	.map_io = omap16xx_map_io,\n"
		"	.timer = &omap1_timer,\n	.init_machine = board_init,\nMACHINE_END\n";
	static const char footbridge[] =
		"MACHINE_START(B, \"b\")\n	.timer = &isa_timer,\nMACHINE_END\n";

	(void)state;
	assert_string_equal(picked_soc("/tmp/board-generic.c", omap1), "omap1");
	assert_string_equal(picked_soc("/tmp/netwinder-hw.c", footbridge), "footbridge");
}

/*
 * A board file no path, model or call ties to a pack (mach-smartq7.c: its
 * machine record names helpers of another file) goes to the pack whose SoC
 * own macros it spells, two at least; a macro other packs define too
 * (IMX_GPIO_NR, IRQ_EINT) decides nothing.
 */
static void test_soc_pick_by_macros(void **state)
{
	static const char smartq[] =
		"static struct gpio_led leds[] = {\n"
		"	{ .name = \"red\", .gpio = S3C64XX_GPN(8) },\n"
		"	{ .name = \"green\", .gpio = S3C64XX_GPL(14) },\n"
		"};\n"
		"MACHINE_START(Q, \"q\")\n	.init_machine = q_init,\nMACHINE_END\n";
	static const char imx[] =
		"static struct gpio_led leds[] = { { .name = \"a\", .gpio = IMX_GPIO_NR(1, 2) } };\n"
		"MACHINE_START(I, \"i\")\n	.init_machine = i_init,\nMACHINE_END\n";
	static const char none[] =
		"static struct gpio_led leds[] = { { .name = \"a\", .gpio = FROB_GPIO(3) } };\n"
		"MACHINE_START(N, \"n\")\n	.init_machine = n_init,\nMACHINE_END\n";
	/* an Exynos4 board (mach-origen.c): IRQ_EINT(x) alone is no S3C64xx evidence */
	static const char exynos[] =
		"static struct resource r[] = { DEFINE_RES_IRQ(IRQ_EINT(5)) };\n"
		"static struct platform_device d = { .name = \"dm9000\", .id = -1,\n"
		"	.num_resources = 1, .resource = r };\n"
		"MACHINE_START(E, \"e\")\n	.init_machine = e_init,\nMACHINE_END\n";
	/* one own macro is not enough either */
	static const char one[] =
		"static struct gpio_led leds[] = { { .name = \"a\", .gpio = S3C64XX_GPN(8) } };\n"
		"MACHINE_START(O, \"o\")\n	.init_machine = o_init,\nMACHINE_END\n";

	(void)state;
	assert_string_equal(picked_soc("/tmp/mach-q.c", smartq), "s3c64xx");
	assert_null(picked_soc("/tmp/board-i.c", imx));
	assert_null(picked_soc("/tmp/board-n.c", none));
	assert_null(picked_soc("/tmp/mach-e.c", exynos));
	assert_null(picked_soc("/tmp/mach-o.c", one));
}

/*
 * AT91 boards of 3.x all call at91_initialize(), which the AT91SAM9260 pack
 * lists: an identifier prefix of a pack's `match: spells:` (the
 * AT91SAM9261_ID_IRQ0 an SPI device's .irq spells, AT91RM9200_ID_US0,
 * AT91SAM9RL_ID_US0) is
 * more specific and comes first; without one, the call decides.
 */
static void test_soc_pick_by_spells(void **state)
{
	static const char sam9261[] =
		"extern void at91_initialize(unsigned long);\n"
		"static struct spi_board_info devs[] = { { .modalias = \"ads7846\",\n"
		"	.irq = AT91SAM9261_ID_IRQ0 } };\n"
		"static void __init board_init(void) { at91_initialize(18432000); }\n"
		"MACHINE_START(A, \"a\")\n	.init_machine = board_init,\nMACHINE_END\n";
	static const char rm9200[] =
		"extern void at91_initialize(unsigned long);\n"
		"extern void at91_register_uart(unsigned, unsigned, unsigned);\n"
		"static void __init board_init(void)\n"
		"{ at91_initialize(18432000); at91_register_uart(AT91RM9200_ID_US0, 1, 0); }\n"
		"MACHINE_START(B, \"b\")\n	.init_machine = board_init,\nMACHINE_END\n";
	static const char sam9rl[] =
		"extern void at91_initialize(unsigned long);\n"
		"extern void at91_register_uart(unsigned, unsigned, unsigned);\n"
		"static void __init board_init(void)\n"
		"{ at91_initialize(12000000); at91_register_uart(AT91SAM9RL_ID_US0, 1, 0); }\n"
		"MACHINE_START(D, \"d\")\n	.init_machine = board_init,\nMACHINE_END\n";
	static const char plain[] =
		"extern void at91_initialize(unsigned long);\n"
		"static void __init board_init(void) { at91_initialize(18432000); }\n"
		"MACHINE_START(C, \"c\")\n	.init_machine = board_init,\nMACHINE_END\n";

	(void)state;
	assert_string_equal(picked_soc("/tmp/board-x.c", sam9261), "at91sam9261");
	assert_string_equal(picked_soc("/tmp/board-y.c", rm9200), "at91rm9200");
	assert_string_equal(picked_soc("/tmp/board-w.c", sam9rl), "at91sam9rl");
	assert_string_equal(picked_soc("/tmp/board-z.c", plain), "at91sam9260");
}

/*
 * The SoC words a board no pack takes names: its mach-* directory, the
 * words with letters and digits of its record helpers and callees.
 */
static void test_soc_words(void **state)
{
	static const char src[] =
		"extern void s5pv210_init_io(void *, int);\n"
		"extern int i2c_register_board_info(int, void *, unsigned);\n"
		"static void __init g_map_io(void) { s5pv210_init_io(0, 0); }\n"
		"static void __init g_init(void) { i2c_register_board_info(1, 0, 0); }\n"
		"MACHINE_START(GONI, \"goni\")\n	.map_io = g_map_io,\n"
		"	.init_machine = g_init,\n	.timer = &exynos4_timer,\nMACHINE_END\n";
	struct ptrvec words = { 0 }, from = { 0 };
	struct board *b = board_of("/tmp/arch/arm/mach-s5pv210/mach-goni.c", src);

	(void)state;
	engine_soc_words(b, &words, &from);
	/* once each; not "i2c" (3 letters), "goni" or "init" (no digit) */
	assert_int_equal(words.len, 2);
	assert_string_equal(words.items[0], "s5pv210");
	assert_string_equal(from.items[0], "the path");
	assert_string_equal(words.items[1], "exynos4");
	assert_string_equal(from.items[1], "exynos4_timer");
	for (size_t i = 0; i < words.len; i++) {
		free(words.items[i]);
		free(from.items[i]);
	}
	pv_free(&words);
	pv_free(&from);
	board_free(b);
}

/* A record's SoC setup (`.map_io = gemini_map_io`) names its SoC without digits too. */
static void test_soc_setup_words(void **state)
{
	static const char src[] =
		"extern void gemini_map_io(void);\n"
		"extern void gemini_init_irq(void);\n"
		"static void __init n_init(void) { }\n"
		"MACHINE_START(NAS, \"nas\")\n	.map_io = gemini_map_io,\n"
		"	.init_irq = gemini_init_irq,\n	.init_machine = n_init,\nMACHINE_END\n";
	struct ptrvec words = { 0 }, from = { 0 };
	struct board *b = board_of("/tmp/board-nas.c", src);

	(void)state;
	engine_soc_words(b, &words, &from);
	assert_int_equal(words.len, 1);	/* once; not "init" of n_init (no setup field) */
	assert_string_equal(words.items[0], "gemini");
	assert_string_equal(from.items[0], "gemini_map_io");
	for (size_t i = 0; i < words.len; i++) {
		free(words.items[i]);
		free(from.items[i]);
	}
	pv_free(&words);
	pv_free(&from);
	board_free(b);
}

/*
 * An S5PV210 board file outside mach-s5pv210/ is told by its record's
 * s5pv210_init_irq; s5p_timer, which S5P64X0/S5PC100 boards name too, and
 * the S3C_GPIO_SFN() both Samsung packs define, decide nothing; the bank
 * macros S5PV210_GPxx() of the pack's own do, two at least.
 */
static void test_soc_pick_s5pv210(void **state)
{
	static const char goni[] =
		"MACHINE_START(GONI, \"GONI\")\n	.init_irq = s5pv210_init_irq,\n"
		"	.timer = &s5p_timer,\n	.init_machine = g_init,\nMACHINE_END\n";
	static const char s5pc100[] =
		"MACHINE_START(SMDKC100, \"SMDKC100\")\n	.init_irq = s5pc100_init_irq,\n"
		"	.timer = &s5p_timer,\n	.init_machine = c_init,\nMACHINE_END\n";
	static const char keys[] =
		"static struct gpio_keys_button b[] = {\n"
		"	{ .gpio = S5PV210_GPH2(6), .code = 116 },\n"
		"	{ .gpio = S5PV210_GPH3(1), .code = 115 },\n"
		"};\n"
		"extern void s3c_gpio_cfgpin(unsigned, unsigned);\n"
		"static void __init k_init(void) { s3c_gpio_cfgpin(5, S3C_GPIO_SFN(2)); }\n"
		"MACHINE_START(K, \"k\")\n	.init_machine = k_init,\nMACHINE_END\n";
	static const char sfn[] =
		"extern void s3c_gpio_cfgpin(unsigned, unsigned);\n"
		"static void __init s_init(void)\n"
		"{ s3c_gpio_cfgpin(5, S3C_GPIO_SFN(2)); s3c_gpio_cfgpin(6, S3C_GPIO_SFN(3)); }\n"
		"MACHINE_START(S, \"s\")\n	.init_machine = s_init,\nMACHINE_END\n";

	(void)state;
	assert_string_equal(picked_soc("/tmp/mach-goni.c", goni), "s5pv210");
	assert_null(picked_soc("/tmp/mach-smdkc100.c", s5pc100));
	assert_string_equal(picked_soc("/tmp/board-k.c", keys), "s5pv210");
	assert_null(picked_soc("/tmp/board-s.c", sfn));
}

/*
 * A file of several SoCs' boards (board-usb-a926x.c: USB_A9263, USB_A9260,
 * USB_A9G20): the pack whose `model:` names most machines wins whatever
 * the order of the records, and engine_machine_other_soc() names the
 * other SoC of the machine it does not name (the engine makes that a TODO).
 */
static void test_soc_pick_most_machines(void **state)
{
	static const char three[] =
		"static void __init board_init(void) { }\n"
		"MACHINE_START(USB_A9263, \"CALAO USB_A9263\")\n	.init_machine = board_init,\nMACHINE_END\n"
		"MACHINE_START(USB_A9260, \"CALAO USB_A9260\")\n	.init_machine = board_init,\nMACHINE_END\n"
		"MACHINE_START(USB_A9G20, \"CALAO USB_A92G0\")\n	.init_machine = board_init,\nMACHINE_END\n";
	static const char two[] =
		"static void __init board_init(void) { }\n"
		"MACHINE_START(A, \"Acme AT91SAM9263 box\")\n	.init_machine = board_init,\nMACHINE_END\n"
		"MACHINE_START(B, \"Acme AT91SAM9263 box II\")\n	.init_machine = board_init,\nMACHINE_END\n"
		"MACHINE_START(C, \"Acme AT91SAM9260 box\")\n	.init_machine = board_init,\nMACHINE_END\n";
	struct board *b;
	const struct rnode *soc;

	(void)state;
	assert_string_equal(picked_soc("/tmp/board-acme.c", two), "at91sam9263");
	b = board_of("/tmp/board-usb-a926x.c", three);
	soc = engine_pick_soc(b, rules, NULL);
	assert_string_equal(rn_str(soc, "soc"), "at91sam9260");
	assert_int_equal(b->nmachines, 3);
	assert_string_equal(rn_str(engine_machine_other_soc(rules, soc, b->machines[0]), "soc"),
			    "at91sam9263");
	assert_null(engine_machine_other_soc(rules, soc, b->machines[1]));
	assert_null(engine_machine_other_soc(rules, soc, b->machines[2]));
	board_free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_soc_pick_unless_calls),
		cmocka_unit_test(test_soc_pick_record_helpers),
		cmocka_unit_test(test_soc_pick_by_macros),
		cmocka_unit_test(test_soc_pick_by_spells),
		cmocka_unit_test(test_soc_words),
		cmocka_unit_test(test_soc_setup_words),
		cmocka_unit_test(test_soc_pick_s5pv210),
		cmocka_unit_test(test_soc_pick_most_machines),
	};

	return cmocka_run_group_tests(tests, load_rules, free_rules);
}
