// SPDX-License-Identifier: GPL-2.0
/*
 * The value of a function's local where a call reads it
 * (extractor/eval_local.c): a flags local built up by `|=` / `&=` / `=`
 * statements of numbers in the function's own block before the read is
 * that number (3.2 board-overo.c: `u32 pdata_flags = 0; pdata_flags |=
 * TWL_COMMON_PDATA_USB; ... omap3_pmic_get_config(&d, pdata_flags, ...)`),
 * as is one set again before each use (6.1 palmtreo.c); a write under a
 * condition or in a loop, or of what is no number, leaves it unknown.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "extractor/extract.h"
#include "common/util.h"

#define MODEL_DIR TEST_SOURCE_DIR "/extractor/model-headers"

static const char src[] =
	"#define F_USB (1 << 0)\n"
	"#define F_AUDIO (1 << 3)\n"
	"extern void fx_config(int flags, int more);\n"
	"extern int fx_rev(void);\n"
	"static void fx_init(void)\n"
	"{\n"
	"	unsigned int flags = 0;\n"
	"	unsigned int regs = 0x20;\n"
	"	unsigned int guarded = 1;\n"
	"	unsigned int late = 4;\n"
	"	unsigned int runtime = 0;\n"
	"	unsigned int gpio = 10;\n"
	"	int i;\n"
	"\n"
	"	flags |= F_USB;\n"
	"	flags |= F_AUDIO;\n"
	"	regs |= 1;\n"
	"	regs &= ~0x20;\n"
	"	if (fx_rev() > 2)\n"
	"		guarded |= 2;\n"
	"	runtime |= fx_rev();\n"
	"	fx_config(flags, regs);\n"
	"	fx_config(guarded, runtime);\n"
	"	fx_config(late, 0);\n"
	"	late |= 8;\n"
	"	gpio = 12;\n"
	"	fx_config(gpio, 0);\n"
	"	gpio = 13;\n"
	"	fx_config(gpio, 0);\n"
	"	for (i = 0; i < 2; i++) {\n"
	"		fx_config(runtime, i);\n"
	"		runtime++;\n"
	"	}\n"
	"}\n";

static const struct call *nth_call(const struct function *f, const char *callee, size_t nth)
{
	for (size_t i = 0; i < f->ncalls; i++)
		if (!strcmp(f->calls[i]->callee, callee) && nth-- == 0)
			return f->calls[i];
	return NULL;
}

static void test_folded_flags(void **state)
{
	struct unsaved_source u = { "/tmp/b2d-test-locals.c", src, strlen(src) };
	struct extract_options o = { .model_dir = MODEL_DIR, .unsaved = &u, .nunsaved = 1 };
	struct board *b = NULL;
	const struct function *f;
	const struct call *c;

	(void)state;
	assert_int_equal(extract_board(u.path, &o, &b), B2D_OK);
	f = board_find_func(b, "fx_init");
	assert_non_null(f);
	c = nth_call(f, "fx_config", 0);
	assert_non_null(c);
	assert_int_equal(c->args[0]->kind, VAL_INT);
	assert_int_equal(c->args[0]->ival, 9);
	assert_int_equal(c->args[1]->kind, VAL_INT);
	assert_int_equal(c->args[1]->ival, 1);
	c = nth_call(f, "fx_config", 1);
	assert_non_null(c);
	assert_int_not_equal(c->args[0]->kind, VAL_INT);	/* under a condition */
	assert_int_not_equal(c->args[1]->kind, VAL_INT);	/* a call's result */
	c = nth_call(f, "fx_config", 2);
	assert_non_null(c);
	assert_int_equal(c->args[0]->kind, VAL_INT);	/* written only after the read */
	assert_int_equal(c->args[0]->ival, 4);
	c = nth_call(f, "fx_config", 3);	/* set again before each use (palmtreo.c) */
	assert_non_null(c);
	assert_int_equal(c->args[0]->ival, 12);
	c = nth_call(f, "fx_config", 4);
	assert_non_null(c);
	assert_int_equal(c->args[0]->ival, 13);
	c = nth_call(f, "fx_config", 5);	/* runtime++ in the loop */
	assert_non_null(c);
	assert_int_not_equal(c->args[0]->kind, VAL_INT);
	board_free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_folded_flags),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
