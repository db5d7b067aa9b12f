// SPDX-License-Identifier: GPL-2.0
/*
 * kernel/regulator_names.c: a PMIC regulator's DT node name from the
 * regulator driver of the target tree, by the id a board names it with: the
 * two forms of regulator_desc tables (made-up texts), and the real 6.1
 * drivers of the MAX8998 (MAX8998_LINEAR_REG(LDO2, ...)), MAX8997
 * (MAX8997_VOLTAGE_REGULATOR), MAX8660 (written out) and MC13783/MC13892
 * (MC13783_DEFINE_REGU(VMMC1, vmmc1, ...), MC13783_GPO_DEFINE(REG, GPO1, gpo1,
 * ...), named by the argument after the id's tail), TPS6586x (an
 * of_regulator_match's .driver_data), and an id given by value only, its
 * enumerator read from the header (tps6586x.h's TPS6586X_ID_*).
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

/* An of_regulator_match table (tps6586x-regulator.c's form). */
static const char match_text[] =
	"static struct of_regulator_match fx_matches[] = {\n"
	"\t{ .name = \"sys\",     .driver_data = (void *)FX_ID_SYS     },\n"
	"\t{ .name = \"sm0\",     .driver_data = (void *) FX_ID_SM_0    },\n"
	"};\n";

/* A header's enum of ids (include/linux/mfd/tps6586x.h's form). */
static const char enum_text[] =
	"enum {\n\tFX_ID_SYS,\n\tFX_ID_SM_0,\n\tFX_ID_SM_1,\n};\n"
	"enum fx_other { FX_OTHER_A = 4, FX_ID_LDO_9 = 12, FX_ID_LDO_RTC, };\n";

/* got (malloc'd, freed here) is want, or NULL when want is. */
static void is(char *got, const char *want)
{
	if (want) {
		assert_non_null(got);
		assert_string_equal(got, want);
	} else {
		assert_null(got);
	}
	free(got);
}

static void expect_enum(const char *prefix, long long v, const char *want)
{
	is(regulator_enum_in(enum_text, prefix, v), want);
}

static void expect(const char *text, const char *id, const char *want)
{
	is(regulator_name_in(text, id), want);
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
	expect(match_text, "FX_ID_SM_0", "sm0");	/* .driver_data = (void *)ID */
	expect(match_text, "FX_ID_SYS", "sys");
	expect(match_text, "FX_ID_SM", NULL);	/* a prefix of FX_ID_SM_0 */
}

/* An id given by value only: the enumerator of that value. */
static void test_enum(void **state)
{
	(void)state;
	expect_enum("FX_ID_", 0, "FX_ID_SYS");
	expect_enum("FX_ID_", 1, "FX_ID_SM_0");
	expect_enum("FX_ID_", 12, "FX_ID_LDO_9");	/* a written value */
	expect_enum("FX_ID_", 13, "FX_ID_LDO_RTC");	/* counted on from it */
	expect_enum("FX_ID_", 4, NULL);	/* FX_OTHER_A: another prefix */
	expect_enum("FX_ID_", 3, NULL);
	assert_null(regulator_enum_in(NULL, "FX_ID_", 0));
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
		{ "TPS6586X_ID_SM_0", "sm0", "drivers/regulator/tps6586x-regulator.c" },
		{ "TPS6586X_ID_LDO_9", "ldo9", "drivers/regulator/tps6586x-regulator.c" },
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
		char *id = regulator_enum_name(k, "TPS6586X_ID_", 1);	/* tps6586x.h */

		assert_non_null(id);
		assert_string_equal(id, "TPS6586X_ID_SM_0");
		free(id);
		assert_null(regulator_enum_name(k, "NOSUCHPMIC_ID_", 1));
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
		cmocka_unit_test(test_enum),
		cmocka_unit_test(test_real_drivers),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
