// SPDX-License-Identifier: GPL-2.0
/* Marvell MBus windows (Orion5x, Kirkwood, Dove, MV78xx0): `register: mbus_window` / `mbus_ranges`, and placing devices under the window that maps them. */
#include "registrations.h"

#include <string.h>

#include "../../common/util.h"

/* --- MBus windows (Marvell Orion/Dove/MV78xx0) --------------------------------- */

#define MBUS_ID(t, a)	(((uint32_t)(t) << 24) | ((uint32_t)(a) << 16))

/* <MBUS_ID(t, a) 0 base size> appended to the ranges of the bus node (/soc). */
void mbus_range(struct conv *c, const char *bus, unsigned t, unsigned a, long long base,
		       long long size, const struct srcpos *pos, const char *origin)
{
	struct dt_node *n = dt_child(c->t->root, bus, NULL);
	struct dt_prop *p;
	struct dt_chunk *ch;

	if (!n) {
		n = dt_node_add(c->t, c->t->root, bus, NULL);
		n->pos = *pos;
	}
	p = dt_prop_find(n, "ranges");
	if (!p) {
		p = dt_prop_set(c->t, n, "ranges");
		p->pos = *pos;
		p->origin = origin;
	}
	ch = dt_prop_add_cells(c->t, p);
	dt_chunk_add_macro(c->t, ch, arena_printf(c->a, "MBUS_ID(0x%02x, 0x%02x)", t, a), MBUS_ID(t, a));
	dt_chunk_add_u32(c->t, ch, 0);
	dt_chunk_add_u32(c->t, ch, (uint32_t)base);
	dt_chunk_add_u32(c->t, ch, (uint32_t)size);
}

/* The register map's number for name (a helper of one window), else the call argument's. */
static bool const_or_arg(struct reg_ctx *r, const char *name, long long *out)
{
	const struct value *v;

	if (rn_get_long(r->reg, name, out))
		return true;
	v = reg_arg(r, name);
	if (!v || v->kind != VAL_INT)
		return false;
	*out = v->ival;
	return true;
}

/*
 * register: {kind: mbus_window, bus: soc, windows: [{target, attr, label}...]};
 * a helper of one window (2.6.3x orion5x_setup_dev_boot_win(base, size)) gives
 * `target:` and `attr:` as numbers and its `label:`. `keep_config: PROP`: a
 * device placed under the window's node sets PROP there, as the board file
 * only opened the window and kept the boot loader's timings (the device bus
 * driver, mvebu-devbus.c, populates no child without timings or
 * devbus,keep-config).
 */
bool reg_mbus_window(struct reg_ctx *r)
{
	struct conv *c = r->c;
	const struct value *base = reg_arg(r, "base"), *size = reg_arg(r, "size");
	const struct rnode *wins = rn_get(r->reg, "windows");
	const char *bus = rn_str(r->reg, "bus") ? rn_str(r->reg, "bus") : "soc";
	struct mbus_window *w;
	long long t, a;

	if (!const_or_arg(r, "target", &t) || !const_or_arg(r, "attr", &a) || !base || !size ||
	    base->kind != VAL_INT || size->kind != VAL_INT) {
		reg_todo(r, "MBus window not known at build time");
		return true;
	}
	w = arena_alloc(c->a, sizeof(*w));
	w->target = (unsigned)(t & 0xff);
	long long amask = 0xff;

	/* ORION_MBUS_DEVBUS_ATTR(cs) is ~(1 << cs): `attr_mask:` keeps the bits the .dtsi spells */
	rn_get_long(r->reg, "attr_mask", &amask);
	w->attr = (unsigned)(a & amask);
	w->label = rn_str(r->reg, "label");
	w->keep = rn_str(r->reg, "keep_config");
	w->base = base->ival;
	w->size = size->ival;
	for (size_t i = 0; wins && i < wins->n; i++) {
		long long wt = -1, wa = -1;

		rn_get_long(wins->items[i], "target", &wt);
		rn_get_long(wins->items[i], "attr", &wa);
		if (wt == w->target && wa == w->attr)
			w->label = rn_str(wins->items[i], "label");
	}
	arena_push(c->a, (void ***)&c->windows, &c->nwindows, w);
	mbus_range(c, bus, w->target, w->attr, w->base, w->size, &r->call->pos, r->call->spelling);
	reg_converted(r, w->label ? arena_printf(c->a, "/%s ranges; devices at 0x%llx go under &%s", bus,
					     w->base, w->label)
			      : arena_printf(c->a, "/%s ranges", bus));
	return true;
}

