// SPDX-License-Identifier: GPL-2.0
/* `register: spi`: an spi_board_info table, or one spi_board_info (`&mc13783_dev, 1`). */
#include "registrations.h"

#include <stdio.h>

#include "../../common/util.h"

/*
 * `spi_cs_gpios: {spi0: ["pioA 3", "pioC 11", ...]}`: the SoC code drove chip
 * select N of that bus as the GPIO at index N (3.x at91sam9260_devices.c's
 * spi0_standard_cs[]), the DT driver as cs-gpios entry N. The list gains the
 * board's chip select, <0> (no line) for those before it no device uses; the
 * cs_polarity pass sets each line's flag. A chip select past the list adds
 * none, nor one whose .controller_data names the board's own line (a TODO of
 * that field).
 */
static void cs_gpio(struct conv *c, struct dt_node *bus, const char *label, long long cs,
		    const struct value *e)
{
	const struct rnode *list = rn_get(rn_get(c->soc, "spi_cs_gpios"), label);
	const struct value *own = value_field(e, "controller_data");
	struct dt_prop *p = dt_prop_find(bus, "cs-gpios");
	size_t have = p ? p->nchunks : 0;
	char ctrl[32];
	unsigned line;

	/* .controller_data = (void *)AT91_PIN_PB3: the board's own line, not the table's */
	if (!list || (own && !value_is_zero(own)) || cs < 0 || cs > 31 || (size_t)cs >= list->n ||
	    !list->items[cs]->scalar || sscanf(list->items[cs]->scalar, "%31s %u", ctrl, &line) != 2)
		return;
	if (!p) {
		p = dt_prop_set(c->t, bus, "cs-gpios");
		p->pos = e->pos;
		p->origin = arena_printf(c->a, "the SoC code's GPIO chip selects (.chip_select = %lld)", cs);
	}
	for (size_t k = have; k <= (size_t)cs; k++)
		dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, p), 0);	/* no line (yet) */
	struct dt_chunk *ch = p->chunks[cs];

	ch->ncells = 0;
	dt_chunk_add_ref(c->t, ch, arena_strdup(c->a, ctrl));
	dt_chunk_add_u32(c->t, ch, line);
	dt_chunk_add_macro(c->t, ch, "GPIO_ACTIVE_LOW", 1);
}

/*
 * One spi_board_info entry: its node on the bus controller, or a TODO when
 * the .dtsi has no controller for its bus. f is the entry's fact.
 */
struct dt_node *spi_entry(struct conv *c, const struct value *e, const char *what, struct fact *f)
{
	const struct value *busnum = conv_field(c, e, "bus_num");
	const char *tmpl = rn_str(c->soc, "spi_bus") ? rn_str(c->soc, "spi_bus") : "spi{bus_num}";
	const char *label = bus_alias(c, conv_template(c, tmpl, e, NULL, NULL));
	struct dt_node *dn;
	long long mhz = value_field_int(e, "max_speed_hz", 0), csn;
	const struct value *cs;

	if (!label) {
		f->fate = FACT_TODO;
		f->reason = busnum && busnum->kind == VAL_INT
			? arena_printf(c->a, "SPI bus %lld: no controller node in the .dtsi", busnum->ival)
			: "SPI bus number not known";
		dt_node_add_todo(c->t, NULL, &e->pos, what, f->reason);
		return NULL;
	}
	/* no .chip_select is 0; one no header here defines is not known (-1) */
	cs = conv_field(c, e, "chip_select");
	csn = !cs ? 0 : cs->kind == VAL_INT ? cs->ival : -1;
	dn = bus_device(c, conv_enable(c, label, &e->pos, what), value_field_str(e, "modalias"),
			csn, e, what);
	if (csn >= 0)
		cs_gpio(c, dn->parent, label, csn, e);
	if (mhz) {
		struct dt_prop *p = dt_prop_set(c->t, dn, "spi-max-frequency");

		dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, p), (uint32_t)mhz);
		p->pos = e->pos;
	}
	if (csn < 0) {	/* bus_device() wrote the TODO */
		f->fate = FACT_TODO;
		f->reason = "the device's chip select is not known here: its reg by hand";
		return dn;
	}
	/* The kernel's name for it (regulator supplies name "spi2.0"). */
	if (!busnum || busnum->kind == VAL_INT)
		conv_bind_dev(c, arena_printf(c->a, "spi%lld.%lld", busnum ? busnum->ival : 0, csn), dn);
	f->fate = FACT_CONVERTED;
	f->became = dt_node_path(c->t, dn);
	return dn;
}

bool reg_spi(struct reg_ctx *r)
{
	const struct variable *arr = conv_deref(r->c, reg_arg(r, "info"));
	size_t n;

	if (!arr || !arr->init || arr->init->kind != VAL_LIST)
		return false;
	conv_mark_var(r->c, arr->name);
	n = arr->init->is_array ? arr->init->nkids : 1;
	for (size_t i = 0; i < n; i++) {
		const struct value *e = arr->init->is_array ? arr->init->kids[i] : arr->init;
		const char *what = arena_printf(r->c->a, "%s[%zu]", arr->name, i);

		spi_entry(r->c, e, what, dt_add_fact(r->c->t, "variable", what, &e->pos));
	}
	reg_converted(r, "SPI devices");
	return true;
}
