// SPDX-License-Identifier: GPL-2.0
/*
 * Extractor tests: in-memory board files parsed in tolerant mode with the
 * bundled model headers; every test asserts exact values.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "extractor/extract.h"
#include "common/diag.h"
#include "common/util.h"

#define MODEL_DIR TEST_SOURCE_DIR "/extractor/model-headers"

static struct board *parse_src(const char *src, const char **defs, size_t ndefs)
{
	struct unsaved_source u = { "/tmp/b2d-test-board.c", src, strlen(src) };
	struct extract_options o = {
		.model_dir = MODEL_DIR, .defines = defs, .ndefines = ndefs,
		.unsaved = &u, .nunsaved = 1,
	};
	struct board *b = NULL;

	assert_int_equal(extract_board(u.path, &o, &b), B2D_OK);
	assert_non_null(b);
	return b;
}

static const char *src_tables =
	"#define OMAP_MAX_GPIO_LINES 192\n"
	"#define GPIO_WIFI (OMAP_MAX_GPIO_LINES + 18)\n"
	"static struct gpio_led leds[] = {\n"
	"	{ .name = \"usr0\", .gpio = 150, .active_low = 1 },\n"
	"	{ \"usr1\", \"heartbeat\", GPIO_WIFI },\n"
	"};\n"
	"static struct gpio_led_platform_data led_pd = {\n"
	"	.leds = leds, .num_leds = ARRAY_SIZE(leds),\n"
	"};\n"
	"static struct platform_device led_dev = {\n"
	"	.name = \"leds-gpio\", .id = -1, .dev.platform_data = &led_pd,\n"
	"};\n"
	"static struct i2c_board_info i2c[] __initdata = {\n"
	"	{ I2C_BOARD_INFO(\"twl4030\", 0x48), .irq = 7 },\n"
	"};\n"
	"static struct resource res[] = { DEFINE_RES_MEM(0x48000000, SZ_4K) };\n"
	"static const char *label = \"a\\tb\\x41\" \"c\";\n"
	"static void __init foo_init(void) { platform_device_register(&led_dev); }\n"
	"static struct regulator_consumer_supply sup[] = {\n"
	"	REGULATOR_SUPPLY(\"vmmc\", \"omap_hsmmc.0\"),\n"
	"};\n"
	"MACHINE_START(FOO, \"Foo board\")\n"
	"	.atag_offset = 0x100,\n"
	"	.init_machine = foo_init,\n"
	"MACHINE_END\n";

/* A macro argument that is itself a call is spelled whole (issue 13 item 6). */
static void test_macro_arg_call(void **state)
{
	static const char *src =
		"#define GPN(n) (100 + (n))\n"
		"#define KEY(g, c) { .gpio = g, .code = c, .desc = \"k\" }\n"
		"static struct gpio_keys_button keys[] = {\n"
		"	KEY(GPN(5), 28),\n"
		"	KEY(GPN (6), GPN(1)),\n"
		"};\n"
		"MACHINE_START(FOO, \"Foo\")\n"
		"MACHINE_END\n";
	struct board *b = parse_src(src, NULL, 0);
	struct value *k0 = board_find_var(b, "keys")->init->kids[0];
	struct value *k1 = board_find_var(b, "keys")->init->kids[1];

	(void)state;
	assert_int_equal(value_field_int(k0, "gpio", 0), 105);
	assert_string_equal(value_field(k0, "gpio")->spelling, "GPN(5)");
	assert_string_equal(value_field(k0, "code")->spelling, "28");
	assert_string_equal(value_field(k1, "gpio")->spelling, "GPN (6)");
	assert_string_equal(value_field(k1, "code")->spelling, "GPN(1)");
	board_free(b);
}

/*
 * A call whose argument count the prototype in scope disagrees with (a board
 * of another era against the target's header): clang keeps only a
 * RecoveryExpr; the call is recorded as written, with its arguments. The
 * file's own #include names are in b->includes.
 */
