// SPDX-License-Identifier: GPL-2.0
/*
 * soc_dtsi: what the kernel's own SoC .dtsi files say, through the index.
 * Needs the kernel tree ($B2D_KERNEL or the default cache path); every test
 * skips without it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <libfdt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/diag.h"
#include "common/util.h"
#include "kernel/soc_dtsi.h"

#include "test_kernel.h"

static const char *kernel_dir(void)
{
	return test_kernel_dir("arch/arm/boot/dts/omap34xx.dtsi");
}

static struct soc_dtsi *load(const char *dtsi, const char *cache)
{
	const char *kdir = kernel_dir();
	struct soc_dtsi *s = NULL;

	if (!kdir)
		skip();
	assert_int_equal(soc_dtsi_load(kdir, dtsi, cache, &s), B2D_OK);
	assert_non_null(s);
	return s;
}

static void test_omap34xx(void **state)
{
	struct soc_dtsi *s = load("omap34xx.dtsi", NULL);

	assert_true(soc_dtsi_has_label(s, "gpio1"));
	assert_false(soc_dtsi_has_label(s, "no_such_label"));
	assert_int_equal(soc_dtsi_cells(s, "gpio1", "#gpio-cells"), 2);
	assert_int_equal(soc_dtsi_cells(s, "intc", "#interrupt-cells"), 1);
	assert_int_equal(soc_dtsi_cells(s, "i2c1", "#gpio-cells"), -1);
	assert_int_equal(soc_dtsi_cells(s, "nope", "#gpio-cells"), -1);
	assert_string_equal(soc_dtsi_label_path(s, "i2c1"), "/ocp@68000000/i2c@48070000");
	assert_string_equal(soc_dtsi_label_path(s, "intc"),
			    "/ocp@68000000/interrupt-controller@48200000");
	assert_null(soc_dtsi_label_path(s, "nope"));
	assert_string_equal(soc_dtsi_label_at(s, 0x48070000), "i2c1");
	assert_string_equal(soc_dtsi_label_at(s, 0x48310000), "gpio1");
	assert_null(soc_dtsi_label_at(s, 0x48070004));
	assert_true(fdt_check_header(soc_dtsi_fdt(s)) == 0);
	soc_dtsi_free(s);
}

static void test_omap34xx_compatible(void **state)
{
	struct soc_dtsi *s = load("omap34xx.dtsi", NULL);
	const char **labels;
	size_t n;

	labels = soc_dtsi_labels_compatible(s, "ti,omap3-i2c", &n);
	assert_int_equal(n, 3);
	/* tree order, as written in omap3.dtsi */
	assert_string_equal(labels[0], "i2c1");
	assert_string_equal(labels[1], "i2c2");
	assert_string_equal(labels[2], "i2c3");
	labels = soc_dtsi_labels_compatible(s, "ti,omap3-gpio", &n);
	assert_int_equal(n, 6);
	assert_null(soc_dtsi_labels_compatible(s, "acme,nothing", &n));
	assert_int_equal(n, 0);
	soc_dtsi_free(s);
}

static void test_s3c6410(void **state)
{
	struct soc_dtsi *s = load("s3c6410.dtsi", NULL);
	const char *uart;

	/* GPIO banks come from s3c64xx-pinctrl.dtsi, nested in the pinctrl node. */
	assert_true(soc_dtsi_has_label(s, "gpn"));
	assert_int_equal(soc_dtsi_cells(s, "gpn", "#gpio-cells"), 2);
	uart = soc_dtsi_label_at(s, 0x7f005000);
	assert_non_null(uart);
	assert_string_equal(uart, "uart0");
	assert_string_equal(soc_dtsi_label_at(s, 0x7f008000), "pinctrl0");
	soc_dtsi_free(s);
}

/*
 * orion5x.dtsi references labels only the variant .dtsi defines (mbusc,
 * core_clk): it still loads. Its mbus window ranges live in the board .dts,
 * so internal registers have no CPU address here and label_at finds nothing.
 */
static void test_dtsi_needing_variant_labels(void **state)
{
	struct soc_dtsi *s = load("orion5x.dtsi", NULL);

	assert_true(soc_dtsi_has_label(s, "i2c"));
	assert_string_equal(soc_dtsi_label_path(s, "i2c"), "/soc/internal-regs/i2c@11000");
	assert_null(soc_dtsi_label_at(s, 0xf1011000));
	assert_null(soc_dtsi_label_at(s, 0x11000));
	soc_dtsi_free(s);
}

/* Nested simple-bus with non-identity ranges: da850's soc@1c00000. */
static void test_da850_ranges(void **state)
{
	struct soc_dtsi *s = load("da850.dtsi", NULL);

	assert_string_equal(soc_dtsi_label_at(s, 0x01c22000), "i2c0");
	assert_string_equal(soc_dtsi_label_at(s, 0x01e28000), "i2c1");
	soc_dtsi_free(s);
}

/*
 * pxa25x.dtsi: pxa2xx.dtsi's aliases name a label only pxa27x/pxa3xx define,
 * yet it loads. The gpio controller and its first register bank (gcb0) share
 * 0x40e00000: the device wins.
 */
static void test_pxa25x(void **state)
{
	struct soc_dtsi *s = load("pxa25x.dtsi", NULL);

	assert_string_equal(soc_dtsi_label_at(s, 0x40e00000), "gpio");
	assert_string_equal(soc_dtsi_label_at(s, 0x40e00004), "gcb1");
	assert_string_equal(soc_dtsi_label_at(s, 0x40100000), "ffuart");
	assert_int_equal(soc_dtsi_cells(s, "gpio", "#gpio-cells"), 2);
	soc_dtsi_free(s);
}

