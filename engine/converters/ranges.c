// SPDX-License-Identifier: GPL-2.0
/*
 * `ranges`: a pointer to a table of (start, count) pairs that ends with a
 * pair of negative start (`const s16 rsv_slots[][2] = { {8, 6}, {30, 50},
 * {-1, -1} }`, the DaVinci EDMA's reserved PaRAM slots, which
 * drivers/dma/ti/edma.c reads to the same end) -> one `<start count>` per
 * pair (ti,edma-reserved-slot-ranges = <8 6>, <30 50>). `complement: N`
 * writes instead the N-bit mask of what the ranges leave, every bit set
 * but theirs, in 32-bit cells (the EDMA's reserved channels ->
 * dma-channel-mask, its usable channels); a range past bit N is a TODO.
 * The terminator alone (nothing reserved) writes no property.
 */
#include "converters.h"

#include "../../common/util.h"

#define RANGES_MAX_BITS 256

/* Pair k of the table: false at the terminator (or a pair not known at build time: *bad). */
static bool pair_at(const struct value *arr, size_t k, long long *start, long long *count, bool *bad)
{
	const struct value *e = k < arr->nkids ? arr->kids[k] : NULL;

	*bad = !e || e->kind != VAL_LIST || e->nkids != 2 || e->kids[0]->kind != VAL_INT ||
	       e->kids[1]->kind != VAL_INT;
	if (*bad)
		return false;
	*start = e->kids[0]->ival;
	*count = e->kids[1]->ival;
	return *start >= 0;
}

/* `complement: N`: the mask of the bits no range covers, 32 bits a cell. */
static struct dt_prop *complement_mask(struct prop_ctx *pc, const struct value *arr, long long width)
{
	uint32_t cells[RANGES_MAX_BITS / 32];
	long long start, count;
	size_t ncells = (size_t)(width + 31) / 32;
	bool bad;

	for (size_t w = 0; w < ncells; w++)
		cells[w] = width - (long long)w * 32 >= 32 ? 0xffffffffu
			   : (uint32_t)((1ull << (width - (long long)w * 32)) - 1);
	for (size_t k = 0; pair_at(arr, k, &start, &count, &bad); k++) {
		if (count < 0 || start + count > width) {
			pc->reason = arena_printf(pc->c->a, "range <%lld %lld> is past the %lld bits of "
						  "the mask", start, count, width);
			return NULL;
		}
		for (long long b = start; b < start + count; b++)
			cells[b / 32] &= ~(1u << (b % 32));
	}
	struct dt_prop *p = new_prop(pc);
	struct dt_chunk *ch = dt_prop_add_cells(pc->c->t, p);

	for (size_t w = 0; w < ncells; w++)
		dt_chunk_add_num(pc->c->t, ch, cells[w], 16);
	return p;
}

struct dt_prop *cv_ranges(struct prop_ctx *pc)
{
	const struct variable *var = pointee(pc);
	const struct value *arr = var ? var->init : NULL;
	long long start, count, width = 0;
	size_t n = 0;
	bool bad = false;

	if (!arr || arr->kind != VAL_LIST || !arr->is_array) {
		pc->reason = "table of ranges not found in this file";
		return NULL;
	}
	while (pair_at(arr, n, &start, &count, &bad))
		n++;
	if (bad) {
		pc->reason = "a range not known at build time, or no {-1, -1} at the end";
		return NULL;
	}
	conv_mark_var(pc->c, var->name);
	if (!n)
		return NULL;	/* nothing reserved: no property */
	if (rn_get_long(pc->rule, "complement", &width)) {
		if (width <= 0 || width > RANGES_MAX_BITS) {
			pc->reason = "complement: bits out of range";
			return NULL;
		}
		struct dt_prop *m = complement_mask(pc, arr, width);

		if (m)
			element_facts(pc, var, m);
		return m;
	}
	struct dt_prop *p = new_prop(pc);

	for (size_t k = 0; pair_at(arr, k, &start, &count, &bad); k++) {
		struct dt_chunk *ch = dt_prop_add_cells(pc->c->t, p);

		dt_chunk_add_num(pc->c->t, ch, (uint32_t)start, 10);
		dt_chunk_add_num(pc->c->t, ch, (uint32_t)count, 10);
	}
	element_facts(pc, var, p);
	return p;
}