/* register: {kind: mbus_ranges, bus: soc, ranges: [[target, attr, base, size]...]}: fixed windows. */
bool reg_mbus_ranges(struct reg_ctx *r)
{
	const struct rnode *l = rn_get(r->reg, "ranges");
	const char *bus = rn_str(r->reg, "bus") ? rn_str(r->reg, "bus") : "soc";

	for (size_t i = 0; l && i < l->n; i++) {
		long long v[4] = { 0 };

		for (size_t k = 0; k < 4 && l->items[i]->kind == RN_SEQ && k < l->items[i]->n; k++)
			rn_long(l->items[i]->items[k], &v[k]);
		mbus_range(r->c, bus, (unsigned)v[0], (unsigned)v[1], v[2], v[3], &r->call->pos,
			   r->call->spelling);
	}
	reg_converted(r, arena_printf(r->c->a, "/%s ranges (SoC windows)", bus));
	return true;
}

/*
 * A platform device whose MEM resource lies in an MBus window goes under the
 * window's devbus node: as a child with a window-relative reg (`flash@0`), or,
 * with `window: node` in its platform rule (orion_nand), as the node itself.
 */
struct dt_node *conv_mbus_place(struct conv *c, struct dt_node *n, const struct rnode *rule)
{
	struct dt_prop *reg = dt_prop_find(n, "reg");
	const struct mbus_window *w = NULL;
	struct dt_node *bus, *root = n->parent;
	struct dt_cell *cell;

	if (!reg || !reg->nchunks || reg->chunks[0]->ncells < 2)
		return n;
	cell = &reg->chunks[0]->cells[0];
	for (size_t i = 0; i < c->nwindows; i++)
		if (c->windows[i]->label && cell->val >= c->windows[i]->base &&
		    cell->val < c->windows[i]->base + c->windows[i]->size)
			w = c->windows[i];
	if (!w)
		return n;
	dt_node_unlink(root, n);
	bus = conv_enable(c, w->label, &n->pos, n->origin);
	if (str_eq(rn_str(rule, "window"), "node")) {
		/* reg: the window itself, in the parent bus's MBus address space. */
		cell->kind = CELL_MACRO;
		cell->text = arena_printf(c->a, "MBUS_ID(0x%02x, 0x%02x)", w->target, w->attr);
		cell->val = MBUS_ID(w->target, w->attr);
		dt_chunk_add_u32(c->t, reg->chunks[0], reg->chunks[0]->cells[1].val);
		reg->chunks[0]->cells[1] = (struct dt_cell){ .kind = CELL_U32, .val = 0 };
		for (size_t i = 0; i < n->nprops; i++)
			arena_push(c->a, (void ***)&bus->props, &bus->nprops, n->props[i]);
		for (size_t i = 0; i < n->nchildren; i++) {
			n->children[i]->parent = bus;
			arena_push(c->a, (void ***)&bus->children, &bus->nchildren, n->children[i]);
		}
		for (size_t i = 0; i < n->ntodos; i++)
			arena_push(c->a, (void ***)&bus->todos, &bus->ntodos, n->todos[i]);
		return bus;
	}
	cell->val -= (uint32_t)w->base;
	if (w->keep && !dt_prop_find(bus, w->keep)) {
		struct dt_prop *keep = dt_prop_set(c->t, bus, w->keep);

		keep->pos = n->pos;
		keep->origin = arena_printf(c->a, "the window of %s: the boot loader's timings",
					    n->name);
	}
	n->unit = arena_printf(c->a, "%x", cell->val);
	n->parent = bus;
	arena_push(c->a, (void ***)&bus->children, &bus->nchildren, n);
	return n;
}
