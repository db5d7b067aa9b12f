// SPDX-License-Identifier: GPL-2.0
/*
 * `board2dts batch`: convert many board files in parallel.
 *
 * The parent loads the rule packs once, builds the file list (arguments and/or
 * every MACHINE_START file of the compilation databases), keeps this shard's
 * part, skips files whose outputs are up to date, and then forks -j worker
 * processes. Each worker creates one CXIndex and converts the files the parent
 * sends it over a pipe, one at a time (batch_worker.c), answering with the
 * file's index when its state record is written. A worker that dies (a crash
 * in libclang, a SIGKILL, an abort) loses only the file it was on: the parent
 * sees the pipe close, records the signal for that file and forks a new
 * worker for the rest. At the end: summary.json and summary.md.
 */
#define _GNU_SOURCE	/* sigabbrev_np, program_invocation_name */
#include "batch.h"
#include "cli.h"
#include "opt.h"
#include "convert_core.h"

#include <clang-c/CXCompilationDatabase.h>
#include <clang-c/Index.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>

#include "common/diag.h"
#include "extractor/config.h"
#include "common/json.h"
#include "common/runlimit.h"
#include "emitter/emit.h"
#include "engine/rules.h"

struct batch_args {
	struct ptrvec build_dirs;	/* -p, repeatable */
	const char *kernel_dir;
	const char *rules_dir;
	const char *config_file;	/* --config FILE */
	const char *out_dir;
	long jobs;
	long shard_i, shard_n;
	bool force, json, from_compdb, help, annotate;
	unsigned timeout;		/* --timeout, per file */
	unsigned long long max_memory;	/* --max-memory, per worker */
	struct ptrvec files;
	const char **clang_args;
	size_t nclang_args;
};

static const char batch_usage[] =
	"usage: board2dts batch [-p BUILD_DIR]... [--from-compdb] [--kernel KDIR] [--config FILE]\n"
	"                       [-j N] [--shard I/N] [--force] [--json] [--rules DIR]\n"
	"                       [--no-annotate] [--timeout S] [--max-memory SIZE]\n"
	"                       --out-dir DIR [FILE.c...] [-- CLANG_ARGS...]\n"
	"\n"
	"Convert many board files in parallel: DIR/<base>.dts (or <base>.<ID>.dts per\n"
	"machine) and DIR/<base>.report.json per file, then DIR/summary.json and\n"
	"DIR/summary.md. Each file is converted in a worker process: a file that\n"
	"fails or crashes the parser is recorded (with the signal) and the batch\n"
	"goes on.\n"
	"\n"
	"  -p BUILD_DIR       compile_commands.json directory; repeatable (each file\n"
	"                     uses the first database that lists it); none: tolerant\n"
	"  --from-compdb      add every file with MACHINE_START the -p databases list\n"
	"  --config FILE      kernel .config or defconfig for the tolerant files (those\n"
	"                     no -p database lists); see convert --help\n"
	"  --kernel KDIR      kernel tree: SoC .dtsi, and every output is compiled\n"
	"                     with the kernel's cpp + dtc (the summary's dtc column)\n"
	"  -j N               worker processes (default: number of cores)\n"
	"  --shard I/N        convert only the I-th of N deterministic parts of the\n"
	"                     file list (1 <= I <= N); shards' DIRs merge by copying\n"
	"                     them together, then re-run without --shard to rewrite\n"
	"                     the summary (everything is skipped as up to date)\n"
	"  --force            redo files that are up to date (same options, version,\n"
	"                     rules and model headers; outputs newer than the input)\n"
	"  --json             progress as JSON lines on stdout (no progress line)\n"
	"  --out-dir DIR      where everything goes (created if missing)\n"
	"  --timeout SECONDS  per file (default 300; 0: none): a file past it is\n"
	"                     recorded as timed out and the batch goes on\n"
	"  --max-memory SIZE  per worker address space (default 4G; K/M/G; 0: none):\n"
	"                     a file past it is recorded as out of memory\n"
	"  --rules DIR, --no-annotate, -- CLANG_ARGS: as for convert\n"
	"\n"
	"SIGINT/SIGTERM: the workers stop, the summary lists what finished, and\n"
	"stderr gives the command that resumes (up-to-date files are skipped).\n"
	"\n"
	"exit status: 0 every file converted (and its .dts compiled, with --kernel);\n"
	"1 some file failed (summary.md says which and why); 2 usage error or bad\n"
	"rule file; 130/143 interrupted by SIGINT/SIGTERM.\n";

