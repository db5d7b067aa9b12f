// SPDX-License-Identifier: GPL-2.0
/*
 * Struct bindings: a C struct initializer -> a node and its properties.
 *
 * Each `props:` entry of a struct rule names a field and a converter (`as:`).
 * Converters are one small function each, registered in the table below,
 * like dtc's checks: adding a kind of property is a function and a line.
 */
#include "engine_int.h"

#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/util.h"

/* What one converter gets: the rule entry, the struct, the field value. */
struct prop_ctx {
	struct conv *c;
	struct dt_node *node;
	const struct rnode *rule;	/* the props: entry */
	const struct value *list;	/* the struct initializer */
	const struct value *v;		/* the field's value (NULL for constant props) */
	const char *reason;		/* set by a converter that cannot convert */
};

typedef struct dt_prop *(*prop_converter)(struct prop_ctx *pc);

static struct dt_prop *new_prop(struct prop_ctx *pc)
{
	return dt_prop_set(pc->c->t, pc->node, rn_str(pc->rule, "prop"));
}

static struct dt_prop *cv_string(struct prop_ctx *pc)
{
	struct dt_prop *p;

	if (pc->v->kind != VAL_STRING) {
		pc->reason = "not a string literal";
		return NULL;
	}
	/* `default: none`: the value that means "unset" (LED trigger "none"). */
	if (rn_str(pc->rule, "default") && str_eq(pc->v->text, rn_str(pc->rule, "default")))
		return NULL;
	p = new_prop(pc);
	dt_prop_add_string(pc->c->t, p, pc->v->text);
	return p;
}

static bool spelling_matches(const char *spelling, const char *pattern)
{
	regex_t re;
	bool ok;

	if (!spelling || !pattern || regcomp(&re, pattern, REG_EXTENDED | REG_NOSUB))
		return false;
	ok = regexec(&re, spelling, 0, NULL, 0) == 0;
	regfree(&re);
	return ok;
}

static struct dt_prop *cv_int(struct prop_ctx *pc)
{
	const char *macros = rn_str(pc->rule, "macros");
	const struct rnode *before = rn_get(pc->rule, "before");
	long long scale = 1, dflt, cell;
	struct dt_prop *p;
	struct dt_chunk *ch;

	if (pc->v->kind != VAL_INT) {
		pc->reason = "value not known at build time";
		return NULL;
	}
	if (rn_get_long(pc->rule, "default", &dflt) && pc->v->ival == dflt)
		return NULL;
	rn_get_long(pc->rule, "scale", &scale);
	p = new_prop(pc);
	ch = dt_prop_add_cells(pc->c->t, p);
	/* `before: [0]`: constant cells ahead of the value (brightness-levels = <0 max>). */
	for (size_t i = 0; before && i < before->n; i++)
		if (rn_long(before->items[i], &cell))
			dt_chunk_add_u32(pc->c->t, ch, (uint32_t)cell);
	if (scale == 1 && spelling_matches(pc->v->spelling, macros)) {
		dt_chunk_add_macro(pc->c->t, ch, pc->v->spelling, (uint32_t)pc->v->ival);
		if (rn_str(pc->rule, "include"))
			dt_add_include(pc->c->t, rn_str(pc->rule, "include"));
	} else {
		dt_chunk_add_u32(pc->c->t, ch, (uint32_t)(pc->v->ival * scale));
	}
	return p;
}

static struct dt_prop *cv_bool(struct prop_ctx *pc)
{
	return value_is_zero(pc->v) ? NULL : new_prop(pc);
}

static struct dt_prop *cv_true(struct prop_ctx *pc)
{
	return new_prop(pc);
}

static struct dt_prop *cv_value(struct prop_ctx *pc)
{
	long long v = 0;
	struct dt_prop *p = new_prop(pc);

	rn_get_long(pc->rule, "value", &v);
	dt_chunk_add_u32(pc->c->t, dt_prop_add_cells(pc->c->t, p), (uint32_t)v);
	return p;
}

static struct dt_prop *cv_enum(struct prop_ctx *pc)
{
	char key[32];
	const char *s;
	struct dt_prop *p;

	if (pc->v->kind != VAL_INT)
		return NULL;
	snprintf(key, sizeof(key), "%lld", pc->v->ival);
	s = rn_str(rn_get(pc->rule, "values"), key);
	if (!s) {
		pc->reason = "value has no device tree equivalent";
		return NULL;
	}
	p = new_prop(pc);
	dt_prop_add_string(pc->c->t, p, s);
	return p;
}

static struct dt_prop *cv_flag(struct prop_ctx *pc)
{
	long long mask = 0;

	rn_get_long(pc->rule, "mask", &mask);
	if (pc->v->kind != VAL_INT || !(pc->v->ival & mask))
		return NULL;
	return new_prop(pc);
}

