// SPDX-License-Identifier: GPL-2.0
/*
 * Registration calls: where board structs attach in the tree.
 *
 * A call rule names its arguments and a registration kind; each kind is one
 * function in the table at the bottom (platform devices, I2C and SPI board
 * info, GPIO hogs, fixed regulators, arrays of SoC platform data).
 */
#include "engine_int.h"
#include "engine_register.h"

#include <stdlib.h>
#include <string.h>

#include "../common/util.h"

#define IORESOURCE_MEM	0x200
#define IORESOURCE_IRQ	0x400


static char *arena_node_name(struct conv *c, const char *s)
{
	char *l = dts_node_name(s);
	char *r = arena_strdup(c->a, l);

	free(l);
	return r;
}

/* The call argument that the rule's `args:` names `name` (or `register: {name: arg}`). */
const struct value *reg_arg(const struct reg_ctx *r, const char *name)
{
	const struct rnode *names = rn_get(r->rule, "args");
	const char *alias = r->reg && r->reg->kind == RN_MAP ? rn_str(r->reg, name) : NULL;

	if (alias)
		name = alias;
	for (size_t i = 0; names && i < names->n && i < r->call->nargs; i++)
		if (str_eq(names->items[i]->scalar, name))
			return r->call->args[i];
	return NULL;
}

void reg_converted(struct reg_ctx *r, const char *became)
{
	r->f->fate = FACT_CONVERTED;
	r->f->became = became;
}

void reg_todo(struct reg_ctx *r, const char *reason)
{
	r->f->fate = FACT_TODO;
	r->f->reason = reason;
	dt_node_add_todo(r->c->t, NULL, &r->call->pos,
			 r->call->spelling ? r->call->spelling : r->call->callee, reason);
}

/* --- interrupts ------------------------------------------------------------ */

/*
 * Append one interrupt to n's interrupts-extended (the passes turn a single
 * controller into interrupt-parent + interrupts). False, with nothing
 * added, when no controller provides it.
 */
bool conv_add_interrupt(struct conv *c, struct dt_node *n, const struct value *irq, unsigned type)
{
	struct dt_prop *p = dt_prop_find(n, "interrupts-extended");
	struct dt_chunk *ch;

	if (!p) {
		p = dt_prop_set(c->t, n, "interrupts-extended");
		p->pos = irq->pos;
		p->origin = conv_origin(c, irq);
	}
	ch = dt_prop_add_cells(c->t, p);
	if (conv_irq_cells(c, irq, type, ch))
		return true;
	/* Roll back the empty group: an unresolved IRQ is a TODO, not a bad cell. */
	p->nchunks--;
	if (!p->nchunks)
		dt_prop_del(n, "interrupts-extended");
	return false;
}

static void add_interrupt(struct conv *c, struct dt_node *n, const struct value *irq,
			  unsigned type)
{
	if (conv_add_interrupt(c, n, irq, type))
		return;
	dt_node_add_todo(c->t, n, &irq->pos, conv_origin(c, irq),
			 irq->kind == VAL_INT
			 ? arena_printf(c->a, "IRQ %lld: no interrupt controller provides it", irq->ival)
			 : "IRQ number not known at build time");
}

/* Constant properties of a rule (as: true / as: value): no field is read. */
static void constant_props(struct conv *c, struct dt_node *n, const struct rnode *props,
			   const struct srcpos *pos)
{
	for (size_t i = 0; props && i < props->n; i++) {
		struct dt_prop *p;
		long long v;

		if (str_eq(rn_str(props->items[i], "as"), "true")) {
			p = dt_prop_set(c->t, n, rn_str(props->items[i], "prop"));
			p->pos = *pos;
		} else if (rn_get_long(props->items[i], "value", &v)) {
			p = dt_prop_set(c->t, n, rn_str(props->items[i], "prop"));
			dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, p), (uint32_t)v);
			p->pos = *pos;
		}
	}
}

/* --- platform devices -------------------------------------------------------- */

static const struct rnode *soc_device_rule(const struct conv *c, const char *var)
{
	const struct rnode *l = rn_get(c->soc, "soc_devices");

	for (size_t i = 0; l && i < l->n; i++)
		if (str_eq(rn_str(l->items[i], "var"), var))
			return l->items[i];
	return NULL;
}

