/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The compatibles the target tree's DT machines match: the `.dt_compat`
 * arrays of its arch/arm/mach-X/ files (mach-at91/at91sam9.c:
 * `at91_dt_board_compat[] = { "atmel,at91sam9", NULL }`). The kernel picks
 * the machine_desc whose list names a string of the root compatible; a
 * board whose root names none of them boots as the generic DT machine,
 * without its SoC's setup (at91sam9260.dtsi says only "atmel,at91sam9260").
 */
#ifndef B2D_DT_MACHINES_H
#define B2D_DT_MACHINES_H

#include <stddef.h>

struct dt_machines {
	char **compat;		/* each string of every .dt_compat array */
	char **file;		/* the file that holds it, "arch/arm/mach-at91/at91sam9.c" */
	size_t n;
};

/* The strings of one file's text (path: its name in the tree) added to m. */
void dt_machines_scan_text(struct dt_machines *m, const char *text, const char *path);
/* Every C file of kdir's arch/arm/mach-X/ directories; m empty when there are none. */
void dt_machines_read(const char *kdir, struct dt_machines *m);
void dt_machines_free(struct dt_machines *m);

/* The same as compat map rows, `machine\t-\tCOMPAT\tFILE` lines (kernel/compat_map.c caches them). */
struct strbuf;
void dt_machines_scan(const char *kdir, struct strbuf *out);

#endif
