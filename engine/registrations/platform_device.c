// SPDX-License-Identifier: GPL-2.0
/* A platform_device becomes a node: SoC devices by variable, others by driver name, resources as reg and interrupts. */
#include "registrations.h"

#include "../../common/util.h"

#include <ctype.h>
#include <string.h>
#include <libfdt.h>
#include "../../kernel/compat_map.h"
#include "../../kernel/soc_dtsi.h"

#define IORESOURCE_MEM	0x200
#define IORESOURCE_IRQ	0x400

/* --- platform devices -------------------------------------------------------- */

const struct rnode *soc_device_rule(const struct conv *c, const char *var)
{
	const struct rnode *l = rn_get(c->soc, "soc_devices");

	for (size_t i = 0; l && i < l->n; i++)
		if (str_eq(rn_str(l->items[i], "var"), var))
			return l->items[i];
	return NULL;
}

/*
 * MEM resources -> reg (when allowed), IRQ resources -> interrupts, or, with
 * irq_note (a platform rule's `irq:`), consumed: the driver takes its
 * interrupt from elsewhere (gpio-charger: its gpios line), and says so.
 */
void resources(struct conv *c, struct dt_node *n, const struct value *dev, bool mem,
	       const char *irq_note)
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
		const struct value *endv = conv_field(c, r, "end");
		long long end = endv && endv->kind == VAL_INT ? endv->ival : -1;
		long long flags = value_field_int(r, "flags", 0);
		struct fact *f = dt_add_fact(c->t, "field", arena_printf(c->a, "%s[%zu] resource",
					     res->name, i), &r->pos);

		f->fate = FACT_CONVERTED;
		f->became = dt_node_path(c->t, n);
		if (start && start->kind != VAL_INT && (flags & IORESOURCE_IRQ) && !irq_note &&
		    conv_add_interrupt(c, n, start, (unsigned)(flags & 0xf))) {
			/* an IRQ the machine stores at run time, gpio_to_irq(GPIO) */
		} else if (start && (flags & IORESOURCE_MEM) && mem && !reg &&
			   (reg = conv_cs_window_reg(c, n, r, start, endv))) {
			/* on a chip select the board requested (gpmc_cs_request) */
		} else if (!start || start->kind != VAL_INT) {
			f->fate = FACT_TODO;
			f->reason = "resource start not known at build time";
			dt_node_add_todo(c->t, n, &r->pos, r->spelling, f->reason);
		} else if ((flags & IORESOURCE_MEM) && mem && end < start->ival) {
			/* An .end the build does not know (a macro of a header tolerant
			 * mode lacks) or before .start: a size would be wrong, so no reg. */
			f->fate = FACT_TODO;
			f->reason = arena_printf(c->a, "resource end not known at build time (.end = %s): "
						 "write reg = <0x%llx SIZE> by hand",
						 endv && endv->spelling ? endv->spelling : "missing",
						 start->ival);
			dt_node_add_todo(c->t, n, &r->pos, r->spelling, f->reason);
		} else if ((flags & IORESOURCE_MEM) && mem) {
			if (!reg) {
				reg = dt_prop_set(c->t, n, "reg");
				reg->pos = r->pos;
				reg->origin = r->spelling ? r->spelling : res->name;
				n->unit = arena_printf(c->a, "%llx", start->ival);
			}
			struct dt_chunk *ch = dt_prop_add_cells(c->t, reg);

			dt_chunk_add_num(c->t, ch, (uint32_t)start->ival, conv_c_base(start));
			dt_chunk_add_u32(c->t, ch, (uint32_t)(end - start->ival + 1));
		} else if ((flags & IORESOURCE_IRQ) && irq_note) {
			f->became = arena_printf(c->a, "%s: no interrupts property: %s",
						 dt_node_path(c->t, n), irq_note);
		} else if (flags & IORESOURCE_IRQ) {
			add_interrupt(c, n, start, (unsigned)(flags & 0xf));
		} else {
			f->fate = FACT_TODO;
			f->reason = "resource type has no rule (only MEM and IRQ)";
			dt_node_add_todo(c->t, n, &r->pos, r->spelling, f->reason);
		}
	}
}

