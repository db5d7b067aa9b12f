/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A string-keyed hash map (open addressing, FNV-1a): constant-time lookups
 * where a linear scan over siblings or values would make large inputs
 * quadratic (graph/passes.c: unique node names). Keys are copied; values
 * are the caller's size_t (a count, an index).
 */
#ifndef B2D_STRMAP_H
#define B2D_STRMAP_H

#include <stdbool.h>
#include <stddef.h>

struct strmap {
	char **keys;
	size_t *vals;
	size_t cap, len;	/* cap: 0 or a power of two */
};

/* The value slot of key, added with value 0 when missing. */
size_t *strmap_slot(struct strmap *m, const char *key);
/* The value slot of key, or NULL. */
size_t *strmap_find(const struct strmap *m, const char *key);
void strmap_free(struct strmap *m);

#endif
