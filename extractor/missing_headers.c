// SPDX-License-Identifier: GPL-2.0
/*
 * Tolerant mode: the board's own headers (`#include "board-harmony.h"`,
 * quotes) that clang found nowhere. Their macros are unknowns; the engine
 * says why in one TODO, -v on stderr (pipeline/load.c).
 */
#include "ex_internal.h"

#include <string.h>

#include "../common/util.h"

/* `#include "x.h"` (quotes) that found no file: kept, with its place (tolerant mode). */
void ex_note_missing_header(struct ex *x, CXCursor c)
{
	CXToken *toks = NULL;
	unsigned n = 0;
	bool quoted = false;
	CXString s;
	struct clang_error *e;

	if (!x->b->tolerant || clang_getIncludedFile(c))
		return;
	clang_tokenize(x->tu, clang_getCursorExtent(c), &toks, &n);
	for (unsigned i = 0; i < n && !quoted; i++) {
		CXString t = clang_getTokenSpelling(x->tu, toks[i]);

		quoted = clang_getCString(t) && clang_getCString(t)[0] == '"';
		clang_disposeString(t);
	}
	clang_disposeTokens(x->tu, toks, n);
	if (!quoted)
		return;
	s = clang_getCursorSpelling(c);
	e = arena_alloc(x->a, sizeof(*e));
	memset(e, 0, sizeof(*e));
	e->pos = ex_pos(x, c);
	e->message = arena_strdup(x->a, clang_getCString(s));
	clang_disposeString(s);
	arena_push(x->a, (void ***)&x->b->missing_headers, &x->b->nmissing_headers, e);
}