static struct dt_prop *cv_bits(struct prop_ctx *pc)
{
	const struct rnode *map = rn_get(pc->rule, "map");
	long long out = 0, mask, n;
	struct dt_prop *p;

	rn_get_long(pc->rule, "default", &out);
	for (size_t i = 0; map && pc->v && pc->v->kind == VAL_INT && i < map->n; i++) {
		struct rnode key = { .kind = RN_SCALAR, .scalar = map->keys[i] };

		if (rn_long(&key, &mask) && (pc->v->ival & mask) && rn_long(map->items[i], &n))
			out = n;
	}
	p = new_prop(pc);
	dt_chunk_add_u32(pc->c->t, dt_prop_add_cells(pc->c->t, p), (uint32_t)out);
	return p;
}

/* `active_low: field` or `active_low: "!field"` (a field meaning active high). */
static bool is_active_low(struct prop_ctx *pc)
{
	const char *f = rn_str(pc->rule, "active_low");
	bool invert = f && f[0] == '!';
	const struct value *v;

	if (!f)
		return false;
	v = conv_field(pc->c, pc->list, invert ? f + 1 : f);
	return invert ? value_is_zero(v) : !value_is_zero(v);
}

static struct dt_prop *cv_gpio(struct prop_ctx *pc)
{
	long long below;
	struct dt_prop *p;
	struct dt_chunk *ch;

	if (rn_get_long(pc->rule, "skip_below", &below) && pc->v->kind == VAL_INT &&
	    pc->v->ival < below)
		return NULL;
	p = new_prop(pc);
	ch = dt_prop_add_cells(pc->c->t, p);
	if (conv_gpio_cells(pc->c, pc->v, ch, is_active_low(pc)))
		return p;
	dt_prop_del(pc->node, rn_str(pc->rule, "prop"));
	pc->reason = pc->v->kind == VAL_INT
		? arena_printf(pc->c->a, "GPIO %lld: no controller provides it", pc->v->ival)
		: "GPIO number not known at build time";
	return NULL;
}

/*
 * MTD partitions: offsets may be MTDPART_OFS_APPEND (-1), i.e. right after
 * the previous partition, which the conversion tracks in `c->part_end`
 * (reset for each array of children).
 */

static struct dt_prop *cv_partition(struct prop_ctx *pc)
{
	const struct value *size = conv_field(pc->c, pc->list, rn_str(pc->rule, "size"));
	long long off, sz;
	struct dt_prop *p;
	struct dt_chunk *ch;

	if (pc->v && pc->v->kind != VAL_INT) {
		pc->reason = "offset not known at build time";
		return NULL;
	}
	off = pc->v ? pc->v->ival : 0;
	if (off == -1)
		off = pc->c->part_end;
	if (!size || size->kind != VAL_INT || size->ival <= 0 || off < 0) {
		pc->reason = "size is MTDPART_SIZ_FULL or unknown: set reg by hand";
		return NULL;
	}
	sz = size->ival;
	pc->c->part_end = off + sz;
	p = new_prop(pc);
	ch = dt_prop_add_cells(pc->c->t, p);
	dt_chunk_add_u32(pc->c->t, ch, (uint32_t)off);
	dt_chunk_add_u32(pc->c->t, ch, (uint32_t)sz);
	pc->node->unit = arena_printf(pc->c->a, "%llx", off);
	return p;
}

static const struct variable *pointee(struct prop_ctx *pc)
{
	return conv_deref(pc->c, pc->v);
}

/* A nested struct (by value or by pointer): its rule's props go on this node. */
static struct dt_prop *cv_struct(struct prop_ctx *pc)
{
	const struct variable *var = pointee(pc);
	const struct value *inner = var ? var->init : pc->v;

	if (!inner || inner->kind != VAL_LIST)
		return NULL;
	const char *named = rn_str(pc->rule, "struct");
	const struct rnode *rule = conv_struct_rule(pc->c, named ? named : inner->type);
	const char *target = rn_str(rule, "target");

	if (var)
		conv_mark_var(pc->c, var->name);
	/* Some platform data describes another node (&twl_gpio for twl4030 GPIO data). */
	conv_apply_struct(pc->c, target ? conv_controller_overlay(pc->c, target) : pc->node, rule,
			  inner, var ? var->name : rn_str(pc->rule, "field"));
	return NULL;
}

static struct dt_prop *cv_regulator(struct prop_ctx *pc)
{
	const struct variable *var = pointee(pc);
	const char *label = rn_str(pc->rule, "label");

	const struct rnode *labels = rn_get(pc->rule, "labels");

