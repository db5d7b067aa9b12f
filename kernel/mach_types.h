/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The machine names of the target tree's arch/arm/tools/mach-types (the
 * registry machine_is_NAME() is made from: `ts209 MACH_TS209 TS209 1565`).
 * A board file's machine_is_NAME() for a NAME no machine of the file has is
 * another board's when the registry lists NAME; a NAME the target lists
 * nowhere was renamed since (2.6.32 called number 1565 ts_x09), so the
 * engine cannot tell whose it is (engine_guards.c).
 */
#ifndef B2D_MACH_TYPES_H
#define B2D_MACH_TYPES_H

#include <stdbool.h>
#include <stddef.h>

/* kdir's arch/arm/tools/mach-types (malloc'd), or NULL when it has none. */
char *mach_types_read(const char *kdir);

/* Does that text list name[0..n) as a machine? */
bool mach_types_text_lists(const char *text, const char *name, size_t n);

#endif
