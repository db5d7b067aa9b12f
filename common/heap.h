/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The heap of a conversion on transparent huge pages (docs/performance.md,
 * "Page faults"): one libclang parse allocates ~50 MB of AST, which at 4 KB
 * a page is ~12,000 page faults, a third of a tolerant-mode conversion's
 * CPU on a virtual machine. heap_tune() makes every thread allocate from
 * one heap (libclang parses on a thread of its own, whose arena would not
 * be covered), reserves its first HEAP_RESERVE_MB up front and asks the
 * kernel for huge pages there (madvise MADV_HUGEPAGE; nothing when THP is
 * off). Only how memory is obtained changes, never what is computed.
 * B2D_NO_HUGEPAGES=1 turns it off.
 */
#ifndef B2D_HEAP_H
#define B2D_HEAP_H

#include <stdbool.h>
#include <stddef.h>

#define HEAP_RESERVE_MB 128

/*
 * Call first thing in main(), before threads exist. Returns true when the
 * reserved range was advised (*start, *len: that range, either may be NULL).
 */
bool heap_tune(void **start, size_t *len);

#endif
