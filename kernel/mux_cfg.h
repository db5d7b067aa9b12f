/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The DaVinci pin-mux table of the board's own kernel (mach-davinci/da850.c):
 *
 *	MUX_CFG(DA850, MMCSD0_DAT_0, 10, 8, 15, 2, false)
 *
 * is the enumerator DA850_MMCSD0_DAT_0 a board's pin list names: mode 2 in
 * the 4-bit field (mask 15) at bit 8 of PINMUX10, which is the register at
 * offset 10 * 4 of the pinctrl-single node (`pinctrl-single,bits = <0x28
 * 0x200 0xf00>`).
 */
#ifndef B2D_MUX_CFG_H
#define B2D_MUX_CFG_H

#include <stdbool.h>
#include <stddef.h>

struct mux_cfg_table;

struct mux_cfg {
	unsigned reg;		/* PINMUX register number */
	unsigned shift;		/* bit offset of the field */
	unsigned mask;		/* field mask before the shift (15) */
	unsigned mode;		/* field value before the shift */
};

/* Parse a file's MUX_CFG entries: NULL when it has none. */
struct mux_cfg_table *mux_cfg_parse(const char *text, const char *file);
/* KDIR/rel; B2D_OK, B2D_ERR_IO (unreadable) or B2D_ERR_PARSE (no MUX_CFG). */
int mux_cfg_load(const char *kdir, const char *rel, struct mux_cfg_table **out);
void mux_cfg_free(struct mux_cfg_table *t);
/* The entry for an enumerator name ("DA850_MMCSD0_DAT_0"). */
bool mux_cfg_find(const struct mux_cfg_table *t, const char *name, struct mux_cfg *out);
const char *mux_cfg_file(const struct mux_cfg_table *t);
/*
 * A pin list the SoC file defines itself (`const short da850_i2c0_pins[] =
 * { DA850_I2C0_SDA, DA850_I2C0_SCL, -1 };`, which boards pass by name): its
 * enumerator names up to the -1, *n of them; NULL when there is none.
 */
const char *const *mux_cfg_list(const struct mux_cfg_table *t, const char *name, size_t *n);

#endif