	if (!var || !var->init) {
		pc->reason = "regulator data not found";
		return NULL;
	}
	conv_mark_var(pc->c, var->name);
	/* An array of regulator_init_data: entry i goes to the .dtsi regulator labels[i]. */
	if (labels && var->is_array && var->init->kind == VAL_LIST) {
		for (size_t i = 0; i < var->init->nkids && i < labels->n; i++)
			conv_regulator(pc->c, NULL, var->init->kids[i], labels->items[i]->scalar,
				       arena_printf(pc->c->a, "%s[%zu]", var->name, i));
		return NULL;
	}
	conv_regulator(pc->c, label ? NULL : pc->node, var->init, label, var->name);
	return NULL;
}

static struct dt_prop *cv_supplies(struct prop_ctx *pc)
{
	const struct variable *var = pointee(pc);
	struct conv *c = pc->c;

	if (!var || !var->init) {
		pc->reason = "consumer list not found";
		return NULL;
	}
	conv_mark_var(c, var->name);
	if (!pc->node->ref && !pc->node->label)
		pc->node->label = conv_label(c, var->name);
	for (size_t i = 0; i < var->init->nkids; i++) {
		const struct value *e = var->init->kids[i];
		struct pending_supply *s = arena_alloc(c->a, sizeof(*s));

		s->supply = value_field_str(e, "supply");
		s->dev_name = value_field_str(e, "dev_name");
		s->reg_label = pc->node->ref ? pc->node->ref : pc->node->label;
		s->pos = e->pos;
		s->origin = e->spelling;
		s->fact = dt_add_fact(c->t, "field", arena_printf(c->a, "%s[%zu] supply %s -> %s",
				var->name, i, s->supply ? s->supply : "?", s->dev_name ? s->dev_name : "?"),
				&e->pos);
		arena_push(c->a, (void ***)&c->supplies, &c->nsupplies, s);
	}
	return NULL;
}

/* A pointer to an integer array (u8 serial_dir[]) -> one cell per element, zeros too. */
static struct dt_prop *cv_int_array(struct prop_ctx *pc)
{
	const struct variable *var = pointee(pc);
	struct dt_prop *p;
	struct dt_chunk *ch;

	if (!var || !var->init || var->init->kind != VAL_LIST) {
		pc->reason = "array not found in this file";
		return NULL;
	}
	for (size_t i = 0; i < var->init->nkids; i++)
		if (var->init->kids[i]->kind != VAL_INT) {
			pc->reason = "array element not known at build time";
			return NULL;
		}
	conv_mark_var(pc->c, var->name);
	p = new_prop(pc);
	ch = dt_prop_add_cells(pc->c->t, p);
	for (size_t i = 0; i < var->init->nkids; i++)
		dt_chunk_add_u32(pc->c->t, ch, (uint32_t)var->init->kids[i]->ival);
	return p;
}

/*
 * A pointer to an array of GPIO numbers (matrix keypad row_gpios[]) -> one
 * specifier per element, through the one GPIO resolver. All or nothing: a
 * list with a hole would shift every later entry.
 */
static struct dt_prop *cv_gpio_array(struct prop_ctx *pc)
{
	const struct variable *var = pointee(pc);
	const struct value *arr = var ? var->init : NULL;
	struct dt_prop *p;

	if (!arr || arr->kind != VAL_LIST || !arr->nkids) {
		pc->reason = "GPIO array not found in this file";
		return NULL;
	}
	p = new_prop(pc);
	for (size_t i = 0; i < arr->nkids; i++) {
		const struct value *e = arr->kids[i];

		if (conv_gpio_cells(pc->c, e, dt_prop_add_cells(pc->c->t, p), is_active_low(pc)))
			continue;
		dt_prop_del(pc->node, rn_str(pc->rule, "prop"));
		pc->reason = e->kind == VAL_INT
			? arena_printf(pc->c->a, "%s[%zu]: GPIO %lld: no controller provides it",
				       var->name, i, e->ival)
			: arena_printf(pc->c->a, "%s[%zu]: GPIO number not known at build time",
				       var->name, i);
		return NULL;
	}
	conv_mark_var(pc->c, var->name);
	return p;
}

/* The last argument of a macro call's spelling: "KEY(0, 1, KEY_1)" -> "KEY_1". */
static const char *last_macro_arg(struct arena *a, const char *spelling)
{
	const char *close, *start;

	if (!spelling || !(close = strrchr(spelling, ')')))
		return NULL;
	start = close;
	while (start > spelling && start[-1] != ',' && start[-1] != '(')
		start--;
	while (start < close && (*start == ' ' || *start == '\t'))
		start++;
	while (close > start && (close[-1] == ' ' || close[-1] == '\t'))
		close--;
	return close > start ? arena_strndup(a, start, (size_t)(close - start)) : NULL;
}

/*
 * A matrix keymap (u32 entries built with KEY(row, col, code)) -> linux,keymap.
 * The DT encoding is the same word (dt-bindings MATRIX_KEY), so each entry is
 * written as MATRIX_KEY(row, col, code), keeping the code's macro name when
 * it matches `macros:`.
 */