static void test_recovered_call(void **state)
{
	static const char *src =
		"#include \"nowhere-soc.h\"\n"
		"struct fx_pd { int a; };\n"
		"extern void fx_set_info(const struct fx_pd *pd, const void *props);\n"
		"static struct fx_pd pd = { .a = 3 };\n"
		"static void __init board_init(void)\n"
		"{\n"
		"	fx_set_info(&pd);\n"
		"	fx_set_info(&pd, 0);\n"
		"}\n"
		"MACHINE_START(FOO, \"Foo\")\n"
		"	.init_machine = board_init,\n"
		"MACHINE_END\n";
	struct board *b = parse_src(src, NULL, 0);
	const struct function *f = NULL;

	(void)state;
	for (size_t i = 0; i < b->nfuncs; i++)
		if (!strcmp(b->funcs[i]->name, "board_init"))
			f = b->funcs[i];
	assert_non_null(f);
	assert_int_equal(f->ncalls, 2);
	assert_string_equal(f->calls[0]->callee, "fx_set_info");
	assert_int_equal(f->calls[0]->nargs, 1);
	assert_int_equal(f->calls[0]->args[0]->kind, VAL_ADDR);
	assert_string_equal(f->calls[0]->args[0]->text, "pd");
	assert_string_equal(f->calls[0]->spelling, "fx_set_info(&pd)");
	assert_int_equal(f->calls[1]->nargs, 2);
	assert_int_equal(b->nincludes, 1);
	assert_string_equal(b->includes[0], "nowhere-soc.h");
	board_free(b);
}

static void test_designated_positional(void **state)
{
	struct board *b = parse_src(src_tables, NULL, 0);
	struct variable *v = board_find_var(b, "leds");
	struct value *l0, *l1;

	assert_non_null(v);
	assert_string_equal(v->type, "gpio_led");
	assert_true(v->is_array);
	assert_int_equal(v->init->nkids, 2);
	l0 = v->init->kids[0];
	l1 = v->init->kids[1];
	assert_int_equal(l0->kind, VAL_LIST);
	assert_string_equal(l0->type, "gpio_led");
	assert_string_equal(value_field_str(l0, "name"), "usr0");
	assert_int_equal(value_field_int(l0, "gpio", -1), 150);
	assert_int_equal(value_field_int(l0, "active_low", -1), 1);
	assert_int_equal(value_field(l0, "gpio")->pos.line, 4);
	/* positional members get the declared field names */
	assert_string_equal(value_field_str(l1, "name"), "usr1");
	assert_string_equal(value_field_str(l1, "default_trigger"), "heartbeat");
	assert_int_equal(value_field_int(l1, "gpio", -1), 210);
	assert_string_equal(value_field(l1, "gpio")->spelling, "GPIO_WIFI");
	assert_string_equal(value_field(l1, "gpio")->expansion,
			    "GPIO_WIFI -> OMAP_MAX_GPIO_LINES + 18 -> 210");
	assert_int_equal(l1->index, 1);
	board_free(b);
}

/* A struct without a tag: "(unnamed, line N)", not clang's "struct (unnamed at PATH:N:M)". */
static void test_unnamed_struct(void **state)
{
	struct board *b = parse_src("static int x;\n"
				    "static struct {\n\tint mmc1_gpio_wp;\n} beagle_config = { 29 };\n",
				    NULL, 0);
	struct variable *v = board_find_var(b, "beagle_config");

	(void)state;
	assert_non_null(v);
	assert_string_equal(v->type, "(unnamed, line 2)");
	assert_int_equal(value_field_int(v->init, "mmc1_gpio_wp", -1), 29);
	board_free(b);
}