void batch_print_usage(FILE *f)
{
	fputs(batch_usage, f);
}

static int usage_error(const char *fmt, const char *arg)
{
	char *msg = xasprintf(fmt, arg);

	diag_error(NULL, "batch: %s", msg);
	free(msg);
	return EXIT_USAGE;
}

static bool parse_long(const char *s, long *out)
{
	char *end;

	errno = 0;
	*out = strtol(s, &end, 10);
	return s[0] && !*end && !errno;
}

/* The options as given, before numbers are checked. */
struct batch_raw {
	struct opt_list build_dirs;
	const char *kernel_dir, *rules_dir, *config_file, *out_dir, *jobs, *shard, *timeout, *max_memory;
	bool force, json, from_compdb, annotate;
};

#define B(field) offsetof(struct batch_raw, field)

static const struct opt_spec batch_opts[] = {
	{ "build-dir", 'p', OPT_LIST, B(build_dirs) },
	{ "kernel", 0, OPT_VALUE, B(kernel_dir) },
	{ "rules", 0, OPT_VALUE, B(rules_dir) },
	{ "config", 0, OPT_VALUE, B(config_file) },
	{ "out-dir", 0, OPT_VALUE, B(out_dir) },
	{ "jobs", 'j', OPT_VALUE, B(jobs) },
	{ "shard", 0, OPT_VALUE, B(shard) },
	{ "force", 0, OPT_FLAG, B(force) },
	{ "json", 0, OPT_FLAG, B(json) },
	{ "from-compdb", 0, OPT_FLAG, B(from_compdb) },
	{ "no-annotate", 0, OPT_CLEAR, B(annotate) },
	{ "timeout", 0, OPT_VALUE, B(timeout) },
	{ "max-memory", 0, OPT_VALUE, B(max_memory) },
};

static int parse_numbers(const struct batch_raw *r, struct batch_args *a)
{
	if (r->jobs && (!parse_long(r->jobs, &a->jobs) || a->jobs < 1 || a->jobs > 1024))
		return usage_error("-j needs a number of workers (1..1024), got '%s'", r->jobs);
	if (r->shard) {
		const char *slash = strchr(r->shard, '/');
		char *is = slash ? xstrndup(r->shard, (size_t)(slash - r->shard)) : NULL;
		bool ok = is && parse_long(is, &a->shard_i) && parse_long(slash + 1, &a->shard_n) &&
			  a->shard_n >= 1 && a->shard_i >= 1 && a->shard_i <= a->shard_n;

		free(is);
		if (!ok)
			return usage_error("--shard needs I/N with 1 <= I <= N, got '%s'", r->shard);
	}
	return EXIT_OK;
}

static int parse_args(int argc, char **argv, struct batch_args *a)
{
	struct batch_raw r = { .annotate = true };
	struct opt_args oa;
	int rc;

	memset(a, 0, sizeof(*a));
	rc = opt_parse("batch", batch_opts, sizeof(batch_opts) / sizeof(*batch_opts), argc, argv,
		       &r, &oa);
	a->help = oa.help;
	a->clang_args = oa.rest;
	a->nclang_args = oa.nrest;
	for (size_t i = 0; i < oa.operands.n; i++)
		pv_push(&a->files, (void *)oa.operands.v[i]);
	for (size_t i = 0; i < r.build_dirs.n; i++)
		pv_push(&a->build_dirs, (void *)r.build_dirs.v[i]);
	a->kernel_dir = r.kernel_dir;
	a->rules_dir = r.rules_dir;
	a->config_file = r.config_file;
	a->out_dir = r.out_dir;
	a->force = r.force;
	a->json = r.json;
	a->from_compdb = r.from_compdb;
	a->annotate = r.annotate;
	opt_list_free(&r.build_dirs);
	opt_args_free(&oa);
	if (rc == EXIT_OK)
		rc = parse_numbers(&r, a);
	if (rc == EXIT_OK)
		rc = cli_parse_limits("batch", r.timeout, r.max_memory, &a->timeout, &a->max_memory);
	if (rc != EXIT_OK)
		return rc;
	if (a->help)
		return EXIT_OK;
	if (!a->out_dir)
		return usage_error("%s", "--out-dir DIR is required");
	if (a->from_compdb && !a->build_dirs.len)
		return usage_error("%s", "--from-compdb needs -p BUILD_DIR");
	if (!a->files.len && !a->from_compdb)
		return usage_error("%s", "no input files (give FILE.c... or -p BUILD_DIR --from-compdb)");
	return EXIT_OK;
}

