// SPDX-License-Identifier: GPL-2.0
/*
 * The review page writer (emitter/html.h): escaping, the C highlighter, the
 * reason classes, the .dts writer's marks, a whole page of a small tree and
 * batch's index. The page in a browser: tests/scripts/html.sh.
 */
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
#include "emitter/html.h"

/* needle is in hay; the failure names it. */
static void has(const char *hay, const char *needle)
{
	if (!strstr(hay, needle))
		fail_msg("no \"%s\" in:\n%.2000s", needle, hay);
}

static char *escaped(const char *s, size_t n)
{
	struct strbuf sb;

	sb_init(&sb);
	html_escape(&sb, s, n);
	return sb_detach(&sb);
}

static void test_escape(void **state)
{
	static const char bad[] = "a\xff" "b\x01" "c\t\xc3";
	char *e;

	(void)state;
	e = escaped("<a href='x'>&\"", 14);
	assert_string_equal(e, "&lt;a href=&#39;x&#39;&gt;&amp;&quot;");
	free(e);
	/* not UTF-8, a control byte, a sequence cut at the end: U+FFFD; tab kept */
	e = escaped(bad, sizeof(bad) - 1);
	assert_string_equal(e, "a\xef\xbf\xbd" "b\xef\xbf\xbd" "c\t\xef\xbf\xbd");
	free(e);
	e = escaped("caf\xc3\xa9", 5);
	assert_string_equal(e, "caf\xc3\xa9");
	free(e);
	e = escaped("a\0b", 3);	/* a NUL inside the text */
	assert_string_equal(e, "a\xef\xbf\xbd" "b");
	free(e);
}

static char *c_line(const char *s, int *st)
{
	struct strbuf sb;

	sb_init(&sb);
	html_c_line(&sb, s, strlen(s), st);
	return sb_detach(&sb);
}

/* Lines in order (the state carries over), each with the state after it and what it holds. */
static const struct hl_step {
	const char *line;
	int state;
	const char *has[3];
} hl_steps[] = {
	{ "static int x = 0x10; // a <b>", 0,
	  { "<span class=\"kw\">static</span> <span class=\"kw\">int</span> x",
	    "<span class=\"nu\">0x10</span>;", "<span class=\"cm\">// a &lt;b&gt;</span>" } },
	{ "\t.name = \"a<b\\\"\", 'c',", 0,
	  { "<span class=\"st\">&quot;a&lt;b\\&quot;&quot;</span>",
	    "<span class=\"st\">&#39;c&#39;</span>" } },
	/* a block comment over two lines */
	{ "int a; /* start", 1, { "<span class=\"cm\">/* start</span>" } },
	{ "end */ int b;", 0, { "<span class=\"cm\">end */</span> <span class=\"kw\">int</span>" } },
	/* a macro continued on the next line */
	{ "#define X \\", 2, { "<span class=\"pp\">#define X \\</span>" } },
	{ "\t(1 + 2)", 0, { "<span class=\"pp\">\t(1 + 2)</span>" } },
};

static void test_c_highlight(void **state)
{
	int st = 0;

	(void)state;
	for (size_t i = 0; i < sizeof(hl_steps) / sizeof(*hl_steps); i++) {
		char *h = c_line(hl_steps[i].line, &st);

		assert_int_equal(st, hl_steps[i].state);
		for (size_t k = 0; k < 3 && hl_steps[i].has[k]; k++)
			has(h, hl_steps[i].has[k]);
		free(h);
	}
}

static void test_reason_class(void **state)
{
	(void)state;
	assert_string_equal(html_reason_id(html_reason_class("no rule for struct foo")), "rule");
	assert_string_equal(html_reason_id(html_reason_class(
		"only when HAS_MMC (decide with --assume)")), "cond");
	assert_string_equal(html_reason_id(html_reason_class("no OHCI node in s3c64xx.dtsi")),
			    "target");
	assert_string_equal(html_reason_id(html_reason_class("not registered by this machine's code")),
			    "unreg");
	assert_string_equal(html_reason_id(html_reason_class("zzz")), "other");
	assert_string_equal(html_reason_id(html_reason_class(NULL)), "other");
	assert_true(html_reason_count() >= 2);
}

