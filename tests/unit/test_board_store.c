// SPDX-License-Identifier: GPL-2.0
/*
 * The board model as bytes and back (extractor/board_store.c), and the
 * parse cache's use of it: every sample board reads back as it was (the
 * same bytes again, the same extract --json, shared guards still shared),
 * every cut or altered copy is refused or read without a fault, and a
 * second extraction of an unchanged file is answered from the cache
 * without a parse, with the same board, while a changed header makes it
 * parse again.
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "extractor/board_store.h"
#include "extractor/ex_internal.h"
#include "common/diag.h"
#include "common/util.h"
#include "test_tree.h"

#define MODEL_DIR TEST_SOURCE_DIR "/extractor/model-headers"
#define SAMPLES TEST_SOURCE_DIR "/samples"

/* NULL when the file does not parse alone (a sample that needs its pack's defines). */
static struct board *try_extract(const char *path, const char *cache)
{
	struct extract_options o = { .model_dir = MODEL_DIR, .parse_cache = cache };
	struct board *b = NULL;

	diag_set_quiet(true);
	if (extract_board(path, &o, &b) != B2D_OK)
		b = NULL;
	diag_set_quiet(false);
	return b;
}

static struct board *extract(const char *path, const char *cache)
{
	struct board *b = try_extract(path, cache);

	assert_non_null(b);
	return b;
}

static char *stored(const struct board *b, size_t *len)
{
	struct strbuf sb;

	sb_init(&sb);
	board_store(b, &sb);
	*len = sb.len;
	return sb_detach(&sb);
}

static char *json(const struct board *b)
{
	struct strbuf sb;

	sb_init(&sb);
	board_dump_json(b, &sb);
	return sb_detach(&sb);
}

/* Two calls of one function that share a guard (one if-block): a pointer each, or NULL. */
static bool shared_guard(const struct board *b)
{
	for (size_t f = 0; f < b->nfuncs; f++) {
		const struct function *fn = b->funcs[f];

		for (size_t i = 0; i < fn->ncalls; i++)
			for (size_t k = i + 1; k < fn->ncalls; k++)
				if (fn->calls[i]->nguards && fn->calls[k]->nguards &&
				    fn->calls[i]->guards[0] == fn->calls[k]->guards[0])
					return true;
	}
	return false;
}

static void round_trip(const char *path)
{
	struct board *b = extract(path, NULL), *back;
	size_t len, len2;
	char *bytes = stored(b, &len), *bytes2, *j1, *j2;

	back = board_load(bytes, len);
	assert_non_null(back);
	bytes2 = stored(back, &len2);
	assert_int_equal(len2, len);
	assert_memory_equal(bytes2, bytes, len);
	j1 = json(b);
	j2 = json(back);
	assert_string_equal(j2, j1);
	assert_int_equal(shared_guard(back), shared_guard(b));
	assert_int_equal(back->nmachines, b->nmachines);
	assert_true(back->nvars + back->nfuncs > 0);
	free(j1);
	free(j2);
	free(bytes2);
	board_free(back);
	board_free(b);
	free(bytes);
}

static int is_c(const struct dirent *d)
{
	size_t n = strlen(d->d_name);

	return n > 2 && !strcmp(d->d_name + n - 2, ".c");
}

static void test_samples_round_trip(void **state)
{
	struct dirent **ents;
	int n = scandir(SAMPLES, &ents, is_c, alphasort), shared = 0, read = 0;

	(void)state;
	for (int i = 0; i < n; i++) {
		char *p = xasprintf("%s/%s", SAMPLES, ents[i]->d_name);
		struct board *b = try_extract(p, NULL);

		if (b) {
			shared += shared_guard(b);
			board_free(b);
			round_trip(p);
			read++;
		}
		free(p);
		free(ents[i]);
	}
	free(ents);
	assert_true(read >= 10);
	assert_true(shared > 0);	/* the sharing test tested something */
}

/* Every prefix is refused; altered bytes are refused or read (ASan: never past the end). */
static void test_damaged(void **state)
{
	struct board *b = extract(SAMPLES "/kirkwood-nas.c", NULL), *back;
	size_t len;
	char *bytes = stored(b, &len);

	(void)state;
	for (size_t cut = 0; cut < len; cut++) {
		char *copy = xmalloc(cut + 1);

		memcpy(copy, bytes, cut);
		assert_null(board_load(copy, cut));
		free(copy);
	}
	for (size_t i = 0; i < len; i += 7) {
		char *copy = xmalloc(len);

		memcpy(copy, bytes, len);
		copy[i] = (char)(copy[i] ^ 0x5a);
		back = board_load(copy, len);
		board_free(back);
		free(copy);
	}
	board_free(b);
	free(bytes);
}

static char tmpdir[64];

/* A board whose header the tolerant parse needs synthesized declarations for. */
static void test_cache_answers(void **state)
{
	char *cache, *board, *cmd;
	struct board *b1, *b2, *b3;
	unsigned before;
	size_t l1, l2;
	char *s1, *s2;

	(void)state;
	strcpy(tmpdir, "/tmp/b2d-bstore-XXXXXX");
	assert_non_null(mkdtemp(tmpdir));
	cache = xasprintf("%s/cache/parse", tmpdir);
	board = xasprintf("%s/board.c", tmpdir);
	test_put_file(tmpdir, "val.h", "#define VAL 14\n");
	test_put_file(tmpdir, "board.c",
		      "#include \"val.h\"\n"
		      "static struct x_cfg cfg = { .a = VAL, .name = \"n\" };\n"
		      "static void init(void) { if (VAL > 3) { f(1); g(-2); } }\n"
		      "MACHINE_START(X, \"x\")\n\t.init_machine = init,\nMACHINE_END\n");
	before = pc_stats.boards;
	b1 = extract(board, cache);
	assert_int_equal(pc_stats.boards, before);	/* cold: parsed */
	b2 = extract(board, cache);
	assert_int_equal(pc_stats.boards, before + 1);	/* warm: read */
	s1 = stored(b1, &l1);
	s2 = stored(b2, &l2);
	assert_int_equal(l1, l2);
	assert_memory_equal(s1, s2, l1);
	assert_true(b2->reparsed && shared_guard(b2));
	test_put_file(tmpdir, "val.h", "#define VAL 200\n");
	b3 = extract(board, cache);
	assert_int_equal(pc_stats.boards, before + 1);	/* a header changed: parsed */
	assert_int_equal(value_field_int(board_find_var(b3, "cfg")->init, "a", 0), 200);
	free(s1);
	free(s2);
	board_free(b1);
	board_free(b2);
	board_free(b3);
	cmd = xasprintf("rm -rf '%s'", tmpdir);
	assert_int_equal(system(cmd), 0);
	free(cmd);
	free(cache);
	free(board);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_samples_round_trip),
		cmocka_unit_test(test_damaged),
		cmocka_unit_test(test_cache_answers),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