const struct rnode *platform_rule(const struct conv *c, const char *name)
{
	return conv_soc_rule(c, "platform_devices", c->rs->platform, c->rs->nplatform, "name",
			     name);
}

/* The platform data the machine stored into this SoC device (engine_values.c);
 * n NULL: the device is a TODO, and so is its platform data. */
static void soc_device_pdata(struct conv *c, struct dt_node *n, const char *var)
{
	for (size_t i = 0; i < c->nsoc_pdata; i++) {
		struct soc_pdata *p = c->soc_pdata[i];
		const struct variable *pd;

		if (!str_eq(p->store->var, var) || p->done)
			continue;
		p->done = true;
		pd = conv_deref_one(c, p->store->rhs);
		if (!n) {	/* the device is a TODO: its platform data goes with it */
			p->fact->reason = arena_printf(c->a, "platform data of %s, a SoC device left "
						       "as a TODO", var);
			dt_node_add_todo(c->t, NULL, &p->store->pos, p->fact->what, p->fact->reason);
			continue;
		}
		if (!pd || !pd->init) {
			p->fact->reason = arena_printf(c->a, "platform data of %s: %s is not defined "
						       "in this file", var, p->store->rhs &&
						       p->store->rhs->spelling ? p->store->rhs->spelling : "?");
			dt_node_add_todo(c->t, n, &p->store->pos, p->fact->what, p->fact->reason);
			continue;
		}
		conv_mark_var(c, pd->name);
		conv_apply_struct(c, n, conv_struct_rule(c, pd->type), pd->init, pd->name);
		p->fact->fate = FACT_CONVERTED;
		p->fact->reason = NULL;
		p->fact->became = dt_node_path(c->t, n);
	}
}

/*
 * `with_nodes: [usb-phy]`: the nodes at the device's address it needs too (its
 * PHY); with `label:`, labels of the .dtsi (`[usbphy]`: S5PV210's OTG PHY).
 */
static void enable_with_nodes(struct conv *c, const struct rnode *rule, const struct srcpos *pos,
			      const char *var)
{
	const struct rnode *with = rn_get(rule, "with_nodes");
	bool by_label = rn_str(rule, "label") != NULL;
	long long at = 0;

	if (!with || !c->opt || !c->opt->dtsi || (!by_label && !rn_long(rn_get(rule, "at"), &at)))
		return;
	for (size_t i = 0; i < with->n; i++) {
		const char *w = by_label
			? (soc_dtsi_has_label(c->opt->dtsi, with->items[i]->scalar) ? with->items[i]->scalar : NULL)
			: soc_dtsi_label_at_named(c->opt->dtsi, (uint64_t)at, with->items[i]->scalar);

		if (w)
			conv_enable(c, w, pos, arena_printf(c->a, "&%s", var));
	}
}

struct dt_node *soc_platform_device(struct conv *c, const struct variable *dev,
					   const struct rnode *rule, struct fact *f)
{
	const char *label = rn_str(rule, "label");
	struct dt_node *n;
	const struct rnode *props = rn_get(rule, "props");
	long long at;

	/* `path: /pmu`: a node of the target .dtsi with no label, by path */
	if (!label && rn_str(rule, "path")) {
		label = arena_printf(c->a, "{%s}", rn_str(rule, "path"));
		if (!c->opt || !c->opt->dtsi || !soc_dtsi_has_label(c->opt->dtsi, label))
			label = NULL;
	}
	/* `at: 0xc8000000`: the target .dtsi's node at that address, by label or path */
	if (!label && rn_long(rn_get(rule, "at"), &at)) {
		label = c->opt && c->opt->dtsi ? soc_dtsi_label_at_named(c->opt->dtsi, (uint64_t)at,
								       rn_str(rule, "node")) : NULL;
		if (!label && !rn_str(rule, "todo")) {
			f->fate = FACT_TODO;
			f->reason = c->opt && c->opt->dtsi
				? arena_printf(c->a, "%s: no node at %#llx in the target's SoC .dtsi",
					       dev->name, at)
				: arena_printf(c->a, "%s: the SoC .dtsi's node at %#llx (needs --kernel)",
					       dev->name, at);
			soc_device_pdata(c, NULL, dev->name);
			dt_node_add_todo(c->t, NULL, &f->pos, dev->name, f->reason);
			return NULL;
		}
	}
	/* a label the .dtsi lacks, with a `todo:`: the base layer's node for it, else that TODO */
	const char *why = NULL;

	if (label && rn_str(rule, "todo") && c->opt && c->opt->dtsi &&
	    !soc_dtsi_has_label(c->opt->dtsi, label) && !dt_node_has_label(c->t->root, label) &&
	    !conv_layer_device(c, dev->name, &f->pos, &why))
		label = NULL;
	if (!label) {
		soc_device_pdata(c, NULL, dev->name);
		f->fate = FACT_TODO;
		f->reason = arena_printf(c->a, "%s: %s%s%s", dev->name,
					 rn_str(rule, "todo") ? rn_str(rule, "todo")
							      : "SoC device with no .dtsi node",
					 why ? "; " : "", why ? why : "");
		dt_node_add_todo(c->t, NULL, &f->pos, dev->name, f->reason);
		return NULL;
	}
	n = conv_enable(c, label, &f->pos, arena_printf(c->a, "&%s", dev->name));
	constant_props(c, n, props, &f->pos, true);
	enable_with_nodes(c, rule, &f->pos, dev->name);
	soc_device_pdata(c, n, dev->name);
	f->fate = FACT_CONVERTED;
	f->became = arena_printf(c->a, "&%s", label);
	if (rn_str(rule, "dev_name"))
		conv_bind_dev(c, rn_str(rule, "dev_name"), n);
	return n;
}

