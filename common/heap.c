// SPDX-License-Identifier: GPL-2.0
/* The heap on transparent huge pages: see heap.h. */
#include "heap.h"

#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#define MB (1024UL * 1024UL)
#define HUGE_PAGE (2 * MB)
#define CHUNK (30 * MB)	/* below glibc's largest mmap threshold (32 MB): from the heap */

bool heap_tune(void **start, size_t *len)
{
	void *chunks[HEAP_RESERVE_MB * MB / CHUNK + 1];
	size_t n = 0;
	uintptr_t lo = UINTPTR_MAX, hi = 0, a, b;
	const char *off = getenv("B2D_NO_HUGEPAGES");

	if (off && *off && *off != '0')
		return false;
	/* one arena: the parse thread allocates from the main heap too */
	mallopt(M_ARENA_MAX, 1);
	/* blocks up to 32 MB come from the heap, and a free never shrinks it */
	mallopt(M_MMAP_THRESHOLD, 32 * MB);
	mallopt(M_TRIM_THRESHOLD, 512 * MB);
	mallopt(M_TOP_PAD, 16 * MB);
	/* grow the heap by HEAP_RESERVE_MB now (untouched pages cost nothing) */
	for (size_t got = 0; got < HEAP_RESERVE_MB * MB; got += CHUNK) {
		char *p = malloc(CHUNK);

		if (!p)
			break;
		chunks[n++] = p;
		lo = (uintptr_t)p < lo ? (uintptr_t)p : lo;
		hi = (uintptr_t)p + CHUNK > hi ? (uintptr_t)p + CHUNK : hi;
	}
	a = (lo + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
	b = hi & ~(HUGE_PAGE - 1);
	if (n && b > a && madvise((void *)a, b - a, MADV_HUGEPAGE) != 0)
		b = a;	/* THP not built in: nothing advised */
	while (n)
		free(chunks[--n]);	/* back into the heap's top, kept (trim threshold) */
	if (start)
		*start = (void *)a;
	if (len)
		*len = b > a ? b - a : 0;
	return b > a;
}
