/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Unit tests that build a small file tree (a fake kernel tree) inside their
 * own mkdtemp() directory: test_put_file() writes root/rel, creating the
 * directories on the way (common/util.c mkdir_p); test_rm_tree() removes it.
 */
#ifndef B2D_TEST_TREE_H
#define B2D_TEST_TREE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"

static inline void test_put_file(const char *root, const char *rel, const char *text)
{
	char *path = xasprintf("%s/%s", root, rel);
	char *slash = strrchr(path, '/');
	FILE *f;

	*slash = '\0';
	assert_int_equal(mkdir_p(path), 0);
	*slash = '/';
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
	free(path);
}

/* Remove the test's tree root and everything under it. */
static inline void test_rm_tree(const char *root)
{
	char *cmd = xasprintf("rm -rf '%s'", root);

	assert_int_equal(system(cmd), 0);
	free(cmd);
}

#endif
