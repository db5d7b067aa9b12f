// SPDX-License-Identifier: GPL-2.0
/*
 * `register: gpmc_nand`: a NAND chip on an OMAP GPMC chip select, the node
 * `nand@CS,0 { compatible = "ti,omap2-nand"; reg = <CS 0 4>; }` under the
 * `.dtsi`'s `&gpmc`, from the helpers of every era:
 *
 *	gpmc_nand_init(&pdata)			2.6.3x-3.x: .cs, .parts, .nr_parts,
 *						.devsize (3.x) or .options (2.6.3x)
 *	board_nand_init(parts, nr, cs, type)	3.x board-flash.c
 *	omap_nand_flash_init(options, parts, nr) 3.x: the chip select is the
 *						one the bootloader configured, found
 *						at run time
 *
 * Keys: `cs`, `parts`, `count`, `width` name the call's arguments, `pdata`
 * the argument whose struct (its `struct:` rule) carries them; `container`
 * the partitions' node. Bus width: NAND_BUSWIDTH_16 (bit 1) is 16, else 8;
 * a non-zero .devsize is 16 (1 in 2.6.3x - 3.3, "'1' for 16-bit device",
 * GPMC_DEVICESIZE_16 later; NAND_BUSWIDTH_16 between).
 * What the helper learns at run time is a TODO, the written default says so.
 */
#include "registrations.h"

#include "../../common/util.h"

#define NAND_BUSWIDTH_16 0x2

/* An argument named by key `key` of the register map, or a field of the pdata. */
static const struct value *nand_value(struct reg_ctx *r, const struct value *pd, const char *key,
				      const char *field)
{
	if (pd)
		return field ? conv_field(r->c, pd, field) : NULL;
	return rn_str(r->reg, key) ? reg_arg(r, rn_str(r->reg, key)) : NULL;
}

static void nand_width(struct reg_ctx *r, struct dt_node *n, const struct value *w, bool devsize)
{
	struct conv *c = r->c;
	struct dt_prop *p;

	if (w && w->kind != VAL_INT) {
		dt_node_add_todo(c->t, n, &w->pos, conv_origin(c, w),
				 "bus width not known at build time: nand-bus-width = <8> or <16>");
		return;
	}
	p = dt_prop_set(c->t, n, "nand-bus-width");
	dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, p),
			 w && (devsize ? w->ival != 0 : (w->ival & NAND_BUSWIDTH_16)) ? 16 : 8);
	p->pos = w ? w->pos : r->call->pos;
	p->origin = w ? conv_origin(c, w) : "no NAND_BUSWIDTH_16: 8 bits";
}

bool reg_gpmc_nand(struct reg_ctx *r)
{
	struct conv *c = r->c;
	const struct variable *pdv = rn_str(r->reg, "pdata") ?
		conv_deref_one(c, reg_arg(r, rn_str(r->reg, "pdata"))) : NULL;
	const struct value *pd = pdv ? pdv->init : NULL;
	const struct value *cs, *parts, *count, *width;
	bool devsize = pd && conv_field(c, pd, "devsize");
	const struct variable *arr;
	struct dt_node *gpmc, *n;
	struct dt_prop *p;
	long long csn = 0;

	if (rn_str(r->reg, "pdata") && !pd) {
		reg_todo(r, "NAND platform data not in this file: describe the chip under &gpmc by hand");
		return true;
	}
	cs = nand_value(r, pd, "cs", "cs");
	parts = nand_value(r, pd, "parts", "parts");
	count = nand_value(r, pd, "count", "nr_parts");
	/* 3.x .devsize, 2.6.3x .options */
	width = nand_value(r, pd, "width", devsize ? "devsize" : "options");
	if (cs && cs->kind == VAL_INT)
		csn = cs->ival;
	gpmc = dt_overlay(c->t, "gpmc");
	n = dt_node_add(c->t, gpmc, "nand", arena_printf(c->a, "%lld,0", csn));
	n->pos = r->call->pos;
	p = dt_prop_set(c->t, n, "compatible");
	dt_prop_add_string(c->t, p, "ti,omap2-nand");
	p->pos = r->call->pos;
	p->origin = r->call->spelling;
	p = dt_prop_set(c->t, n, "reg");
	{
		struct dt_chunk *ch = dt_prop_add_cells(c->t, p);

		dt_chunk_add_u32(c->t, ch, (uint32_t)csn);
		dt_chunk_add_u32(c->t, ch, 0);
		dt_chunk_add_u32(c->t, ch, 4);
	}
	if (cs && cs->kind == VAL_INT) {
		p->pos = cs->pos;
		p->origin = arena_printf(c->a, "chip select %s; the NAND I/O window, 4 bytes",
					 conv_origin(c, cs));
	} else {
		/* 2.6.3x beagle: `nand_data.cs = nandcs;` after a scan of the GPMC */
		p->pos = r->call->pos;
		p->origin = "the NAND I/O window, 4 bytes";
		dt_node_add_todo(c->t, n, cs ? &cs->pos : &r->call->pos, "reg",
				 arena_printf(c->a, "the chip select is found at run time%s%s (the one the "
					      "bootloader configured for NAND): CS0 written, the OMAP "
					      "boot ROM's NAND chip select; check it", cs ? ": " : "",
					      cs ? conv_origin(c, cs) : ""));
	}
	dt_node_add_todo(c->t, gpmc, &r->call->pos, "ranges",
			 arena_printf(c->a, "the GPMC window of chip select %lld (the bootloader's "
				      "configuration): ranges = <%lld 0 BASE SIZE>", csn, csn));
	nand_width(r, n, width, devsize);
	arr = parts ? conv_deref(c, parts) : NULL;
	if (arr && arr->init)
		conv_add_children(c, n, arr, count, conv_struct_rule(c, "mtd_partition"),
				  rn_get(r->reg, "container"));
	else if (parts && !value_is_zero(parts))
		dt_node_add_todo(c->t, n, &parts->pos, conv_origin(c, parts),
				 "the partition table is not in this file: describe it by hand");
	if (pd) {
		conv_mark_var(c, pdv->name);
		conv_apply_struct(c, n, conv_struct_rule(c, rn_str(r->reg, "struct")), pd, pdv->name);
	}
	/* `ecc: sw`: the ECC the helper's own data leaves at 0 (3.x board-flash.c's
	 * omap_nand_flash_init(): software Hamming), which ti,gpmc-nand requires */
	if (rn_str(r->reg, "ecc") && !dt_prop_find(n, "ti,nand-ecc-opt")) {
		p = dt_prop_set(c->t, n, "ti,nand-ecc-opt");
		dt_prop_add_string(c->t, p, rn_str(r->reg, "ecc"));
		p->pos = r->call->pos;
		p->origin = arena_printf(c->a, "%s: the helper's ECC (its data leaves .ecc_opt 0)",
					 r->call->callee);
	}
	reg_converted(r, dt_node_path(c->t, n));
	return true;
}
