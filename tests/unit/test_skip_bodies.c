// SPDX-License-Identifier: GPL-2.0
/*
 * Header function bodies blanked (extractor/blank_bodies.c) and served from
 * the cache through the VFS overlay (extractor/skip_bodies.c): what is
 * blanked and what is kept, offsets unchanged, and a board parsed cold, warm,
 * after its header changed and after its header was removed gives the facts
 * of a whole parse.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "extractor/ex_internal.h"
#include "common/diag.h"
#include "common/util.h"
#include "test_tree.h"

#define MODEL_DIR TEST_SOURCE_DIR "/extractor/model-headers"

static char *blanked(const char *src, size_t *n)
{
	char *t = xstrdup(src);

	*n = blank_bodies(t, strlen(t));
	assert_int_equal(strlen(t), strlen(src));	/* offset for offset */
	return t;
}

static void test_blank_function(void **state)
{
	size_t n;
	char *t = blanked("static inline int f(int x)\n{\n\tif (x) { return 1; }\n\treturn 0;\n}\n"
			  "int g(void);\n", &n);

	(void)state;
	assert_int_equal(n, 1);
	assert_string_equal(t, "static inline int f(int x)\n;\n                     \n"
			       "          \n \nint g(void);\n");
	free(t);
}

static void test_blank_keeps(void **state)
{
	static const char *const kept[] = {
		"struct s { int a; };\n",
		"static const struct s y = (struct s){ .a = 1 };\n",
		"#define F(x) static int x(void) { return 0; }\n",
		"static void g(void) {\n#ifdef Z\n\tz();\n#endif\n}\n",
		"union __attribute__((packed)) { int a; } u;\n",
		"int a[] = { 1, 2 }; /* f() { */ const char *s = \"g() {\";\n",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(kept) / sizeof(kept[0]); i++) {
		size_t n;
		char *t = blanked(kept[i], &n);

		assert_int_equal(n, 0);
		assert_string_equal(t, kept[i]);
		free(t);
	}
}

static char tmpdir[64];

/* The board's one variable's value and its function count, parsed with the cache. */
static long long parse_board(unsigned *nfuncs)
{
	char *board = xasprintf("%s/board.c", tmpdir), *cache = xasprintf("%s/cache", tmpdir);
	char *inc = xasprintf("-I%s/inc", tmpdir);
	const char *args[] = { inc };
	struct extract_options o = { .model_dir = MODEL_DIR, .bodies_cache = cache,
				     .clang_args = args, .nclang_args = 1 };
	struct board *b = NULL;
	long long v;

	assert_int_equal(extract_board(board, &o, &b), B2D_OK);
	assert_int_equal(b->nvars, 1);
	assert_int_equal(b->vars[0]->init->kind, VAL_INT);
	v = b->vars[0]->init->ival;
	*nfuncs = (unsigned)b->nfuncs;
	board_free(b);
	free(board);
	free(cache);
	free(inc);
	return v;
}

static void test_cache_cold_warm_stale(void **state)
{
	unsigned nf;
	char *copy;
	struct stat st;
	size_t len;

	(void)state;
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/b2d-skipbodies-XXXXXX");
	assert_non_null(mkdtemp(tmpdir));
	test_put_file(tmpdir, "inc/hdr.h", "#define VAL 7\nstatic inline int helper(int x)\n{\n\treturn x + VAL;\n}\n");
	test_put_file(tmpdir, "board.c", "#include <hdr.h>\nint value = VAL * 2;\n"
		       "void board_init(void) { helper(value); }\n");
	assert_int_equal(parse_board(&nf), 14);	/* cold: the real header */
	assert_int_equal(nf, 1);
	copy = xasprintf("%s/cache/tree%s/inc/hdr.h", tmpdir, tmpdir);
	assert_int_equal(stat(copy, &st), 0);
	free(read_file(copy, &len));
	assert_int_equal(parse_board(&nf), 14);	/* warm: the copy without the body */
	assert_int_equal(nf, 1);
	{
		char *t = read_file(copy, &len);

		assert_non_null(strstr(t, "int x)\n;\n"));
		free(t);
	}
	/* The header changes (another size): the stale copy is replaced, the file parsed again. */
	test_put_file(tmpdir, "inc/hdr.h", "#define VAL 100\nstatic inline int helper(int x)\n{\n\treturn x + VAL;\n}\n");
	assert_int_equal(parse_board(&nf), 200);
	assert_int_equal(parse_board(&nf), 200);
	free(copy);
	copy = xasprintf("rm -rf '%s'", tmpdir);
	assert_int_equal(system(copy), 0);
	free(copy);
}

/* A header removed after it was cached: the parse finds the next one in the search path. */
static void test_cache_removed_header(void **state)
{
	unsigned nf;
	char *cmd, *local;

	(void)state;
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/b2d-skipbodies-XXXXXX");
	assert_non_null(mkdtemp(tmpdir));
	test_put_file(tmpdir, "inc/hdr.h", "#define VAL 9\n");
	test_put_file(tmpdir, "hdr.h", "#define VAL 5\n");	/* beside the board: found first */
	test_put_file(tmpdir, "board.c", "#include \"hdr.h\"\nint value = VAL * 2;\n"
		       "void board_init(void) { }\n");
	assert_int_equal(parse_board(&nf), 10);	/* cold */
	assert_int_equal(parse_board(&nf), 10);	/* warm: the cached copy */
	local = xasprintf("%s/hdr.h", tmpdir);
	assert_int_equal(unlink(local), 0);
	assert_int_equal(parse_board(&nf), 18);	/* not the copy of the removed one */
	assert_int_equal(parse_board(&nf), 18);
	free(local);
	cmd = xasprintf("rm -rf '%s'", tmpdir);
	assert_int_equal(system(cmd), 0);
	free(cmd);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_blank_function),
		cmocka_unit_test(test_blank_keeps),
		cmocka_unit_test(test_cache_cold_warm_stale),
		cmocka_unit_test(test_cache_removed_header),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
