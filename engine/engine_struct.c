// SPDX-License-Identifier: GPL-2.0
/*
 * Struct bindings: a C struct initializer -> a node and its properties.
 *
 * Each `props:` entry of a struct rule names a field and a converter (`as:`).
 * Converters are one small function each (engine/converters/, one file per
 * `as:`), registered in the table below,
 * like dtc's checks: adding a kind of property is a function and a line.
 */
#include "engine_int.h"
#include "converters/converters.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/util.h"

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
	{ "choice", cv_choice, true },
	{ "child", cv_child, true },
	{ "flag", cv_flag, true },
	{ "bits", cv_bits, false },
	{ "phy", cv_phy, true },
	{ "gpio", cv_gpio, true },
	{ "gpio_read", cv_gpio_read, true },
	{ "gpio_write", cv_gpio_write, true },
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
	{ "enum_each", cv_enum_each, true },
	{ "phy_each", cv_phy_each, true },
	{ "todo", cv_todo, true },
	{ "display", cv_display, true }, { "ref", cv_ref, true }, { "gpio_irq", cv_gpio_irq, true },
	{ "chip", cv_chip, true }, { "pin_groups", cv_pin_groups, true },
	{ "irq_trigger", cv_irq_trigger, true }, { "property_entries", cv_property_entries, true },
	{ "pwm_id", cv_pwm_id, true }, { "ranges", cv_ranges, true },
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

