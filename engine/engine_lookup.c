// SPDX-License-Identifier: GPL-2.0
/*
 * Consumer lookup tables: gpiod_lookup_table (GPIO_LOOKUP entries ->
 * `con-gpios`) and pwm_lookup (PWM_LOOKUP entries -> `pwms`). Both name the
 * consumer by device name, so they run after every device is in the tree
 * (conv_register_phase).
 */
#include "engine_register.h"

#include <ctype.h>
#include <string.h>

#include "../common/util.h"
#include "../kernel/soc_dtsi.h"

/* A con_id usable before "-gpios" (DT property characters, no spaces). */
static bool valid_prop_stem(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && !strchr(",._+-", *s))
			return false;
	return true;
}

/*
 * The node label of a GPIO chip named by its Linux label: the pack's
 * `gpio_chips` entry, else, for "davinci_gpio.0" (a 4.x kernel labelled the
 * chip by its device name, instance 0 of the one controller), the entry of
 * the name without ".0". Another instance (".1") is never folded onto it.
 */
static const char *chip_label(const struct conv *c, const char *key)
{
	const struct rnode *chips = rn_get(c->soc, "gpio_chips");
	size_t n = key ? strlen(key) : 0;

	if (!key)
		return NULL;
	if (rn_str(chips, key) || n < 3 || strcmp(key + n - 2, ".0"))
		return rn_str(chips, key);
	return rn_str(chips, arena_strndup(c->a, key, n - 2));
}

/*
 * The struct rule whose node has n's compatible (the SoC pack's first): its
 * `lookup_gpio:` is the property a lookup entry without a con_id becomes on
 * that node and the flag stating its active-high polarity
 * ("regulator-fixed": `gpio`, with `enable-active-high`, as gpiolib-of.c's
 * quirk reads that binding: its line is active low unless the flag is
 * there, whatever its GPIO flags say); its `lookup_con: {CON: {prop, on}}`
 * the property a con_id becomes where the binding names it otherwise
 * (gpio-vbus's "vbus": usb-nop-xceiv's `vbus-detect-gpio`), `on:
 * usb_phy_user` on the controller that takes the transceiver (its "pullup":
 * pxa27x_udc's `gpios`).
 */
static const struct rnode *compat_rule(const struct conv *c, const struct dt_node *n)
{
	const struct dt_prop *compat = dt_prop_find(n, "compatible");
	const char *s = compat && compat->nchunks ? compat->chunks[0]->str : NULL;

	return s ? conv_soc_rule(c, "structs", c->rs->structs, c->rs->nstructs, "compatible", s) : NULL;
}

/* Two GPIO specifiers alike (the same line written twice). */
static bool same_cells(const struct dt_prop *p, const struct dt_chunk *ch)
{
	const struct dt_chunk *a = p->nchunks == 1 ? p->chunks[0] : NULL;

	if (!a || a->ncells != ch->ncells)
		return false;
	for (size_t i = 0; i < a->ncells; i++)
		if (a->cells[i].kind != ch->cells[i].kind || a->cells[i].val != ch->cells[i].val ||
		    !str_eq(a->cells[i].text, ch->cells[i].text))
			return false;
	return true;
}

/*
 * The line's property on the consumer, unless it has one already: the same
 * line (pxa_set_udc_info()'s .gpio_pullup and gpio-vbus's "pullup", one
 * pin) is converted as it is, another is the TODO returned.
 */
static const char *put_line(struct conv *c, struct dt_node *n, const char *name,
			    const struct dt_prop *line, const struct value *e, const char *what)
{
	struct dt_prop *old = dt_prop_find(n, name), *p;

	if (old)
		return same_cells(old, line->chunks[0]) ? NULL
			: arena_printf(c->a, "%s: another line than the one %s already gives it (%s)",
				       name, old->origin ? old->origin : "the board", dt_node_path(c->t, n));
	p = dt_prop_set(c->t, n, name);
	p->chunks = line->chunks;	/* in the tree's arena */
	p->nchunks = line->nchunks;
	p->pos = e->pos;
	p->origin = e->spelling ? e->spelling : what;
	return NULL;
}