/* ---- the file list ---- */

struct jobs {
	struct batch_job *v;
	size_t n;
};

static void add_job(struct jobs *js, const char *path, const char *build_dir)
{
	char *real = realpath(path, NULL);

	for (size_t i = 0; i < js->n; i++)
		if (!strcmp(js->v[i].real, real ? real : path)) {
			free(real);
			return;
		}
	js->v = xrealloc(js->v, (js->n + 1) * sizeof(*js->v));
	memset(&js->v[js->n], 0, sizeof(*js->v));
	js->v[js->n].path = xstrdup(path);
	js->v[js->n].real = real ? real : xstrdup(path);
	js->v[js->n].build_dir = build_dir;
	js->n++;
}

/* A legacy board file: MACHINE_START( at the start of a line. */
static bool has_machine_start(const char *path)
{
	char *text = read_file(path, NULL);
	bool r = text && (!strncmp(text, "MACHINE_START(", 14) || strstr(text, "\nMACHINE_START("));

	free(text);
	return r;
}

/* Every file a database lists: (realpath, build dir); optionally add board files as jobs. */
struct listed {
	char **real;
	const char **dir;
	size_t n;
};

static int scan_db(const char *dir, struct listed *l, struct jobs *js, bool add)
{
	char *path = xasprintf("%s/compile_commands.json", dir);
	int ferr = regular_file_error(path);
	struct srcpos pos = { path, 0, 0 };
	CXCompilationDatabase_Error err;
	CXCompilationDatabase db;
	CXCompileCommands all;
	unsigned n;

	if (ferr == B2D_ENOTREG)	/* a FIFO would block libclang */
		diag_error(&pos, "not a regular file");
	free(path);
	if (ferr == B2D_ENOTREG)
		return EXIT_USAGE;
	db = clang_CompilationDatabase_fromDirectory(dir, &err);
	if (err != CXCompilationDatabase_NoError) {
		diag_error(NULL, "-p: cannot load %s/compile_commands.json", dir);
		return EXIT_USAGE;
	}
	all = clang_CompilationDatabase_getAllCompileCommands(db);
	n = all ? clang_CompileCommands_getSize(all) : 0;
	for (unsigned i = 0; i < n; i++) {
		CXCompileCommand cmd = clang_CompileCommands_getCommand(all, i);
		CXString f = clang_CompileCommand_getFilename(cmd);
		CXString d = clang_CompileCommand_getDirectory(cmd);
		const char *fs = clang_getCString(f);
		char *abs = fs[0] == '/' ? xstrdup(fs) : xasprintf("%s/%s", clang_getCString(d), fs);
		size_t len = strlen(abs);
		char *real;

		clang_disposeString(f);
		clang_disposeString(d);
		if (len < 2 || strcmp(abs + len - 2, ".c") || !(real = realpath(abs, NULL))) {
			free(abs);
			continue;
		}
		l->real = xrealloc(l->real, (l->n + 1) * sizeof(*l->real));
		l->dir = xrealloc(l->dir, (l->n + 1) * sizeof(*l->dir));
		l->real[l->n] = real;
		l->dir[l->n++] = dir;
		if (add && strstr(abs, "/arch/arm/") && has_machine_start(abs))
			add_job(js, real, dir);
		free(abs);
	}
	if (all)
		clang_CompileCommands_dispose(all);
	clang_CompilationDatabase_dispose(db);
	return EXIT_OK;
}

