// SPDX-License-Identifier: GPL-2.0
/*
 * Linked into every unit test with -Wl,--wrap=_skip,--wrap=_cmocka_run_group_tests
 * (tests/CMakeLists.txt), so that no test source has to do anything.
 *
 * cmocka's skip() prints "[  SKIPPED ]" but the run still exits 0, so ctest
 * would show a test program whose tests all skipped as passed. These
 * wrappers count the skips, and a run with a skip and no failure exits 77:
 * ctest (SKIP_RETURN_CODE 77) shows it as skipped. A run with a failure
 * exits non-zero as before (never 77).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>

#define SKIP_EXIT 77

void __real__skip(const char *const file, const int line);
int __real__cmocka_run_group_tests(const char *group_name, const struct CMUnitTest *const tests,
				   const size_t num_tests, CMFixtureFunction group_setup,
				   CMFixtureFunction group_teardown);
void __wrap__skip(const char *const file, const int line);
int __wrap__cmocka_run_group_tests(const char *group_name, const struct CMUnitTest *const tests,
				   const size_t num_tests, CMFixtureFunction group_setup,
				   CMFixtureFunction group_teardown);

static int skipped;

void __wrap__skip(const char *const file, const int line)
{
	skipped++;
	__real__skip(file, line);	/* does not return: longjmp out of the test */
}

int __wrap__cmocka_run_group_tests(const char *group_name, const struct CMUnitTest *const tests,
				   const size_t num_tests, CMFixtureFunction group_setup,
				   CMFixtureFunction group_teardown)
{
	int failed = __real__cmocka_run_group_tests(group_name, tests, num_tests, group_setup,
						    group_teardown);

	if (failed != 0)
		return failed == SKIP_EXIT ? 1 : failed;
	if (skipped > 0) {
		fprintf(stderr, "%s: %d test(s) skipped: exit status %d (skipped)\n", group_name,
			skipped, SKIP_EXIT);
		return SKIP_EXIT;
	}
	return 0;
}
