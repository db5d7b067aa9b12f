// SPDX-License-Identifier: GPL-2.0
/*
 * review/: property kinds, value formatting and the node matching of
 * `board2dts diff`, on tests/data/review (needs cpp and dtc, no kernel).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "review/review.h"

#define DATA TEST_SOURCE_DIR "/tests/data/review/"

static struct rv_tree *load(const char *name)
{
	struct rv_input in = { 0 };
	struct rv_tree *t = NULL;
	char *errors = NULL;
	int rc = rv_load(name, &in, &t, &errors);

	if (rc < 0)
		fprintf(stderr, "%s", errors ? errors : "");
	free(errors);
	assert_int_equal(rc, 0);
	return t;
}

static void test_prop_kind(void **state)
{
	assert_int_equal(rv_prop_kind("gpios").kind, RV_SPECS);
	assert_string_equal(rv_prop_kind("reset-gpios").cells, "#gpio-cells");
	assert_int_equal(rv_prop_kind("snps,nr-gpios").kind, RV_PLAIN);
	assert_int_equal(rv_prop_kind("interrupts").kind, RV_IRQS);
	assert_string_equal(rv_prop_kind("interrupts-extended").cells, "#interrupt-cells");
	assert_int_equal(rv_prop_kind("pinctrl-0").kind, RV_PHANDLES);
	assert_int_equal(rv_prop_kind("pinctrl-names").kind, RV_PLAIN);
	assert_int_equal(rv_prop_kind("vcc-supply").kind, RV_PHANDLES);
	assert_string_equal(rv_prop_kind("pwms").cells, "#pwm-cells");
}

static char *fmt(const struct rv_tree *t, const char *path, const char *prop)
{
	const struct rv_node *n = rv_by_path(t, path);
	struct strbuf sb;

	assert_non_null(n);
	assert_non_null(rv_prop(n, prop));
	sb_init(&sb);
	rv_fmt_value(t, n, rv_prop(n, prop), &sb);
	return sb_detach(&sb);
}

static void test_format(void **state)
{
	struct rv_tree *t = load(DATA "diff-a.dts");
	char *s;

	s = fmt(t, "/leds/led-1", "gpios");
	assert_string_equal(s, "<&gpio0 6 GPIO_ACTIVE_LOW>");
	free(s);
	s = fmt(t, "/uart@4000", "interrupts");
	assert_string_equal(s, "<20 IRQ_TYPE_EDGE_RISING>");
	free(s);
	s = fmt(t, "/", "interrupt-parent");
	assert_string_equal(s, "<&intc>");
	free(s);
	s = fmt(t, "/gpio@2000", "reg");
	assert_string_equal(s, "<0x2000 0x100>");
	free(s);
	s = fmt(t, "/leds", "compatible");
	assert_string_equal(s, "\"gpio-leds\"");
	free(s);
	rv_tree_free(t);
}

static const struct rv_node_diff *find(const struct rv_diff *d, const char *path)
{
	for (size_t i = 0; i < d->nnodes; i++)
		if (!strcmp(d->nodes[i].a ? d->nodes[i].a->path : d->nodes[i].b->path, path))
			return &d->nodes[i];
	return NULL;
}

static void test_match(void **state)
{
	struct rv_tree *a = load(DATA "diff-a.dts"), *b = load(DATA "diff-b.dts");
	const struct rv_node_diff *nd;
	struct rv_diff d;

	rv_diff(a, b, &d);
	assert_int_equal(d.nnodes, 5);
	nd = find(&d, "/uart@4000");
	assert_non_null(nd);
	assert_true(nd->moved);
	assert_string_equal(nd->b->path, "/serial@4000");
	assert_string_equal(nd->matched_by, "compatible + reg");
	nd = find(&d, "/gpio@3000");
	assert_string_equal(nd->old_labels, "gpio1");
	assert_string_equal(nd->new_labels, "gpiob");
	assert_int_equal(nd->nprops, 0);
	/* led-2 points at the renamed label: not a change. */
	assert_null(find(&d, "/leds/led-2"));
	nd = find(&d, "/leds/led-3");
	assert_int_equal(nd->change, RV_REMOVED);
	rv_diff_free(&d);
	rv_tree_free(a);
	rv_tree_free(b);
}

/* Renamed nodes without an address: by compatible under matched parents, then by label. */
static void test_match_renamed(void **state)
{
	struct rv_tree *a = load(DATA "diff-rename-a.dts"), *b = load(DATA "diff-rename-b.dts");
	const struct rv_node_diff *nd;
	struct rv_diff d;

	(void)state;
	rv_diff(a, b, &d);
	nd = find(&d, "/leds");
	assert_non_null(nd);
	assert_true(nd->moved);
	assert_string_equal(nd->b->path, "/gpio-leds");
	assert_string_equal(nd->matched_by, "compatible");
	nd = find(&d, "/leds/led-0");
	assert_non_null(nd);
	assert_string_equal(nd->b->path, "/gpio-leds/health");
	assert_string_equal(nd->matched_by, "label property");
	assert_int_equal(nd->nprops, 0);
	nd = find(&d, "/leds/led-1");
	assert_string_equal(nd->b->path, "/gpio-leds/fault");
	assert_int_equal(nd->nprops, 1);	/* the line differs */
	assert_string_equal(nd->props[0].name, "gpios");
	rv_diff_free(&d);
	rv_tree_free(a);
	rv_tree_free(b);
}

static void test_equal(void **state)
{
	struct rv_tree *a = load(DATA "diff-a.dts"), *b = load(DATA "diff-a.dts");
	struct rv_diff d;
	struct strbuf sb;

	rv_diff(a, b, &d);
	assert_int_equal(d.nnodes, 0);
	sb_init(&sb);
	rv_diff_write(&d, RV_FMT_JSON, &sb);
	assert_non_null(strstr(sb.buf, "\"equal\": true"));
	sb_free(&sb);
	rv_diff_free(&d);
	rv_tree_free(a);
	rv_tree_free(b);
}

/* Renumbered phandles in properties no table names are no change; another node is. */
static void test_phandle_renumbered(void **state)
{
	struct rv_tree *a = load(DATA "diff-phandle-a.dts"), *b = load(DATA "diff-phandle-b.dts");
	struct rv_diff d;
	const struct rv_node_diff *nd;

	(void)state;
	rv_diff(a, b, &d);
	nd = find(&d, "/ebi");
	assert_non_null(nd);
	assert_int_equal(nd->nprops, 1);
	assert_string_equal(nd->props[0].name, "other");
	rv_diff_free(&d);
	rv_tree_free(a);
	rv_tree_free(b);
}

static void test_dtc_errors(void **state)
{
	char *s = rv_dtc_errors("x.dts:3.7-5.4: Warning (w): /a: something\n"
				"Error: x.dts:5.2-3 syntax error\nFATAL ERROR: Unable to parse input tree\n",
				"x.dts");

	assert_string_equal(s, "x.dts:5: error: syntax error\n"
			       "x.dts: error: Unable to parse input tree\n");
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_prop_kind),
		cmocka_unit_test(test_format),
		cmocka_unit_test(test_match),
		cmocka_unit_test(test_match_renamed),
		cmocka_unit_test(test_equal),
		cmocka_unit_test(test_phandle_renumbered),
		cmocka_unit_test(test_dtc_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
