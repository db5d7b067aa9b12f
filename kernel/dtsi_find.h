/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where a SoC .dtsi lives in a kernel tree of any layout: flat
 * arch/arm/boot/dts/ (before 6.5) or vendor subdirectories
 * (arch/arm/boot/dts/ti/omap/, .../samsung/, ... since 6.5).
 */
#ifndef B2D_DTSI_FIND_H
#define B2D_DTSI_FIND_H

#include <stddef.h>

/*
 * The first of names[0..n) found under KDIR/arch/arm/boot/dts, as a path
 * relative to that directory ("s3c6410.dtsi" or "samsung/s3c6410.dtsi"),
 * malloc'd; NULL when none is there. Each name in turn (the first found
 * wins) is looked up directly, then in the subdirectories (three levels deep
 * at most, in name order, so the answer is the same on every machine). A name with a '/' is taken as a
 * relative path and only looked up directly. A name may be a stack of files
 * a board includes in order, separated by spaces ("kirkwood.dtsi
 * kirkwood-6281.dtsi"): found when every one is, each looked up as above.
 */
char *dtsi_find(const char *kernel_dir, const char *const *names, size_t n);

/*
 * The .dtsi files under KDIR/arch/arm/boot/dts (same walk) whose name is
 * one of the SoC names words[0..n) ("s5pv210" -> s5pv210.dtsi), that name
 * after an "i" ("mx25" -> imx25.dtsi) or after a vendor prefix ("ixp4xx"
 * -> intel-ixp4xx.dtsi). Pushed onto out as "relative/path.dtsi" (malloc'd),
 * with the index of the word that named each in which[] (parallel, may be
 * NULL), sorted, at most max of them.
 */
struct ptrvec;
void dtsi_named_by(const char *kernel_dir, const char *const *words, size_t n,
		   struct ptrvec *out, size_t *which, size_t max);

#endif
