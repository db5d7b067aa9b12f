// SPDX-License-Identifier: GPL-2.0
/* The DTB writer: values, phandles, merging into a dtc -@ base. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include <libfdt.h>

#include "common/util.h"
#include "emitter/emit.h"

static const void *prop(const void *fdt, const char *path, const char *name, int *len)
{
	int off = fdt_path_offset(fdt, path);

	assert_true(off >= 0);
	return fdt_getprop(fdt, off, name, len);
}

static uint32_t cell(const void *fdt, const char *path, const char *name, int i)
{
	int len;
	const fdt32_t *v = prop(fdt, path, name, &len);

	assert_non_null(v);
	assert_true(len >= (i + 1) * 4);
	return fdt32_to_cpu(v[i]);
}

static void add_led(struct dt_tree *t, const char *ctrl)
{
	struct dt_node *leds = dt_node_add(t, NULL, "leds", NULL);
	struct dt_node *led = dt_node_add(t, leds, "led-0", NULL);
	struct dt_chunk *c;

	dt_prop_add_string(t, dt_prop_set(t, leds, "compatible"), "gpio-leds");
	c = dt_prop_add_cells(t, dt_prop_set(t, led, "gpios"));
	dt_chunk_add_ref(t, c, ctrl);
	dt_chunk_add_u32(t, c, 4);
	dt_chunk_add_macro(t, c, "GPIO_ACTIVE_LOW", 1);
	dt_prop_set(t, led, "default-on");
}

static void test_no_base(void **state)
{
	struct dt_tree *t = dt_tree_new();
	struct dt_node *gpio = dt_node_add(t, NULL, "gpio", "1000");
	struct dt_prop *p;
	void *blob;
	size_t len;
	int plen;
	const char *s;

	p = dt_prop_set(t, t->root, "compatible");
	dt_prop_add_string(t, p, "vendor,foo");
	dt_prop_add_string(t, p, "samsung,s3c6410");
	gpio->label = "gpio0";
	dt_prop_set(t, gpio, "gpio-controller");
	add_led(t, "gpio0");
	dt_prop_add_ref_path(t, dt_prop_set(t, dt_node_add(t, NULL, "aliases", NULL), "gpio0"),
			     "gpio0");

	assert_int_equal(dtb_write(t, NULL, &blob, &len), B2D_OK);
	assert_int_equal(fdt_check_header(blob), 0);
	assert_int_equal(fdt_totalsize(blob), len);
	s = prop(blob, "/", "compatible", &plen);
	assert_int_equal(plen, sizeof("vendor,foo\0samsung,s3c6410"));
	assert_memory_equal(s, "vendor,foo\0samsung,s3c6410", plen);
	assert_null(prop(blob, "/", "#address-cells", &plen));
	assert_int_equal(cell(blob, "/leds/led-0", "gpios", 0), cell(blob, "/gpio@1000", "phandle", 0));
	assert_int_equal(cell(blob, "/gpio@1000", "phandle", 0), 1);
	assert_int_equal(cell(blob, "/leds/led-0", "gpios", 1), 4);
	assert_int_equal(cell(blob, "/leds/led-0", "gpios", 2), 1);
	assert_non_null(prop(blob, "/leds/led-0", "default-on", &plen));
	assert_int_equal(plen, 0);
	assert_int_equal(fdt_node_offset_by_phandle(blob, 1), fdt_path_offset(blob, "/gpio@1000"));
	assert_string_equal(prop(blob, "/aliases", "gpio0", &plen), "/gpio@1000");
	free(blob);
	dt_tree_free(t);
}

static void test_unknown_label(void **state)
{
	struct dt_tree *t = dt_tree_new();
	void *blob = (void *)1;
	size_t len = 1;

	add_led(t, "nope");
	diag_set_quiet(true);
	diag_reset_counts();
	assert_int_equal(dtb_write(t, NULL, &blob, &len), B2D_ERR_DTC);
	assert_null(blob);
	assert_int_equal(len, 0);
	assert_non_null(strstr(diag_last(), "unknown label &nope"));

	dt_tree_free(t);
	t = dt_tree_new();
	dt_overlay(t, "i2c9");
	assert_int_equal(dtb_write(t, NULL, &blob, &len), B2D_ERR_DTC);
	assert_non_null(strstr(diag_last(), "unknown label &i2c9"));
	diag_set_quiet(false);
	dt_tree_free(t);
}

static const char base_dts[] =
	"/dts-v1/;\n"
	"/memreserve/ 0x10000000 0x1000;\n"
	"/ {\n"
	"\t#address-cells = <1>;\n"
	"\t#size-cells = <1>;\n"
	"\tcompatible = \"samsung,s3c6410\";\n"
	"\tintc: interrupt-controller@100 {\n"
	"\t\tinterrupt-controller;\n"
	"\t\t#interrupt-cells = <1>;\n"
	"\t};\n"
	"\tgpk: gpio@200 {\n"
	"\t\tgpio-controller;\n"
	"\t\t#gpio-cells = <2>;\n"
	"\t};\n"
	"\tsoc {\n"
	"\t\ti2c0: i2c@300 {\n"
	"\t\t\tstatus = \"disabled\";\n"
	"\t\t\tinterrupt-parent = <&intc>;\n"
	"\t\t\texisting@10 {\n"
	"\t\t\t\treg = <0x10>;\n"
	"\t\t\t};\n"
	"\t\t};\n"
	"\t};\n"
	"};\n";

static void *compile_base(size_t *len)
{
	char dts[] = "/tmp/b2d-dtb-base-XXXXXX";
	char *dtb, *cmd;
	int fd = mkstemp(dts);
	void *blob;

	assert_true(fd >= 0);
	assert_int_equal(write(fd, base_dts, strlen(base_dts)), (ssize_t)strlen(base_dts));
	close(fd);
	dtb = xasprintf("%s.dtb", dts);
	cmd = xasprintf("dtc -q -@ -I dts -O dtb -o %s %s", dtb, dts);
	assert_int_equal(system(cmd), 0);
	blob = read_file(dtb, len);
	assert_non_null(blob);
	unlink(dts);
	unlink(dtb);
	free(dtb);
	free(cmd);
	return blob;
}

static void test_with_base(void **state)
{
	size_t blen, len;
	void *base = compile_base(&blen);
	struct dt_tree *t = dt_tree_new();
	struct dt_node *i2c, *eeprom, *twl;
	struct dt_chunk *c;
	uint32_t intc;
	void *blob;
	int plen;
	uint64_t addr, size;

	assert_true(fdt_path_offset(base, "/__symbols__") >= 0);
	intc = cell(base, "/interrupt-controller@100", "phandle", 0);
	dt_prop_add_string(t, dt_prop_set(t, t->root, "model"), "Foo Board");
	add_led(t, "gpk");
	i2c = dt_overlay(t, "i2c0");
	dt_prop_add_string(t, dt_prop_set(t, i2c, "status"), "okay");
	eeprom = dt_node_add(t, i2c, "eeprom", "50");
	c = dt_prop_add_cells(t, dt_prop_set(t, eeprom, "interrupts-extended"));
	dt_chunk_add_ref(t, c, "intc");
	dt_chunk_add_u32(t, c, 7);
	dt_prop_set(t, dt_node_add(t, i2c, "existing", "10"), "extra");
	twl = dt_node_add(t, i2c, "twl", "48");
	twl->label = "twl";
	/* An overlay of a label another overlay defines. */
	dt_prop_add_string(t, dt_prop_set(t, dt_overlay(t, "twl"), "status"), "okay");

	assert_int_equal(dtb_write(t, base, &blob, &len), B2D_OK);
	assert_int_equal(fdt_check_header(blob), 0);
	/* dtc -@'s /__symbols__: the base's labels and the graph's (issue 13 item 5). */
	assert_true(fdt_path_offset(blob, "/__symbols__") >= 0);
	assert_string_equal(prop(blob, "/__symbols__", "intc", &plen), "/interrupt-controller@100");
	assert_string_equal(prop(blob, "/__symbols__", "twl", &plen), "/soc/i2c@300/twl@48");
	assert_string_equal(prop(blob, "/__symbols__", "i2c0", &plen), "/soc/i2c@300");
	assert_int_equal(fdt_num_mem_rsv(blob), 1);
	assert_int_equal(fdt_get_mem_rsv(blob, 0, &addr, &size), 0);
	assert_true(addr == 0x10000000 && size == 0x1000);
	assert_string_equal(prop(blob, "/", "compatible", &plen), "samsung,s3c6410");
	assert_string_equal(prop(blob, "/", "model", &plen), "Foo Board");
	assert_int_equal(cell(blob, "/", "#address-cells", 0), 1);
	assert_string_equal(prop(blob, "/soc/i2c@300", "status", &plen), "okay");
	/* Base properties kept, in place. */
	assert_int_equal(cell(blob, "/soc/i2c@300", "interrupt-parent", 0), intc);
	assert_int_equal(cell(blob, "/soc/i2c@300/existing@10", "reg", 0), 0x10);
	assert_non_null(prop(blob, "/soc/i2c@300/existing@10", "extra", &plen));
	assert_string_equal(prop(blob, "/soc/i2c@300/twl@48", "status", &plen), "okay");
	/* intc reuses its phandle; gpk gets max + 1. */
	assert_int_equal(cell(blob, "/soc/i2c@300/eeprom@50", "interrupts-extended", 0), intc);
	assert_int_equal(cell(blob, "/gpio@200", "phandle", 0), intc + 1);
	assert_int_equal(cell(blob, "/leds/led-0", "gpios", 0), intc + 1);
	assert_int_equal(fdt_node_offset_by_phandle(blob, intc + 1), fdt_path_offset(blob, "/gpio@200"));

	/* dtc reads it back. */
	{
		char path[] = "/tmp/b2d-dtb-out-XXXXXX";
		int fd = mkstemp(path);
		char *cmd = xasprintf("dtc -q -I dtb -O dts -o /dev/null %s", path);

		assert_int_equal(write(fd, blob, len), (ssize_t)len);
		close(fd);
		assert_int_equal(system(cmd), 0);
		unlink(path);
		free(cmd);
	}
	free(blob);
	free(base);
	dt_tree_free(t);
}

/* Larger than the first buffer: the writer must grow and retry. */
static void test_growth(void **state)
{
	struct dt_tree *t = dt_tree_new();
	void *blob;
	size_t len;
	char name[32];

	for (int i = 0; i < 2000; i++) {
		struct dt_node *n;

		snprintf(name, sizeof(name), "node%d", i);
		n = dt_node_add(t, NULL, name, NULL);
		dt_prop_add_string(t, dt_prop_set(t, n, "compatible"), "vendor,some-long-compatible");
	}
	assert_int_equal(dtb_write(t, NULL, &blob, &len), B2D_OK);
	assert_true(len > 64 * 1024);
	assert_true(fdt_path_offset(blob, "/node1999") >= 0);
	free(blob);
	dt_tree_free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_no_base),
		cmocka_unit_test(test_unknown_label),
		cmocka_unit_test(test_with_base),
		cmocka_unit_test(test_growth),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