static int cmp_base(const void *a, const void *b)
{
	const struct batch_job *x = a, *y = b;
	int c = strcmp(x->base, y->base);

	return c ? c : strcmp(x->real, y->real);
}

/* Unique output base names: the file's stem, or <parent dir>_<stem> when stems collide. */
static void name_jobs(struct jobs *js)
{
	for (size_t i = 0; i < js->n; i++)
		js->v[i].base = conv_input_base(js->v[i].real);
	for (size_t i = 0; i < js->n; i++) {
		bool dup = false;

		for (size_t k = 0; k < js->n && !dup; k++)
			dup = k != i && !strcmp(path_basename(js->v[k].real),
						path_basename(js->v[i].real));
		if (dup) {
			char *dir = xstrdup(js->v[i].real);
			char *slash = strrchr(dir, '/');
			const char *parent;

			if (slash)
				*slash = '\0';
			parent = path_basename(dir);
			free(js->v[i].base);
			js->v[i].base = xasprintf("%s_%s", parent, path_basename(js->v[i].real));
			js->v[i].base[strlen(js->v[i].base) - 2] = '\0';
			free(dir);
		}
	}
	/* Sorted by base name: the order (and so the shards) do not depend on where the tree is. */
	qsort(js->v, js->n, sizeof(*js->v), cmp_base);
	for (size_t i = 1; i < js->n; i++)
		if (!strcmp(js->v[i].base, js->v[i - 1].base)) {
			char *b = xasprintf("%s-%zu", js->v[i].base, i);

			free(js->v[i].base);
			js->v[i].base = b;
		}
}

/* ---- up to date? ---- */

static bool ts_before(struct timespec a, struct timespec b)
{
	return a.tv_sec < b.tv_sec || (a.tv_sec == b.tv_sec && a.tv_nsec < b.tv_nsec);
}

/*
 * The state says ok for this fingerprint (options, tool version, rules and
 * model headers), and every output exists and is not older than the input.
 */
static bool up_to_date(const struct batch_ctx *c, struct batch_job *jb, struct batch_result *r)
{
	struct stat in, st;
	char *fp;
	bool ok;

	if (!r->valid || strcmp(r->status, "ok") || !r->outputs.len ||
	    !str_eq(r->source, jb->path) || stat(jb->path, &in) != 0)
		return false;
	fp = batch_fingerprint(c, jb);
	ok = str_eq(fp, r->options);
	free(fp);
	for (size_t i = 0; ok && i < r->outputs.len; i++) {
		char *p = xasprintf("%s/%s", c->out_dir, (char *)r->outputs.items[i]);

		ok = stat(p, &st) == 0 && !ts_before(st.st_mtim, in.st_mtim);
		free(p);
	}
	return ok;
}

/* Before redoing a file: remove what its previous run wrote (machines may have changed). */
static void remove_old_outputs(const struct batch_ctx *c, const struct batch_result *r)
{
	for (size_t i = 0; i < r->outputs.len; i++) {
		char *p = xasprintf("%s/%s", c->out_dir, (char *)r->outputs.items[i]);

		(void)unlink(p);
		free(p);
	}
}

/* ---- SIGINT / SIGTERM: stop handing out files, stop the workers, summarise ---- */

static volatile sig_atomic_t stop_sig;	/* the first SIGINT/SIGTERM received */

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

/* The scheduler: catch both, and keep them blocked but during ppoll (old: the mask to poll with). */
static void catch_stop(sigset_t *old)
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

static void worker_main(struct batch_ctx *c, struct jobs *js, int in, int out)
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
		 struct jobs *js)
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

static char *signame(int sig)
{
	const char *abbrev = sigabbrev_np(sig);

	return abbrev ? xasprintf("SIG%s", abbrev) : xasprintf("signal %d", sig);
}

