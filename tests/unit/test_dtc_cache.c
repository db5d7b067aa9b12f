// SPDX-License-Identifier: GPL-2.0
/*
 * The dtc check cache (pipeline/dtc_cache.c) on a small kernel tree of its
 * own: a check that passed is a hit for the same .dts text; a changed
 * header or .dtsi, a new file that would shadow one cpp read, other text,
 * another tool, a damaged, truncated or symlinked entry are misses; a
 * failing check and a .dts whose output dtc reads more files for
 * (/include/) are not kept; entries are written by rename, never through a
 * symlink; B2D_NO_DTC_CACHE=1 or a symlinked cache directory turn it off.
 * Needs cpp and dtc (as the other kernel_dt tests).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "common/diag.h"
#include "common/util.h"
#include "extractor/model.h"
#include "kernel/kernel_dt.h"
#include "pipeline/convert_core.h"
#include "pipeline/dtc_cache.h"
#include "pipeline/pipeline.h"
#include "test_tree.h"

static char root[64], *kdir, *cache_home, *tmp;

#define DTS "/dts-v1/;\n#include <dt-bindings/x.h>\n#include \"soc.dtsi\"\n" \
	    "/ { model = \"m\"; prop = <X_VAL>; };\n"

static int setup(void **state)
{
	(void)state;
	snprintf(root, sizeof(root), "/tmp/b2d-dcache.XXXXXX");
	assert_non_null(mkdtemp(root));
	kdir = xasprintf("%s/k", root);
	cache_home = xasprintf("%s/cache", root);
	tmp = xasprintf("%s/tmp", root);
	test_put_file(kdir, "include/dt-bindings/x.h", "#define X_VAL 1\n");
	test_put_file(kdir, "arch/arm/boot/dts/soc.dtsi", "/ { soc { compatible = \"s\"; }; };\n");
	assert_int_equal(mkdir_p(tmp), 0);
	setenv("XDG_CACHE_HOME", cache_home, 1);
	setenv("TMPDIR", tmp, 1);
	unsetenv("B2D_NO_DTC_CACHE");
	return 0;
}

static int teardown(void **state)
{
	char *cmd = xasprintf("rm -rf '%s'", root);

	(void)state;
	assert_int_equal(system(cmd), 0);
	free(cmd);
	free(kdir);
	free(cache_home);
	free(tmp);
	return 0;
}

static int check(const char *text)
{
	struct machine m = { .id = "M", .pos = { "board.c", 1, 1 } };
	struct strbuf sb;
	int rc;

	sb_init(&sb);
	sb_add(&sb, text);
	diag_set_quiet(true);
	rc = conv_dtc_check(kdir, &m, &sb);
	diag_set_quiet(false);
	sb_free(&sb);
	return rc;
}

/* Would a check of text be taken from the cache? */
static bool hit(const char *text)
{
	char *dir = dc_dir(), *key;
	bool h;

	assert_non_null(dir);
	key = dc_key(kdir, text, strlen(text));
	assert_non_null(key);
	h = dc_hit(dir, key);
	free(key);
	free(dir);
	return h;
}

static char *entry_of(const char *text)
{
	char *dir = dc_dir(), *key = dc_key(kdir, text, strlen(text)), *p;
	unsigned long long h = 14695981039346656037ULL;

	for (const char *c = key; *c; c++)
		h = (h ^ (unsigned char)*c) * 1099511628211ULL;
	p = xasprintf("%s/%016llx", dir, h);
	free(key);
	free(dir);
	return p;
}

static void touch_later(const char *rel, const char *text)
{
	test_put_file(kdir, rel, text);
}

static void test_pass_is_kept(void **state)
{
	(void)state;
	assert_false(hit(DTS));
	assert_int_equal(check(DTS), PL_OK);
	assert_true(hit(DTS));
	assert_false(hit(DTS "/ { other; };\n"));	/* other text */
	assert_int_equal(check(DTS), PL_OK);
	setenv("B2D_DTC", "/bin/true", 1);	/* another tool */
	assert_false(hit(DTS));
	unsetenv("B2D_DTC");
	assert_true(hit(DTS));
}

static void test_changed_files_miss(void **state)
{
	char *shadow;

	(void)state;
	assert_int_equal(check(DTS), PL_OK);
	assert_true(hit(DTS));
	touch_later("include/dt-bindings/x.h", "#define X_VAL 2 /* longer */\n");
	assert_false(hit(DTS));
	assert_int_equal(check(DTS), PL_OK);
	assert_true(hit(DTS));
	touch_later("arch/arm/boot/dts/soc.dtsi", "/ { soc { compatible = \"t\"; }; };\n");
	assert_false(hit(DTS));
	assert_int_equal(check(DTS), PL_OK);
	assert_true(hit(DTS));
	/* a soc.dtsi beside the temporary .dts would be included instead */
	test_put_file(tmp, "soc.dtsi", "/ { };\n");
	assert_false(hit(DTS));
	shadow = xasprintf("%s/soc.dtsi", tmp);
	unlink(shadow);
	free(shadow);
	assert_true(hit(DTS));
	/* so would include/soc.dtsi, the first -I directory */
	test_put_file(kdir, "include/soc.dtsi", "/ { };\n");
	assert_false(hit(DTS));
	shadow = xasprintf("%s/include/soc.dtsi", kdir);
	unlink(shadow);
	free(shadow);
	assert_true(hit(DTS));
}

