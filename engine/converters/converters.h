/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The property converters (`as:` in a rule): one file each in this folder,
 * registered in the table of engine/engine_struct.c. A converter gets the
 * rule entry, the struct initializer and the field's value, and returns the
 * property it wrote, or NULL with pc->reason set (the field becomes a TODO).
 */
#ifndef B2D_CONVERTERS_H
#define B2D_CONVERTERS_H

#include "../engine_int.h"

/* What one converter gets: the rule entry, the struct, the field value. */
struct prop_ctx {
	struct conv *c;
	struct dt_node *node;
	const struct rnode *rule;	/* the props: entry */
	const struct value *list;	/* the struct initializer */
	const struct value *v;		/* the field's value (NULL for constant props) */
	const char *reason;		/* set by a converter that cannot convert */
	bool alt;			/* an alternative value (a comment): make no nodes */
	const char *note;		/* set by a converter: added to the property's annotation */
};

typedef struct dt_prop *(*prop_converter)(struct prop_ctx *pc);

/* The override's alternatives as comments beside main (engine_struct_alt.c). */
struct field_override;
void conv_add_alternatives(struct prop_ctx *pc, struct dt_prop *main, prop_converter fn,
			   const struct field_override *o);

/* Shared by several converters (helpers.c). */
struct dt_prop *new_prop(struct prop_ctx *pc);
bool spelling_matches(const char *spelling, const char *pattern);
bool rule_lists(const struct rnode *rule, const char *key, const char *const *defaults, size_t n,
		const char *name);
bool is_active_low(struct prop_ctx *pc);
/* The rule's map `key:` ({C value: number}) at the field's value, by number or by the
 * enumerator's name as written; false when it has none (helpers.c). */
bool rule_map_long(const struct prop_ctx *pc, const char *key, long long *out);
const struct variable *pointee(struct prop_ctx *pc);
const struct value *struct_elements(struct prop_ctx *pc, const struct variable *var,
				    const struct value *arr);
const char *last_macro_arg(struct arena *a, const char *spelling);
/* tmpl with "{n}" replaced by n ("port{n}-mode", 2 -> "port2-mode"); NULL without "{n}" */
const char *n_template(struct arena *a, const char *tmpl, long n);
/* A fact for each struct element of var that p was made from (helpers.c). */
void element_facts(struct prop_ctx *pc, const struct variable *var, const struct dt_prop *p);

/* The converters, one file each. */
struct dt_prop *cv_string(struct prop_ctx *pc);
struct dt_prop *cv_int(struct prop_ctx *pc);
struct dt_prop *cv_bool(struct prop_ctx *pc);
struct dt_prop *cv_true(struct prop_ctx *pc);
struct dt_prop *cv_value(struct prop_ctx *pc);
struct dt_prop *cv_enum(struct prop_ctx *pc);
struct dt_prop *cv_choice(struct prop_ctx *pc);
struct dt_prop *cv_child(struct prop_ctx *pc);
struct dt_prop *cv_flag(struct prop_ctx *pc);
struct dt_prop *cv_bits(struct prop_ctx *pc);
struct dt_prop *cv_gpio(struct prop_ctx *pc);
struct dt_prop *cv_gpio_read(struct prop_ctx *pc);
struct dt_prop *cv_gpio_write(struct prop_ctx *pc);
struct dt_prop *cv_partition(struct prop_ctx *pc);
struct dt_prop *cv_ranges(struct prop_ctx *pc);
struct dt_prop *cv_struct(struct prop_ctx *pc);
struct dt_prop *cv_regulator(struct prop_ctx *pc);
struct dt_prop *cv_supplies(struct prop_ctx *pc);
struct dt_prop *cv_int_array(struct prop_ctx *pc);
struct dt_prop *cv_gpio_array(struct prop_ctx *pc);
struct dt_prop *cv_keymap(struct prop_ctx *pc);
struct dt_prop *cv_irq(struct prop_ctx *pc);
struct dt_prop *cv_reg(struct prop_ctx *pc);
struct dt_prop *cv_map_int(struct prop_ctx *pc);
struct dt_prop *cv_index(struct prop_ctx *pc);
struct dt_prop *cv_phy(struct prop_ctx *pc);
struct dt_prop *cv_ignore(struct prop_ctx *pc);
struct dt_prop *cv_enum_each(struct prop_ctx *pc);
struct dt_prop *cv_phy_each(struct prop_ctx *pc);
struct dt_prop *cv_todo(struct prop_ctx *pc);
struct dt_prop *cv_display(struct prop_ctx *pc);
struct dt_prop *cv_ref(struct prop_ctx *pc);
struct dt_prop *cv_gpio_irq(struct prop_ctx *pc);
struct dt_prop *cv_chip(struct prop_ctx *pc);
struct dt_prop *cv_pwm_id(struct prop_ctx *pc);
struct dt_prop *cv_pin_groups(struct prop_ctx *pc);
struct dt_prop *cv_property_entries(struct prop_ctx *pc);
struct dt_prop *cv_irq_trigger(struct prop_ctx *pc);

#endif
