/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The DT node name of a PMIC regulator, learned from the target tree's
 * regulator driver. A 2.6.x-4.x board names its regulators by id
 * (`{ MAX8998_LDO2, &ldo2_data }` in max8998_platform_data.regulators); the
 * driver's DT path matches the children of its `regulators` node by the
 * .name of the regulator_desc whose .id that is (max8998.c:
 * MAX8998_LINEAR_REG(LDO2, ...) gives .name = "LDO2", .id = MAX8998_LDO2).
 * Read from drivers/regulator/<prefix>*.c, the prefix the id's first word
 * in lower case ("max8998"): a regulator_desc initializer that writes both
 * (`.name = "V3", .id = MAX8660_V3`), or a macro whose body has
 * `.name = #p` and `.id = PREFIX##p` and its uses `MACRO(LDO2, ...)`.
 */
#ifndef B2D_REGULATOR_NAMES_H
#define B2D_REGULATOR_NAMES_H

/*
 * The name for id (an enumerator's spelling, "MAX8998_LDO2") in the tree
 * kdir, malloc'd, and the driver it came from in *file (malloc'd, relative
 * to kdir); NULL when no driver names it.
 */
char *regulator_node_name(const char *kdir, const char *id, char **file);

/* The same over one driver's text (tests). */
char *regulator_name_in(const char *text, const char *id);

/*
 * An id given by value only (a board macro's `.id = TPS6586X_ID_##_id`):
 * the enumerator of value v among those starting with prefix
 * ("TPS6586X_ID_") in the target's include/linux/mfd/<p>.h or
 * include/linux/regulator/<p>.h, p the prefix's first word in lower case;
 * malloc'd, NULL when none.
 */
char *regulator_enum_name(const char *kdir, const char *prefix, long long v);

/* The same over one header's text (tests). */
char *regulator_enum_in(const char *text, const char *prefix, long long v);

#endif
