/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The size of an SPI NOR chip by its name, from the target tree's
 * drivers/mtd/spi-nor/ tables: 6.1's `{ "mx25l4005a", INFO(0xc22013, 0,
 * 64 * 1024, 8) ... }` (sector size times sectors) and 6.12's `.name =
 * "mx25l4005a", .size = SZ_512K`. What a board's last partition,
 * MTDPART_SIZ_FULL, ends at (engine/converters/partition.c).
 */
#ifndef B2D_SPI_NOR_SIZES_H
#define B2D_SPI_NOR_SIZES_H

/* The chip's size in bytes, or -1 (no such name, no tree); reads the tables at each call. */
long long spi_nor_size(const char *kdir, const char *name);

/* The same in one table file's text (for tests). */
long long spi_nor_size_in(const char *text, const char *name);

#endif
