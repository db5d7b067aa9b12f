// SPDX-License-Identifier: GPL-2.0
/*
 * `board2dts batch`: the pool of worker processes. Each worker creates one
 * CXIndex and converts the files the scheduler sends it over a pipe, one at a
 * time (batch_worker.c), answering with the file's index when its state
 * record is written. A worker that dies (a crash in libclang, a SIGKILL, an
 * abort, --timeout, --max-memory) loses only the file it was on: the
 * scheduler sees the pipe close, records why for that file and forks a new
 * worker for the rest. SIGINT/SIGTERM stop handing out files and stop the
 * workers.
 */
#define _GNU_SOURCE	/* sigabbrev_np */
#include "batch.h"

#include <clang-c/Index.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/diag.h"
#include "common/runlimit.h"

/* ---- SIGINT / SIGTERM: stop handing out files, stop the workers, summarise ---- */

static volatile sig_atomic_t stop_sig;	/* the first SIGINT/SIGTERM received */

int batch_stop_signal(void)
{
	return stop_sig;
}

static void on_stop(int sig)
{
	if (!stop_sig)
		stop_sig = sig;
}

static void stop_set(sigset_t *set)
{
	sigemptyset(set);
	sigaddset(set, SIGINT);
	sigaddset(set, SIGTERM);
}

/*
 * A stop signal still pending (blocked): ppoll() that returns ready
 * descriptors restores the mask without running the handler, although the
 * signal arrived during the wait. A SIGTERM to the process group (timeout(1),
 * a service manager) also kills the workers, so the scheduler may see a
 * worker's EOF before its own handler ran: without this, the file in flight
 * counted as failed and the batch ended as if never signalled (CI, stop 43).
 */
static void take_pending_stop(void)
{
	sigset_t p;

	if (stop_sig || sigpending(&p) != 0)
		return;
	if (sigismember(&p, SIGINT))
		stop_sig = SIGINT;
	else if (sigismember(&p, SIGTERM))
		stop_sig = SIGTERM;
}

/* The scheduler: catch both, and keep them blocked but during ppoll (old: the mask to poll with). */
void batch_catch_stop(sigset_t *old)
{
	struct sigaction sa;
	sigset_t set;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	stop_set(&set);
	sigprocmask(SIG_BLOCK, &set, old);
	sigdelset(old, SIGINT);
	sigdelset(old, SIGTERM);
}

/*
 * A worker: a Ctrl-C (SIGINT to the whole process group) leaves it to the
 * scheduler, which stops it with SIGTERM (default action; out_temp.c removes
 * the temporary files of a commit in flight).
 */
static void worker_signals(void)
{
	sigset_t set;

	signal(SIGINT, SIG_IGN);
	signal(SIGTERM, SIG_DFL);
	stop_set(&set);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
}

/* ---- workers ---- */

struct worker {
	pid_t pid;
	int to, from;		/* pipes: job indices down, finished indices up */
	long job;		/* index in flight, or -1 */
	char buf[64];
	size_t len;
};

static void worker_main(struct batch_ctx *c, struct batch_jobs *js, int in, int out)
{
	FILE *f = fdopen(in, "r");
	char line[64];

	if (rl_set_memory(c->max_memory, RL_EXIT_OOM) != 0)
		diag_warning(NULL, "batch: --max-memory: cannot set the limit");
	c->index = clang_createIndex(0, 0);
	while (f && fgets(line, sizeof(line), f)) {
		long k = atol(line);
		char *log;
		int fd;

		if (k < 0 || (size_t)k >= js->n)
			continue;
		log = xasprintf("%s/%s.log", c->state_dir, js->v[k].base);
		fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		free(log);
		if (fd >= 0) {
			fflush(stderr);
			dup2(fd, STDERR_FILENO);
			close(fd);
		}
		rl_start(js->v[k].path, c->timeout, RL_EXIT_TIMEOUT);
		batch_convert(c, &js->v[k]);
		rl_stop();
		fflush(stderr);
		dprintf(out, "%ld\n", k);
	}
	batch_worker_end(c);
	clang_disposeIndex(c->index);
}

static int spawn(struct worker *w, struct worker *all, size_t nall, struct batch_ctx *c,
		 struct batch_jobs *js)
{
	int down[2], up[2];
	pid_t pid;

