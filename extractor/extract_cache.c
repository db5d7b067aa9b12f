// SPDX-License-Identifier: GPL-2.0
/*
 * The parse cache around one extraction (extract_board): the stored board
 * read instead of a parse, and the entry written after one (the entry's
 * format and checks: parse_cache.c; the board's bytes: board_store.c).
 */
#include "ex_internal.h"
#include "board_store.h"

#include <stdlib.h>
#include <string.h>

/*
 * The entry's board, when the entry has one (nothing is parsed then;
 * B2D_NO_BOARD_CACHE=1: parsed all the same, to measure the parse).
 */
struct board *ex_cached_board(const char *path, const struct extract_options *opt,
				  struct ex_cache *c, struct ex_overlays *ov)
{
	struct board *b = NULL;

	c->key = pc_key(path, opt);
	diag_time("parse cache key");
	c->hit = c->key && pc_load(c->key, &c->hdr, ov, &c->board);
	if (c->hit && c->board.bytes && !getenv("B2D_NO_BOARD_CACHE") &&
	    (b = board_load(c->board.bytes, c->board.len)))
		pc_stats.boards++;
	diag_time("parse cache load");
	return b;
}

/*
 * Write the entry of a first parse that ran here: the synthesized header,
 * the overlays and, when the extraction succeeded, the board; its
 * dependencies those of both parses. (The first parse's result alone
 * stayed the entry's when the board could not be made.)
 */
void ex_cache_store(const struct ex *x, const char *path, const struct extract_options *opt,
			struct ex_cache *c, const struct ex_overlays *ov, const struct board *b)
{
	char *more = NULL, *deps;
	struct strbuf sb;

	if (!c->key || !c->deps)
		return;
	if (x->b->reparsed) {
		char *sp = ex_synth_path(opt);

		more = pc_deps(x->tu, path, opt, sp);
		free(sp);
		if (!more)
			return;
	}
	deps = more ? pc_deps_merge(c->deps, more) : xstrdup(c->deps);
	sb_init(&sb);
	if (b)
		board_store(b, &sb);
	pc_store(c->key, deps, c->hdr, ov, b ? sb.buf : NULL, sb.len);
	sb_free(&sb);
	free(deps);
	free(more);
}

void ex_cache_free(struct ex_cache *c)
{
	free(c->key);
	free(c->deps);
	free(c->hdr);
	free(c->board.bytes);
}

