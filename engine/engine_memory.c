// SPDX-License-Identifier: GPL-2.0
/*
 * RAM the board's C describes. Three spellings across the eras:
 *  - 2.6.x - 3.15: a `.fixup` callback fills the kernel's struct meminfo
 *    through its last parameter: `mi->bank[0].start = PHYS_OFFSET;
 *    mi->bank[0].size = 448 * SZ_1M; mi->nr_banks = 2;`
 *  - 3.16+: `memblock_add(0xa0000000, SZ_64M)` (`register: memory`);
 *  - `memblock_reserve(base, size)` / `memblock_remove(base, size)` keep a
 *    range from the kernel's allocator (`register: reserved_memory`).
 * They become `memory@BASE { device_type = "memory"; reg = <...>; }` (one
 * reg entry per bank) and `/reserved-memory` children, in the root's
 * #address-cells/#size-cells of the target .dtsi.
 */
#include <libfdt.h>

#include "engine_int.h"

#include <stdlib.h>
#include "../common/util.h"
#include "../kernel/soc_dtsi.h"

/* The root's cell counts: the target .dtsi's, else the 1/1 build_root writes. */
static void root_cells(const struct conv *c, int *ac, int *sc)
{
	const void *fdt = c->opt && c->opt->dtsi ? soc_dtsi_fdt(c->opt->dtsi) : NULL;

	*ac = fdt ? fdt_address_cells(fdt, 0) : 1;
	*sc = fdt ? fdt_size_cells(fdt, 0) : 1;
	if (*ac < 1 || *ac > 2)
		*ac = 1;
	if (*sc < 1 || *sc > 2)
		*sc = 1;
}

/* Why v cannot be a cells value, or NULL. */
static const char *not_a_number(const struct value *v, int cells, const char *what)
{
	if (!v || v->kind != VAL_INT)
		return what;
	if (v->ival < 0 || (cells == 1 && (unsigned long long)v->ival > 0xffffffffULL))
		return "the value does not fit the root's address cells";
	return NULL;
}

/*
 * A bare macro the SoC pack defines (PHYS_OFFSET: where RAM starts, in
 * mach/memory.h), whose value the target's headers redefine as a run-time
 * one (6.1's asm/memory.h: __pv_phys_pfn_offset): the pack's number.
 */
static const struct value *pack_value(struct conv *c, const struct value *v)
{
	const char *def = v && v->kind != VAL_INT && v->spelling ?
			  rn_str(rn_get(c->soc, "defines"), v->spelling) : NULL;
	struct value *n;
	char *end;
	long long x;

	if (!def)
		return v;
	x = strtoll(def, &end, 0);
	if (end == def || *end)
		return v;
	n = arena_alloc(c->a, sizeof(*n));
	*n = *v;
	n->kind = VAL_INT;
	n->ival = x;
	n->expansion = arena_printf(c->a, "%s -> %s (the SoC pack's value)", v->spelling, def);
	return n;
}

static void add_number(struct conv *c, struct dt_chunk *ch, const struct value *v, int cells)
{
	unsigned long long x = (unsigned long long)v->ival;

	if (cells == 2)
		dt_chunk_add_num(c->t, ch, (uint32_t)(x >> 32), 16);
	dt_chunk_add_num(c->t, ch, (uint32_t)x, 16);
}

/*
 * One range of RAM: a reg entry of /memory (reserved: a child of
 * /reserved-memory, `no-map` when the kernel must not map it at all).
 * Returns the node's path, or NULL with *why set.
 */
const char *conv_memory_range(struct conv *c, const struct value *base, const struct value *size,
			      enum memory_kind kind, const struct srcpos *pos, const char *origin,
			      const char **why)
{
	struct dt_node *parent = c->t->root, *n;
	struct dt_prop *p;
	struct dt_chunk *ch;
	const char *unit;
	int ac, sc;

	root_cells(c, &ac, &sc);
	base = pack_value(c, base);
	size = pack_value(c, size);
	*why = not_a_number(base, ac, "start address not known at build time");
	if (!*why)
		*why = not_a_number(size, sc, "size not known at build time");
	if (*why)
		return NULL;
	unit = arena_printf(c->a, "%llx", (unsigned long long)base->ival);
	if (kind != MEMORY_RAM) {
		parent = dt_child(c->t->root, "reserved-memory", NULL);
		if (!parent) {
			parent = dt_node_add(c->t, c->t->root, "reserved-memory", NULL);
			parent->pos = *pos;
			dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, dt_prop_set(c->t, parent,
						"#address-cells")), (uint32_t)ac);
			dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, dt_prop_set(c->t, parent,
						"#size-cells")), (uint32_t)sc);
			dt_prop_set(c->t, parent, "ranges");
		}
		n = dt_node_add(c->t, parent, "region", unit);
	} else {
		/* Every bank is one more reg entry of the first bank's node. */
		n = NULL;
		for (size_t i = 0; i < c->t->root->nchildren && !n; i++)
			if (str_eq(c->t->root->children[i]->name, "memory"))
				n = c->t->root->children[i];
		if (!n) {
			n = dt_node_add(c->t, c->t->root, "memory", unit);
			dt_prop_add_string(c->t, dt_prop_set(c->t, n, "device_type"), "memory");
		}
	}
	n->pos = n->pos.line ? n->pos : *pos;
	p = dt_prop_find(n, "reg");
	if (!p) {
		p = dt_prop_set(c->t, n, "reg");
		p->pos = *pos;
		p->origin = origin;
	} else {
		p->origin = arena_printf(c->a, "%s; %s", p->origin, origin);
	}
	ch = dt_prop_add_cells(c->t, p);
	add_number(c, ch, base, ac);
	add_number(c, ch, size, sc);
	if (kind == MEMORY_NOMAP)
		dt_prop_set(c->t, n, "no-map");
	return dt_node_path(c->t, n);
}