static void test_refs_nested(void **state)
{
	struct board *b = parse_src(src_tables, NULL, 0);
	struct value *pd = board_find_var(b, "led_pd")->init;
	struct value *dev = board_find_var(b, "led_dev")->init;
	struct value *i2c = board_find_var(b, "i2c")->init->kids[0];
	struct value *res = board_find_var(b, "res")->init->kids[0];
	struct value *sup = board_find_var(b, "sup")->init->kids[0];

	assert_int_equal(value_field(pd, "leds")->kind, VAL_ADDR);
	assert_string_equal(value_field(pd, "leds")->text, "leds");
	assert_int_equal(value_field_int(pd, "num_leds", 0), 2);
	assert_string_equal(value_field(pd, "num_leds")->spelling, "ARRAY_SIZE(leds)");
	assert_int_equal(value_field_int(dev, "id", 0), -1);
	assert_int_equal(value_field(value_field(dev, "dev"), "platform_data")->kind, VAL_ADDR);
	assert_string_equal(value_field(value_field(dev, "dev"), "platform_data")->text, "led_pd");
	assert_string_equal(value_field_str(i2c, "type"), "twl4030");
	assert_int_equal(value_field_int(i2c, "addr", 0), 0x48);
	assert_string_equal(value_field(i2c, "addr")->spelling, "0x48");
	assert_int_equal(value_field_int(i2c, "irq", 0), 7);
	assert_string_equal(res->type, "resource");
	assert_int_equal(value_field_int(res, "start", 0), 0x48000000);
	assert_int_equal(value_field_int(res, "end", 0), 0x48000fff);
	assert_int_equal(value_field_int(res, "flags", 0), 0x200);
	assert_int_equal(value_field(res, "name")->kind, VAL_NULL);
	assert_string_equal(value_field_str(sup, "supply"), "vmmc");
	assert_string_equal(value_field_str(sup, "dev_name"), "omap_hsmmc.0");
	assert_int_equal(board_find_var(b, "label")->init->kind, VAL_STRING);
	assert_string_equal(board_find_var(b, "label")->init->text, "a\tbAc");
	board_free(b);
}

static void test_machine(void **state)
{
	struct board *b = parse_src(src_tables, NULL, 0);
	struct machine *m = board_find_machine(b, "FOO");

	assert_int_equal(b->nmachines, 1);
	assert_non_null(m);
	assert_string_equal(m->name, "Foo board");
	assert_int_equal(m->pos.line, 22);
	assert_int_equal(value_field_int(m->record, "atag_offset", 0), 0x100);
	assert_int_equal(value_field(m->record, "init_machine")->kind, VAL_FUNC);
	assert_string_equal(value_field(m->record, "init_machine")->text, "foo_init");
	assert_null(board_find_var(b, "__mach_desc_FOO"));
	assert_non_null(board_find_func(b, "foo_init"));
	board_free(b);
}

/*
 * A 3.x MACHINE_START that also names .dt_compat (a board file that boots
 * either way) is a board machine; a DT_MACHINE_START record (.nr = ~0, as
 * the kernel's macro sets) is not. Both ways: parsed, and recovered from
 * the tokens when clang drops the record (an unknown name in it).
 */
static void test_dt_compat_machines(void **state)
{
	static const char src[] =
		"static void __init b_init(void) { }\n"
		"static const char *b_match[] __initdata = { \"acme,b\", NULL };\n"
		"MACHINE_START(B_BOARD, \"B board\")\n"
		"	.init_machine = b_init,\n"
		"	.dt_compat = b_match,\n"
		"MACHINE_END\n"
		"MACHINE_START(C_BOARD, \"C board\")\n"
		"	.init_machine = b_init,\n"
		"	.timer = &no_such_timer,\n"
		"	.dt_compat = b_match,\n"
		"MACHINE_END\n"
		"DT_MACHINE_START(B_DT, \"B (device tree)\")\n"
		"	.init_machine = b_init,\n"
		"	.dt_compat = b_match,\n"
		"MACHINE_END\n"
		"DT_MACHINE_START(C_DT, \"C (device tree)\")\n"
		"	.timer = &no_such_timer,\n"
		"	.dt_compat = b_match,\n"
		"MACHINE_END\n";
	struct board *b = parse_src(src, NULL, 0);

	(void)state;
	assert_int_equal(b->nmachines, 2);
	assert_non_null(board_find_machine(b, "B_BOARD"));
	assert_non_null(board_find_machine(b, "C_BOARD"));
	assert_null(board_find_machine(b, "B_DT"));
	assert_null(board_find_machine(b, "C_DT"));
	assert_false(board_find_machine(b, "B_BOARD")->dt);
	board_free(b);
}

