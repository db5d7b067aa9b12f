// SPDX-License-Identifier: GPL-2.0
/*
 * Rule engine tests: small in-memory board files through the extractor and
 * the bundled rule packs; each asserts the exact properties produced.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "engine_harness.h"

static const char *twl_src =
	"static struct omap2_hsmmc_info mmc[] = {\n"
	"	{ .mmc = 1, .caps = MMC_CAP_4_BIT_DATA, .gpio_cd = -1, .gpio_wp = -1 },\n"
	"	{}\n"
	"};\n"
	"static struct gpio_led leds[] = {\n"
	"	{ .name = \"pmu\", .gpio = -1 },\n"
	"};\n"
	"static struct gpio_led_platform_data led_pd = { .leds = leds, .num_leds = 1 };\n"
	"static struct platform_device led_dev = {\n"
	"	.name = \"leds-gpio\", .id = -1, .dev = { .platform_data = &led_pd },\n"
	"};\n"
	"static int setup(struct device *dev, unsigned gpio, unsigned ngpio)\n"
	"{\n"
	"	mmc[0].gpio_cd = gpio + 0;\n"
	"	leds[0].gpio = gpio + TWL4030_GPIO_MAX + 1;\n"
	"	omap_hsmmc_init(mmc);\n"
	"	platform_device_register(&led_dev);\n"
	"	return 0;\n"
	"}\n"
	"static struct twl4030_gpio_platform_data gpio_pd = {\n"
	"	.gpio_base = OMAP_MAX_GPIO_LINES, .setup = setup,\n"
	"};\n"
	"static struct twl4030_platform_data twl_pd = { .gpio = &gpio_pd };\n"
	"static struct i2c_board_info i2c1[] = {\n"
	"	{ I2C_BOARD_INFO(\"twl4030\", 0x48), .irq = 7, .platform_data = &twl_pd },\n"
	"};\n"
	"static void __init board_init(void)\n"
	"{\n"
	"	omap_register_i2c_bus(1, 2600, i2c1, ARRAY_SIZE(i2c1));\n"
	"	gpio_request_one(OMAP_MAX_GPIO_LINES + 3, GPIOF_OUT_INIT_HIGH, \"en\");\n"
	"}\n"
	"MACHINE_START(TEST_BOARD, \"Test board\")\n"
	"	.init_machine = board_init,\n"
	"MACHINE_END\n";

/* A setup callback's `gpio + N` resolves to the twl4030 block, line N. */
static void test_symbolic_callback_gpio(void **state)
{
	char *dts = convert("omap3", twl_src, NULL, 0, NULL);

	expect_contains(dts, "gpios = <&twl_gpio 19 GPIO_ACTIVE_HIGH>;");
	expect_contains(dts, "cd-gpios = <&twl_gpio 0 GPIO_ACTIVE_LOW>;");
	expect_contains(dts, "bus-width = <4>;");
	/* a number in the block's range (192 + 3) resolves too, as a hog */
	expect_contains(dts, "&twl_gpio {\n\ten-hog {\n\t\tgpio-hog;\n\t\tgpios = <3 GPIO_ACTIVE_HIGH>;");
	/* the twl node, its .dtsi after it, and the overlay of a label that .dtsi defines after that */
	expect_contains(dts, "twl: twl@48 {\n\t\tcompatible = \"ti,twl4030\";\n\t\treg = <0x48>;");
	assert_true(strstr(dts, "#include \"twl4030.dtsi\"") < strstr(dts, "&twl_gpio {"));
	expect_contains(dts, "clock-frequency = <2600000>;");
	expect_contains(dts, "interrupt-parent = <&intc>;\n\t\tinterrupts = <7>;");
	free(dts);
}

static const char *rev_src =
	"static int board_rev(void);\n"
	"static struct gpio_led leds[] = {\n"
	"	{ .name = \"a\", .gpio = 10 },\n"
	"};\n"
	"static struct gpio_led_platform_data led_pd = { .leds = leds, .num_leds = 1 };\n"
	"static struct platform_device led_dev = {\n"
	"	.name = \"leds-gpio\", .id = -1, .dev = { .platform_data = &led_pd },\n"
	"};\n"
	"static void __init board_init(void)\n"
	"{\n"
	"	if (board_rev() == 2)\n"
	"		leds[0].gpio = 40;\n"
	"	platform_device_register(&led_dev);\n"
	"}\n"
	"MACHINE_START(TEST_BOARD, \"Test board\")\n"
	"	.init_machine = board_init,\n"
	"MACHINE_END\n";

