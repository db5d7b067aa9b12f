// SPDX-License-Identifier: GPL-2.0
/*
 * Writing outputs without ever leaving a half-written file, replacing a
 * device node or link, or overwriting the board file: the transaction of
 * out_txn.h (stage every output, then commit them together), and
 * write_file_atomic, a transaction of one file.
 */
#include "emit.h"
#include "out_txn.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../common/limits.h"
#include "../common/util.h"

#define MAX_LINKS 40	/* symbolic links followed, as the kernel's ELOOP limit */

struct out_entry {
	char *path;		/* as given: for messages */
	char *target;		/* file: what the temporary file is renamed over */
	char *temp;		/* file: NULL once renamed or unlinked */
	int fd;			/* device or FIFO: open for writing, -1 once closed */
	void *data;		/* device or FIFO: written at commit */
	size_t len;
};

struct out_txn {
	const char *const *inputs;
	size_t ninputs;
	struct out_entry *v;
	size_t n;
};

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

static int io_error(const char *path, int err)
{
	diag_error(NULL, "cannot write %s: %s", path, strerror(err));
	return B2D_ERR_IO;
}

static int too_big(const char *path, size_t len)
{
	if (len <= B2D_MAX_OUTPUT_BYTES)
		return B2D_OK;
	diag_error(NULL, "cannot write %s: output larger than %u MiB", path,
		   B2D_MAX_OUTPUT_BYTES >> 20);
	return B2D_ERR_LIMIT;
}

static struct out_entry *add_entry(struct out_txn *t, const char *path)
{
	struct out_entry *e;

	t->v = xrealloc(t->v, (t->n + 1) * sizeof(*t->v));
	e = &t->v[t->n++];
	memset(e, 0, sizeof(*e));
	e->path = xstrdup(path);
	e->fd = -1;
	return e;
}

struct out_txn *out_txn_new(const char *const *inputs, size_t ninputs)
{
	struct out_txn *t = xcalloc(1, sizeof(*t));

	t->inputs = inputs;
	t->ninputs = ninputs;
	return t;
}

/* A character device or FIFO is opened now, written at commit; others refused. */
static int stage_device(struct out_txn *t, const char *path, const struct stat *st,
			const void *data, size_t len)
{
	struct out_entry *e;
	struct stat now;
	int fd;

	if (S_ISDIR(st->st_mode))
		return io_error(path, EISDIR);
	if (!S_ISCHR(st->st_mode) && !S_ISFIFO(st->st_mode)) {
		diag_error(NULL, "cannot write %s: it is a %s (outputs are regular files, "
			   "character devices or FIFOs)", path,
			   S_ISBLK(st->st_mode) ? "block device" : S_ISSOCK(st->st_mode) ? "socket"
											 : "special file");
		return B2D_ERR_IO;
	}
	/* O_NONBLOCK: a FIFO without a reader fails (ENXIO) instead of hanging. */
	fd = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0 && errno == ENXIO && S_ISFIFO(st->st_mode)) {
		diag_error(NULL, "cannot write %s: no process is reading the FIFO", path);
		return B2D_ERR_IO;
	}
	if (fd < 0)
		return io_error(path, errno);
	if (fstat(fd, &now) != 0 || (!S_ISCHR(now.st_mode) && !S_ISFIFO(now.st_mode)) ||
	    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0) {
		close(fd);
		diag_error(NULL, "cannot write %s: it changed while being opened", path);
		return B2D_ERR_IO;
	}
	e = add_entry(t, path);
	e->fd = fd;
	e->data = xmalloc(len ? len : 1);
	memcpy(e->data, data, len);
	e->len = len;
	return B2D_OK;
}

/* Follow path's symbolic links to the name of the file (which may not exist). */
static int resolve_links(const char *path, char **out)
{
	char *cur = xstrdup(path), buf[PATH_MAX];
	struct stat st;
	int err;

	for (int hops = 0;; hops++) {
		ssize_t n;
		char *next;

		if (lstat(cur, &st) != 0) {
			if (errno == ENOENT)
				break;	/* a new file (its directory is checked later) */
			goto fail;	/* ENOTDIR, EACCES...: not a file we could create */
		}
		if (!S_ISLNK(st.st_mode))
			break;
		errno = ELOOP;
		n = hops < MAX_LINKS ? readlink(cur, buf, sizeof(buf) - 1) : -1;
		if (n < 0)
			goto fail;
		buf[n] = '\0';
		next = buf[0] == '/' ? xstrdup(buf)
				     : xasprintf("%.*s%s", (int)(path_basename(cur) - cur), cur, buf);
		free(cur);
		cur = next;
	}
	*out = cur;
	return 0;
fail:
	err = errno;
	free(cur);
	return err;
}

/* Give the new file the old one's owner (when allowed) and permission bits. */
static int keep_attrs(int fd, const struct stat *old)
{
	if (old->st_uid != geteuid() || old->st_gid != getegid())
		(void)!fchown(fd, old->st_uid, old->st_gid);	/* best effort */
	return fchmod(fd, old->st_mode & 0777);
}

