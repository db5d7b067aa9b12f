// SPDX-License-Identifier: GPL-2.0
/*
 * review/: the vocabulary, suggestions, source-line map and the checks of
 * `board2dts check`, on tests/data/review/check-typos.dts (needs cpp and dtc);
 * the binding-schema scanner on a made-up kernel tree.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "test_kernel.h"

#include "review/review.h"

#define DATA TEST_SOURCE_DIR "/tests/data/review/"

static void test_edit_distance(void **state)
{
	assert_int_equal(rv_edit_distance("pintctrl-0", "pinctrl-0"), 1);
	assert_int_equal(rv_edit_distance("compatable", "compatible"), 1);
	assert_int_equal(rv_edit_distance("stauts", "status"), 1);
	assert_int_equal(rv_edit_distance("", "abc"), 3);
	assert_int_equal(rv_edit_distance("reg", "reg"), 0);
}

static void test_vocab(void **state)
{
	struct rv_vocab *v = rv_vocab_new();

	rv_vocab_add_standard(v);
	assert_true(rv_vocab_has(v, "compatible"));
	assert_true(rv_vocab_has(v, "reset-gpios"));
	assert_true(rv_vocab_has(v, "vmmc-supply"));
	assert_true(rv_vocab_has(v, "pinctrl-7"));
	assert_false(rv_vocab_has(v, "compatable"));
	assert_string_equal(rv_vocab_suggest(v, "compatable"), "compatible");
	assert_string_equal(rv_vocab_suggest(v, "stauts"), "status");
	assert_null(rv_vocab_suggest(v, "frobnicator-mode"));
	/* Patterns that accept anything are dropped. */
	rv_vocab_add_pattern(v, "^.*$");
	assert_false(rv_vocab_has(v, "compatable"));
	assert_true(rv_vocab_add_rules(v, TEST_SOURCE_DIR "/rules"));
	assert_true(rv_vocab_has(v, "ti,non-removable"));
	rv_vocab_free(v);
}

/* A binding schema: child-node keys, local refs, flow style, deprecation. */
static const char schema_nodes[] =
	"%YAML 1.2\n---\n$id: http://devicetree.org/schemas/x.yaml#\n"
	"properties:\n"
	"  compatible:\n    const: x,pinctrl\n"
	"  \"#gpio-cells\":\n    const: 2\n"
	"  x,old-mode:\n    deprecated: true\n"
	"    $ref: /schemas/types.yaml#/definitions/flag\n"
	"  leds:\n    type: object\n"
	"  regulators:\n    $ref: regulator.yaml#\n"
	"  x,dai-rate:\n    $ref: /schemas/sound/dai-params.yaml#/$defs/dai-sample-rate\n"
	"patternProperties:\n"
	"  '-[0-9]+$':\n    type: object\n    properties:\n      x,drive: true\n"
	"  '^mode-.*$':\n    $ref: /schemas/types.yaml#/definitions/uint32\n"
	"  '^(s|l)[0-9]*':\n    $ref: \"#/$defs/reg-node\"\n"
	"  '-state$':\n    oneOf:\n      - $ref: \"#/$defs/reg-node\"\n"
	"  '-wibble[0-9]+$':\n    description: a property family\n"
	"$defs:\n  reg-node:\n    type: object\n"
	"additionalProperties: false\n";
static const char schema_flow[] =
	"properties: {\"x,flow-prop\": {type: boolean}, \"x,quoted\": true}\n"
	"patternProperties: {\"-[0-9]+$\": {$ref: \"/schemas/types.yaml#/definitions/uint32\"}}\n";
static const char schema_vendors[] =
	"patternProperties:\n  \"^linux,.*\":\n    description: Linux-specific binding\n";

static char *put_file(const char *dir, const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", dir, name);
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
	return path;
}

