// SPDX-License-Identifier: GPL-2.0
/*
 * The one-file pipeline of the core library (pipeline/pipeline.h,
 * pipeline/convert_core.h) on samples/mach-s3c64xx-devboard.c in tolerant
 * mode, without a kernel tree and without the command line: the SoC pack
 * chosen by path, or (a copy under a name no pack matches) by the board's
 * calls followed by a re-parse with the pack's defines; the .dts text and
 * the report in memory.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "common/diag.h"
#include "common/util.h"
#include "engine/engine.h"
#include "pipeline/convert_core.h"
#include "pipeline/pipeline.h"

#define SAMPLE TEST_SOURCE_DIR "/samples/mach-s3c64xx-devboard.c"
#define RULES TEST_SOURCE_DIR "/rules"

static void expect_contains(const char *text, const char *needle)
{
	if (!strstr(text, needle))
		fail_msg("expected \"%s\" in:\n%s", needle, text);
}

/* Load `input` and convert all its machines; the first machine's .dts text (malloc'd). */
static char *run_pipeline(const char *input, char **report, const char **soc)
{
	struct pipeline_options po = { .input = input, .rules_dir = RULES };
	struct engine_options eo = { 0 };
	struct pipeline_session s;
	struct conv_run run;
	char *dts;

	assert_int_equal(pipeline_load(&po, &s), PL_OK);
	assert_non_null(s.board);
	assert_int_equal(s.board->nmachines, 1);
	assert_string_equal(s.board->machines[0]->id, "KS6410");
	*soc = pipeline_soc_name(s.soc);
	assert_non_null(*soc);
	*soc = xstrdup(*soc);
	eo.soc = *soc;
	assert_int_equal(conv_machines(&s, s.board->machines, s.board->nmachines, &eo, false,
				       input, &run), B2D_OK);
	assert_int_equal(run.n, 1);
	assert_null(run.failed);
	dts = sb_detach(&run.v[0].dts);
	*report = sb_detach(&run.report);
	conv_run_free(&run);
	pipeline_session_free(&s);
	return dts;
}

/* What only a parse with the s3c64xx pack's defines and its rules produce. */
static void expect_ks6410(const char *dts, const char *report, const char *soc)
{
	assert_string_equal(soc, "s3c64xx");
	expect_contains(dts, "model = \"Kestrel KS6410 development board\";");
	expect_contains(dts, "#include \"s3c6410.dtsi\"");
	expect_contains(dts, "compatible = \"davicom,dm9000\";");
	/* S3C_EINT(7): the pack's defines, 7 on the gpn controller. */
	expect_contains(dts, "interrupts = <7 IRQ_TYPE_LEVEL_HIGH>;");
	expect_contains(dts, "gpios = <&gpk 12 GPIO_ACTIVE_LOW>;");
	expect_contains(report, "\"soc\": \"s3c64xx\"");
	expect_contains(report, "\"machine\": \"KS6410\"");
}

static void test_sample_by_path(void **state)
{
	const char *soc;
	char *report, *dts = run_pipeline(SAMPLE, &report, &soc);

	(void)state;
	expect_ks6410(dts, report, soc);
	expect_contains(report, "\"source\": \"" SAMPLE "\"");
	free(dts);
	free(report);
	free((char *)soc);
}

/* text with every "board.c:" (a TODO's position) named as the sample's (malloc'd). */
static char *as_sample(const char *text)
{
	struct strbuf sb;
	const char *p;

	sb_init(&sb);
	while ((p = strstr(text, "board.c:"))) {
		sb_addf(&sb, "%.*smach-s3c64xx-devboard.c:", (int)(p - text), text);
		text = p + strlen("board.c:");
	}
	sb_add(&sb, text);
	return sb_detach(&sb);
}

/*
 * A copy named board.c in a fresh directory: no pack's path matches, the
 * first parse has no defines, the calls name s3c64xx, and the file is parsed
 * again with its defines: the same .dts as the original's.
 */
