// SPDX-License-Identifier: GPL-2.0
/*
 * Tolerant mode's second parse (extractor/synth.c): in-memory board files
 * whose struct types, identifiers and type names no header declares.
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

static struct board *parse_src(const char *src)
{
	struct unsaved_source u = { "/tmp/b2d-test-synth.c", src, strlen(src) };
	struct extract_options o = {
		.model_dir = MODEL_DIR, .unsaved = &u, .nunsaved = 1,
	};
	struct board *b = NULL;

	assert_int_equal(extract_board(u.path, &o, &b), B2D_OK);
	assert_non_null(b);
	return b;
}

static struct call *find_call(struct function *f, const char *callee)
{
	for (size_t i = 0; i < f->ncalls; i++)
		if (!strcmp(f->calls[i]->callee, callee))
			return f->calls[i];
	return NULL;
}

static const char *src_uart =
	"#define KS_UCON (S3C2410_UCON_DEFAULT | 4)\n"
	"static int cfg_setup(int port) { return port; }\n"
	"static struct s3c2410_uartcfg cfgs[] __initdata = {\n"
	"	[0] = { .hwport = 0, .flags = 0, .ucon = KS_UCON, .name = \"ttySAC\" },\n"
	"	[1] = { .hwport = 1, .ucon = 5, .clocks = { [0] = 3, [2] = 4 },\n"
	"		.port = { .base = 0x7f005000, .dev = &s3c_device_uart },\n"
	"		.setup = cfg_setup },\n"
	"};\n"
	"static struct s3c2410_platform_i2c i2c0 = { 1, 100000 };\n"
	"static struct platform_device *devs[] __initdata = {\n"
	"	&s3c_device_wdt, &s3c_device_i2c0,\n"
	"};\n"
	"static void __init ks_map_io(void)\n"
	"{\n"
	"	s3c24xx_init_uarts(cfgs, ARRAY_SIZE(cfgs));\n"
	"	s3c_i2c0_set_platdata(&i2c0);\n"
	"	s3c64xx_set_timer_source(S3C64XX_PWM3, S3C64XX_PWM4 + 1);\n"
	"	platform_add_devices(devs, ARRAY_SIZE(devs));\n"
	"}\n";

/* An unknown struct with designated members: a list of that type. */
static void test_unknown_struct(void **state)
{
	struct board *b = parse_src(src_uart);
	struct variable *v = board_find_var(b, "cfgs");
	struct value *e0, *e1, *port;

	assert_non_null(v);
	assert_string_equal(v->type, "s3c2410_uartcfg");
	assert_true(v->is_array);
	assert_int_equal(v->init->kind, VAL_LIST);
	assert_true(v->init->is_array);
	assert_int_equal(v->init->nkids, 2);
	e0 = v->init->kids[0];
	e1 = v->init->kids[1];
	assert_int_equal(e0->kind, VAL_LIST);
	assert_string_equal(e0->type, "s3c2410_uartcfg");
	assert_int_equal(value_field_int(e0, "hwport", -1), 0);
	assert_string_equal(value_field_str(e0, "name"), "ttySAC");
	/* an invented constant is no value: spelling only */
	assert_int_equal(value_field(e0, "ucon")->kind, VAL_UNKNOWN);
	assert_string_equal(value_field(e0, "ucon")->spelling, "KS_UCON");
	assert_int_equal(value_field_int(e1, "hwport", -1), 1);
	assert_int_equal(value_field_int(e1, "ucon", -1), 5);
	/* a nested array and a nested struct, with no made-up type name */
	assert_int_equal(value_field(e1, "clocks")->kind, VAL_LIST);
	assert_true(value_field(e1, "clocks")->is_array);
	assert_int_equal(value_field(e1, "clocks")->kids[1]->ival, 4);
	assert_int_equal(value_field(e1, "clocks")->kids[1]->index, 2);
	port = value_field(e1, "port");
	assert_int_equal(port->kind, VAL_LIST);
	assert_null(port->type);
	assert_int_equal(value_field_int(port, "base", 0), 0x7f005000);
	assert_int_equal(value_field(port, "dev")->kind, VAL_ADDR);
	assert_string_equal(value_field(port, "dev")->text, "s3c_device_uart");
	assert_int_equal(value_field(e1, "setup")->kind, VAL_FUNC);
	assert_string_equal(value_field(e1, "setup")->text, "cfg_setup");
	/* positional members of an unknown struct: an index, no field name */
	v = board_find_var(b, "i2c0");
	assert_string_equal(v->type, "s3c2410_platform_i2c");
	assert_int_equal(v->init->nkids, 2);
	assert_null(v->init->kids[1]->field);
	assert_int_equal(v->init->kids[1]->ival, 100000);
	/* an array of pointers to a struct */
	v = board_find_var(b, "devs");
	assert_string_equal(v->type, "platform_device *");
	assert_true(v->is_array);
	assert_int_equal(v->init->nkids, 2);
	assert_int_equal(v->init->kids[1]->kind, VAL_ADDR);
	assert_string_equal(v->init->kids[1]->text, "s3c_device_i2c0");
	assert_true(b->reparsed);
	board_free(b);
}

