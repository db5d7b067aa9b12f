/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The conversion shared by `convert` (cli/cmd_convert.c) and the `batch` worker
 * (batch_worker.c): the selected machines of a loaded session through
 * engine -> normalise -> .dts text, in memory, with the file's JSON report;
 * and the output names both commands give those machines.
 */
#ifndef B2D_CONVERT_CORE_H
#define B2D_CONVERT_CORE_H

#include <stdbool.h>
#include <stddef.h>

#include "common/util.h"

struct pipeline_session;
struct dt_tree;
struct engine_options;
struct board;
struct machine;
struct soc_dtsi;

/* One converted machine. */
struct conv_machine {
	const struct machine *m;
	struct dt_tree *t;		/* normalised graph (for --dtb, --against, counts) */
	struct strbuf dts;		/* the .dts text; take it with sb_detach() */
	struct soc_dtsi *dtsi;		/* this machine's own .dtsi variant (owned), or NULL:
					 * the file's (conv_machine_dtsi) */
};

struct conv_run {
	struct conv_machine *v;		/* the machines converted, in order */
	size_t n;
	struct strbuf report;		/* {"version", "source", "tool", "soc", "clang_errors",
					 * "machines": [...]},
					 * "\n"-terminated (docs/report.md) */
	const struct machine *failed;	/* the machine whose conversion failed (v stops before it) */
	int err;			/* B2D_OK, or failed's error */
	char *message;			/* failed: "machine ID: conversion failed: why" */
};

/*
 * Convert sel[0..nsel) of s with engine options eo, stopping at the first
 * machine that fails. source is the report's "source". Nothing is written.
 * Returns r->err. Free r with conv_run_free().
 */
int conv_machines(const struct pipeline_session *s, struct machine *const *sel, size_t nsel,
		  const struct engine_options *eo, bool annotate, const char *source,
		  struct conv_run *r);
void conv_run_free(struct conv_run *r);

/* "samples/board-foo.c" -> "board-foo" (malloc'd). */
char *conv_input_base(const char *input);

/*
 * An output's name: <base>.<ext> when the input file has one machine,
 * <base>.<ID>.<ext> when it has several; under dir (joined with '/' unless it
 * ends in one) when dir is not NULL. malloc'd.
 */
char *conv_output_name(const char *dir, const char *base, const char *id, bool several,
		       const char *ext);

/* $XDG_CACHE_HOME/board2dts (else ~/.cache/board2dts), created; NULL: no cache. */
char *conv_cache_dir(void);

/*
 * Find (kernel/dtsi_find.h) and compile (or take from the cache) the .dtsi of
 * the SoC pack in kernel_dir. *out NULL and B2D_OK when the pack names no
 * .dtsi and the tree has none for the SoC; an error when the .dtsi the pack
 * names is nowhere in the tree or does not compile.
 */
struct compat_map;
struct rnode;
/* The .dtsi of the pack's `dtsi_variants:` entry the board names (file name, machine ids), or NULL. */
const char *conv_dtsi_variant(const struct rnode *soc, const struct board *b);
/* The SoC .dtsi: the board's dtsi variant first, then the pack's `dtsi:` candidates. */
int conv_dtsi_load(const char *kernel_dir, const struct rnode *soc, const struct board *b,
		   struct soc_dtsi **out);
/*
 * For a board no pack takes: "the target tree has s5pv210.dtsi (named by
 * s5pv210_init_io): ..." (malloc'd), or NULL when it names none or no tree.
 */
char *conv_no_pack_hint(const char *kernel_dir, const struct board *b);
/* The kernel tree's device-name -> compatible map (scanned on first use), or NULL. */
struct compat_map *conv_compat_open(const char *kernel_dir);
struct pin_functions *conv_pins_open(const char *kernel_dir, const struct rnode *soc);
struct mux_cfg_table *conv_mux_open(const char *kernel_dir, const char *board,
				    const struct rnode *soc);
/* The PXA MFP address map of the board's own kernel (pinctrl: mfpr: addr_map:), or NULL. */
struct mfp_addr_table *conv_mfp_addr_open(const char *kernel_dir, const char *board,
					  const struct rnode *soc);
struct omap_pads *conv_omap_pads_open(const char *kernel_dir, const struct rnode *soc);
/* The i.MX pad macros of the target's pinfunc header (pinctrl: pinfunc:), or NULL. */
struct imx_pinfunc *conv_imx_pads_open(const char *kernel_dir, const struct rnode *soc);

/*
 * The base blob a machine's .dtb is merged into. Normally the SoC .dtsi's;
 * when the output also includes .dtsi files after the board nodes
 * (twl4030.dtsi needs the &twl node first), the labels they define only exist
 * in the compiled .dts itself, so that is compiled (kernel cpp + dtc, in a
 * temporary file) and used as the base. NULL: none. Caller frees *owned.
 */
const void *conv_dtb_base(const char *kernel_dir, const struct dt_tree *t,
			  const struct strbuf *dts, const struct soc_dtsi *dtsi, void **owned);

/*
 * With a kernel tree, a machine's .dts must compile (kernel cpp + dtc) before
 * it is written, as batch checks its outputs: PL_FAIL after one diagnostic
 * with dtc's first message when it does not. Without one (kernel_dir NULL)
 * there is no .dtsi to compile against: PL_OK.
 */
int conv_dtc_check(const char *kernel_dir, const struct machine *m, const struct strbuf *dts);

#endif
