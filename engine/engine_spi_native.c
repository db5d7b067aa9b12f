// SPDX-License-Identifier: GPL-2.0
/*
 * Native chip selects of an SPI controller (rule `native: OFFSET` of a
 * gpio_array: the i.MX spi_imx_master .chipselect[]). The board's devices
 * name a logical chip select, an index into that table; an entry
 * MXC_SPI_CS(n) (n - 32) is the controller's own signal SSn. In a device
 * tree the reg of a device on a native chip select is that signal's number
 * (spi-imx drives SS<reg>), and cs-gpios, when given, is indexed by reg.
 * 3.6 mach-mx31_3ds.c: `spi1_internal_chipselect = { MXC_SPI_CS(0),
 * MXC_SPI_CS(2) }` and the MC13783 at `.chip_select = 1`, "SS2": its node
 * is pmic@2, reg = <2>. So once every call is converted, the devices under
 * such a controller are renumbered, and cs-gpios is rebuilt by reg: <0> at
 * each native signal, a GPIO line at its own index. A GPIO entry whose
 * index is another entry's signal leaves both as they are, with a TODO.
 */
#include "engine_int.h"

#include <string.h>

#include "../common/util.h"

struct native_cs {
	struct dt_node *ctrl;
	const char *prop;		/* "cs-gpios" */
	long long *signal;		/* per logical index: the signal, or -1 (a GPIO) */
	size_t n;
};

void conv_note_native_cs(struct conv *c, struct dt_node *ctrl, const char *prop,
			 const long long *signal, size_t n)
{
	struct native_cs *s = arena_alloc(c->a, sizeof(*s));

	s->ctrl = ctrl;
	s->prop = prop;
	s->n = n;
	s->signal = arena_alloc(c->a, n * sizeof(*s->signal));
	memcpy(s->signal, signal, n * sizeof(*signal));
	arena_push(c->a, (void ***)&c->native_cs, &c->nnative_cs, s);
}

/* The chip select a bus child's reg names, or -1. */
static long long child_cs(const struct dt_node *k)
{
	const struct dt_prop *reg = dt_prop_find(k, "reg");

	if (!reg || reg->nchunks != 1 || reg->chunks[0]->kind != CHUNK_CELLS ||
	    reg->chunks[0]->ncells != 1 || reg->chunks[0]->cells[0].kind != CELL_U32)
		return -1;
	return reg->chunks[0]->cells[0].val;
}

/* Would the new numbering put two lines on one index? */
static bool collides(const struct native_cs *s)
{
	for (size_t i = 0; i < s->n; i++)
		for (size_t k = 0; s->signal[i] < 0 && k < s->n; k++)
			if (s->signal[k] == (long long)i)
				return true;
	return false;
}

/* cs-gpios by reg: <0> at the native signals, each GPIO entry at its own index. */
static void rebuild(struct conv *c, const struct native_cs *s, struct dt_prop *p)
{
	size_t len = 0;
	struct dt_chunk **old = p->chunks;
	size_t nold = p->nchunks;

	for (size_t i = 0; i < s->n; i++) {
		size_t at = s->signal[i] >= 0 ? (size_t)s->signal[i] : i;

		len = at + 1 > len ? at + 1 : len;
	}
	p->chunks = NULL;
	p->nchunks = 0;
	for (size_t at = 0; at < len; at++) {
		struct dt_chunk *ch = NULL;

		for (size_t i = 0; !ch && i < s->n && i < nold; i++)
			if (s->signal[i] < 0 && i == at)
				ch = old[i];
		if (ch)
			arena_push(c->a, (void ***)&p->chunks, &p->nchunks, ch);
		else
			dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, p), 0);
	}
}

static void renumber(struct conv *c, const struct native_cs *s)
{
	struct dt_prop *p = dt_prop_find(s->ctrl, s->prop);

	if (collides(s)) {
		dt_node_add_todo(c->t, s->ctrl, p ? &p->pos : &s->ctrl->pos, s->prop,
				 "a GPIO chip select's index is another entry's native signal: "
				 "the devices' reg and cs-gpios by hand");
		return;
	}
	for (size_t k = 0; k < s->ctrl->nchildren; k++) {
		struct dt_node *d = s->ctrl->children[k];
		long long cs = child_cs(d);
		struct dt_prop *reg;

		if (cs < 0 || (size_t)cs >= s->n || s->signal[cs] < 0 || s->signal[cs] == cs)
			continue;
		reg = dt_prop_find(d, "reg");
		reg->chunks[0]->cells[0].val = (uint32_t)s->signal[cs];
		reg->origin = arena_printf(c->a, "%s (chip select %lld: the controller's SS%lld)",
					   reg->origin ? reg->origin : "", cs, s->signal[cs]);
		d->unit = arena_printf(c->a, "%llx", s->signal[cs]);
	}
	if (p)
		rebuild(c, s, p);
}

void conv_spi_native_pass(struct conv *c)
{
	for (size_t i = 0; i < c->nnative_cs; i++)
		renumber(c, c->native_cs[i]);
}
