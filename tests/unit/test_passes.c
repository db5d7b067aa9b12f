// SPDX-License-Identifier: GPL-2.0
/* Normalisation passes: chip-select polarity, interrupts, unique names and labels, overlay order, unique TODOs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "common/util.h"
#include "emitter/emit.h"

/* The node body as the DTS writer prints it, without annotations. */
static char *body(struct dt_tree *t)
{
	struct dts_options o = { .annotate = false };
	struct strbuf sb;
	char *s, *start;

	sb_init(&sb);
	dts_write(t, &o, &sb);
	start = strstr(sb.buf, "/ {\n");
	s = xstrdup(start ? start : sb.buf);
	sb_free(&sb);
	return s;
}

static void add_irq(struct dt_tree *t, struct dt_prop *p, const char *ctrl, uint32_t irq)
{
	struct dt_chunk *c = dt_prop_add_cells(t, p);

	dt_chunk_add_ref(t, c, ctrl);
	dt_chunk_add_u32(t, c, irq);
	dt_chunk_add_macro(t, c, "IRQ_TYPE_LEVEL_LOW", 8);
}

static void test_interrupts_one_controller(void **state)
{
	struct dt_tree *t = dt_tree_new();
	struct dt_node *n = dt_node_add(t, NULL, "eth", "0");
	struct dt_prop *p, *alt;
	char *s;

	dt_prop_add_string(t, dt_prop_set(t, n, "compatible"), "smsc,lan9115");
	p = dt_prop_set(t, n, "interrupts-extended");
	p->pos.file = "board.c";
	p->pos.line = 7;
	p->origin = ".start = 42";
	add_irq(t, p, "gpio1", 3);
	add_irq(t, p, "gpio1", 4);
	alt = dt_prop_add_alt(t, p, "rev == 2");
	add_irq(t, alt, "gpio1", 5);
	alt = dt_prop_add_alt(t, p, "rev == 3");
	add_irq(t, alt, "intc", 9);
	dt_prop_add_string(t, dt_prop_set(t, n, "status"), "okay");

	graph_normalise(t);
	assert_int_equal(n->nprops, 4);
	assert_string_equal(n->props[1]->name, "interrupt-parent");
	assert_int_equal(n->props[1]->pos.line, 7);
	assert_string_equal(n->props[1]->origin, ".start = 42");
	assert_string_equal(n->props[2]->name, "interrupts");
	assert_int_equal(n->props[2]->nalts, 2);
	s = body(t);
	assert_string_equal(s,
		"/ {\n"
		"\teth@0 {\n"
		"\t\tcompatible = \"smsc,lan9115\";\n"
		"\t\tinterrupt-parent = <&gpio1>;\n"
		"\t\tinterrupts = <3 IRQ_TYPE_LEVEL_LOW>, <4 IRQ_TYPE_LEVEL_LOW>;\n"
		"\t\t/* alternative if rev == 2: interrupts = <5 IRQ_TYPE_LEVEL_LOW>; */\n"
		"\t\t/* alternative if rev == 3: interrupts-extended = <&intc 9 IRQ_TYPE_LEVEL_LOW>; */\n"
		"\t\tstatus = \"okay\";\n"
		"\t};\n"
		"};\n");
	free(s);
	dt_tree_free(t);
}

static void test_interrupts_two_controllers(void **state)
{
	struct dt_tree *t = dt_tree_new();
	struct dt_node *n = dt_node_add(t, NULL, "codec", NULL);
	struct dt_prop *p = dt_prop_set(t, n, "interrupts-extended");

	add_irq(t, p, "gpio1", 3);
	add_irq(t, p, "intc", 4);
	graph_normalise(t);
	assert_int_equal(n->nprops, 1);
	assert_string_equal(n->props[0]->name, "interrupts-extended");
	assert_int_equal(n->props[0]->chunks[1]->ncells, 3);
	assert_null(dt_prop_find(n, "interrupt-parent"));
	dt_tree_free(t);
}

static bool no_label(const void *ctx, const char *label)
{
	(void)ctx;
	(void)label;
	return false;
}

/*
 * An interrupt parent defined nowhere (an S3C2440 board's EINT7 on &gpf, a
 * target with no .dtsi for it): its interrupts go into the same TODO, not
 * left to be read against the default parent.
 */
