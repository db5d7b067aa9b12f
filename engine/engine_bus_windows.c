// SPDX-License-Identifier: GPL-2.0
/*
 * Devices on a SoC's external bus. A board file gives a flash, an SRAM or
 * an Ethernet chip on the external memory interface its CPU address
 * (mach-pcm038.c's NOR at MX27_CS0_BASE_ADDR, 0xc0000000), so the
 * conversion writes a root node `flash@c0000000`; the target's .dtsi
 * describes that interface as a bus whose `ranges` map chip select N to
 * that window (imx27.dtsi: weim, `#address-cells = <2>`, `ranges = <0 0
 * 0xc0000000 0x08000000 ...>`; AT91's ebi, DaVinci's aemif, i.MX5's weim),
 * and upstream boards put the device there: `&weim { flash@0,0 { reg =
 * <0 0 0x2000000>; }; }`. A root node whose every reg entry falls in one
 * window of such a bus is moved under the bus's label, its reg written as
 * <chip-select offset size> and its unit address "cs,offset"; the bus is
 * enabled. Learned from the .dtsi's ranges: no SoC's windows are written
 * here. A node in no window, or split over two, stays where it is.
 */
#include "engine_int.h"

#include <libfdt.h>
#include <stdlib.h>
#include <string.h>

#include "../common/util.h"
#include "../kernel/soc_dtsi.h"

/* One chip-select window of a bus: child (cs, off) at CPU address base. */
struct window {
	const char *label;	/* the bus's label (weim) */
	uint32_t cs, off;
	uint64_t base, size;
};

/* The windows of the .dtsi's labelled buses with 2 address cells (cs, offset), 1 size cell. */
static size_t windows_of(const struct soc_dtsi *d, struct arena *a, struct window **out)
{
	const void *fdt = soc_dtsi_fdt(d);
	struct window *w = NULL;
	size_t n = 0, cap = 0;
	int off, len;

	for (off = fdt_next_node(fdt, -1, NULL); off >= 0; off = fdt_next_node(fdt, off, NULL)) {
		const fdt32_t *r = fdt_getprop(fdt, off, "ranges", &len);
		int parent = fdt_parent_offset(fdt, off);
		const char *label = soc_dtsi_label_of(d, off);

		if (!r || len <= 0 || !label || parent < 0 || fdt_address_cells(fdt, off) != 2 ||
		    fdt_size_cells(fdt, off) != 1 || fdt_address_cells(fdt, parent) != 1 ||
		    len % 16)
			continue;
		for (int i = 0; i < len / 16; i++, n++) {
			if (n == cap) {
				struct window *g = arena_alloc(a, (cap = cap ? cap * 2 : 8) * sizeof(*g));

				if (n)
					memcpy(g, w, n * sizeof(*g));
				w = g;
			}
			w[n] = (struct window){ label, fdt32_to_cpu(r[4 * i]), fdt32_to_cpu(r[4 * i + 1]),
						fdt32_to_cpu(r[4 * i + 2]), fdt32_to_cpu(r[4 * i + 3]) };
		}
	}
	*out = w;
	return n;
}

/* A reg of <addr size> pairs of plain numbers: their count, else 0. */
static size_t reg_pairs(const struct dt_prop *reg)
{
	size_t cells = 0;

	for (size_t i = 0; i < reg->nchunks; i++) {
		const struct dt_chunk *ch = reg->chunks[i];

		if (ch->kind != CHUNK_CELLS || ch->bits)
			return 0;
		for (size_t k = 0; k < ch->ncells; k++)
			if (ch->cells[k].kind != CELL_U32)
				return 0;
		cells += ch->ncells;
	}
	return cells % 2 ? 0 : cells / 2;
}

/* The pair-th <addr size> of reg. */
static void reg_pair(const struct dt_prop *reg, size_t pair, uint64_t *addr, uint64_t *size)
{
	size_t at = 0;

	for (size_t i = 0; i < reg->nchunks; i++)
		for (size_t k = 0; k < reg->chunks[i]->ncells; k++, at++) {
			if (at == 2 * pair)
				*addr = reg->chunks[i]->cells[k].val;
			if (at == 2 * pair + 1)
				*size = reg->chunks[i]->cells[k].val;
		}
}

/* The window every <addr size> of reg falls in (one bus, one chip select), or NULL. */
static const struct window *window_of(const struct soc_dtsi *d, const struct window *w, size_t nw,
				     const struct dt_prop *reg)
{
	size_t np = reg_pairs(reg);
	const struct window *hit = NULL;

	for (size_t p = 0; p < np; p++) {
		uint64_t addr = 0, size = 0;
		const struct window *in = NULL;

		reg_pair(reg, p, &addr, &size);
		for (size_t i = 0; i < nw && !in; i++)
			if (addr >= w[i].base && size <= w[i].size && addr - w[i].base <= w[i].size - size)
				in = &w[i];
		/* a device of the .dtsi at that address is no device on the bus */
		if (!in || (hit && hit != in) || soc_dtsi_label_at(d, addr))
			return NULL;
		hit = in;
	}
	return hit;
}

