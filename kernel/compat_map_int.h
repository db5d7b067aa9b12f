/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kernel/compat_map.c's map, for its lookups in kernel/compat_find.c: the
 * rows the scan of the target tree (or its cache) gives, loaded on first use.
 */
#ifndef B2D_COMPAT_MAP_INT_H
#define B2D_COMPAT_MAP_INT_H

#include <stdbool.h>

#include "../common/util.h"

struct compat_map {
	char *kdir, *cache_dir;
	bool loaded;
	char *text;		/* the lines, NUL-separated fields after parsing */
	struct ptrvec rows;	/* char *[4] each: bus, name, compat, file */
};

/* Scan the tree (or read the cache) and parse its rows: once, on first use. */
void compat_map_load_rows(struct compat_map *m);

#endif
