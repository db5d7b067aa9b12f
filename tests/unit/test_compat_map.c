// SPDX-License-Identifier: GPL-2.0
/*
 * Device names to compatibles from driver files (kernel/compat_map.c): the
 * I2C/SPI id names paired with the file's of_device_id compatibles, the
 * exact "vendor,name" match first (as the I2C core matches), a file with one
 * compatible answering for all its names, ambiguity reported as several
 * candidates, platform drivers by their .driver.name, and no answer for a
 * name or bus no driver has; an I2C/SPI name no driver's table pairs with a
 * compatible takes the binding documents' "vendor,name".
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "common/util.h"
#include "kernel/compat_map.h"
#include "test_tree.h"

static const char pmic[] =
	"static const struct i2c_device_id pm860x_id_table[] = {\n"
	"\t{ \"88PM860x\", 0 },\n"
	"\t{}\n"
	"};\n"
	"static const struct of_device_id pm860x_dt_ids[] = {\n"
	"\t{ .compatible = \"marvell,88pm860x\", },\n"
	"\t{},\n"
	"};\n";

static const char eeprom[] =
	"static const struct i2c_device_id at24_ids[] = {\n"
	"\t{ \"24c02\", AT24_FLAGS },\n"
	"\t{ .name = \"24c08\", .driver_data = 0 },\n"
	"\t{ \"spd\", 0 },\n"
	"\t{ }\n"
	"};\n"
	"static const struct of_device_id at24_of_match[] = {\n"
	"\t{ .compatible = \"atmel,24c02\", .data = &a },\n"
	"\t{ .compatible = \"atmel,24c08\", .data = &b },\n"
	"\t{ },\n"
	"};\n";

static const char platform[] =
	"static const struct of_device_id dm9000_of_matches[] = {\n"
	"\t{ .compatible = \"davicom,dm9000\", },\n"
	"\t{ }\n"
	"};\n"
	"static struct platform_driver dm9000_driver = {\n"
	"\t.driver\t= {\n"
	"\t\t.name    = \"dm9000\",\n"
	"\t\t.of_match_table = of_match_ptr(dm9000_of_matches),\n"
	"\t},\n"
	"\t.probe   = dm9000_probe,\n"
	"};\n";

static void test_single_compatible_answers(void **state)
{
	struct compat_map *m = compat_map_from_text("drivers/mfd/88pm860x-core.c", pmic);
	struct compat_hit h[4];

	(void)state;
	assert_int_equal(compat_map_find(m, "i2c", "88PM860x", h, 4), 1);
	assert_string_equal(h[0].compat, "marvell,88pm860x");
	assert_string_equal(h[0].file, "drivers/mfd/88pm860x-core.c");
	assert_int_equal(compat_map_find(m, "spi", "88PM860x", h, 4), 0);
	assert_int_equal(compat_map_find(m, "i2c", "88pm8607", h, 4), 0);
	compat_map_free(m);
}

static void test_exact_match_first(void **state)
{
	struct compat_map *m = compat_map_from_text("drivers/misc/eeprom/at24.c", eeprom);
	struct compat_hit h[4];

	(void)state;
	assert_int_equal(compat_map_find(m, "i2c", "24c08", h, 4), 1);
	assert_string_equal(h[0].compat, "atmel,24c08");
	assert_int_equal(compat_map_find(m, "i2c", "24c02", h, 4), 1);
	assert_string_equal(h[0].compat, "atmel,24c02");
	/* No compatible is "vendor,spd": every one of the file is a candidate. */
	assert_int_equal(compat_map_find(m, "i2c", "spd", h, 4), 2);
	assert_false(h[0].exact);
	compat_map_free(m);
}

static void test_platform_driver_name(void **state)
{
	struct compat_map *m = compat_map_from_text("drivers/net/ethernet/davicom/dm9000.c", platform);
	struct compat_hit h[4];

	(void)state;
	assert_int_equal(compat_map_find(m, "platform", "dm9000", h, 4), 1);
	assert_string_equal(h[0].compat, "davicom,dm9000");
	assert_true(h[0].exact);
	assert_int_equal(compat_map_find(m, "i2c", "dm9000", h, 4), 0);
	assert_int_equal(compat_map_find(NULL, "platform", "dm9000", h, 4), 0);
	compat_map_free(m);
}

