// SPDX-License-Identifier: GPL-2.0
/*
 * Which compatibles the target kernel binds as its system timer: every
 * `TIMER_OF_DECLARE(name, "compat", fn)` (and the older
 * `CLOCKSOURCE_OF_DECLARE`) under drivers/clocksource. Such a node must stay
 * enabled whatever its generic name says (Samsung's PWM block is the
 * S3C24xx/S3C64xx clocksource), so the status pass never disables it.
 * Learned from the tree, so a kernel that moves a timer gets it right.
 */
#include "soc_timers.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "../common/util.h"

static void scan_text(const char *text, struct ptrvec *out)
{
	static const char *const macros[] = { "TIMER_OF_DECLARE(", "CLOCKSOURCE_OF_DECLARE(" };

	for (size_t m = 0; m < sizeof(macros) / sizeof(macros[0]); m++)
		for (const char *p = strstr(text, macros[m]); p; p = strstr(p + 1, macros[m])) {
			const char *q = strchr(p, ','), *end;

			if (!q || !(q = strchr(q, '"')) || !(end = strchr(q + 1, '"')) ||
			    memchr(p, ';', (size_t)(q - p)))
				continue;
			pv_push(out, xstrndup(q + 1, (size_t)(end - q - 1)));
		}
}

void soc_timers_scan(const char *kernel_dir, struct ptrvec *out)
{
	char *dir = xasprintf("%s/drivers/clocksource", kernel_dir);
	DIR *d = opendir(dir);
	struct dirent *e;

	while (d && (e = readdir(d))) {
		size_t n = strlen(e->d_name);
		char *path, *text;

		if (n < 3 || strcmp(e->d_name + n - 2, ".c"))
			continue;
		path = xasprintf("%s/%s", dir, e->d_name);
		text = read_file(path, NULL);
		if (text)
			scan_text(text, out);
		free(text);
		free(path);
	}
	if (d)
		closedir(d);
	free(dir);
}

bool soc_timers_has(const struct ptrvec *timers, const char *compat_list, size_t len)
{
	for (size_t off = 0; off < len; off += strlen(compat_list + off) + 1)
		for (size_t i = 0; i < timers->len; i++)
			if (!strcmp(compat_list + off, timers->items[i]))
				return true;
	return false;
}