/* Move n (a root child) under the bus of window in, its reg in the bus's terms. */
static void move(struct conv *c, struct dt_node *n, struct dt_prop *reg, const struct window *in)
{
	struct dt_node *bus = dt_overlay(c->t, in->label), *root = c->t->root;
	size_t np = reg_pairs(reg);
	uint64_t *v = arena_alloc(c->a, 2 * np * sizeof(*v));
	struct dt_chunk *ch;

	for (size_t p = 0; p < np; p++)
		reg_pair(reg, p, &v[2 * p], &v[2 * p + 1]);
	reg->chunks = NULL;
	reg->nchunks = 0;
	for (size_t p = 0; p < np; p++) {
		ch = dt_prop_add_cells(c->t, reg);
		dt_chunk_add_u32(c->t, ch, in->cs);
		dt_chunk_add_u32(c->t, ch, (uint32_t)(in->off + v[2 * p] - in->base));
		dt_chunk_add_u32(c->t, ch, (uint32_t)v[2 * p + 1]);
		for (size_t k = 0; k < ch->ncells; k++)
			ch->cells[k].base = 16;	/* as the board's addresses were */
	}
	reg->origin = arena_printf(c->a, "%s; chip select %u of &%s (its ranges: 0x%llx)",
				   reg->origin ? reg->origin : "reg", in->cs, in->label,
				   (unsigned long long)in->base);
	n->unit = arena_printf(c->a, "%x,%x", in->cs, (unsigned)(in->off + v[0] - in->base));
	dt_node_unlink(root, n);
	n->parent = bus;
	arena_push(c->a, (void ***)&bus->children, &bus->nchildren, n);
	/* `bus_child_todo: {weim: ...}`: what the bus's binding needs of each
	 * child and the boot loader set (the i.MX WEIM's fsl,weim-cs-timing) */
	if (rn_str(rn_get(c->soc, "bus_child_todo"), in->label))
		dt_node_add_todo(c->t, n, &n->pos, arena_printf(c->a, "%s@%s", n->name, n->unit),
				 rn_str(rn_get(c->soc, "bus_child_todo"), in->label));
	if (!dt_prop_find(bus, "status")) {
		struct dt_prop *st = dt_prop_set(c->t, bus, "status");

		dt_prop_add_string(c->t, st, "okay");
		st->pos = n->pos;
		st->origin = arena_printf(c->a, "the bus of %s@%s", n->name, n->unit);
	}
}

/* A device on a chip select the board requested itself: its window, its reg <off size>. */
struct cs_move {
	struct dt_node *n;
	struct dt_prop *reg;
	struct window w;
	const char *todo;
	const struct call *cl;	/* its gpmc_cs_request() */
};

/* The call of `cs_request:` whose base argument is &name, when exactly one is; else NULL. */
static const struct call *cs_call(const struct conv *c, const struct rnode *rule, const char *name)
{
	const struct call *hit = NULL;
	long long cs = -1, size = -1, base = -1;

	rn_get_long(rule, "cs", &cs);
	rn_get_long(rule, "size", &size);
	rn_get_long(rule, "base", &base);
	for (size_t i = 0; base >= 0 && i < c->b->nfuncs; i++)
		for (size_t k = 0; k < c->b->funcs[i]->ncalls; k++) {
			const struct call *cl = c->b->funcs[i]->calls[k];

			if (!str_eq(cl->callee, rn_str(rule, "call")) || cl->nargs <= (size_t)base ||
			    cl->nargs <= (size_t)cs || cl->nargs <= (size_t)size ||
			    cl->args[base]->kind != VAL_ADDR || !str_eq(cl->args[base]->text, name) ||
			    cl->args[cs]->kind != VAL_INT || cl->args[size]->kind != VAL_INT)
				continue;
			if (hit)
				return NULL;
			hit = cl;
		}
	return hit;
}

/* text is "name" (0) or "name + N" (N), *off; or "name + SIZE - 1" (-1: the window's end). */
static bool base_plus(const char *text, const char *name, const char *size, long long *off)
{
	size_t n = strlen(name);
	char *end;

	if (!text || strncmp(text, name, n) || (text[n] && text[n] != ' ' && text[n] != '+'))
		return false;
	text += n + strspn(text + n, " ");
	if (!*text)
		return (*off = 0), true;
	if (*text++ != '+')
		return false;
	text += strspn(text, " ");
	if (size && !strncmp(text, size, strlen(size)) && !strcmp(text + strlen(size), " - 1"))
		return (*off = -1), true;
	*off = strtoll(text, &end, 0);
	return end != text && !*end && *off >= 0;
}

