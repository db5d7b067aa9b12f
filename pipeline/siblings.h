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

/* Whether a rule converts calls of `name` (the SoC pack's, a binding pack's). */
struct sibling_rules {
	bool (*has_rule)(const char *name, void *ctx);
	void *ctx;
};

/*
 * Add to b the functions and variables of the files beside b->path whose
 * name extends its own (board-zoom.c: board-zoom-peripherals.c) and that
 * define a function b calls but lacks, or of a family file beside it that
 * defines such a function no rule knows (lacie_v2-common.c's
 * lacie_v2_register_flash(): siblings.c), parsed with eo (the board file's
 * own options). Each file read is noted (-v: verbose); one that does not
 * parse is left out, with a note. Returns how many files joined.
 */
unsigned pipeline_merge_siblings(struct board *b, const struct extract_options *eo,
				 const struct sibling_rules *sr, bool verbose);

/* Is name (a file's base name) one of the board's (stem "board-zoom": "board-zoom-x.c")? */
bool pipeline_sibling_name(const char *stem, const char *name);

#endif