/* Without --assume: the initializer's value, the guarded one as an alternative. */
static void test_revision_alternative(void **state)
{
	char *dts = convert("omap3", rev_src, NULL, 0, NULL);

	expect_contains(dts, "gpios = <&gpio1 10 GPIO_ACTIVE_HIGH>;\n"
			"\t\t\t/* alternative if board_rev() == 2 b2d-engine-test.c:12: "
			"gpios = <&gpio2 8 GPIO_ACTIVE_HIGH>; */");
	free(dts);
}

/* With --assume the guarded store decides. */
static void test_revision_assumed(void **state)
{
	struct assumption yes = { "board_rev()", "2" }, no = { "board_rev()", "1" };
	char *dts = convert("omap3", rev_src, &yes, 1, NULL);

	expect_contains(dts, "gpios = <&gpio2 8 GPIO_ACTIVE_HIGH>;");
	expect_absent(dts, "alternative");
	free(dts);
	dts = convert("omap3", rev_src, &no, 1, NULL);
	expect_contains(dts, "gpios = <&gpio1 10 GPIO_ACTIVE_HIGH>;");
	expect_absent(dts, "alternative");
	free(dts);
}

/*
 * machine_is_foo() decides each machine's branch; the call itself is no TODO
 * (issue 13: TODO wording), and the branch of the other machine is not taken.
 */
static void test_machine_is_no_todo(void **state)
{
	static const char src[] =
		"static struct gpio_led leds[] = { { .name = \"a\", .gpio = 10 } };\n"
		"static struct gpio_led_platform_data led_pd = { .leds = leds, .num_leds = 1 };\n"
		"static struct platform_device led_dev = {\n"
		"	.name = \"leds-gpio\", .id = -1, .dev = { .platform_data = &led_pd },\n"
		"};\n"
		"static void __init board_init(void)\n"
		"{\n"
		"	if (machine_is_other_board())\n"
		"		leds[0].gpio = 40;\n"
		"	platform_device_register(&led_dev);\n"
		"}\n"
		"MACHINE_START(TEST_BOARD, \"Test board\")\n"
		"	.init_machine = board_init,\n"
		"MACHINE_END\n";
	char *dts = convert("omap3", src, NULL, 0, NULL);

	(void)state;
	expect_contains(dts, "gpios = <&gpio1 10 GPIO_ACTIVE_HIGH>;");
	expect_absent(dts, "TODO b2d-engine-test.c:8: machine_is");
	expect_absent(dts, "no rule for call machine_is");
	expect_absent(dts, "alternative");
	free(dts);
}

/*
 * Calls in the machine's SoC setup callbacks (.map_io, .init_irq) that no
 * rule knows and that pass no value are SoC setup, not TODOs; one with an
 * argument, or one in .init_machine, stays a TODO. gpio_to_irq() inside
 * another expression is a value, converted where it is used (issue 16).
 */
static void test_soc_setup_calls(void **state)
{
	static const char src[] =
		"static void __init b_map_io(void)\n"
		"{\n"
		"	vendor_map_io();\n"
		"	vendor_clock_init(12000000);\n"
		"}\n"
		"static void __init b_init_irq(void)\n"
		"{\n"
		"	vendor_init_irq(NULL, 0);\n"
		"}\n"
		"static void __init board_init(void)\n"
		"{\n"
		"	vendor_board_thing();\n"
		"	irq_set_irq_type(gpio_to_irq(10), IRQ_TYPE_EDGE_RISING);\n"
		"	gpio_to_irq(11);\n"
		"}\n"
		"MACHINE_START(TEST_BOARD, \"Test board\")\n"
		"	.map_io = b_map_io,\n"
		"	.init_irq = b_init_irq,\n"
		"	.init_machine = board_init,\n"
		"MACHINE_END\n";
	char *dts = convert("omap3", src, NULL, 0, NULL);

	(void)state;
	expect_absent(dts, "no rule for call vendor_map_io");
	expect_absent(dts, "no rule for call vendor_init_irq");
	expect_contains(dts, "vendor_clock_init(12000000): no rule for call vendor_clock_init");
	expect_contains(dts, "vendor_board_thing(): no rule for call vendor_board_thing");
	expect_contains(dts, "gpio_to_irq(11): no rule for call gpio_to_irq");
	expect_absent(dts, "gpio_to_irq(10): no rule");
	free(dts);
}