struct dt_prop *conv_cs_window_reg(struct conv *c, struct dt_node *n, const struct value *res,
				   const struct value *start, const struct value *end)
{
	const struct rnode *rule = rn_get(c->soc, "cs_request");
	const char *name = start->spelling ? arena_strndup(c->a, start->spelling,
							   strcspn(start->spelling, " +")) : NULL;
	const struct call *cl;
	long long size = -1, off, last;
	struct cs_move *m;

	if (!rule || start->kind == VAL_INT || !name || !*name || !(cl = cs_call(c, rule, name)))
		return NULL;
	rn_get_long(rule, "size", &size);
	const struct value *sz = cl->args[size];

	if (!base_plus(start->spelling, name, NULL, &off) || !end ||
	    !base_plus(end->spelling, name, sz->spelling, &last) || (last >= 0 && last < off))
		return NULL;
	m = arena_alloc(c->a, sizeof(*m));
	rn_get_long(rule, "cs", &size);
	m->n = n;
	m->w = (struct window){ rn_str(rule, "bus"), (uint32_t)cl->args[size]->ival, 0, 0,
				(uint64_t)sz->ival };
	m->todo = rn_str(rule, "todo");
	m->cl = cl;
	m->reg = dt_prop_set(c->t, n, "reg");
	m->reg->pos = res->pos;
	struct dt_chunk *ch = dt_prop_add_cells(c->t, m->reg);

	dt_chunk_add_u32(c->t, ch, (uint32_t)off);
	dt_chunk_add_u32(c->t, ch, (uint32_t)(last < 0 ? sz->ival - off : last - off + 1));
	m->reg->origin = arena_printf(c->a, "%s; %s", res->spelling ? res->spelling : "resource",
				      cl->spelling);
	arena_push(c->a, (void ***)&c->cs_moves, &c->ncs_moves, m);
	return m->reg;
}

static bool same_pos(const struct srcpos *a, const struct srcpos *b)
{
	return a->line == b->line && a->col == b->col && str_eq(a->file, b->file);
}

/*
 * The chip select request a moved device uses is that device's window:
 * its call, a "no rule" TODO until now, is converted (a request no device
 * uses stays the TODO), and its TODO comment goes.
 */
static void settle_cs_call(struct conv *c, const struct cs_move *m)
{
	for (size_t i = 0; i < c->t->nfacts; i++) {
		struct fact *f = c->t->facts[i];

		if (!str_eq(f->kind, "call") || f->fate != FACT_TODO || !f->reason ||
		    strncmp(f->reason, "no rule for call ", 17) || !same_pos(&f->pos, &m->cl->pos))
			continue;
		f->fate = FACT_CONVERTED;
		f->reason = NULL;
		f->became = arena_printf(c->a, "the window of %s (chip select %u of &%s)",
					 dt_node_path(c->t, m->n), m->w.cs, m->w.label);
	}
	for (size_t i = 0; i < c->t->ntodos; i++)
		if (same_pos(&c->t->todos[i]->pos, &m->cl->pos) &&
		    !strncmp(c->t->todos[i]->reason, "no rule for call ", 17)) {
			memmove(&c->t->todos[i], &c->t->todos[i + 1],
				(c->t->ntodos - i - 1) * sizeof(c->t->todos[0]));
			c->t->ntodos--;
			i--;
		}
}

void conv_bus_windows(struct conv *c)
{
	struct window *w = NULL;
	size_t nw = c->opt && c->opt->dtsi ? windows_of(c->opt->dtsi, c->a, &w) : 0;
	const void *fdt = nw ? soc_dtsi_fdt(c->opt->dtsi) : NULL;

	for (size_t i = 0; i < c->ncs_moves; i++) {
		struct cs_move *m = c->cs_moves[i];
		const char *origin = m->reg->origin;

		if (m->n->parent != c->t->root || !m->w.label)
			continue;
		move(c, m->n, m->reg, &m->w);
		m->reg->origin = arena_printf(c->a, "%s: chip select %u of &%s", origin, m->w.cs,
					      m->w.label);
		if (m->todo)
			dt_node_add_todo(c->t, m->n, &m->n->pos, arena_printf(c->a, "%s@%s",
					 m->n->name, m->n->unit), m->todo);
		settle_cs_call(c, m);
	}
	if (!nw || fdt_address_cells(fdt, 0) != 1 || fdt_size_cells(fdt, 0) != 1)
		return;
	for (size_t i = 0; i < c->t->root->nchildren; i++) {
		struct dt_node *n = c->t->root->children[i];
		/* RAM is on the bus too (AT91's SDRAM on EBI chip select 1): not a device;
		 * nor is a node of the .dtsi itself (da850.dtsi's /aemif@68000000, whose
		 * control registers its own ranges map), which the board's merges into */
		bool skip = str_eq(n->name, "memory") || dt_prop_find(n, "device_type") ||
			    !n->unit || fdt_path_offset(fdt, arena_printf(c->a, "/%s@%s", n->name,
									   n->unit)) >= 0;
		struct dt_prop *reg = skip ? NULL : dt_prop_find(n, "reg");
		const struct window *in = reg ? window_of(c->opt->dtsi, w, nw, reg) : NULL;

		if (in) {
			move(c, n, reg, in);
			i--;
		}
	}
}
