// SPDX-License-Identifier: GPL-2.0
/* An i2c_board_info / spi_board_info entry becomes a node on its bus. */
#include "registrations.h"
#include "../../kernel/soc_dtsi.h"

#include <string.h>

#include "../../common/util.h"
#include "../../kernel/compat_map.h"

/* --- I2C and SPI board info ---------------------------------------------------- */

/*
 * An expander whose platform data sets a GPIO base (pca953x, pcf857x) is a
 * GPIO controller: gpio-controller and the two cells (line, flags) every
 * reference to it is written with, unless its device rule says them.
 */
static void provider_props(struct conv *c, struct dt_node *n, const struct value *e)
{
	struct dt_prop *p;

	if (!dt_prop_find(n, "gpio-controller")) {
		p = dt_prop_set(c->t, n, "gpio-controller");
		p->pos = e->pos;
		p->origin = "its platform data sets a GPIO base";
	}
	if (!dt_prop_find(n, "#gpio-cells")) {
		p = dt_prop_set(c->t, n, "#gpio-cells");
		dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, p), 2);
		p->pos = e->pos;
		p->origin = "line and flags, as its references are written";
	}
}

/*
 * The struct rule of the device's platform data: the device rule's `pdata:`
 * rule, else the struct's own name's (the lp5521_platform_data of 3.x is
 * lp55xx_platform_data since 3.9, and a TWL6030's twl4030_platform_data is
 * read for its own LDOs); NULL without platform data.
 */
static const struct rnode *pdata_rule(struct conv *c, const struct rnode *drule,
				      const struct variable *pdata)
{
	const struct rnode *prule = pdata && rn_str(drule, "pdata") ?
				    conv_struct_rule(c, rn_str(drule, "pdata")) : NULL;

	return prule || !pdata ? prule : conv_struct_rule(c, pdata->type);
}

/*
 * Does the device's platform-data rule write its compatible (`at24`'s
 * at24_by_size: the chip of that byte_len)? Then no compatible is learned
 * for the bare name, and no list of candidates contradicts it.
 */
static bool pdata_names_compatible(const struct rnode *prule)
{
	const struct rnode *props = rn_get(prule, "props");

	for (size_t i = 0; props && i < props->n; i++)
		if (str_eq(rn_str(props->items[i], "prop"), "compatible"))
			return true;
	return false;
}

/* One bus device node: compatible, reg, label, irq, platform data. */
/*
 * A device whose address (chip select) the file spells with a macro no
 * header here defines (3430sdp's `I2C_BOARD_INFO("mt9p012", MT9P012_I2C_ADDR)`
 * with <media/mt9p012.h> gone): no reg, a TODO; a sibling of the same name
 * without an address too gets a number, so the two stay apart.
 */
static void unknown_address(struct conv *c, struct dt_node *n, const struct value *e)
{
	const char *field = e->type && strstr(e->type, "spi") ? "chip_select" : "addr";
	const struct value *v = conv_field(c, e, field);
	unsigned same = 0;

	for (size_t i = 0; n->parent && i + 1 < n->parent->nchildren; i++) {
		const struct dt_node *k = n->parent->children[i];
		size_t l = strlen(n->name);

		same += !k->unit && !strncmp(k->name, n->name, l) && (!k->name[l] || k->name[l] == '-');
	}
	if (same)
		n->name = arena_printf(c->a, "%s-%u", n->name, same);
	dt_node_add_todo(c->t, n, &e->pos, arena_printf(c->a, ".%s = %s", field,
							v && v->spelling ? v->spelling : "?"),
			 arena_printf(c->a, "the device's %s is not known here (a macro of a "
				      "header this tree lacks): its reg and unit address by hand",
				      e->type && strstr(e->type, "spi") ? "chip select" : "address"));
}

/*
 * `.platform_data = &tps65023_regulator_data[0]` of five regulator_init_data
 * (3.x board-mityomapl138.c): a multi-output PMIC whose driver takes one
 * entry per output. Entry 0's constraints on the chip's node would describe
 * the chip as one regulator, and the other outputs would be lost: the array
 * is a TODO instead (the binding's `regulators { }` children, by hand).
 */