static void test_orphan_interrupts(void **state)
{
	struct dt_tree *t = dt_tree_new();
	struct dt_node *n = dt_node_add(t, NULL, "ethernet", "20000300");
	struct dt_prop *p;

	(void)state;
	t->label_known = no_label;
	dt_prop_add_string(t, dt_prop_set(t, n, "compatible"), "davicom,dm9000");
	p = dt_prop_set(t, n, "interrupts-extended");
	p->origin = ".start = IRQ_EINT7";
	add_irq(t, p, "gpf", 7);
	graph_normalise(t);
	assert_int_equal(n->nprops, 1);
	assert_null(dt_prop_find(n, "interrupts"));
	assert_null(dt_prop_find(n, "interrupt-parent"));
	assert_int_equal(n->ntodos, 1);
	assert_string_equal(n->todos[0]->text, "interrupt-parent = <&gpf>, "
			    "interrupts = <7 IRQ_TYPE_LEVEL_LOW> (.start = IRQ_EINT7)");
	assert_int_equal(t->nunresolved, 1);
	dt_tree_free(t);
}

static bool intc_pinctrl(const void *ctx, const char *label)
{
	(void)ctx;
	return str_eq(label, "intc") || str_eq(label, "pinctrl_0");
}

/*
 * An overlay of a label nothing defines (&twl_gpio of a TWL variant whose
 * .dtsi no rule includes): dtc would reject the file, so its properties,
 * its children's and its TODOs become root TODOs and the overlay goes;
 * an overlay of a known label, or of one another overlay defines, stays.
 */
static void test_orphan_overlay(void **state)
{
	struct dt_tree *t = dt_tree_new();
	struct dt_node *o = dt_overlay(t, "twl_gpio"), *ok = dt_overlay(t, "intc");
	struct dt_node *defined = dt_overlay(t, "gpa"), *definer = dt_overlay(t, "pinctrl_0");
	struct dt_prop *p = dt_prop_set(t, o, "ti,pullups");

	(void)state;
	t->label_known = intc_pinctrl;
	p->origin = ".pullups = BIT(0)";
	dt_chunk_add_u32(t, dt_prop_add_cells(t, p), 1);
	dt_prop_add_string(t, dt_prop_set(t, dt_node_add(t, o, "gpio-hog", "3"), "line-name"), "x");
	dt_node_add_todo(t, o, &(struct srcpos){ "b.c", 9, 1 }, "debounce", "by hand");
	dt_prop_set(t, ok, "interrupt-controller");
	dt_prop_set(t, defined, "gpio-line-names");
	dt_node_add(t, dt_node_add(t, definer, "bank", NULL), "gpa", NULL)->label = "gpa";
	dt_prop_set(t, definer, "status");
	graph_normalise(t);
	assert_int_equal(t->noverlays, 3);
	for (size_t i = 0; i < t->noverlays; i++)
		assert_false(str_eq(t->overlays[i]->ref, "twl_gpio"));
	assert_int_equal(t->ntodos, 3);
	assert_string_equal(t->todos[0]->text, "&twl_gpio { ti,pullups = <1>; } (.pullups = BIT(0))");
	assert_non_null(strstr(t->todos[0]->reason, "&twl_gpio is defined nowhere"));
	assert_string_equal(t->todos[1]->text, "debounce");
	assert_string_equal(t->todos[2]->text, "&twl_gpio/gpio-hog@3 { line-name = \"x\"; }");
	assert_int_equal(t->nunresolved, 1);
	dt_tree_free(t);
}

/*
 * A property several facts made (a GPIO lookup table's bus-gpios, one entry
 * per line) whose provider is defined nowhere: every one of those facts is
 * a TODO, not only the one on the property's (last) line.
 */
