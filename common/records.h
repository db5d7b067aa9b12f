/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The record format of board2dts's cache files (extractor/parse_cache.c,
 * pipeline/dtc_cache.c): each record is a line `TAG NUMS... N` and then N
 * bytes and a newline. Reading checks every length, so a truncated or
 * altered file is refused, never read past its end.
 */
#ifndef B2D_RECORDS_H
#define B2D_RECORDS_H

#include <stdbool.h>
#include <stddef.h>

struct record {
	char tag[16];		/* the first word */
	char nums[96];		/* the words between the tag and N (leading space kept) */
	const char *blob;	/* the N bytes after the line */
	size_t n;
};

/* The record at *p (before end): false when it is malformed; else *p moves past it. */
bool record_next(const char **p, const char *end, struct record *r);

#endif