/* One GPIO_LOOKUP(chip, line, con_id, flags) -> `con_id-gpios = <&label line flags>` on n. */
static void gpiod_entry(struct conv *c, struct dt_node *n, const struct value *e, const char *what)
{
	const char *key = value_field_str(e, "key");
	const char *con = value_field_str(e, "con_id");
	const struct value *hw = conv_field(c, e, "chip_hwnum");
	const struct value *fl = conv_field(c, e, "flags");	/* a store may set it */
	long long flags = fl && fl->kind == VAL_INT ? fl->ival : value_field_int(e, "flags", 0);
	const char *label = chip_label(c, key);
	const struct rnode *lg = con ? NULL : rn_get(compat_rule(c, n), "lookup_gpio");
	const struct rnode *lc = con ? rn_get(rn_get(compat_rule(c, n), "lookup_con"), con) : NULL;
	const char *name = rn_str(lc, "prop") ? rn_str(lc, "prop") : con ? arena_printf(c->a, "%s-gpios", con)
		: lg && rn_str(lg, "prop") ? rn_str(lg, "prop") : "gpios";
	struct fact *f = dt_add_fact(c->t, "field", what, &e->pos);
	struct dt_node *user = str_eq(rn_str(lc, "on"), "usb_phy_user") ? conv_usb_phy_user(c) : NULL;
	struct dt_prop *p;
	struct dt_chunk *ch;

	if (con && !valid_prop_stem(con)) {
		f->fate = FACT_TODO;
		f->reason = arena_printf(c->a, "con_id \"%s\" cannot be a property name: "
					 "use the name the driver's binding gives", con);
		dt_node_add_todo(c->t, n, &e->pos, e->spelling ? e->spelling : what, f->reason);
		return;
	}
	if (!label || !hw || hw->kind != VAL_INT) {
		f->fate = FACT_TODO;
		f->reason = arena_printf(c->a, "GPIO chip \"%s\": no gpio_chips entry names its node",
					 key ? key : "?");
		dt_node_add_todo(c->t, n, &e->pos, e->spelling ? e->spelling : what, f->reason);
		return;
	}
	if (user) {	/* a line the controller that takes this transceiver drives */
		struct dt_prop tmp = { 0 };

		ch = dt_prop_add_cells(c->t, &tmp);
		dt_chunk_add_ref(c->t, ch, label);
		dt_chunk_add_u32(c->t, ch, (uint32_t)hw->ival);
		dt_chunk_add_macro(c->t, ch, flags & 1 ? "GPIO_ACTIVE_LOW" : "GPIO_ACTIVE_HIGH", flags & 1);
		f->fate = (f->reason = put_line(c, user, name, &tmp, e, what)) ? FACT_TODO : FACT_CONVERTED;
		if (f->reason)
			dt_node_add_todo(c->t, user, &e->pos, e->spelling ? e->spelling : what, f->reason);
		f->became = arena_printf(c->a, "%s %s", dt_node_path(c->t, user), name);
		return;
	}
	p = dt_prop_find(n, name) ? dt_prop_find(n, name) : dt_prop_set(c->t, n, name);
	ch = dt_prop_add_cells(c->t, p);
	dt_chunk_add_ref(c->t, ch, label);
	dt_chunk_add_u32(c->t, ch, (uint32_t)hw->ival);
	dt_chunk_add_macro(c->t, ch, flags & 1 ? "GPIO_ACTIVE_LOW" : "GPIO_ACTIVE_HIGH", flags & 1);
	p->pos = e->pos;
	p->origin = e->spelling ? e->spelling : what;
	if (lg && rn_str(lg, "active_high") && !(flags & 1)) {
		struct dt_prop *hi = dt_prop_set(c->t, n, rn_str(lg, "active_high"));

		hi->pos = e->pos;
		hi->origin = arena_printf(c->a, "%s: active high", p->origin);
	}
	f->fate = FACT_CONVERTED;
	f->became = arena_printf(c->a, "%s %s", dt_node_path(c->t, n), name);
}

/*
 * The table registered before for the same dev_id, or NULL (and this one is
 * noted). gpiolib's gpiod_find_lookup_table() returns the first table whose
 * dev_id matches: a second one for the device is never read (6.1
 * colibri-evalboard.c adds the PXA320's table on a PXA270 Colibri too).
 */