/* An id table entry spelled as a macro of the file (mma8450.c) is that macro's string. */
static void test_macro_id_name(void **state)
{
	static const char acc[] =
		"#define MMA8450_DRV_NAME\t\"mma8450\"\n"
		"static const struct i2c_device_id mma8450_id[] = {\n"
		"\t{ MMA8450_DRV_NAME, 0 },\n"
		"\t{ },\n"
		"};\n"
		"static const struct of_device_id mma8450_dt_ids[] = {\n"
		"\t{ .compatible = \"fsl,mma8450\", },\n"
		"\t{ }\n"
		"};\n";
	struct compat_map *m = compat_map_from_text("drivers/input/misc/mma8450.c", acc);
	struct compat_hit h[4];

	(void)state;
	assert_int_equal(compat_map_find(m, "i2c", "mma8450", h, 4), 1);
	assert_string_equal(h[0].compat, "fsl,mma8450");
	assert_int_equal(compat_map_find(m, "i2c", "MMA8450_DRV_NAME", h, 4), 0);
	compat_map_free(m);
}

/*
 * spi-gpio.c's first "#define DRIVER_NAME" is an example inside a comment
 * ("myboard_spi2"); the driver's name is the line's own #define below it.
 */
static void test_macro_in_comment(void **state)
{
	static const char spi[] =
		"/*\n * \t\t#define DRIVER_NAME\t\"myboard_spi2\"\n */\n"
		"#ifndef DRIVER_NAME\n#define DRIVER_NAME\t\"spi_gpio\"\n#endif\n"
		"static const struct of_device_id spi_gpio_dt_ids[] = {\n"
		"\t{ .compatible = \"spi-gpio\" },\n\t{}\n};\n"
		"static struct platform_driver spi_gpio_driver = {\n"
		"\t.driver = {\n\t\t.name\t= DRIVER_NAME,\n"
		"\t\t.of_match_table = spi_gpio_dt_ids,\n\t},\n};\n";
	struct compat_map *m = compat_map_from_text("drivers/spi/spi-gpio.c", spi);
	struct compat_hit h[4];

	(void)state;
	assert_int_equal(compat_map_find(m, "platform", "spi_gpio", h, 4), 1);
	assert_string_equal(h[0].compat, "spi-gpio");
	assert_int_equal(compat_map_find(m, "platform", "myboard_spi2", h, 4), 0);
	compat_map_free(m);
}

/* A driver's only compatible under another name is a candidate, not an answer. */
static void test_other_name_is_candidate(void **state)
{
	static const char spi[] =
		"static const struct of_device_id pxa2xx_spi_of_match[] = {\n"
		"\t{ .compatible = \"marvell,mmp2-ssp\", .data = (void *)MMP2_SSP },\n"
		"\t{},\n};\n"
		"static struct platform_driver driver = {\n"
		"\t.driver = {\n\t\t.name\t= \"pxa2xx-spi\",\n\t},\n};\n"
		"static const struct of_device_id leds[] = { { .compatible = \"gpio-leds\", }, {} };\n"
		"static struct platform_driver gpio_led_driver = {\n"
		"\t.driver = {\n\t\t.name = \"leds-gpio\",\n\t},\n};\n";
	struct compat_map *m = compat_map_from_text("drivers/spi/spi-pxa2xx.c", spi);
	struct compat_hit h[4];

	(void)state;
	assert_int_equal(compat_map_find(m, "platform", "pxa2xx-spi", h, 4), 2);
	assert_false(h[0].exact);
	/* The same words in another order name the device. */
	assert_int_equal(compat_map_find(m, "platform", "leds-gpio", h, 4), 1);
	assert_string_equal(h[0].compat, "gpio-leds");
	assert_true(h[0].exact);
	compat_map_free(m);
}

/* A kernel tree in a temporary directory root ("/tmp/b2d-compat.XXXXXX"): its Makefile. */
static void tree_new(char *root)
{
	assert_non_null(mkdtemp(root));
	test_put_file(root, "Makefile", "\n");
}

static void tree_drop(const char *root)
{
	char *rm = xasprintf("rm -rf '%s'", root);

	assert_int_equal(system(rm), 0);
	free(rm);
}

/*
 * A driver whose of_match_table is defined in another file (cs4271-spi.c
 * points at cs4271.c's cs4271_dt_ids) answers with that table's compatible,
 * the SPI driver's own name counting as its device name; a table name that
 * two files define (two static tables) gives no answer.
 */