static const char board_c[] =
	"/* </script><script>x()</script> */\n"	/* 1 */
	"static struct gpio_led leds[] = {\n"		/* 2 */
	"\t{ .name = \"a&b\", .gpio = 5 },\n"		/* 3 */
	"\t{ .name = \"unused\" },\n"			/* 4 */
	"};\n";						/* 5 */

static struct dt_tree *small_tree(void)
{
	struct dt_tree *t = dt_tree_new();
	struct dt_node *leds = dt_node_add(t, t->root, "leds", NULL);
	struct dt_prop *p;
	struct srcpos at3 = { "board.c", 3, 2 }, at4 = { "board.c", 4, 2 };

	t->machine_id = "M<1>";
	t->source = "board.c";
	p = dt_prop_set(t, t->root, "model");
	dt_prop_add_string(t, p, "Board \"<&>\"");
	p = dt_prop_set(t, leds, "label");
	dt_prop_add_string(t, p, "a&b");
	p->pos = at3;
	p->origin = ".name = \"a&b\"";
	dt_node_add_todo(t, leds, &at4, ".name = \"unused\"", "no rule for it");
	dt_node_add_todo(t, NULL, &at3, ".gpio = 5", "only when X (decide with --assume)");
	dt_add_fact(t, "field", ".name = \"unused\"", &at4)->fate = FACT_TODO;
	return t;
}

static size_t count(const char *hay, const char *needle)
{
	size_t n = 0;

	for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
		n++;
	return n;
}

static void test_marks_keep_text(void **state)
{
	struct dt_tree *t = small_tree();
	struct dts_marks mk = { 0 };
	struct strbuf a, b;

	(void)state;
	sb_init(&a);
	sb_init(&b);
	dts_write(t, &(struct dts_options){ .annotate = true }, &a);
	dts_write(t, &(struct dts_options){ .annotate = true, .marks = &mk }, &b);
	assert_string_equal(a.buf, b.buf);
	assert_int_equal(mk.n, 4);	/* model, label, two TODOs */
	for (size_t i = 0; i < mk.n; i++) {
		assert_true(mk.v[i].offset == 0 || b.buf[mk.v[i].offset - 1] == '\n');
		assert_true(!mk.v[i].prop != !mk.v[i].todo);
	}
	assert_ptr_equal(mk.v[0].prop, dt_prop_find(t->root, "model"));
	assert_non_null(mk.v[3].todo);
	free(mk.v);
	sb_free(&a);
	sb_free(&b);
	dt_tree_free(t);
}

static void test_page(void **state)
{
	struct dt_tree *t = small_tree();
	unsigned init[] = { 2, 3, 4 };
	struct html_page_input in = {
		.t = t, .annotate = true, .c_path = "dir/board.c", .c_text = board_c,
		.c_len = sizeof(board_c) - 1, .init_lines = init, .ninit_lines = 3,
	};
	struct strbuf sb;

	(void)state;
	sb_init(&sb);
	html_page(&in, &sb);
	/* the C text and every name escaped: the page's one script is its own */
	assert_int_equal(count(sb.buf, "<script"), 1);
	has(sb.buf, "&lt;/script&gt;&lt;script&gt;x()");
	has(sb.buf, "<title>board2dts review: board.c, machine M&lt;1&gt;</title>");
	assert_null(strstr(sb.buf, "\"<&>\""));
	/* two property rows (model has no position), two TODO rows */
	assert_int_equal(count(sb.buf, "<div class=\"l prop\""), 2);
	assert_int_equal(count(sb.buf, "<div class=\"l todo r-"), 2);
	has(sb.buf, "<b id=\"n-props\">2</b>");
	has(sb.buf, "<b id=\"n-todos\">2</b>");
	/* line 3 has a property and a TODO; line 4 a TODO; line 2 produced nothing */
	has(sb.buf, "<div class=\"l cv ct\" id=\"c-3\">");
	has(sb.buf, "<div class=\"l ct\" id=\"c-4\">");
	has(sb.buf, "<div class=\"l cn\" id=\"c-2\">");
	has(sb.buf, "<div class=\"l\" id=\"c-5\">");
	has(sb.buf, "<b id=\"n-nothing\">1</b>");
	has(sb.buf, "href=\"#c-3\"");
	assert_null(strstr(sb.buf, "id=\"c-6\""));
	assert_null(strstr(sb.buf, "id=\"lacking\""));	/* no --against */
	sb_free(&sb);
	dt_tree_free(t);
}

