/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Running the kernel's DTS toolchain: the cpp step (with the kernel's include
 * dirs) then dtc. Shared by the SoC .dtsi loader, `--validate`, `diff` on .dts
 * input, and the tests' compile checks.
 */
#ifndef B2D_KERNEL_DT_H
#define B2D_KERNEL_DT_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Preprocess `dts_path` like the kernel's Makefile does (cpp -nostdinc
 * -I KDIR/include -I KDIR/arch/arm/boot/dts -I KDIR/scripts/dtc/include-prefixes
 * -undef -D__DTS__ -x assembler-with-cpp, plus extra_inc dirs), compile it with
 * dtc (with -@ when symbols), and return the blob (malloc'd) in *blob.
 * kernel_dir may be NULL (only extra_inc dirs are used).
 * On failure returns a negative b2d_err: B2D_ERR_DTC when cpp or dtc rejects
 * the input, B2D_ERR_IO when a file or tool is missing. When errors != NULL,
 * *errors is set in every case to cpp/dtc's stderr (malloc'd, caller frees;
 * dtc warnings on success), or NULL when they printed nothing. Messages name
 * the original file:line (cpp's line markers are kept).
 * The cpp and dtc binaries can be overridden with $B2D_CPP and $B2D_DTC.
 */
int kernel_dts_compile(const char *kernel_dir, const char *const *extra_inc, size_t ninc,
		       const char *dts_path, bool symbols, void **blob, size_t *len,
		       char **errors);

/*
 * The same with extra dtc arguments (e.g. "-f" to write a blob despite
 * errors such as references to labels defined elsewhere).
 */
int kernel_dts_compile_args(const char *kernel_dir, const char *const *extra_inc, size_t ninc,
			    const char *dts_path, bool symbols,
			    const char *const *dtc_args, size_t nargs,
			    void **blob, size_t *len, char **errors);

/*
 * kernel_dts_compile(kernel_dir, NULL, 0, dts_path, false, ...) without the
 * blob, for a pass/fail check; on success *deps (when deps != NULL) lists
 * every file cpp read but dts_path (its line markers), one a line, or is
 * NULL when dtc itself reads files (an /include/ or /incbin/ is left in
 * cpp's output): what a cached check depends on (pipeline/dtc_cache.c).
 */
int kernel_dts_check(const char *kernel_dir, const char *dts_path, char **errors, char **deps);

#endif
