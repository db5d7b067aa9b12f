// SPDX-License-Identifier: GPL-2.0
/*
 * DTS lexical helpers: string literals (names and labels: graph/naming.c).
 *
 * Board files hold arbitrary bytes in their strings (vendor trees in Latin-1,
 * stray control characters); whatever comes in, what goes out must lex in dtc.
 */
#include "emit.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../common/util.h"

void dts_escape_string(struct strbuf *out, const char *s)
{
	sb_addc(out, '"');
	for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
		switch (*p) {
		case '"':
			sb_add(out, "\\\"");
			break;
		case '\\':
			sb_add(out, "\\\\");
			break;
		case '\n':
			sb_add(out, "\\n");
			break;
		case '\t':
			sb_add(out, "\\t");
			break;
		default:
			/* Always two hex digits: dtc reads at most two after \x. */
			if (*p < 0x20 || *p >= 0x7f)
				sb_addf(out, "\\x%02x", *p);
			else
				sb_addc(out, (char)*p);
		}
	}
	sb_addc(out, '"');
}