static bool several_regulators(struct conv *c, struct dt_node *n, const struct value *e)
{
	const struct variable *arr = conv_deref(c, conv_field(c, e, "platform_data"));
	struct fact *f;

	if (!arr || !arr->is_array || !arr->init || arr->init->nkids < 2 ||
	    !str_eq(arr->init->type, "regulator_init_data"))
		return false;
	conv_mark_var(c, arr->name);
	f = dt_add_fact(c->t, "variable", arena_printf(c->a, "struct regulator_init_data %s[%zu]",
						       arr->name, arr->init->nkids), &arr->pos);
	f->fate = FACT_TODO;
	f->reason = "the init data of each output of a multi-output PMIC: the regulators { } "
		    "children its binding names (one per output, with these constraints and the "
		    "consumers' *-supply), by hand";
	dt_node_add_todo(c->t, n, &arr->pos, f->what, f->reason);
	return true;
}

/*
 * A device whose compatible is only the board's name for it (no rule, no
 * driver of the target with an of_match_table names it) and whose platform
 * data no rule reads: the driver that binds the name by its id table would
 * probe without its data (the da903x core dereferences it, max8649 too).
 * The node stays, disabled, as a draft (conv_account_unbound).
 */
static void pdata_draft(struct conv *c, struct dt_node *n, const struct variable *pdata,
			const struct srcpos *pos)
{
	struct dt_prop *p = dt_prop_set(c->t, n, "status");

	dt_prop_add_string(c->t, p, "disabled");
	p->pos = *pos;
	p->origin = arena_printf(c->a, ".platform_data = &%s", pdata->name);
	dt_node_add_todo(c->t, n, pos, arena_printf(c->a, "status = \"disabled\" (%s)", p->origin),
			 arena_printf(c->a, "a draft: a driver that binds this name (by its id table) "
				      "takes its configuration from the platform data (struct %s), which no "
				      "rule converts, and would probe without it: describe it as the binding "
				      "says, then enable the node", pdata->type ? pdata->type : "?"));
	arena_push(c->a, (void ***)&c->drafts, &c->ndrafts, n);
}

