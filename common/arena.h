/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Arena allocation for the board model and the node graph.
 *
 * Both are built once and freed all at once at the end of a conversion, so
 * every piece comes from one arena: no per-node free functions to get wrong,
 * and valgrind sees nothing leaked.
 */
#ifndef B2D_ARENA_H
#define B2D_ARENA_H

#include <stddef.h>

struct arena_block;

struct arena {
	struct arena_block *head;
};

void arena_init(struct arena *a);
void arena_free(struct arena *a);
void *arena_alloc(struct arena *a, size_t n);	/* zeroed */
char *arena_strdup(struct arena *a, const char *s);	/* NULL stays NULL */
char *arena_strndup(struct arena *a, const char *s, size_t n);
char *arena_printf(struct arena *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Append to an arena-owned array of pointers (doubling growth). */
void arena_push(struct arena *a, void ***items, size_t *len, void *item);

#endif