static struct dt_prop *cv_keymap(struct prop_ctx *pc)
{
	const struct variable *var = pointee(pc);
	const struct value *arr = var ? var->init : NULL;
	const char *macros = rn_str(pc->rule, "macros");
	struct dt_prop *p;
	struct dt_chunk *ch;

	if (!arr || arr->kind != VAL_LIST || !arr->nkids) {
		pc->reason = "keymap array not found in this file";
		return NULL;
	}
	for (size_t i = 0; i < arr->nkids; i++)
		if (arr->kids[i]->kind != VAL_INT) {
			pc->reason = "keymap entry not known at build time";
			return NULL;
		}
	conv_mark_var(pc->c, var->name);
	p = new_prop(pc);
	ch = dt_prop_add_cells(pc->c->t, p);
	for (size_t i = 0; i < arr->nkids; i++) {
		uint32_t w = (uint32_t)arr->kids[i]->ival;
		const char *code = last_macro_arg(pc->c->a, arr->kids[i]->spelling);

		if (!spelling_matches(code, macros))
			code = arena_printf(pc->c->a, "%u", w & 0xffff);
		dt_chunk_add_macro(pc->c->t, ch, arena_printf(pc->c->a, "MATRIX_KEY(%u, %u, %s)",
				   w >> 24, (w >> 16) & 0xff, code), w);
	}
	dt_add_include(pc->c->t, "<dt-bindings/input/input.h>");
	return p;
}

/* An interrupt number field -> interrupts(-extended), through the one IRQ resolver. */
static struct dt_prop *cv_irq(struct prop_ctx *pc)
{
	if (conv_add_interrupt(pc->c, pc->node, pc->v, 0))
		return dt_prop_find(pc->node, "interrupts-extended");
	pc->reason = pc->v->kind == VAL_INT
		? arena_printf(pc->c->a, "IRQ %lld: no interrupt controller provides it", pc->v->ival)
		: "IRQ number not known at build time";
	return NULL;
}

/*
 * A physical base address field (.mapbase) -> reg = <base size>, size
 * `size:` shifted left by the field named `size_shift:` (register stride).
 * A node whose MEM resource already gave it a reg keeps that one.
 */
static struct dt_prop *cv_reg(struct prop_ctx *pc)
{
	long long size = 0, shift = 0;
	const struct value *sh = conv_field(pc->c, pc->list, rn_str(pc->rule, "size_shift"));
	struct dt_chunk *ch;
	struct dt_prop *p;

	if (dt_prop_find(pc->node, "reg"))
		return NULL;
	if (pc->v->kind != VAL_INT || !rn_get_long(pc->rule, "size", &size)) {
		pc->reason = "address not known at build time";
		return NULL;
	}
	if (sh && sh->kind == VAL_INT && sh->ival > 0 && sh->ival < 8)
		shift = sh->ival;
	p = new_prop(pc);
	ch = dt_prop_add_cells(pc->c->t, p);
	dt_chunk_add_u32(pc->c->t, ch, (uint32_t)pc->v->ival);
	dt_chunk_add_u32(pc->c->t, ch, (uint32_t)(size << shift));
	if (!pc->node->unit)
		pc->node->unit = arena_printf(pc->c->a, "%llx", pc->v->ival);
	return p;
}

/* One cell looked up in `map: {C value: DT value}`; `default:` is omitted. */
static struct dt_prop *cv_map_int(struct prop_ctx *pc)
{
	const struct rnode *map = rn_get(pc->rule, "map");
	long long key, out, dflt;
	struct dt_prop *p;

	for (size_t i = 0; map && pc->v->kind == VAL_INT && i < map->n; i++) {
		struct rnode k = { .kind = RN_SCALAR, .scalar = map->keys[i] };

		if (!rn_long(&k, &key) || key != pc->v->ival || !rn_long(map->items[i], &out))
			continue;
		if (rn_get_long(pc->rule, "default", &dflt) && out == dflt)
			return NULL;
		p = new_prop(pc);
		dt_chunk_add_u32(pc->c->t, dt_prop_add_cells(pc->c->t, p), (uint32_t)out);
		return p;
	}
	pc->reason = rn_str(pc->rule, "otherwise") ? rn_str(pc->rule, "otherwise")
						     : "value has no device tree equivalent in the rule";
	return NULL;
}

/* reg = <array position> (LED controllers number their outputs by index). */
static struct dt_prop *cv_index(struct prop_ctx *pc)
{
	struct dt_prop *p = new_prop(pc);

	dt_chunk_add_u32(pc->c->t, dt_prop_add_cells(pc->c->t, p), (uint32_t)pc->list->index);
	return p;
}

/*
 * An Ethernet PHY address (mv643xx_eth .phy_addr = MV643XX_ETH_PHY_ADDR(8)):
 * `ethernet-phy@8 { reg = <8>; }` under the MDIO bus label `bus:`, and this
 * property (phy-handle) pointing at it. `mask:` keeps the address bits,
 * `none:` is the "no PHY" value (a fixed link, left as a TODO).
 */
