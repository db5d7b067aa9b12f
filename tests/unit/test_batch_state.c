// SPDX-License-Identifier: GPL-2.0
/*
 * batch's state and fingerprint (pipeline/batch_state.c) and resume command
 * (pipeline/batch_summary.c): the JSON state round-trips, keeps only plain output
 * names and rejects what is not its format; the stamp follows the contents
 * of the rule files and model headers; the resume command is shell-quoted
 * and drops --force.
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

#include "pipeline/batch.h"
#include "common/diag.h"
#include "emitter/emit.h"

static char dir[] = "/tmp/b2d-batch-state-XXXXXX";

static int setup(void **state)
{
	(void)state;
	diag_set_quiet(true);
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char *cmd = xasprintf("rm -rf '%s'", dir);
	int rc = system(cmd);

	(void)state;
	free(cmd);
	return rc;
}

static void put(const char *rel, const char *text)
{
	char *path = xasprintf("%s/%s", dir, rel);

	assert_int_equal(write_file_atomic(path, text, strlen(text), NULL, 0), 0);
	free(path);
}

static void test_state_round_trip(void **state)
{
	struct batch_ctx c = { .state_dir = dir };
	struct batch_job jb = { .path = "a \"b\"\n.c", .base = "a" };
	struct batch_result back;

	(void)state;
	jb.r.status = "failed";
	jb.r.message = "a.c:3:4: error: x | y";
	jb.r.signal = "SIGSEGV";
	jb.r.options = "version=1;rules=0";
	jb.r.machines = 2;
	jb.r.todo = 7;
	jb.r.time = 1.5;
	pv_push(&jb.r.ids, "M1");
	pv_push(&jb.r.outputs, "a.dts");
	pv_push(&jb.r.outputs, "../victim");
	pv_push(&jb.r.outputs, "..");
	assert_int_equal(batch_state_write(&c, &jb), 0);
	assert_true(batch_state_read(&c, &jb, &back));
	assert_string_equal(back.status, "failed");
	assert_string_equal(back.source, jb.path);
	assert_string_equal(back.message, jb.r.message);
	assert_string_equal(back.signal, "SIGSEGV");
	assert_string_equal(back.options, jb.r.options);
	assert_null(back.soc);
	assert_int_equal(back.machines, 2);
	assert_int_equal(back.todo, 7);
	assert_true(back.time > 1.4 && back.time < 1.6);
	assert_int_equal(back.ids.len, 1);
	/* Only plain names under DIR: a re-run deletes them. */
	assert_int_equal(back.outputs.len, 1);
	assert_string_equal(back.outputs.items[0], "a.dts");
	batch_result_free(&back);
	pv_free(&jb.r.ids);
	pv_free(&jb.r.outputs);
}

static void test_state_not_json(void **state)
{
	struct batch_ctx c = { .state_dir = dir };
	struct batch_job jb = { .path = "x.c", .base = "x" };
	struct batch_result r;

	(void)state;
	put("x.state", "status ok\nsource x.c\noutput x.dts\n");	/* the old format */
	assert_false(batch_state_read(&c, &jb, &r));
	put("x.state", "{\"status\": \"ok\"}");			/* no "format": 1 */
	assert_false(batch_state_read(&c, &jb, &r));
	put("x.state", "[1, 2]");
	assert_false(batch_state_read(&c, &jb, &r));
	jb.base = "absent";
	assert_false(batch_state_read(&c, &jb, &r));
}

static void test_stamp_follows_contents(void **state)
{
	char *rules = xasprintf("%s/rules", dir), *model = xasprintf("%s/model", dir);
	char *s0, *s1, *s2, *s3, *s4;

	(void)state;
	mkdir(rules, 0755);
	mkdir(model, 0755);
	put("rules/a.yaml", "soc: x\n");
	put("model/m.h", "int x;\n");
	s0 = batch_stamp(rules, model);
	s1 = batch_stamp(rules, model);
	assert_string_equal(s0, s1);
	assert_non_null(strstr(s0, "version="));
	put("rules/notes.txt", "not a rule file\n");	/* the loader does not read it */
	s2 = batch_stamp(rules, model);
	assert_string_equal(s0, s2);
	put("rules/a.yaml", "soc: y\n");
	s3 = batch_stamp(rules, model);
	assert_string_not_equal(s0, s3);
	put("model/m.h", "int y;\n");
	s4 = batch_stamp(rules, model);
	assert_string_not_equal(s3, s4);
	free(s0); free(s1); free(s2); free(s3); free(s4);
	free(rules);
	free(model);
}

static void test_resume_command(void **state)
{
	char *argv[] = { "--force", "-j2", "--out-dir", "my dir", "it's.c", "--", "--force" };
	char *cmd = batch_resume_command(7, argv);
	const char *tail = strstr(cmd, " batch ");

	(void)state;
	assert_non_null(tail);
	assert_string_equal(tail, " batch -j2 --out-dir 'my dir' 'it'\\''s.c' -- --force");
	free(cmd);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_state_round_trip),
		cmocka_unit_test(test_state_not_json),
		cmocka_unit_test(test_stamp_follows_contents),
		cmocka_unit_test(test_resume_command),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