/* Calls that mention such variables or undeclared names are kept. */
static void test_calls_kept(void **state)
{
	struct board *b = parse_src(src_uart);
	struct function *f = board_find_func(b, "ks_map_io");
	struct call *c;

	assert_non_null(f);
	assert_int_equal(f->ncalls, 4);
	c = find_call(f, "s3c24xx_init_uarts");
	assert_non_null(c);
	assert_int_equal(c->nargs, 2);
	assert_int_equal(c->args[0]->kind, VAL_ADDR);
	assert_string_equal(c->args[0]->text, "cfgs");
	assert_int_equal(c->args[1]->kind, VAL_INT);
	assert_int_equal(c->args[1]->ival, 2);
	c = find_call(f, "s3c_i2c0_set_platdata");
	assert_non_null(c);
	assert_int_equal(c->args[0]->kind, VAL_ADDR);
	assert_string_equal(c->args[0]->text, "i2c0");
	c = find_call(f, "s3c64xx_set_timer_source");
	assert_non_null(c);
	assert_int_equal(c->nargs, 2);
	assert_int_equal(c->args[0]->kind, VAL_UNKNOWN);
	assert_string_equal(c->args[0]->spelling, "S3C64XX_PWM3");
	assert_int_equal(c->args[1]->kind, VAL_UNKNOWN);
	assert_string_equal(c->args[1]->spelling, "S3C64XX_PWM4 + 1");
	c = find_call(f, "platform_add_devices");
	assert_non_null(c);
	assert_int_equal(c->args[1]->ival, 2);
	board_free(b);
}

/*
 * Type names, casts, assignments and members through incomplete pointers:
 * the calls and stores around them survive.
 */
static void test_types_and_members(void **state)
{
	const char *src =
		"#define PULL_NONE ((__force pull_t)0x00)\n"
		"static mfp_cfg_t pins[] = { GPIO1_X, GPIO2_Y };\n"
		"static struct foo_data pd = { .a = 1 };\n"
		"static void __init board_init(void)\n"
		"{\n"
		"	struct emac_platform_data *e = get_emac();\n"
		"	GPDR = GPDR | 3;\n"
		"	s3c_gpio_setpull(5, PULL_NONE);\n"
		"	pd.b.c = &pins;\n"
		"	if (e->rmii_en)\n"
		"		e->phy_id = 7;\n"
		"	pxa2xx_mfp_config(pins, ARRAY_SIZE(pins));\n"
		"}\n";
	struct board *b = parse_src(src);
	struct function *f = board_find_func(b, "board_init");
	struct call *c;

	assert_non_null(f);
	assert_non_null(find_call(f, "s3c_gpio_setpull"));
	c = find_call(f, "pxa2xx_mfp_config");
	assert_non_null(c);
	assert_int_equal(c->args[1]->ival, 2);
	assert_int_equal(f->nstores, 4);	/* e, GPDR, pd.b.c, e->phy_id */
	assert_string_equal(f->stores[2]->var, "pd");
	assert_string_equal(f->stores[2]->path, ".b.c");
	assert_string_equal(f->stores[3]->path, "->phy_id");
	assert_int_equal(f->stores[3]->nguards, 1);
	assert_int_equal(f->stores[3]->rhs->ival, 7);
	assert_int_equal(b->clang_errors, 0);
	board_free(b);
}

/* A file with no errors is parsed once. */
static void test_no_reparse(void **state)
{
	struct board *b = parse_src("static int x = 1;\n");

	assert_false(b->reparsed);
	assert_int_equal(b->clang_errors, 0);
	board_free(b);
}

/*
 * A struct declared inside an initializer (the kernel's ARRAY_SIZE() has
 * BUILD_BUG_ON_ZERO's `sizeof(struct { int:..; })`) is a file-scope
 * declaration of its own: the member after it must still be read (issue
 * 16: `.partitions` of a 2.6.3x NAND set was lost).
 */