static struct dt_prop *cv_phy(struct prop_ctx *pc)
{
	long long mask = 0x1f, none = -1, addr;
	const char *bus = rn_str(pc->rule, "bus");
	struct dt_node *mdio, *phy;
	struct dt_prop *p;
	const char *unit, *label;

	if (pc->v->kind != VAL_INT) {
		pc->reason = "PHY address not known at build time";
		return NULL;
	}
	rn_get_long(pc->rule, "mask", &mask);
	rn_get_long(pc->rule, "none", &none);
	if (pc->v->ival == none || pc->v->ival < 0 || !bus) {
		pc->reason = "no PHY: describe the link with a fixed-link subnode (speed, full-duplex)";
		return NULL;
	}
	addr = pc->v->ival & mask;
	unit = arena_printf(pc->c->a, "%llx", addr);
	label = arena_printf(pc->c->a, "ethphy%lld", addr);
	mdio = conv_enable(pc->c, bus, &pc->v->pos, conv_origin(pc->c, pc->v));
	phy = dt_child(mdio, "ethernet-phy", unit);
	if (!phy) {
		phy = dt_node_add(pc->c->t, mdio, "ethernet-phy", unit);
		phy->label = label;
		phy->pos = pc->v->pos;
		p = dt_prop_set(pc->c->t, phy, "reg");
		dt_chunk_add_u32(pc->c->t, dt_prop_add_cells(pc->c->t, p), (uint32_t)addr);
		p->pos = pc->v->pos;
		p->origin = conv_origin(pc->c, pc->v);
	}
	p = new_prop(pc);
	dt_chunk_add_ref(pc->c->t, dt_prop_add_cells(pc->c->t, p), phy->label ? phy->label : label);
	return p;
}

static struct dt_prop *cv_ignore(struct prop_ctx *pc)
{
	return NULL;
}

static const struct {
	const char *name;
	prop_converter fn;
	bool needs_field;
} converters[] = {
	{ "string", cv_string, true },
	{ "int", cv_int, true },
	{ "bool", cv_bool, true },
	{ "true", cv_true, false },
	{ "value", cv_value, false },
	{ "enum", cv_enum, true },
	{ "flag", cv_flag, true },
	{ "bits", cv_bits, false },
	{ "phy", cv_phy, true },
	{ "gpio", cv_gpio, true },
	{ "partition", cv_partition, false },
	{ "struct", cv_struct, true },
	{ "regulator", cv_regulator, true },
	{ "supplies", cv_supplies, true },
	{ "ignore", cv_ignore, false },
	{ "index", cv_index, false },
	{ "int_array", cv_int_array, true },
	{ "gpio_array", cv_gpio_array, true },
	{ "keymap", cv_keymap, true },
	{ "irq", cv_irq, true },
	{ "reg", cv_reg, true },
	{ "map_int", cv_map_int, true },
};

/* The `as:` names in table order: up to max into names; returns how many there are. */
size_t engine_converter_names(const char **names, size_t max)
{
	size_t n = sizeof(converters) / sizeof(converters[0]);

	for (size_t i = 0; i < n && i < max; i++)
		names[i] = converters[i].name;
	return n;
}

static int find_converter(const char *as)
{
	for (size_t i = 0; i < sizeof(converters) / sizeof(converters[0]); i++)
		if (str_eq(converters[i].name, as))
			return (int)i;
	return -1;
}

/* Valid `as:` names, for the rule schema. */
bool engine_known_converter(const char *as)
{
	return find_converter(as) >= 0;
}

/* Alternatives from guarded stores, converted the same way, as comments. */
static void add_alternatives(struct prop_ctx *pc, struct dt_prop *main, prop_converter fn,
			     const struct field_override *o)
{
	struct dt_node scratch = { .name = "scratch" };

	for (size_t i = 0; o && main && i < o->nalts; i++) {
		struct prop_ctx alt = *pc;
		struct dt_prop *p;

		alt.node = &scratch;
		alt.v = o->alts[i];
		p = fn(&alt);
		if (!p)
			continue;
		p->pos = o->alts[i]->pos;
		p->origin = o->alts[i]->spelling;
		p->condition = o->alt_conds[i];
		arena_push(pc->c->a, (void ***)&main->alts, &main->nalts, p);
	}
	if (o && main && o->condition)
		main->condition = o->condition;
}

static bool field_in(const char *field, const char **list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (str_eq(list[i], field))
			return true;
	return false;
}

/*
 * An array of numbers a field points to (.keymap = corgikbd_keymap,
 * .row_gpios = ...) is read whole by the field's converter: it is a fact of
 * its own, with the field's fate. Arrays of structs are converted entry by
 * entry and give their own facts.
 */
