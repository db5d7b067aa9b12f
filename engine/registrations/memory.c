// SPDX-License-Identifier: GPL-2.0
/* `register: memory` and `register: reserved_memory`: RAM the board adds or keeps from the kernel. */
#include "registrations.h"

#include "../../common/util.h"

static bool memory(struct reg_ctx *r, enum memory_kind kind)
{
	const char *why = NULL;
	const char *at = conv_memory_range(r->c, reg_arg(r, "base"), reg_arg(r, "size"), kind,
					   &r->call->pos, r->call->spelling, &why);

	if (at)
		reg_converted(r, at);
	else
		reg_todo(r, why);
	return true;
}

/* memblock_add(0xa0000000, SZ_64M): a reg entry of /memory. */
bool reg_memory(struct reg_ctx *r)
{
	return memory(r, MEMORY_RAM);
}

/* memblock_reserve(base, size): a /reserved-memory region; `no_map: true` (memblock_remove) adds no-map. */
bool reg_reserved_memory(struct reg_ctx *r)
{
	const char *nomap = r->reg && r->reg->kind == RN_MAP ? rn_str(r->reg, "no_map") : NULL;

	return memory(r, nomap && str_eq(nomap, "true") ? MEMORY_NOMAP : MEMORY_RESERVED);
}
