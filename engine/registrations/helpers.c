// SPDX-License-Identifier: GPL-2.0
/* Helpers the registration kinds share: node names, interrupts, constant properties. */
#include "registrations.h"

#include <stdlib.h>
#include <string.h>

#include "../../common/util.h"

char *arena_node_name(struct conv *c, const char *s)
{
	char *l = dts_node_name(s);
	char *r = arena_strdup(c->a, l);

	free(l);
	return r;
}

void add_interrupt(struct conv *c, struct dt_node *n, const struct value *irq,
			  unsigned type)
{
	if (conv_add_interrupt(c, n, irq, type))
		return;
	dt_node_add_todo(c->t, n, &irq->pos, conv_origin(c, irq),
			 irq->kind == VAL_INT
			 ? arena_printf(c->a, "IRQ %lld: no interrupt controller provides it", irq->ival)
			 : "IRQ number not known at build time");
}

/*
 * Constant properties of a rule (as: true / as: value): no field is read.
 * keep: a property the node already has stays (a SoC device's default
 * platform data, which the board's own replaces whichever comes first).
 */
void constant_props(struct conv *c, struct dt_node *n, const struct rnode *props,
		    const struct srcpos *pos, bool keep)
{
	for (size_t i = 0; props && i < props->n; i++) {
		struct dt_prop *p;
		long long v;

		if (keep && dt_prop_find(n, rn_str(props->items[i], "prop")))
			continue;
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

/* The report's fact for one entry of a pin table: converted (became) or a TODO (reason). */
struct fact *entry_fact(struct conv *c, const char *what, const struct value *e,
			const char *became, const char *reason)
{
	struct fact *f = dt_add_fact(c->t, "field", what, &e->pos);

	f->fate = became ? FACT_CONVERTED : FACT_TODO;
	f->became = became;
	f->reason = reason;
	return f;
}

/* "table[3] = MPP29_GPIO": how entry_fact names one word of a table. */
const char *entry_what(struct conv *c, const struct variable *arr, const struct value *e)
{
	return arena_printf(c->a, "%s[%ld] = %s", arr->name, e->index, e->spelling ? e->spelling : "?");
}

/* The entries a table call reads: the array's, or fewer when its count argument says so. */
size_t table_len(const struct variable *arr, const struct value *count)
{
	size_t n = arr->init->nkids;

	if (count && count->kind == VAL_INT && count->ival >= 0 && (size_t)count->ival < n)
		n = (size_t)count->ival;
	return n;
}

/* --- values a helper fixes (spi_device.c, struct_array.c) ------------------------ */

struct value *reg_new_value(struct conv *c, enum value_kind kind, const struct srcpos *pos,
		     const char *spelling)
{
	struct value *v = arena_alloc(c->a, sizeof(*v));

	v->kind = kind;
	v->pos = *pos;
	v->spelling = spelling;
	return v;
}

static struct value *fixed_member(struct reg_ctx *r, const char *field, const struct rnode *val);

/* An array of the rule's sequence: its maps as structs, its scalars as members. */
static struct value *fixed_array(struct reg_ctx *r, const struct rnode *seq)
{
	struct value *list = reg_new_value(r->c, VAL_LIST, &r->call->pos, r->call->spelling);

	list->is_array = true;
	for (size_t i = 0; i < seq->n; i++)
		reg_add_member(r->c, list, fixed_member(r, NULL, seq->items[i]), NULL);
	return list;
}

/*
 * `"&consumer_supplies": [...]`, `"&codec": {}`: a pointer member, to an
 * object the helper defines (twl-common.c's omap3_vdda_dac_supplies),
 * added to this conversion's view as a variable of its own name, of the
 * type its (first) map's `struct:` names.
 */
struct value *reg_fixed_pointer(struct reg_ctx *r, const char *field, const struct rnode *val)
{
	struct conv *c = r->c;
	struct variable *d = arena_alloc(c->a, sizeof(*d));
	struct value *ptr;

	d->name = arena_printf(c->a, "%s() .%s data", r->call->callee, field);
	for (int k = 2; board_find_var(c->b, d->name); k++)	/* two regulators' .consumer_supplies */
		d->name = arena_printf(c->a, "%s() .%s data #%d", r->call->callee, field, k);
	d->is_array = val && val->kind == RN_SEQ;
	d->init = d->is_array ? fixed_array(r, val) : reg_fixed_struct(r, NULL, val);
	d->type = d->is_array ? (val->n ? rn_str(val->items[0], "struct") : NULL) : d->init->type;
	d->pos = r->call->pos;
	conv_add_var(c, d);
	ptr = reg_new_value(c, VAL_ADDR, &r->call->pos, arena_printf(c->a, "%s(): .%s = &...",
									r->call->callee, field));
	ptr->text = d->name;
	ptr->field = field;
	return ptr;
}

/*
 * A member the helper fixes, from a rule value: an integer, a string, a
 * struct it holds (a map: `constraints: {min_uV: 1800000}`), or, for a key
 * spelled `&field`, a pointer to a struct or array it defines.
 */
static struct value *fixed_member(struct reg_ctx *r, const char *field, const struct rnode *val)
{
	struct conv *c = r->c;
	struct value *v;
	long long n;

	if (field && field[0] == '&' && val->kind != RN_SCALAR)
		return reg_fixed_pointer(r, field + 1, val);
	if (val->kind == RN_MAP) {
		v = reg_fixed_struct(r, NULL, val);
		v->field = field;
		return v;
	}
	if (val->kind == RN_SEQ) {
		v = fixed_array(r, val);
		v->field = field;
		return v;
	}
	if (rn_long(val, &n)) {
		v = reg_new_value(c, VAL_INT, &r->call->pos,
			      arena_printf(c->a, "%s(): .%s = %s", r->call->callee, field ? field : "[]",
					   val->scalar));
		v->ival = n;
	} else {
		v = reg_new_value(c, VAL_STRING, &r->call->pos,
			      arena_printf(c->a, "%s(): .%s = \"%s\"", r->call->callee,
					   field ? field : "[]", val->scalar ? val->scalar : ""));
		v->text = val->scalar ? val->scalar : "";
	}
	v->field = field;
	return v;
}

void reg_add_member(struct conv *c, struct value *list, struct value *v, const char *field)
{
	struct value *m = arena_alloc(c->a, sizeof(*m));

	*m = *v;
	m->field = field;
	m->index = (long)list->nkids;
	arena_push(c->a, (void ***)&list->kids, &list->nkids, m);
}

/* A struct value of the rule's fixed members (`board_info:`, `default:`). */
struct value *reg_fixed_struct(struct reg_ctx *r, const char *type, const struct rnode *map)
{
	struct value *list = reg_new_value(r->c, VAL_LIST, &r->call->pos, r->call->spelling);

	/* `struct: TAG` (no C member can be named so): the struct's type */
	list->type = type ? type : rn_str(map, "struct");
	for (size_t i = 0; map && map->kind == RN_MAP && i < map->n; i++) {
		const char *k = map->keys[i];

		if (!strcmp(k, "struct"))
			continue;
		reg_add_member(r->c, list, fixed_member(r, k, map->items[i]), k[0] == '&' ? k + 1 : k);
	}
	return list;
}