/* An older helper name (`same_as:`): omap2_hsmmc_init() is converted as omap_hsmmc_init(). */
static void test_renamed_helper(void **state)
{
	static const char src[] =
		"static struct omap2_hsmmc_info mmc[] = {\n"
		"	{ .mmc = 1, .caps = MMC_CAP_4_BIT_DATA, .gpio_cd = -1, .gpio_wp = -1 },\n"
		"	{}\n"
		"};\n"
		"static void __init board_init(void)\n"
		"{\n"
		"	omap2_hsmmc_init(mmc);\n"
		"}\n"
		"MACHINE_START(TEST_BOARD, \"Test board\")\n"
		"	.init_machine = board_init,\n"
		"MACHINE_END\n";
	struct dt_tree *t;
	char *dts = convert("omap3", src, NULL, 0, &t);
	bool noted = false;

	(void)state;
	expect_contains(dts, "&mmc1 {\n\tbus-width = <4>;");
	expect_absent(dts, "no rule for call omap2_hsmmc_init");
	for (size_t i = 0; i < t->nfacts; i++)
		noted = noted || (t->facts[i]->became &&
				  strstr(t->facts[i]->became, "(omap2_hsmmc_init: the later omap_hsmmc_init)"));
	assert_true(noted);
	dt_tree_free(t);
	free(dts);
}

/*
 * Calls a macro the board wrote expands to (the kernel's mdelay() is
 * __builtin_constant_p(), __bad_udelay(), __const_udelay()) go with that
 * macro: an ignored mdelay() is no TODO, guarded or not.
 */
static void test_calls_of_an_ignored_macro(void **state)
{
	static const char src[] =
		"void __bad_udelay(void);\n"
		"void __const_udelay(unsigned long);\n"
		"#define mdelay(n) (__builtin_constant_p(n) ? ((n) > 20 ? __bad_udelay() : "
		"__const_udelay(n)) : __const_udelay(n))\n"
		"static void __init board_init(void)\n"
		"{\n"
		"	if (gpio_request(5, \"x\") == 0)\n"
		"		mdelay(6);\n"
		"	__const_udelay(7);\n"
		"}\n"
		"MACHINE_START(TEST_BOARD, \"Test board\")\n"
		"	.init_machine = board_init,\n"
		"MACHINE_END\n";
	char *dts = convert("omap3", src, NULL, 0, NULL);

	(void)state;
	expect_absent(dts, "mdelay(6)");
	expect_contains(dts, "__const_udelay(7): no rule for call __const_udelay");
	free(dts);
}

/* 2.6.2x twl4030_mmc_init() and its twl4030_hsmmc_info: .wires is the bus width. */
static void test_twl4030_mmc_init(void **state)
{
	static const char src[] =
		"static struct twl4030_hsmmc_info mmc[] = {\n"
		"	{ .mmc = 1, .wires = 4, .gpio_cd = -EINVAL, .gpio_wp = -EINVAL },\n"
		"	{ .mmc = 2, .wires = 8, .gpio_cd = 100, .gpio_wp = -EINVAL },\n"
		"	{}\n"
		"};\n"
		"static void __init board_init(void)\n"
		"{\n"
		"	twl4030_mmc_init(mmc);\n"
		"}\n"
		"MACHINE_START(TEST_BOARD, \"Test board\")\n"
		"	.init_machine = board_init,\n"
		"MACHINE_END\n";
	char *dts = convert("omap3", src, NULL, 0, NULL);

	(void)state;
	expect_contains(dts, "&mmc1 {\n\tbus-width = <4>;");
	expect_contains(dts, "&mmc2 {\n\tbus-width = <8>;\n\tcd-gpios = <&gpio4 4 GPIO_ACTIVE_LOW>;");
	expect_absent(dts, "twl4030_mmc_init");
	free(dts);
}