static void test_damaged_entry_misses(void **state)
{
	char *e, *text;
	size_t len;
	FILE *f;

	(void)state;
	assert_int_equal(check(DTS), PL_OK);
	e = entry_of(DTS);
	text = read_file(e, &len);
	assert_non_null(text);
	assert_true(hit(DTS));
	for (size_t cut = 1; cut < len; cut += len / 7 + 1) {	/* truncated anywhere */
		f = fopen(e, "w");
		assert_non_null(f);
		fwrite(text, 1, cut, f);
		fclose(f);
		assert_false(hit(DTS));
	}
	f = fopen(e, "w");	/* a byte of the key changed */
	text[40] ^= 1;
	fwrite(text, 1, len, f);
	fclose(f);
	assert_false(hit(DTS));
	f = fopen(e, "w");	/* garbage after the end */
	text[40] ^= 1;
	fwrite(text, 1, len, f);
	fputs("dep 1 2 3 4\n/x\n", f);
	fclose(f);
	assert_false(hit(DTS));
	assert_int_equal(check(DTS), PL_OK);	/* checked again, entry rewritten */
	assert_true(hit(DTS));
	free(text);
	free(e);
}

static void test_symlinks(void **state)
{
	char *e = NULL, *copy, *outside, *text, *dir, *link;
	size_t len;

	(void)state;
	assert_int_equal(check(DTS), PL_OK);
	e = entry_of(DTS);
	copy = xasprintf("%s/copy", root);
	text = read_file(e, &len);
	test_put_file(root, "copy", text);
	/* an entry that is a symlink is not read, even to a valid entry */
	assert_int_equal(unlink(e), 0);
	assert_int_equal(symlink(copy, e), 0);
	assert_false(hit(DTS));
	/* nor written through: the check replaces the link, the target stays */
	outside = xasprintf("%s/outside", root);
	test_put_file(root, "outside", "keep\n");
	assert_int_equal(unlink(e), 0);
	assert_int_equal(symlink(outside, e), 0);
	assert_int_equal(check(DTS), PL_OK);
	free(text);
	text = read_file(outside, NULL);
	assert_string_equal(text, "keep\n");
	assert_true(hit(DTS));
	/* a symlinked cache directory: no cache */
	dir = dc_dir();
	link = xasprintf("%s/elsewhere", root);
	assert_int_equal(rename(dir, link), 0);
	assert_int_equal(symlink(link, dir), 0);
	assert_null(dc_dir());
	assert_int_equal(check(DTS), PL_OK);
	unlink(dir);
	free(link);
	free(dir);
	free(text);
	free(outside);
	free(copy);
	free(e);
}

static void test_not_kept(void **state)
{
	const char *bad = "/dts-v1/;\n/ { prop = <1 };\n";
	const char *inc = "/dts-v1/;\n/include/ \"soc.dtsi\"\n/ { };\n";

	(void)state;
	assert_int_equal(check(bad), PL_FAIL);
	assert_false(hit(bad));
	test_put_file(tmp, "soc.dtsi", "/ { };\n");	/* dtc's /include/: not kept */
	assert_int_equal(check(inc), PL_OK);
	assert_false(hit(inc));
	setenv("B2D_NO_DTC_CACHE", "1", 1);
	assert_null(dc_dir());
	unsetenv("B2D_NO_DTC_CACHE");
}

static void test_deps_listed(void **state)
{
	char *path = xasprintf("%s/t.dts", tmp), *deps = NULL, *errors = NULL, *want;

	(void)state;
	test_put_file(tmp, "t.dts", DTS);
	assert_int_equal(kernel_dts_check(kdir, path, &errors, &deps), B2D_OK);
	assert_non_null(deps);
	want = xasprintf("%s/include/dt-bindings/x.h\n%s/arch/arm/boot/dts/soc.dtsi\n", kdir, kdir);
	assert_string_equal(deps, want);
	free(want);
	free(deps);
	free(errors);
	free(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_pass_is_kept, setup, teardown),
		cmocka_unit_test_setup_teardown(test_changed_files_miss, setup, teardown),
		cmocka_unit_test_setup_teardown(test_damaged_entry_misses, setup, teardown),
		cmocka_unit_test_setup_teardown(test_symlinks, setup, teardown),
		cmocka_unit_test_setup_teardown(test_not_kept, setup, teardown),
		cmocka_unit_test_setup_teardown(test_deps_listed, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
