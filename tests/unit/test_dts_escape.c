// SPDX-License-Identifier: GPL-2.0
/* DTS string literals, node names and labels; escaped strings must lex in dtc. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "common/util.h"
#include "emitter/emit.h"

static char *escaped(const char *s)
{
	struct strbuf sb;

	sb_init(&sb);
	dts_escape_string(&sb, s);
	return sb_detach(&sb);
}

static void check_escape(const char *in, const char *want)
{
	char *s = escaped(in);

	assert_string_equal(s, want);
	free(s);
}

static void test_escape(void **state)
{
	check_escape("plain", "\"plain\"");
	check_escape("", "\"\"");
	check_escape("say \"hi\"", "\"say \\\"hi\\\"\"");
	check_escape("C:\\dir", "\"C:\\\\dir\"");
	check_escape("a\nb\tc", "\"a\\nb\\tc\"");
	check_escape("\x01\x1f\x7f", "\"\\x01\\x1f\\x7f\"");
	check_escape("caf\xc3\xa9", "\"caf\\xc3\\xa9\"");
	/* Two hex digits always, so a following hex letter is not swallowed. */
	check_escape("\xff" "ab", "\"\\xffab\"");
}

static void check_name(const char *in, const char *want)
{
	char *s = dts_node_name(in);

	assert_string_equal(s, want);
	free(s);
}

static void test_node_name(void **state)
{
	check_name("DVI nPD", "dvi-npd");
	check_name("led-0", "led-0");
	check_name("  --Foo__Bar+1,x.y--  ", "foo__bar+1,x.y");
	check_name("a@b/c", "a-b-c");
	check_name("", "node");
	check_name("!!!", "node");
	check_name("\xc3\xa9t\xc3\xa9", "t");
	check_name("abcdefghijklmnopqrstuvwxyz0123456789", "abcdefghijklmnopqrstuvwxyz01234");
}

static void check_label(const char *in, const char *want)
{
	char *s = dts_label(in);

	assert_string_equal(s, want);
	free(s);
}

static void test_label(void **state)
{
	check_label("gpio5", "gpio5");
	check_label("3V3 Reg", "_3v3_reg");
	check_label("VDD-MMC1", "vdd_mmc1");
	check_label("", "_");
}

/* Every escape above must be accepted by dtc and give back the same bytes. */
static void test_dtc_accepts(void **state)
{
	static const char raw[] = "q\"b\\n\nt\tc\x01\x7f\xc3\xa9\xff" "ab end";
	char dts[] = "/tmp/b2d-escape-XXXXXX";
	char cmd[256], *lit = escaped(raw);
	int fd = mkstemp(dts), rc;
	FILE *f = fdopen(fd, "w"), *p;
	char out[256] = "";
	size_t n;

	assert_non_null(f);
	fprintf(f, "/dts-v1/;\n/ {\n\ts = %s;\n};\n", lit);
	fclose(f);
	snprintf(cmd, sizeof(cmd), "dtc -q -I dts -O dtb %s 2>&1 >/dev/null", dts);
	rc = system(cmd);
	assert_int_equal(rc, 0);
	/* Round trip: fdtget prints the bytes back; compare with the input. */
	snprintf(cmd, sizeof(cmd), "dtc -q -I dts -O dtb %s | fdtget -t bx - / s", dts);
	p = popen(cmd, "r");
	assert_non_null(p);
	n = fread(out, 1, sizeof(out) - 1, p);
	out[n] = '\0';
	pclose(p);
	{
		struct strbuf want;

		sb_init(&want);
		for (size_t i = 0; i < sizeof(raw); i++)
			sb_addf(&want, "%s%x", i ? " " : "", (unsigned char)raw[i]);
		sb_addc(&want, '\n');
		assert_string_equal(out, want.buf);
		sb_free(&want);
	}
	unlink(dts);
	free(lit);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_escape),
		cmocka_unit_test(test_node_name),
		cmocka_unit_test(test_label),
		cmocka_unit_test(test_dtc_accepts),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
