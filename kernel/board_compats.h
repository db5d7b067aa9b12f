/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The boards the target tree describes: each .dts file's root compatible
 * (its first string, the board's "vendor,board") and its model. Scanned
 * with the compatible map (kernel/compat_map.c, `board` lines) and cached
 * in its file; the engine gives a converted board the compatible of the
 * target's .dts of the same board (engine/engine_root.c).
 */
#ifndef B2D_BOARD_COMPATS_H
#define B2D_BOARD_COMPATS_H

#include <stdbool.h>
#include <stddef.h>

struct strbuf;

/* Append `board\tMODEL\tCOMPAT\tFILE` lines for KDIR/arch/arm/boot/dts to out. */
void board_compats_scan(const char *kdir, struct strbuf *out);

/* The root node's first compatible string and model of one .dts text (malloc'd; NULL: none). */
void board_compats_of_text(const char *text, char **compat, char **model);

/*
 * Does the target's board compatible name the machine MACHINE_START(id,
 * name) describes? Its part after the vendor, or vendor and part together,
 * is the id once case, '_' and '-' are set aside ("linksys,nslu2": NSLU2;
 * "iom,nas-100d": NAS100D; "gateway,7001": GATEWAY7001), or the id's
 * words end with the part's words (DAVINCI_DA850_EVM: "ti,da850-evm").
 */
bool board_compat_names(const char *compat, const char *id);

/*
 * The same, for a part that starts with the SoC's name (soc: the .dtsi's
 * stem): "buglabs,imx31-bug" names BUG on imx31.dtsi.
 */
bool board_compat_names_on(const char *compat, const char *id, const char *soc);

/*
 * Does the target .dts's model state the MACHINE_START's description? Equal
 * once case and everything but letters and digits are set aside, the model's
 * trailing "(...)" too: "Buffalo Linkstation Mini" and "Buffalo Linkstation
 * Mini (LS-WSGL)", "LaCie d2 Network" and "LaCie d2 Network".
 */
bool board_model_names(const char *model, const char *description);

/*
 * Does the target .dts's file name, once the SoC's name (soc: its .dtsi's
 * stem) and ".dts" are set aside, name the machine id: kirkwood-ib62x0.dts
 * and ib62x0_init()'s IB62X0 (a 3.x Kirkwood board file without
 * MACHINE_START that completes that very .dts)?
 */
bool board_file_names(const char *rel, const char *id, const char *soc);

/*
 * Every string of the root node's compatible, in order (out: malloc'd
 * strings in a malloc'd array): of one .dts text, or of KDIR/REL.
 */
size_t board_compats_all_of_text(const char *text, char ***out);
size_t board_dts_compatibles(const char *kdir, const char *rel, char ***out);

/*
 * Does the .dts(i) at KDIR/REL include a .dtsi named base
 * (basename), itself or through the files it includes (three levels)? The
 * check that a board the target describes runs on the SoC of the
 * conversion: the Arcom VIPER is a PXA255, kirkwood-linksys-viper.dts a
 * Kirkwood router.
 */
bool board_dts_includes(const char *kdir, const char *rel, const char *base);

#endif