static void pointee_fact(struct conv *c, const struct value *v, const struct fact *field)
{
	const struct variable *var = conv_deref(c, v);

	if (!var || !var->is_array || !var->init || var->init->kind != VAL_LIST)
		return;
	for (size_t i = 0; i < var->init->nkids; i++)
		if (var->init->kids[i]->kind == VAL_LIST)
			return;
	struct fact *f = dt_add_fact(c->t, "variable", arena_printf(c->a, "%s[] (read through %s)",
				     var->name, field->what), &var->pos);

	f->fate = field->fate;
	f->became = field->became;
	f->reason = field->reason;
}

static void field_fact(struct conv *c, const struct value *v, const char *what,
		       const struct dt_node *node, const struct dt_prop *p, const char *reason)
{
	struct fact *f = dt_add_fact(c->t, "field", arena_printf(c->a, "%s.%s = %s", what,
				     v->field ? v->field : "?", v->spelling ? v->spelling : "?"),
				     &v->pos);

	if (reason) {
		f->fate = FACT_TODO;
		f->reason = reason;
	} else {
		f->fate = FACT_CONVERTED;
		f->became = p ? arena_printf(c->a, "%s %s", dt_node_path(c->t, node), p->name)
			: v->kind != VAL_LIST && value_is_zero(v)
			? arena_printf(c->a, "%s (0: no property)", dt_node_path(c->t, node))
			: arena_printf(c->a, "%s", dt_node_path(c->t, node));
	}
	pointee_fact(c, v, f);
}

/* Converters whose field is a pointer or an IRQ number: a written 0 is NULL / no IRQ. */
static bool zero_means_none(const char *as)
{
	static const char *const none[] = { "string", "irq", "regulator", "supplies",
					    "int_array", "gpio_array", "keymap" };

	for (size_t i = 0; i < sizeof(none) / sizeof(none[0]); i++)
		if (str_eq(as, none[i]))
			return true;
	return false;
}

/* Apply one props: entry; returns the field it consumed (or NULL). */
static const char *apply_prop(struct conv *c, struct dt_node *node, const struct rnode *pr,
			      const struct value *list, const char *what)
{
	const char *field = rn_str(pr, "field");
	int k = find_converter(rn_str(pr, "as"));
	struct prop_ctx pc = { c, node, pr, list, field ? conv_field(c, list, field) : NULL, NULL };
	struct dt_prop *p;

	if (k < 0 || (converters[k].needs_field && !pc.v))
		return field;	/* not written in the initializer: nothing to convert */
	if (pc.v && pc.v->problem) {	/* the extractor saw it is not what it looks like */
		dt_node_add_todo(c->t, node, &pc.v->pos, conv_origin(c, pc.v), pc.v->problem);
		field_fact(c, pc.v, what, node, NULL, pc.v->problem);
		return field;
	}
	/*
	 * A written 0 is a value (GPIO 0, an int 0, an enum state); only where 0
	 * means "none" (a NULL pointer, no IRQ) does it make no property, and it
	 * is still a fact.
	 */
	if (pc.v && zero_means_none(converters[k].name) && value_is_zero(pc.v) &&
	    !str_eq(rn_str(pr, "zero"), "true")) {
		field_fact(c, pc.v, what, node, NULL, NULL);
		return field;
	}
	p = converters[k].fn(&pc);
	if (p && pc.v) {
		p->pos = pc.v->pos;
		p->origin = conv_origin(c, pc.v);
		add_alternatives(&pc, p, converters[k].fn, conv_override(c, list, field));
	}
	if (pc.v && pc.v->kind != VAL_LIST && !str_eq(rn_str(pr, "as"), "struct") &&
	    !str_eq(rn_str(pr, "as"), "regulator") && !str_eq(rn_str(pr, "as"), "supplies")) {
		if (pc.reason)
			dt_node_add_todo(c->t, node, &pc.v->pos, conv_origin(c, pc.v), pc.reason);
		field_fact(c, pc.v, what, node, p, pc.reason);
	} else if (pc.v && pc.v->kind == VAL_ADDR && !pc.reason) {
		/* .ts_init_data = &ts: the pointer itself (the struct it names gives its own facts). */
		field_fact(c, pc.v, what, node, p, NULL);
	}
	return field;
}

/* Non-zero fields no rule consumed -> TODOs; `why` overrides the reason. */
static void leftover_fields(struct conv *c, struct dt_node *node, const struct value *list,
			    const char **used, size_t nused, const char *what, bool has_rule,
			    const char *why)
{
	for (size_t i = 0; i < list->nkids; i++) {
		const struct value *v = list->kids[i];
		const char *reason;

		if (!v->field || field_in(v->field, used, nused) || value_is_zero(v))
			continue;
		reason = why ? why
			: has_rule ? arena_printf(c->a, "no rule for field .%s", v->field)
				   : arena_printf(c->a, "no rule for struct %s", list->type ? list->type : "?");
		dt_node_add_todo(c->t, node, &v->pos, conv_origin(c, v), reason);
		field_fact(c, v, what, node, NULL, reason);
	}
}