static void test_sample_by_calls(void **state)
{
	char *dir = temp_path("b2d-pipeline-XXXXXX"), *copy, *text, *dts, *report, *dts0, *report0;
	const char *soc, *soc0;
	size_t len;
	FILE *f;

	(void)state;
	assert_non_null(mkdtemp(dir));
	copy = xasprintf("%s/board.c", dir);
	text = read_file(SAMPLE, &len);
	assert_non_null(text);
	f = fopen(copy, "w");
	assert_non_null(f);
	assert_int_equal(fwrite(text, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
	dts = run_pipeline(copy, &report, &soc);
	dts0 = run_pipeline(SAMPLE, &report0, &soc0);
	expect_ks6410(dts, report, soc);
	/* The header and the TODOs name the input file; the rest is identical. */
	free(text);
	text = as_sample(strstr(dts, "/dts-v1/;"));
	assert_string_equal(text, strstr(dts0, "/dts-v1/;"));
	unlink(copy);
	rmdir(dir);
	free(text);
	free(copy);
	free(dir);
	free(dts);
	free(report);
	free((char *)soc);
	free(dts0);
	free(report0);
	free((char *)soc0);
}

/* --soc is a hint (soc_hint.c): a name no pack covers leaves the pick to the board file. */
static void test_unknown_soc(void **state)
{
	struct pipeline_options po = { .input = SAMPLE, .rules_dir = RULES, .soc = "nosuchsoc" };
	struct pipeline_session s;

	(void)state;
	assert_int_equal(pipeline_load(&po, &s), PL_OK);
	assert_non_null(s.board);
	assert_null(s.soc_given);
	assert_null(s.soc_fallback);
	assert_string_equal(pipeline_soc_name(s.soc), "s3c64xx");
	pipeline_session_free(&s);

	/* a name one pack covers: that pack, behind the board's own pick */
	po.soc = "s3c6410";
	assert_int_equal(pipeline_load(&po, &s), PL_OK);
	assert_null(s.soc_given);
	assert_string_equal(s.soc_fallback, "s3c64xx");
	assert_string_equal(pipeline_soc_name(s.soc), "s3c64xx");
	pipeline_session_free(&s);
}

static void test_soc_defines(void **state)
{
	struct ruleset *rs = NULL;
	const char **defs;
	size_t n = 0;
	bool found = false;

	(void)state;
	assert_int_equal(rules_load_dir(RULES, &rs), B2D_OK);
	defs = pipeline_soc_defines(rules_soc(rs, "s3c64xx"), &n);
	assert_true(n > 0);
	for (size_t i = 0; i < n; i++)
		found |= !strcmp(defs[i], "S3C_IRQ_OFFSET=32");
	assert_true(found);
	pipeline_defines_free(defs, n);
	/* define_series: AT91_PIN_PC9 = PIN_BASE 32 + 2 banks of 32 + 9; PE only on 9263. */
	defs = pipeline_soc_defines(rules_soc(rs, "at91sam9260"), &n);
	found = false;
	for (size_t i = 0; i < n; i++) {
		found |= !strcmp(defs[i], "AT91_PIN_PC9=105");
		assert_null(strstr(defs[i], "AT91_PIN_PE"));
	}
	assert_true(found);
	pipeline_defines_free(defs, n);
	defs = pipeline_soc_defines(rules_soc(rs, "at91sam9263"), &n);
	found = false;
	for (size_t i = 0; i < n; i++)
		found |= !strcmp(defs[i], "AT91_PIN_PE18=178");
	assert_true(found);
	pipeline_defines_free(defs, n);
	assert_null(pipeline_soc_defines(NULL, &n));
	assert_int_equal(n, 0);
	ruleset_free(rs);
}

/* dtsi_variants: the board names its SoC by file name, machine id or machine name, or a call. */
static void test_dtsi_variant(void **state)
{
	struct ruleset *rs = NULL;
	const struct rnode *soc;
	struct machine m = { .id = "AT91SAM9260EK", .name = "Atmel AT91SAM9260-EK" };
	struct machine *ms[] = { &m };
	struct board b = { .path = "x/board-sam9260ek.c", .machines = ms, .nmachines = 1 };

	(void)state;
	assert_int_equal(rules_load_dir(RULES, &rs), B2D_OK);
	soc = rules_soc(rs, "at91sam9260");
	assert_null(conv_dtsi_variant(soc, &b));
	assert_null(conv_dtsi_variant(soc, NULL));
	b.path = "x/board-SAM9G20ek.c";
	assert_string_equal(conv_dtsi_variant(soc, &b), "at91sam9g20.dtsi");
	b.path = "x/board-gw.c";
	m.id = "AT91SAM9G20EK";
	assert_string_equal(conv_dtsi_variant(soc, &b), "at91sam9g20.dtsi");
	m.id = "GW";
	m.name = "Example AT91SAM9G20 gateway";
	assert_string_equal(conv_dtsi_variant(soc, &b), "at91sam9g20.dtsi");
	assert_null(conv_dtsi_variant(rules_soc(rs, "at91sam9263"), &b));	/* no variants */
	/* or by a call it makes or its record names: .init_early = omap4430_init_early */
	{
		struct value fn = { .kind = VAL_FUNC, .field = "init_early", .text = "omap4430_init_early" };
		struct value *kids[] = { &fn };
		struct value rec = { .kind = VAL_LIST, .kids = kids, .nkids = 1 };
		struct machine m4 = { .id = "OMAP_4430SDP", .name = "OMAP4430 4430SDP board" };
		struct machine *ms4[] = { &m4 };
		struct board b4 = { .path = "x/board-4430sdp.c", .machines = ms4, .nmachines = 1 };

		assert_null(conv_dtsi_variant(rules_soc(rs, "omap4"), &b4));
		m4.record = &rec;
		assert_string_equal(conv_dtsi_variant(rules_soc(rs, "omap4"), &b4), "omap443x.dtsi");
		fn.text = "omap4460_init_early";
		assert_null(conv_dtsi_variant(rules_soc(rs, "omap4"), &b4));
	}
	ruleset_free(rs);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sample_by_path),
		cmocka_unit_test(test_sample_by_calls),
		cmocka_unit_test(test_unknown_soc),
		cmocka_unit_test(test_soc_defines),
		cmocka_unit_test(test_dtsi_variant),
	};

	diag_set_quiet(true);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
