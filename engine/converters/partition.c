// SPDX-License-Identifier: GPL-2.0
/*
 * MTD partitions: offsets may be MTDPART_OFS_APPEND (-1), i.e. right after
 * the previous partition, which the conversion tracks in `c->part_end`
 * (reset for each array of children), or MTDPART_OFS_NXTBLK (-2), the next
 * erase block after it: the same place when the previous end is a multiple
 * of 1 MiB (every erase block of a NAND or NOR chip of that era divides it);
 * else a TODO, since the erase block size is the chip's.
 *
 * A size of MTDPART_SIZ_FULL (0) is the rest of the device. That is known
 * when the device's node (the partitions node's parent) is a memory-mapped
 * flash (cfi-flash, jedec-flash, mtd-rom, mtd-ram) at the root with a reg of
 * one address and one size cell, both numbers: the window the board's
 * resource gave. The partition ends where that window
 * ends (MTD cuts a partition at the chip's end, should the window be larger
 * than the chip). An SPI NOR chip the board names (`.type = "mx25l4005a"`,
 * the chip converter's "mxicy,mx25l4005a") has the size the target's
 * spi-nor tables give it (kernel/spi_nor_sizes.c). Else (a NAND, whose
 * size is its chip's; a NOR whose window is not known) the size is written
 * as 0, the DT's spelling of the same
 * thing: drivers/mtd/parsers/ofpart_core.c passes a reg size of 0 through and
 * drivers/mtd/mtdpart.c makes a partition of size MTDPART_SIZ_FULL (0) the
 * rest of the device, as 6.1's da850-lcdk.dts writes `reg = <0x0a0000 0>`.
 * A partition after it (MTDPART_OFS_APPEND) starts where the device ends: a
 * TODO.
 */
#define NXTBLK_SAFE_ALIGN 0x100000
#include "converters.h"

#include "../../common/util.h"
#include "../../kernel/spi_nor_sizes.h"

#include <string.h>

/* The bindings of memory-mapped flash, whose reg is the flash itself. */
static const char *const mapped_flash[] = { "cfi-flash", "jedec-flash", "mtd-rom", "mtd-ram" };

static bool is_mapped_flash(const struct dt_node *dev)
{
	const struct dt_prop *compat = dt_prop_find(dev, "compatible");

	for (size_t i = 0; compat && i < compat->nchunks; i++)
		for (size_t k = 0; k < sizeof(mapped_flash) / sizeof(mapped_flash[0]); k++)
			if (compat->chunks[i]->kind == CHUNK_STRING &&
			    str_eq(compat->chunks[i]->str, mapped_flash[k]))
				return true;
	return false;
}

/*
 * An SPI NOR chip ("mxicy,mx25l4005a", "jedec,spi-nor", the chip converter's
 * pair): its size from the target tree's spi-nor tables, or -1.
 */
static long long spi_nor_chip_size(const struct conv *c, const struct dt_node *dev)
{
	const struct dt_prop *compat = dt_prop_find(dev, "compatible");
	const char *chip, *comma;

	if (!compat || compat->nchunks != 2 || compat->chunks[0]->kind != CHUNK_STRING ||
	    compat->chunks[1]->kind != CHUNK_STRING || !str_eq(compat->chunks[1]->str, "jedec,spi-nor"))
		return -1;
	chip = compat->chunks[0]->str;
	comma = strchr(chip, ',');
	return spi_nor_size(c->opt ? c->opt->kernel_dir : NULL, comma ? comma + 1 : chip);
}

/*
 * The size of the device that holds partition node `part` (see above), or
 * -1. Only a memory-mapped flash (its compatible says so): a NAND
 * controller's reg is its registers, not the chip; or an SPI NOR chip the
 * target's tables size.
 */
static long long device_size(const struct conv *c, const struct dt_node *part)
{
	const struct dt_node *dev = part->parent ? part->parent->parent : NULL;
	const struct dt_prop *reg = dev ? dt_prop_find(dev, "reg") : NULL;
	const struct dt_chunk *ch = reg && reg->nchunks == 1 ? reg->chunks[0] : NULL;

	if (dev && !is_mapped_flash(dev))
		return spi_nor_chip_size(c, dev);
	if (!dev || !is_mapped_flash(dev) || !dev->parent || dev->parent->parent || !ch ||
	    ch->kind != CHUNK_CELLS ||
	    ch->bits || ch->ncells != 2 || ch->cells[0].kind != CELL_U32 ||
	    ch->cells[1].kind != CELL_U32)
		return -1;	/* not a root node's <address size> (root: 1 and 1 cells) */
	return ch->cells[1].val;
}

struct dt_prop *cv_partition(struct prop_ctx *pc)
{
	const struct value *size = conv_field(pc->c, pc->list, rn_str(pc->rule, "size"));
	long long off, sz;
	struct dt_prop *p;
	struct dt_chunk *ch;

	if (pc->v && pc->v->kind != VAL_INT) {
		pc->reason = "offset not known at build time";
		return NULL;
	}
	off = pc->v ? pc->v->ival : 0;
	if ((off == -1 || off == -2) && pc->c->part_end < 0) {
		pc->reason = "after a partition that takes the rest of the device (MTDPART_SIZ_FULL): "
			     "set reg by hand";
		return NULL;
	}
	if (off == -1 || (off == -2 && pc->c->part_end % NXTBLK_SAFE_ALIGN == 0))
		off = pc->c->part_end;
	if (off == -2) {
		pc->reason = "MTDPART_OFS_NXTBLK after an end that is not 1 MiB aligned: the offset "
			     "depends on the chip's erase block size: set reg by hand";
		return NULL;
	}
	sz = size && size->kind == VAL_INT ? size->ival : -1;
	if (sz == 0 && off >= 0 && device_size(pc->c, pc->node) > off)
		sz = device_size(pc->c, pc->node) - off;	/* MTDPART_SIZ_FULL: the rest */
	if (sz < 0 || off < 0) {
		pc->reason = "size not known at build time: set reg by hand";
		return NULL;
	}
	if (sz == 0)
		pc->note = "size 0 = MTDPART_SIZ_FULL: the rest of the device";
	pc->c->part_end = sz ? off + sz : -1;
	p = new_prop(pc);
	ch = dt_prop_add_cells(pc->c->t, p);
	dt_chunk_add_num(pc->c->t, ch, (uint32_t)off, pc->v && pc->v->ival == off ? conv_c_base(pc->v) : 0);
	dt_chunk_add_num(pc->c->t, ch, (uint32_t)sz, !sz ? 10 : size->ival ? conv_c_base(size) : 16);
	pc->node->unit = arena_printf(pc->c->a, "%llx", off);
	return p;
}