/* A plain array (an MPP table) is not called "struct unsigned int" (issue 13). */
static void test_plain_array_wording(void **state)
{
	static const char src[] =
		"static unsigned int mpp_cfg[] = { 29, 46, 0 };\n"
		"static void __init board_init(void)\n"
		"{\n"
		"}\n"
		"MACHINE_START(TEST_BOARD, \"Test board\")\n"
		"	.init_machine = board_init,\n"
		"MACHINE_END\n";
	char *dts = convert("omap3", src, NULL, 0, NULL);

	(void)state;
	expect_contains(dts, "unsigned int mpp_cfg[]: an array of unsigned int that no rule reads");
	expect_absent(dts, "struct unsigned int");
	free(dts);
}

/*
 * A board wrapper passes its parameter on (omap4_twl6030_hsmmc_init(mmc)
 * calling omap_hsmmc_init(controllers)): the caller's argument is used.
 */
static void test_wrapper_parameter(void **state)
{
	static const char src[] =
		"struct omap2_hsmmc_info { int mmc; unsigned long caps; };\n"
		"extern void omap_hsmmc_init(struct omap2_hsmmc_info *c);\n"
		"static struct omap2_hsmmc_info mmc[] = { { .mmc = 2, .caps = 1 }, {} };\n"
		"static void __init wrap(struct omap2_hsmmc_info *controllers)\n"
		"{\n"
		"	omap_hsmmc_init(controllers);\n"
		"}\n"
		"static void __init board_init(void)\n"
		"{\n"
		"	wrap(mmc);\n"
		"}\n"
		"MACHINE_START(TEST_BOARD, \"Test board\")\n"
		"	.init_machine = board_init,\n"
		"MACHINE_END\n";
	char *dts = convert("omap3", src, NULL, 0, NULL);

	(void)state;
	expect_contains(dts, "&mmc2 {");
	expect_contains(dts, "bus-width = <4>;");
	expect_absent(dts, "arguments not understood");
	free(dts);
}

/* S3C24xx GPIO macros of three eras name the same bank and line. */
static void test_s3c24xx_gpio_eras(void **state)
{
	static const char src[] =
		"static struct gpio_keys_button keys[] = {\n"
		"	{ .gpio = S3C2410_GPG(3), .code = 1 },\n"
		"	{ .gpio = S3C2410_GPF3, .code = 2 },\n"
		"	{ .gpio = S3C2410_GPIONO(S3C2410_GPIO_BANKH, 1), .code = 3 },\n"
		"};\n"
		"static struct gpio_keys_platform_data kd = { .buttons = keys, .nbuttons = 3 };\n"
		"static struct platform_device kdev = { .name = \"gpio-keys\", .id = -1,\n"
		"	.dev = { .platform_data = &kd } };\n"
		"static void __init board_init(void) { platform_device_register(&kdev); }\n"
		"MACHINE_START(T, \"t\")\n	.init_machine = board_init,\nMACHINE_END\n";
	char *dts = convert("s3c2416", src, NULL, 0, NULL);

	(void)state;
	expect_contains(dts, "gpios = <&gpg 3 GPIO_ACTIVE_HIGH>;");
	expect_contains(dts, "gpios = <&gpf 3 GPIO_ACTIVE_HIGH>;");
	expect_contains(dts, "gpios = <&gph 1 GPIO_ACTIVE_HIGH>;");
	free(dts);
}

/*
 * `ignore_when:`: s3c24xx_set_timer_source(PWM3, PWM4) states what the DT
 * timer driver does by itself (no TODO); other channels stay the rule's
 * TODO. Both spellings of the enum constants are the board's.
 */
