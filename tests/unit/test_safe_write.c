// SPDX-License-Identifier: GPL-2.0
/*
 * write_file_atomic and the output transaction (emitter/out_txn.h): refuses
 * inputs, leaves no temp files, fails cleanly, commits all or nothing, keeps
 * modes and links, writes into devices and FIFOs, cleans stale temporary
 * files and unlinks its own on SIGINT/SIGTERM.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "common/util.h"
#include "emitter/emit.h"
#include "emitter/out_txn.h"

static char dir[] = "/tmp/b2d-safe-write-XXXXXX";

static int setup(void **state)
{
	diag_set_quiet(true);
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char *cmd = xasprintf("rm -rf %s", dir);
	int rc = system(cmd);

	free(cmd);
	return rc;
}

static size_t entries(const char *d)
{
	DIR *dp = opendir(d);
	struct dirent *e;
	size_t n = 0;

	assert_non_null(dp);
	while ((e = readdir(dp)))
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(dp);
	return n;
}

static void test_write_and_replace(void **state)
{
	char *path = xasprintf("%s/out.dts", dir);
	const char *inputs[] = { "/nonexistent/board.c" };
	struct stat st;
	char *back;

	umask(022);
	assert_int_equal(write_file_atomic(path, "one", 3, inputs, 1), B2D_OK);
	assert_int_equal(write_file_atomic(path, "second", 6, inputs, 1), B2D_OK);
	back = read_file(path, NULL);
	assert_string_equal(back, "second");
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0644);
	assert_int_equal(entries(dir), 1);	/* no .out.dts.XXXXXX left */
	free(back);
	unlink(path);
	free(path);
}

static void test_refuse_input(void **state)
{
	char *board = xasprintf("%s/board.c", dir);
	char *other = xasprintf("%s/./board.c", dir);
	char *link = xasprintf("%s/link.c", dir);
	const char *inputs[] = { "unrelated.c", board };
	char *back;

	assert_int_equal(write_file_atomic(board, "int x;", 6, NULL, 0), B2D_OK);
	assert_int_equal(symlink(board, link), 0);
	diag_reset_counts();
	assert_int_equal(write_file_atomic(board, "dts", 3, inputs, 2), B2D_ERR_USAGE);
	assert_non_null(strstr(diag_last(), "board.c"));
	assert_int_equal(write_file_atomic(other, "dts", 3, inputs, 2), B2D_ERR_USAGE);
	assert_int_equal(write_file_atomic(link, "dts", 3, inputs, 2), B2D_ERR_USAGE);
	back = read_file(board, NULL);
	assert_string_equal(back, "int x;");
	assert_int_equal(entries(dir), 2);
	free(back);
	unlink(link);
	unlink(board);
	free(board);
	free(other);
	free(link);
}

static void test_unwritable(void **state)
{
	char *missing = xasprintf("%s/no/such/dir/out.dts", dir);
	char *ro = xasprintf("%s/ro", dir);
	char *in_ro = xasprintf("%s/out.dts", ro);
	char *isdir = xasprintf("%s/adir", dir);

	diag_reset_counts();
	assert_int_equal(write_file_atomic(missing, "x", 1, NULL, 0), B2D_ERR_IO);
	assert_non_null(strstr(diag_last(), missing));
	assert_non_null(strstr(diag_last(), "No such file or directory"));
	assert_int_equal(diag_error_count(), 1);

	/* rename() onto a directory fails after the temp file exists. */
	assert_int_equal(mkdir(isdir, 0755), 0);
	assert_int_equal(write_file_atomic(isdir, "x", 1, NULL, 0), B2D_ERR_IO);
	assert_int_equal(entries(dir), 1);	/* only adir: the temp file is gone */
	assert_int_equal(entries(isdir), 0);
	rmdir(isdir);

	/* A file where a directory should be stops root too (ENOTDIR). */
	{
		char *file = xasprintf("%s/afile", dir);
		char *under = xasprintf("%s/out.dts", file);

		assert_int_equal(write_file_atomic(file, "f", 1, NULL, 0), B2D_OK);
		assert_int_equal(write_file_atomic(under, "x", 1, NULL, 0), B2D_ERR_IO);
		assert_non_null(strstr(diag_last(), "Not a directory"));
		assert_int_equal(entries(dir), 1);
		unlink(file);
		free(file);
		free(under);
	}

	/* Permissions do not stop root; the test means something only as a user. */
	assert_int_equal(mkdir(ro, 0555), 0);
	if (geteuid() != 0) {
		assert_int_equal(write_file_atomic(in_ro, "x", 1, NULL, 0), B2D_ERR_IO);
		assert_int_equal(access(in_ro, F_OK), -1);
	}
	assert_int_equal(entries(ro), 0);
	rmdir(ro);
	free(missing);
	free(ro);
	free(in_ro);
	free(isdir);
}

