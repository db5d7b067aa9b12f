// SPDX-License-Identifier: GPL-2.0
/*
 * The documented limits (common/limits.h, docs/hardening.md): past each one
 * a one-line file:line error and a failure code, never a crash.
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
#include "common/json.h"
#include "common/limits.h"
#include "common/runlimit.h"
#include "common/strmap.h"
#include "common/util.h"
#include "emitter/emit.h"
#include "extractor/extract.h"

static int extract_text(const char *text, struct board **b)
{
	struct unsaved_source src = { "/limits/board-limits.c", text, strlen(text) };
	struct extract_options opt = { .model_dir = TEST_SOURCE_DIR "/extractor/model-headers", .unsaved = &src,
				       .nunsaved = 1 };

	return extract_board(src.path, &opt, b);
}

static const char mach[] =
	"static void m_init(void)\n{\n%s}\n"
	"MACHINE_START(LIM, \"lim\")\n\t.init_machine = m_init,\nMACHINE_END\n";

static char *nested_init(int depth)
{
	struct strbuf sb;

	sb_init(&sb);
	sb_add(&sb, "#include <asm/mach/arch.h>\nstatic int deep[] = ");
	for (int i = 0; i < depth; i++)
		sb_addc(&sb, '{');
	sb_addc(&sb, '1');
	for (int i = 0; i < depth; i++)
		sb_addc(&sb, '}');
	sb_add(&sb, ";\n");
	sb_addf(&sb, mach, "");
	return sb_detach(&sb);
}

static void init_depth_at_limit_ok(void **state)
{
	char *text = nested_init(B2D_MAX_INIT_DEPTH);
	struct board *b = NULL;

	diag_reset_counts();
	assert_int_equal(extract_text(text, &b), B2D_OK);
	assert_non_null(b);
	/* The deepest tree still makes valid (balanced) JSON. */
	{
		struct strbuf sb;
		int depth = 0, maxd = 0;

		sb_init(&sb);
		board_dump_json(b, &sb);
		for (size_t i = 0; i < sb.len; i++) {
			if (sb.buf[i] == '"') {	/* skip strings */
				for (i++; i < sb.len && sb.buf[i] != '"'; i++)
					if (sb.buf[i] == '\\')
						i++;
				continue;
			}
			if (sb.buf[i] == '{' || sb.buf[i] == '[')
				maxd = ++depth > maxd ? depth : maxd;
			else if (sb.buf[i] == '}' || sb.buf[i] == ']')
				assert_true(--depth >= 0);
		}
		assert_int_equal(depth, 0);
		assert_true(maxd > B2D_MAX_INIT_DEPTH);
		sb_free(&sb);
	}
	board_free(b);
	free(text);
}

static void init_depth_over_limit_fails(void **state)
{
	char *text = nested_init(B2D_MAX_INIT_DEPTH + 1);
	struct board *b = NULL;

	diag_reset_counts();
	assert_int_equal(extract_text(text, &b), B2D_ERR_LIMIT);
	assert_null(b);
	assert_int_equal(diag_error_count(), 1);
	assert_non_null(strstr(diag_last(), "board-limits.c:2:"));
	assert_non_null(strstr(diag_last(), "initializer nested deeper than 64 levels"));
	free(text);
}

static void expr_depth_over_limit_fails(void **state)
{
	struct strbuf body, sb;
	struct board *b = NULL;

	sb_init(&body);
	sb_add(&body, "\tgpio_request(");
	for (int i = 0; i < 2 * B2D_MAX_EXPR_DEPTH; i++)
		sb_add(&body, "1 + ");
	sb_add(&body, "1, \"x\");\n");
	sb_init(&sb);
	sb_add(&sb, "#include <asm/mach/arch.h>\n#include <linux/gpio.h>\n");
	sb_addf(&sb, mach, body.buf);
	diag_reset_counts();
	assert_int_equal(extract_text(sb.buf, &b), B2D_ERR_LIMIT);
	assert_null(b);
	assert_int_equal(diag_error_count(), 1);
	assert_non_null(strstr(diag_last(), "nested deeper than 512 levels"));
	sb_free(&body);
	sb_free(&sb);
}

