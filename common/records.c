// SPDX-License-Identifier: GPL-2.0
/* The record format of the cache files (common/records.h). */
#include "records.h"

#include <stdio.h>
#include <string.h>

bool record_next(const char **pp, const char *end, struct record *r)
{
	const char *p = *pp, *nl = memchr(p, '\n', (size_t)(end - p)), *sp, *last;

	if (!nl || !(sp = memchr(p, ' ', (size_t)(nl - p))) || sp - p >= (long)sizeof(r->tag))
		return false;
	last = sp;
	for (const char *q = sp; q < nl; q++)
		last = *q == ' ' ? q : last;
	if (last - sp >= (long)sizeof(r->nums) || sscanf(last + 1, "%zu", &r->n) != 1 ||
	    (size_t)(end - nl) < r->n + 2 || nl[1 + r->n] != '\n')
		return false;
	snprintf(r->tag, sizeof(r->tag), "%.*s", (int)(sp - p), p);
	snprintf(r->nums, sizeof(r->nums), "%.*s", (int)(last - sp), sp);
	r->blob = nl + 1;
	*pp = nl + 2 + r->n;
	return true;
}
