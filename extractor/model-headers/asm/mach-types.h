/* SPDX-License-Identifier: GPL-2.0 */
/*
 * board2dts model: shadows the generated <asm/mach-types.h>, absent from a
 * source tree that was never configured. machine_is_*() calls then become
 * implicit declarations, which clang only warns about.
 */
