// SPDX-License-Identifier: GPL-2.0
/*
 * Optimal string alignment distance: insertions, deletions, substitutions
 * and transpositions of neighbours each cost one ("compatable" is one away
 * from "compatible", "pintctrl-0" one from "pinctrl-0").
 */
#include "review.h"

#include <stdlib.h>
#include <string.h>

static int min3(int a, int b, int c)
{
	int m = a < b ? a : b;

	return m < c ? m : c;
}

int rv_edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), w = lb + 1;
	int *d = xmalloc((la + 1) * w * sizeof(*d)), r;

	for (size_t i = 0; i <= la; i++)
		d[i * w] = (int)i;
	for (size_t j = 0; j <= lb; j++)
		d[j] = (int)j;
	for (size_t i = 1; i <= la; i++) {
		for (size_t j = 1; j <= lb; j++) {
			int cost = a[i - 1] != b[j - 1];

			d[i * w + j] = min3(d[(i - 1) * w + j] + 1, d[i * w + j - 1] + 1,
					    d[(i - 1) * w + j - 1] + cost);
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    d[(i - 2) * w + j - 2] + 1 < d[i * w + j])
				d[i * w + j] = d[(i - 2) * w + j - 2] + 1;
		}
	}
	r = d[la * w + lb];
	free(d);
	return r;
}

const char *rv_nearest(const char *word, const char *const *words, size_t n)
{
	const char *best = NULL;
	int bestd = 3;

	for (size_t i = 0; i < n; i++) {
		int d = rv_edit_distance(word, words[i]);

		if (d < bestd || (d == bestd && best && strlen(words[i]) < strlen(best))) {
			bestd = d;
			best = words[i];
		}
	}
	return best;
}