/*
 * A device the board defines for a block of the SoC (armadillo800eva's
 * "sh_mobile_sdhi" at 0xe6850000): when the target .dtsi has a labelled node
 * at its first MEM resource whose compatible is one the device's driver
 * matches (of the candidates the kernel tree gives for the name), the node
 * takes that node's name, and the status pass folds it into the label
 * (the .dtsi's compatible kept). Returns the compatible, or NULL.
 */
/*
 * Does every word of a device name (letters and digits, two at least) occur
 * in one of the node's compatible strings, case aside? "r8a7790-ether" in
 * "renesas,ether-r8a7790", "qspi" in "renesas,qspi".
 */
static bool name_words_in(const char *name, const char *compat, int len)
{
	for (const char *w = name; *w;) {
		size_t n = 0;
		bool found = false;

		while (*w && !isalnum((unsigned char)*w))
			w++;
		while (isalnum((unsigned char)w[n]))
			n++;
		for (int k = 0; n >= 2 && !found && k < len; k += (int)strlen(compat + k) + 1)
			for (const char *p = compat + k; !found && strlen(p) >= n; p++)
				found = !strncasecmp(p, w, n);
		if (n >= 2 && !found)
			return false;
		w += n;
	}
	return true;
}

/*
 * A name no driver of the target knows (3.x "r8a7790-ether", "qspi": 6.1's
 * sh_eth.c and spi-rspi.c match only compatibles): the labelled node at the
 * device's address is it when the name's words are in its compatible.
 */
static const char *dtsi_node_by_words(struct conv *c, uint64_t addr, const char *name,
				      const char **first_compat)
{
	const char *label = soc_dtsi_label_at(c->opt->dtsi, addr);
	const char *path = label ? soc_dtsi_label_path(c->opt->dtsi, label) : NULL;
	const void *fdt = soc_dtsi_fdt(c->opt->dtsi);
	int off = path ? fdt_path_offset(fdt, path) : -1, len = 0;
	const char *compat = off >= 0 ? fdt_getprop(fdt, off, "compatible", &len) : NULL;

	if (!compat || len <= 0 || !name_words_in(name, compat, len))
		return NULL;
	*first_compat = compat;
	return soc_dtsi_name_at_compatible(c->opt->dtsi, addr, compat);
}