static const char *earlier_table(struct conv *c, const char *dev_id, const char *tab)
{
	size_t k = c->nlookup_devs;

	for (size_t i = 0; dev_id && i < c->nlookup_devs; i++)
		if (str_eq(c->lookup_devs[i], dev_id))
			return c->lookup_tabs[i];
	if (dev_id) {
		arena_push(c->a, (void ***)&c->lookup_devs, &c->nlookup_devs, (void *)dev_id);
		arena_push(c->a, (void ***)&c->lookup_tabs, &k, (void *)tab);
	}
	return NULL;
}

/* A gpiod_lookup_table: its dev_id names the consumer (a bound device or a dev_names label). */
static void gpiod_table(struct reg_ctx *r, const struct variable *tab)
{
	struct conv *c = r->c;
	const char *dev_id = value_field_str(tab->init, "dev_id");
	const char *first = earlier_table(c, dev_id, tab->name);
	const char *label = dev_id ? rn_str(rn_get(c->soc, "dev_names"), dev_id) : NULL;
	struct dt_node *n = dev_id ? conv_dev_node(c, dev_id) : NULL;
	const struct value *entries = conv_field(c, tab->init, "table");
	struct fact *f = dt_add_fact(c->t, "variable", arena_printf(c->a, "gpiod_lookup_table %s",
				     tab->name), &tab->pos);

	conv_mark_var(c, tab->name);
	if (first) {
		f->fate = FACT_TODO;
		f->reason = arena_printf(c->a, "a second GPIO lookup table for \"%s\" (after %s): gpiolib "
					 "reads only the first one registered for a device, so the kernel "
					 "never used this one", dev_id, first);
		dt_node_add_todo(c->t, NULL, &tab->pos, tab->name, f->reason);
		return;
	}
	if (!n && label)
		n = dt_overlay(c->t, label);
	if (!n || !entries || entries->kind != VAL_LIST) {
		f->fate = FACT_TODO;
		f->reason = arena_printf(c->a, "GPIO lookup table for \"%s\": device not in the tree (yet): "
					 "write its *-gpios property by hand", dev_id ? dev_id : "?");
		dt_node_add_todo(c->t, NULL, &tab->pos, tab->name, f->reason);
		return;
	}
	for (size_t i = 0; i < entries->nkids; i++)
		if (value_field_str(entries->kids[i], "key"))
			gpiod_entry(c, n, entries->kids[i], arena_printf(c->a, "%s.table[%zu]", tab->name, i));
	f->fate = FACT_CONVERTED;
	f->became = dt_node_path(c->t, n);
}

/* gpiod_add_lookup_table(&t), gpiod_add_lookup_tables(tables, n). */
bool reg_gpiod_lookup(struct reg_ctx *r)
{
	const struct variable *tab = conv_deref(r->c, reg_arg(r, "table"));
	const struct variable *list = conv_deref(r->c, reg_arg(r, "tables"));

	if (list && list->init && list->init->kind == VAL_LIST) {
		struct fact *f = dt_add_fact(r->c->t, "variable", arena_printf(r->c->a,
					     "gpiod_lookup_table *%s[]", list->name), &list->pos);

		f->became = arena_printf(r->c->a, "its %zu lookup tables", list->init->nkids);
		conv_mark_var(r->c, list->name);
		for (size_t i = 0; i < list->init->nkids; i++) {
			const struct variable *t = conv_deref(r->c, list->init->kids[i]);

			if (t && t->init)
				gpiod_table(r, t);
		}
		reg_converted(r, arena_printf(r->c->a, "%s: *-gpios properties", list->name));
		return true;
	}
	if (!tab || !tab->init) {
		reg_todo(r, "GPIO lookup table not found in this file: write the consumer's *-gpios property by hand");
		return true;
	}
	gpiod_table(r, tab);
	reg_converted(r, arena_printf(r->c->a, "%s: *-gpios properties", tab->name));
	return true;
}