/*
 * A file whose only records are DT_MACHINE_START (3.x shmobile's
 * board-armadillo800eva.c: its .init_machine still registers the board
 * from C) keeps them, marked, parsed or recovered from the tokens.
 */
static void test_dt_only_machines(void **state)
{
	static const char src[] =
		"static void __init e_init(void) { }\n"
		"static const char *e_match[] __initdata = { \"acme,e\", NULL };\n"
		"DT_MACHINE_START(E_DT, \"E\")\n"
		"	.init_machine = e_init,\n"
		"	.dt_compat = e_match,\n"
		"MACHINE_END\n"
		"DT_MACHINE_START(F_DT, \"F\")\n"
		"	.timer = &no_such_timer,\n"
		"	.dt_compat = e_match,\n"
		"MACHINE_END\n";
	struct board *b = parse_src(src, NULL, 0);

	(void)state;
	assert_int_equal(b->nmachines, 2);
	assert_true(board_find_machine(b, "E_DT")->dt);
	assert_true(board_find_machine(b, "F_DT")->dt);
	board_free(b);
}

static const char *src_setup =
	"static struct omap2_hsmmc_info mmc[] = { { .mmc = 1 }, {} };\n"
	"static int foo_setup(struct device *dev, unsigned gpio, unsigned ngpio)\n"
	"{\n"
	"	int rev = get_rev();\n"
	"	mmc[0].gpio_cd = gpio + 0;\n"
	"	gpio_request_one(gpio + TWL4030_GPIO_MAX + 1, GPIOF_OUT_INIT_LOW, \"x\");\n"
	"	if (rev == 3 && gpio > 2)\n"
	"		gpio_request_one(170, GPIOF_OUT_INIT_HIGH, \"DVI\");\n"
	"	else\n"
	"		gpio_request(171, NULL);\n"
	"	switch (rev) {\n"
	"	case 1:\n"
	"	case 2:\n"
	"		gpio_request(1, \"a\");\n"
	"		break;\n"
	"	default:\n"
	"		gpio_request(2, \"b\");\n"
	"	}\n"
	"	return 0;\n"
	"}\n";

static void test_symbolic(void **state)
{
	const char *defs[] = { "TWL4030_GPIO_MAX=18" };
	struct board *b = parse_src(src_setup, defs, 1);
	struct function *f = board_find_func(b, "foo_setup");
	struct store *s;
	struct call *c;

	assert_non_null(f);
	assert_int_equal(f->nparams, 3);
	assert_string_equal(f->params[1], "gpio");
	assert_int_equal(f->nstores, 2);
	s = f->stores[0];
	assert_string_equal(s->var, "rev");
	assert_string_equal(s->path, "");
	assert_int_equal(s->rhs->kind, VAL_UNKNOWN);
	assert_string_equal(s->rhs->spelling, "get_rev()");
	s = f->stores[1];
	assert_string_equal(s->var, "mmc");
	assert_string_equal(s->path, "[0].gpio_cd");
	assert_int_equal(s->rhs->kind, VAL_SYMBOLIC);
	assert_string_equal(s->rhs->sym, "gpio");
	assert_int_equal(s->rhs->sym_index, 1);
	assert_int_equal(s->rhs->ival, 0);
	assert_int_equal(s->pos.line, 5);
	c = f->calls[1];
	assert_string_equal(c->callee, "gpio_request_one");
	assert_int_equal(c->nargs, 3);
	assert_int_equal(c->args[0]->kind, VAL_SYMBOLIC);
	assert_string_equal(c->args[0]->sym, "gpio");
	assert_int_equal(c->args[0]->ival, 19);
	assert_string_equal(c->args[0]->spelling, "gpio + TWL4030_GPIO_MAX + 1");
	assert_int_equal(c->args[1]->kind, VAL_INT);
	assert_int_equal(c->args[1]->ival, 0);
	assert_string_equal(c->args[1]->spelling, "GPIOF_OUT_INIT_LOW");
	assert_string_equal(c->args[2]->text, "x");
	assert_int_equal(c->nguards, 0);
	board_free(b);
}