static const char *dtsi_node_of_driver(struct conv *c, struct dt_node *n, const struct value *init,
				       const char *name)
{
	const struct variable *res = conv_deref(c, conv_field(c, init, "resource"));
	const struct value *r = res && res->init ? (res->is_array ? (res->init->nkids ?
				 res->init->kids[0] : NULL) : res->init) : NULL;
	const struct value *start = r ? conv_field(c, r, "start") : NULL;
	struct compat_hit hits[16];
	const char *at, *first = NULL;
	size_t k;

	if (!name || !start || start->kind != VAL_INT || !(value_field_int(r, "flags", 0) & IORESOURCE_MEM) ||
	    !c->opt || !c->opt->dtsi || !c->opt->compat)
		return NULL;
	k = compat_map_find(c->opt->compat, "platform", name, hits, 16);
	if (!k && (at = dtsi_node_by_words(c, (uint64_t)start->ival, name, &first))) {
		const char *sep = strchr(at, '@');

		n->name = sep ? arena_strndup(c->a, at, (size_t)(sep - at)) : arena_strdup(c->a, at);
		return arena_strdup(c->a, first);
	}
	for (size_t i = 0; i < k && i < 16; i++) {
		const char *sep;

		at = soc_dtsi_name_at_compatible(c->opt->dtsi, (uint64_t)start->ival, hits[i].compat);
		sep = at ? strchr(at, '@') : NULL;

		if (at) {
			n->name = sep ? arena_strndup(c->a, at, (size_t)(sep - at)) : arena_strdup(c->a, at);
			return hits[i].compat;
		}
	}
	return NULL;
}

/*
 * `parent: {node: leds, compatible: gpio-leds}`: devices of one kind that
 * DT describes as children of one node (6.1's s3c24xx_led, one platform
 * device per LED): the root's node of that name and compatible, made by
 * the first of them.
 */
static struct dt_node *group_parent(struct conv *c, const struct rnode *grp,
				    const struct variable *dev, const char *name)
{
	const char *node = rn_str(grp, "node"), *compat = rn_str(grp, "compatible");
	struct dt_node *n;
	struct dt_prop *p;

	for (size_t i = 0; i < c->t->root->nchildren; i++) {
		n = c->t->root->children[i];
		p = dt_prop_find(n, "compatible");
		if (str_eq(n->name, node) && p && p->nchunks && str_eq(p->chunks[0]->str, compat))
			return n;
	}
	n = dt_node_add(c->t, c->t->root, node, NULL);
	n->pos = dev->pos;
	p = dt_prop_set(c->t, n, "compatible");
	dt_prop_add_string(c->t, p, compat);
	p->pos = dev->pos;
	p->origin = arena_printf(c->a, ".name = \"%s\": one %s node holds every such device",
				 name ? name : "", compat);
	return n;
}

/*
 * A device the board defines that the SoC pack's `dev_names:` knows by its
 * Linux name (2.6.3x OMAP boards define the "omapdss" device themselves):
 * the .dtsi's node, enabled; its platform data goes there. A device with
 * resources of its own is not taken (they would restate the .dtsi's).
 */
static const char *soc_dev_label(struct conv *c, const struct value *init, const char *name)
{
	const struct rnode *names = rn_get(c->soc, "dev_names");
	long long id = value_field_int(init, "id", value_field(init, "id") ? -1 : 0);
	const char *label;

	if (!name || !names || value_field(init, "resource"))
		return NULL;
	label = id >= 0 ? rn_str(names, arena_printf(c->a, "%s.%lld", name, id)) : NULL;
	return label ? label : id < 0 ? rn_str(names, name) : NULL;
}

/* The platform_device's own members, then its platform data (by prule), on n. */
static void device_data(struct conv *c, struct dt_node *n, const struct variable *dev,
			const struct variable *pdata, const struct rnode *prule)
{
	conv_apply_struct(c, n, conv_struct_rule(c, "platform_device"), dev->init, dev->name);
	if (pdata) {
		conv_mark_var(c, pdata->name);
		conv_apply_struct(c, n, prule, pdata->init, pdata->name);
	}
}

/* That device: the SoC node labelled label, enabled, with the device's platform data. */
static struct dt_node *soc_named_device(struct conv *c, const struct variable *dev,
					const struct variable *pdata, const char *label, struct fact *f)
{
	struct dt_node *n = conv_enable(c, label, &dev->pos, dev->name);

	device_data(c, n, dev, pdata, pdata ? conv_struct_rule(c, pdata->type) : NULL);
	f->fate = FACT_CONVERTED;
	f->became = arena_printf(c->a, "&%s (the SoC's %s)", label, value_field_str(dev->init, "name"));
	return n;
}

