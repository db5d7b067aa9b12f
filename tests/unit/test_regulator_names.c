// SPDX-License-Identifier: GPL-2.0
/*
 * kernel/regulator_names.c: a PMIC regulator's DT node name from the
 * regulator driver of the target tree, by the id a board names it with: the
 * two forms of regulator_desc tables (made-up texts), and the real 6.1
 * drivers of the MAX8998 (MAX8998_LINEAR_REG(LDO2, ...)), MAX8997
 * (MAX8997_VOLTAGE_REGULATOR), MAX8660 (written out) and MC13783/MC13892
 * (MC13783_DEFINE_REGU(VMMC1, vmmc1, ...), MC13783_GPO_DEFINE(REG, GPO1, gpo1,
 * ...), named by the argument after the id's tail).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "kernel/regulator_names.h"
#include "test_kernel.h"

static const char direct_text[] =
	"static const struct regulator_desc fx_reg[] = {\n"
	"\t{\n\t\t.name = \"DCDC1\",\n\t\t.id = FX_DCDC1,\n\t\t.ops = &ops,\n\t},\n"
	"\t{ .id = FX_LDO10, .ops = &ops, .name = \"LDO10\" },\n"
	"};\n";

static const char macro_text[] =
	"#define FX_REG(_name, _ops) {\t\\\n"
	"\t.name\t= #_name,\t\\\n"
	"\t.id\t= FX_ ## _name,\t\\\n"
	"\t.ops\t= _ops,\t\\\n"
	"}\n"
	"static struct regulator_desc regs[] = {\n"
	"\tFX_REG(LDO1, &ldo_ops),\n"
	"\tFX_REG(BUCK2, &buck_ops),\n"
	"};\n";

/* The mc13xxx form: the node name is a separate, lower-case argument. */
static const char pair_text[] =
	"#define FX_DEFINE(prefix, _name, _node) [prefix ## _name] = { .desc = {\t\\\n"
	"\t.name = #_node, .id = prefix ## _name, } }\n"
	"#define FX_DEFINE_REGU(_name, _node) FX_DEFINE(FX_REG_, _name, _node)\n"
	"static struct fx_regulator regs[] = {\n"
	"\tFX_DEFINE_REGU(VMMC1, vmmc1),\n"
	"\tFX_DEFINE_REGU( SW1A ,sw1a),\n"
	"\tFX_DEFINE_REGU(GPO1, GPO1),\n"
	"\tFX_DEFINE(FX_REG_, GPO2, gpo2),\n"
	"};\n";

static void expect(const char *text, const char *id, const char *want)
{
	char *got = regulator_name_in(text, id);

	if (want) {
		assert_non_null(got);
		assert_string_equal(got, want);
	} else {
		assert_null(got);
	}
	free(got);
}

static void test_forms(void **state)
{
	(void)state;
	expect(direct_text, "FX_DCDC1", "DCDC1");
	expect(direct_text, "FX_LDO10", "LDO10");
	expect(direct_text, "FX_LDO1", NULL);	/* a prefix of FX_LDO10 */
	expect(macro_text, "FX_LDO1", "LDO1");
	expect(macro_text, "FX_BUCK2", "BUCK2");
	expect(macro_text, "FX_BUCK3", NULL);	/* not a use of the macro */
	expect(macro_text, "OTHER_LDO1", NULL);	/* another prefix */
	expect(NULL, "FX_LDO1", NULL);
	expect(pair_text, "FX_REG_VMMC1", "vmmc1");
	expect(pair_text, "FX_REG_SW1A", "sw1a");
	expect(pair_text, "FX_REG_GPO1", NULL);	/* no lower-case partner */
	expect(pair_text, "FX_REG_GPO2", "gpo2");	/* a later argument: MC13783_GPO_DEFINE */
	expect(pair_text, "FX_REG_VCAM", NULL);	/* not in the table */
	expect(macro_text, "FX_REG_VMMC1", NULL);	/* no such pair there */
}

static void test_real_drivers(void **state)
{
	const char *k = test_kernel_dir("drivers/regulator/max8998.c");
	struct { const char *id, *name, *file; } cases[] = {
		{ "MAX8998_LDO2", "LDO2", "drivers/regulator/max8998.c" },
		{ "MAX8998_BUCK4", "BUCK4", "drivers/regulator/max8998.c" },
		{ "MAX8997_LDO21", "LDO21", "drivers/regulator/max8997-regulator.c" },
		{ "MAX8660_V6", "V6(LDO)", "drivers/regulator/max8660.c" },
		{ "MC13783_REG_VMMC1", "vmmc1", "drivers/regulator/mc13783-regulator.c" },
		{ "MC13783_REG_SW1A", "sw1a", "drivers/regulator/mc13783-regulator.c" },
		{ "MC13783_REG_GPO1", "gpo1", "drivers/regulator/mc13783-regulator.c" },
		{ "MC13892_VCAM", "vcam", "drivers/regulator/mc13892-regulator.c" },
	};

	(void)state;
	if (!k)
		skip();
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *file, *name = regulator_node_name(k, cases[i].id, &file);

		assert_non_null(name);
		assert_string_equal(name, cases[i].name);
		assert_string_equal(file, cases[i].file);
		free(name);
		free(file);
	}
	{
		char *file, *name = regulator_node_name(k, "NOSUCHPMIC_LDO1", &file);

		assert_null(name);
		assert_null(file);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_forms),
		cmocka_unit_test(test_real_drivers),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