/* A new file or a regular one: a temporary file beside the link target. */
static int stage_file(struct out_txn *t, const char *path, const struct stat *st,
		      const void *data, size_t len)
{
	struct stat old;
	bool exists, bad;
	char *target, *dir, *temp;
	const char *name;
	int fd, err = resolve_links(path, &target);

	if (err)
		return io_error(path, err);
	exists = lstat(target, &old) == 0;
	if ((exists && !S_ISREG(old.st_mode)) ||
	    (st && (!exists || old.st_dev != st->st_dev || old.st_ino != st->st_ino))) {
		diag_error(NULL, "cannot write %s: cannot follow its symbolic links", path);
		free(target);
		return B2D_ERR_IO;
	}
	for (size_t i = 0; i < t->n; i++)
		if (str_eq(t->v[i].target, target)) {
			diag_error(NULL, "two outputs would be written to %s", target);
			free(target);
			return B2D_ERR_USAGE;
		}
	name = path_basename(target);
	if (!*name) {
		free(target);
		return io_error(path, EISDIR);
	}
	dir = xstrndup(target, (size_t)(name - target));
	out_temp_clean_dir(dir);
	fd = out_temp_create(dir, name, exists ? 0600 : 0666, &temp);
	free(dir);
	if (fd < 0) {
		free(target);
		return io_error(path, errno);
	}
	bad = write_all(fd, data, len) != 0 || (exists && keep_attrs(fd, &old) != 0);
	err = errno;
	if (close(fd) != 0 && !bad) {
		bad = true;
		err = errno;
	}
	if (bad) {
		out_temp_finish(temp, NULL);
		free(temp);
		free(target);
		return io_error(path, err);
	}
	add_entry(t, path)->target = target;
	t->v[t->n - 1].temp = temp;
	return B2D_OK;
}

int out_txn_stage(struct out_txn *t, const char *path, const void *data, size_t len)
{
	struct stat st;
	bool have;
	int err = too_big(path, len);

	if (err)
		return err;
	for (size_t i = 0; i < t->ninputs; i++) {
		if (t->inputs[i] && same_file(path, t->inputs[i])) {
			diag_error(NULL, "refusing to overwrite input file %s", path);
			return B2D_ERR_USAGE;
		}
	}
	have = stat(path, &st) == 0;
	if (have && !S_ISREG(st.st_mode))
		return stage_device(t, path, &st, data, len);
	return stage_file(t, path, have ? &st : NULL, data, len);
}

/* Devices and FIFOs, with SIGPIPE ignored so a vanished reader is an error. */
static int write_devices(struct out_txn *t)
{
	struct sigaction ign, old;
	int rc = B2D_OK;

	memset(&ign, 0, sizeof(ign));
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGPIPE, &ign, &old);
	for (size_t i = 0; i < t->n && rc == B2D_OK; i++) {
		struct out_entry *e = &t->v[i];
		int bad, err;

		if (e->fd < 0)
			continue;
		bad = write_all(e->fd, e->data, e->len);
		err = errno;
		if (close(e->fd) != 0 && !bad) {
			bad = -1;
			err = errno;
		}
		e->fd = -1;
		if (bad)
			rc = io_error(e->path, err);
	}
	sigaction(SIGPIPE, &old, NULL);
	return rc;
}

/* B2D_TEST_COMMIT_DELAY=N: sleep N s first (test-only: bad_input_outputs.sh). */
static void test_delay(void)
{
	const char *s = getenv("B2D_TEST_COMMIT_DELAY");

	if (s && *s)
		sleep((unsigned)atoi(s));
}

int out_txn_commit(struct out_txn *t)
{
	int err;

	test_delay();
	err = write_devices(t);
	for (size_t i = 0; i < t->n && err == B2D_OK; i++) {
		struct out_entry *e = &t->v[i];

		if (!e->temp)
			continue;
		if (out_temp_finish(e->temp, e->target) != 0)
			err = io_error(e->path, errno);
		else {
			free(e->temp);
			e->temp = NULL;
		}
	}
	if (err != B2D_OK)
		out_txn_abort(t);
	return err;
}

void out_txn_abort(struct out_txn *t)
{
	for (size_t i = 0; i < t->n; i++) {
		struct out_entry *e = &t->v[i];

		if (e->temp)
			out_temp_finish(e->temp, NULL);
		free(e->temp);
		e->temp = NULL;
		if (e->fd >= 0)
			close(e->fd);
		e->fd = -1;
	}
}

void out_txn_free(struct out_txn *t)
{
	if (!t)
		return;
	out_txn_abort(t);
	for (size_t i = 0; i < t->n; i++) {
		free(t->v[i].path);
		free(t->v[i].target);
		free(t->v[i].data);
	}
	free(t->v);
	free(t);
}

static int write_stdout(const void *data, size_t len)
{
	if (fwrite(data, 1, len, stdout) != len || fflush(stdout) != 0) {
		diag_error(NULL, "cannot write to standard output: %s", strerror(errno));
		return B2D_ERR_IO;
	}
	return B2D_OK;
}

int write_file_atomic(const char *path, const void *data, size_t len,
		      const char *const *inputs, size_t ninputs)
{
	struct out_txn *t;
	int err = too_big(path, len);

	if (err)
		return err;
	if (str_eq(path, "-"))
		return write_stdout(data, len);
	t = out_txn_new(inputs, ninputs);
	err = out_txn_stage(t, path, data, len);
	if (err == B2D_OK)
		err = out_txn_commit(t);
	out_txn_free(t);
	return err;
}
