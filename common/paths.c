// SPDX-License-Identifier: GPL-2.0
/*
 * Data directories relative to the running binary, so that an installed
 * board2dts works after its source tree is gone.
 */
#include "paths.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

/* "PREFIX/share/board2dts" for /PREFIX/bin/board2dts, or NULL. */
static const char *share_dir(void)
{
	static char dir[PATH_MAX];
	static int done;
	char exe[PATH_MAX];
	ssize_t n;
	char *slash;

	if (done)
		return dir[0] ? dir : NULL;
	done = 1;
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n <= 0)
		return NULL;
	exe[n] = '\0';
	slash = strrchr(exe, '/');	/* PREFIX/bin */
	if (!slash)
		return NULL;
	*slash = '\0';
	slash = strrchr(exe, '/');	/* PREFIX */
	if (!slash)
		return NULL;
	*slash = '\0';
	if ((size_t)snprintf(dir, sizeof(dir), "%s/share/board2dts", exe) >= sizeof(dir))
		dir[0] = '\0';
	return dir[0] ? dir : NULL;
}

const char *b2d_data_dir(const char *what, const char *fallback)
{
	static char buf[2][PATH_MAX];
	const char *share = share_dir();
	char *out = buf[str_eq(what, "rules") ? 0 : 1];
	struct stat st;

	if (!share)
		return fallback;
	if ((size_t)snprintf(out, PATH_MAX, "%s/%s", share, what) >= PATH_MAX)
		return fallback;
	if (stat(out, &st) == 0 && S_ISDIR(st.st_mode))
		return out;
	return fallback;
}
