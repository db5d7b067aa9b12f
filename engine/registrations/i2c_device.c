// SPDX-License-Identifier: GPL-2.0
/*
 * `register: i2c_device`: a helper that registers one I2C device from its
 * arguments instead of an i2c_board_info table (omap_pmic_init(bus, khz,
 * type, irq, pdata), omap3_pmic_init(type, pdata) of 3.x boards, the PMIC
 * at a fixed address). The map names the arguments (`type:`, `pdata:`,
 * `bus:`, `irq:`) and gives what the helper fixes: `addr:`, `bus_number:`,
 * `irq_number:`, `flags:` (the board-info flags, I2C_CLIENT_WAKE = 0x80). The device becomes a node on the bus like a board-info
 * entry, its platform data converted by its struct rule. An `info:`
 * argument (omap4_pmic_init's other devices on that bus) is an
 * i2c_board_info table as for `register: i2c`.
 *
 *   - call: omap3_pmic_init
 *     args: [type, pdata]
 *     node: i2c1
 *     register: {kind: i2c_device, bus_number: 1, addr: 0x48, irq_number: 7,
 *                type: type, pdata: pdata}
 */
#include "registrations.h"

#include "../../common/util.h"

static struct value *member(struct conv *c, struct value *list, const char *field,
			    const struct value *from)
{
	struct value *v = arena_alloc(c->a, sizeof(*v));

	if (from)
		*v = *from;
	v->field = field;
	v->index = (long)list->nkids;
	arena_push(c->a, (void ***)&list->kids, &list->nkids, v);
	return v;
}

/* A member with a value the helper fixes: `what` says where it came from. */
static void int_member(struct reg_ctx *r, struct value *list, const char *field, long long v,
		       const char *what)
{
	struct value *m = member(r->c, list, field, NULL);

	m->kind = VAL_INT;
	m->ival = v;
	m->pos = r->call->pos;
	m->spelling = what;
}

/* The i2c_board_info entry the helper would have written. */
static struct value *board_info(struct reg_ctx *r, const struct value *type, long long addr)
{
	struct conv *c = r->c;
	struct value *e = arena_alloc(c->a, sizeof(*e));
	const struct value *irq = reg_arg(r, "irq"), *pdata = reg_arg(r, "pdata");
	long long irqno, flags;

	e->kind = VAL_LIST;
	e->type = "i2c_board_info";
	e->pos = r->call->pos;
	e->spelling = r->call->spelling;
	member(c, e, "type", type);
	int_member(r, e, "addr", addr, NULL);
	if (irq)
		member(c, e, "irq", irq);
	else if (rn_get_long(r->reg, "irq_number", &irqno))
		int_member(r, e, "irq", irqno, arena_printf(c->a, "%s: IRQ %lld", r->call->callee, irqno));
	if (pdata)
		member(c, e, "platform_data", pdata);
	if (rn_get_long(r->reg, "flags", &flags))	/* I2C_CLIENT_WAKE (0x80) */
		int_member(r, e, "flags", flags, arena_printf(c->a, "%s: flags 0x%llx", r->call->callee, flags));
	return e;
}

bool reg_i2c_device(struct reg_ctx *r)
{
	const struct value *type = reg_arg(r, "type"), *bus = reg_arg(r, "bus");
	const char *label = bus_label(r, "i2c_bus", "i2c{bus}");
	long long busno, addr;
	struct dt_node *busn, *dn;
	struct value *e;

	if (!(bus && bus->kind == VAL_INT ? (busno = bus->ival, true)
					   : rn_get_long(r->reg, "bus_number", &busno)) ||
	    !rn_get_long(r->reg, "addr", &addr) || !label) {
		reg_todo(r, "I2C bus or address not known at build time");
		return true;
	}
	if (!type || type->kind != VAL_STRING) {
		reg_todo(r, "the device type is not a string known at build time");
		return true;
	}
	e = board_info(r, type, addr);
	busn = conv_enable(r->c, label, &r->call->pos, r->call->spelling);
	dn = bus_device(r->c, busn, type->text, addr, e, r->call->spelling);
	conv_bind_dev(r->c, arena_printf(r->c->a, "%lld-%04llx", busno, addr), dn);
	reg_converted(r, dt_node_path(r->c->t, dn));
	/* omap4_pmic_init(type, pdata, devices, n): more devices on that bus */
	if (reg_arg(r, "info") && reg_arg(r, "info")->kind != VAL_NULL)
		return reg_i2c(r);
	return true;
}