static void test_orphan_merged_property(void **state)
{
	struct dt_tree *t = dt_tree_new();
	struct dt_node *sdi = dt_overlay(t, "sdi");
	struct dt_prop *p = dt_prop_set(t, sdi, "bus-gpios");
	struct fact *f[3], *other;

	(void)state;
	t->label_known = no_label;
	for (unsigned i = 0; i < 3; i++) {
		struct dt_chunk *c = dt_prop_add_cells(t, p);

		dt_chunk_add_ref(t, c, "gpe");
		dt_chunk_add_u32(t, c, 5 + i);
		f[i] = dt_add_fact(t, "field", "table", &(struct srcpos){ "b.c", 10 + i, 1 });
		f[i]->fate = FACT_CONVERTED;
		f[i]->became = "&sdi bus-gpios";
	}
	p->pos = (struct srcpos){ "b.c", 12, 1 };
	other = dt_add_fact(t, "field", "other", &(struct srcpos){ "b.c", 20, 1 });
	other->fate = FACT_CONVERTED;
	other->became = "&sdi bus-width";
	graph_normalise(t);
	for (unsigned i = 0; i < 3; i++)
		assert_int_equal(f[i]->fate, FACT_TODO);
	assert_int_equal(other->fate, FACT_CONVERTED);
	dt_tree_free(t);
}

static void test_unique_names(void **state)
{
	struct dt_tree *t = dt_tree_new();
	struct dt_node *leds = dt_node_add(t, NULL, "leds", NULL);
	struct dt_node *i2c = dt_overlay(t, "i2c1");

	dt_node_add(t, leds, "LED", NULL);
	dt_node_add(t, leds, "led-0", NULL);	/* taken: numbering skips it */
	dt_node_add(t, leds, "led", NULL);
	dt_node_add(t, leds, "Power LED", NULL);
	dt_node_add(t, i2c, "eeprom", "50");
	dt_node_add(t, i2c, "eeprom", "50");
	dt_node_add(t, i2c, "eeprom", "51");
	dt_node_add(t, i2c, "partition", "0");
	dt_node_add(t, i2c, "partition", "0");
	dt_node_add(t, i2c, "partition-1", "0");	/* taken: numbering skips it */
	dt_node_add(t, i2c, "partition", "0");
	graph_normalise(t);
	assert_string_equal(leds->children[0]->name, "led-1");
	assert_string_equal(leds->children[1]->name, "led-0");
	assert_string_equal(leds->children[2]->name, "led-2");
	assert_string_equal(leds->children[3]->name, "power-led");
	/* With a unit address the first keeps its name: an index only where needed. */
	assert_string_equal(i2c->children[0]->name, "eeprom");
	assert_string_equal(i2c->children[1]->name, "eeprom-1");
	assert_string_equal(i2c->children[2]->name, "eeprom");
	assert_string_equal(i2c->children[3]->name, "partition");
	assert_string_equal(i2c->children[4]->name, "partition-2");
	assert_string_equal(i2c->children[5]->name, "partition-1");
	assert_string_equal(i2c->children[6]->name, "partition-3");
	assert_string_equal(dt_node_path(t, i2c->children[1]), "&i2c1/eeprom-1@50");
	assert_string_equal(dt_node_path(t, i2c->children[0]), "&i2c1/eeprom@50");
	assert_string_equal(dt_node_path(t, leds->children[3]), "/leds/power-led");
	assert_string_equal(dt_node_path(t, t->root), "/");
	dt_tree_free(t);
}

static void test_unique_labels(void **state)
{
	struct dt_tree *t = dt_tree_new();
	struct dt_node *a = dt_node_add(t, NULL, "a", NULL);
	struct dt_node *b = dt_node_add(t, NULL, "b", NULL);
	struct dt_node *c = dt_node_add(t, dt_overlay(t, "i2c1"), "c", NULL);
	struct dt_node *d = dt_node_add(t, NULL, "d", NULL);
	struct dt_prop *p = dt_prop_set(t, d, "x-supply");

	a->label = "vmmc";
	b->label = "vmmc";
	c->label = "VMMC 2";
	dt_chunk_add_ref(t, dt_prop_add_cells(t, p), "VMMC 2");
	dt_prop_add_ref_path(t, dt_prop_set(t, d, "path"), "VMMC 2");
	graph_normalise(t);
	assert_string_equal(a->label, "vmmc");
	assert_string_equal(b->label, "vmmc_1");
	assert_string_equal(c->label, "vmmc_2");
	assert_string_equal(p->chunks[0]->cells[0].text, "vmmc_2");
	assert_string_equal(dt_prop_find(d, "path")->chunks[0]->str, "vmmc_2");
	dt_tree_free(t);
}

