// SPDX-License-Identifier: GPL-2.0
/*
 * MTD partitions: offsets may be MTDPART_OFS_APPEND (-1), i.e. right after
 * the previous partition, which the conversion tracks in `c->part_end`
 * (reset for each array of children), or MTDPART_OFS_NXTBLK (-2), the next
 * erase block after it: the same place when the previous end is a multiple
 * of 1 MiB (every erase block of a NAND or NOR chip of that era divides it);
 * else a TODO, since the erase block size is the chip's.
 */
#define NXTBLK_SAFE_ALIGN 0x100000
#include "converters.h"

#include "../../common/util.h"

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
	if (off == -1 || (off == -2 && pc->c->part_end % NXTBLK_SAFE_ALIGN == 0))
		off = pc->c->part_end;
	if (off == -2) {
		pc->reason = "MTDPART_OFS_NXTBLK after an end that is not 1 MiB aligned: the offset "
			     "depends on the chip's erase block size: set reg by hand";
		return NULL;
	}
	if (!size || size->kind != VAL_INT || size->ival <= 0 || off < 0) {
		pc->reason = "size is MTDPART_SIZ_FULL or unknown: set reg by hand";
		return NULL;
	}
	sz = size->ival;
	pc->c->part_end = off + sz;
	p = new_prop(pc);
	ch = dt_prop_add_cells(pc->c->t, p);
	dt_chunk_add_num(pc->c->t, ch, (uint32_t)off, pc->v && pc->v->ival == off ? conv_c_base(pc->v) : 0);
	dt_chunk_add_num(pc->c->t, ch, (uint32_t)sz, conv_c_base(size));
	pc->node->unit = arena_printf(pc->c->a, "%llx", off);
	return p;
}