static void test_timer_source_ignore_when(void **state)
{
	static const char head[] =
		"enum { S3C24XX_PWM0, S3C24XX_PWM1, S3C24XX_PWM2, S3C24XX_PWM3, S3C24XX_PWM4 };\n"
		"extern void s3c24xx_set_timer_source(unsigned int event, unsigned int source);\n"
		"static void __init board_init(void) {\n";
	static const char tail[] =
		"}\nMACHINE_START(T, \"t\")\n	.init_machine = board_init,\nMACHINE_END\n";
	char *src = xasprintf("%s	s3c24xx_set_timer_source(S3C24XX_PWM3, S3C24XX_PWM4);\n%s", head, tail);
	struct dt_tree *t = NULL;
	char *dts = convert("s3c2416", src, NULL, 0, &t);
	bool seen = false;

	(void)state;
	expect_absent(dts, "set_timer_source(S3C24XX_PWM3, S3C24XX_PWM4)");
	for (size_t i = 0; i < t->nfacts; i++)
		if (strstr(t->facts[i]->what, "S3C24XX_PWM3, S3C24XX_PWM4")) {
			seen = true;
			assert_int_equal(t->facts[i]->fate, FACT_CONVERTED);
			assert_non_null(strstr(t->facts[i]->became, "PWM4 as clocksource"));
		}
	assert_true(seen);
	dt_tree_free(t);
	free(dts);
	free(src);
	src = xasprintf("%s	s3c24xx_set_timer_source(S3C24XX_PWM2, S3C24XX_PWM4);\n%s", head, tail);
	dts = convert("s3c2416", src, NULL, 0, NULL);
	expect_contains(dts, "s3c24xx_set_timer_source(S3C24XX_PWM2, S3C24XX_PWM4): timer source:");
	free(dts);
	free(src);
}

static const char *s3c_src =
	"static struct resource eth_res[] = {\n"
	"	DEFINE_RES_MEM(S3C64XX_PA_XM0CSN1, 2),\n"
	"	DEFINE_RES_NAMED(S3C_EINT(7), 1, NULL, IORESOURCE_IRQ | IORESOURCE_IRQ_HIGHLEVEL),\n"
	"};\n"
	"static struct platform_device eth = {\n"
	"	.name = \"dm9000\", .id = -1, .num_resources = 2, .resource = eth_res,\n"
	"};\n"
	"static struct resource two_res[] = {\n"
	"	DEFINE_RES_IRQ(S3C_EINT(3)),\n"
	"	DEFINE_RES_IRQ(S3C_EINT(17)),\n"
	"};\n"
	"static struct platform_device two = {\n"
	"	.name = \"smc91x\", .id = -1, .num_resources = 2, .resource = two_res,\n"
	"};\n"
	"static struct platform_device mystery = { .name = \"frobnicator\", .id = -1 };\n"
	"static struct platform_device *devs[] = { &eth, &two, &mystery, &s3c_device_hsmmc0 };\n"
	"static void __init board_init(void)\n"
	"{\n"
	"	platform_add_devices(devs, ARRAY_SIZE(devs));\n"
	"	frob_init(42);\n"
	"}\n"
	"MACHINE_START(TEST_BOARD, \"Test board\")\n"
	"	.init_machine = board_init,\n"
	"MACHINE_END\n";

/* S3C_EINT(n): one controller -> interrupt-parent, two -> interrupts-extended. */
static void test_interrupt_parents(void **state)
{
	char *dts = convert("s3c64xx", s3c_src, NULL, 0, NULL);

	expect_contains(dts, "ethernet@18000000 {\n\t\tcompatible = \"davicom,dm9000\";\n"
			"\t\treg = <0x18000000 0x2>;\n\t\tinterrupt-parent = <&gpn>;\n"
			"\t\tinterrupts = <7 IRQ_TYPE_LEVEL_HIGH>;");
	expect_contains(dts, "interrupts-extended = <&gpn 3 IRQ_TYPE_NONE>, <&gpl 9 IRQ_TYPE_NONE>;");
	expect_contains(dts, "&sdhci0 {\n\tbus-width = <4>;\n\tstatus = \"okay\";\n};");
	free(dts);
}

/* What no rule covers is a TODO, and the report's counts add up. */
static void test_todos_and_counts(void **state)
{
	struct dt_tree *t;
	char *dts = convert("s3c64xx", s3c_src, NULL, 0, &t);
	size_t conv = 0, todo = 0;

	expect_contains(dts, "TODO b2d-engine-test.c:15: .name = \"frobnicator\": no rule maps this driver name to a compatible");
	expect_contains(dts, "TODO b2d-engine-test.c:20: frob_init(42): no rule for call frob_init");
	for (size_t i = 0; i < t->nfacts; i++) {
		if (t->facts[i]->fate == FACT_CONVERTED)
			conv++;
		else
			todo++;
	}
	assert_true(conv > 0 && todo > 0);
	assert_int_equal(conv + todo, t->nfacts);
	dt_tree_free(t);
	free(dts);
}