/*
 * `id_prop: "ti,davinci-chipselect"`: the device's .id is that property,
 * unless its platform data wrote it (2.6.x-4.x davinci_nand: the id was the
 * AEMIF chip select; the DT driver fails without the property).
 */
static void id_prop(struct conv *c, struct dt_node *n, const struct rnode *rule,
		    const struct value *init, long long id)
{
	const char *name = rn_str(rule, "id_prop");
	struct dt_prop *p;

	if (!name || id < 0 || dt_prop_find(n, name))
		return;
	p = dt_prop_set(c->t, n, name);
	dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, p), (uint32_t)id);
	p->pos = value_field(init, "id") ? value_field(init, "id")->pos : n->pos;
	p->origin = arena_printf(c->a, ".id = %lld", id);
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
	if (!rule && (compat = soc_dev_label(c, init, name)))
		return soc_named_device(c, dev, pdata, compat, f);
	node_name = rn_str(rule, "node") ? rn_str(rule, "node") : rn_str(prule, "node");
	if (node_name && pdata)
		node_name = conv_node_name(c, node_name, pdata->init);
	if (node_name && !*node_name)	/* "{name}" without the field: the device's name */
		node_name = NULL;
	compat = rn_str(rule, "compatible") ? rn_str(rule, "compatible") : rn_str(prule, "compatible");
	n = dt_node_add(c->t, rn_get(rule, "parent") ? group_parent(c, rn_get(rule, "parent"), dev, name) :
			c->t->root, node_name ? node_name : arena_node_name(c, name ? name : dev->name), NULL);
	n->pos = dev->pos;
	n->origin = dev->name;
	if (rn_get(rule, "parent")) {
		/* a child of its group's node: no compatible of its own */
	} else if (compat) {
		struct dt_prop *p = dt_prop_set(c->t, n, "compatible");

		dt_prop_add_string(c->t, p, compat);
		p->pos = dev->pos;
		p->origin = arena_printf(c->a, ".name = \"%s\"", name ? name : "");
	} else if ((compat = dtsi_node_of_driver(c, n, init, name))) {
		/* the SoC .dtsi's node at its address, whose compatible its driver
		 * matches: the status pass makes it that node's overlay */
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
	bool draft = rn_str(rule, "usb_phy") && !conv_usb_phy(c, n, rule, name);	/* no compatible */

	resources(c, n, init, true, rn_str(rule, "irq"));
	n = conv_mbus_place(c, n, rule);
	device_data(c, n, dev, pdata, prule);
	conv_clear_roles(c);	/* conv_usb_phy()'s */
	if (!draft)
		conv_note_requires(c, n, rule);
	/* The kernel names it "name.id"; a missing .id is 0 ("pwm-backlight.0"), but
	 * tables also say plain "name" for such devices, so bind both. */
	long long id = value_field_int(init, "id", value_field(init, "id") ? -1 : 0);

	if (id >= 0 && name)
		conv_bind_dev(c, arena_printf(c->a, "%s.%lld", name, id), n);
	id_prop(c, n, rule, init, id);
	if (id < 0 || !value_field(init, "id"))
		conv_bind_dev(c, name ? name : dev->name, n);
	f->fate = FACT_CONVERTED;
	f->became = dt_node_path(c->t, n);
	return n;
}

struct dt_node *platform_one(struct reg_ctx *r, const struct value *ptr)
{
	const struct variable *dev = conv_deref(r->c, ptr);
	struct fact *f = r->f;

	const struct rnode *srule = !dev && ptr && ptr->text ? soc_device_rule(r->c, ptr->text) : NULL;

	if (srule) {
		/* platform_device_register(&pxa168_device_gpio): a SoC device. */
		struct variable soc = { .name = ptr->text, .pos = ptr->pos };

		return soc_platform_device(r->c, &soc, srule, f);
	}
	if (!dev) {
		reg_todo(r, arena_printf(r->c->a, "platform device %s is not defined in this file",
				     ptr && ptr->text ? ptr->text : "?"));
		return NULL;
	}
	if (r->call->nargs && ptr != r->call->args[0]) {
		f = dt_add_fact(r->c->t, "variable", arena_printf(r->c->a, "platform_device %s", dev->name),
				&dev->pos);
	}
	return conv_platform_device(r->c, dev, f);
}