static void test_table_in_another_file(void **state)
{
	char root[] = "/tmp/b2d-compat.XXXXXX";
	struct compat_map *m;
	struct compat_hit h[4];

	(void)state;
	tree_new(root);
	test_put_file(root, "sound/soc/codecs/cs4271.c",
	    "const struct of_device_id cs4271_dt_ids[] = {\n"
	    "\t{ .compatible = \"cirrus,cs4271\", },\n\t{ },\n};\n");
	test_put_file(root, "sound/soc/codecs/cs4271-spi.c",
	    "static struct spi_driver cs4271_spi_driver = {\n"
	    "\t.driver = {\n\t\t.name\t= \"cs4271\",\n"
	    "\t\t.of_match_table = of_match_ptr(cs4271_dt_ids),\n\t},\n};\n");
	test_put_file(root, "drivers/a/one.c",
	    "static const struct of_device_id ids[] = { { .compatible = \"acme,one\" }, {} };\n");
	test_put_file(root, "drivers/b/two.c",
	    "static const struct of_device_id ids[] = { { .compatible = \"acme,two\" }, {} };\n");
	test_put_file(root, "drivers/c/user.c",
	    "static struct spi_driver d = {\n\t.driver = {\n\t\t.name = \"one\",\n"
	    "\t\t.of_match_table = ids,\n\t},\n};\n");
	assert_int_equal(compat_map_load(root, NULL, &m), 0);
	assert_int_equal(compat_map_find(m, "spi", "cs4271", h, 4), 1);
	assert_string_equal(h[0].compat, "cirrus,cs4271");
	assert_string_equal(h[0].file, "sound/soc/codecs/cs4271-spi.c");
	assert_true(h[0].exact);
	assert_int_equal(compat_map_find(m, "i2c", "cs4271", h, 4), 0);
	assert_int_equal(compat_map_find(m, "spi", "one", h, 4), 0);
	compat_map_free(m);
	tree_drop(root);
}

/*
 * Node names from the tree's .dts files: the name most nodes with a
 * compatible have (labels skipped, the first compatible string counts),
 * only when at least `min` nodes have it; a generic name (eeprom) that some
 * have wins over a more common local one (dtt), counting all the nodes. An
 * I2C/SPI device no driver nor binding names takes the compatible a .dts
 * writes for it.
 */
static void test_node_names_from_dts(void **state)
{
	char root[] = "/tmp/b2d-compat.XXXXXX";
	struct compat_map *m;

	(void)state;
	tree_new(root);
	test_put_file(root, "drivers/misc/at24.c", "static int x;\n");
	test_put_file(root, "arch/arm/boot/dts/a.dts",
	    "/ {\n\ti2c@1000 {\n\t\teeprom0: eeprom@50 {\n"
	    "\t\t\tcompatible = \"atmel,24c512\";\n\t\t\treg = <0x50>;\n\t\t};\n"
	    "\t\trtc@68 {\n\t\t\tcompatible = \"dallas,ds1339\";\n\t\t};\n\t};\n};\n");
	test_put_file(root, "arch/arm/boot/dts/b.dtsi",
	    "&i2c1 {\n\teeprom@51 {\n\t\tcompatible = \"atmel,24c512\", \"atmel,24c02\";\n\t};\n"
	    "\t24c512@52 {\n\t\tcompatible = \"atmel,24c512\";\n\t};\n};\n");
	test_put_file(root, "arch/arm/boot/dts/c.dts",
	    "&i2c0 {\n\tdtt@50 {\n\t\tcompatible = \"atmel,24c1024\";\n\t};\n};\n"
	    "&i2c1 {\n\tdtt@50 {\n\t\tcompatible = \"atmel,24c1024\";\n\t};\n};\n"
	    "&i2c2 {\n\teeprom@50 {\n\t\tcompatible = \"atmel,24c1024\";\n\t};\n};\n");
	test_put_file(root, "arch/arm/mach-x/x.c",
	    "static const char *const x_dt_compat[] = { \"acme,x1\", NULL };\n"
	    "DT_MACHINE_START(x, \"X\")\n\t.dt_compat = x_dt_compat,\nMACHINE_END\n");
	assert_int_equal(compat_map_load(root, NULL, &m), 0);
	/* the DT machines' compatibles come with the scan (kernel/dt_machines.c) */
	const char **mc, **mf;

	assert_int_equal(compat_map_machines(m, &mc, &mf), 1);
	assert_string_equal(mc[0], "acme,x1");
	assert_string_equal(mf[0], "arch/arm/mach-x/x.c");
	assert_null(compat_map_driver_of(m, "acme,x1"));	/* no driver's */
	free(mc);
	free(mf);
	assert_string_equal(compat_map_node_name(m, "atmel,24c512", 2), "eeprom");
	assert_null(compat_map_node_name(m, "atmel,24c512", 3));
	assert_string_equal(compat_map_node_name(m, "atmel,24c1024", 3), "eeprom");
	assert_null(compat_map_node_name(m, "dallas,ds1339", 2));
	assert_string_equal(compat_map_node_name(m, "dallas,ds1339", 1), "rtc");
	assert_null(compat_map_node_name(m, "atmel,24c02", 1));
	/* no driver or binding names "ds1339": an I2C/SPI device takes the
	 * compatible a .dts writes for it (the core matches the part after the
	 * vendor); a platform device does not */
	struct compat_hit hits[4];

	assert_int_equal(compat_map_find(m, "i2c", "ds1339", hits, 4), 1);
	assert_string_equal(hits[0].compat, "dallas,ds1339");
	assert_true(hits[0].exact);
	assert_int_equal(compat_map_find(m, "platform", "ds1339", hits, 4), 0);
	assert_int_equal(compat_map_find(m, "i2c", "ds13", hits, 4), 0);
	compat_map_free(m);
	tree_drop(root);
}

