// SPDX-License-Identifier: GPL-2.0
/*
 * Tolerant mode grows the model to fit the file (extractor/synth_grow.c):
 * a designator the model header's struct lacks (another kernel's layout)
 * costs only itself. The rest of its initializer, and the MACHINE_START
 * record around it, are read as usual; its value is kept as a lost fact.
 * The field names here are made up, so no model header will ever have them.
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
	struct unsaved_source u = { "/tmp/b2d-test-grow.c", src, strlen(src) };
	struct extract_options o = {
		.model_dir = MODEL_DIR, .unsaved = &u, .nunsaved = 1,
	};
	struct board *b = NULL;

	assert_int_equal(extract_board(u.path, &o, &b), B2D_OK);
	assert_non_null(b);
	return b;
}

/* The lost fact whose message starts with `what`, or NULL. */
static const struct lost_fact *lost(const struct board *b, const char *what)
{
	for (size_t i = 0; i < b->nlost; i++)
		if (!strncmp(b->lost[i]->message, what, strlen(what)))
			return b->lost[i];
	return NULL;
}

static const char *src_machine =
	"static void __init old_init(void) { omap_serial_init(); }\n"
	"MACHINE_START(OLD_BOARD, \"Old board\")\n"
	"	.b2d_old_params	= 0x80000100,\n"
	"	.b2d_old_timer	= &old_timer,\n"
	"	.map_io		= old_map_io,\n"
	"	.init_machine	= old_init,\n"
	"MACHINE_END\n";

static void test_machine_record_kept(void **state)
{
	struct board *b = parse_src(src_machine);
	struct machine *m = board_find_machine(b, "OLD_BOARD");
	const struct lost_fact *l;

	assert_non_null(m);
	assert_string_equal(m->name, "Old board");
	assert_non_null(value_field(m->record, "init_machine"));
	assert_int_equal(value_field(m->record, "init_machine")->kind, VAL_FUNC);
	assert_string_equal(value_field(m->record, "init_machine")->text, "old_init");
	/* the unknown fields' values are kept, each as a lost fact naming it */
	assert_int_equal(value_field_int(m->record, "b2d_old_params", 0), 0x80000100);
	l = lost(b, ".b2d_old_params = 0x80000100");
	assert_non_null(l);
	assert_int_equal(l->pos.line, 3);
	assert_non_null(l->reason);
	assert_non_null(strstr(l->reason, "machine_desc"));
	assert_non_null(lost(b, ".b2d_old_timer = &old_timer"));
	board_free(b);
}

static const char *src_nested =
	"static struct gpio_led leds[] = {\n"
	"	{ .name = \"a\", .gpio = 12, .b2d_old_flag = 1 },\n"
	"	{ .name = \"b\", .gpio = 13, .b2d_old_label = \"x\" },\n"
	"};\n"
	"static struct gpio_led_platform_data led_data = {\n"
	"	.leds = leds, .num_leds = 2,\n"
	"};\n"
	"static struct platform_device leds_dev = {\n"
	"	.name = \"leds-gpio\",\n"
	"	.dev = { .platform_data = &led_data, .b2d_old_dma = { .mask = 3 } },\n"
	"};\n";

static void test_nested_and_arrays(void **state)
{
	struct board *b = parse_src(src_nested);
	struct variable *leds = board_find_var(b, "leds");
	struct variable *dev = board_find_var(b, "leds_dev");
	struct value *d;

	assert_non_null(leds);
	assert_int_equal(leds->init->nkids, 2);
	assert_int_equal(value_field_int(leds->init->kids[1], "gpio", -1), 13);
	assert_non_null(dev);
	assert_string_equal(value_field_str(dev->init, "name"), "leds-gpio");
	d = value_field(dev->init, "dev");
	assert_non_null(d);
	assert_non_null(value_field(d, "platform_data"));
	assert_int_equal(value_field(d, "platform_data")->kind, VAL_ADDR);
	assert_non_null(lost(b, ".b2d_old_flag = 1"));
	assert_non_null(lost(b, ".b2d_old_label = \"x\""));
	assert_non_null(lost(b, ".b2d_old_dma = "));
	board_free(b);
}

/* A file the model fits: nothing grows, nothing is lost. */
static void test_nothing_to_grow(void **state)
{
	struct board *b = parse_src("static struct gpio_led l = { .name = \"a\", .gpio = 1 };\n"
				    "static int x = UNKNOWN_MACRO;\n");

	assert_int_equal(b->nlost, 0);
	board_free(b);
}

/*
 * `.constraints.always_on = 1`: a designator path opens the member's list,
 * typed as a braced `.constraints = { ... }` would be (the engine finds the
 * struct's rule by that type; untyped, each member was "no rule for struct ?").
 */
static void test_designator_path_type(void **state)
{
	struct board *b = parse_src("struct regulation_constraints { int min_uV; int always_on; };\n"
				    "struct regulator_init_data { int n;\n"
				    "\tstruct regulation_constraints constraints; };\n"
				    "static struct regulator_init_data vmmc = {\n"
				    "\t.constraints.min_uV = 3300000,\n"
				    "\t.constraints.always_on = 1,\n"
				    "};\n");
	struct variable *v = board_find_var(b, "vmmc");
	struct value *c;

	(void)state;
	assert_non_null(v);
	c = value_field(v->init, "constraints");
	assert_non_null(c);
	assert_int_equal(c->kind, VAL_LIST);
	assert_non_null(c->type);
	assert_string_equal(c->type, "regulation_constraints");
	assert_int_equal(value_field_int(c, "min_uV", -1), 3300000);
	assert_int_equal(value_field_int(c, "always_on", -1), 1);
	board_free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_designator_path_type),
		cmocka_unit_test(test_machine_record_kept),
		cmocka_unit_test(test_nested_and_arrays),
		cmocka_unit_test(test_nothing_to_grow),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
