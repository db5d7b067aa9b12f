/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-file time and memory limits (--timeout, --max-memory): what libclang
 * reads (an #include of a FIFO or of a /dev/zero-like node, a macro that
 * expands to billions of tokens) cannot be bounded from the outside, so the
 * process bounds itself: setrlimit(RLIMIT_AS) and alarm(). Past a limit the
 * run ends with one line, `board2dts: error: FILE: timed out after N s` or
 * `board2dts: error: FILE: out of memory (limit N)`, and the configured exit
 * status, before any output is committed (docs/hardening.md).
 */
#ifndef B2D_RUNLIMIT_H
#define B2D_RUNLIMIT_H

#include <stdbool.h>
#include <stddef.h>

#define RL_DEFAULT_TIMEOUT	300		/* seconds */
#define RL_DEFAULT_MEMORY	(4ull << 30)	/* bytes of address space */
/* Exit statuses of a batch worker that hit a limit (cli/cmd_batch.c). */
#define RL_EXIT_TIMEOUT		124
#define RL_EXIT_OOM		125

/* "300" (seconds; 0: none). false: not a number. */
bool rl_parse_seconds(const char *s, unsigned *out);
/* "4G", "512M", "64k", "1000000" (bytes; K/M/G/T are powers of 1024; 0: none). */
bool rl_parse_size(const char *s, unsigned long long *out);
/* "4G" / "512M" / "1000000": the shortest exact spelling. */
void rl_format_size(unsigned long long n, char *buf, size_t len);

/*
 * Cap the address space at `bytes` (0: no cap); past it, allocation failures
 * end the run with `status`. Not so under AddressSanitizer (its shadow
 * memory needs terabytes of address space): there a thread ends the run when
 * the resident size passes the cap. Returns 0 or an errno.
 */
int rl_set_memory(unsigned long long bytes, int status);
/* Start the clock for `file` (secs 0: none): past it, exit with `status`. */
void rl_start(const char *file, unsigned secs, int status);
/* Stop the clock (before outputs are committed). */
void rl_stop(void);

/*
 * After libclang crashed: was it the memory cap? (a cap is set, and the held
 * stderr says "out of memory" or the peak came within 90% of the cap)
 */
bool rl_hit_memory_limit(void);
/* The out-of-memory line and exit: with a cap, the cap's status and size. */
void rl_die_oom(void) __attribute__((noreturn));

/*
 * libclang prints its crash reports (LLVM ERROR, "crash detected during
 * parsing: {...}") on stderr: hold stderr in a temporary file around a parse,
 * then replay it (keep) or drop it. The limit messages go to the real stderr.
 */
void rl_stderr_hold(void);
void rl_stderr_release(bool keep);

#endif