/* MEM resources -> reg (when allowed), IRQ resources -> interrupts. */
static void resources(struct conv *c, struct dt_node *n, const struct value *dev, bool mem)
{
	const struct value *field = conv_field(c, dev, "resource");
	const struct variable *res;

	if (!field)
		field = conv_field(c, dev, "resources");	/* i2c_board_info spells it so */
	res = conv_deref(c, field);
	struct dt_prop *reg = NULL;

	if (!res || !res->init)
		return;
	conv_mark_var(c, res->name);
	/* `struct resource r = {...}` (one) or `struct resource r[] = {...}`. */
	size_t nres = res->is_array ? res->init->nkids : 1;
	long long declared = value_field_int(dev, "num_resources", -1);

	/* .resource = &res[0], .num_resources = 1: the rest belongs to other devices. */
	if (declared > 0 && (size_t)declared < nres)
		nres = (size_t)declared;

	for (size_t i = 0; i < nres; i++) {
		const struct value *r = res->is_array ? res->init->kids[i] : res->init;
		const struct value *start = conv_field(c, r, "start");
		long long end = value_field_int(r, "end", 0);
		long long flags = value_field_int(r, "flags", 0);
		struct fact *f = dt_add_fact(c->t, "field", arena_printf(c->a, "%s[%zu] resource",
					     res->name, i), &r->pos);

		f->fate = FACT_CONVERTED;
		f->became = dt_node_path(c->t, n);
		if (!start || start->kind != VAL_INT) {
			f->fate = FACT_TODO;
			f->reason = "resource start not known at build time";
			dt_node_add_todo(c->t, n, &r->pos, r->spelling, f->reason);
		} else if ((flags & IORESOURCE_MEM) && mem) {
			if (!reg) {
				reg = dt_prop_set(c->t, n, "reg");
				reg->pos = r->pos;
				reg->origin = r->spelling ? r->spelling : res->name;
				n->unit = arena_printf(c->a, "%llx", start->ival);
			}
			struct dt_chunk *ch = dt_prop_add_cells(c->t, reg);

			dt_chunk_add_u32(c->t, ch, (uint32_t)start->ival);
			dt_chunk_add_u32(c->t, ch, (uint32_t)(end - start->ival + 1));
		} else if (flags & IORESOURCE_IRQ) {
			add_interrupt(c, n, start, (unsigned)(flags & 0xf));
		} else {
			f->fate = FACT_TODO;
			f->reason = "resource type has no rule (only MEM and IRQ)";
			dt_node_add_todo(c->t, n, &r->pos, r->spelling, f->reason);
		}
	}
}

static const struct rnode *platform_rule(const struct conv *c, const char *name)
{
	return conv_soc_rule(c, "platform_devices", c->rs->platform, c->rs->nplatform, "name",
			     name);
}

static struct dt_node *soc_platform_device(struct conv *c, const struct variable *dev,
					   const struct rnode *rule, struct fact *f)
{
	const char *label = rn_str(rule, "label");
	struct dt_node *n;
	const struct rnode *props = rn_get(rule, "props");

	if (!label) {
		f->fate = FACT_TODO;
		f->reason = arena_printf(c->a, "%s: %s", dev->name,
					 rn_str(rule, "todo") ? rn_str(rule, "todo")
							      : "SoC device with no .dtsi node");
		dt_node_add_todo(c->t, NULL, &f->pos, dev->name, f->reason);
		return NULL;
	}
	n = conv_enable(c, label, &f->pos, arena_printf(c->a, "&%s", dev->name));
	constant_props(c, n, props, &f->pos);
	f->fate = FACT_CONVERTED;
	f->became = arena_printf(c->a, "&%s", label);
	if (rn_str(rule, "dev_name"))
		conv_bind_dev(c, rn_str(rule, "dev_name"), n);
	return n;
}

struct dt_node *conv_platform_device(struct conv *c, const struct variable *dev, struct fact *f)
{
	/* &devs[0] of a platform_device array: that first device. */
	const struct variable *first = dev->is_array ? conv_element(c, dev, 0) : NULL;

	if (first)
		dev = first;
	const struct rnode *srule = soc_device_rule(c, dev->name);
	const struct value *init = dev->init;
	const char *name = init ? value_field_str(init, "name") : NULL;
	const struct rnode *rule;
	const struct value *devfield = init ? conv_field(c, init, "dev") : NULL;
	const struct variable *pdata = conv_deref_one(c, conv_field(c, devfield, "platform_data"));
	const struct rnode *prule = pdata ? conv_struct_rule(c, pdata->type) : NULL;
	const char *node_name, *compat;
	struct dt_node *n;

