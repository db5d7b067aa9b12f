/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The rule engine: board model + rule packs -> node graph, one machine at a time.
 */
#ifndef B2D_ENGINE_H
#define B2D_ENGINE_H

#include <stddef.h>

#include "../graph/graph.h"
#include "../extractor/model.h"
#include "rules.h"

struct soc_dtsi;

/* --assume NAME=VALUE: fixes a variable or a no-argument call used in guards. */
struct assumption {
	const char *name;	/* "rev" or "omap3_beagle_get_rev()" */
	const char *value;	/* a number or a name whose value the board model knows */
};

struct compat_map;
struct pin_functions;
struct mux_cfg_table;
struct omap_pads;
struct mfp_addr_table;
struct imx_pinfunc;

struct engine_options {
	const char *soc;		/* --soc; NULL: inferred */
	bool soc_given;			/* soc is the user's --soc, not the pack the pipeline picked */
	bool soc_picked;		/* soc is the pipeline's pick: NULL means no pack takes the board */
	const struct rnode *soc_pack;	/* the pick itself when it is in no ruleset (a pack made
					 * from the target tree, pipeline/generic_pack.c) */
	const struct assumption *assume;
	size_t nassume;
	const struct soc_dtsi *dtsi;	/* the SoC .dtsi when the kernel tree is known, or NULL */
	bool target_tree;		/* a kernel tree was given: dtsi NULL means it has none */
	const char *kernel_dir;		/* that tree (--kernel), or NULL */
	const struct compat_map *compat; /* device names -> compatibles of the kernel's drivers, or NULL */
	const struct pin_functions *pins; /* the SoC's pin functions (the pack's pinctrl:), or NULL */
	const struct mux_cfg_table *mux;  /* the SoC's MUX_CFG table (pinctrl: mux_table:), or NULL */
	const struct mfp_addr_table *mfp_addr; /* PXA MFPR offsets of a SoC file (pinctrl: mfpr: addr_map:), or NULL */
	const struct omap_pads *omap_pads; /* OMAP pad names of the target's .dts (pinctrl: pads:), or NULL */
	const struct imx_pinfunc *imx_pads; /* i.MX pad macros of the target's pinfunc.h (pinctrl: pinfunc:), or NULL */
	const char *no_pack_hint;	/* no pack: the target's .dtsi files the board names, or NULL */
};

/* The SoC pack for this board: opt->soc, else inferred from path and calls. NULL if none. */
const struct rnode *engine_pick_soc(const struct board *b, const struct ruleset *rs,
				    const char *soc);

/* Another pack that machine m's name names when soc does not (a file of several SoCs' boards). */
struct machine;
const struct rnode *engine_machine_other_soc(const struct ruleset *rs, const struct rnode *soc,
					     const struct machine *m);

/*
 * The SoC-like words a board names (lower case, once each) for a board no
 * pack takes: its mach-* directory, and the words with letters and digits
 * of its machine record's helpers and of its callees (s5pv210_init_io ->
 * "s5pv210"). from[] holds the name each word came from (both malloc'd).
 */
struct ptrvec;
void engine_soc_words(const struct board *b, struct ptrvec *words, struct ptrvec *from);
/* Is w a SoC-like word (letters and digits, 4 or more: s5pc100, omap3430)? */
bool engine_soc_like(const char *w);

/*
 * Why engine_pick_soc() chose soc for b, appended to sb for -v: "given with
 * --soc", "the path contains 'mach-omap2/'", "the board calls omap3_init_early()".
 */
struct strbuf;
void engine_soc_why(const struct board *b, const struct ruleset *rs,
		    const struct rnode *soc, bool forced,
		    struct strbuf *sb);

/* Does path contain one of the pack's `match: paths:` strings? */
bool engine_soc_path_matches(const struct rnode *soc, const char *path);
/* Does the board call (or its machine record name) one of these functions? */
bool engine_board_calls_any(const struct board *b, const struct rnode *calls);
/* Whether a call rule of the SoC pack or a binding pack (or an ignore_calls: entry) knows name. */
bool engine_knows_call(const struct ruleset *rs, const struct rnode *soc, const char *name);
/* ... or does every machine record of the file name one (a .dtsi serves the whole file)? */
bool engine_every_machine_calls(const struct board *b, const struct rnode *calls);
/* Does the board spell an identifier of `names` (OMAP_PACKAGE_CBP) in an initializer, a call's
 * argument or a store? */
bool engine_board_spells_any(const struct board *b, const struct rnode *names);
/* ... or does machine m's record name one? */
bool engine_machine_calls_any(const struct board *b, const struct machine *m,
			      const struct rnode *calls);

/* Mark callback parameters with their meaning (sym_meaning) from the `callbacks:` rules. */
void engine_bind_callbacks(struct board *b, const struct ruleset *rs);

/* Convert one machine. Returns B2D_OK and a new tree in *out. */
int engine_convert(const struct board *b, const struct ruleset *rs, const struct machine *m,
		   const struct engine_options *opt, struct dt_tree **out);

/*
 * The names of the engine's converters (`as:`) and registration kinds
 * (`register:`), in table order: up to max of them into names; the return
 * value is how many there are. The fixture tests check each has a fixture.
 */
size_t engine_converter_names(const char **names, size_t max);
size_t engine_register_kind_names(const char **names, size_t max);

#endif
