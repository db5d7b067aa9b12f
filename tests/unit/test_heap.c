// SPDX-License-Identifier: GPL-2.0
/*
 * common/heap.c: the heap's first HEAP_RESERVE_MB are advised for
 * transparent huge pages (the VMA's VmFlags carry "hg" in
 * /proc/self/smaps), blocks allocated afterwards land there, and
 * B2D_NO_HUGEPAGES=1 leaves the heap alone. Skipped when the kernel has
 * THP off ("never").
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "common/heap.h"
#include "common/util.h"

static bool thp_available(void)
{
	char *t = read_file("/sys/kernel/mm/transparent_hugepage/enabled", NULL);
	bool ok = t && !strstr(t, "[never]");

	free(t);
	return ok;
}

/* Does the mapping holding addr have VmFlags "hg" (MADV_HUGEPAGE)? */
static bool advised(uintptr_t addr)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	char line[512];
	bool in = false, hg = false;

	assert_non_null(f);
	while (fgets(line, sizeof(line), f)) {
		unsigned long lo, hi;

		if (sscanf(line, "%lx-%lx ", &lo, &hi) == 2 && strchr(line, ' ') &&
		    line[strcspn(line, " ")] == ' ' && strchr(line, '-') < strchr(line, ' '))
			in = addr >= lo && addr < hi;
		else if (in && !strncmp(line, "VmFlags:", 8))
			hg = strstr(line, " hg") != NULL;
	}
	fclose(f);
	return hg;
}

static void test_off(void **state)
{
	void *start = NULL;
	size_t len = 1;

	(void)state;
	setenv("B2D_NO_HUGEPAGES", "1", 1);
	assert_false(heap_tune(&start, &len));
	unsetenv("B2D_NO_HUGEPAGES");
}

#if defined(__SANITIZE_ADDRESS__)
#define B2D_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define B2D_ASAN 1
#endif
#endif
#ifndef B2D_ASAN
#define B2D_ASAN 0
#endif

static void test_advised(void **state)
{
	void *start = NULL;
	size_t len = 0;
	char *p;

	(void)state;
	if (!thp_available())
		skip();
	assert_true(heap_tune(&start, &len));
	assert_true(len >= (HEAP_RESERVE_MB - 32) * 1024UL * 1024UL);
	assert_true(advised((uintptr_t)start));
	assert_true(advised((uintptr_t)start + len - 1));
	/* a block allocated later comes from there (the range starts at the
	 * first 2 MB boundary of the heap's new top: the block may start
	 * below it) */
#if !B2D_ASAN
	bool inside, adv;

	p = malloc(8 << 20);
	assert_non_null(p);
	inside = (uintptr_t)p + (8 << 20) > (uintptr_t)start + (2 << 20) &&
		 (uintptr_t)p + (8 << 20) <= (uintptr_t)start + len;
	adv = advised((uintptr_t)p + (8 << 20) - 1);
	free(p);
	assert_true(inside);
	assert_true(adv);
#else
	/* AddressSanitizer's malloc has its own arenas: the glibc heap the
	 * range covers is not where blocks come from. The range is advised. */
	(void)p;
#endif
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_off),
		cmocka_unit_test(test_advised),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
