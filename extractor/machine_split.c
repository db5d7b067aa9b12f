// SPDX-License-Identifier: GPL-2.0
/*
 * extract_board(): one parse of the file, or in tolerant mode one per
 * machine when its machines' code differs under #if CONFIG_MACH_ arms.
 *
 * 3.6 board-sam9261ek.c serves two machines:
 *	#if defined(CONFIG_MACH_AT91SAM9G10EK)
 *		.lcd_wiring_mode = ATMEL_LCDC_WIRING_RGB,
 *	#endif
 * and `#if defined(CONFIG_MACH_AT91SAM9261EK)` / `#else` around the
 * MACHINE_START records themselves. Tolerant mode assumes what the file
 * tests (config.h), so one parse would give both machines every
 * machine-specific arm, and the 9261EK the G10EK's wiring. When
 * config_machine_split() says so, each machine is parsed with its own
 * CONFIG_MACH_<ID> defined and the others' not; the first parse is the
 * board, the others join it as b->parses, every parse lists every machine,
 * and each machine's `board` is the parse it came from. A machine one of
 * those parses does not yield (under another false #if) falls back to the
 * one parse with everything assumed, as before.
 */
#include "ex_internal.h"
#include "config.h"

#include <string.h>

/* Every parse lists the machines of all, each machine pointing to its own parse. */
static struct board *join(struct board **v, struct machine **ms, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		v[k]->machines = arena_alloc(&v[k]->arena, n * sizeof(*ms));
		memcpy(v[k]->machines, ms, n * sizeof(*ms));
		v[k]->nmachines = n;
		ms[k]->board = v[k];
		if (k)
			arena_push(&v[0]->arena, (void ***)&v[0]->parses, &v[0]->nparses, v[k]);
	}
	return v[0];
}

int extract_board(const char *path, const struct extract_options *opt, struct board **out)
{
	size_t n, done = 0;
	char **ids = config_machine_split(path, opt, &n);
	struct board **v;
	struct machine **ms;
	bool whole = true;
	int ret = B2D_OK;

	if (!ids)
		return ex_extract_one(path, opt, out);
	v = xcalloc(n, sizeof(*v));
	ms = xcalloc(n, sizeof(*ms));
	for (; ret == B2D_OK && whole && done < n; done++) {
		struct extract_options one = *opt;

		one.machine_only = ids[done];
		ret = ex_extract_one(path, &one, &v[done]);
		whole = ret == B2D_OK && (ms[done] = board_find_machine(v[done], ids[done]));
	}
	if (ret == B2D_OK && whole)
		*out = join(v, ms, n);
	for (size_t k = 0; k < done && !(ret == B2D_OK && whole); k++)
		board_free(v[k]);
	if (ret == B2D_OK && !whole)
		ret = ex_extract_one(path, opt, out);
	for (size_t k = 0; k < n; k++)
		free(ids[k]);
	free(ids);
	free(ms);
	free(v);
	return ret;
}