/* A wrapper target-module and the device inside it share an address. */
static void test_omap3_target_module(void **state)
{
	struct soc_dtsi *s = load("omap34xx.dtsi", NULL);

	assert_string_equal(soc_dtsi_label_at(s, 0x480a6000), "aes1");
	soc_dtsi_free(s);
}

/*
 * tegra20.dtsi leaves most device nodes unlabelled: they answer to a path
 * reference, "{/mmc@c8000400}" (dtc's &{/path}); a real label at the same
 * address wins (phy3: usb-phy@c5008000 over usb@c5008000) unless the node
 * name is asked for; a label the .dtsi uses but leaves to the board
 * (clk32k_in) is a reference, not a label.
 */
static void test_tegra20_path_refs(void **state)
{
	struct soc_dtsi *s = load("tegra20.dtsi", NULL);

	assert_string_equal(soc_dtsi_label_at(s, 0xc8000400), "{/mmc@c8000400}");
	assert_true(soc_dtsi_has_label(s, "{/mmc@c8000400}"));
	assert_string_equal(soc_dtsi_label_path(s, "{/mmc@c8000400}"), "/mmc@c8000400");
	assert_true(soc_dtsi_has_label(s, "{/pmu}"));
	assert_false(soc_dtsi_has_label(s, "{/no-such-node}"));
	assert_string_equal(soc_dtsi_label_at(s, 0x7000c400), "i2c2");
	assert_string_equal(soc_dtsi_label_at(s, 0xc5008000), "phy3");
	assert_string_equal(soc_dtsi_label_at_named(s, 0xc5008000, "usb"), "{/usb@c5008000}");
	assert_string_equal(soc_dtsi_label_at_named(s, 0xc5008000, "usb-phy"), "phy3");
	assert_null(soc_dtsi_label_at_named(s, 0xc5008000, "mmc"));
	assert_int_equal(soc_dtsi_cells(s, "{/i2c@7000c000}", "#address-cells"), 1);
	assert_true(soc_dtsi_references(s, "clk32k_in"));
	assert_false(soc_dtsi_has_label(s, "clk32k_in"));
	assert_false(soc_dtsi_references(s, "gpio"));
	soc_dtsi_free(s);
}

static void test_missing_dtsi(void **state)
{
	struct soc_dtsi *s = (void *)1;

	if (!kernel_dir())
		skip();
	assert_int_equal(soc_dtsi_load(kernel_dir(), "no-such-soc.dtsi", NULL, &s), B2D_ERR_IO);
	assert_null(s);
}

static char *only_file(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char *found = NULL;
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)))
		if (e->d_name[0] != '.') {
			n++;
			free(found);
			found = xasprintf("%s/%s", dir, e->d_name);
		}
	closedir(d);
	assert_int_equal(n, 1);
	return found;
}

/* The second load reads the cached blob: the file is not rewritten. */
static void test_cache_hit(void **state)
{
	char tmpl[] = "/tmp/b2d-dtsi-cache.XXXXXX";
	char *cache, *file;
	struct soc_dtsi *s;
	struct stat st1, st2;

	if (!kernel_dir())
		skip();
	assert_non_null(mkdtemp(tmpl));
	cache = xasprintf("%s/sub dir", tmpl);	/* created on demand */
	s = load("s3c6410.dtsi", cache);
	soc_dtsi_free(s);
	file = only_file(cache);
	assert_int_equal(stat(file, &st1), 0);
	s = load("s3c6410.dtsi", cache);
	assert_string_equal(soc_dtsi_label_at(s, 0x7f005000), "uart0");
	soc_dtsi_free(s);
	assert_int_equal(stat(file, &st2), 0);
	assert_int_equal(st1.st_ino, st2.st_ino);
	assert_true(st1.st_mtim.tv_sec == st2.st_mtim.tv_sec &&
		    st1.st_mtim.tv_nsec == st2.st_mtim.tv_nsec);
	unlink(file);
	rmdir(cache);
	rmdir(tmpl);
	free(file);
	free(cache);
}

/* A damaged cache entry is recompiled, not trusted. */
static void test_cache_corrupt(void **state)
{
	char tmpl[] = "/tmp/b2d-dtsi-cache.XXXXXX";
	char *file;
	struct soc_dtsi *s;
	FILE *f;

	if (!kernel_dir())
		skip();
	assert_non_null(mkdtemp(tmpl));
	soc_dtsi_free(load("s3c6410.dtsi", tmpl));
	file = only_file(tmpl);
	f = fopen(file, "w");
	fputs("garbage", f);
	fclose(f);
	s = load("s3c6410.dtsi", tmpl);
	assert_true(soc_dtsi_has_label(s, "gpn"));
	soc_dtsi_free(s);
	unlink(file);
	rmdir(tmpl);
	free(file);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_omap34xx),
		cmocka_unit_test(test_omap34xx_compatible),
		cmocka_unit_test(test_s3c6410),
		cmocka_unit_test(test_dtsi_needing_variant_labels),
		cmocka_unit_test(test_da850_ranges),
		cmocka_unit_test(test_pxa25x),
		cmocka_unit_test(test_omap3_target_module),
		cmocka_unit_test(test_tegra20_path_refs),
		cmocka_unit_test(test_missing_dtsi),
		cmocka_unit_test(test_cache_hit),
		cmocka_unit_test(test_cache_corrupt),
	};

	diag_set_quiet(true);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
