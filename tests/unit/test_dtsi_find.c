// SPDX-License-Identifier: GPL-2.0
/*
 * Finding a SoC .dtsi in kernel trees of both layouts (kernel/dtsi_find.c):
 * flat arch/arm/boot/dts/ (before 6.5) and vendor subdirectories (6.5+,
 * two levels for ti/omap), the pack's candidates in order, the same answer
 * whatever order readdir gives, and nothing for what is not a regular file.
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
#include "kernel/dtsi_find.h"
#include "test_tree.h"

static char root[] = "/tmp/b2d-dtsi-find.XXXXXX";

static void put(const char *rel)
{
	char *r = xasprintf("arch/arm/boot/dts/%s", rel);

	test_put_file(root, r, "/ { };\n");
	free(r);
}

static int setup(void **state)
{
	(void)state;
	if (!mkdtemp(root))
		return -1;
	put("flat.dtsi");
	put("ti/omap/omap34xx.dtsi");
	put("samsung/s3c6410.dtsi");
	put("zz/twice.dtsi");
	put("aa/twice.dtsi");
	put("a/b/c/deep.dtsi");
	put("a/b/c/d/too-deep.dtsi");
	put("s5pv210.dtsi");
	put("intel/ixp/intel-ixp4xx.dtsi");
	put("nxp/imx/imx25.dtsi");
	put("st/ste-nomadik-stn8815.dtsi");
	return 0;
}

static int teardown(void **state)
{
	char *cmd = xasprintf("rm -rf '%s'", root);

	(void)state;
	if (system(cmd) != 0)
		fprintf(stderr, "cannot remove %s\n", root);
	free(cmd);
	return 0;
}

static char *find1(const char *name)
{
	return dtsi_find(root, &name, 1);
}

static void test_flat_and_vendor_layouts(void **state)
{
	char *p;

	(void)state;
	assert_string_equal(p = find1("flat.dtsi"), "flat.dtsi");
	free(p);
	assert_string_equal(p = find1("s3c6410.dtsi"), "samsung/s3c6410.dtsi");
	free(p);
	assert_string_equal(p = find1("omap34xx.dtsi"), "ti/omap/omap34xx.dtsi");
	free(p);
	/* A relative path is taken as it is. */
	assert_string_equal(p = find1("samsung/s3c6410.dtsi"), "samsung/s3c6410.dtsi");
	free(p);
	assert_null(find1("omap/omap34xx.dtsi"));
	assert_null(find1("no-such.dtsi"));
	assert_string_equal(p = find1("deep.dtsi"), "a/b/c/deep.dtsi");
	free(p);
	assert_null(find1("too-deep.dtsi"));
	assert_null(dtsi_find(NULL, (const char *[]){ "flat.dtsi" }, 1));
}

static void test_candidates_in_order(void **state)
{
	const char *names[] = { "no-such.dtsi", "s3c6410.dtsi", "flat.dtsi" };
	char *p;

	(void)state;
	/* A direct hit on a later name does not beat an earlier name found deeper. */
	assert_string_equal(p = dtsi_find(root, names, 3), "samsung/s3c6410.dtsi");
	free(p);
	/* Two vendor directories with the name: the first by name, always. */
	assert_string_equal(p = find1("twice.dtsi"), "aa/twice.dtsi");
	free(p);
}

static void test_only_regular_files(void **state)
{
	char *dir = xasprintf("%s/arch/arm/boot/dts/fifo.dtsi", root);
	char *sub = xasprintf("%s/arch/arm/boot/dts/v/dir.dtsi", root);
	char *cmd = xasprintf("mkdir -p '%s'", sub);

	(void)state;
	assert_int_equal(mkfifo(dir, 0644), 0);
	assert_int_equal(system(cmd), 0);
	free(cmd);
	assert_null(find1("fifo.dtsi"));
	assert_null(find1("dir.dtsi"));
	free(dir);
	free(sub);
}

/*
 * A board no pack takes names its SoC (s5pv210_init_io, mx25_map_io): the
 * .dtsi files of that name, after an "i" or a vendor prefix, in walk order.
 */
static void test_named_by(void **state)
{
	const char *words[] = { "xp4xx", "s5pv210", "ixp4xx", "mx25", "omap34xx", "nothing" };
	struct ptrvec out = { 0 };
	size_t which[8];

	(void)state;
	dtsi_named_by(root, words, 6, &out, which, 8);
	assert_int_equal(out.len, 4);
	assert_string_equal(out.items[0], "s5pv210.dtsi");
	assert_int_equal(which[0], 1);
	assert_string_equal(out.items[1], "intel/ixp/intel-ixp4xx.dtsi");
	assert_int_equal(which[1], 2);
	assert_string_equal(out.items[2], "nxp/imx/imx25.dtsi");
	assert_int_equal(which[2], 3);
	assert_string_equal(out.items[3], "ti/omap/omap34xx.dtsi");
	assert_int_equal(which[3], 4);
	for (size_t i = 0; i < out.len; i++)
		free(out.items[i]);
	out.len = 0;
	dtsi_named_by(root, words, 6, &out, NULL, 2);	/* at most max */
	assert_int_equal(out.len, 2);
	for (size_t i = 0; i < out.len; i++)
		free(out.items[i]);
	pv_free(&out);
}

/*
 * A word of the name between dashes counts too: a 2.6.3x Nomadik board
 * (mach-nomadik/, cpu8815_init_irq) and 6.1's ste-nomadik-stn8815.dtsi; a
 * part of such a word does not.
 */
static void test_named_by_component(void **state)
{
	const char *words[] = { "cpu8815", "madik", "nomadik" };
	struct ptrvec out = { 0 };
	size_t which[4];

	(void)state;
	dtsi_named_by(root, words, 3, &out, which, 4);
	assert_int_equal(out.len, 1);
	assert_string_equal(out.items[0], "st/ste-nomadik-stn8815.dtsi");
	assert_int_equal(which[0], 2);
	free(out.items[0]);
	pv_free(&out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_flat_and_vendor_layouts),
		cmocka_unit_test(test_candidates_in_order),
		cmocka_unit_test(test_only_regular_files),
		cmocka_unit_test(test_named_by),
		cmocka_unit_test(test_named_by_component),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
