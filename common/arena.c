// SPDX-License-Identifier: GPL-2.0
#include "arena.h"
#include "util.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define ARENA_BLOCK_SIZE (64 * 1024)

struct arena_block {
	struct arena_block *next;
	size_t used;
	size_t size;
	_Alignas(max_align_t) unsigned char data[];
};

void arena_init(struct arena *a)
{
	a->head = NULL;
}

void arena_free(struct arena *a)
{
	struct arena_block *b = a->head;

	while (b) {
		struct arena_block *next = b->next;

		free(b);
		b = next;
	}
	a->head = NULL;
}

void *arena_alloc(struct arena *a, size_t n)
{
	struct arena_block *b = a->head;
	size_t align = _Alignof(max_align_t);
	void *p;

	n = (n + align - 1) & ~(align - 1);
	if (!b || b->used + n > b->size) {
		size_t size = n > ARENA_BLOCK_SIZE ? n : ARENA_BLOCK_SIZE;

		b = xmalloc(sizeof(*b) + size);
		b->size = size;
		b->used = 0;
		b->next = a->head;
		a->head = b;
	}
	p = b->data + b->used;
	b->used += n;
	memset(p, 0, n);
	return p;
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *p = arena_alloc(a, n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *arena_strdup(struct arena *a, const char *s)
{
	return s ? arena_strndup(a, s, strlen(s)) : NULL;
}

char *arena_printf(struct arena *a, const char *fmt, ...)
{
	struct strbuf sb;
	va_list ap;
	char *s;

	sb_init(&sb);
	va_start(ap, fmt);
	sb_vaddf(&sb, fmt, ap);
	va_end(ap);
	s = arena_strndup(a, sb.buf, sb.len);
	sb_free(&sb);
	return s;
}

/*
 * Arrays grow by doubling; capacity is implied by len (the next power of two),
 * so callers keep only items and len.
 */
void arena_push(struct arena *a, void ***items, size_t *len, void *item)
{
	size_t n = *len;

	if (n == 0 || (n & (n - 1)) == 0) {
		size_t cap = n ? n * 2 : 1;
		void **grown = arena_alloc(a, cap * sizeof(void *));

		if (n)
			memcpy(grown, *items, n * sizeof(void *));
		*items = grown;
	}
	(*items)[n] = item;
	*len = n + 1;
}
