/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Documented limits (docs/hardening.md). An input that goes past one is
 * refused with a one-line `file:line: error: ...` and exit status 1, instead
 * of exhausting the stack, memory or disk. Real board files stay far below
 * every one of them (deepest initializer in the 6.1 corpus: 6 levels).
 */
#ifndef B2D_LIMITS_H
#define B2D_LIMITS_H

/* Brace nesting of one initializer ({ { { ... } } }). */
#define B2D_MAX_INIT_DEPTH	64
/* Nesting of statements and expressions in a function body or initializer
 * value ((((1))), a + a + ... chains): the extractor walks them recursively. */
#define B2D_MAX_EXPR_DEPTH	512
/* Values (initializer elements, call arguments, ...) recorded for one file. */
#define B2D_MAX_VALUES		2000000
/* Bytes of one output file (.dts, .dtb, report). */
#define B2D_MAX_OUTPUT_BYTES	(256u << 20)
/* The token-level macro expander (extractor/tokeval.c: values clang dropped,
 * the expansion chains of extract --json): nesting, output tokens, and work
 * (tokens scanned over the whole expansion; F(x) = G(x,x) nested 31 deep
 * stays one token but costs 2^31 without it). Past one: no value (a TODO
 * when the value was needed), never a hang. */
#define B2D_MAX_MACRO_DEPTH	64
#define B2D_MAX_MACRO_TOKENS	4096
#define B2D_MAX_MACRO_STEPS	(1L << 22)
/* Tokens one macro use in the board file may expand to, computed from the
 * file's #defines before clang parses it (cli/prescan.c): clang itself has
 * no such cap and would take the machine's memory. */
#define B2D_MAX_MACRO_EXPANSION	(1L << 20)
/* Nesting of the JSON writer (extract --json, reports): more than the
 * deepest value tree the limits above let through needs (two JSON levels
 * per value: the object and its kids array). */
#define B2D_MAX_JSON_DEPTH	(2 * B2D_MAX_EXPR_DEPTH + 64)

#endif
