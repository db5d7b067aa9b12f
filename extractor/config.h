/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CONFIG_ symbols in tolerant mode (extractor/config.c, config_skip.c).
 *
 * Without a compilation database no kernel .config defines CONFIG_ symbols,
 * so `#ifdef CONFIG_LEDS_GPIO` would be false and its devices lost. Either
 * `--config FILE` (a .config or defconfig) defines them, or the CONFIG_
 * symbols the board file itself tests (#if, #ifdef, #ifndef, #elif,
 * IS_ENABLED() and kin) are assumed enabled (-DCONFIG_X=1), unless the SoC
 * pack's defines or a -D/-U after `--` name them. Every region of the board
 * file the preprocessor skipped then becomes a TODO naming why.
 */
#ifndef B2D_EX_CONFIG_H
#define B2D_EX_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

struct extract_options;

struct ex_config {
	const char *file;	/* --config FILE, or NULL */
	char **defines;		/* "CONFIG_X=VALUE", for -D */
	size_t ndefines;
	char **assumed;		/* names assumed enabled (no --config) */
	size_t nassumed;
	char **machines;	/* opt->machine_only: CONFIG_MACH_<ID> of every
				 * MACHINE_START(ID) of the file (machine_split.c) */
	size_t nmachines;
	char *own_machine;	/* opt->machine_only: "centro" of MACHINE_START(CENTRO),
				 * lower case, as machine_is_centro() spells it */
};

/*
 * Read a .config/defconfig: `CONFIG_X=y|m|VALUE` lines define CONFIG_X
 * (=m also CONFIG_X_MODULE), `# CONFIG_X is not set` and comments define
 * nothing. B2D_OK, or a negative b2d_err after one `file:line:col: error:`.
 * cfg may be NULL (only check the file).
 */
int config_load(const char *path, struct ex_config *cfg);

/*
 * What the parse of `path` defines: opt->config_file's symbols, or the
 * CONFIG_ symbols its text tests (from opt->unsaved or disk), minus those
 * the pack's defines or clang arguments set. Tolerant mode only (with a
 * build directory cfg stays empty). B2D_OK or a negative b2d_err.
 */
int config_prepare(const char *path, const struct extract_options *opt, struct ex_config *cfg);
void config_free(struct ex_config *cfg);

/*
 * Tolerant mode without --config: the ids of the file's MACHINE_START
 * records (as written, in order) when it has two or more and some #if group
 * that tests one's CONFIG_MACH_<ID> has an #else/#elif arm or a negation
 * (`#if defined(CONFIG_MACH_AT91SAM9261EK)` ... `#else` ...): assuming all
 * of them enabled at once would give every machine the first arm, so each
 * machine is parsed with its own (extractor/machine_split.c). NULL: one
 * parse serves them all. Free each and the vector.
 */
char **config_machine_split(const char *path, const struct extract_options *opt, size_t *n);

/* The CONFIG_ symbols `text` tests, each once, in order of appearance (malloc'd). */
char **config_scan_symbols(const char *text, size_t len, size_t *n);

/* A copy of text with comments and literal contents blanked, newlines kept (malloc'd). */
char *config_blank(const char *text, size_t len);

/*
 * After the parse (tolerant mode): record cfg's file and assumed symbols on
 * the board, and a lost fact of kind "skipped" for every region of the main
 * file the preprocessor skipped that is not empty.
 */
struct ex;
void config_note(struct ex *x, const struct ex_config *cfg);

/* The CONFIG_ identifiers of one condition, each once (malloc'd). */
char **config_cond_symbols(const char *cond, size_t *n);

/* One conditional directive of the board file (#if ... #endif), for the skipped-region TODOs. */
struct pp_dir {
	unsigned line;		/* 1-based, where the directive starts */
	unsigned open_line;	/* the line of its group's #if/#ifdef/#ifndef */
	char kw[8];		/* "if", "ifdef", "ifndef", "elif", "else", "endif" */
	char *cond;		/* its condition, comments dropped ("" for else/endif) */
};

/* The conditional directives of `text` in order (malloc'd; free with config_dirs_free). */
struct pp_dir *config_directives(const char *text, size_t len, size_t *n);
void config_dirs_free(struct pp_dir *d, size_t n);

#endif
