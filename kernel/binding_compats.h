/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Compatibles the target tree's binding documents give, for I2C and SPI
 * devices whose driver has no of_match_table (wl1251's spi.c: the SPI core
 * matches the compatible's part after the vendor, "wl1251", against the
 * driver's name; the vendor is only in ti,wl1251.txt). Scanned with the
 * compatible map (kernel/compat_map.c) and cached in its file.
 */
#ifndef B2D_BINDING_COMPATS_H
#define B2D_BINDING_COMPATS_H

struct strbuf;

/*
 * Append `binding\tNAME\tVENDOR,NAME\tFILE` lines to out, one per quoted
 * "VENDOR,NAME" on a line that says `compatible` in a document of
 * KDIR/Documentation/devicetree/bindings (FILE relative to KDIR).
 */
void binding_compats_scan(const char *kdir, struct strbuf *out);

#endif