void conv_field_fact(struct conv *c, const struct value *v, const char *what,
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

/* Converters that read an array member written in place as one value. */
static bool in_place_array(const char *as)
{
	return str_eq(as, "enum_each") || str_eq(as, "phy_each") || str_eq(as, "todo") ||
	       str_eq(as, "gpio_array") || str_eq(as, "int_array");
}

/* Does a value written in place point anywhere (.dev = { .platform_data = &pd })? */
static bool points_anywhere(const struct value *v)
{
	if (v->kind == VAL_ADDR || v->kind == VAL_FUNC)
		return true;
	for (size_t i = 0; v->kind == VAL_LIST && i < v->nkids; i++)
		if (points_anywhere(v->kids[i]))
			return true;
	return false;
}

/* One fact for a member written in place: an array a converter reads whole, or data an
 * `ignore` rule consumes that points nowhere (.dev's .platform_data gives its own). */
static bool in_place_fact(const char *as, const struct value *v)
{
	return in_place_array(as) || (str_eq(as, "ignore") && !points_anywhere(v));
}

/*
 * `absent: 0`: the value of a field the initializer does not write, which C
 * zero-initializes, when the binding needs it stated (AT91's .slot_b: slot
 * A is reg = <0>). NULL without `absent:`.
 */
const struct value *conv_absent_value(struct conv *c, const struct rnode *pr,
				      const struct value *list)
{
	struct value *v;
	long long x;

	if (!rn_get_long(pr, "absent", &x))
		return NULL;
	v = arena_alloc(c->a, sizeof(*v));
	memset(v, 0, sizeof(*v));
	v->kind = VAL_INT;
	v->ival = x;
	v->field = rn_str(pr, "field");
	v->spelling = arena_printf(c->a, "%lld (not written: C zero-initializes it)", x);
	v->pos = list->pos;
	return v;
}

/* The `props:` entry of rule that reads field, or NULL. */
const struct rnode *conv_prop_rule_of(const struct rnode *rule, const char *field)
{
	const struct rnode *props = rn_get(rule, "props");

	for (size_t i = 0; props && i < props->n; i++)
		if (str_eq(rn_str(props->items[i], "field"), field))
			return props->items[i];
	return NULL;
}

/* A member by dotted path (phy.venc.type), through store overrides. */
static const struct value *dotted(struct conv *c, const struct value *list, const char *path)
{
	const char *dot;

	while (list && (dot = strchr(path, '.'))) {
		list = conv_field(c, list, arena_strndup(c->a, path, (size_t)(dot - path)));
		path = dot + 1;
	}
	return list && list->kind == VAL_LIST ? conv_field(c, list, path) : NULL;
}

static bool value_is(const struct value *v, const char *want)
{
	char *end;
	long long n = strtoll(want, &end, 0);

	if (v->kind == VAL_STRING)
		return str_eq(v->text, want);
	if (!*end && v->kind == VAL_INT)
		return v->ival == n;
	return str_eq(v->spelling, want);
}

/*
 * `when: {type: OMAP_DISPLAY_TYPE_DPI, name: [dvi, DVI]}`: does every member
 * named (dotted: phy.venc.type) hold its value or one of its values (an
 * enumerator's name, a number or a string)? A member the initializer
 * leaves out fails. A display chain's choice, a property rule's guard.
 */
bool conv_when_holds(struct conv *c, const struct rnode *when, const struct value *dev)
{
	for (size_t i = 0; when && i < when->n; i++) {
		const struct value *v = dotted(c, dev, when->keys[i]);
		const struct rnode *w = when->items[i];
		bool ok = false;

		if (!v)
			return false;
		if (w->kind == RN_SCALAR)
			ok = value_is(v, w->scalar);
		for (size_t k = 0; w->kind == RN_SEQ && !ok && k < w->n; k++)
			ok = w->items[k]->scalar && value_is(v, w->items[k]->scalar);
		if (!ok)
			return false;
	}
	return true;
}

/* Apply one props: entry; returns the field it consumed (or NULL). */
static const char *apply_prop(struct conv *c, struct dt_node *node, const struct rnode *pr,
			      const struct value *list, const char *what)
{
	const char *field = rn_str(pr, "field");
	int k = find_converter(rn_str(pr, "as"));
	struct prop_ctx pc = { c, conv_on_node(c, node, pr), pr, list,
			       field ? conv_field(c, list, field) : NULL, NULL };
	struct dt_prop *p;

	bool absent;

	/* `when: {label: cpu}`: the property of the entries whose members hold those values */
	if (rn_get(pr, "when") && !conv_when_holds(c, rn_get(pr, "when"), list))
		return NULL;
	absent = !pc.v && field && (pc.v = conv_absent_value(c, pr, list)) != NULL;

	if (k < 0 || (converters[k].needs_field && !pc.v))
		return field;	/* not written in the initializer: nothing to convert */
	if (pc.v && pc.v->problem) {	/* the extractor saw it is not what it looks like */
		dt_node_add_todo(c->t, node, &pc.v->pos, conv_origin(c, pc.v), pc.v->problem);
		conv_field_fact(c, pc.v, what, node, NULL, pc.v->problem);
		return field;
	}
	/*
	 * A written 0 is a value (GPIO 0, an int 0, an enum state); only where 0
	 * means "none" (a NULL pointer, no IRQ) does it make no property, and it
	 * is still a fact.
	 */
	if (pc.v && zero_means_none(converters[k].name) && value_is_zero(pc.v) &&
	    !str_eq(rn_str(pr, "zero"), "true")) {
		conv_field_fact(c, pc.v, what, node, NULL, NULL);
		return field;
	}
	p = converters[k].fn(&pc);
	/* `check:` what the C cannot say about a written property (a GPIO's polarity). */
	if (p && pc.v && !pc.reason && rn_str(pr, "check"))
		pc.reason = arena_printf(c->a, "%s written as shown: %s", p->name, rn_str(pr, "check"));
	if (p && pc.v) {
		p->pos = pc.v->pos;
		p->origin = conv_origin(c, pc.v);
		if (pc.note)	/* what the value means, where the DT spelling hides it */
			p->origin = arena_printf(c->a, "%s; %s", p->origin, pc.note);
	}
	if (pc.v && (p || !pc.reason))
		conv_add_alternatives(&pc, p, converters[k].fn, conv_override(c, list, field));
	if (p && !p->condition)		/* an element a guarded store wrote (engine_grow.c) */
		p->condition = conv_grown_condition(c, pc.v);
	if (absent) {
		/* Not written in the C: no fact of its own; a problem is still a TODO. */
		if (pc.reason)
			dt_node_add_todo(c->t, node, &pc.v->pos, conv_origin(c, pc.v), pc.reason);
	} else if (pc.v && pc.v->kind != VAL_LIST && !str_eq(rn_str(pr, "as"), "struct") &&
	    !str_eq(rn_str(pr, "as"), "regulator") && !str_eq(rn_str(pr, "as"), "supplies")) {
		if (pc.reason)
			dt_node_add_todo(c->t, node, &pc.v->pos, conv_origin(c, pc.v), pc.reason);
		conv_field_fact(c, pc.v, what, node, p, pc.reason);
	} else if (pc.v && pc.v->kind == VAL_LIST && (in_place_fact(rn_str(pr, "as"), pc.v) || pc.reason)) {
		/* An array member written in place (.port_mode[0] = ...), data a rule
		 * ignores (.port = {...}), or a list a converter cannot read: one fact. */
		if (pc.reason)
			dt_node_add_todo(c->t, node, &pc.v->pos, conv_origin(c, pc.v), pc.reason);
		conv_field_fact(c, pc.v, what, node, p, pc.reason);
	} else if (pc.v && pc.v->kind == VAL_ADDR && !pc.reason) {
		/* .ts_init_data = &ts: the pointer itself (the struct it names gives its own facts). */
		conv_field_fact(c, pc.v, what, node, p, NULL);
	}
	return field;
}

/* Non-zero fields no rule consumed -> TODOs; `why` overrides the reason. */
void conv_leftover_fields(struct conv *c, struct dt_node *node, const struct value *list,
			  const char **used, size_t nused, const char *what, bool has_rule,
			  const char *why)
{
	for (size_t i = 0; i < list->nkids; i++) {
		const struct value *v = list->kids[i];
		const char *reason;

		if ((v->field && field_in(v->field, used, nused)) || value_is_zero(v))
			continue;
		/* an element of no known field (its struct's definition did not parse
		 * in tolerant mode): no rule can read it, and it is not lost silently */
		reason = !v->field ? arena_printf(c->a, "element %zu of struct %s: which field it "
						  "sets is not known here (the struct's definition "
						  "did not parse): write what it sets by hand", i,
						  list->type ? list->type : "?")
			: why ? why
			: has_rule ? arena_printf(c->a, "no rule for field .%s", v->field)
				   : arena_printf(c->a, "no rule for struct %s", list->type ? list->type : "?");
		dt_node_add_todo(c->t, node, &v->pos, conv_origin(c, v), reason);
		conv_field_fact(c, v, what, node, NULL, reason);
	}
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
		conv_leftover_fields(c, node, e, NULL, 0, name, rule != NULL,
				arena_printf(c->a, "%s: one more device in this array: give it a node of its own",
					     name));
	}
}