/* `container: {node: partitions, compatible: fixed-partitions, address_cells: 1, size_cells: 1}` */
static struct dt_node *child_container(struct conv *c, struct dt_node *node, const struct rnode *ct)
{
	const char *name = rn_str(ct, "node") ? rn_str(ct, "node") : "children";
	struct dt_node *n = dt_child(node, name, NULL);
	long long v;

	if (n)
		return n;
	n = dt_node_add(c->t, node, name, NULL);
	n->pos = node->pos;
	if (rn_str(ct, "compatible"))
		dt_prop_add_string(c->t, dt_prop_set(c->t, n, "compatible"), rn_str(ct, "compatible"));
	if (rn_get_long(ct, "address_cells", &v))
		dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, dt_prop_set(c->t, n, "#address-cells")),
				 (uint32_t)v);
	if (rn_get_long(ct, "size_cells", &v))
		dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, dt_prop_set(c->t, n, "#size-cells")),
				 (uint32_t)v);
	return n;
}

/*
 * `children: {field: leds, count: num_leds, struct: gpio_led}`: a child node
 * per entry of the array .leds points to. .leds and .num_leds are facts of
 * their own (they became the children), or a TODO when the array is not in
 * this file.
 */
static void apply_children(struct conv *c, struct dt_node *node, const struct rnode *ch,
			   const struct value *list, const char *what)
{
	const struct value *field = conv_field(c, list, rn_str(ch, "field"));
	const struct variable *arr = conv_deref(c, field);
	const struct value *count = conv_field(c, list, rn_str(ch, "count"));
	const struct rnode *rule = conv_struct_rule(c, rn_str(ch, "struct"));
	const char *why = "the array of children is not in this file: describe them by hand";
	size_t total;
	long long n;

	if (field && !value_is_zero(field) && (!arr || !arr->init))
		dt_node_add_todo(c->t, node, &field->pos, conv_origin(c, field), why);
	if (field && !value_is_zero(field))
		field_fact(c, field, what, node, NULL, arr && arr->init ? NULL : why);
	if (count && !value_is_zero(count))
		field_fact(c, count, what, node, NULL, arr && arr->init ? NULL : why);
	if (!arr || !arr->init)
		return;
	conv_mark_var(c, arr->name);
	if (rn_get(ch, "container"))
		node = child_container(c, node, rn_get(ch, "container"));
	/* .parts = &one_partition: the struct itself is the only entry. */
	total = arr->is_array ? arr->init->nkids : 1;
	n = count && count->kind == VAL_INT ? count->ival : (long long)total;
	c->part_end = 0;
	for (size_t i = 0; i < total && (long long)i < n; i++)
		conv_struct_node(c, node, rule, arr->is_array ? arr->init->kids[i] : arr->init,
				 arr->is_array ? arena_printf(c->a, "%s[%zu]", arr->name, i) : arr->name,
				 (long)i);
}

/*
 * A sibling of `node` for one more array entry (`array_entries: siblings`):
 * same name and compatible; its own props (reg from .mapbase) give the unit.
 */
static struct dt_node *entry_sibling(struct conv *c, struct dt_node *node, const struct value *e)
{
	struct dt_node *sib = dt_node_add(c->t, node->parent ? node->parent : c->t->root,
					  node->name, NULL);
	const struct dt_prop *compat = dt_prop_find(node, "compatible");

	sib->pos = e->pos;
	if (compat && compat->nchunks && compat->chunks[0]->kind == CHUNK_STRING) {
		struct dt_prop *p = dt_prop_set(c->t, sib, "compatible");

		dt_prop_add_string(c->t, p, compat->chunks[0]->str);
		p->pos = compat->pos;
		p->origin = compat->origin;
	}
	return sib;
}

/*
 * An array where one struct was expected (.platform_data = uart_ports, a
 * terminated plat_serial8250_port[]): its first non-empty entry describes
 * this node. Each further entry is another device: a sibling node when the
 * rule says `array_entries: siblings`, else its fields become TODOs here
 * rather than vanish.
 */
static void apply_struct_array(struct conv *c, struct dt_node *node, const struct rnode *rule,
			       const struct value *arr, const char *what)
{
	bool first = true, siblings = str_eq(rn_str(rule, "array_entries"), "siblings");

	for (size_t i = 0; i < arr->nkids; i++) {
		const struct value *e = arr->kids[i];
		const char *name;

		if (e->kind != VAL_LIST || value_is_zero(e))
			continue;
		name = arena_printf(c->a, "%s[%zu]", what, i);
		if (first || siblings) {
			conv_apply_struct(c, first ? node : entry_sibling(c, node, e), rule, e, name);
			first = false;
			continue;
		}
		leftover_fields(c, node, e, NULL, 0, name, rule != NULL,
				arena_printf(c->a, "%s: one more device in this array: give it a node of its own",
					     name));
	}
}