static void test_stdout(void **state)
{
	assert_int_equal(write_file_atomic("-", "", 0, NULL, 0), B2D_OK);
}

/* ---- the output transaction ---- */

/* A fresh directory under dir (caller frees the name; teardown removes it). */
static char *subdir(const char *name)
{
	char *d = xasprintf("%s/%s", dir, name);

	assert_int_equal(mkdir(d, 0755), 0);
	return d;
}

static void put_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

static bool has_text(const char *path, const char *text)
{
	char *back = read_file(path, NULL);
	bool ok = back && !strcmp(back, text);

	free(back);
	return ok;
}

/* Entries of d named like our temporary files, and whether one has our pid. */
static size_t temps(const char *d, bool *ours)
{
	DIR *dp = opendir(d);
	struct dirent *e;
	size_t n = 0;

	assert_non_null(dp);
	if (ours)
		*ours = false;
	while ((e = readdir(dp))) {
		pid_t pid = out_temp_pid(e->d_name);

		n += pid != 0;
		if (ours && pid == getpid())
			*ours = true;
	}
	closedir(dp);
	return n;
}

static void test_txn_all_or_nothing(void **state)
{
	char *d = subdir("txn");
	char *a = xasprintf("%s/a.dts", d), *b = xasprintf("%s/b.json", d);
	char *bad = xasprintf("%s/nodir/c.dtb", d);
	struct out_txn *t = out_txn_new(NULL, 0);
	bool ours;

	/* Staged, not committed: the targets do not exist, our temps do. */
	put_file(b, "old");
	assert_int_equal(out_txn_stage(t, a, "A", 1), B2D_OK);
	assert_int_equal(out_txn_stage(t, b, "B", 1), B2D_OK);
	assert_int_equal(access(a, F_OK), -1);
	assert_true(has_text(b, "old"));
	assert_int_equal(temps(d, &ours), 2);
	assert_true(ours);
	out_txn_abort(t);
	assert_int_equal(temps(d, NULL), 0);
	out_txn_free(t);

	/* One output that cannot be staged: the others are never committed. */
	t = out_txn_new(NULL, 0);
	assert_int_equal(out_txn_stage(t, a, "A", 1), B2D_OK);
	assert_int_equal(out_txn_stage(t, b, "B", 1), B2D_OK);
	diag_reset_counts();
	assert_int_equal(out_txn_stage(t, bad, "C", 1), B2D_ERR_IO);
	assert_non_null(strstr(diag_last(), "nodir/c.dtb: No such file or directory"));
	out_txn_free(t);
	assert_int_equal(access(a, F_OK), -1);
	assert_true(has_text(b, "old"));
	assert_int_equal(entries(d), 1);

	/* All staged: commit writes both, no temp left. */
	t = out_txn_new(NULL, 0);
	assert_int_equal(out_txn_stage(t, a, "A", 1), B2D_OK);
	assert_int_equal(out_txn_stage(t, b, "B", 1), B2D_OK);
	assert_int_equal(out_txn_commit(t), B2D_OK);
	out_txn_free(t);
	assert_true(has_text(a, "A"));
	assert_true(has_text(b, "B"));
	assert_int_equal(entries(d), 2);
	free(a);
	free(b);
	free(bad);
	free(d);
}

