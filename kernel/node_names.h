/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The node names the target tree's .dts files give each compatible, for
 * devices whose compatible the engine learned from the drivers: the name
 * most nodes with it have ("atmel,24c512" -> "eeprom"). Scanned with the
 * compatible map (kernel/compat_map.c) and cached in its file.
 */
#ifndef B2D_NODE_NAMES_H
#define B2D_NODE_NAMES_H

struct strbuf;

/* Append `node\tNAME\tCOMPAT\tCOUNT` lines for KDIR/arch/arm/boot/dts to out. */
void node_names_scan(const char *kdir, struct strbuf *out);

#endif