static void test_sort_overlays(void **state)
{
	struct dt_tree *t = dt_tree_new();
	const char *order[] = { "usb", "i2c2", "gpio1", "i2c10", "mmc1" };
	const char *want[] = { "gpio1", "i2c10", "i2c2", "mmc1", "usb" };

	for (size_t i = 0; i < 5; i++)
		dt_overlay(t, order[i]);
	assert_ptr_equal(dt_overlay(t, "usb"), t->overlays[0]);
	graph_normalise(t);
	assert_int_equal(t->noverlays, 5);
	for (size_t i = 0; i < 5; i++)
		assert_string_equal(t->overlays[i]->ref, want[i]);
	dt_tree_free(t);
}

/*
 * dtc knows a label only after its definition: an overlay of a label that
 * another overlay defines (a GPIO bank under &pinctrl_0, a chain of them)
 * follows its definer, whatever strcmp says; the rest keep strcmp order.
 */
static void test_sort_overlays_definer_first(void **state)
{
	struct dt_tree *t = dt_tree_new();
	struct dt_node *ctl = dt_overlay(t, "pinctrl_0");
	struct dt_node *bank = dt_node_add(t, ctl, "gpa-gpio-bank", NULL);
	struct dt_node *hog;
	const char *want[] = { "i2c", "pinctrl_0", "gpa", "hogs", "uart_0" };

	bank->label = "gpa";
	hog = dt_node_add(t, dt_overlay(t, "gpa"), "hog", NULL);
	hog->label = "hogs";
	dt_overlay(t, "uart_0");
	dt_overlay(t, "hogs");
	dt_overlay(t, "i2c");
	graph_normalise(t);
	assert_int_equal(t->noverlays, 5);
	for (size_t i = 0; i < 5; i++)
		assert_string_equal(t->overlays[i]->ref, want[i]);
	dt_tree_free(t);
}

static void test_prop_set_keeps_position(void **state)
{
	struct dt_tree *t = dt_tree_new();
	struct dt_node *n = t->root;
	struct dt_prop *p;

	dt_prop_add_string(t, dt_prop_set(t, n, "a"), "1");
	dt_prop_add_string(t, dt_prop_set(t, n, "b"), "2");
	p = dt_prop_set(t, n, "a");
	dt_prop_add_string(t, p, "3");
	assert_int_equal(n->nprops, 2);
	assert_ptr_equal(n->props[0], p);
	assert_int_equal(p->nchunks, 1);
	assert_string_equal(p->chunks[0]->str, "3");
	dt_prop_del(n, "a");
	assert_int_equal(n->nprops, 1);
	assert_string_equal(n->props[0]->name, "b");
	dt_tree_free(t);
}

static void add_cs(struct dt_tree *t, struct dt_prop *p, const char *ctrl, uint32_t line)
{
	struct dt_chunk *c = dt_prop_add_cells(t, p);

	if (!ctrl) {
		dt_chunk_add_u32(t, c, 0);	/* the controller's own chip select */
		return;
	}
	dt_chunk_add_ref(t, c, ctrl);
	dt_chunk_add_u32(t, c, line);
	dt_chunk_add_macro(t, c, "GPIO_ACTIVE_HIGH", 0);
}

/*
 * cs-gpios: entry N is active high when the child at reg N has spi-cs-high,
 * else active low (gpiolib forces it so); an entry with no GPIO stays <0>,
 * one with no child at its reg is active low (the legacy drivers' default);
 * a node with no children (a NAND chip's cs-gpios) keeps its flags.
 */
