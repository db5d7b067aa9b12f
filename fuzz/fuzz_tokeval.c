// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the extractor in tolerant mode on an in-memory board
 * file, which is where the token-level macro evaluator and initializer
 * recovery (extractor/tokeval.c) run: clang reports errors (unknown types,
 * unknown macros), the extractor expands the file's #defines itself and
 * re-reads initializers from the tokens. Slow (one libclang parse per input,
 * two when tolerant mode re-parses) but it reaches tokeval with real
 * CXTranslationUnits. The board model is then dumped as JSON.
 */
#include <clang-c/Index.h>
#include <stdint.h>
#include <stdlib.h>

#include "common/diag.h"
#include "common/util.h"
#include "extractor/extract.h"
#include "common/paths.h"

static CXIndex idx;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct unsaved_source src = { "/fuzz/board-fuzz.c", (const char *)data, size };
	struct extract_options opt = { .model_dir = B2D_MODEL_DIR, .unsaved = &src,
				       .nunsaved = 1 };
	struct board *b = NULL;

	if (size > 16384)
		return 0;
	if (!idx)
		idx = clang_createIndex(0, 0);
	opt.index = idx;
	diag_set_quiet(true);
	if (extract_board(src.path, &opt, &b) == B2D_OK && b) {
		struct strbuf sb;

		sb_init(&sb);
		board_dump_json(b, &sb);
		sb_free(&sb);
		board_free(b);
	}
	return 0;
}
