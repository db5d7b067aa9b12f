/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Extractor entry point: one C file in, one board model out.
 */
#ifndef B2D_EXTRACT_H
#define B2D_EXTRACT_H

#include <stddef.h>

#include "model.h"

/* An in-memory file for libclang (tests parse C without touching disk). */
struct unsaved_source {
	const char *path;
	const char *contents;
	unsigned long length;
};

/* Bump when blank_bodies() changes what it writes: the cache directory is bodies-N. */
#define B2D_BODIES_CACHE_VERSION 1
/* The same for parse_cache.c's entries (parse-N; a rebuilt binary ignores old ones anyway). */
#define B2D_PARSE_CACHE_VERSION 1

struct extract_options {
	const char *build_dir;		/* -p DIR with compile_commands.json; NULL: tolerant mode */
	const char *kernel_dir;		/* --kernel KDIR: include dirs for tolerant mode */
	const char *model_dir;		/* bundled model headers (tolerant mode) */
	const char **defines;		/* extra -D NAME=VALUE (from the SoC rule pack), tolerant mode */
	size_t ndefines;
	const char **headers;		/* tolerant mode: the SoC pack's `headers:`, target
					 * headers (KDIR/include/NAME) read before the file */
	size_t nheaders;
	const char *config_file;	/* --config FILE (tolerant mode): its CONFIG_ symbols;
					 * NULL: those the file tests are assumed enabled */
	const char **config_defines;	/* set by extract_board (extractor/config.h) */
	size_t nconfig_defines;
	const char **clang_args;	/* arguments after `--`, passed to clang last */
	size_t nclang_args;
	const struct unsaved_source *unsaved;
	size_t nunsaved;
	void *index;			/* a CXIndex to reuse across files; NULL: make one */
	const char *bodies_cache;	/* headers without function bodies (skip_bodies.c);
					 * NULL: headers parsed whole */
	const char *parse_cache;	/* tolerant mode's synthesized headers
					 * (parse_cache.c); NULL: parse twice */
	const char *mach_links;		/* tolerant mode: where a lone file's <mach/NAME>
					 * link to the target's mach-X/ is kept (args.c);
					 * NULL: <mach/...> headers stay unknown */
	const char *pack_mach;		/* tolerant mode: the SoC pack's arch/arm/mach-X
					 * ("mach-davinci", from its match: paths:): a
					 * lone file's <mach/NAME> are read there when its
					 * own headers choose no directory (args.c) */
	const char *machine_only;	/* tolerant mode: the MACHINE_START id whose
					 * CONFIG_MACH_<ID> is defined, the file's other
					 * machines' not (machine_split.c); NULL: all
					 * assumed as the file tests them */
};

/*
 * Parse `path` and build its board model. Returns B2D_OK and sets *out, or a
 * negative b2d_err after printing a one-line diagnostic (file:line: error: ...).
 * In tolerant mode a file whose machines' code differs under #if CONFIG_MACH_
 * arms is parsed once per machine (machine_split.c): each machine's `board`
 * is then its own parse, and the board lists every machine.
 */
int extract_board(const char *path, const struct extract_options *opt, struct board **out);

/* -p mode: does opt->build_dir's compile_commands.json list `path`? (no diagnostic) */
bool extract_in_build(const char *path, const struct extract_options *opt);

/*
 * Tolerant mode's parse cache (extractor/parse_cache.c): a note kept with
 * the cached first parse of `path` with these options, e.g. the SoC pack
 * the board's calls picked. extract_cache_note returns it (malloc'd) only
 * while that entry holds (nothing the parse read has changed), else NULL;
 * extract_cache_set_note does nothing when there is no entry.
 */
char *extract_cache_note(const char *path, const struct extract_options *opt, const char *what);
void extract_cache_set_note(const char *path, const struct extract_options *opt,
			    const char *what, const char *note);
/*
 * Between extract_cache_session(true) and (false), the parse cache checks
 * an entry's dependencies once (the note's check and the parse of one file
 * read the same entry, milliseconds apart); outside, at every read.
 * pipeline_load_board() opens one around the parses of each file.
 */
void extract_cache_session(bool on);

/* Write the board model as JSON (the `extract --json` output). */
struct strbuf;
void board_dump_json(const struct board *b, struct strbuf *out);

#endif
