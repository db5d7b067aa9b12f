// SPDX-License-Identifier: GPL-2.0
/* write_file_atomic: refuses inputs, leaves no temp files, fails cleanly. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "common/util.h"
#include "emitter/emit.h"

static char dir[] = "/tmp/b2d-safe-write-XXXXXX";

static int setup(void **state)
{
	diag_set_quiet(true);
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char *cmd = xasprintf("rm -rf %s", dir);
	int rc = system(cmd);

	free(cmd);
	return rc;
}

static size_t entries(const char *d)
{
	DIR *dp = opendir(d);
	struct dirent *e;
	size_t n = 0;

	assert_non_null(dp);
	while ((e = readdir(dp)))
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(dp);
	return n;
}

static void test_write_and_replace(void **state)
{
	char *path = xasprintf("%s/out.dts", dir);
	const char *inputs[] = { "/nonexistent/board.c" };
	struct stat st;
	char *back;

	assert_int_equal(write_file_atomic(path, "one", 3, inputs, 1), B2D_OK);
	assert_int_equal(write_file_atomic(path, "second", 6, inputs, 1), B2D_OK);
	back = read_file(path, NULL);
	assert_string_equal(back, "second");
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0644);
	assert_int_equal(entries(dir), 1);	/* no .out.dts.XXXXXX left */
	free(back);
	unlink(path);
	free(path);
}

static void test_refuse_input(void **state)
{
	char *board = xasprintf("%s/board.c", dir);
	char *other = xasprintf("%s/./board.c", dir);
	char *link = xasprintf("%s/link.c", dir);
	const char *inputs[] = { "unrelated.c", board };
	char *back;

	assert_int_equal(write_file_atomic(board, "int x;", 6, NULL, 0), B2D_OK);
	assert_int_equal(symlink(board, link), 0);
	diag_reset_counts();
	assert_int_equal(write_file_atomic(board, "dts", 3, inputs, 2), B2D_ERR_USAGE);
	assert_non_null(strstr(diag_last(), "board.c"));
	assert_int_equal(write_file_atomic(other, "dts", 3, inputs, 2), B2D_ERR_USAGE);
	assert_int_equal(write_file_atomic(link, "dts", 3, inputs, 2), B2D_ERR_USAGE);
	back = read_file(board, NULL);
	assert_string_equal(back, "int x;");
	assert_int_equal(entries(dir), 2);
	free(back);
	unlink(link);
	unlink(board);
	free(board);
	free(other);
	free(link);
}

static void test_unwritable(void **state)
{
	char *missing = xasprintf("%s/no/such/dir/out.dts", dir);
	char *ro = xasprintf("%s/ro", dir);
	char *in_ro = xasprintf("%s/out.dts", ro);
	char *isdir = xasprintf("%s/adir", dir);

	diag_reset_counts();
	assert_int_equal(write_file_atomic(missing, "x", 1, NULL, 0), B2D_ERR_IO);
	assert_non_null(strstr(diag_last(), missing));
	assert_non_null(strstr(diag_last(), "No such file or directory"));
	assert_int_equal(diag_error_count(), 1);

	/* rename() onto a directory fails after the temp file exists. */
	assert_int_equal(mkdir(isdir, 0755), 0);
	assert_int_equal(write_file_atomic(isdir, "x", 1, NULL, 0), B2D_ERR_IO);
	assert_int_equal(entries(dir), 1);	/* only adir: the temp file is gone */
	assert_int_equal(entries(isdir), 0);
	rmdir(isdir);

	/* A file where a directory should be stops root too (ENOTDIR). */
	{
		char *file = xasprintf("%s/afile", dir);
		char *under = xasprintf("%s/out.dts", file);

		assert_int_equal(write_file_atomic(file, "f", 1, NULL, 0), B2D_OK);
		assert_int_equal(write_file_atomic(under, "x", 1, NULL, 0), B2D_ERR_IO);
		assert_non_null(strstr(diag_last(), "Not a directory"));
		assert_int_equal(entries(dir), 1);
		unlink(file);
		free(file);
		free(under);
	}

	/* Permissions do not stop root; the test means something only as a user. */
	assert_int_equal(mkdir(ro, 0555), 0);
	if (geteuid() != 0) {
		assert_int_equal(write_file_atomic(in_ro, "x", 1, NULL, 0), B2D_ERR_IO);
		assert_int_equal(access(in_ro, F_OK), -1);
	}
	assert_int_equal(entries(ro), 0);
	rmdir(ro);
	free(missing);
	free(ro);
	free(in_ro);
	free(isdir);
}

static void test_stdout(void **state)
{
	assert_int_equal(write_file_atomic("-", "", 0, NULL, 0), B2D_OK);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_write_and_replace),
		cmocka_unit_test(test_refuse_input),
		cmocka_unit_test(test_unwritable),
		cmocka_unit_test(test_stdout),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
