/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The MFP address map of a PXA3xx/PXA93x SoC file of the board's own kernel
 * (mach-pxa/pxa930.c):
 *
 *	static struct mfp_addr_map pxa930_mfp_addr_map[] __initdata = {
 *		MFP_ADDR(GPIO0, 0x02e0),
 *		MFP_ADDR_X(GPIO0, GPIO9, 0x00b4),
 *		MFP_ADDR(DF_IO0, 0x023c),
 *
 * gives each pin its MFPR offset, the cell a pinctrl-single group of the
 * pin controller needs. A pin's name is its MFP_PIN_ enumerator in the
 * kernel's mfp.h (MFP_PIN_GPIO0 = 0, MFP_PIN_GPIO0_2 = 256, MFP_PIN_DF_IO0
 * ...), read from that header's enum, so the numbers a board's MFP words
 * hold are found by value. A second table of the same file (pxa935's) may
 * override some pins: it is kept apart, the caller decides which applies.
 */
#ifndef B2D_MFP_ADDR_H
#define B2D_MFP_ADDR_H

#include <stdbool.h>
#include <stddef.h>

struct mfp_addr_table;

/*
 * Parse table `table` (and `alt`, which may be NULL or absent) of the SoC
 * file's text, naming pins through the MFP_PIN_ enum of mfp_h. NULL when the
 * file has no such table, or the header no such enum.
 */
struct mfp_addr_table *mfp_addr_parse(const char *soc_text, const char *table,
				      const char *alt, const char *mfp_h, const char *file);
/*
 * Load ROOT/soc_rel and the first of ROOT/mfp_h[i] that exists; NULL when
 * either is missing or does not parse.
 */
struct mfp_addr_table *mfp_addr_load(const char *root, const char *soc_rel, const char *table,
				     const char *alt, const char *const *mfp_h, size_t nh);
void mfp_addr_free(struct mfp_addr_table *t);
/* The pin's MFPR offset in the main table; alt: in the alt table. False: not there. */
bool mfp_addr_find(const struct mfp_addr_table *t, unsigned pin, bool alt, unsigned *off);
/* The pin's name ("GPIO23", "DF_IO0"), or NULL. */
const char *mfp_addr_pin_name(const struct mfp_addr_table *t, unsigned pin);
const char *mfp_addr_file(const struct mfp_addr_table *t);
const char *mfp_addr_table_name(const struct mfp_addr_table *t, bool alt);

#endif