static void test_cs_polarity(void **state)
{
	struct dt_tree *t = dt_tree_new();
	struct dt_node *spi = dt_node_add(t, NULL, "spi", "1000");
	struct dt_node *a = dt_node_add(t, spi, "flash", "0");
	struct dt_node *b = dt_node_add(t, spi, "pmic", "2");
	struct dt_node *c = dt_node_add(t, spi, "codec", "3");
	struct dt_node *nand = dt_node_add(t, NULL, "nand", "3");
	struct dt_prop *p = dt_prop_set(t, spi, "cs-gpios");
	char *s;

	(void)state;
	add_cs(t, p, "gpio4", 28);
	add_cs(t, p, NULL, 0);
	add_cs(t, p, "gpio4", 21);
	add_cs(t, p, "gpio4", 27);
	add_cs(t, p, "gpio4", 26);
	dt_chunk_add_u32(t, dt_prop_add_cells(t, dt_prop_set(t, a, "reg")), 0);
	dt_chunk_add_u32(t, dt_prop_add_cells(t, dt_prop_set(t, b, "reg")), 2);
	dt_chunk_add_u32(t, dt_prop_add_cells(t, dt_prop_set(t, c, "reg")), 3);
	dt_prop_set(t, a, "spi-max-frequency");
	dt_prop_set(t, b, "spi-max-frequency");
	dt_prop_set(t, c, "spi-max-frequency");
	add_cs(t, dt_prop_set(t, nand, "cs-gpios"), "gpio4", 5);
	/* a NAND chip's partition at reg 0 is no SPI device */
	dt_chunk_add_u32(t, dt_prop_add_cells(t, dt_prop_set(t, dt_node_add(t, nand, "partition", "0"), "reg")), 0);
	dt_prop_set(t, b, "spi-cs-high");
	graph_normalise(t);
	s = body(t);
	assert_non_null(strstr(s, "cs-gpios = <&gpio4 28 GPIO_ACTIVE_LOW>, <0>, "
				  "<&gpio4 21 GPIO_ACTIVE_HIGH>,\n\t\t\t   <&gpio4 27 GPIO_ACTIVE_LOW>, "
				  "<&gpio4 26 GPIO_ACTIVE_LOW>;"));
	assert_non_null(strstr(s, "nand@3 {\n\t\tcs-gpios = <&gpio4 5 GPIO_ACTIVE_HIGH>;"));
	free(s);
	dt_tree_free(t);
}

/* The same TODO twice on one node (four flag rules, one unknown .flags) is written once;
 * one at another line, or with another reason, stays; so do file-end TODOs alike. */
static void test_unique_todos(void **state)
{
	struct dt_tree *t = dt_tree_new();
	struct dt_node *n = dt_node_add(t, NULL, "pmic", "0");
	struct dt_node *m = dt_node_add(t, NULL, "codec", "1");
	struct srcpos a = { "board.c", 242, 3 }, b = { "board.c", 243, 3 };
	const char *why = "value not known at build time";

	(void)state;
	for (int i = 0; i < 4; i++)
		dt_node_add_todo(t, n, &a, ".flags = MC13783_USE_X", why);
	dt_node_add_todo(t, n, &b, ".flags = MC13783_USE_X", why);
	dt_node_add_todo(t, n, &a, ".flags = MC13783_USE_X", "another reason");
	dt_node_add_todo(t, m, &a, ".flags = MC13783_USE_X", why);
	dt_node_add_todo(t, NULL, &a, "foo()", why);
	dt_node_add_todo(t, NULL, &a, "foo()", why);
	dt_node_add_todo(t, NULL, &b, "foo()", why);
	graph_normalise(t);
	assert_int_equal(n->ntodos, 3);
	assert_int_equal(n->todos[0]->pos.line, 242);
	assert_string_equal(n->todos[0]->reason, why);
	assert_int_equal(n->todos[1]->pos.line, 243);
	assert_string_equal(n->todos[2]->reason, "another reason");
	assert_int_equal(m->ntodos, 1);
	assert_int_equal(t->ntodos, 2);
	dt_tree_free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_interrupts_one_controller),
		cmocka_unit_test(test_interrupts_two_controllers),
		cmocka_unit_test(test_orphan_interrupts),
		cmocka_unit_test(test_orphan_overlay),
		cmocka_unit_test(test_orphan_merged_property),
		cmocka_unit_test(test_unique_names),
		cmocka_unit_test(test_unique_labels),
		cmocka_unit_test(test_sort_overlays),
		cmocka_unit_test(test_sort_overlays_definer_first),
		cmocka_unit_test(test_prop_set_keeps_position),
		cmocka_unit_test(test_cs_polarity),
		cmocka_unit_test(test_unique_todos),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
