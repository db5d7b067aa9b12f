// SPDX-License-Identifier: GPL-2.0
/*
 * A board split over files: the functions a board calls but does not
 * define, read from the files beside it named after it (siblings.c).
 */
#ifndef B2D_PIPELINE_SIBLINGS_H
#define B2D_PIPELINE_SIBLINGS_H

#include <stdbool.h>

struct board;
struct extract_options;

/*
 * Add to b the functions and variables of the files beside b->path whose
 * name extends its own (board-zoom.c: board-zoom-peripherals.c) and that
 * define a function b calls but lacks, parsed with eo (the board file's
 * own options). Each file read is noted (-v: verbose); one that does not
 * parse is left out, with a note. Returns how many files joined.
 */
unsigned pipeline_merge_siblings(struct board *b, const struct extract_options *eo, bool verbose);

/* Is name (a file's base name) one of the board's (stem "board-zoom": "board-zoom-x.c")? */
bool pipeline_sibling_name(const char *stem, const char *name);

#endif