/* A store's array index spelled as an enumerator is its value in the path; a variable stays as written. */
static void test_store_index_by_value(void **state)
{
	static const char src[] =
		"enum { FOO_SPI_LCD, FOO_SPI_WLAN };\n"
		"struct info { int irq; };\n"
		"static struct info infos[] = { [FOO_SPI_LCD] = { 0 }, [FOO_SPI_WLAN] = { 0 } };\n"
		"static void foo_init(int n)\n"
		"{\n"
		"	infos[FOO_SPI_WLAN].irq = 5;\n"
		"	infos[n].irq = 6;\n"
		"}\n";
	struct board *b = parse_src(src, NULL, 0);
	struct function *f = board_find_func(b, "foo_init");

	(void)state;
	assert_non_null(f);
	assert_int_equal(f->nstores, 2);
	assert_string_equal(f->stores[0]->var, "infos");
	assert_string_equal(f->stores[0]->path, "[1].irq");
	assert_string_equal(f->stores[1]->path, "[n].irq");
	board_free(b);
}

/* A local set once where it is declared is its initializer's value (a
 * parameter plus an offset), as is one assigned once in the function's own
 * block before its use; one written again, whose address is taken, assigned
 * under a condition or after its use, stays unknown. */
static const char *src_locals =
	"int gpio_request_one(unsigned gpio, unsigned long flags, const char *label);\n"
	"void take(int *p);\n"
	"static int foo_setup(void *dev, unsigned gpio, unsigned ngpio)\n"
	"{\n"
	"	int wlan_rst = gpio + 2;\n"
	"	int twice = 7;\n"
	"	int moved = gpio + 3;\n"
	"	int lent = 4;\n"
	"	moved += 1;\n"
	"	take(&lent);\n"
	"	gpio_request_one(wlan_rst, 0, \"a\");\n"
	"	gpio_request_one(twice, 0, \"b\");\n"
	"	gpio_request_one(moved, 0, \"c\");\n"
	"	gpio_request_one(lent, 0, \"d\");\n"
	"	int late, guarded, after;\n"
	"	late = gpio + 5;\n"
	"	if (ngpio)\n"
	"		guarded = 9;\n"
	"	gpio_request_one(late, 0, \"e\");\n"
	"	gpio_request_one(guarded, 0, \"f\");\n"
	"	gpio_request_one(after, 0, \"g\");\n"
	"	after = 3;\n"
	"	return 0;\n"
	"}\n";

static void test_symbolic_locals(void **state)
{
	struct board *b = parse_src(src_locals, NULL, 0);
	struct function *f = board_find_func(b, "foo_setup");
	const struct call *c[7];
	size_t n = 0;

	(void)state;
	assert_non_null(f);
	for (size_t i = 0; i < f->ncalls && n < 7; i++)
		if (!strcmp(f->calls[i]->callee, "gpio_request_one"))
			c[n++] = f->calls[i];
	assert_int_equal(n, 7);
	assert_int_equal(c[0]->args[0]->kind, VAL_SYMBOLIC);
	assert_string_equal(c[0]->args[0]->sym, "gpio");
	assert_int_equal(c[0]->args[0]->ival, 2);
	assert_int_equal(c[0]->args[0]->pos.line, 11);
	assert_int_equal(c[1]->args[0]->kind, VAL_INT);
	assert_int_equal(c[1]->args[0]->ival, 7);
	assert_int_not_equal(c[2]->args[0]->kind, VAL_SYMBOLIC);
	assert_int_not_equal(c[3]->args[0]->kind, VAL_INT);
	/* assigned once in the function's own block, before the use */
	assert_int_equal(c[4]->args[0]->kind, VAL_SYMBOLIC);
	assert_int_equal(c[4]->args[0]->ival, 5);
	assert_int_equal(c[4]->args[0]->pos.line, 19);
	/* assigned under a condition, or after the use: not known */
	assert_int_not_equal(c[5]->args[0]->kind, VAL_INT);
	assert_int_not_equal(c[6]->args[0]->kind, VAL_INT);
	board_free(b);
}