static const char *array_src =
	"static struct plat_serial8250_port ports[] = {\n"
	"	{ .mapbase = 0x18000000, .uartclk = 1843200, .iotype = UPIO_MEM32 },\n"
	"	{ .mapbase = 0x18000100, .uartclk = 1843200, .regshift = 2, .iotype = UPIO_MEM },\n"
	"	{ },\n"
	"};\n"
	"static struct platform_device uarts = {\n"
	"	.name = \"serial8250\", .id = -1, .dev = { .platform_data = ports },\n"
	"};\n"
	"static struct physmap_flash_data fd[2] = { { .width = 2 }, { .width = 4 } };\n"
	"static struct resource fr[] = {\n"
	"	DEFINE_RES_MEM(0x10000000, 0x1000000),\n"
	"	DEFINE_RES_MEM(0x20000000, 0x1000000),\n"
	"};\n"
	"static struct platform_device flashes[2] = {\n"
	"	{ .name = \"physmap-flash\", .id = 0, .dev = { .platform_data = &fd[0] },\n"
	"	  .resource = &fr[0], .num_resources = 1 },\n"
	"	{ .name = \"physmap-flash\", .id = 1, .dev = { .platform_data = &fd[1] },\n"
	"	  .resource = &fr[1], .num_resources = 1 },\n"
	"};\n"
	"static struct platform_device *devs[] = { &uarts, &flashes[0], &flashes[1] };\n"
	"static void __init board_init(void)\n"
	"{\n"
	"	platform_add_devices(devs, ARRAY_SIZE(devs));\n"
	"}\n"
	"MACHINE_START(TEST_BOARD, \"Test board\")\n"
	"	.init_machine = board_init,\n"
	"MACHINE_END\n";

/*
 * Arrays: a port array as platform data gives one node per port; &devs[1],
 * &data[1] and &res[1] are those elements, and .num_resources = 1 keeps
 * &res[0] from taking its neighbour.
 */
static void test_array_elements(void **state)
{
	char *dts = convert("s3c64xx", array_src, NULL, 0, NULL);

	expect_contains(dts, "serial@18000000 {\n\t\tcompatible = \"ns16550a\";\n"
			"\t\treg = <0x18000000 0x8>;\n\t\tclock-frequency = <1843200>;\n"
			"\t\treg-io-width = <4>;\n");
	expect_contains(dts, "serial@18000100 {\n\t\tcompatible = \"ns16550a\";\n"
			"\t\treg = <0x18000100 0x20>;\n\t\tclock-frequency = <1843200>;\n"
			"\t\treg-shift = <2>;\n\t};");
	expect_contains(dts, "flash@10000000 {\n\t\tcompatible = \"cfi-flash\";\n"
			"\t\treg = <0x10000000 0x1000000>;\n\t\tbank-width = <2>;\n\t};");
	expect_contains(dts, "flash@20000000 {\n\t\tcompatible = \"cfi-flash\";\n"
			"\t\treg = <0x20000000 0x1000000>;\n\t\tbank-width = <4>;\n\t};");
	expect_absent(dts, "one more device");
	expect_absent(dts, "no rule");
	free(dts);
}

static const char *one_part_src =
	"static struct mtd_partition boot_part = {\n"
	"	.name = \"RedBoot\", .size = SZ_1M, .offset = 0, .mask_flags = MTD_WRITEABLE,\n"
	"};\n"
	"static struct physmap_flash_data fd = { .width = 2, .parts = &boot_part, .nr_parts = 1 };\n"
	"static struct resource fr[] = { DEFINE_RES_MEM(0x10000000, 0x1000000) };\n"
	"static struct platform_device flash = {\n"
	"	.name = \"physmap-flash\", .id = 0, .dev = { .platform_data = &fd },\n"
	"	.resource = fr, .num_resources = 1,\n"
	"};\n"
	"static void __init board_init(void)\n"
	"{\n"
	"	platform_device_register(&flash);\n"
	"}\n"
	"MACHINE_START(TEST_BOARD, \"Test board\")\n"
	"	.init_machine = board_init,\n"
	"MACHINE_END\n";

