// SPDX-License-Identifier: GPL-2.0
/*
 * Tolerant mode's parse cache (extractor/parse_cache.c): the synthesized
 * header of a first parse is stored, read back while nothing that parse
 * read has changed, and refused when a header it read changes, when a new
 * header would shadow one it read, when an #include it missed appears, and
 * when the entry is damaged; the facts are those of the two parses. A note
 * kept with an entry is read only while that entry holds.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "extractor/ex_internal.h"
#include "common/diag.h"
#include "common/util.h"
#include "test_tree.h"

#define MODEL_DIR TEST_SOURCE_DIR "/extractor/model-headers"

static char tmpdir[64];

static struct extract_options options(char **cache, char **board)
{
	*cache = xasprintf("%s/cache/parse", tmpdir);
	*board = xasprintf("%s/arch/arm/mach-x/board.c", tmpdir);
	return (struct extract_options){ .model_dir = MODEL_DIR, .kernel_dir = tmpdir,
					 .parse_cache = *cache };
}

/* The value of the board's `value`, parsed (with the cache). */
static long long parse_value(void)
{
	char *cache, *board;
	struct extract_options o = options(&cache, &board);
	struct board *b = NULL;
	long long v = -1;

	assert_int_equal(extract_board(board, &o, &b), B2D_OK);
	assert_true(b->reparsed);	/* the synthesized header was used */
	for (size_t i = 0; i < b->nvars; i++)
		if (!strcmp(b->vars[i]->name, "value") && b->vars[i]->init->kind == VAL_INT)
			v = b->vars[i]->init->ival;
	board_free(b);
	free(cache);
	free(board);
	return v;
}

/* Would the next parse of the board come from the cache? */
static bool cached(void)
{
	char *cache, *board, *key, *hdr = NULL;
	struct extract_options o = options(&cache, &board);
	struct ex_overlays ov = { 0 };
	bool hit;

	key = pc_key(board, &o);
	assert_non_null(key);
	hit = pc_load(key, &hdr, &ov, NULL);
	if (hit)
		assert_non_null(strstr(hdr, "x_cfg"));	/* the undeclared struct */
	free(hdr);
	ex_overlays_free(&ov);
	free(key);
	free(cache);
	free(board);
	return hit;
}

static void put_header(const char *rel, int val)
{
	char *t = xasprintf("#define VAL %d\n", val);

	test_put_file(tmpdir, rel, t);
	free(t);
}

static void test_hit_and_invalidation(void **state)
{
	char *cmd;

	(void)state;
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/b2d-parsecache-XXXXXX");
	assert_non_null(mkdtemp(tmpdir));
	put_header("arch/arm/include/hdr.h", 7);
	test_put_file(tmpdir, "arch/arm/mach-x/board.c",
		      "#include <hdr.h>\n#include <mach/missing.h>\n"
		      "static struct x_cfg cfg = { .a = VAL };\nint value = VAL * 2;\n");
	assert_false(cached());			/* cold */
	assert_int_equal(parse_value(), 14);
	assert_true(cached());
	assert_int_equal(parse_value(), 14);	/* from the cache */
	put_header("arch/arm/include/hdr.h", 100);	/* changed (another size) */
	assert_false(cached());
	assert_int_equal(parse_value(), 200);
	assert_true(cached());
	put_header("include/hdr.h", 3);	/* an earlier -I directory now has one */
	assert_false(cached());
	assert_int_equal(parse_value(), 6);
	assert_true(cached());
	test_put_file(tmpdir, "arch/arm/mach-x/include/mach/missing.h", "#define VAL2 1\n");
	assert_false(cached());		/* the missing #include appeared */
	assert_int_equal(parse_value(), 6);
	cmd = xasprintf("for f in '%s'/cache/parse/*; do printf 'dep 1 2 3 4\\n/nonexistent\\n' >> \"$f\"; "
			"truncate -s 40 \"$f\"; done", tmpdir);
	assert_int_equal(system(cmd), 0);	/* damaged: cut short */
	free(cmd);
	assert_false(cached());
	assert_int_equal(parse_value(), 6);
	assert_true(cached());
	cmd = xasprintf("rm -rf '%s'", tmpdir);
	assert_int_equal(system(cmd), 0);
	free(cmd);
}

