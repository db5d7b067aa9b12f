// SPDX-License-Identifier: GPL-2.0
/*
 * The temporary files behind out_txn (out_txn.h): their names, which carry
 * the creating pid so that a later run can tell a stale one from one in
 * flight; the list of those in flight, unlinked by a SIGINT/SIGTERM/SIGHUP
 * handler; and the removal of stale ones left by a killed run.
 */
#include "out_txn.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../common/util.h"

#define TAG ".b2d-"		/* ".<name>.b2d-<pid>-<RAND>" */
#define RAND_LEN 6
#define NAME_KEEP 200		/* characters of the target's name kept (NAME_MAX 255) */

/* ---- temporary files in flight, and the signal handler ---- */

static const int fatal_sigs[] = { SIGINT, SIGTERM, SIGHUP };
static char **inflight;		/* changed only with fatal_sigs blocked */
static size_t ninflight, capinflight;
static pid_t inflight_pid;	/* a forked child must not unlink its parent's */
static bool handlers_done;

/* Async-signal-safe: unlink(), getpid(), signal(), raise(). */
static void on_fatal_signal(int sig)
{
	int saved = errno;

	if (getpid() == inflight_pid)
		for (size_t i = 0; i < ninflight; i++)
			unlink(inflight[i]);
	signal(sig, SIG_DFL);
	raise(sig);	/* blocked until the handler returns, then fatal */
	errno = saved;
}

static void block_fatal(sigset_t *old)
{
	sigset_t s;

	sigemptyset(&s);
	for (size_t i = 0; i < sizeof(fatal_sigs) / sizeof(*fatal_sigs); i++)
		sigaddset(&s, fatal_sigs[i]);
	sigprocmask(SIG_BLOCK, &s, old);
}

/* Once per process; a signal the caller ignores or handles is left alone. */
static void install_handlers(void)
{
	struct sigaction sa, cur;

	if (handlers_done)
		return;
	handlers_done = true;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_fatal_signal;
	sigemptyset(&sa.sa_mask);	/* one handler at a time */
	for (size_t i = 0; i < sizeof(fatal_sigs) / sizeof(*fatal_sigs); i++)
		sigaddset(&sa.sa_mask, fatal_sigs[i]);
	for (size_t i = 0; i < sizeof(fatal_sigs) / sizeof(*fatal_sigs); i++)
		if (sigaction(fatal_sigs[i], NULL, &cur) == 0 && cur.sa_handler == SIG_DFL &&
		    !(cur.sa_flags & SA_SIGINFO))
			sigaction(fatal_sigs[i], &sa, NULL);
}

/* Called with fatal_sigs blocked. */
static void track(char *temp)
{
	install_handlers();
	if (inflight_pid != getpid()) {
		ninflight = 0;	/* a forked child: the parent's are not ours */
		inflight_pid = getpid();
	}
	if (ninflight == capinflight) {
		capinflight = capinflight ? 2 * capinflight : 8;
		inflight = xrealloc(inflight, capinflight * sizeof(*inflight));
	}
	inflight[ninflight++] = temp;
}

static void untrack(const char *temp)
{
	for (size_t i = 0; i < ninflight; i++)
		if (inflight[i] == temp) {
			inflight[i] = inflight[--ninflight];
			return;
		}
}

/* ---- names ---- */

static const char alnum[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

static void random_suffix(char *out)
{
	static uint64_t x;
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	x ^= (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 20) ^ ((uint64_t)getpid() << 40);
	for (int i = 0; i < RAND_LEN; i++) {
		x ^= x << 13;	/* xorshift64 */
		x ^= x >> 7;
		x ^= x << 17;
		out[i] = alnum[x % (sizeof(alnum) - 1)];
	}
	out[RAND_LEN] = '\0';
}

int out_temp_create(const char *dir, const char *name, mode_t mode, char **temp)
{
	size_t n = strlen(name);

	for (int tries = 0; tries < 100; tries++) {
		char rnd[RAND_LEN + 1];
		sigset_t old;
		int fd, saved;

		random_suffix(rnd);
		*temp = xasprintf("%s.%.*s" TAG "%ld-%s", dir, (int)(n > NAME_KEEP ? NAME_KEEP : n),
				  name, (long)getpid(), rnd);
		block_fatal(&old);
		fd = open(*temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode);
		saved = errno;
		if (fd >= 0)
			track(*temp);
		sigprocmask(SIG_SETMASK, &old, NULL);
		if (fd >= 0)
			return fd;
		free(*temp);
		*temp = NULL;
		errno = saved;
		if (saved != EEXIST)
			return -1;
	}
	return -1;
}

int out_temp_finish(const char *temp, const char *to)
{
	sigset_t old;
	int rc, saved;

	block_fatal(&old);
	rc = to ? rename(temp, to) : unlink(temp);
	saved = errno;
	if (rc == 0 || !to)
		untrack(temp);
	sigprocmask(SIG_SETMASK, &old, NULL);
	errno = saved;
	return rc;
}

/* ---- stale temporary files ---- */

static bool is_alnum(char c)
{
	return c && strchr(alnum, c);
}

pid_t out_temp_pid(const char *name)
{
	size_t n = strlen(name), tag = strlen(TAG);
	const char *rnd, *end, *p;
	long pid = 0;

	if (name[0] != '.' || n < 1 + 1 + tag + 1 + 1 + RAND_LEN)
		return 0;
	rnd = name + n - RAND_LEN;
	for (int i = 0; i < RAND_LEN; i++)
		if (!is_alnum(rnd[i]))
			return 0;
	end = rnd - 1;
	if (*end != '-')
		return 0;
	for (p = end; p > name && p[-1] >= '0' && p[-1] <= '9'; p--)
		;
	if (p == end || *p == '0' || end - p > 9 || p - name < (ptrdiff_t)(tag + 2) ||
	    memcmp(p - tag, TAG, tag))
		return 0;
	for (; p < end; p++)
		pid = pid * 10 + (*p - '0');
	return (pid_t)pid;
}

static bool stale(int dfd, const char *name)
{
	pid_t pid = out_temp_pid(name);
	struct stat st;

	if (pid <= 1 || pid == getpid())
		return false;
	if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode) ||
	    st.st_uid != geteuid())
		return false;
	return kill(pid, 0) != 0 && errno == ESRCH;
}

int out_temp_clean_dir(const char *dir)
{
	static struct ptrvec done;
	const char *d = *dir ? dir : ".";
	struct dirent *e;
	DIR *dp;
	int removed = 0;

	for (size_t i = 0; i < done.len; i++)
		if (!strcmp(done.items[i], d))
			return 0;
	pv_push(&done, xstrdup(d));
	dp = opendir(d);
	if (!dp)
		return 0;	/* creating the temporary file will say why */
	while ((e = readdir(dp)))
		if (stale(dirfd(dp), e->d_name) && unlinkat(dirfd(dp), e->d_name, 0) == 0)
			removed++;
	closedir(dp);
	return removed;
}