	conv_mark_var(c, dev->name);
	if (srule || !init)
		return srule ? soc_platform_device(c, dev, srule, f) : NULL;
	rule = platform_rule(c, name);
	node_name = rn_str(rule, "node") ? rn_str(rule, "node") : rn_str(prule, "node");
	if (node_name && pdata)
		node_name = conv_node_name(c, node_name, pdata->init);
	compat = rn_str(rule, "compatible") ? rn_str(rule, "compatible") : rn_str(prule, "compatible");
	n = dt_node_add(c->t, c->t->root, node_name ? node_name : arena_node_name(c, name ? name : dev->name),
			NULL);
	n->pos = dev->pos;
	n->origin = dev->name;
	if (compat) {
		struct dt_prop *p = dt_prop_set(c->t, n, "compatible");

		dt_prop_add_string(c->t, p, compat);
		p->pos = dev->pos;
		p->origin = arena_printf(c->a, ".name = \"%s\"", name ? name : "");
	} else {
		const char *origin = NULL;

		compat = conv_learned_compatible(c, n, "platform", name,
						 arena_printf(c->a, ".name = \"%s\"", name ? name : "?"),
						 &dev->pos, &origin);
		if (compat) {
			struct dt_prop *p = dt_prop_set(c->t, n, "compatible");

			dt_prop_add_string(c->t, p, compat);
			p->pos = dev->pos;
			p->origin = arena_printf(c->a, ".name = %s", origin);
		}
	}
	resources(c, n, init, true);
	n = conv_mbus_place(c, n, rule);
	conv_apply_struct(c, n, conv_struct_rule(c, "platform_device"), init, dev->name);
	if (pdata) {
		conv_mark_var(c, pdata->name);
		conv_apply_struct(c, n, prule, pdata->init, pdata->name);
	}
	/* The kernel names it "name.id"; a missing .id is 0 ("pwm-backlight.0"), but
	 * tables also say plain "name" for such devices, so bind both. */
	long long id = value_field_int(init, "id", value_field(init, "id") ? -1 : 0);

	if (id >= 0 && name)
		conv_bind_dev(c, arena_printf(c->a, "%s.%lld", name, id), n);
	if (id < 0 || !value_field(init, "id"))
		conv_bind_dev(c, name ? name : dev->name, n);
	f->fate = FACT_CONVERTED;
	f->became = dt_node_path(c->t, n);
	return n;
}

static void platform_one(struct reg_ctx *r, const struct value *ptr)
{
	const struct variable *dev = conv_deref(r->c, ptr);
	struct fact *f = r->f;

	const struct rnode *srule = !dev && ptr && ptr->text ? soc_device_rule(r->c, ptr->text) : NULL;

	if (srule) {
		/* platform_device_register(&pxa168_device_gpio): a SoC device. */
		struct variable soc = { .name = ptr->text, .pos = ptr->pos };

		soc_platform_device(r->c, &soc, srule, f);
		return;
	}
	if (!dev) {
		reg_todo(r, arena_printf(r->c->a, "platform device %s is not defined in this file",
				     ptr && ptr->text ? ptr->text : "?"));
		return;
	}
	if (r->call->nargs && ptr != r->call->args[0]) {
		f = dt_add_fact(r->c->t, "variable", arena_printf(r->c->a, "platform_device %s", dev->name),
				&dev->pos);
	}
	conv_platform_device(r->c, dev, f);
}

static bool reg_platform(struct reg_ctx *r)
{
	platform_one(r, reg_arg(r, "device"));
	return true;
}

static bool reg_platform_list(struct reg_ctx *r)
{
	const struct variable *arr = conv_deref(r->c, reg_arg(r, "devices"));

	if (!arr || !arr->init)
		return false;
	conv_mark_var(r->c, arr->name);
	reg_converted(r, arena_printf(r->c->a, "%zu platform devices", arr->init->nkids));
	for (size_t i = 0; i < arr->init->nkids; i++) {
		const struct value *p = arr->init->kids[i];
		const struct variable *dev = conv_deref(r->c, p);
		struct fact *f = dt_add_fact(r->c->t, "variable",
					     arena_printf(r->c->a, "platform_device %s",
							  p->text ? p->text : "?"), &p->pos);

		const struct rnode *srule = p->text ? soc_device_rule(r->c, p->text) : NULL;

		if (!dev && srule) {
			/* A SoC device (s3c_device_hsmmc0): its .dtsi node, enabled. */
			struct variable soc = { .name = p->text, .pos = p->pos };

			soc_platform_device(r->c, &soc, srule, f);
			continue;
		}
		if (!dev) {
			f->fate = FACT_TODO;
			f->reason = arena_printf(r->c->a, "%s is not defined in this file (SoC device?)",
						 p->text ? p->text : "?");
			dt_node_add_todo(r->c->t, NULL, &p->pos, p->spelling, f->reason);
			continue;
		}
		conv_platform_device(r->c, dev, f);
		if (f->fate == FACT_CONVERTED && !f->became)
			f->became = dev->name;
	}
	return true;
}

/* --- I2C and SPI board info ---------------------------------------------------- */

