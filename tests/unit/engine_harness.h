/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The rule-engine tests' harness (test_engine.c, test_engine_accounts.c):
 * the bundled rule packs, and one machine of an in-memory board file
 * converted through the pipeline to its .dts text. Include after cmocka.h.
 */
#ifndef B2D_TEST_ENGINE_HARNESS_H
#define B2D_TEST_ENGINE_HARNESS_H

#include "common/util.h"
#include "emitter/emit.h"
#include "extractor/extract.h"
#include "engine/engine.h"
#include "pipeline/convert_core.h"
#include "pipeline/pipeline.h"

#define MODEL_DIR TEST_SOURCE_DIR "/extractor/model-headers"

static struct ruleset *rules;

static inline int load_rules(void **state)
{
	return rules_load_dir(TEST_SOURCE_DIR "/rules", &rules) == B2D_OK ? 0 : -1;
}

static inline int free_rules(void **state)
{
	ruleset_free(rules);
	return 0;
}

/*
 * Convert the one machine of `src` through the pipeline's conversion
 * (conv_machines: engine, passes, .dts writer) and return its .dts text (no
 * annotations).
 */
static inline char *convert(const char *soc, const char *src, const struct assumption *as, size_t nas,
		     struct dt_tree **tree_out)
{
	struct unsaved_source u = { "b2d-engine-test.c", src, strlen(src) };
	struct pipeline_session s = { rules, NULL, rules_soc(rules, soc) };
	size_t ndefs;
	const char **defs = pipeline_soc_defines(s.soc, &ndefs);
	struct extract_options o = { .model_dir = MODEL_DIR, .defines = defs, .ndefines = ndefs,
				     .unsaved = &u, .nunsaved = 1 };
	struct engine_options eo = { .soc = soc, .assume = as, .nassume = nas };
	struct conv_run run;
	char *dts;

	assert_int_equal(extract_board(u.path, &o, &s.board), B2D_OK);
	engine_bind_callbacks(s.board, rules);
	assert_int_equal(s.board->nmachines, 1);
	assert_int_equal(conv_machines(&s, s.board->machines, 1, &eo, false, u.path, &run), B2D_OK);
	assert_int_equal(run.n, 1);
	dts = sb_detach(&run.v[0].dts);
	if (tree_out) {
		*tree_out = run.v[0].t;
		run.v[0].t = NULL;
	}
	conv_run_free(&run);
	pipeline_defines_free(defs, ndefs);
	board_free(s.board);
	return dts;
}

static inline void expect_contains(const char *text, const char *needle)
{
	if (!strstr(text, needle))
		fail_msg("expected \"%s\" in:\n%s", needle, text);
}

static inline void expect_absent(const char *text, const char *needle)
{
	if (strstr(text, needle))
		fail_msg("did not expect \"%s\" in:\n%s", needle, text);
}

#endif