static void test_struct_inside_initializer(void **state)
{
	struct board *b = parse_src(
		"#define CHECKED_SIZE(a) (sizeof(a) / sizeof((a)[0]) + \\\n"
		"	sizeof(struct { int:(-!!(0)); }))\n"
		"static struct mtd_partition parts[] = { { .name = \"a\", .size = 4096 } };\n"
		"static struct old_nand_set sets[] = {\n"
		"	[0] = { .nr_chips = 1, .nr_partitions = CHECKED_SIZE(parts),\n"
		"		.partitions = parts, .name = \"nand\" },\n"
		"};\n");
	struct variable *v = board_find_var(b, "sets");
	struct value *e0;

	(void)state;
	assert_non_null(v);
	assert_int_equal(v->init->nkids, 1);
	e0 = v->init->kids[0];
	assert_non_null(value_field(e0, "partitions"));
	assert_int_equal(value_field(e0, "partitions")->kind, VAL_ADDR);
	assert_string_equal(value_field(e0, "partitions")->text, "parts");
	assert_string_equal(value_field_str(e0, "name"), "nand");
	board_free(b);
}

/*
 * `(X)` is a cast only where X is a type: an undeclared X in `if (X) f();`,
 * in a call's argument `g(X)`, or used as a value elsewhere
 * (`.irq = X,`) is a value, an enum constant; declaring it a type would drop
 * every expression that uses it (the call under the `if`, the initializer).
 */
static void test_paren_value_is_no_cast(void **state)
{
	struct board *b = parse_src(
		"extern int setup_dev(int irq);\n"
		"static struct old_pdata pd = { .irq = (BOARD_IRQ) & 0xff, .gpio = BOARD_IRQ };\n"
		"static void __init board_init(void)\n"
		"{\n"
		"	if (HAS_DEV) setup_dev(3);\n"
		"	setup_dev(BOARD_GPIO) ;\n"
		"	setup_dev((BOARD_GPIO) & 1);\n"
		"}\n"
		"static void __init other(void) { long v = (cast_t)7; setup_dev(v); }\n");
	struct function *f = board_find_func(b, "board_init");
	struct variable *v = board_find_var(b, "pd");

	(void)state;
	assert_non_null(f);
	assert_int_equal(f->ncalls, 3);
	assert_non_null(find_call(f, "setup_dev"));
	assert_int_equal(f->calls[0]->nguards, 1);
	assert_non_null(v);
	assert_non_null(value_field(v->init, "gpio"));
	/* a real cast still makes a type: the call after it is kept */
	assert_non_null(board_find_func(b, "other"));
	assert_int_equal(board_find_func(b, "other")->ncalls, 1);
	board_free(b);
}

/*
 * A struct the headers lack, whose array members are written by index
 * with an #if around some (3.x board-am3517evm.c's usbhs_bdata): the
 * directive lines are no initializer words, so the array is as long as
 * the largest index of both arms, and every element keeps its value.
 */
static void test_array_designators_under_if(void **state)
{
	struct board *b = parse_src(
		"#include <plat/usb.h>\n"
		"static const struct usbhs_omap_board_data usbhs_bdata __initconst = {\n"
		"	.port_mode[0] = OMAP_EHCI_PORT_MODE_PHY,\n"
		"#if defined(CONFIG_PANEL_X) || \\\n"
		"		defined(CONFIG_PANEL_X_MODULE)\n"
		"	.port_mode[1] = OMAP_USBHS_PORT_MODE_UNUSED,\n"
		"#else\n"
		"	.port_mode[1] = OMAP_EHCI_PORT_MODE_PHY,\n"
		"#endif\n"
		"	.port_mode[2] = OMAP_USBHS_PORT_MODE_UNUSED,\n"
		"	.reset_gpio_port[0] = 57,\n"
		"	.reset_gpio_port[1] = -22,\n"
		"	.reset_gpio_port[2] = -22\n"
		"};\n");
	struct variable *v = board_find_var(b, "usbhs_bdata");
	const struct value *pm, *rg;

	(void)state;
	assert_non_null(v);
	pm = value_field(v->init, "port_mode");
	rg = value_field(v->init, "reset_gpio_port");
	assert_non_null(pm);
	assert_non_null(rg);
	assert_int_equal(pm->kind, VAL_LIST);
	assert_int_equal(pm->nkids, 3);
	assert_int_equal(rg->nkids, 3);
	assert_int_equal(rg->kids[0]->ival, 57);
	assert_string_equal(pm->kids[2]->spelling, "OMAP_USBHS_PORT_MODE_UNUSED");
	board_free(b);
}