/*
 * A field that only `as: flag` entries, `as: int` entries with a `mask:`
 * and `as: bits` entries (their map's masks) read (`.flags =
 * IMXUART_HAVE_RTSCTS | IMXUART_IRDA`, smc91x's `SMC91X_USE_16BIT |
 * SMC91X_NOWAIT`): the bits none of their masks covers are a TODO, not lost.
 */
static bool mask_of(const struct rnode *pr, long long *bits)
{
	long long m, shift = 0;
	const char *as = rn_str(pr, "as");
	const struct rnode *map = rn_get(pr, "map");

	if (str_eq(as, "bits") && map) {	/* the masks its map names */
		*bits = 0;
		for (size_t i = 0; i < map->n; i++)
			*bits |= strtoll(map->keys[i], NULL, 0);
		return true;
	}
	if (!(str_eq(as, "flag") || str_eq(as, "int")) || !rn_get_long(pr, "mask", &m))
		return false;
	rn_get_long(pr, "shift", &shift);
	*bits = m << shift;
	return true;
}

/*
 * How rule pr reads field: 1 some bits (*bits: which; `as: flag`/`bits`/
 * masked `int`, or `active_low: field` with `active_low_mask:`), -1 the
 * whole value, 0 not at all.
 */
static int bits_read(const struct rnode *pr, const char *field, long long *bits)
{
	const char *al = rn_str(pr, "active_low");

	if (str_eq(rn_str(pr, "field"), field))
		return mask_of(pr, bits) ? 1 : -1;
	if (al && str_eq(al[0] == '!' ? al + 1 : al, field))
		return rn_get_long(pr, "active_low_mask", bits) ? 1 : -1;
	return 0;
}