/* ---- struct meminfo stores of a .fixup callback ---- */

/* The function the machine's `.fixup` names is fn. */
static bool is_fixup(const struct conv *c, const struct function *fn)
{
	const struct value *rec = c->m ? c->m->record : NULL;

	for (size_t i = 0; rec && rec->kind == VAL_LIST && i < rec->nkids; i++) {
		const struct value *k = rec->kids[i];

		if (k->kind == VAL_FUNC && str_eq(k->field, "fixup") && str_eq(k->text, fn->name))
			return true;
	}
	return false;
}

/* "->bank[1].size" -> 1 and "size"; false for any other path. */
static bool bank_member(const char *path, long *idx, const char **member)
{
	char *end;

	if (!strncmp(path, "->", 2))
		path += 2;
	else if (*path == '.')
		path++;
	if (strncmp(path, "bank[", 5))
		return false;
	*idx = strtol(path + 5, &end, 0);
	if (end == path + 5 || strncmp(end, "].", 2))
		return false;
	*member = end + 2;
	return true;
}

/* The store of fn that sets bank idx's member, or NULL. */
static const struct store *bank_store(const struct function *fn, const char *var, long idx,
				      const char *member)
{
	for (size_t i = 0; i < fn->nstores; i++) {
		long k;
		const char *mem;

		if (str_eq(fn->stores[i]->var, var) && bank_member(fn->stores[i]->path, &k, &mem) &&
		    k == idx && str_eq(mem, member))
			return fn->stores[i];
	}
	return NULL;
}

/*
 * A store into the struct meminfo a .fixup callback gets (its last
 * parameter). Sets f's fate and returns true when it is one.
 */
bool conv_meminfo_store(struct conv *c, const struct function *fn, const struct store *s,
			struct fact *f)
{
	const char *path = s->path, *member, *why = NULL, *at;
	const struct store *start, *size;
	long idx;

	if (!fn->nparams || !str_eq(fn->params[fn->nparams - 1], s->var) || !is_fixup(c, fn))
		return false;
	if (str_eq(path, "->nr_banks") || str_eq(path, ".nr_banks")) {
		f->fate = FACT_CONVERTED;
		f->became = "the number of memory banks: the reg entries of /memory";
		return true;
	}
	if (!bank_member(path, &idx, &member))
		return false;
	if (str_eq(member, "node") || str_eq(member, "highmem")) {
		if (s->rhs->kind == VAL_INT && s->rhs->ival == 0) {
			f->fate = FACT_CONVERTED;
			f->became = str_eq(member, "node") ? "no DT equivalent: NUMA node 0, the only one"
				: "no DT equivalent: the kernel finds highmem itself";
			return true;
		}
		f->fate = FACT_TODO;
		f->reason = arena_printf(c->a, "memory bank %ld: .%s has no DT equivalent here", idx,
					 member);
		dt_node_add_todo(c->t, NULL, &s->pos, f->what, f->reason);
		return true;
	}
	if (!str_eq(member, "start") && !str_eq(member, "size"))
		return false;
	start = bank_store(fn, s->var, idx, "start");
	size = bank_store(fn, s->var, idx, "size");
	if (s->nguards)
		why = "set under a condition: choose the bank by hand";
	else if (!start || !size)
		why = arena_printf(c->a, "memory bank %ld has no %s", idx, start ? "size" : "start");
	if (!why && s == start) {
		at = conv_memory_range(c, start->rhs, size->rhs, MEMORY_RAM, &s->pos,
				       arena_printf(c->a, "%s; %s", start->spelling, size->spelling), &why);
		if (at)
			f->became = arena_printf(c->a, "bank %ld of %s", idx, at);
	} else if (!why) {
		int ac, sc;

		root_cells(c, &ac, &sc);
		why = not_a_number(pack_value(c, start->rhs), ac, "start address not known at build time");
		if (!why)
			why = not_a_number(size->rhs, sc, "size not known at build time");
		if (!why)
			f->became = arena_printf(c->a, "the size of memory bank %ld (reg of /memory)", idx);
	}
	if (why) {
		f->fate = FACT_TODO;
		f->reason = arena_printf(c->a, "memory bank %ld: %s", idx, why);
		dt_node_add_todo(c->t, NULL, &s->pos, f->what, f->reason);
	} else {
		f->fate = FACT_CONVERTED;
	}
	return true;
}
