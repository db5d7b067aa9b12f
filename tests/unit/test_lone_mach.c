// SPDX-License-Identifier: GPL-2.0
/*
 * extractor/args.c: a lone board file (not under an arch/arm/mach-X/ of its
 * own tree) reads the headers it includes by quotes from the target tree's
 * arch/arm/mach-X/ that has the most of them; a tie adds none, a header the
 * file's own directory has does not count, and a file inside a mach-X/
 * directory gets none. `#include <mach/NAME>` of an older layout counts too
 * when NAME is in one mach-X/ only and two such names agree (or one and a
 * quoted header), and is then
 * read through a link in the cache directory, mach -> that mach-X/, made
 * once; what is already at the link's place is never replaced. When the
 * file's own headers choose no directory, the SoC pack's mach-X/ (the
 * board's calls chose the pack) is read instead, <mach/NAME> through the
 * link (3.x board-sffsdr.c's <mach/common.h>: mach-davinci's of sixteen).
 * Trees made in a temporary directory.
 */
#include <sys/stat.h>
#include <unistd.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "extractor/ex_internal.h"
#include "common/util.h"
#include "test_tree.h"

static char root[] = "/tmp/b2d-lone.XXXXXX";
static const char *pack;	/* extract_options.pack_mach of the next call */

static void put(const char *rel, const char *text)
{
	test_put_file(root, rel, text);
}

/* The -I arguments for path naming arch/arm/mach-*, joined by spaces. */
static char *mach_dirs(const char *path)
{
	struct extract_options o = { .kernel_dir = NULL, .pack_mach = pack };
	struct ptrvec args = { 0 };
	struct strbuf sb;
	char *k = xasprintf("%s/k", root), *file = xasprintf("%s/%s", root, path);

	o.kernel_dir = k;
	assert_int_equal(ex_build_args(file, &o, &args), 0);
	sb_init(&sb);
	for (size_t i = 0; i < args.len; i++)
		if (strstr(args.items[i], "/arch/arm/mach-"))
			sb_addf(&sb, "%s%s", sb.len ? " " : "", strstr(args.items[i], "mach-"));
	for (size_t i = 0; i < args.len; i++)
		free(args.items[i]);
	pv_free(&args);
	free(k);
	free(file);
	return sb.buf ? sb.buf : xstrdup("");
}

static int setup(void **state)
{
	(void)state;
	assert_non_null(mkdtemp(root));
	put("k/arch/arm/mach-pxa/pxa300.h", "");
	put("k/arch/arm/mach-pxa/generic.h", "");
	put("k/arch/arm/mach-pxa/devices.h", "");
	put("k/arch/arm/mach-at91/generic.h", "");
	put("k/arch/arm/mach-sa1100/generic.h", "");
	put("lone/pxa-board.c", "#include \"pxa300.h\"\n#include \"generic.h\"\n#include <linux/init.h>\n");
	put("lone/tie-board.c", "#include \"generic.h\"\n");
	put("own/board.c", "#include \"pxa300.h\"\n#include \"generic.h\"\n");
	put("own/generic.h", "");
	put("own/pxa300.h", "");
	put("tree/arch/arm/mach-foo/board.c", "#include \"pxa300.h\"\n");
	put("lone/old-board.c", "#include <mach/pxa300.h>\n#include <mach/devices.h>\n");
	put("lone/weak-board.c", "#include <mach/pxa300.h>\n#include <mach/generic.h>\n");
	put("k/arch/arm/mach-davinci/common.h", "");
	put("k/arch/arm/mach-omap1/common.h", "");
	put("lone/davinci-board.c", "#include <mach/common.h>\n");
	put("lone/mixed-board.c", "#include <mach/pxa300.h>\n#include \"generic.h\"\n"
	    "#include \"devices.h\"\n");
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	test_rm_tree(root);
	return 0;
}

static void test_lone_mach_dir(void **state)
{
	char *s;

	(void)state;
	s = mach_dirs("lone/pxa-board.c");	/* pxa300.h, generic.h: mach-pxa has both */
	assert_string_equal(s, "mach-pxa");
	free(s);
	s = mach_dirs("lone/tie-board.c");	/* generic.h: three mach dirs, a tie */
	assert_string_equal(s, "");
	free(s);
	s = mach_dirs("own/board.c");		/* its own directory has them */
	assert_string_equal(s, "");
	free(s);
	s = mach_dirs("tree/arch/arm/mach-foo/board.c");	/* inside a tree: none added */
	assert_null(strstr(s, "mach-pxa"));
	free(s);
}