/*
 * `children:` pointing at one struct (.parts = &boot_part), not an array: it
 * is the only child, and the .parts / .nr_parts fields are facts of their own.
 */
static void test_single_struct_children(void **state)
{
	struct dt_tree *t;
	char *dts = convert("s3c64xx", one_part_src, NULL, 0, &t);
	bool parts = false, nr = false;

	expect_contains(dts, "partition@0 {\n\t\t\t\tlabel = \"RedBoot\";\n"
			"\t\t\t\treg = <0x0 0x100000>;\n\t\t\t\tread-only;\n\t\t\t};");
	expect_absent(dts, "partition-");
	for (size_t i = 0; i < t->nfacts; i++) {
		parts |= t->facts[i]->pos.line == 4 && strstr(t->facts[i]->what, "fd.parts = &boot_part");
		nr |= t->facts[i]->pos.line == 4 && strstr(t->facts[i]->what, "fd.nr_parts = 1");
	}
	assert_true(parts && nr);
	dt_tree_free(t);
	free(dts);
}

/*
 * GPIO expanders whose platform data are elements of one array: each
 * element's .gpio_base (&pd[0] is element 0, not the whole array, as
 * zeus.c's pca9535s write it) makes its own GPIO space.
 */
static void test_expander_pdata_elements(void **state)
{
	static const char src[] =
		"static struct pca953x_platform_data pd[] = {\n"
		"	[0] = { .gpio_base = 200 },\n"
		"	[1] = { .gpio_base = 216 },\n"
		"};\n"
		"static struct i2c_board_info i2c1[] = {\n"
		"	{ I2C_BOARD_INFO(\"pca9535\", 0x21), .platform_data = &pd[0] },\n"
		"	{ I2C_BOARD_INFO(\"pca9535\", 0x22), .platform_data = &pd[1] },\n"
		"};\n"
		"static struct gpio_led leds[] = {\n"
		"	{ .name = \"a\", .gpio = 203 }, { .name = \"b\", .gpio = 217 },\n"
		"};\n"
		"static struct gpio_led_platform_data led_pd = { .leds = leds, .num_leds = 2 };\n"
		"static struct platform_device led_dev = {\n"
		"	.name = \"leds-gpio\", .id = -1, .dev = { .platform_data = &led_pd },\n"
		"};\n"
		"static void __init board_init(void)\n"
		"{\n"
		"	platform_device_register(&led_dev);\n"
		"	omap_register_i2c_bus(1, 400, i2c1, ARRAY_SIZE(i2c1));\n"
		"}\n"
		"MACHINE_START(TEST_BOARD, \"Test board\")\n"
		"	.init_machine = board_init,\n"
		"MACHINE_END\n";
	char *dts = convert("omap3", src, NULL, 0, NULL);

	(void)state;
	expect_contains(dts, "gpios = <&pca9535_21 3 GPIO_ACTIVE_HIGH>;");
	expect_contains(dts, "gpios = <&pca9535_22 1 GPIO_ACTIVE_HIGH>;");
	free(dts);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_symbolic_callback_gpio),
		cmocka_unit_test(test_revision_alternative),
		cmocka_unit_test(test_revision_assumed),
		cmocka_unit_test(test_machine_is_no_todo),
		cmocka_unit_test(test_plain_array_wording),
		cmocka_unit_test(test_soc_setup_calls),
		cmocka_unit_test(test_renamed_helper),
		cmocka_unit_test(test_calls_of_an_ignored_macro),
		cmocka_unit_test(test_twl4030_mmc_init),
		cmocka_unit_test(test_wrapper_parameter),
		cmocka_unit_test(test_s3c24xx_gpio_eras),
		cmocka_unit_test(test_timer_source_ignore_when),
		cmocka_unit_test(test_interrupt_parents),
		cmocka_unit_test(test_todos_and_counts),
		cmocka_unit_test(test_array_elements),
		cmocka_unit_test(test_single_struct_children),
		cmocka_unit_test(test_expander_pdata_elements),
	};

	return cmocka_run_group_tests(tests, load_rules, free_rules);
}
