// SPDX-License-Identifier: GPL-2.0
/* `register: spi`: an spi_board_info table, or one spi_board_info (`&mc13783_dev, 1`). */
#include "registrations.h"

#include "../../common/util.h"

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
	long long mhz = value_field_int(e, "max_speed_hz", 0);

	if (!label) {
		f->fate = FACT_TODO;
		f->reason = busnum && busnum->kind == VAL_INT
			? arena_printf(c->a, "SPI bus %lld: no controller node in the .dtsi", busnum->ival)
			: "SPI bus number not known";
		dt_node_add_todo(c->t, NULL, &e->pos, what, f->reason);
		return NULL;
	}
	dn = bus_device(c, conv_enable(c, label, &e->pos, what), value_field_str(e, "modalias"),
			value_field_int(e, "chip_select", 0), e, what);
	if (mhz) {
		struct dt_prop *p = dt_prop_set(c->t, dn, "spi-max-frequency");

		dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, p), (uint32_t)mhz);
		p->pos = e->pos;
	}
	/* The kernel's name for it (regulator supplies name "spi2.0"). */
	if (!busnum || busnum->kind == VAL_INT)
		conv_bind_dev(c, arena_printf(c->a, "spi%lld.%lld", busnum ? busnum->ival : 0,
					      value_field_int(e, "chip_select", 0)), dn);
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