/* One bus device node: compatible, reg, label, irq, platform data. */
static struct dt_node *bus_device(struct conv *c, struct dt_node *bus, const char *type,
				  long long reg, const struct value *e, const char *what)
{
	const struct rnode *drule = conv_device_rule(c, type);
	const char *name = rn_str(drule, "node");
	struct dt_node *n = dt_node_add(c->t, bus, name ? name : arena_node_name(c, type ? type : "device"),
					arena_printf(c->a, "%llx", reg));
	struct dt_prop *p;
	const struct value *irq = conv_field(c, e, "irq");
	const struct variable *pdata = conv_deref_one(c, conv_field(c, e, "platform_data"));

	n->pos = e->pos;
	n->origin = what;
	const char *origin = arena_printf(c->a, "\"%s\"", type ? type : "?");
	const char *learned = drule ? NULL
		: conv_learned_compatible(c, n, e->type && strstr(e->type, "spi") ? "spi" : "i2c",
					  type, origin, &e->pos, &origin);

	p = dt_prop_set(c->t, n, "compatible");
	dt_prop_add_string(c->t, p, rn_str(drule, "compatible") ? rn_str(drule, "compatible")
				    : learned ? learned : (type ? type : "unknown"));
	p->pos = e->pos;
	p->origin = origin;
	p = dt_prop_set(c->t, n, "reg");
	dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, p), (uint32_t)reg);
	p->pos = e->pos;
	if (rn_str(drule, "label"))
		n->label = rn_str(drule, "label");
	else if (conv_provider_label(c, e))
		n->label = conv_provider_label(c, e);
	if (rn_str(drule, "tail_include"))
		dt_add_tail_include(c->t, arena_printf(c->a, "\"%s\"", rn_str(drule, "tail_include")));
	constant_props(c, n, rn_get(drule, "props"), &e->pos);
	if (irq && !value_is_zero(irq))
		add_interrupt(c, n, irq, 0);
	resources(c, n, e, false);
	/* The entry's own fields (flags, ...): its struct rule, leftovers become TODOs. */
	conv_apply_struct(c, n, conv_struct_rule(c, e->type), e, what);
	if (pdata) {
		conv_mark_var(c, pdata->name);
		conv_apply_struct(c, n, conv_struct_rule(c, pdata->type), pdata->init, pdata->name);
	}
	return n;
}

/*
 * `bus_labels: {i2c0: pxai2c1, spi1: ""}`: a bus label the .dtsi spells
 * differently; "" means the .dtsi has no node for that bus (NULL: a TODO).
 */
static const char *bus_alias(const struct conv *c, const char *label)
{
	const char *a = label ? rn_str(rn_get(c->soc, "bus_labels"), label) : NULL;

	if (!a)
		return label;
	return *a ? a : NULL;
}

static const char *bus_label(struct reg_ctx *r, const char *key, const char *dflt)
{
	const char *tmpl = r->reg && r->reg->kind == RN_MAP ? rn_str(r->reg, "bus_node") : NULL;

	if (!tmpl)
		tmpl = rn_str(r->c->soc, key);
	if (!tmpl)
		tmpl = dflt;
	return bus_alias(r->c, conv_template(r->c, tmpl, NULL, r->call, rn_get(r->rule, "args")));
}

static bool reg_i2c(struct reg_ctx *r)
{
	const struct variable *arr = conv_deref(r->c, reg_arg(r, "info"));
	const struct value *bus = reg_arg(r, "bus");
	const char *label = bus_label(r, "i2c_bus", "i2c{bus}");
	struct dt_node *busn;

	const struct value *info = reg_arg(r, "info");

	if (info && info->kind == VAL_NULL && label) {
		reg_converted(r, arena_printf(r->c->a, "&%s (no devices)", label));
		return true;
	}
	/* A compound literal (`(struct i2c_board_info[]){ ... }`, which a
	 * pack's `defines:` alias such as omap3_pmic_init() expands to) is
	 * the list itself. */
	const struct value *list = arr ? arr->init : info && info->kind == VAL_LIST ? info : NULL;
	const char *aname = arr ? arr->name : "(struct i2c_board_info[])";

	if (!list || !label || !bus || bus->kind != VAL_INT) {
		reg_todo(r, "I2C bus or board info not known at build time");
		return true;
	}
	if (arr)
		conv_mark_var(r->c, arr->name);
	busn = conv_enable(r->c, label, &r->call->pos, r->call->spelling);
	size_t n = list->is_array ? list->nkids : 1;

	for (size_t i = 0; i < n; i++) {
		const struct value *e = list->is_array ? list->kids[i] : list;
		long long addr = value_field_int(e, "addr", -1);
		const char *what = arena_printf(r->c->a, "%s[%zu]", aname, i);
		struct dt_node *dn = bus_device(r->c, busn, value_field_str(e, "type"), addr, e, what);
		struct fact *f = dt_add_fact(r->c->t, "variable", arena_printf(r->c->a,
					     "i2c_board_info %s \"%s\"", what,
					     value_field_str(e, "type") ? value_field_str(e, "type") : "?"),
					     &e->pos);

		conv_bind_dev(r->c, arena_printf(r->c->a, "%lld-%04llx", bus->ival, addr), dn);
		f->fate = FACT_CONVERTED;
		f->became = dt_node_path(r->c->t, dn);
	}
	reg_converted(r, arena_printf(r->c->a, "&%s", label));
	return true;
}