	if (pipe(down) || pipe(up)) {
		diag_error(NULL, "batch: pipe: %s", strerror(errno));
		return -1;
	}
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		diag_error(NULL, "batch: fork: %s", strerror(errno));
		close(down[0]); close(down[1]); close(up[0]); close(up[1]);
		return -1;
	}
	if (pid == 0) {
		for (size_t i = 0; i < nall; i++) {
			if (all[i].to >= 0)
				close(all[i].to);
			if (all[i].from >= 0)
				close(all[i].from);
		}
		close(down[1]);
		close(up[0]);
		worker_signals();
		worker_main(c, js, down[0], up[1]);
		_exit(0);
	}
	close(down[0]);
	close(up[1]);
	w->pid = pid;
	w->to = down[1];
	w->from = up[0];
	w->job = -1;
	w->len = 0;
	return 0;
}

static void send_job(struct worker *w, long k)
{
	dprintf(w->to, "%ld\n", k);
	w->job = k;
}

static void retire(struct worker *w)
{
	if (w->to >= 0)
		close(w->to);
	w->to = -1;
}

char *batch_signame(int sig)
{
	const char *abbrev = sigabbrev_np(sig);

	return abbrev ? xasprintf("SIG%s", abbrev) : xasprintf("signal %d", sig);
}

/* The worker died on job k: record it in the file's state. */
static void record_death(struct batch_ctx *c, struct batch_job *jb, int status)
{
	struct batch_result *r = &jb->r;
	char *last = batch_log_message(c, jb, false);

	batch_result_free(r);
	r->status = xstrdup("failed");
	r->dtc = xstrdup("not run");
	r->options = batch_fingerprint(c, jb);
	if (WIFSIGNALED(status)) {
		int sig = WTERMSIG(status);

		r->signal = batch_signame(sig);
		r->message = last ? xasprintf("worker killed by %s (%s) after: %s", r->signal,
					      strsignal(sig), last)
				  : xasprintf("worker killed by %s (%s)", r->signal, strsignal(sig));
	} else if (WIFEXITED(status) && WEXITSTATUS(status) == RL_EXIT_TIMEOUT && c->timeout) {
		r->message = xasprintf("timed out after %u s (--timeout)", c->timeout);
	} else if (WIFEXITED(status) && WEXITSTATUS(status) == RL_EXIT_OOM && c->max_memory) {
		char size[32];

		rl_format_size(c->max_memory, size, sizeof(size));
		r->message = xasprintf("out of memory (limit %s, --max-memory)", size);
	} else {
		r->message = xasprintf("worker exited with status %d%s%s",
				       WIFEXITED(status) ? WEXITSTATUS(status) : -1,
				       last ? " after: " : "", last ? last : "");
	}
	free(last);
	r->valid = true;
	batch_state_write(c, jb);
}



/* A file of this run that SIGINT/SIGTERM stopped (started) or kept from starting. */
static void mark_interrupted(struct batch_job *jb, bool started)
{
	char *sig = batch_signame(stop_sig);

	batch_result_free(&jb->r);
	jb->r.status = xstrdup("interrupted");
	jb->r.message = xasprintf(started ? "stopped by %s before it finished"
					  : "not started: interrupted by %s", sig);
	jb->r.interrupted = true;
	jb->r.valid = true;
	free(sig);
}

/* The pool of workers running the files run[0..nrun). */
struct pool {
	struct batch_ctx *c;
	struct batch_jobs *js;
	const long *run;
	size_t nrun, next, live;
	struct worker *w;
	long nw;
	struct batch_progress *p;
	bool stopping;
};

/* The next file to w, unless none is left or we are stopping. */
static void hand_out(struct pool *pl, struct worker *x)
{
	if (pl->next < pl->nrun && !stop_sig)
		send_job(x, pl->run[pl->next++]);
	else
		retire(x);
}

/* SIGINT/SIGTERM: no more files; SIGTERM to the workers with a file in flight. */
static void stop_workers(struct pool *pl)
{
	pl->stopping = true;
	for (long i = 0; i < pl->nw; i++) {
		retire(&pl->w[i]);
		if (pl->w[i].pid > 0 && pl->w[i].job >= 0)
			kill(pl->w[i].pid, SIGTERM);
	}
}

