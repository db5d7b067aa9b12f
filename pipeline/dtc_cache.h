/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The cpp + dtc check of a generated .dts (conv_dtc_check), cached: a check
 * that passed is not run again while the .dts text, the kernel tree's files
 * cpp read, the tools and the temporary directory are the same
 * ($XDG_CACHE_HOME/board2dts/dtc-check-N/, docs/design.md "The dtc check
 * is cached"). Only passes are kept: a failing check runs every time and
 * prints its error. B2D_NO_DTC_CACHE=1 turns it off.
 */
#ifndef B2D_DTC_CACHE_H
#define B2D_DTC_CACHE_H

#include <stdbool.h>
#include <stddef.h>

#define B2D_DTC_CACHE_VERSION 1

/* The cache directory (malloc'd, created), or NULL: off or not available. */
char *dc_dir(void);

/*
 * What a check of dts (len bytes) against kernel_dir depends on besides the
 * files it reads (malloc'd); NULL when a tool cannot be found.
 */
char *dc_key(const char *kernel_dir, const char *dts, size_t len);

/* Did a check with this key pass, and is every file it read unchanged? */
bool dc_hit(const char *dir, const char *key);

/* Note a passed check: deps as kernel_dts_check() lists them. */
void dc_store(const char *dir, const char *key, const char *kernel_dir, const char *deps);

#endif