static bool reg_spi(struct reg_ctx *r)
{
	const struct variable *arr = conv_deref(r->c, reg_arg(r, "info"));

	if (!arr || !arr->init || !arr->init->is_array)
		return false;
	conv_mark_var(r->c, arr->name);
	for (size_t i = 0; i < arr->init->nkids; i++) {
		const struct value *e = arr->init->kids[i];
		const struct value *busnum = conv_field(r->c, e, "bus_num");
		const char *tmpl = rn_str(r->c->soc, "spi_bus") ? rn_str(r->c->soc, "spi_bus") : "spi{bus_num}";
		const char *label = bus_alias(r->c, conv_template(r->c, tmpl, e, NULL, NULL));
		const char *what = arena_printf(r->c->a, "%s[%zu]", arr->name, i);
		struct fact *f = dt_add_fact(r->c->t, "variable", what, &e->pos);
		struct dt_node *dn;
		long long mhz = value_field_int(e, "max_speed_hz", 0);

		if (!label || !busnum) {
			f->fate = FACT_TODO;
			f->reason = busnum && busnum->kind == VAL_INT
				? arena_printf(r->c->a, "SPI bus %lld: no controller node in the .dtsi",
					       busnum->ival)
				: "SPI bus number not known";
			dt_node_add_todo(r->c->t, NULL, &e->pos, what, f->reason);
			continue;
		}
		dn = bus_device(r->c, conv_enable(r->c, label, &e->pos, what), value_field_str(e, "modalias"),
				value_field_int(e, "chip_select", 0), e, what);
		if (mhz) {
			struct dt_prop *p = dt_prop_set(r->c->t, dn, "spi-max-frequency");

			dt_chunk_add_u32(r->c->t, dt_prop_add_cells(r->c->t, p), (uint32_t)mhz);
			p->pos = e->pos;
		}
		f->fate = FACT_CONVERTED;
		f->became = dt_node_path(r->c->t, dn);
	}
	reg_converted(r, "SPI devices");
	return true;
}

/* --- GPIO hogs, regulators, struct arrays ---------------------------------------- */

#define GPIOF_DIR_IN		(1 << 0)
#define GPIOF_INIT_HIGH		(1 << 1)
#define GPIOF_ACTIVE_LOW	(1 << 2)

static bool reg_gpio_hog(struct reg_ctx *r)
{
	const struct value *gpio = reg_arg(r, "gpio");
	const struct value *flags = reg_arg(r, "flags");
	const struct value *label = reg_arg(r, "label");
	struct conv *c = r->c;
	struct dt_chunk tmp = { 0 };
	struct dt_node *ctrl, *hog;
	struct dt_prop *p;
	long long fl = flags && flags->kind == VAL_INT ? flags->ival : 0;

	if (!gpio || !conv_gpio_cells(c, gpio, &tmp, false)) {
		reg_todo(r, gpio && gpio->kind == VAL_INT
		     ? arena_printf(c->a, "GPIO %lld: no controller provides it", gpio->ival)
		     : "GPIO number not known at build time");
		return true;
	}
	ctrl = conv_controller_overlay(c, tmp.cells[0].text);
	hog = dt_node_add(c->t, ctrl, arena_printf(c->a, "%s-hog",
			  arena_node_name(c, label && label->kind == VAL_STRING ? label->text : "gpio")), NULL);
	hog->pos = r->call->pos;
	dt_prop_set(c->t, hog, "gpio-hog")->pos = r->call->pos;
	p = dt_prop_set(c->t, hog, "gpios");
	struct dt_chunk *ch = dt_prop_add_cells(c->t, p);

	dt_chunk_add_u32(c->t, ch, tmp.cells[1].val);
	dt_chunk_add_macro(c->t, ch, fl & GPIOF_ACTIVE_LOW ? "GPIO_ACTIVE_LOW" : "GPIO_ACTIVE_HIGH",
			   fl & GPIOF_ACTIVE_LOW ? 1 : 0);
	p->pos = gpio->pos;
	p->origin = r->call->spelling;
	p = dt_prop_set(c->t, hog, fl & GPIOF_DIR_IN ? "input" : fl & GPIOF_INIT_HIGH ? "output-high"
										  : "output-low");
	p->pos = r->call->pos;
	p->origin = flags ? flags->spelling : NULL;
	if (label && label->kind == VAL_STRING) {
		p = dt_prop_set(c->t, hog, "line-name");
		dt_prop_add_string(c->t, p, label->text);
		p->pos = label->pos;
	}
	reg_converted(r, dt_node_path(c->t, hog));
	return true;
}

static bool reg_gpio_claim(struct reg_ctx *r)
{
	reg_converted(r, "runtime GPIO claim (the consumer's *-gpios property describes the line)");
	return true;
}

