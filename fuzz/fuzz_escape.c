// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the DTS lexical helpers. Whatever bytes come in,
 * dts_escape_string must give a literal dtc lexes and that decodes back to
 * the input; dts_node_name a 1-31 character DT node name; dts_label a label
 * of [a-z0-9_] not starting with a digit. Violations abort.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "emitter/emit.h"

static int hexval(int c)
{
	return isdigit(c) ? c - '0' : (c | 0x20) - 'a' + 10;
}

/* Decode a DTS string literal the way dtc does; abort on what it rejects. */
static void check_literal(const char *lit, const char *want)
{
	size_t n = strlen(lit), o = 0;
	char *got = malloc(n + 1);

	if (n < 2 || lit[0] != '"' || lit[n - 1] != '"')
		abort();
	for (size_t i = 1; i + 1 < n; i++) {
		unsigned char c = (unsigned char)lit[i];

		if (c < 0x20 || c >= 0x7f || c == '"')
			abort();	/* raw control, non-ASCII or bare quote */
		if (c != '\\') {
			got[o++] = (char)c;
			continue;
		}
		if (i + 2 >= n)
			abort();	/* backslash escaping the closing quote */
		c = (unsigned char)lit[++i];
		switch (c) {
		case '"': case '\\': got[o++] = (char)c; break;
		case 'n': got[o++] = '\n'; break;
		case 't': got[o++] = '\t'; break;
		case 'x':
			if (i + 3 >= n || !isxdigit((unsigned char)lit[i + 1]) ||
			    !isxdigit((unsigned char)lit[i + 2]))
				abort();
			got[o++] = (char)(hexval(lit[i + 1]) * 16 + hexval(lit[i + 2]));
			i += 2;
			break;
		default:
			abort();	/* an escape we do not emit */
		}
	}
	got[o] = '\0';
	if (strcmp(got, want))
		abort();	/* does not round-trip */
	free(got);
}

static void check_node_name(const char *s)
{
	size_t n = strlen(s);

	if (n < 1 || n > 31)
		abort();
	for (size_t i = 0; i < n; i++)
		if (!(islower((unsigned char)s[i]) || isdigit((unsigned char)s[i]) ||
		      strchr(",._+-", s[i])))
			abort();
}

static void check_label(const char *s)
{
	if (!*s || isdigit((unsigned char)*s))
		abort();
	for (; *s; s++)
		if (!(islower((unsigned char)*s) || isdigit((unsigned char)*s) || *s == '_'))
			abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = xstrndup((const char *)data, size);	/* stops at a NUL */
	struct strbuf sb;
	char *name, *label;

	sb_init(&sb);
	dts_escape_string(&sb, s);
	check_literal(sb.buf, s);
	sb_free(&sb);
	name = dts_node_name(s);
	check_node_name(name);
	label = dts_label(s);
	check_label(label);
	free(name);
	free(label);
	free(s);
	return 0;
}