static void test_guards(void **state)
{
	const char *defs[] = { "TWL4030_GPIO_MAX=18" };
	struct board *b = parse_src(src_setup, defs, 1);
	struct function *f = board_find_func(b, "foo_setup");
	struct call *c;

	assert_int_equal(f->ncalls, 6);
	assert_string_equal(f->calls[0]->callee, "get_rev");
	c = f->calls[2];
	assert_int_equal(c->args[0]->ival, 170);
	assert_int_equal(c->nguards, 1);
	assert_false(c->guards[0]->negated);
	assert_string_equal(c->guards[0]->text, "rev == 3 && gpio > 2");
	assert_int_equal(c->guards[0]->cond->kind, VAL_EXPR);
	assert_string_equal(c->guards[0]->cond->text, "&&");
	assert_int_equal(c->guards[0]->cond->nkids, 2);
	assert_string_equal(c->guards[0]->cond->kids[0]->text, "==");
	assert_int_equal(c->guards[0]->cond->kids[0]->kids[1]->ival, 3);
	c = f->calls[3];
	assert_true(c->guards[0]->negated);
	assert_string_equal(c->guards[0]->text, "!(rev == 3 && gpio > 2)");
	assert_int_equal(c->args[1]->kind, VAL_NULL);
	c = f->calls[4];
	assert_int_equal(c->nguards, 1);
	assert_string_equal(c->guards[0]->text, "rev == 1 || rev == 2");
	assert_string_equal(c->guards[0]->cond->text, "||");
	c = f->calls[5];
	assert_string_equal(c->guards[0]->text, "default(rev)");
	assert_string_equal(c->guards[0]->cond->text, "default");
	board_free(b);
}

static void test_token_fallback(void **state)
{
	const char *src =
		"#define MY_GPIO ((gpio_t)(3 << 2) + 0x10UL)\n"
		"#define LOOP (LOOP + 1)\n"
		"struct s { int gpio; const char *n; int k; };\n"
		"static void cb(void) { }\n"
		"static struct s x = { .gpio = MY_GPIO, .n = \"a\", .k = LOOP, .nofield = 1 };\n"
		"static struct s y = { .n = NULL, .gpio = 5 };\n"
		"static void (*fp)(void) = cb;\n";
	struct board *b = parse_src(src, NULL, 0);
	struct value *x = board_find_var(b, "x")->init;

	assert_true(b->clang_errors > 0);
	assert_int_equal(x->kind, VAL_LIST);
	assert_int_equal(value_field(x, "gpio")->kind, VAL_INT);
	assert_int_equal(value_field(x, "gpio")->ival, 28);
	assert_string_equal(value_field(x, "gpio")->spelling, "MY_GPIO");
	assert_int_equal(value_field(x, "gpio")->pos.line, 5);
	assert_string_equal(value_field_str(x, "n"), "a");
	/* self-referencing macro: no hang, no value */
	assert_int_equal(value_field(x, "k")->kind, VAL_UNKNOWN);
	assert_string_equal(value_field(x, "k")->spelling, "LOOP");
	assert_int_equal(value_field_int(board_find_var(b, "y")->init, "gpio", 0), 5);
	assert_int_equal(board_find_var(b, "fp")->init->kind, VAL_FUNC);
	board_free(b);
}

/*
 * What kbuild and <linux/init.h> give every board file: KBUILD_MODNAME (a
 * `pr_fmt` built on it made every pr_err() a syntax error) and __setup() /
 * early_param(), a struct obs_kernel_param naming the option and its parser.
 */