static void leftover_flag_bits(struct conv *c, struct dt_node *node, const struct rnode *props,
			       const struct value *list, const char *what)
{
	for (size_t i = 0; props && i < props->n; i++) {
		const char *al = rn_str(props->items[i], "active_low");
		const char *fields[2] = { rn_str(props->items[i], "field"),
					  al && al[0] == '!' ? al + 1 : al };

		for (size_t w = 0; w < 2; w++) {
			const char *field = fields[w];
			const struct value *v = field ? conv_field(c, list, field) : NULL;
			long long mask = 0, m;
			bool first = true, only_flags = true;

			if (!v || v->kind != VAL_INT || bits_read(props->items[i], field, &m) != 1)
				continue;
			for (size_t k = 0; k < props->n; k++) {
				int r = bits_read(props->items[k], field, &m);

				if (r && k < i)
					first = false;
				if (r < 0)
					only_flags = false;
				else if (r > 0)
					mask |= m;
			}
			if (first && only_flags && (v->ival & ~mask)) {
				const char *reason = arena_printf(c->a, "bits 0x%llx of .%s: no rule reads them",
								  v->ival & ~mask, field);

				dt_node_add_todo(c->t, node, &v->pos, conv_origin(c, v), reason);
				conv_field_fact(c, v, what, node, NULL, reason);
			}
		}
	}
}

void conv_apply_struct(struct conv *c, struct dt_node *node, const struct rnode *rule,
		       const struct value *list, const char *what)
{
	const struct rnode *props = rn_get(rule, "props");
	const struct rnode *ch = rn_get(rule, "children");
	const char **used = NULL;
	size_t nused = 0, first = node->nchildren;

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
		conv_apply_children(c, node, ch, list, what);
		conv_props_down(c, node, props, first);	/* `on: children` */
		arena_push(c->a, (void ***)&used, &nused, (void *)rn_str(ch, "field"));
		arena_push(c->a, (void ***)&used, &nused, (void *)rn_str(ch, "count"));
		arena_push(c->a, (void ***)&used, &nused, (void *)rn_str(ch, "callback"));
	}
	leftover_flag_bits(c, node, props, list, what);
	conv_leftover_fields(c, node, list, used, nused, what, rule != NULL, NULL);
}

struct dt_node *conv_struct_node(struct conv *c, struct dt_node *parent, const struct rnode *rule,
				 const struct value *list, const char *what, long index)
{
	const char *overlay = rn_str(rule, "overlay");
	const char *name = rn_str(rule, "node"), *base = NULL;
	struct dt_node *n;

	if (overlay) {
		const char *label = conv_template(c, overlay, list, NULL, NULL);

		if (!label)
			return NULL;
		n = conv_enable(c, label, &list->pos, what);
	} else {
		const char *unit = conv_node_unit(c, rule, list, index);

		const char *learned = NULL, *lorigin = NULL, *why = NULL;

		if (!name)
			name = list->type ? list->type : "node";
		if (strstr(name, ":regulator}") || strstr(name, ":regulator:")) {
			learned = conv_regulator_name(c, name, list, &lorigin, &why);
			name = learned ? learned : "regulator";
		}
		name = base = learned ? learned : conv_node_name(c, name, list);
		if (index >= 0 && !unit && !learned)	/* a learned name is the id's own */
			name = conv_indexed_name(c, rn_str(rule, "node"), name, index);
		n = dt_node_add(c->t, parent, name, unit);
		n->pos = list->pos;
		n->exact_name = learned != NULL;
		n->origin = lorigin ? arena_printf(c->a, "%s (%s)", what, lorigin) : what;
		if (why)
			dt_node_add_todo(c->t, n, &list->pos, what, why);
		if (rn_str(rule, "compatible"))
			dt_prop_add_string(c->t, dt_prop_set(c->t, n, "compatible"),
					   rn_str(rule, "compatible"));
	}
	conv_apply_struct(c, n, rule, list, what);
	/* A converter gave the unit address (an appended partition): no index suffix. */
	if (base && n->unit && n->name != base && index >= 0)
		n->name = base;
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