/* The worker died on job k: record it in the file's state. */
static void record_death(struct batch_ctx *c, struct batch_job *jb, int status)
{
	struct batch_result *r = &jb->r;
	char *last = NULL;
	char *log = xasprintf("%s/%s.log", c->state_dir, jb->base);
	char *text = read_file(log, NULL);

	free(log);
	if (text) {
		char *line, *save = NULL;

		for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
			if (strstr(line, "error:") && !last)
				last = xstrdup(line);
		free(text);
	}
	batch_result_free(r);
	r->status = xstrdup("failed");
	r->dtc = xstrdup("not run");
	r->options = batch_fingerprint(c, jb);
	if (WIFSIGNALED(status)) {
		int sig = WTERMSIG(status);

		r->signal = signame(sig);
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

/* ---- progress ---- */

struct progress {
	bool tty, json;
	size_t total, done, failed, skipped;
	double t0;
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void fmt_secs(char *buf, size_t n, double s)
{
	long v = (long)(s + 0.5);

	snprintf(buf, n, "%ld:%02ld", v / 60, v % 60);
}

static void progress_line(struct progress *p, size_t todo)
{
	double el = now() - p->t0;
	size_t run = p->done - p->skipped;
	char e[32], eta[32] = "?";

	if (!p->tty)
		return;
	fmt_secs(e, sizeof(e), el);
	if (run)
		fmt_secs(eta, sizeof(eta), el / (double)run * (double)(todo - run));
	fprintf(stderr, "\r\033[K[%zu/%zu] %zu failed, %s elapsed, ETA %s", p->done, p->total,
		p->failed, e, eta);
	fflush(stderr);
}

static void progress_event(struct progress *p, const struct batch_job *jb)
{
	struct strbuf sb;
	struct json j;

	if (!p->json)
		return;
	sb_init(&sb);
	json_init(&j, &sb);
	json_begin_object(&j);
	json_kv_string(&j, "event", "file");
	json_kv_string(&j, "file", jb->path);
	json_kv_string(&j, "status", jb->r.status);
	json_kv_bool(&j, "skipped", jb->r.skipped);
	json_kv_string(&j, "message", jb->r.message);
	json_kv_string(&j, "signal", jb->r.signal);
	json_kv_int(&j, "machines", jb->r.machines);
	json_kv_int(&j, "time_ms", (long long)(jb->r.time * 1000));
	json_kv_int(&j, "done", (long long)p->done);
	json_kv_int(&j, "total", (long long)p->total);
	json_kv_int(&j, "failed", (long long)p->failed);
	json_end(&j);
	/* One line per event: the writer indents; newlines only occur between tokens. */
	for (char *r = sb.buf, *w = sb.buf; ; r++) {
		if (*r == '\n') {
			while (r[1] == ' ' || r[1] == '\t')
				r++;
			if (w > sb.buf && w[-1] != '{' && w[-1] != '[' && r[1] != '}' && r[1] != ']' && r[1])
				*w++ = ' ';
			continue;
		}
		*w++ = *r;
		if (!*r)
			break;
	}
	printf("%s\n", sb.buf);
	fflush(stdout);
	sb_free(&sb);
}

static void finished(struct progress *p, struct batch_job *jb, size_t todo)
{
	p->done++;
	if (!jb->r.valid || strcmp(jb->r.status, "ok"))
		p->failed++;
	if (jb->r.skipped)
		p->skipped++;
	if (!jb->r.skipped && (!jb->r.valid || strcmp(jb->r.status, "ok"))) {
		if (p->tty)
			fprintf(stderr, "\r\033[K");
		fprintf(stderr, "board2dts: %s: failed: %s\n", jb->path,
			jb->r.message ? jb->r.message : "no result");
	}
	progress_event(p, jb);
	progress_line(p, todo);
}

/* A file of this run that SIGINT/SIGTERM stopped (started) or kept from starting. */
static void mark_interrupted(struct batch_job *jb, bool started)
{
	char *sig = signame(stop_sig);

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
	struct jobs *js;
	const long *run;
	size_t nrun, next, live;
	struct worker *w;
	long nw;
	struct progress *p;
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
		finished(pl->p, jb, pl->nrun);
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
	if (k >= 0 && pl->stopping) {
		mark_interrupted(&pl->js->v[k], true);
	} else if (k >= 0) {
		record_death(pl->c, &pl->js->v[k], status);
		finished(pl->p, &pl->js->v[k], pl->nrun);
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
	for (long i = 0; i < pl->nw; i++)
		for (nfds_t k = 0; k < n; k++)
			if (pl->w[i].pid > 0 && pf[k].fd == pl->w[i].from && pf[k].revents) {
				worker_ready(pl, &pl->w[i]);
				break;
			}
	return true;
}

/* Run the jobs listed in run[0..nrun) over nw workers; SIGINT/SIGTERM stop it. */
static void run_jobs(struct batch_ctx *c, struct jobs *js, const long *run, size_t nrun,
		     long nw, struct progress *p, const sigset_t *mask)
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
		finished(p, jb, nrun);
	}
	free(pl.w);
	free(pf);
}

/* ---- this run's files, earlier runs' rows, the end ---- */

static void jobs_free(struct jobs *js)
{
	for (size_t i = 0; i < js->n; i++) {
		free(js->v[i].path);
		free(js->v[i].real);
		free(js->v[i].base);
		batch_result_free(&js->v[i].r);
	}
	free(js->v);
	memset(js, 0, sizeof(*js));
}

/* This shard (sel), then what is not up to date (run). */
static void select_jobs(struct batch_ctx *c, struct jobs *js, const struct batch_args *a,
			long *sel, size_t *nsel, long *run, size_t *nrun)
{
	for (size_t i = 0; i < js->n; i++) {
		struct batch_result old;

		if (a->shard_n && (long)(i % (size_t)a->shard_n) != a->shard_i - 1)
			continue;
		sel[(*nsel)++] = (long)i;
		batch_state_read(c, &js->v[i], &old);
		if (!a->force && up_to_date(c, &js->v[i], &old)) {
			js->v[i].r = old;
			js->v[i].r.skipped = true;
			continue;
		}
		if (old.valid)
			remove_old_outputs(c, &old);
		batch_result_free(&old);
		run[(*nrun)++] = (long)i;
	}
}

/* Is source (a state's) one of this run's files, under its own base name or another? */
static bool selected(const struct jobs *js, const long *sel, size_t nsel, const char *base,
		     const char *source)
{
	char *real = realpath(source, NULL);
	bool r = false;

	for (size_t k = 0; k < nsel && !r; k++) {
		const struct batch_job *jb = &js->v[sel[k]];

		r = !strcmp(jb->base, base) || !strcmp(jb->path, source) ||
		    (real && !strcmp(jb->real, real));
	}
	free(real);
	return r;
}

/* The states in DIR of files this run did not select: their rows are kept (ej). */
static void add_earlier(const struct batch_ctx *c, const struct jobs *js, const long *sel,
			size_t nsel, struct jobs *ej)
{
	struct ptrvec bases = { 0 };

	batch_state_bases(c->state_dir, &bases);
	for (size_t i = 0; i < bases.len; i++) {
		char *base = bases.items[i];
		char *path = xasprintf("%s/%s.state", c->state_dir, base);
		struct batch_result r;

		if (batch_state_load(path, &r) && r.source &&
		    !selected(js, sel, nsel, base, r.source)) {
			ej->v = xrealloc(ej->v, (ej->n + 1) * sizeof(*ej->v));
			ej->v[ej->n] = (struct batch_job){ .path = xstrdup(r.source),
							   .real = xstrdup(r.source),
							   .base = base, .r = r };
			ej->v[ej->n++].r.earlier = true;
			base = NULL;
		} else {
			batch_result_free(&r);
		}
		free(base);
		free(path);
	}
	pv_free(&bases);
}

static int cmp_row(const void *a, const void *b)
{
	const struct batch_job *const *x = a, *const *y = b;

	return strcmp((*x)->base, (*y)->base);
}

/* The summary, the last progress line or event, the resume hint; the exit status. */
static int conclude(struct batch_ctx *c, const struct batch_args *a, struct jobs *js,
		    const long *sel, size_t nsel, struct jobs *ej, double wall, int argc,
		    char **argv)
{
	struct batch_totals t = { 0 };
	struct batch_summary s = { 0 };
	char shard[64], *sig = stop_sig ? signame(stop_sig) : NULL;
	bool bad = false;
	int rc;

	s.rows = xcalloc(nsel + ej->n + 1, sizeof(*s.rows));
	for (size_t i = 0; i < nsel; i++) {
		const struct batch_result *r = &js->v[sel[i]].r;

		s.rows[s.n++] = &js->v[sel[i]];
		bad |= !r->interrupted && (!str_eq(r->status, "ok") || str_eq(r->dtc, "failed"));
	}
	for (size_t i = 0; i < ej->n; i++)
		s.rows[s.n++] = &ej->v[i];
	qsort(s.rows, s.n, sizeof(*s.rows), cmp_row);
	for (size_t i = 0; i < s.n; i++)
		batch_totals_add(&t, s.rows[i]);
	snprintf(shard, sizeof(shard), "%ld/%ld", a->shard_i, a->shard_n);
	s.t = &t;
	s.wall = wall;
	s.shard = a->shard_n ? shard : NULL;
	s.signal = sig;
	s.resume = sig ? batch_resume_command(argc, argv) : NULL;
	batch_summary_write(c, &s);
	if (a->json) {
		printf("{\"event\": \"end\", \"files\": %zu, \"converted\": %zu, "
		       "\"up_to_date\": %zu, \"skipped\": %zu, \"failed\": %zu, \"interrupted\": %zu, \"earlier\": %zu, "
		       "\"dtc_failed\": %zu, \"wall_ms\": %lld}\n",
		       t.files - t.earlier, t.converted, t.up_to_date, t.up_to_date, t.failed,
		       t.interrupted, t.earlier, t.dtc_failed, (long long)(wall * 1000));
		fflush(stdout);
	}
	if (!a->json)
		fprintf(stderr, "board2dts: batch: %zu files: %zu converted, %zu up to date, "
			"%zu failed; dtc %zu ok, %zu failed; %.1f s; %s/summary.md\n",
			t.files - t.earlier, t.converted, t.up_to_date, t.failed, t.dtc_ok,
			t.dtc_failed, wall, a->out_dir);
	rc = bad ? EXIT_FAIL : EXIT_OK;
	if (sig) {
		diag_warning(NULL, "batch: interrupted by %s: %zu of %zu files not done; "
			     "%s/summary.md lists what finished", sig, t.interrupted,
			     t.files - t.earlier, a->out_dir);
		diag_note(NULL, "batch: to resume (files up to date are skipped): %s", s.resume);
		rc = 128 + stop_sig;
	}
	free((char *)s.resume);
	free(sig);
	free(s.rows);
	return rc;
}

/* ---- the command ---- */

static int mkdirs(const char *dir)
{
	char *p = xstrdup(dir);
	int rc = 0;

	for (char *s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0755) && errno != EEXIST)
			rc = -1;
		*s = '/';
	}
	if (mkdir(p, 0755) && errno != EEXIST)
		rc = -1;
	free(p);
	return rc;
}