/* A note (pipeline/load.c: the SoC pack picked) lives as long as its entry holds. */
static void test_note(void **state)
{
	char *cache, *board, *note, *cmd;
	struct extract_options o;

	(void)state;
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/b2d-parsecache-XXXXXX");
	assert_non_null(mkdtemp(tmpdir));
	o = options(&cache, &board);
	put_header("arch/arm/include/hdr.h", 7);
	test_put_file(tmpdir, "arch/arm/mach-x/board.c",
		      "#include <hdr.h>\nstatic struct x_cfg cfg = { .a = VAL };\nint value = VAL;\n"
		      "#ifdef CONFIG_X_BOARD\nint other;\n#endif\n");
	extract_cache_set_note(board, &o, "pick", "soc a\n");	/* no entry yet: nothing */
	assert_null(extract_cache_note(board, &o, "pick"));
	assert_int_equal(parse_value(), 7);
	extract_cache_set_note(board, &o, "pick", "soc a\n");
	note = extract_cache_note(board, &o, "pick");
	assert_non_null(note);
	assert_string_equal(note, "soc a\n");
	free(note);
	assert_null(extract_cache_note(board, &o, "other"));
	put_header("arch/arm/include/hdr.h", 100);	/* the entry no longer holds */
	assert_null(extract_cache_note(board, &o, "pick"));
	assert_int_equal(parse_value(), 100);	/* a new entry: the old note is not its */
	assert_null(extract_cache_note(board, &o, "pick"));
	free(cache);
	free(board);
	cmd = xasprintf("rm -rf '%s'", tmpdir);
	assert_int_equal(system(cmd), 0);
	free(cmd);
}

/*
 * The binary is hashed once a process; inside a session (pipeline/load.c)
 * an entry's dependencies are checked once, outside at every read, and a
 * session's end forgets what it checked.
 */
static void test_checked_once(void **state)
{
	char *cmd;
	unsigned v;

	(void)state;
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/b2d-parsecache-XXXXXX");
	assert_non_null(mkdtemp(tmpdir));
	put_header("arch/arm/include/hdr.h", 7);
	test_put_file(tmpdir, "arch/arm/mach-x/board.c",
		      "#include <hdr.h>\nstatic struct x_cfg cfg = { .a = VAL };\nint value = VAL;\n");
	assert_int_equal(parse_value(), 7);
	assert_true(cached());
	assert_true(pc_stats.self_reads <= 1);	/* however many keys */
	v = pc_stats.validations;
	assert_true(cached());			/* no session: checked again */
	assert_int_equal(pc_stats.validations, v + 1);
	extract_cache_session(true);
	assert_true(cached());
	assert_true(cached());
	assert_int_equal(parse_value(), 7);	/* the parse's read too */
	assert_int_equal(pc_stats.validations, v + 2);	/* once in the session */
	extract_cache_session(false);
	put_header("arch/arm/include/hdr.h", 100);
	assert_false(cached());			/* the session's check is forgotten */
	extract_cache_session(true);
	assert_int_equal(parse_value(), 100);
	assert_true(cached());
	put_header("arch/arm/include/hdr.h", 7);
	extract_cache_session(false);
	assert_false(cached());
	assert_int_equal(parse_value(), 7);
	assert_true(pc_stats.self_reads <= 1);
	cmd = xasprintf("rm -rf '%s'", tmpdir);
	assert_int_equal(system(cmd), 0);
	free(cmd);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hit_and_invalidation),
		cmocka_unit_test(test_note),
		cmocka_unit_test(test_checked_once),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