static void output_size_limit(void **state)
{
	char path[] = TEST_BINARY_DIR "/limits-out.XXXXXX";
	char byte = 'x';

	diag_reset_counts();
	/* The size is checked before the data is touched. */
	assert_int_equal(write_file_atomic(path, &byte, (size_t)B2D_MAX_OUTPUT_BYTES + 1, NULL, 0),
			 B2D_ERR_LIMIT);
	assert_non_null(strstr(diag_last(), "output larger than 256 MiB"));
	assert_int_equal(access(path, F_OK), -1);
	assert_int_equal(write_file_atomic(path, &byte, 1, NULL, 0), B2D_OK);
	unlink(path);
}

/* --max-memory / --timeout values (common/runlimit.c). */
static void limit_values(void **state)
{
	unsigned long long b = 0;
	unsigned s = 0;
	char buf[32];

	(void)state;
	assert_true(rl_parse_size("4G", &b) && b == 4ull << 30);
	assert_true(rl_parse_size("512m", &b) && b == 512ull << 20);
	assert_true(rl_parse_size("64KiB", &b) && b == 64ull << 10);
	assert_true(rl_parse_size("0", &b) && b == 0);
	assert_true(rl_parse_size("1000", &b) && b == 1000);
	assert_false(rl_parse_size("", &b));
	assert_false(rl_parse_size("-1G", &b));
	assert_false(rl_parse_size("12Q", &b));
	assert_false(rl_parse_size("G", &b));
	assert_false(rl_parse_size("99999999999T", &b));	/* overflows */
	rl_format_size(4ull << 30, buf, sizeof(buf));
	assert_string_equal(buf, "4G");
	rl_format_size(1536ull << 20, buf, sizeof(buf));
	assert_string_equal(buf, "1536M");
	rl_format_size(1000, buf, sizeof(buf));
	assert_string_equal(buf, "1000");
	assert_true(rl_parse_seconds("300", &s) && s == 300);
	assert_true(rl_parse_seconds("0", &s) && s == 0);
	assert_false(rl_parse_seconds("3x", &s));
	assert_false(rl_parse_seconds("-3", &s));
}

/* common/strmap.c: counts survive growth; absent keys are absent. */
static void strmap_counts(void **state)
{
	struct strmap m = { 0 };
	char key[32];

	(void)state;
	for (int round = 0; round < 2; round++)
		for (int i = 0; i < 5000; i++) {
			snprintf(key, sizeof(key), "led-%d", i);
			(*strmap_slot(&m, key))++;
		}
	assert_int_equal(m.len, 5000);
	assert_int_equal(*strmap_find(&m, "led-4999"), 2);
	assert_null(strmap_find(&m, "led-5000"));
	strmap_free(&m);
	assert_null(strmap_find(&m, "led-0"));
}

static void json_depth_balanced(void **state)
{
	struct strbuf sb;
	struct json j;
	int depth = 0;

	sb_init(&sb);
	json_init(&j, &sb);
	for (int i = 0; i < B2D_MAX_JSON_DEPTH - 1; i++)
		json_begin_array(&j);
	for (int i = 0; i < B2D_MAX_JSON_DEPTH - 1; i++)
		json_end(&j);
	for (size_t i = 0; i < sb.len; i++)
		depth += sb.buf[i] == '[' ? 1 : sb.buf[i] == ']' ? -1 : 0;
	assert_int_equal(depth, 0);
	sb_free(&sb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(init_depth_at_limit_ok),
		cmocka_unit_test(init_depth_over_limit_fails),
		cmocka_unit_test(expr_depth_over_limit_fails),
		cmocka_unit_test(output_size_limit),
		cmocka_unit_test(json_depth_balanced),
		cmocka_unit_test(limit_values),
		cmocka_unit_test(strmap_counts),
	};

	diag_set_quiet(true);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
