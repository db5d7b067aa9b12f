// SPDX-License-Identifier: GPL-2.0
/*
 * kernel/dt_machines.c: the strings of the target's `.dt_compat` arrays. A
 * made-up machine file (two records, one array no record names, a name
 * that is a suffix of another), and the real 6.1 tree when it is there:
 * mach-at91/at91sam9.c matches "atmel,at91sam9" (not "atmel,at91sam9260",
 * which at91sam9260.dtsi says), mach-davinci/da8xx-dt.c "ti,da850".
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/dt_machines.h"
#include "test_kernel.h"

static const char machine_c[] =
	"static const char *const unused_compat[] __initconst = { \"acme,unused\", NULL };\n"
	"static const char *const at91_dt_board_compat[] __initconst = {\n"
	"\t\"atmel,at91sam9\",\n"
	"\tNULL\n"
	"};\n"
	"static const char *const my_at91_dt_board_compat[] = { \"acme,other\", \"acme,two\", NULL };\n"
	"DT_MACHINE_START(at91sam_dt, \"Atmel AT91SAM\")\n"
	"\t.dt_compat\t= at91_dt_board_compat,\n"
	"MACHINE_END\n"
	"DT_MACHINE_START(other, \"Other\")\n"
	"\t.dt_compat = my_at91_dt_board_compat,\n"
	"MACHINE_END\n";

static bool has(const struct dt_machines *m, const char *s, const char *file)
{
	for (size_t i = 0; i < m->n; i++)
		if (!strcmp(m->compat[i], s))
			return !file || !strcmp(m->file[i], file);
	return false;
}

static void test_text(void **state)
{
	struct dt_machines m = { 0 };

	(void)state;
	dt_machines_scan_text(&m, machine_c, "arch/arm/mach-x/x.c");
	assert_int_equal(m.n, 3);
	assert_true(has(&m, "atmel,at91sam9", "arch/arm/mach-x/x.c"));
	assert_true(has(&m, "acme,other", NULL));
	assert_true(has(&m, "acme,two", NULL));
	assert_false(has(&m, "acme,unused", NULL));	/* no record names its array */
	dt_machines_free(&m);
	assert_int_equal(m.n, 0);
}

static void test_tree(void **state)
{
	const char *k = test_kernel_dir("arch/arm/mach-at91/at91sam9.c");
	struct dt_machines m;

	(void)state;
	if (!k)
		skip();
	dt_machines_read(k, &m);
	assert_true(has(&m, "atmel,at91sam9", "arch/arm/mach-at91/at91sam9.c"));
	assert_false(has(&m, "atmel,at91sam9260", NULL));
	assert_true(has(&m, "ti,da850", "arch/arm/mach-davinci/da8xx-dt.c"));
	dt_machines_free(&m);
	dt_machines_read("/nonexistent-b2d-tree", &m);
	assert_int_equal(m.n, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_text),
		cmocka_unit_test(test_tree),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
