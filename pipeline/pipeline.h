/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The pipeline for one board file, in the core library: load the rule packs,
 * check the input, pick the SoC pack, parse the file with the pack's
 * `defines:` (re-parsing when the board's calls name another pack), and bind
 * callback parameters (load.c); then convert its machines to .dts text and
 * the JSON report in memory (convert_core.h). `convert`, `extract` and the
 * `batch` worker (batch.h) all go through it; cli/ only fills
 * struct pipeline_options from its parsed command line.
 */
#ifndef B2D_PIPELINE_H
#define B2D_PIPELINE_H

#include <stdbool.h>
#include <stddef.h>

/* The tool's version: --version, the batch state's stamp and summary. */
#ifndef B2D_VERSION
#define B2D_VERSION "0.1.0"
#endif

/*
 * Statuses of the pipeline's steps. They are the command line's exit
 * statuses (cli/cli.h: EXIT_OK, EXIT_FAIL, EXIT_USAGE), returned as is.
 */
enum {
	PL_OK = 0,	/* done */
	PL_FAIL = 1,	/* unparsable input, no machine, I/O (one diagnostic printed) */
	PL_USAGE = 2,	/* bad option value or bad rule file (one diagnostic printed) */
};

/* What the pipeline needs to load one file; every pointer may be NULL but input. */
struct pipeline_options {
	const char *input;		/* FILE.c */
	const char *build_dir;		/* compile_commands.json directory; NULL: tolerant */
	const char *kernel_dir;		/* kernel tree (includes, SoC .dtsi, compatibles) */
	const char *soc;		/* the SoC pack to use; NULL: chosen by path, then calls */
	const char *rules_dir;		/* NULL: $BOARD2DTS_RULES, else the built-in */
	const char *config_file;	/* --config: kernel .config (tolerant mode), or NULL */
	const char **clang_args;	/* extra clang arguments */
	size_t nclang_args;
	bool verbose;			/* every clang error in the board file, not the first 3 */
};

/* The loaded inputs of one file. */
struct ruleset;
struct board;
struct rnode;
struct pipeline_session {
	struct ruleset *rules;
	struct board *board;
	const struct rnode *soc;	/* the SoC pack used, or NULL */
	struct ruleset *generic;	/* owns soc when it is a pack made from the target tree */
	const char *soc_given;		/* the pack --soc names (pipeline_soc_hint), or NULL */
	const char *soc_fallback;	/* the pack a --soc hint covers: where the board names none */
};

/*
 * Load the rules (pipeline_rules_dir), check the input, parse the board with
 * the right SoC pack's defines and bind callbacks. Returns PL_OK or the status
 * to exit with (diagnostic already printed). Free s with pipeline_session_free().
 */
int pipeline_load(const struct pipeline_options *o, struct pipeline_session *s);

/*
 * The board half of pipeline_load() with rules already loaded (batch: once,
 * before forking) and an optional CXIndex to reuse (NULL: one per parse).
 * s->rules is set to `rules`: clear it before pipeline_session_free() to keep them.
 */
int pipeline_load_board(const struct pipeline_options *o, struct ruleset *rules, void *index,
			struct pipeline_session *s);
void pipeline_session_free(struct pipeline_session *s);

/*
 * generic_pack.c: for a board no pack takes, a pack of the one SoC .dtsi of
 * the target tree the board's own words name (`generic:` says so), owned by
 * *owned; NULL when the words name none, or several unrelated ones.
 */
const struct rnode *pipeline_generic_pack(const char *kernel_dir, const struct board *b,
					  struct ruleset **owned);

/* The rule directory: rules_dir, else $BOARD2DTS_RULES, else the built-in one. */
const char *pipeline_rules_dir(const char *rules_dir);
/* The tolerant-mode model headers: BOARD2DTS_MODEL, else B2D_MODEL_DIR (common/paths.h). */
const char *pipeline_model_dir(void);
/*
 * The rule pack a --soc hint names: the pack of that name (*exact), the one
 * pack that covers it (`omap3430` -> omap3, `da850` -> davinci-da8xx: a
 * fallback for a board file whose code names no SoC), else NULL, with a note
 * (a family of several packs) or a warning (none).
 */
const char *pipeline_soc_hint(const struct ruleset *rs, const char *hint, bool *exact);

/* The SoC pack's name (`soc:` key), or NULL. */
const char *pipeline_soc_name(const struct rnode *soc);

/*
 * The pack's `defines:` map as "NAME=VALUE" strings, the clang -D arguments
 * of a tolerant-mode parse (malloc'd array of malloc'd strings; NULL when
 * none). Free with pipeline_defines_free().
 */
const char **pipeline_soc_defines(const struct rnode *soc, size_t *n);
void pipeline_defines_free(const char **d, size_t n);

#endif