void conv_apply_struct(struct conv *c, struct dt_node *node, const struct rnode *rule,
		       const struct value *list, const char *what)
{
	const struct rnode *props = rn_get(rule, "props");
	const struct rnode *ch = rn_get(rule, "children");
	const char **used = NULL;
	size_t nused = 0;

	if (!list || list->kind != VAL_LIST)
		return;
	if (list->is_array) {
		apply_struct_array(c, node, rule, list, what);
		return;
	}
	for (size_t i = 0; props && i < props->n; i++) {
		const struct rnode *pr = props->items[i];
		const char *f = apply_prop(c, node, pr, list, what);
		const char *companions[] = { rn_str(pr, "active_low"), rn_str(pr, "size"),
					     rn_str(pr, "count") };

		if (f)
			arena_push(c->a, (void ***)&used, &nused, (void *)f);
		/* Fields a converter reads besides its own (.active_low for .gpio). */
		for (size_t k = 0; k < 3; k++)
			if (companions[k])
				arena_push(c->a, (void ***)&used, &nused, (void *)(companions[k][0] == '!'
						? companions[k] + 1 : companions[k]));
	}
	if (ch) {
		apply_children(c, node, ch, list, what);
		arena_push(c->a, (void ***)&used, &nused, (void *)rn_str(ch, "field"));
		arena_push(c->a, (void ***)&used, &nused, (void *)rn_str(ch, "count"));
	}
	leftover_fields(c, node, list, used, nused, what, rule != NULL, NULL);
}

/* `unit: index` (array position) or `unit: FIELD` (its value, in hex). */
static const char *node_unit(struct conv *c, const struct rnode *rule, const struct value *list,
			     long index)
{
	const char *unit = rn_str(rule, "unit");
	const struct value *v;

	if (!unit)
		return NULL;
	if (str_eq(unit, "index"))
		return index >= 0 ? arena_printf(c->a, "%lx", (unsigned long)list->index) : NULL;
	v = conv_field(c, list, unit);
	return v && v->kind == VAL_INT && v->ival >= 0 ? arena_printf(c->a, "%llx", v->ival) : NULL;
}

/* "regulator-{supply_name}": a string field completes the node name when present. */
const char *conv_node_name(struct conv *c, const char *tmpl, const struct value *list)
{
	const char *open = strchr(tmpl, '{');
	const char *close = open ? strchr(open, '}') : NULL;
	const char *s;
	char *field, *clean;
	const char *out;

	if (!close)
		return tmpl;
	field = arena_strndup(c->a, open + 1, (size_t)(close - open - 1));
	s = value_field_str(list, field);
	if (!s)
		return arena_strndup(c->a, tmpl, (size_t)(open - tmpl > 0 && open[-1] == '-'
							   ? open - tmpl - 1 : open - tmpl));
	clean = dts_node_name(s);
	out = arena_printf(c->a, "%.*s%s%s", (int)(open - tmpl), tmpl, clean, close + 1);
	free(clean);
	return out;
}

/* A node for one struct instance: new child (numbered in arrays) or a SoC overlay. */
struct dt_node *conv_struct_node(struct conv *c, struct dt_node *parent, const struct rnode *rule,
				 const struct value *list, const char *what, long index)
{
	const char *overlay = rn_str(rule, "overlay");
	const char *name = rn_str(rule, "node");
	struct dt_node *n;

	if (overlay) {
		const char *label = conv_template(c, overlay, list, NULL, NULL);

		if (!label)
			return NULL;
		n = conv_enable(c, label, &list->pos, what);
	} else {
		const char *unit = node_unit(c, rule, list, index);

		if (!name)
			name = list->type ? list->type : "node";
		name = conv_node_name(c, name, list);
		if (index >= 0 && !unit)
			name = arena_printf(c->a, "%s-%ld", name, index);
		n = dt_node_add(c->t, parent, name, unit);
		n->pos = list->pos;
		n->origin = what;
		if (rn_str(rule, "compatible"))
			dt_prop_add_string(c->t, dt_prop_set(c->t, n, "compatible"),
					   rn_str(rule, "compatible"));
	}
	conv_apply_struct(c, n, rule, list, what);
	return n;
}

/* regulator_init_data -> a node's regulator-* properties and consumer supplies. */
struct dt_node *conv_regulator(struct conv *c, struct dt_node *node, const struct value *init,
			       const char *label, const char *what)
{
	if (!node) {
		/* A regulator the SoC's companion .dtsi defines (&vmmc1). */
		node = dt_overlay(c->t, label);
		node->after_tail_includes = true;
	} else if (label && !node->label) {
		node->label = label;
	}
	conv_apply_struct(c, node, conv_struct_rule(c, init->type), init, what);
	return node;
}