static void test_kscan(void **state)
{
	char tmpl[] = "/tmp/b2d-kscan.XXXXXX", *root = mkdtemp(tmpl), *dir, *files[3];
	const char *const parts[] = { "Documentation", "devicetree", "bindings" };
	struct rv_vocab *v = rv_vocab_new();

	assert_non_null(root);
	dir = xstrdup(root);
	for (size_t i = 0; i < 3; i++) {
		char *next = xasprintf("%s/%s", dir, parts[i]);

		assert_int_equal(mkdir(next, 0700), 0);
		free(dir);
		dir = next;
	}
	files[0] = put_file(dir, "x,pinctrl.yaml", schema_nodes);
	files[1] = put_file(dir, "x,flow.yaml", schema_flow);
	files[2] = put_file(dir, "vendor-prefixes.yaml", schema_vendors);
	assert_int_equal(rv_vocab_add_kernel(v, root, NULL), 0);
	assert_true(rv_vocab_has(v, "#gpio-cells"));
	assert_true(rv_vocab_has(v, "x,drive"));
	assert_true(rv_vocab_has(v, "x,dai-rate"));
	assert_true(rv_vocab_has(v, "x,flow-prop"));
	assert_true(rv_vocab_has(v, "x,quoted"));
	assert_true(rv_vocab_has(v, "mode-normal"));
	assert_true(rv_vocab_has(v, "vmmc-wibble3"));
	assert_int_equal(rv_vocab_flags(v, "x,old-mode"), RV_WORD_BINDING | RV_WORD_DEPRECATED);
	/* Child nodes, node patterns, a vendor's every name, a bare number suffix. */
	assert_false(rv_vocab_has(v, "leds"));
	assert_false(rv_vocab_has(v, "regulators"));
	assert_false(rv_vocab_has(v, "pintctrl-0"));
	assert_false(rv_vocab_has(v, "lvs1"));
	assert_false(rv_vocab_has(v, "foo-state"));
	assert_false(rv_vocab_has(v, "linux,cdoe"));
	rv_vocab_free(v);
	for (size_t i = 0; i < 3; i++) {
		unlink(files[i]);
		free(files[i]);
	}
	for (size_t i = 0; i < 3; i++) {
		rmdir(dir);
		*strrchr(dir, '/') = '\0';
	}
	rmdir(root);
	free(dir);
}

static void test_srcmap(void **state)
{
	struct rv_srcmap *m = rv_srcmap_parse(
		"/dts-v1/;\n\n/ { /* a.dtsi:1, a.dts:4 */\n"
		"\tgpio0: gpio@1000 { /* a.dtsi:2, a.dts:12 */\n"
		"\t\tcompatible = \"foo,gpio\"; /* a.dtsi:3 */\n"
		"\t\tgpio-controller; /* a.dtsi:6 */\n"
		"\t}; /* a.dtsi:7, a.dts:12 */\n"
		"\tleds { /* a.dts:5 */\n\t\tx = \"{\"; /* a.dts:6 */\n\t};\n};\n");

	assert_string_equal(rv_srcmap_find(m, "/gpio@1000", "compatible"), "a.dtsi:3");
	assert_string_equal(rv_srcmap_find(m, "/gpio@1000", "gpio-controller"), "a.dtsi:6");
	assert_string_equal(rv_srcmap_find(m, "/gpio@1000", NULL), "a.dts:12");
	assert_string_equal(rv_srcmap_find(m, "/leds", "x"), "a.dts:6");
	assert_null(rv_srcmap_find(m, "/leds", "y"));
	rv_srcmap_free(m);
}

static void test_checks(void **state)
{
	struct rv_input in = { 0 };
	struct rv_check_opts o = { 0 };
	struct rv_tree *t;
	struct rv_srcmap *m;
	struct rv_vocab *v = rv_vocab_new();
	struct strbuf sb;
	char *errors = NULL;

	assert_int_equal(rv_load(DATA "check-typos.dts", &in, &t, &errors), 0);
	free(errors);
	assert_int_equal(rv_srcmap_load(DATA "check-typos.dts", &in, &m), 0);
	rv_vocab_add_standard(v);
	o.vocab = v;
	o.srcmap = m;
	sb_init(&sb);
	assert_int_equal(rv_check(t, &o, &sb), 6);
	assert_non_null(strstr(sb.buf, "check-typos.dts:29: warning: /leds: pintctrl-0: "
				       "unknown property, did you mean pinctrl-0? [unknown-property]\n"));
	assert_non_null(strstr(sb.buf, "/leds/led-1: gpios: <&gpio0 6>: 1 argument cell, "
				       "but the provider's #gpio-cells = <2>"));
	assert_non_null(strstr(sb.buf, ":48: warning: /sensor@3000: interrupts: no interrupt parent"));
	assert_null(strstr(sb.buf, "linux,default-trigger"));
	sb_free(&sb);
	rv_vocab_free(v);
	rv_srcmap_free(m);
	rv_tree_free(t);
}