struct dt_node *bus_device(struct conv *c, struct dt_node *bus, const char *type,
				  long long reg, const struct value *e, const char *what)
{
	const struct rnode *drule = conv_device_rule(c, type);
	const char *name = rn_str(drule, "node");
	struct dt_node *n = dt_node_add(c->t, bus, name ? name : arena_node_name(c, type ? type : "device"),
					reg < 0 ? NULL : arena_printf(c->a, "%llx", reg));
	struct dt_prop *p;
	const char *generic;
	const struct value *irq = conv_field(c, e, "irq");
	const struct variable *pdata = conv_deref_one(c, conv_field(c, e, "platform_data"));
	const struct rnode *prule = pdata_rule(c, drule, pdata);

	n->pos = e->pos;
	n->origin = what;
	const char *origin = arena_printf(c->a, "\"%s\"", type ? type : "?");
	/* a device rule without a compatible (`irq_type:` alone) still learns it;
	 * `todo:` a name no compatible stands for (spidev), a TODO saying why */
	const char *todo = rn_str(drule, "todo");
	const char *learned = rn_str(drule, "compatible") || todo ||
			      pdata_names_compatible(prule) ? NULL
		: conv_learned_compatible(c, n, e->type && strstr(e->type, "spi") ? "spi" : "i2c",
					  type, origin, &e->pos, &origin);

	if (todo)
		dt_node_add_todo(c->t, n, &e->pos, origin, todo);

	/*
	 * A compatible learned from the drivers names no node: the name the
	 * target's .dts files give it (at least twice), "eeprom" for
	 * "atmel,24c512", as the binding's $nodename usually wants.
	 */
	generic = learned && c->opt ? compat_map_node_name(c->opt->compat, learned, 2) : NULL;
	if (generic && !name)
		n->name = arena_strdup(c->a, generic);
	p = dt_prop_set(c->t, n, "compatible");
	dt_prop_add_string(c->t, p, rn_str(drule, "compatible") ? rn_str(drule, "compatible")
				    : learned ? learned : (type ? type : "unknown"));
	p->pos = e->pos;
	p->origin = origin;
	if (reg >= 0) {
		p = dt_prop_set(c->t, n, "reg");
		dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, p), (uint32_t)reg);
		p->pos = e->pos;
	} else {
		unknown_address(c, n, e);
	}
	if (rn_str(drule, "label"))
		n->label = rn_str(drule, "label");
	else if (conv_provider_label(c, e))
		n->label = conv_provider_label(c, e);
	if (rn_str(drule, "tail_include"))
		dt_add_tail_include(c->t, arena_printf(c->a, "\"%s\"",
						       conv_include_path(c, rn_str(drule, "tail_include"))));
	constant_props(c, n, rn_get(drule, "props"), &e->pos, false);
	if (conv_provider_label(c, e))
		provider_props(c, n, e);
	/* 0, or a negative number (spi_board_info's .irq = -1, ARM's NO_IRQ): no interrupt */
	if (irq && !value_is_zero(irq) && !(irq->kind == VAL_INT && irq->ival < 0)) {
		long long type = 0;

		/* `irq_type: 4`: the trigger the legacy driver requested itself (the
		 * 3.x mc13xxx core's IRQF_TRIGGER_HIGH), unless the board sets one */
		if (conv_irq_board_type(c, irq) || !rn_get_long(drule, "irq_type", &type))
			type = 0;
		add_interrupt(c, n, irq, (unsigned)type);
	}
	resources(c, n, e, false, NULL);
	/* The entry's own fields (flags, ...): its struct rule, leftovers become TODOs. */
	conv_apply_struct(c, n, conv_struct_rule(c, e->type), e, what);
	if (pdata && several_regulators(c, n, e))
		pdata = NULL;
	if (pdata) {
		conv_mark_var(c, pdata->name);
		conv_apply_struct(c, n, prule, pdata->init, pdata->name);
	}
	if (pdata && !learned && !todo && !rn_str(drule, "compatible") && !prule)
		pdata_draft(c, n, pdata, &e->pos);
	conv_note_requires(c, n, drule);
	return n;
}

/*
 * `bus_labels: {i2c0: pxai2c1, spi1: ""}`: a bus label the .dtsi spells
 * differently; "" means the .dtsi has no node for that bus (NULL: a TODO).
 * `bus_at: {i2c0: 0x7000c000}` names the bus by its controller's address
 * instead (tegra20.dtsi labels one I2C controller of four): the target's
 * label there, or its path reference ("{/i2c@7000c000}"); no node there, or
 * no .dtsi: NULL.
 */
const char *bus_alias(const struct conv *c, const char *label)
{
	const char *a = label ? rn_str(rn_get(c->soc, "bus_labels"), label) : NULL;
	long long at;

	/* `bus_at: {i2c0: 0x7000c000}`: the target .dtsi's node at that address */
	if (!a && label && rn_long(rn_get(rn_get(c->soc, "bus_at"), label), &at))
		return c->opt && c->opt->dtsi ? soc_dtsi_label_at(c->opt->dtsi, (uint64_t)at) : NULL;
	if (!a)
		return label;
	return *a ? a : NULL;
}

const char *bus_label(struct reg_ctx *r, const char *key, const char *dflt)
{
	const char *tmpl = r->reg && r->reg->kind == RN_MAP ? rn_str(r->reg, "bus_node") : NULL;

	if (!tmpl)
		tmpl = rn_str(r->c->soc, key);
	if (!tmpl)
		tmpl = dflt;
	return bus_alias(r->c, conv_template(r->c, tmpl, NULL, r->call, rn_get(r->rule, "args")));
}