static bool reg_fixed_regulator(struct reg_ctx *r)
{
	struct conv *c = r->c;
	const struct variable *sup = conv_deref(c, reg_arg(r, "supplies"));
	const struct value *name = reg_arg(r, "name");
	const struct value *uv = reg_arg(r, "uv");
	struct dt_node *n = dt_node_add(c->t, c->t->root, "regulator", NULL);
	struct dt_prop *p = dt_prop_set(c->t, n, "compatible");

	dt_prop_add_string(c->t, p, "regulator-fixed");
	n->pos = r->call->pos;
	p = dt_prop_set(c->t, n, "regulator-name");
	dt_prop_add_string(c->t, p, name && name->kind == VAL_STRING ? name->text
				    : sup ? sup->name : "fixed");
	p->pos = r->call->pos;
	if (uv && uv->kind == VAL_INT) {
		dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, dt_prop_set(c->t, n, "regulator-min-microvolt")),
				 (uint32_t)uv->ival);
		dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, dt_prop_set(c->t, n, "regulator-max-microvolt")),
				 (uint32_t)uv->ival);
	}
	dt_prop_set(c->t, n, "regulator-always-on")->pos = r->call->pos;
	if (sup) {
		n->label = conv_label(c, sup->name);
		conv_mark_var(c, sup->name);
		for (size_t i = 0; sup->init && i < sup->init->nkids; i++) {
			const struct value *e = sup->init->kids[i];
			struct pending_supply *s = arena_alloc(c->a, sizeof(*s));

			s->supply = value_field_str(e, "supply");
			s->dev_name = value_field_str(e, "dev_name");
			s->reg_label = n->label;
			s->pos = e->pos;
			s->origin = e->spelling;
			s->fact = dt_add_fact(c->t, "field", arena_printf(c->a, "%s[%zu] supply", sup->name, i),
					      &e->pos);
			arena_push(c->a, (void ***)&c->supplies, &c->nsupplies, s);
		}
	}
	reg_converted(r, dt_node_path(c->t, n));
	return true;
}

static bool reg_struct_array(struct reg_ctx *r)
{
	struct conv *c = r->c;
	const struct variable *arr = conv_deref(c, reg_arg(r, "array"));
	const struct rnode *rule = conv_struct_rule(c, rn_str(r->reg, "struct"));
	const char *until = rn_str(r->reg, "until");

	const struct rnode *node = rn_get(r->rule, "node");
	struct dt_node *target = NULL;

	if (node && node->kind == RN_SCALAR)
		target = dt_overlay(c->t, conv_template(c, node->scalar, NULL, r->call,
							rn_get(r->rule, "args")));
	if (!arr || !arr->init) {
		/* NULL platform data: the SoC defaults, nothing more to convert. */
		if (!target)
			return false;
		reg_converted(r, arena_printf(c->a, "&%s", target->ref));
		return true;
	}
	conv_mark_var(c, arr->name);
	size_t count = arr->is_array ? arr->init->nkids : 1;

	for (size_t i = 0; i < count; i++) {
		const struct value *e = arr->is_array ? arr->init->kids[i] : arr->init;
		const char *what = arr->is_array ? arena_printf(c->a, "%s[%zu]", arr->name, i) : arr->name;

		if (until && value_is_zero(conv_field(c, e, until)))
			break;
		if (target) {
			conv_apply_struct(c, target, rule, e, what);
			continue;
		}
		struct dt_node *n = conv_struct_node(c, c->t->root, rule, e, what, -1);

		if (n && n->ref)
			conv_bind_dev(c, arena_printf(c->a, "%s#%zu", arr->name, i), n);
	}
	reg_converted(r, arena_printf(c->a, "%s entries", arr->name));
	return true;
}

/* s3c64xx_set_xtal_freq(12000000): a fixed-clock oscillator node the SoC clocks use. */
static bool reg_fixed_clock(struct reg_ctx *r)
{
	struct conv *c = r->c;
	const struct value *freq = reg_arg(r, "freq");
	const char *label = rn_str(r->reg, "label");
	struct dt_node *n;
	struct dt_prop *p;

	if (!freq || freq->kind != VAL_INT) {
		reg_todo(r, "clock frequency not known at build time");
		return true;
	}
	n = dt_node_add(c->t, c->t->root, "oscillator", NULL);
	n->label = label;
	n->pos = r->call->pos;
	dt_prop_add_string(c->t, dt_prop_set(c->t, n, "compatible"), "fixed-clock");
	p = dt_prop_set(c->t, n, "clock-frequency");
	dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, p), (uint32_t)freq->ival);
	p->pos = freq->pos;
	p->origin = r->call->spelling;
	dt_prop_add_string(c->t, dt_prop_set(c->t, n, "clock-output-names"), label);
	dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, dt_prop_set(c->t, n, "#clock-cells")), 0);
	reg_converted(r, dt_node_path(c->t, n));
	return true;
}

static bool reg_irq_type(struct reg_ctx *r)
{
	reg_converted(r, "trigger type in the interrupt specifier of the device using this IRQ");
	return true;
}

