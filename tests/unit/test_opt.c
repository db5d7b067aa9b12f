// SPDX-License-Identifier: GPL-2.0
/*
 * The shared option parser (cli/opt.c): every command gets the same
 * behaviour for `--opt=value`, repeated options, lists, `--`, unknown
 * options (with the nearest suggestion) and missing values.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "cli/opt.h"

struct t_opts {
	const char *kernel, *out;
	struct opt_list inc;
	bool force, annotate;
};

#define T(f) offsetof(struct t_opts, f)
static const struct opt_spec spec[] = {
	{ "kernel", 0, OPT_VALUE, T(kernel) },
	{ "output", 'o', OPT_VALUE, T(out) },
	{ "include", 'I', OPT_LIST, T(inc) },
	{ "force", 0, OPT_FLAG, T(force) },
	{ "no-annotate", 0, OPT_CLEAR, T(annotate) },
};

static char stderr_buf[4096];

/* Parse the words of `line` (space-separated) with stderr captured. */
static int parse(const char *line, struct t_opts *o, struct opt_args *a)
{
	static char copy[512];
	static char *argv[32];
	int argc = 0, saved = dup(2), rc;
	FILE *f = tmpfile();

	snprintf(copy, sizeof(copy), "%s", line);
	for (char *w = strtok(copy, " "); w; w = strtok(NULL, " "))
		argv[argc++] = w;
	memset(o, 0, sizeof(*o));
	o->annotate = true;
	fflush(stderr);
	dup2(fileno(f), 2);
	rc = opt_parse("test", spec, sizeof(spec) / sizeof(*spec), argc, argv, o, a);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(f);
	stderr_buf[fread(stderr_buf, 1, sizeof(stderr_buf) - 1, f)] = '\0';
	fclose(f);
	return rc;
}

static void forms_of_values(void **state)
{
	struct t_opts o;
	struct opt_args a;

	assert_int_equal(parse("--kernel=/k a.c -oout.dts -I x -Iy --include=z", &o, &a), 0);
	assert_string_equal(o.kernel, "/k");
	assert_string_equal(o.out, "out.dts");
	assert_int_equal(o.inc.n, 3);
	assert_string_equal(o.inc.v[2], "z");
	assert_int_equal(a.operands.n, 1);
	assert_string_equal(a.operands.v[0], "a.c");
	opt_list_free(&o.inc);
	opt_args_free(&a);
}

static void rest_after_double_dash(void **state)
{
	struct t_opts o;
	struct opt_args a;

	assert_int_equal(parse("a.c --force -- -DX --kernel b.c", &o, &a), 0);
	assert_true(o.force);
	assert_null(o.kernel);	/* after `--`: not ours */
	assert_int_equal(a.nrest, 3);
	assert_string_equal(a.rest[1], "--kernel");
	assert_int_equal(a.operands.n, 1);
	opt_args_free(&a);
}

static void repeated_value_is_an_error(void **state)
{
	struct t_opts o;
	struct opt_args a;

	assert_int_equal(parse("--kernel a --kernel=b x.c", &o, &a), 2);
	assert_non_null(strstr(stderr_buf, "option '--kernel' given twice"));
	opt_args_free(&a);
	/* flags may repeat */
	assert_int_equal(parse("--force --force x.c", &o, &a), 0);
	opt_args_free(&a);
}

static void typo_suggests_nearest(void **state)
{
	struct t_opts o;
	struct opt_args a;

	assert_int_equal(parse("--kernal /k x.c", &o, &a), 2);
	assert_non_null(strstr(stderr_buf, "unknown option '--kernal' (did you mean '--kernel'?)"));
	assert_int_equal(parse("--zzzzzzzz x.c", &o, &a), 2);
	assert_non_null(strstr(stderr_buf, "unknown option '--zzzzzzzz' (see 'board2dts help test')"));
	assert_int_equal(parse("-q x.c", &o, &a), 2);
	assert_non_null(strstr(stderr_buf, "unknown option '-q'"));
	opt_args_free(&a);
}

static void missing_and_empty_values(void **state)
{
	struct t_opts o;
	struct opt_args a;

	assert_int_equal(parse("x.c --kernel", &o, &a), 2);
	assert_non_null(strstr(stderr_buf, "option '--kernel' needs a value"));
	assert_int_equal(parse("x.c -o", &o, &a), 2);
	assert_non_null(strstr(stderr_buf, "option '-o' needs a value"));
	assert_int_equal(parse("x.c --kernel=", &o, &a), 2);
	assert_non_null(strstr(stderr_buf, "needs a non-empty value"));
	assert_int_equal(parse("x.c --no-annotate=yes", &o, &a), 2);
	assert_non_null(strstr(stderr_buf, "takes no value"));
	opt_args_free(&a);
}

static void flags_and_help(void **state)
{
	struct t_opts o;
	struct opt_args a;

	assert_int_equal(parse("--no-annotate x.c -h", &o, &a), 0);
	assert_false(o.annotate);
	assert_true(a.help);
	opt_args_free(&a);
	assert_int_equal(parse("--help", &o, &a), 0);
	assert_true(a.help);
	opt_args_free(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(forms_of_values),
		cmocka_unit_test(rest_after_double_dash),
		cmocka_unit_test(repeated_value_is_an_error),
		cmocka_unit_test(typo_suggests_nearest),
		cmocka_unit_test(missing_and_empty_values),
		cmocka_unit_test(flags_and_help),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
