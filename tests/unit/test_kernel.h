/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel tree unit tests may use: $B2D_KERNEL, else the default cache
 * path, when it holds `probe` (a path relative to the tree). NULL means
 * the test should skip() (which makes the run exit 77: unit/skip_exit.c);
 * the reason is printed.
 */
#ifndef B2D_TEST_KERNEL_H
#define B2D_TEST_KERNEL_H

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define TEST_DEFAULT_KDIR "/var/tmp/b2d/src/linux-source-6.1"

static inline const char *test_kernel_dir(const char *probe)
{
	static int told;
	const char *k = getenv("B2D_KERNEL");
	char path[4096];

	if (!k || !*k)
		k = TEST_DEFAULT_KDIR;
	snprintf(path, sizeof(path), "%s/%s", k, probe);
	if (access(path, R_OK) == 0)
		return k;
	if (!told++)
		fprintf(stderr, "SKIP: no kernel tree with %s at %s (B2D_KERNEL)\n", probe, k);
	return NULL;
}

#endif