static bool reg_platform_simple(struct reg_ctx *r)
{
	reg_todo(r, "platform_device_register_simple: no platform data to convert");
	return true;
}

/* --- MBus windows (Marvell Orion/Dove/MV78xx0) --------------------------------- */

#define MBUS_ID(t, a)	(((uint32_t)(t) << 24) | ((uint32_t)(a) << 16))

/* <MBUS_ID(t, a) 0 base size> appended to the ranges of the bus node (/soc). */
static void mbus_range(struct conv *c, const char *bus, unsigned t, unsigned a, long long base,
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

/* register: {kind: mbus_window, bus: soc, windows: [{target, attr, label}...]} */
static bool reg_mbus_window(struct reg_ctx *r)
{
	struct conv *c = r->c;
	const struct value *t = reg_arg(r, "target"), *a = reg_arg(r, "attr");
	const struct value *base = reg_arg(r, "base"), *size = reg_arg(r, "size");
	const struct rnode *wins = rn_get(r->reg, "windows");
	const char *bus = rn_str(r->reg, "bus") ? rn_str(r->reg, "bus") : "soc";
	struct mbus_window *w;

	if (!t || !a || !base || !size || t->kind != VAL_INT || a->kind != VAL_INT ||
	    base->kind != VAL_INT || size->kind != VAL_INT) {
		reg_todo(r, "MBus window not known at build time");
		return true;
	}
	w = arena_alloc(c->a, sizeof(*w));
	w->target = (unsigned)(t->ival & 0xff);
	long long amask = 0xff;

	/* ORION_MBUS_DEVBUS_ATTR(cs) is ~(1 << cs): `attr_mask:` keeps the bits the .dtsi spells */
	rn_get_long(r->reg, "attr_mask", &amask);
	w->attr = (unsigned)(a->ival & amask);
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
static bool reg_mbus_ranges(struct reg_ctx *r)
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
	for (size_t i = 0; i < root->nchildren; i++)
		if (root->children[i] == n) {
			memmove(&root->children[i], &root->children[i + 1],
				(root->nchildren - i - 1) * sizeof(root->children[0]));
			root->nchildren--;
			break;
		}
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
	n->unit = arena_printf(c->a, "%x", cell->val);
	n->parent = bus;
	arena_push(c->a, (void ***)&bus->children, &bus->nchildren, n);
	return n;
}

static const struct {
	const char *kind;
	bool (*fn)(struct reg_ctx *r);
	bool late;	/* a consumer lookup table: runs after every registration */
} registrations[] = {
	{ "platform", reg_platform },
	{ "platform_list", reg_platform_list },
	{ "platform_simple", reg_platform_simple },
	{ "i2c", reg_i2c },
	{ "spi", reg_spi },
	{ "gpio_hog", reg_gpio_hog },
	{ "gpio_claim", reg_gpio_claim },
	{ "fixed_regulator", reg_fixed_regulator },
	{ "struct_array", reg_struct_array },
	{ "gpiod_lookup", reg_gpiod_lookup, true },
	{ "pwm_lookup", reg_pwm_lookup, true },
	{ "fixed_clock", reg_fixed_clock },
	{ "irq_type", reg_irq_type },
	{ "mbus_window", reg_mbus_window },
	{ "mbus_ranges", reg_mbus_ranges },
};

/* The `register:` kinds in table order: up to max into names; returns how many there are. */
size_t engine_register_kind_names(const char **names, size_t max)
{
	size_t n = sizeof(registrations) / sizeof(registrations[0]);

	for (size_t i = 0; i < n && i < max; i++)
		names[i] = registrations[i].kind;
	return n;
}

/* The registration kind of a call rule (`register: i2c` or `register: {kind: i2c}`). */
static const char *rule_kind(const struct rnode *rule)
{
	const struct rnode *reg = rn_get(rule, "register");

	return reg && reg->kind == RN_MAP ? rn_str(reg, "kind") : reg ? reg->scalar : NULL;
}

/*
 * Consumer lookup tables (gpiod, pwm) name their device by string, so the
 * kernel lets them come before the device: the engine runs them after every
 * other call of the machine.
 */
bool conv_register_is_late(const struct rnode *rule)
{
	const char *kind = rule_kind(rule);

	for (size_t i = 0; kind && i < sizeof(registrations) / sizeof(registrations[0]); i++)
		if (str_eq(registrations[i].kind, kind))
			return registrations[i].late;
	return false;
}

bool engine_known_registration(const char *kind)
{
	for (size_t i = 0; i < sizeof(registrations) / sizeof(registrations[0]); i++)
		if (str_eq(registrations[i].kind, kind))
			return true;
	return false;
}

/* `node: label` or `node: [l1, l2]`: the call enables SoC nodes; `props:` from args. */
static void enable_nodes(struct reg_ctx *r, const struct rnode *node)
{
	struct conv *c = r->c;
	const struct rnode *props = rn_get(r->rule, "props");
	size_t n = node->kind == RN_SEQ ? node->n : 1;
	const char *first = NULL;

	for (size_t i = 0; i < n; i++) {
		const char *tmpl = node->kind == RN_SEQ ? node->items[i]->scalar : node->scalar;
		const char *label = conv_template(c, tmpl, NULL, r->call, rn_get(r->rule, "args"));
		struct dt_node *dn;

		if (!label) {
			reg_todo(r, arena_printf(c->a, "cannot tell which %s", tmpl));
			return;
		}
		first = first ? first : label;
		dn = conv_enable(c, label, &r->call->pos, r->call->spelling);
		for (size_t k = 0; props && k < props->n; k++) {
			const struct value *v = reg_arg(r, rn_str(props->items[k], "arg"));
			long long scale = 1;
			struct dt_prop *p;

			if (!v || v->kind != VAL_INT)
				continue;
			rn_get_long(props->items[k], "scale", &scale);
			p = dt_prop_set(c->t, dn, rn_str(props->items[k], "prop"));
			dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, p), (uint32_t)(v->ival * scale));
			p->pos = v->pos;
			p->origin = r->call->spelling;
		}
	}
	reg_converted(r, arena_printf(c->a, "&%s", first));
}

