// SPDX-License-Identifier: GPL-2.0
/*
 * Writing outputs without ever leaving a half-written file or overwriting
 * the board file: data goes to a temporary file beside the target and is
 * renamed over it only once complete.
 */
#include "emit.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../common/limits.h"
#include "../common/util.h"

/* Same file by name, by resolved path, or by inode (hard links). */
static bool same_file(const char *a, const char *b)
{
	char ra[PATH_MAX], rb[PATH_MAX];
	struct stat sa, sb;

	if (str_eq(a, b))
		return true;
	if (realpath(a, ra) && realpath(b, rb) && strcmp(ra, rb) == 0)
		return true;
	return stat(a, &sa) == 0 && stat(b, &sb) == 0 &&
	       sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

static int write_all(int fd, const void *data, size_t len)
{
	const char *p = data;

	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

static int write_stdout(const void *data, size_t len)
{
	if (fwrite(data, 1, len, stdout) != len || fflush(stdout) != 0) {
		diag_error(NULL, "cannot write to standard output: %s", strerror(errno));
		return B2D_ERR_IO;
	}
	return B2D_OK;
}

/* "<dir>/.<name>.XXXXXX" for mkstemp. */
static char *temp_template(const char *path)
{
	const char *name = path_basename(path);
	size_t dirlen = (size_t)(name - path);

	return xasprintf("%.*s.%s.XXXXXX", (int)dirlen, path, name);
}

int write_file_atomic(const char *path, const void *data, size_t len,
		      const char *const *inputs, size_t ninputs)
{
	char *tmp;
	int fd, saved;

	if (len > B2D_MAX_OUTPUT_BYTES) {
		diag_error(NULL, "cannot write %s: output larger than %u MiB", path,
			   B2D_MAX_OUTPUT_BYTES >> 20);
		return B2D_ERR_LIMIT;
	}
	if (str_eq(path, "-"))
		return write_stdout(data, len);
	for (size_t i = 0; i < ninputs; i++) {
		if (inputs[i] && same_file(path, inputs[i])) {
			diag_error(NULL, "refusing to overwrite input file %s", path);
			return B2D_ERR_USAGE;
		}
	}
	tmp = temp_template(path);
	fd = mkstemp(tmp);
	if (fd < 0) {
		/* Nothing was created: the template must not be unlinked. */
		saved = errno;
		free(tmp);
		diag_error(NULL, "cannot write %s: %s", path, strerror(saved));
		return B2D_ERR_IO;
	}
	if (write_all(fd, data, len) || fchmod(fd, 0644))
		goto fail;
	if (close(fd)) {
		fd = -1;
		goto fail;
	}
	if (rename(tmp, path))
		goto fail_noclose;
	free(tmp);
	return B2D_OK;
fail:
	saved = errno;
	if (fd >= 0)
		close(fd);
	errno = saved;
fail_noclose:
	saved = errno;
	unlink(tmp);
	free(tmp);
	diag_error(NULL, "cannot write %s: %s", path, strerror(saved));
	return B2D_ERR_IO;
}
