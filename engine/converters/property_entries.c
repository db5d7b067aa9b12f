// SPDX-License-Identifier: GPL-2.0
/*
 * `as: property_entries`: a software node's properties (linux/property.h,
 * 4.x - 6.x board files: an I2C or SPI device's `.swnode`, a
 * platform_device_info's `.properties`). Drivers read them with the same
 * device_property_read_*() calls that read DT properties, so each entry is
 * the DT property of its name:
 *
 *   PROPERTY_ENTRY_U32("pagesize", 64)        pagesize = <64>;
 *   PROPERTY_ENTRY_U32_ARRAY("x", arr)        x = <arr[0] arr[1] ...>;
 *   PROPERTY_ENTRY_STRING("label", "s")       label = "s";
 *   PROPERTY_ENTRY_BOOL("default-on")         default-on;
 *
 * One fact per entry (the field itself is the pointer). An entry of another width (U8, U16, U64) or a
 * reference to another software node is a TODO naming the entry.
 */
#include "converters.h"

#include "../../common/util.h"

enum { PROP_U8, PROP_U16, PROP_U32, PROP_U64, PROP_STRING, PROP_REF };

/* The entry's anonymous union: .pointer, or .value.<elem>. */
static const struct value *entry_union(const struct value *e)
{
	for (size_t i = 0; e && e->kind == VAL_LIST && i < e->nkids; i++)
		if (!e->kids[i]->field || !*e->kids[i]->field)
			return e->kids[i];
	return NULL;
}

/* An inline value: .value.u32_data[0] / .value.str[0]. */
static const struct value *inline_value(const struct value *e, const char *elem)
{
	const struct value *u = value_field(entry_union(e), "value");
	const struct value *arr = value_field(u, elem);

	return arr && arr->kind == VAL_LIST && arr->nkids ? arr->kids[0] : NULL;
}

/* The values an entry gives: one inline, or the array its .pointer names. */
static size_t entry_values(struct prop_ctx *pc, const struct value *e, const char *elem,
			   const struct value **out, size_t max)
{
	if (value_field_int(e, "is_inline", 0)) {
		out[0] = inline_value(e, elem);
		return out[0] ? 1 : 0;
	}
	const struct variable *arr = conv_deref(pc->c, value_field(entry_union(e), "pointer"));
	size_t n = 0;

	if (!arr || !arr->init || arr->init->kind != VAL_LIST)
		return 0;
	conv_mark_var(pc->c, arr->name);
	for (size_t i = 0; i < arr->init->nkids && n < max; i++)
		out[n++] = arr->init->kids[i];
	return n;
}

/* The property of one entry on the node, or NULL with *why. */
static struct dt_prop *entry_prop(struct prop_ctx *pc, const struct value *e, const char *name,
				  const char **why)
{
	const struct value *vals[64];
	long long type = value_field_int(e, "type", PROP_U8);
	bool is_bool = !value_field_int(e, "length", 0) && value_field_int(e, "is_inline", 0);
	size_t n = 0;
	struct dt_prop *p;

	if (is_bool)
		return dt_prop_set(pc->c->t, pc->node, name);
	if (type != PROP_U32 && type != PROP_STRING) {
		*why = type == PROP_REF ? "a reference to another software node: the phandle by hand"
					: "not a 32-bit or string property: write it by hand (/bits/ for its width)";
		return NULL;
	}
	n = entry_values(pc, e, type == PROP_U32 ? "u32_data" : "str", vals, 64);
	for (size_t i = 0; i < n; i++)
		if (vals[i]->kind != (type == PROP_U32 ? VAL_INT : VAL_STRING))
			n = 0;
	if (!n) {
		*why = "value not known at build time";
		return NULL;
	}
	p = dt_prop_set(pc->c->t, pc->node, name);
	struct dt_chunk *ch = type == PROP_U32 ? dt_prop_add_cells(pc->c->t, p) : NULL;

	for (size_t i = 0; i < n; i++) {
		if (ch)
			dt_chunk_add_num(pc->c->t, ch, (uint32_t)vals[i]->ival, conv_c_base(vals[i]));
		else
			dt_prop_add_string(pc->c->t, p, vals[i]->text);
	}
	return p;
}

/* As written: the entry's macro call, which its members carry as their spelling. */
static const char *entry_spelling(const struct value *e)
{
	static const char *const members[] = { "type", "is_inline", "length" };

	for (size_t i = 0; !e->spelling && i < 3; i++) {
		const struct value *m = value_field(e, members[i]);

		if (m && m->spelling)
			return m->spelling;
	}
	return e->spelling;
}

struct dt_prop *cv_property_entries(struct prop_ctx *pc)
{
	const struct variable *var = pointee(pc);
	if (!var || !var->init || var->init->kind != VAL_LIST) {
		pc->reason = "property entries this file does not define";
		return NULL;
	}
	conv_mark_var(pc->c, var->name);
	for (size_t i = 0; i < var->init->nkids; i++) {
		const struct value *e = var->init->kids[i];
		const char *name = value_field_str(e, "name"), *why = NULL;

		if (!name)	/* the { } that ends the table */
			continue;
		struct fact *f = dt_add_fact(pc->c->t, "field", arena_printf(pc->c->a, "%s[%zu]", var->name, i),
					     &e->pos);
		struct dt_prop *p = entry_prop(pc, e, name, &why);

		if (!p) {
			f->fate = FACT_TODO;
			f->reason = arena_printf(pc->c->a, "property \"%s\": %s", name, why);
			dt_node_add_todo(pc->c->t, pc->node, &e->pos, entry_spelling(e), f->reason);
			continue;
		}
		p->pos = e->pos;
		p->origin = entry_spelling(e);
		f->fate = FACT_CONVERTED;
		f->became = arena_printf(pc->c->a, "%s %s", dt_node_path(pc->c->t, pc->node), name);
	}
	return NULL;	/* the properties are the entries': one fact each */
}