/* The -I argument that is no mach-X/ of the tree, with links in `links`, or NULL. */
static char *link_dir(const char *path, const char *links)
{
	struct extract_options o = { .mach_links = links, .pack_mach = pack };
	struct ptrvec args = { 0 };
	char *k = xasprintf("%s/k", root), *file = xasprintf("%s/%s", root, path), *found = NULL;

	o.kernel_dir = k;
	assert_int_equal(ex_build_args(file, &o, &args), 0);
	for (size_t i = 0; i < args.len; i++) {
		if (links && !found && !strncmp(args.items[i], "-I", 2) &&
		    strstr(args.items[i], links))
			found = xstrdup(args.items[i] + 2);
		free(args.items[i]);
	}
	pv_free(&args);
	free(k);
	free(file);
	return found;
}

static void test_mach_angle_includes(void **state)
{
	char *cache = xasprintf("%s/cache", root), *links = xasprintf("%s/mach-links", cache);
	char *pxa = xasprintf("%s/k/arch/arm/mach-pxa", root), *dir, *link, *want, got[4096];
	char *s = mach_dirs("lone/old-board.c");	/* <mach/pxa300.h>, <mach/devices.h> */
	ssize_t n;

	(void)state;
	assert_string_equal(s, "mach-pxa");
	free(s);
	/* generic.h is in three mach dirs, pxa300.h alone is no evidence: nothing */
	s = mach_dirs("lone/weak-board.c");
	assert_string_equal(s, "");
	free(s);
	/* one <mach/> name the quoted headers' directory also has: linked too */
	s = mach_dirs("lone/mixed-board.c");
	assert_string_equal(s, "mach-pxa");
	free(s);
	assert_null(link_dir("lone/old-board.c", NULL));	/* no cache: no link */
	assert_int_equal(mkdir(cache, 0755), 0);
	dir = link_dir("lone/mixed-board.c", links);	/* <mach/pxa300.h> is read */
	assert_non_null(dir);
	free(dir);
	assert_null(link_dir("lone/weak-board.c", links));
	dir = link_dir("lone/old-board.c", links);
	assert_non_null(dir);
	link = xasprintf("%s/mach", dir);
	n = readlink(link, got, sizeof(got) - 1);
	assert_true(n > 0);
	got[n] = '\0';
	want = realpath(pxa, NULL);
	assert_string_equal(got, want);
	free(dir);
	dir = link_dir("lone/old-board.c", links);	/* again: the same link serves */
	assert_non_null(dir);
	/* Something else at the link's place: kept, and no -I for it. */
	assert_int_equal(unlink(link), 0);
	assert_int_equal(mkdir(link, 0755), 0);
	assert_null(link_dir("lone/old-board.c", links));
	struct stat st;

	assert_int_equal(lstat(link, &st), 0);
	assert_true(S_ISDIR(st.st_mode));
	free(dir);
	free(link);
	free(want);
	free(links);
	free(cache);
	free(pxa);
}

static void test_pack_mach(void **state)
{
	char *cache = xasprintf("%s/cache2", root), *links = xasprintf("%s/mach-links", cache);
	char *s, *dir;

	(void)state;
	assert_int_equal(mkdir(cache, 0755), 0);
	s = mach_dirs("lone/davinci-board.c");	/* common.h: in two mach dirs, no pack */
	assert_string_equal(s, "");
	free(s);
	assert_null(link_dir("lone/davinci-board.c", links));
	pack = "mach-davinci";
	s = mach_dirs("lone/davinci-board.c");
	assert_string_equal(s, "mach-davinci");
	free(s);
	dir = link_dir("lone/davinci-board.c", links);	/* <mach/common.h> read there */
	assert_non_null(dir);
	free(dir);
	s = mach_dirs("lone/pxa-board.c");	/* its own headers chose mach-pxa: they win */
	assert_string_equal(s, "mach-pxa");
	free(s);
	pack = "mach-gone";			/* a pack's directory the tree lacks: none */
	s = mach_dirs("lone/davinci-board.c");
	assert_string_equal(s, "");
	free(s);
	pack = NULL;
	free(links);
	free(cache);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lone_mach_dir),
		cmocka_unit_test(test_mach_angle_includes),
		cmocka_unit_test(test_pack_mach),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