/*
 * A driver with no id or of_match table (wl1251's spi.c, matched by its
 * name): the compatible is the binding document's, on a line that says `compatible`;
 * a quoted property name ("ti,power-gpio") is not one; a platform device
 * is not matched so; a driver that names the device wins over the binding;
 * an id table's name may be a macro of the driver's own header (acc.h).
 */
static void test_binding_document(void **state)
{
	char root[] = "/tmp/b2d-compat.XXXXXX";
	struct compat_map *m;
	struct compat_hit h[4];

	(void)state;
	tree_new(root);
	test_put_file(root, "drivers/wl/wl1251.h", "#define DRIVER_NAME \"wl1251\"\n");
	test_put_file(root, "drivers/wl/spi.c",
	    "#include \"wl1251.h\"\nstatic struct spi_driver wl1251_spi_driver = {\n"
	    "\t.driver = {\n\t\t.name = DRIVER_NAME,\n\t},\n\t.probe = wl1251_spi_probe,\n};\n");
	test_put_file(root, "drivers/acc/acc.h", "#define ACC_NAME\t\"acc9\"\n");
	test_put_file(root, "drivers/acc/acc.c",
	    "#include \"acc.h\"\nstatic const struct i2c_device_id acc_id[] = {\n\t{ ACC_NAME, 0 },\n\t{ }\n};\n"
	    "static const struct of_device_id acc_of[] = {\n\t{ .compatible = \"acme,acc9\" },\n\t{ }\n};\n");
	test_put_file(root, "Documentation/devicetree/bindings/net/ti,wl1251.txt",
	    "Required properties:\n- compatible : Should be \"ti,wl1251\"\n"
	    "- \"ti,power-gpio\" : GPIO connected to chip's PMEN pin\n"
	    "Example:\n\twlan {\n\t\tcompatible = \"ti,wl1251\";\n\t};\n");
	test_put_file(root, "Documentation/devicetree/bindings/eeprom/at24.yaml",
	    "examples:\n  - |\n    eeprom@52 {\n      compatible = \"atmel,24c32\";\n    };\n");
	test_put_file(root, "drivers/misc/at24.c",
	    "static const struct i2c_device_id at24_ids[] = {\n\t{ \"24c32\", 0 },\n\t{ }\n};\n"
	    "static const struct of_device_id at24_of_match[] = {\n"
	    "\t{ .compatible = \"microchip,24c32\" },\n\t{ },\n};\n");
	assert_int_equal(compat_map_load(root, NULL, &m), 0);
	assert_int_equal(compat_map_find(m, "spi", "wl1251", h, 4), 1);
	assert_string_equal(h[0].compat, "ti,wl1251");
	assert_string_equal(h[0].file, "Documentation/devicetree/bindings/net/ti,wl1251.txt");
	assert_int_equal(compat_map_find(m, "spi", "power-gpio", h, 4), 0);
	assert_int_equal(compat_map_find(m, "platform", "wl1251", h, 4), 0);
	assert_int_equal(compat_map_find(m, "i2c", "24c32", h, 4), 1);
	assert_string_equal(h[0].compat, "microchip,24c32");
	assert_int_equal(compat_map_find(m, "i2c", "acc9", h, 4), 1);	/* ACC_NAME of acc.h */
	assert_string_equal(h[0].compat, "acme,acc9");
	compat_map_free(m);
	tree_drop(root);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_single_compatible_answers),
		cmocka_unit_test(test_exact_match_first),
		cmocka_unit_test(test_platform_driver_name),
		cmocka_unit_test(test_other_name_is_candidate),
		cmocka_unit_test(test_macro_id_name),
		cmocka_unit_test(test_macro_in_comment),
		cmocka_unit_test(test_table_in_another_file),
		cmocka_unit_test(test_node_names_from_dts),
		cmocka_unit_test(test_binding_document),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