/* `check` of a file of tests/data/review (with kernel_dir: pin-function's tree): its output. */
static char *check_data(const char *name, const char *kernel_dir)
{
	char *path = xasprintf(DATA "%s", name), *errors = NULL;
	struct rv_input in = { 0 };
	struct rv_check_opts o = { 0 };
	struct rv_tree *t;
	struct rv_srcmap *m;
	struct strbuf sb;

	assert_int_equal(rv_load(path, &in, &t, &errors), 0);
	free(errors);
	assert_int_equal(rv_srcmap_load(path, &in, &m), 0);
	o.srcmap = m;
	o.kernel_dir = kernel_dir;
	sb_init(&sb);
	rv_check(t, &o, &sb);
	rv_srcmap_free(m);
	rv_tree_free(t);
	free(path);
	return sb_detach(&sb);
}

/*
 * Pin controllers: a pin in two groups that enabled nodes both use (pmx-c
 * repeats mpp1, but only a disabled node uses it: silent), a pinctrl-0 entry
 * that is no pin group, a pinctrl-names state without its pinctrl-N.
 */
static void test_pin_checks(void **state)
{
	char *out = check_data("check-pinctrl.dts", NULL);

	(void)state;
	assert_non_null(strstr(out, "check-pinctrl.dts:19: warning: /pin-controller@10000/pmx-b: "
				    "marvell,pins: mpp2 is also in /pin-controller@10000/pmx-a, "
				    "and both groups are in use [pin-twice]"));
	assert_non_null(strstr(out, "/serial@12000: pinctrl-0: &gpio0 is not a pin group: "
				    "no pin controller above it [pinctrl-ref]"));
	assert_non_null(strstr(out, "/serial@12000: pinctrl-names: state \"sleep\" has no "
				    "pinctrl-1 [pinctrl-ref]"));
	assert_null(strstr(out, "pmx-c"));
	assert_null(strstr(out, "/leds: pinctrl"));
	assert_null(strstr(out, "\"default\" has no"));
	free(out);
}

/*
 * pin-function, with the kernel tree: a group's function must be one the
 * controller's driver (found by compatible: pinctrl-kirkwood.c,
 * pinctrl-pxa27x.c) lists for each pin; a controller no driver knows is
 * not judged, and without --kernel nothing is said.
 */
static void test_pin_function(void **state)
{
	const char *k = test_kernel_dir("drivers/pinctrl/mvebu/pinctrl-kirkwood.c");
	char *out;

	(void)state;
	if (!k)
		skip();
	out = check_data("check-pinfn.dts", NULL);
	assert_null(strstr(out, "[pin-function]"));	/* no tree, no knowledge */
	free(out);
	out = check_data("check-pinfn.dts", k);
	assert_non_null(strstr(out, "check-pinfn.dts:20: warning: /pin-controller@10000/pmx-typo: "
				    "marvell,function: \"uart9\" is not a function of mpp10 in "
				    "drivers/pinctrl/mvebu/pinctrl-kirkwood.c ("));
	assert_non_null(strstr(out, "did you mean \"uart0\"? [pin-function]"));
	assert_non_null(strstr(out, "/pmx-nopin: marvell,function: the pin controller's driver "
				    "(drivers/pinctrl/mvebu/pinctrl-kirkwood.c) has no pin mpp99"));
	assert_non_null(strstr(out, "/mmc-typo: function: \"MMCLX\" is not a function of P32 in "
				    "drivers/pinctrl/pxa/pinctrl-pxa27x.c"));
	assert_null(strstr(out, "pmx-uart0"));
	assert_null(strstr(out, "mmc-pins"));
	assert_null(strstr(out, "pmx-unknown"));
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_edit_distance),
		cmocka_unit_test(test_vocab),
		cmocka_unit_test(test_kscan),
		cmocka_unit_test(test_srcmap),
		cmocka_unit_test(test_checks),
		cmocka_unit_test(test_pin_checks),
		cmocka_unit_test(test_pin_function),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
