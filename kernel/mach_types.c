// SPDX-License-Identifier: GPL-2.0
/*
 * arch/arm/tools/mach-types of the target tree: does it name a machine?
 * (mach_types.h). Lines are `name  MACH_NAME  NAME  number`, `#` comments.
 */
#include "mach_types.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../common/util.h"

bool mach_types_text_lists(const char *text, const char *name, size_t n)
{
	for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		size_t k = 0;

		while (p[k] && !isspace((unsigned char)p[k]))
			k++;
		if (*p != '#' && k == n && !strncmp(p, name, n))
			return true;
	}
	return false;
}

char *mach_types_read(const char *kdir)
{
	char *path = xasprintf("%s/arch/arm/tools/mach-types", kdir);
	char *text = read_file(path, NULL);

	free(path);
	return text;
}
