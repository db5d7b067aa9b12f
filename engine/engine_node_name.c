// SPDX-License-Identifier: GPL-2.0
/*
 * The name and unit address of a struct's node (engine_struct.c): the rule's
 * `node:` template over the struct's fields, `unit:`, and the names learned
 * from the target tree (a PMIC regulator's, kernel/regulator_names.h).
 */
#include "engine_int.h"

#include <stdlib.h>
#include <string.h>

#include "../common/util.h"
#include "../kernel/regulator_names.h"

/* `unit: index` (array position) or `unit: FIELD` (its value, in hex). */
const char *conv_node_unit(struct conv *c, const struct rnode *rule, const struct value *list,
			     long index)
{
	const char *unit = rn_str(rule, "unit");
	const struct value *v;

	if (!unit)
		return NULL;
	if (str_eq(unit, "index"))
		return index >= 0 ? arena_printf(c->a, "%lx", (unsigned long)list->index) : NULL;
	v = conv_field(c, list, unit);
	if (!v && conv_prop_rule_of(rule, unit))
		v = conv_absent_value(c, conv_prop_rule_of(rule, unit), list);
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
/*
 * The id's enumerator: the field's spelling, or, when that is not an
 * identifier (a board macro's `TPS_REG(SM_0, &sm0_data)` giving
 * `.id = TPS6586X_ID_##_id`), with `{id:regulator:PREFIX}` the enumerator
 * of its value among the target header's PREFIX* ones.
 */
static const char *regulator_id(struct conv *c, const struct value *v, const char *prefix)
{
	const char *sp = v ? v->spelling : NULL;
	char *e;

	if (sp && *sp && strspn(sp, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
			       "0123456789_") == strlen(sp))
		return sp;
	if (!prefix || !v || v->kind != VAL_INT || !c->opt->kernel_dir ||
	    !(e = regulator_enum_name(c->opt->kernel_dir, prefix, v->ival)))
		return sp;
	sp = arena_strdup(c->a, e);
	free(e);
	return sp;
}

/*
 * `node: "{id:regulator}"`: the name the target's regulator driver gives the
 * id the field holds (kernel/regulator_names.h), NULL and *why otherwise;
 * `{id:regulator:TPS6586X_ID_}` also finds an id given by value only.
 */
const char *conv_regulator_name(struct conv *c, const char *tmpl, const struct value *list,
				  const char **origin, const char **why)
{
	const char *colon = strstr(tmpl, ":regulator");
	const char *open = strchr(tmpl, '{'), *close = colon ? strchr(colon, '}') : NULL;
	const char *prefix = close && colon[10] == ':'
		? arena_strndup(c->a, colon + 11, (size_t)(close - colon - 11)) : NULL;
	const struct value *v;
	char *name, *file;
	const char *out = NULL, *id;

	if (!colon || !open || open > colon || !close || (colon[10] != '}' && colon[10] != ':'))
		return NULL;
	v = conv_field(c, list, arena_strndup(c->a, open + 1, (size_t)(colon - open - 1)));
	id = regulator_id(c, v, prefix);
	if (!id || !c->opt->kernel_dir) {
		*why = !id ? "the regulator's id is not in the initializer"
			   : "give --kernel: the node name is the target regulator driver's";
		return NULL;
	}
	if (!(name = regulator_node_name(c->opt->kernel_dir, id, &file))) {
		*why = arena_printf(c->a, "regulator %s: no driver of the target tree's "
				    "drivers/regulator names it: the node name by hand", id);
		return NULL;
	}
	if (strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789,._+-") !=
	    strlen(name) || !*name)
		*why = arena_printf(c->a, "regulator %s: %s names it \"%s\", not a valid node "
				    "name: check the driver's DT matching", id, file, name);
	else
		out = arena_strdup(c->a, name);
	*origin = arena_printf(c->a, "%s -> %s", id, file);
	free(name);
	free(file);
	return out;
}

/*
 * Entry index of an array's node: `node: "timing{n}"` -> timing0, timing1
 * (the name upstream display-timings use); any other name -> name-index.
 */
const char *conv_indexed_name(struct conv *c, const char *tmpl, const char *name, long index)
{
	const char *at = tmpl ? strstr(tmpl, "{n}") : NULL;

	if (at)
		return arena_printf(c->a, "%.*s%ld%s", (int)(at - tmpl), tmpl, index, at + 3);
	return arena_printf(c->a, "%s-%ld", name, index);
}