bool conv_register_call(struct conv *c, const struct call *call, const struct rnode *rule,
			struct fact *f)
{
	struct reg_ctx r = { c, call, rule, rn_get(rule, "register"), f };
	const char *kind = rule_kind(rule);

	if (rn_str(rule, "todo")) {
		reg_todo(&r, rn_str(rule, "todo"));
		return true;
	}
	if (rn_str(rule, "ignore")) {
		reg_converted(&r, arena_printf(c->a, "no DT equivalent: %s", rn_str(rule, "ignore")));
		return true;
	}
	if (rn_get(rule, "node"))
		enable_nodes(&r, rn_get(rule, "node"));
	if (rn_get(rule, "node") && str_eq(kind, "struct_array") && !rn_get(rule, "props"))
		f->became = NULL;
	for (size_t i = 0; kind && i < sizeof(registrations) / sizeof(registrations[0]); i++)
		if (str_eq(registrations[i].kind, kind))
			return registrations[i].fn(&r) || (f->reason = "arguments not understood", false);
	return rn_get(rule, "node") != NULL;
}

/*
 * `supply_consumers: [{supply: cvdd, label: cpu, prop: cpu}]`: a supply the
 * board names without a device (the SoC driver asks for it) -> that node.
 */
static const struct rnode *supply_consumer(const struct conv *c, const struct pending_supply *s)
{
	const struct rnode *l = rn_get(c->soc, "supply_consumers");

	for (size_t i = 0; l && s->supply && i < l->n; i++)
		if (str_eq(rn_str(l->items[i], "supply"), s->supply) &&
		    (!rn_str(l->items[i], "dev_name") || str_eq(rn_str(l->items[i], "dev_name"), s->dev_name)))
			return l->items[i];
	return NULL;
}

/* REGULATOR_SUPPLY("vmmc", "omap_hsmmc.0"): vmmc-supply = <&reg> on that device's node. */
void conv_finish_supplies(struct conv *c)
{
	const struct rnode *names = rn_get(c->soc, "dev_names");

	for (size_t i = 0; i < c->nsupplies; i++) {
		struct pending_supply *s = c->supplies[i];
		struct dt_node *n = conv_dev_node(c, s->dev_name);
		const char *label = n ? NULL : rn_str(names, s->dev_name ? s->dev_name : "");
		const struct rnode *named = n || label ? NULL : supply_consumer(c, s);
		struct dt_prop *p;

		if (named) {
			label = rn_str(named, "label");
			s->supply = rn_str(named, "prop") ? rn_str(named, "prop") : s->supply;
		}
		if (!n && label)
			n = dt_overlay(c->t, label);
		if (!n || !s->supply || !s->reg_label) {
			s->fact->fate = FACT_TODO;
			s->fact->reason = arena_printf(c->a, "supply \"%s\" for device \"%s\": device not in the tree",
						       s->supply ? s->supply : "?",
						       s->dev_name ? s->dev_name : "(any)");
			dt_node_add_todo(c->t, NULL, &s->pos, s->origin, s->fact->reason);
			continue;
		}
		p = dt_prop_set(c->t, n, arena_printf(c->a, "%s-supply", s->supply));
		dt_chunk_add_ref(c->t, dt_prop_add_cells(c->t, p), s->reg_label);
		p->pos = s->pos;
		p->origin = s->origin;
		s->fact->fate = FACT_CONVERTED;
		s->fact->became = arena_printf(c->a, "%s %s", dt_node_path(c->t, n), p->name);
	}
}
