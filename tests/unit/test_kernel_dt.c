// SPDX-License-Identifier: GPL-2.0
/*
 * kernel_dts_compile(): the cpp + dtc pipeline. Tests that need the kernel's
 * dt-bindings headers skip when no tree is found ($B2D_KERNEL or the default
 * cache path); the rest run anywhere dtc and cpp are installed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <libfdt.h>
#include <stdio.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/diag.h"
#include "kernel/kernel_dt.h"
#include "common/util.h"

#include "test_kernel.h"

static const char *kernel_dir(void)
{
	return test_kernel_dir("include/dt-bindings/gpio/gpio.h");
}

/* A scratch directory with a space in its name: no shell may see our paths. */
static char *scratch(void)
{
	char tmpl[] = "/tmp/b2d-kdt.XXXXXX";
	char *dir;

	assert_non_null(mkdtemp(tmpl));
	dir = xasprintf("%s/with space", tmpl);
	assert_int_equal(mkdir(dir, 0700), 0);
	return dir;
}

static char *put(const char *dir, const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", dir, name);
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
	return path;
}

static void drop(char *dir, char **files, size_t n)
{
	char *parent = xstrdup(dir);

	for (size_t i = 0; i < n; i++) {
		unlink(files[i]);
		free(files[i]);
	}
	rmdir(dir);
	*strrchr(parent, '/') = '\0';
	rmdir(parent);
	free(parent);
	free(dir);
}

static const char good_dts[] =
	"/dts-v1/;\n"
	"#include <dt-bindings/gpio/gpio.h>\n"
	"#include <dt-bindings/interrupt-controller/irq.h>\n"
	"/ {\n"
	"\tgpio0: gpio-controller { gpio-controller; #gpio-cells = <2>; };\n"
	"\tled { gpios = <&gpio0 5 GPIO_ACTIVE_LOW>; irq = <IRQ_TYPE_LEVEL_HIGH>; };\n"
	"};\n";

static void test_compile_with_bindings(void **state)
{
	const char *kdir = kernel_dir();
	char *dir, *files[1], *errors = NULL;
	void *blob;
	size_t len;
	const fdt32_t *v;
	int off, plen;

	if (!kdir)
		skip();
	dir = scratch();
	files[0] = put(dir, "good.dts", good_dts);
	assert_int_equal(kernel_dts_compile(kdir, NULL, 0, files[0], true, &blob, &len, &errors),
			 B2D_OK);
	assert_int_equal(fdt_check_header(blob), 0);
	assert_int_equal(fdt_totalsize(blob), len);
	off = fdt_path_offset(blob, "/led");
	assert_true(off >= 0);
	v = fdt_getprop(blob, off, "gpios", &plen);
	assert_int_equal(plen, 12);
	assert_int_equal(fdt32_to_cpu(v[2]), 1);	/* GPIO_ACTIVE_LOW */
	v = fdt_getprop(blob, off, "irq", &plen);
	assert_int_equal(fdt32_to_cpu(v[0]), 4);	/* IRQ_TYPE_LEVEL_HIGH */
	assert_true(fdt_path_offset(blob, "/__symbols__") >= 0);
	free(errors);
	free(blob);
	drop(dir, files, 1);
}

static void test_no_symbols_without_flag(void **state)
{
	const char *kdir = kernel_dir();
	char *dir, *files[1];
	void *blob;
	size_t len;

	if (!kdir)
		skip();
	dir = scratch();
	files[0] = put(dir, "good.dts", good_dts);
	assert_int_equal(kernel_dts_compile(kdir, NULL, 0, files[0], false, &blob, &len, NULL),
			 B2D_OK);
	assert_true(fdt_path_offset(blob, "/__symbols__") < 0);
	free(blob);
	drop(dir, files, 1);
}

/* dtc's error must name the original file and line, not cpp's output. */
static void test_syntax_error_names_line(void **state)
{
	char *dir = scratch(), *files[1], *errors = NULL, *want;
	void *blob = (void *)1;
	size_t len;

	files[0] = put(dir, "broken.dts",
		       "/dts-v1/;\n"
		       "/ {\n"
		       "\tgood = <1>;\n"
		       "\n"
		       "\tbad = <1 2;\n"
		       "};\n");
	assert_int_equal(kernel_dts_compile(NULL, NULL, 0, files[0], false, &blob, &len, &errors),
			 B2D_ERR_DTC);
	assert_null(blob);
	assert_non_null(errors);
	want = xstrdup("broken.dts:5");
	assert_non_null(strstr(errors, want));
	free(want);
	free(errors);
	drop(dir, files, 1);
}

static void test_missing_include_fails(void **state)
{
	char *dir = scratch(), *files[1], *errors = NULL;
	void *blob;
	size_t len;

	files[0] = put(dir, "inc.dts", "/dts-v1/;\n#include \"no-such.dtsi\"\n/ { };\n");
	assert_int_equal(kernel_dts_compile(NULL, NULL, 0, files[0], false, &blob, &len, &errors),
			 B2D_ERR_DTC);
	assert_non_null(errors);
	assert_non_null(strstr(errors, "no-such.dtsi"));
	free(errors);
	drop(dir, files, 1);
}

static void test_extra_include_dir(void **state)
{
	char *dir = scratch(), *files[2], *errors = NULL;
	const char *inc[] = { dir };
	void *blob;
	size_t len;
	const fdt32_t *v;
	int plen;

	files[0] = put(dir, "my.h", "#define ANSWER 42\n");
	files[1] = put(dir, "x.dts", "/dts-v1/;\n#include <my.h>\n/ { v = <ANSWER>; };\n");
	assert_int_equal(kernel_dts_compile(NULL, inc, 1, files[1], false, &blob, &len, &errors),
			 B2D_OK);
	v = fdt_getprop(blob, 0, "v", &plen);
	assert_non_null(v);
	assert_int_equal(fdt32_to_cpu(*v), 42);
	free(errors);
	free(blob);
	drop(dir, files, 2);
}

/* dtc warnings do not fail the compile but are handed back. */
static void test_warning_is_not_error(void **state)
{
	char *dir = scratch(), *files[1], *errors = NULL;
	void *blob;
	size_t len;

	files[0] = put(dir, "warn.dts",
		       "/dts-v1/;\n/ { #address-cells = <1>; #size-cells = <1>;\n"
		       "\tnode@10 { reg = <0x10 0x4 0x5>; };\n};\n");
	assert_int_equal(kernel_dts_compile(NULL, NULL, 0, files[0], false, &blob, &len, &errors),
			 B2D_OK);
	assert_non_null(errors);
	assert_non_null(strstr(errors, "Warning"));
	free(errors);
	free(blob);
	drop(dir, files, 1);
}

static void test_missing_file_is_io(void **state)
{
	char *errors = NULL;
	void *blob;
	size_t len;

	assert_int_equal(kernel_dts_compile(NULL, NULL, 0, "/nonexistent/x.dts", false, &blob,
					    &len, &errors), B2D_ERR_IO);
	assert_non_null(errors);
	free(errors);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_compile_with_bindings),
		cmocka_unit_test(test_no_symbols_without_flag),
		cmocka_unit_test(test_syntax_error_names_line),
		cmocka_unit_test(test_missing_include_fails),
		cmocka_unit_test(test_extra_include_dir),
		cmocka_unit_test(test_warning_is_not_error),
		cmocka_unit_test(test_missing_file_is_io),
	};

	diag_set_quiet(true);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