static long ncores(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? n : 1;
}

/* The databases and the files: the jobs, named; EXIT_USAGE when there is none. */
static int file_list(const struct batch_args *a, struct listed *l, struct jobs *js)
{
	struct stat st;
	int rc = EXIT_OK;

	for (size_t i = 0; i < a->build_dirs.len; i++) {
		const char *d = a->build_dirs.items[i];
		char *db = xasprintf("%s/compile_commands.json", d);
		bool ok = stat(db, &st) == 0 && S_ISREG(st.st_mode);

		free(db);
		if (!ok) {
			diag_error(NULL, "-p: %s/compile_commands.json not found", d);
			return EXIT_USAGE;
		}
	}
	if (a->kernel_dir && (stat(a->kernel_dir, &st) || !S_ISDIR(st.st_mode))) {
		diag_error(NULL, "--kernel: '%s' is not a directory", a->kernel_dir);
		return EXIT_USAGE;
	}
	/* The file list: databases first (to know which lists which file), then arguments. */
	for (size_t i = 0; i < a->build_dirs.len && !rc; i++)
		rc = scan_db(a->build_dirs.items[i], l, js, a->from_compdb);
	if (rc)
		return rc;
	for (size_t i = 0; i < a->files.len; i++) {
		const char *f = a->files.items[i];
		char *real = realpath(f, NULL);
		const char *dir = a->build_dirs.len ? a->build_dirs.items[0] : NULL;

		for (size_t k = 0; real && k < l->n; k++)
			if (!strcmp(l->real[k], real)) {
				dir = l->dir[k];
				break;
			}
		free(real);
		add_job(js, f, dir);
	}
	if (!js->n) {
		diag_error(NULL, "batch: no board files (no file the databases list has MACHINE_START)");
		return EXIT_USAGE;
	}
	name_jobs(js);
	return EXIT_OK;
}