/*
 * A local of a type no header declares (`iomux_v3_cfg_t usbh1stp = ...;`,
 * which clang reports as an undeclared identifier at the start of a
 * statement): the type is synthesized, and the initializer clang then drops
 * (names it cannot resolve) is the expansion of a call's argument that
 * passes the local, as written; a local the function may write again is
 * not; and a local
 * assigned from itself (`w = w + 1`) before a read ends (no endless
 * recursion between the read and the assignment).
 */
static void test_local_of_unknown_type(void **state)
{
	static const char *src =
		"extern int board_rev(void);\n"
		"static void __init b_init(void)\n"
		"{\n"
		"	pad_cfg_t stp = MX51_PAD_USBH1_STP__USBH1_STP;\n"
		"	pad_cfg_t key = NEW_PAD_CTRL(MX51_PAD_EIM_A27__GPIO2_21,\n"
		"				     PAD_CTL_SRE_FAST | PAD_CTL_DSE_HIGH);\n"
		"	pad_cfg_t w = MX51_PAD_A;\n"
		"	setup_pad(stp);\n"
		"	setup_pad(key);\n"
		"	if (board_rev() > 1)\n"
		"		w = MX51_PAD_B;\n"
		"	setup_pad(w);\n"
		"}\n"
		"MACHINE_START(PADS, \"pads\")\n"
		"	.init_machine = b_init,\n"
		"MACHINE_END\n";
	struct board *b = parse_src(src);
	struct function *f = board_find_func(b, "b_init");

	(void)state;
	assert_non_null(f);
	assert_int_equal(f->ncalls, 4);
	assert_int_equal(f->calls[0]->args[0]->kind, VAL_UNKNOWN);
	assert_string_equal(f->calls[0]->args[0]->spelling, "stp");
	assert_string_equal(f->calls[0]->args[0]->expansion, "stp -> MX51_PAD_USBH1_STP__USBH1_STP");
	assert_int_equal(f->calls[0]->args[0]->pos.line, 8);
	assert_string_equal(f->calls[1]->args[0]->expansion, "key -> NEW_PAD_CTRL(MX51_PAD_EIM_A27__GPIO2_21, "
			    "PAD_CTL_SRE_FAST | PAD_CTL_DSE_HIGH)");
	assert_string_equal(f->calls[3]->args[0]->spelling, "w");
	assert_null(f->calls[3]->args[0]->expansion);
	board_free(b);

	b = parse_src("static void __init c_init(void)\n"
		      "{\n"
		      "	int w = 3;\n"
		      "	w = w + 1;\n"
		      "	setup_pad(w);\n"
		      "}\n");
	f = board_find_func(b, "c_init");
	assert_non_null(f);
	assert_int_equal(f->ncalls, 1);
	board_free(b);
}

/*
 * `static struct __initdata macb_platform_data cam60_macb_data = {...}` (3.x
 * AT91 boards; 6.1 has no such struct): the attribute between `struct` and
 * the tag is no tag, so the struct is synthesized and its fields read. The
 * 2.6.x NAND_USE_FLASH_BBT the model's <linux/mtd/nand.h> still defines.
 */
static void test_attribute_before_tag(void **state)
{
	const char *src =
		"#include <linux/init.h>\n"
		"#include <linux/mtd/nand.h>\n"
		"static struct __initdata fx_old_pdata cam_data = {\n"
		"	.phy_irq_pin = 69,\n"
		"	.is_rmii = 0,\n"
		"};\n"
		"static unsigned int opts = NAND_USE_FLASH_BBT | 2;\n";
	struct board *b = parse_src(src);
	const struct variable *v = board_find_var(b, "cam_data");

	(void)state;
	assert_non_null(v);
	assert_non_null(v->init);
	assert_int_equal(value_field_int(v->init, "phy_irq_pin", -1), 69);
	assert_int_equal(value_field_int(v->init, "is_rmii", -1), 0);
	assert_int_equal(board_find_var(b, "opts")->init->ival, 0x10002);
	board_free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unknown_struct),
		cmocka_unit_test(test_calls_kept),
		cmocka_unit_test(test_types_and_members),
		cmocka_unit_test(test_no_reparse),
		cmocka_unit_test(test_struct_inside_initializer),
		cmocka_unit_test(test_paren_value_is_no_cast),
		cmocka_unit_test(test_array_designators_under_if),
		cmocka_unit_test(test_local_of_unknown_type),
		cmocka_unit_test(test_attribute_before_tag),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