/* Lines from a worker: the indices of the files it finished. */
static void worker_lines(struct pool *pl, struct worker *x)
{
	char *nl;

	while ((nl = memchr(x->buf, '\n', x->len))) {
		size_t used = (size_t)(nl + 1 - x->buf);
		struct batch_job *jb;
		long k;

		*nl = '\0';
		k = atol(x->buf);
		memmove(x->buf, nl + 1, x->len - used);
		x->len -= used;
		if (k != x->job)
			continue;
		jb = &pl->js->v[k];
		batch_state_read(pl->c, jb, &jb->r);
		if (!jb->r.valid) {
			jb->r.status = xstrdup("failed");
			jb->r.message = xstrdup("worker wrote no result");
			jb->r.valid = true;
		}
		x->job = -1;
		batch_finished(pl->p, jb, pl->nrun);
		hand_out(pl, x);
	}
}

/* EOF from a worker: it is gone; its file in flight failed (or was stopped). */
static void worker_gone(struct pool *pl, struct worker *x)
{
	int status = 0;
	long k = x->job;

	close(x->from);
	retire(x);
	x->from = -1;
	waitpid(x->pid, &status, 0);
	x->pid = -1;
	x->job = -1;
	pl->live--;
	if (k >= 0 && (pl->stopping || stop_sig)) {
		mark_interrupted(&pl->js->v[k], true);
	} else if (k >= 0) {
		record_death(pl->c, &pl->js->v[k], status);
		batch_finished(pl->p, &pl->js->v[k], pl->nrun);
	}
	if (pl->next < pl->nrun && !stop_sig &&
	    spawn(x, pl->w, (size_t)pl->nw, pl->c, pl->js) == 0) {
		pl->live++;
		send_job(x, pl->run[pl->next++]);
	}
}

static void worker_ready(struct pool *pl, struct worker *x)
{
	ssize_t got = read(x->from, x->buf + x->len, sizeof(x->buf) - 1 - x->len);

	if (got > 0) {
		x->len += (size_t)got;
		worker_lines(pl, x);
	} else if (got == 0 || errno != EINTR) {
		worker_gone(pl, x);
	}
}

/* Wait for the workers; false on a poll error. */
static bool pool_wait(struct pool *pl, struct pollfd *pf, const sigset_t *mask)
{
	nfds_t n = 0;

	for (long i = 0; i < pl->nw; i++)
		if (pl->w[i].pid > 0)
			pf[n++] = (struct pollfd){ .fd = pl->w[i].from, .events = POLLIN };
	if (ppoll(pf, n, NULL, mask) < 0) {
		if (errno == EINTR)
			return true;
		diag_error(NULL, "batch: poll: %s", strerror(errno));
		return false;
	}
	take_pending_stop();
	for (long i = 0; i < pl->nw; i++)
		for (nfds_t k = 0; k < n; k++)
			if (pl->w[i].pid > 0 && pf[k].fd == pl->w[i].from && pf[k].revents) {
				worker_ready(pl, &pl->w[i]);
				break;
			}
	return true;
}

void batch_run_jobs(struct batch_ctx *c, struct batch_jobs *js, const long *run, size_t nrun,
		     long nw, struct batch_progress *p, const sigset_t *mask)
{
	struct pool pl = { c, js, run, nrun, 0, 0, xcalloc((size_t)nw, sizeof(struct worker)),
			   nw, p, false };
	struct pollfd *pf = xcalloc((size_t)nw, sizeof(*pf));

	for (long i = 0; i < nw; i++)
		pl.w[i].to = pl.w[i].from = -1, pl.w[i].pid = -1, pl.w[i].job = -1;
	for (long i = 0; i < nw && pl.next < nrun && !stop_sig; i++) {
		if (spawn(&pl.w[i], pl.w, (size_t)nw, c, js))
			break;
		pl.live++;
		send_job(&pl.w[i], run[pl.next++]);
	}
	while (pl.live) {
		if (stop_sig && !pl.stopping)
			stop_workers(&pl);
		if (!pool_wait(&pl, pf, mask))
			break;
	}
	/* Anything never sent: interrupted, or no worker could be started. */
	for (; pl.next < nrun; pl.next++) {
		struct batch_job *jb = &js->v[run[pl.next]];

		if (stop_sig) {
			mark_interrupted(jb, false);
			continue;
		}
		jb->r.status = xstrdup("failed");
		jb->r.message = xstrdup("not run: no worker process");
		jb->r.valid = true;
		batch_finished(p, jb, nrun);
	}
	free(pl.w);
	free(pf);
}