/*
 * One PWM_LOOKUP(provider, index, dev_id, con_id, period, polarity) ->
 * `pwms = <&label ...>` on the consumer. `pwm_chips:` maps "provider:index"
 * (a chip whose channels are separate .dtsi nodes, pxa27x-pwm.0 channel 1 =
 * &pwm2) or "provider" (one node, the index is a cell) to a label; the
 * specifier follows the provider's #pwm-cells: 1 = period, 2 = index period,
 * 3 = index period flags.
 */
static void pwm_entry(struct conv *c, const struct value *e, const char *what)
{
	const char *provider = value_field_str(e, "provider");
	const char *dev_id = value_field_str(e, "dev_id");
	const char *con = value_field_str(e, "con_id");
	long long index = value_field_int(e, "index", 0);
	const struct value *period = conv_field(c, e, "period");
	long long polarity = value_field_int(e, "polarity", 0);
	const struct rnode *chips = rn_get(c->soc, "pwm_chips");
	const char *label = provider ? rn_str(chips, arena_printf(c->a, "%s:%lld", provider, index))
				     : NULL;
	bool own_node = label != NULL;
	struct dt_node *n = dev_id ? conv_dev_node(c, dev_id) : NULL;
	struct fact *f = dt_add_fact(c->t, "field", what, &e->pos);
	int cells;
	struct dt_prop *p;
	struct dt_chunk *ch;

	if (!label && provider)
		label = rn_str(chips, provider);
	cells = label && c->opt->dtsi ? soc_dtsi_cells(c->opt->dtsi, label, "#pwm-cells") : -1;
	f->fate = FACT_TODO;
	if (!n)
		f->reason = arena_printf(c->a, "PWM lookup for \"%s\": device not in the tree: "
					 "write its pwms property by hand", dev_id ? dev_id : "?");
	else if (!label || cells < 1 || cells > 3)
		f->reason = arena_printf(c->a, "PWM chip \"%s\": no pwm_chips entry names its node",
					 provider ? provider : "?");
	else if (!period || period->kind != VAL_INT)
		f->reason = "PWM period not known at build time";
	if (f->reason) {
		dt_node_add_todo(c->t, n, &e->pos, e->spelling ? e->spelling : what, f->reason);
		return;
	}
	p = dt_prop_find(n, "pwms") ? dt_prop_find(n, "pwms") : dt_prop_set(c->t, n, "pwms");
	ch = dt_prop_add_cells(c->t, p);
	dt_chunk_add_ref(c->t, ch, label);
	if (cells >= 2)
		dt_chunk_add_u32(c->t, ch, (uint32_t)(own_node ? 0 : index));
	dt_chunk_add_u32(c->t, ch, (uint32_t)period->ival);
	if (cells == 3) {
		dt_chunk_add_macro(c->t, ch, polarity ? "PWM_POLARITY_INVERTED" : "0", polarity ? 1 : 0);
		if (polarity)
			dt_add_include(c->t, "<dt-bindings/pwm/pwm.h>");
	}
	p->pos = e->pos;
	p->origin = e->spelling ? e->spelling : what;
	if (con) {
		struct dt_prop *names = dt_prop_find(n, "pwm-names");

		dt_prop_add_string(c->t, names ? names : dt_prop_set(c->t, n, "pwm-names"), con);
	}
	f->fate = FACT_CONVERTED;
	f->became = arena_printf(c->a, "%s pwms", dt_node_path(c->t, n));
}

/* pwm_add_table(table, num): each PWM_LOOKUP entry on its consumer. */
bool reg_pwm_lookup(struct reg_ctx *r)
{
	const struct variable *tab = conv_deref(r->c, reg_arg(r, "table"));

	if (!tab || !tab->init || tab->init->kind != VAL_LIST) {
		reg_todo(r, "PWM lookup table not found in this file: write the consumer's pwms property by hand");
		return true;
	}
	conv_mark_var(r->c, tab->name);
	for (size_t i = 0; i < tab->init->nkids; i++)
		if (value_field_str(tab->init->kids[i], "provider"))
			pwm_entry(r->c, tab->init->kids[i], arena_printf(r->c->a, "%s[%zu]", tab->name, i));
	reg_converted(r, arena_printf(r->c->a, "%s: pwms properties", tab->name));
	return true;
}