static void test_txn_modes(void **state)
{
	char *d = subdir("modes");
	char *old = xasprintf("%s/old.dts", d), *fresh = xasprintf("%s/new.dts", d);
	mode_t saved = umask(027);
	struct stat st;

	put_file(old, "x");
	assert_int_equal(chmod(old, 0600), 0);
	assert_int_equal(write_file_atomic(old, "y", 1, NULL, 0), B2D_OK);
	assert_int_equal(stat(old, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0600);
	assert_int_equal(chmod(old, 04755), 0);	/* set-id bits are not carried */
	assert_int_equal(write_file_atomic(old, "z", 1, NULL, 0), B2D_OK);
	assert_int_equal(stat(old, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0755);
	assert_int_equal(write_file_atomic(fresh, "n", 1, NULL, 0), B2D_OK);
	assert_int_equal(stat(fresh, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0640);
	if (geteuid() == 0) {	/* root keeps another user's ownership */
		assert_int_equal(chown(old, 65534, 65534), 0);
		assert_int_equal(write_file_atomic(old, "o", 1, NULL, 0), B2D_OK);
		assert_int_equal(stat(old, &st), 0);
		assert_int_equal(st.st_uid, 65534);
		assert_int_equal(st.st_gid, 65534);
	}
	umask(saved);
	free(old);
	free(fresh);
	free(d);
}

static void test_txn_symlinks(void **state)
{
	char *d = subdir("links");
	char *sub = subdir("links/sub");
	char *target = xasprintf("%s/target.dts", sub), *l1 = xasprintf("%s/l1", d);
	char *l2 = xasprintf("%s/l2", d), *dang = xasprintf("%s/dangling", d);
	char *loop = xasprintf("%s/loop", d), *made = xasprintf("%s/made.dts", sub);
	struct out_txn *t;
	struct stat st;

	put_file(target, "old");
	assert_int_equal(chmod(target, 0604), 0);
	assert_int_equal(symlink("sub/target.dts", l1), 0);	/* relative */
	assert_int_equal(symlink(l1, l2), 0);			/* absolute, a chain */
	assert_int_equal(write_file_atomic(l2, "new", 3, NULL, 0), B2D_OK);
	assert_int_equal(lstat(l1, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	assert_int_equal(lstat(l2, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	assert_true(has_text(target, "new"));
	assert_int_equal(stat(target, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0604);
	assert_int_equal(temps(sub, NULL) + temps(d, NULL), 0);

	/* A dangling link: its target is created, the link kept. */
	assert_int_equal(symlink("sub/made.dts", dang), 0);
	assert_int_equal(write_file_atomic(dang, "m", 1, NULL, 0), B2D_OK);
	assert_true(has_text(made, "m"));
	assert_int_equal(lstat(dang, &st), 0);
	assert_true(S_ISLNK(st.st_mode));

	/* A loop is an error; two names of one file in one run are refused. */
	assert_int_equal(symlink("loop", loop), 0);
	diag_reset_counts();
	assert_int_equal(write_file_atomic(loop, "x", 1, NULL, 0), B2D_ERR_IO);
	assert_non_null(strstr(diag_last(), "Too many levels of symbolic links"));
	t = out_txn_new(NULL, 0);
	assert_int_equal(out_txn_stage(t, target, "1", 1), B2D_OK);
	assert_int_equal(out_txn_stage(t, l2, "2", 1), B2D_ERR_USAGE);
	assert_non_null(strstr(diag_last(), "two outputs"));
	out_txn_free(t);
	assert_true(has_text(target, "new"));
	assert_int_equal(temps(sub, NULL), 0);
	free(target);
	free(l1);
	free(l2);
	free(dang);
	free(loop);
	free(made);
	free(sub);
	free(d);
}

static void test_txn_fifo(void **state)
{
	char *d = subdir("fifo");
	char *fifo = xasprintf("%s/fifo", d), *other = xasprintf("%s/other.dts", d);
	struct out_txn *t = out_txn_new(NULL, 0);
	char buf[64];
	struct stat st;
	ssize_t n;
	int rd;

	assert_int_equal(mkfifo(fifo, 0600), 0);
	diag_reset_counts();
	assert_int_equal(out_txn_stage(t, fifo, "x", 1), B2D_ERR_IO);	/* no reader: no hang */
	assert_non_null(strstr(diag_last(), "no process is reading the FIFO"));
	out_txn_free(t);

	rd = open(fifo, O_RDONLY | O_NONBLOCK);
	assert_true(rd >= 0);
	t = out_txn_new(NULL, 0);
	assert_int_equal(out_txn_stage(t, fifo, "through the fifo", 16), B2D_OK);
	assert_int_equal(out_txn_stage(t, other, "o", 1), B2D_OK);
	assert_int_equal(out_txn_commit(t), B2D_OK);
	out_txn_free(t);
	n = read(rd, buf, sizeof(buf));
	assert_int_equal(n, 16);
	assert_memory_equal(buf, "through the fifo", 16);
	close(rd);
	assert_int_equal(lstat(fifo, &st), 0);
	assert_true(S_ISFIFO(st.st_mode));
	assert_true(has_text(other, "o"));
	assert_int_equal(temps(d, NULL), 0);
	free(fifo);
	free(other);
	free(d);
}

static void test_txn_special(void **state)
{
	char *d = subdir("special");
	char *sock = xasprintf("%s/sock", d), *adir = xasprintf("%s/adir", d);
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	int fd = socket(AF_UNIX, SOCK_STREAM, 0);

	assert_true(strlen(sock) < sizeof(sa.sun_path));
	strcpy(sa.sun_path, sock);
	assert_int_equal(bind(fd, (struct sockaddr *)&sa, sizeof(sa)), 0);
	diag_reset_counts();
	assert_int_equal(write_file_atomic(sock, "x", 1, NULL, 0), B2D_ERR_IO);
	assert_non_null(strstr(diag_last(), "it is a socket"));
	close(fd);
	assert_int_equal(mkdir(adir, 0755), 0);
	assert_int_equal(write_file_atomic(adir, "x", 1, NULL, 0), B2D_ERR_IO);
	assert_non_null(strstr(diag_last(), "Is a directory"));
	assert_int_equal(temps(d, NULL), 0);
	free(sock);
	free(adir);
	free(d);
}

/* Device nodes made here (root only): never a real /dev path. */
static void test_txn_char_devices(void **state)
{
	char *d, *null, *full, *blk, *other;
	struct out_txn *t;
	struct stat st;

	if (geteuid() != 0) {
		skip();
		return;
	}
	d = subdir("dev");
	null = xasprintf("%s/null", d);
	full = xasprintf("%s/full", d);
	blk = xasprintf("%s/blk", d);
	other = xasprintf("%s/other.dts", d);
	assert_int_equal(mknod(null, S_IFCHR | 0666, makedev(1, 3)), 0);
	assert_int_equal(mknod(full, S_IFCHR | 0666, makedev(1, 7)), 0);
	assert_int_equal(mknod(blk, S_IFBLK | 0600, makedev(7, 0)), 0);
	assert_int_equal(write_file_atomic(null, "data", 4, NULL, 0), B2D_OK);
	assert_int_equal(lstat(null, &st), 0);
	assert_true(S_ISCHR(st.st_mode));

	/* The device write fails at commit: the staged file is not renamed. */
	t = out_txn_new(NULL, 0);
	assert_int_equal(out_txn_stage(t, other, "o", 1), B2D_OK);
	assert_int_equal(out_txn_stage(t, full, "data", 4), B2D_OK);
	diag_reset_counts();
	assert_int_equal(out_txn_commit(t), B2D_ERR_IO);
	assert_non_null(strstr(diag_last(), "No space left on device"));
	out_txn_free(t);
	assert_int_equal(access(other, F_OK), -1);
	assert_int_equal(lstat(full, &st), 0);
	assert_true(S_ISCHR(st.st_mode));

	assert_int_equal(write_file_atomic(blk, "x", 1, NULL, 0), B2D_ERR_IO);
	assert_non_null(strstr(diag_last(), "it is a block device"));
	assert_int_equal(lstat(blk, &st), 0);
	assert_true(S_ISBLK(st.st_mode));
	assert_int_equal(entries(d), 3);
	free(null);
	free(full);
	free(blk);
	free(other);
	free(d);
}

static void test_temp_names(void **state)
{
	assert_int_equal(out_temp_pid(".a.dts.b2d-1234-aB3xYz"), 1234);
	assert_int_equal(out_temp_pid("...b2d-99-abcdef"), 99);	/* the name "." */
	assert_int_equal(out_temp_pid("..b2d-99-abcdef"), 0);	/* no name */
	assert_int_equal(out_temp_pid(".b2d-99-abcdef"), 0);
	assert_int_equal(out_temp_pid("a.dts.b2d-1234-abcdef"), 0);	/* no leading dot */
	assert_int_equal(out_temp_pid(".a.dts.b2d-1234-abcde"), 0);	/* 5 characters */
	assert_int_equal(out_temp_pid(".a.dts.b2d-1234-abcdefg"), 0);
	assert_int_equal(out_temp_pid(".a.dts.b2d-1234-abc.ef"), 0);
	assert_int_equal(out_temp_pid(".a.dts.b2d-01234-abcdef"), 0);	/* leading zero */
	assert_int_equal(out_temp_pid(".a.dts.b2d--abcdef"), 0);
	assert_int_equal(out_temp_pid(".a.dts.b2d-1234567890-abcdef"), 0);	/* too long */
	assert_int_equal(out_temp_pid(".a.dts.B2D-1234-abcdef"), 0);
	assert_int_equal(out_temp_pid(".foo.dts.abcdef"), 0);	/* mkstemp's */
}

static pid_t dead_pid(void)
{
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (pid == 0)
		_exit(0);
	assert_int_equal(waitpid(pid, NULL, 0), pid);
	return pid;
}

static void test_stale_temps(void **state)
{
	char *d = subdir("stale");
	pid_t dead = dead_pid();
	char *stale = xasprintf("%s/.out.dts.b2d-%d-abcDE1", d, (int)dead);
	char *live = xasprintf("%s/.out.dts.b2d-%d-abcdef", d, (int)getppid());
	char *other = xasprintf("%s/.foo.dts.abcdef", d);
	char *link = xasprintf("%s/.l.dts.b2d-%d-abcdef", d, (int)dead);
	char *sub = xasprintf("%s/.s.dts.b2d-%d-abcdef", d, (int)dead);
	char *owned = xasprintf("%s/.o.dts.b2d-%d-abcdef", d, (int)dead);
	char *out = xasprintf("%s/out.dts", d);

	put_file(stale, "s");
	put_file(live, "l");
	put_file(other, "f");
	put_file(owned, "o");
	assert_int_equal(symlink("out.dts", link), 0);
	assert_int_equal(mkdir(sub, 0755), 0);
	if (geteuid() == 0)
		assert_int_equal(chown(owned, 65534, 65534), 0);
	else
		unlink(owned);	/* cannot give a file away: nothing to check */

	/* The first output into d removes the stale temp, and only it. */
	assert_int_equal(write_file_atomic(out, "x", 1, NULL, 0), B2D_OK);
	assert_int_equal(access(stale, F_OK), -1);
	assert_int_equal(access(live, F_OK), 0);
	assert_int_equal(access(other, F_OK), 0);
	assert_int_equal(faccessat(AT_FDCWD, link, F_OK, AT_SYMLINK_NOFOLLOW), 0);
	assert_int_equal(access(sub, F_OK), 0);
	if (geteuid() == 0)
		assert_int_equal(access(owned, F_OK), 0);
	/* Once per directory and process. */
	put_file(stale, "s");
	assert_int_equal(write_file_atomic(out, "y", 1, NULL, 0), B2D_OK);
	assert_int_equal(access(stale, F_OK), 0);
	free(stale);
	free(live);
	free(other);
	free(link);
	free(sub);
	free(owned);
	free(out);
	free(d);
}

/* A child stages into d, then gets sig (ignored first when ignore). */
static int child_signalled(const char *d, int sig, bool ignore)
{
	pid_t pid = fork();
	int status;

	assert_true(pid >= 0);
	if (pid == 0) {
		char *path = xasprintf("%s/out.dts", d);
		struct out_txn *t = out_txn_new(NULL, 0);

		if (ignore)
			signal(sig, SIG_IGN);
		if (out_txn_stage(t, path, "x", 1) != B2D_OK)
			_exit(3);
		raise(sig);
		status = temps(d, NULL) == 1 ? 0 : 4;	/* still there when ignored */
		out_txn_free(t);
		free(path);
		_exit(status);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	return status;
}

static void test_signal_unlinks(void **state)
{
	char *d = subdir("signal");
	int status;

	status = child_signalled(d, SIGTERM, false);
	assert_true(WIFSIGNALED(status));
	assert_int_equal(WTERMSIG(status), SIGTERM);
	assert_int_equal(entries(d), 0);
	status = child_signalled(d, SIGINT, false);
	assert_true(WIFSIGNALED(status));
	assert_int_equal(WTERMSIG(status), SIGINT);
	assert_int_equal(entries(d), 0);
	/* An ignored signal stays ignored: the run goes on. */
	status = child_signalled(d, SIGTERM, true);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	free(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_write_and_replace),
		cmocka_unit_test(test_refuse_input),
		cmocka_unit_test(test_unwritable),
		cmocka_unit_test(test_stdout),
		cmocka_unit_test(test_txn_all_or_nothing),
		cmocka_unit_test(test_txn_modes),
		cmocka_unit_test(test_txn_symlinks),
		cmocka_unit_test(test_txn_fifo),
		cmocka_unit_test(test_txn_special),
		cmocka_unit_test(test_txn_char_devices),
		cmocka_unit_test(test_temp_names),
		cmocka_unit_test(test_stale_temps),
		cmocka_unit_test(test_signal_unlinks),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