/* The context every worker shares: directories, options, the rule packs, the stamp. */
static int setup(const struct batch_args *a, struct batch_ctx *c)
{
	c->out_dir = a->out_dir;
	c->state_dir = xasprintf("%s/.batch", a->out_dir);
	c->kernel_dir = a->kernel_dir;
	c->config_file = a->config_file;
	if (c->config_file && config_load(c->config_file, NULL) != B2D_OK)
		return EXIT_USAGE;	/* checked once, not per file */
	c->annotate = a->annotate;
	c->timeout = a->timeout;
	c->max_memory = a->max_memory;
	c->clang_args = a->clang_args;
	c->nclang_args = a->nclang_args;
	{
		struct cli_options o = { 0 };

		o.rules_dir = a->rules_dir;
		c->rules_dir = cli_rules_dir(&o);
	}
	if (mkdirs(c->state_dir)) {
		diag_error(NULL, "--out-dir: cannot create %s: %s", c->state_dir, strerror(errno));
		return EXIT_USAGE;
	}
	/* Rule packs: loaded (and checked) once, shared by every worker through fork. */
	if (rules_load_dir(c->rules_dir, &c->rules) != B2D_OK) {
		c->rules = NULL;
		return EXIT_USAGE;
	}
	c->stamp = batch_stamp(c->rules_dir, cli_model_dir());
	return EXIT_OK;
}