static void test_kbuild_names_and_setup(void **state)
{
	const char *src =
		"#define pr_fmt(fmt) KBUILD_MODNAME \": \" fmt\n"
		"static int __init feat_setup(char *str) { return 1; }\n"
		"__setup(\"feat=\", feat_setup);\n"
		"static int __init early_setup(char *str) { return 0; }\n"
		"early_param(\"early\", early_setup);\n"
		"static const char *mod = KBUILD_MODNAME;\n"
		"static int __init con_init(void) { return 0; }\n"
		"console_initcall(con_init);\n"
		"static void __init foo_init(void) { pr_err(\"no %d\\n\", 1); }\n";
	struct board *b = parse_src(src, NULL, 0);
	const struct variable *v = board_find_var(b, "__setup_feat_setup");

	(void)state;
	assert_int_equal(b->clang_errors, 0);
	assert_string_equal(board_find_var(b, "mod")->init->text, "b2d_test_board");
	assert_non_null(v);
	assert_string_equal(v->type, "obs_kernel_param");
	assert_int_equal(value_field(v->init, "setup_func")->kind, VAL_FUNC);
	assert_string_equal(value_field(v->init, "setup_func")->text, "feat_setup");
	assert_int_equal(value_field_int(board_find_var(b, "__setup_early_setup")->init, "early", 0), 1);
	assert_int_equal(board_find_var(b, "__initcall_con_initcon")->init->kind, VAL_FUNC);
	board_free(b);
}

static void test_not_c(void **state)
{
	const char *src = "#!/bin/sh\nset -e\nfor f in *; do echo \"$f\"; done\n";
	struct unsaved_source u = { "/tmp/b2d-test-script.c", src, strlen(src) };
	struct extract_options o = { .model_dir = MODEL_DIR, .unsaved = &u, .nunsaved = 1 };
	struct board *b = NULL;

	diag_set_quiet(true);
	diag_reset_counts();
	assert_int_equal(extract_board(u.path, &o, &b), B2D_ERR_PARSE);
	assert_null(b);
	/* Every failure is one diagnostic through common/diag.h (counted, quiet). */
	assert_int_equal(diag_error_count(), 1);
	assert_string_equal(diag_last(),
			    "/tmp/b2d-test-script.c:1:2: error: invalid preprocessing directive");
	assert_int_equal(extract_board("/nonexistent/board.c", &o, &b), B2D_ERR_IO);
	assert_int_equal(diag_error_count(), 2);
	assert_string_equal(diag_last(),
			    "/nonexistent/board.c: error: cannot read file: No such file or directory");
	o.build_dir = "/nonexistent-build-dir";
	assert_int_not_equal(extract_board(u.path, &o, &b), B2D_OK);
	assert_int_equal(diag_error_count(), 3);
	assert_non_null(strstr(diag_last(), "compile_commands.json"));
	diag_set_quiet(false);
}

static void test_json(void **state)
{
	struct board *b = parse_src(src_tables, NULL, 0);
	struct strbuf sb;

	sb_init(&sb);
	board_dump_json(b, &sb);
	assert_non_null(strstr(sb.buf, "\"id\": \"FOO\""));
	assert_non_null(strstr(sb.buf, "\"spelling\": \"GPIO_WIFI\""));
	sb_free(&sb);
	board_free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_designated_positional),
		cmocka_unit_test(test_macro_arg_call),
		cmocka_unit_test(test_refs_nested),
		cmocka_unit_test(test_machine),
		cmocka_unit_test(test_dt_compat_machines),
		cmocka_unit_test(test_dt_only_machines),
		cmocka_unit_test(test_symbolic),
		cmocka_unit_test(test_symbolic_locals),
		cmocka_unit_test(test_store_index_by_value),
		cmocka_unit_test(test_guards),
		cmocka_unit_test(test_token_fallback),
		cmocka_unit_test(test_kbuild_names_and_setup),
		cmocka_unit_test(test_not_c),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_recovered_call),
		cmocka_unit_test(test_unnamed_struct),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
