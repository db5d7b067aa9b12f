// SPDX-License-Identifier: GPL-2.0
/*
 * Names in the node graph: node names and labels made valid for dtc from
 * any C text ("DVI nPD" -> "dvi-npd"). Used by the rule engine when it
 * builds nodes and by the passes that keep names unique.
 */
#include "graph.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "../common/util.h"

#define DT_NODE_NAME_MAX 31	/* devicetree spec: node-name is 1-31 characters */

static bool node_name_char(int c)
{
	return islower(c) || isdigit(c) || c == ',' || c == '.' || c == '_' ||
	       c == '+' || c == '-';
}

/*
 * Lowercase, anything else becomes '-', runs of '-' collapse, and leading or
 * trailing '-' go: "DVI nPD" -> "dvi-npd". The result is malloc'd.
 */
char *dts_node_name(const char *s)
{
	size_t n = 0;
	char *out = xmalloc(DT_NODE_NAME_MAX + 1);

	for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
		int c = (*p < 0x80) ? tolower(*p) : '-';

		if (!node_name_char(c))
			c = '-';
		if (c == '-' && (n == 0 || out[n - 1] == '-'))
			continue;
		if (n == DT_NODE_NAME_MAX)
			break;
		out[n++] = (char)c;
	}
	while (n > 0 && out[n - 1] == '-')
		n--;
	if (n == 0) {
		free(out);
		return xstrdup("node");
	}
	out[n] = '\0';
	return out;
}

/* [a-z0-9_] only, never a leading digit: "3V3 Reg" -> "_3v3_reg". malloc'd. */
char *dts_label(const char *s)
{
	struct strbuf sb;

	sb_init(&sb);
	s = s ? s : "";
	if (isdigit((unsigned char)*s) || !*s)
		sb_addc(&sb, '_');
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		int c = (*p < 0x80) ? tolower(*p) : '_';

		sb_addc(&sb, (islower(c) || isdigit(c)) ? (char)c : '_');
	}
	return sb_detach(&sb);
}