static void test_page_against(void **state)
{
	struct dt_tree *t = small_tree();
	struct html_against_item av[] = {
		{ "matched", "/leds", "label", "\"a&b\"", "\"a&b\"", "up.dts:7", 0, 3 },
		{ "lacking", "/leds", "status", NULL, "\"okay\"", "up.dts:9", 0, 3 },
	};
	struct html_page_input in = {
		.t = t, .annotate = true, .c_path = "board.c", .c_text = board_c,
		.c_len = sizeof(board_c) - 1, .upstream = "up<1>.dts", .against = av, .nagainst = 2,
	};
	struct strbuf sb, dts;
	const char *p;
	unsigned line = 1;

	(void)state;
	sb_init(&dts);
	dts_write(t, NULL, &dts);
	p = strstr(dts.buf, "\t\tlabel = ");
	assert_non_null(p);
	for (const char *q = dts.buf; q < p; q++)
		line += *q == '\n';
	av[0].dts_line = line;
	sb_init(&sb);
	html_page(&in, &sb);
	has(sb.buf, "<code>up&lt;1&gt;.dts</code>");
	assert_int_equal(count(sb.buf, "<div class=\"l prop st-matched\""), 1);
	has(sb.buf, "<b id=\"n-lacking\">1</b>");
	has(sb.buf, "most likely from <a href=\"#c-3\">line 3</a>");
	has(sb.buf, " cl\" id=\"c-3\"");
	sb_free(&sb);
	sb_free(&dts);
	dt_tree_free(t);
}

static void test_index(void **state)
{
	const char *pages[] = { "a<b.M1.html", "a<b.M2.html" }, *ids[] = { "M1", "M2" };
	struct html_index_row rows[] = {
		{ "dir/a<b.c", "converted", true, NULL, pages, ids, 2, 2, 10, 8, 3 },
		{ "x&y.c", "failed", false, "x&y.c:1: error: <bad>", NULL, NULL, 0, 0, 0, 0, 0 },
	};
	struct strbuf sb;

	(void)state;
	sb_init(&sb);
	html_index("out", rows, 2, &sb);
	assert_int_equal(count(sb.buf, "<a class=\"page\" href=\"a&lt;b.M"), 2);
	has(sb.buf, "<td>x&amp;y.c</td><td>failed: x&amp;y.c:1: error: &lt;bad&gt;");
	has(sb.buf, "<b id=\"n-files\">2</b>");
	has(sb.buf, "<b id=\"n-ok\">1</b>");
	has(sb.buf, "<b id=\"n-pages\">2</b>");
	assert_null(strstr(sb.buf, "<script"));
	sb_free(&sb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_escape),
		cmocka_unit_test(test_c_highlight),
		cmocka_unit_test(test_reason_class),
		cmocka_unit_test(test_marks_keep_text),
		cmocka_unit_test(test_page),
		cmocka_unit_test(test_page_against),
		cmocka_unit_test(test_index),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