int cmd_batch(int argc, char **argv)
{
	struct batch_args a;
	struct batch_ctx c = { 0 };
	struct jobs js = { 0 };
	struct listed l = { 0 };
	struct progress p = { 0 };
	struct jobs ej = { 0 };
	sigset_t mask;
	long *sel = NULL, *run = NULL;
	size_t nsel = 0, nrun = 0;
	int rc = parse_args(argc, argv, &a);
	double t0 = now();

	if (rc || a.help) {
		if (a.help)
			fputs(batch_usage, stdout);
		goto out;
	}
	rc = file_list(&a, &l, &js);
	if (!rc)
		rc = setup(&a, &c);
	if (rc)
		goto out;

	sel = xcalloc(js.n, sizeof(*sel));
	run = xcalloc(js.n, sizeof(*run));
	select_jobs(&c, &js, &a, sel, &nsel, run, &nrun);
	add_earlier(&c, &js, sel, nsel, &ej);

	p.tty = !a.json && isatty(STDERR_FILENO);
	p.json = a.json;
	p.total = nsel;
	p.t0 = t0;
	if (p.json) {
		printf("{\"event\": \"start\", \"total\": %zu, \"to_run\": %zu, \"jobs\": %ld}\n", nsel,
		       nrun, a.jobs ? a.jobs : ncores());
		fflush(stdout);
	}
	for (size_t i = 0; i < nsel; i++)
		if (js.v[sel[i]].r.skipped)
			finished(&p, &js.v[sel[i]], nrun);
	signal(SIGPIPE, SIG_IGN);
	catch_stop(&mask);
	if (nrun) {
		long nw = a.jobs ? a.jobs : ncores();

		if ((size_t)nw > nrun)
			nw = (long)nrun;
		run_jobs(&c, &js, run, nrun, nw, &p, &mask);
	}
	if (p.tty)
		fprintf(stderr, "\r\033[K");
	rc = conclude(&c, &a, &js, sel, nsel, &ej, now() - t0, argc, argv);
out:
	jobs_free(&js);
	jobs_free(&ej);
	for (size_t i = 0; i < l.n; i++)
		free(l.real[i]);
	free(l.real);
	free(l.dir);
	free(sel);
	free(run);
	free((char *)c.state_dir);
	free(c.stamp);
	if (c.rules)
		ruleset_free(c.rules);
	pv_free(&a.files);
	pv_free(&a.build_dirs);
	return rc;
}
