// SPDX-License-Identifier: GPL-2.0
/*
 * kernel/spi_nor_sizes.c: an SPI NOR chip's size from the spi-nor tables,
 * in 6.1's INFO(id, ext, sector, n) form and 6.12's .size form; a name
 * that is only a prefix of a listed one, or not listed, is -1. With the
 * tree: 6.1's mx25l4005a is 512 KiB, w25x32 4 MiB (3.x lacie_v2-common.c's
 * and board-da830-evm.c's flashes), and so in 6.12's tables.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>

#include "kernel/spi_nor_sizes.h"
#include "test_kernel.h"

static const char table_61[] =
	"static const struct flash_info macronix_nor_parts[] = {\n"
	"\t{ \"mx25l2005a\",  INFO(0xc22012, 0, 64 * 1024,   4)\n\t\tNO_SFDP_FLAGS(SECT_4K) },\n"
	"\t{ \"mx25l4005a\",  INFO(0xc22013, 0, 64 * 1024,   8)\n\t\tNO_SFDP_FLAGS(SECT_4K) },\n"
	"\t{ \"mx25u2033e\",  INFO(0xc22532, 0, SZ_64K, 4) },\n"
	"};\n";

static const char table_612[] =
	"static const struct flash_info winbond_nor_parts[] = {\n"
	"\t{\n\t\t.id = SNOR_ID(0xef, 0x30, 0x16),\n\t\t.name = \"w25x32\",\n"
	"\t\t.size = SZ_4M,\n\t\t.no_sfdp_flags = SECT_4K,\n\t}, {\n"
	"\t\t.id = SNOR_ID(0xef, 0x40, 0x16),\n\t\t.name = \"w25q32\",\n\t}, {\n"
	"\t\t.name = \"w25x80\",\n\t\t.size = 1024 * 1024,\n\t},\n};\n";

static void test_text(void **state)
{
	(void)state;
	assert_int_equal(spi_nor_size_in(table_61, "mx25l4005a"), 512 * 1024);
	assert_int_equal(spi_nor_size_in(table_61, "mx25l2005a"), 256 * 1024);
	assert_int_equal(spi_nor_size_in(table_61, "mx25u2033e"), 256 * 1024);
	assert_int_equal(spi_nor_size_in(table_61, "mx25l4005"), -1);
	assert_int_equal(spi_nor_size_in(table_612, "w25x32"), 4 * 1024 * 1024);
	assert_int_equal(spi_nor_size_in(table_612, "w25x80"), 1024 * 1024);
	/* no size in its entry (SFDP tells at run time): not known */
	assert_int_equal(spi_nor_size_in(table_612, "w25q32"), -1);
	assert_int_equal(spi_nor_size_in(table_612, "m25p80"), -1);
}

static void test_tree(void **state)
{
	const char *k = test_kernel_dir("drivers/mtd/spi-nor/macronix.c");

	(void)state;
	if (!k)
		skip();
	assert_int_equal(spi_nor_size(k, "mx25l4005a"), 512 * 1024);
	assert_int_equal(spi_nor_size(k, "w25x32"), 4 * 1024 * 1024);
	assert_int_equal(spi_nor_size(k, "no-such-chip"), -1);
	assert_int_equal(spi_nor_size("/nonexistent-b2d-tree", "w25x32"), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_text),
		cmocka_unit_test(test_tree),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
