/* SPDX-License-Identifier: GPL-2.0 */
/* Private to kernel/soc_dtsi*.c: compiling and caching a SoC .dtsi. */
#ifndef B2D_SOC_DTSI_INT_H
#define B2D_SOC_DTSI_INT_H

#include <stddef.h>

/* Each name of a space-separated list made absolute (under KDIR/arch/arm/boot/dts). */
char *soc_dtsi_absolute_paths(const char *kernel_dir, const char *dtsi);
/* The text of the space-separated files of paths, one after the other; NULL: one unreadable. */
char *soc_dtsi_read_texts(const char *paths);
/* The compiled blob of dtsi_path (one path or several, space-separated): B2D_OK or an error. */
int soc_dtsi_obtain_blob(const char *kdir, const char *dtsi_path, const char *cache_dir,
			 void **blob, size_t *len);

#endif
