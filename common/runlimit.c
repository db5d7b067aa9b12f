// SPDX-License-Identifier: GPL-2.0
#include "runlimit.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#ifndef __has_feature
#define __has_feature(x) 0
#endif
#if defined(__SANITIZE_ADDRESS__) || __has_feature(address_sanitizer)
#define RL_ASAN 1
#else
#define RL_ASAN 0
#endif

static unsigned long long mem_cap;
static int oom_status = 2;
static int timeout_status = 1;
static char file_name[512] = "";
static char timeout_msg[768];
static size_t timeout_len;
static int real_stderr = -1;	/* the held stderr, or -1 */
static FILE *held;

bool rl_parse_seconds(const char *s, unsigned *out)
{
	char *end;
	unsigned long v;

	if (!s || !*s || *s == '-' || *s == '+')
		return false;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || *end || v > 86400u * 365)
		return false;
	*out = (unsigned)v;
	return true;
}

bool rl_parse_size(const char *s, unsigned long long *out)
{
	static const char units[] = "KMGT";
	char *end;
	const char *u;
	unsigned long long v;
	int shift = 0;

	if (!s || !*s || *s == '-' || *s == '+')
		return false;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || end == s)
		return false;
	if (*end) {
		u = strchr(units, *end >= 'a' ? *end - 32 : *end);
		if (!u || !*u || (end[1] && strcmp(end + 1, "B") && strcmp(end + 1, "iB")))
			return false;
		shift = 10 * (int)(u - units + 1);
	}
	if (v > (~0ull >> shift))
		return false;
	*out = v << shift;
	return true;
}

void rl_format_size(unsigned long long n, char *buf, size_t len)
{
	static const char units[] = "KMGT";
	int k = -1;

	while (n && k < 3 && !(n & 1023)) {
		n >>= 10;
		k++;
	}
	if (k >= 0)
		snprintf(buf, len, "%llu%c", n, units[k]);
	else
		snprintf(buf, len, "%llu", n);
}

/* Resident bytes (/proc/self/statm), 0: unknown. */
static unsigned long long resident(void)
{
	FILE *f = fopen("/proc/self/statm", "r");
	unsigned long long size = 0, pages = 0;

	if (f && fscanf(f, "%llu %llu", &size, &pages) != 2)
		pages = 0;
	if (f)
		fclose(f);
	return pages * (unsigned long long)sysconf(_SC_PAGESIZE);
}

/*
 * AddressSanitizer: RLIMIT_AS would break its shadow mapping, so a thread
 * checks the resident size every 20 ms instead (the cap then counts ASan's
 * own overhead too).
 */
static void *rss_watch(void *arg)
{
	struct timespec tick = { 0, 20 * 1000 * 1000 };

	(void)arg;
	for (;;) {
		nanosleep(&tick, NULL);
		if (resident() > mem_cap)
			rl_die_oom();
	}
	return NULL;
}

int rl_set_memory(unsigned long long bytes, int status)
{
	struct rlimit rl;

	oom_status = status;
	if (!bytes)
		return 0;
	if (RL_ASAN) {
		pthread_t t;

		mem_cap = bytes;
		if (pthread_create(&t, NULL, rss_watch, NULL) != 0)
			return errno ? errno : EAGAIN;
		pthread_detach(t);
		return 0;
	}
	if (getrlimit(RLIMIT_AS, &rl) != 0)
		return errno;
	if (rl.rlim_max != RLIM_INFINITY && rl.rlim_max < bytes)
		bytes = rl.rlim_max;	/* a lower cap from outside stays */
	rl.rlim_cur = bytes;
	if (setrlimit(RLIMIT_AS, &rl) != 0)
		return errno;
	mem_cap = bytes;
	return 0;
}

static void on_alarm(int sig)
{
	ssize_t w;

	(void)sig;
	w = write(real_stderr >= 0 ? real_stderr : STDERR_FILENO, timeout_msg, timeout_len);
	(void)w;
	_exit(timeout_status);
}

void rl_start(const char *file, unsigned secs, int status)
{
	struct sigaction sa;
	int n;

	snprintf(file_name, sizeof(file_name), "%s", file);
	if (!secs)
		return;
	n = snprintf(timeout_msg, sizeof(timeout_msg),
		     "board2dts: error: %s: timed out after %u s\n", file_name, secs);
	timeout_len = n > 0 && (size_t)n < sizeof(timeout_msg) ? (size_t)n : 0;
	timeout_status = status;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, NULL);
	alarm(secs);
}

void rl_stop(void)
{
	alarm(0);
}

/* VmPeak of /proc/self/status, in bytes (0: unknown). */
static unsigned long long vm_peak(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[128];
	unsigned long long kb = 0;

	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, "VmPeak:", 7)) {
			kb = strtoull(line + 7, NULL, 10);
			break;
		}
	if (f)
		fclose(f);
	return kb * 1024;
}

/* Does the held stderr say "out of memory" (LLVM's report_bad_alloc_error)? */
static bool held_says_oom(void)
{
	char buf[4096];
	size_t n;
	bool found = false;

	if (!held)
		return false;
	fflush(stderr);
	rewind(held);
	while (!found && (n = fread(buf, 1, sizeof(buf) - 1, held)) > 0) {
		buf[n] = '\0';
		found = strstr(buf, "out of memory") != NULL;
	}
	fseek(held, 0, SEEK_END);
	return found;
}

bool rl_hit_memory_limit(void)
{
	return mem_cap && (held_says_oom() || vm_peak() >= mem_cap / 10 * 9);
}

void rl_die_oom(void)
{
	char msg[768], size[32];
	int n;
	ssize_t w;

	rl_format_size(mem_cap, size, sizeof(size));
	if (mem_cap)
		n = snprintf(msg, sizeof(msg), "board2dts: error: %s%sout of memory (limit %s)\n",
			     file_name, *file_name ? ": " : "", size);
	else
		n = snprintf(msg, sizeof(msg), "board2dts: error: out of memory\n");
	w = write(real_stderr >= 0 ? real_stderr : STDERR_FILENO, msg,
		  n > 0 && (size_t)n < sizeof(msg) ? (size_t)n : 0);
	(void)w;
	_exit(mem_cap ? oom_status : 2);
}

void rl_stderr_hold(void)
{
	if (real_stderr >= 0)
		return;
	fflush(stderr);
	held = tmpfile();
	if (!held)
		return;
	real_stderr = dup(STDERR_FILENO);
	if (real_stderr < 0 || dup2(fileno(held), STDERR_FILENO) < 0) {
		if (real_stderr >= 0)
			close(real_stderr);
		real_stderr = -1;
		fclose(held);
		held = NULL;
	}
}

void rl_stderr_release(bool keep)
{
	char buf[4096];
	size_t n;

	if (real_stderr < 0)
		return;
	fflush(stderr);
	dup2(real_stderr, STDERR_FILENO);
	close(real_stderr);
	real_stderr = -1;
	rewind(held);
	while (keep && (n = fread(buf, 1, sizeof(buf), held)) > 0)
		fwrite(buf, 1, n, stderr);
	fclose(held);
	held = NULL;
}
