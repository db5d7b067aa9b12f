/* SPDX-License-Identifier: GPL-2.0 */
/*
 * board2dts model: <linux/mtd/nand.h> of 2.6.x - 4.15 is today's
 * <linux/mtd/rawnand.h> (renamed in 4.16; the old name now holds the
 * generic NAND core). A board file of that era includes it for
 * NAND_BBT_USE_FLASH, NAND_BUSWIDTH_16, struct nand_bbt_descr: the target's
 * header of that name, then the raw NAND one. Tolerant mode only.
 */
#ifndef BOARD2DTS_MODEL_LINUX_MTD_NAND_H
#define BOARD2DTS_MODEL_LINUX_MTD_NAND_H

#if defined(__has_include_next) && __has_include_next(<linux/mtd/nand.h>)
#include_next <linux/mtd/nand.h>
#endif
#if defined(__has_include) && __has_include(<linux/mtd/rawnand.h>)
#include <linux/mtd/rawnand.h>
#endif

/* 2.6.x: the on-flash BBT was an .options bit (3.x moved it to .bbt_options) */
#ifndef NAND_USE_FLASH_BBT
#define NAND_USE_FLASH_BBT 0x00010000
#endif

#endif
