// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's DTS toolchain, run the way scripts/Makefile.lib runs it:
 * `cpp -E -nostdinc -I... -undef -D__DTS__ -x assembler-with-cpp` into a
 * temporary file, then `dtc -O dtb`. cpp's #line markers are kept so that
 * dtc's messages name the original file and line, not the temporary one.
 *
 * Children are started with spawn_wait() (fork/execvp, never through a shell:
 * kernel trees and output paths may contain spaces or quotes). Both tools'
 * stderr goes to one file in a private mkdtemp() directory, removed afterwards.
 */
#include "kernel_dt.h"
#include "../common/diag.h"
#include "../common/spawn.h"
#include "../common/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Checks the kernel silences by default (Makefile.lib, KBUILD_EXTRA_WARN unset). */
static const char *const dtc_quiet_checks[] = {
	"-Wno-interrupt_provider",
	"-Wno-unit_address_vs_reg",
	"-Wno-avoid_unnecessary_addr_size",
	"-Wno-alias_paths",
	"-Wno-graph_child_address",
	"-Wno-simple_bus_reg",
	"-Wno-unique_unit_address",
};

#define N_QUIET (sizeof(dtc_quiet_checks) / sizeof(dtc_quiet_checks[0]))

struct dtc_job {
	char *dir;	/* private temp dir */
	char *pre;	/* cpp output */
	char *out;	/* dtb */
	char *err;	/* both tools' stderr */
};

static const char *tool(const char *env, const char *dflt)
{
	const char *t = getenv(env);

	return t && *t ? t : dflt;
}

/* Run argv with stderr appended to errpath: its exit status, or -1 (see spawn_wait). */
static int run(char *const argv[], const char *errpath)
{
	return spawn_wait(argv, &(struct spawn_io){ .err = errpath, .append = true,
						    .null_stdin = true });
}

/* Run the argument vector (NULL-terminated here), then free it and the strings in owned. */
static int run_args(struct ptrvec *args, struct ptrvec *owned, const char *errpath)
{
	int rc;

	pv_push(args, NULL);
	rc = run((char *const *)args->items, errpath);
	for (size_t i = 0; i < owned->len; i++)
		free(owned->items[i]);
	pv_free(owned);
	pv_free(args);
	return rc;
}

static int job_init(struct dtc_job *job)
{
	char *tmpl = temp_path("b2d-dtc.XXXXXX");

	memset(job, 0, sizeof(*job));
	if (!mkdtemp(tmpl)) {
		free(tmpl);
		return B2D_ERR_IO;
	}
	job->dir = tmpl;
	job->pre = xasprintf("%s/pre.dts", tmpl);
	job->out = xasprintf("%s/out.dtb", tmpl);
	job->err = xasprintf("%s/stderr", tmpl);
	return B2D_OK;
}

static void job_cleanup(struct dtc_job *job)
{
	unlink(job->pre);
	unlink(job->out);
	unlink(job->err);
	rmdir(job->dir);
	free(job->pre);
	free(job->out);
	free(job->err);
	free(job->dir);
}

static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return xstrdup(".");
	return xstrndup(path, slash == path ? 1 : (size_t)(slash - path));
}

/* Include dirs in the order the kernel searches them, then the caller's. */
static void add_includes(struct ptrvec *args, struct ptrvec *owned, const char *flag,
			 const char *kdir, const char *const *extra, size_t ninc)
{
	static const char *const ksub[] = {
		"include", "arch/arm/boot/dts", "scripts/dtc/include-prefixes",
	};

	/*
	 * Absolute directories: cpp's line markers then name the .dtsi files by
	 * absolute paths, which dtc -T passes on as they are. A relative one
	 * (--kernel ../../k) would reach `check` rewritten by dtc relative to
	 * its temporary input's directory (../../../var/...), a path no one can open.
	 */
	char *k = kdir ? realpath(kdir, NULL) : NULL;

	for (size_t i = 0; kdir && i < sizeof(ksub) / sizeof(ksub[0]); i++) {
		char *s = xasprintf("%s%s/%s", flag, k ? k : kdir, ksub[i]);

		pv_push(owned, s);
		pv_push(args, s);
	}
	for (size_t i = 0; i < ninc; i++) {
		char *abs = realpath(extra[i], NULL);
		char *s = xasprintf("%s%s", flag, abs ? abs : extra[i]);

		free(abs);
		pv_push(owned, s);
		pv_push(args, s);
	}
	free(k);
}

static int run_cpp(const struct dtc_job *job, const char *kdir, const char *const *extra,
		   size_t ninc, const char *dts)
{
	struct ptrvec args = { 0 }, owned = { 0 };

	pv_push(&args, (void *)tool("B2D_CPP", "cpp"));
	pv_push(&args, "-nostdinc");
	add_includes(&args, &owned, "-I", kdir, extra, ninc);
	pv_push(&args, "-undef");
	pv_push(&args, "-D__DTS__");
	pv_push(&args, "-x");
	pv_push(&args, "assembler-with-cpp");
	pv_push(&args, "-o");
	pv_push(&args, job->pre);
	pv_push(&args, (void *)dts);
	return run_args(&args, &owned, job->err);
}

/*
 * The directories of the .dtsi files cpp read, from its `# 1 "path"` line
 * markers: dtc resolves a `/include/` inside one of them (omap34xx.dtsi's
 * clocks file in a 6.12 tree) relative to that file, as the kernel's build
 * does with -i $(dir $<). Each directory once, at most MAX_MARKER_DIRS.
 */
#define MAX_MARKER_DIRS 32

static void add_marker_dirs(const char *pre, struct ptrvec *args, struct ptrvec *owned)
{
	size_t len = 0, ndirs = 0;
	char *text = read_file(pre, &len), *line, *save = NULL;
	char *dirs[MAX_MARKER_DIRS];

	for (line = text ? strtok_r(text, "\n", &save) : NULL; line && ndirs < MAX_MARKER_DIRS;
	     line = strtok_r(NULL, "\n", &save)) {
		char *q = line[0] == '#' && line[1] == ' ' ? strchr(line, '"') : NULL;
		char *end = q ? strchr(q + 1, '"') : NULL;
		char *d;
		bool seen = false;

		if (!end || end - q < 7 || strncmp(end - 5, ".dtsi", 5))
			continue;
		*end = '\0';
		d = dir_of(q + 1);
		for (size_t i = 0; i < ndirs && !seen; i++)
			seen = str_eq(dirs[i], d);
		if (seen) {
			free(d);
			continue;
		}
		dirs[ndirs++] = d;
		pv_push(owned, xasprintf("-i%s", d));
		pv_push(args, owned->items[owned->len - 1]);
	}
	for (size_t i = 0; i < ndirs; i++)
		free(dirs[i]);
	free(text);
}

static int run_dtc(const struct dtc_job *job, const char *kdir, const char *const *extra,
		   size_t ninc, const char *dts, bool symbols,
		   const char *const *dtc_args, size_t nargs)
{
	struct ptrvec args = { 0 }, owned = { 0 };
	char *srcdir = dir_of(dts);
	char *srcinc = xasprintf("-i%s", srcdir);
	int rc;

	pv_push(&args, (void *)tool("B2D_DTC", "dtc"));
	pv_push(&args, "-I");
	pv_push(&args, "dts");
	pv_push(&args, "-O");
	pv_push(&args, "dtb");
	pv_push(&args, "-b");
	pv_push(&args, "0");
	if (symbols)
		pv_push(&args, "-@");
	for (size_t i = 0; i < N_QUIET; i++)
		pv_push(&args, (void *)dtc_quiet_checks[i]);
	for (size_t i = 0; i < nargs; i++)
		pv_push(&args, (void *)dtc_args[i]);
	/* /include/ and /incbin/ are resolved by dtc, not cpp. */
	pv_push(&args, srcinc);
	add_includes(&args, &owned, "-i", kdir, extra, ninc);
	add_marker_dirs(job->pre, &args, &owned);
	pv_push(&args, "-o");
	pv_push(&args, job->out);
	pv_push(&args, job->pre);
	rc = run_args(&args, &owned, job->err);
	free(srcinc);
	free(srcdir);
	return rc;
}

/* Hand the captured stderr to the caller; NULL when there was none. */
static void take_errors(const struct dtc_job *job, char **errors)
{
	size_t len = 0;
	char *text;

	if (!errors)
		return;
	text = read_file(job->err, &len);
	if (text && len == 0) {
		free(text);
		text = NULL;
	}
	*errors = text;
}

/* The files named by pre's line markers but dts, one a line; NULL: dtc reads more. */
static char *cpp_deps(const char *pre, const char *dts)
{
	size_t len = 0;
	char *text = read_file(pre, &len), *line, *save = NULL;
	struct strbuf sb;
	bool bad = false;

	if (!text)
		return NULL;
	sb_init(&sb);
	sb_addc(&sb, '\n');
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *q = line[0] == '#' && line[1] == ' ' ? strchr(line, '"') : NULL;
		char *end = q ? strchr(q + 1, '"') : NULL;

		if (line[0] != '#' && (strstr(line, "/include/") || strstr(line, "/incbin/"))) {
			bad = true;	/* dtc reads a file of its own */
			break;
		}
		if (q && (!end || memchr(q, '\\', (size_t)(end - q)))) {
			bad = true;	/* a name with a quote or backslash escaped: not listed */
			break;
		}
		if (!end || q[1] == '<')
			continue;	/* <built-in>, <command-line> */
		*end = '\0';
		if (str_eq(q + 1, dts))
			continue;
		*q = '\n';	/* "\nPATH\n": each file once, matched as a whole line */
		*end = '\n';
		end[1] = '\0';
		if (!strstr(sb.buf, q))
			sb_add(&sb, q + 1);
	}
	free(text);
	if (bad) {
		sb_free(&sb);
		return NULL;
	}
	memmove(sb.buf, sb.buf + 1, sb.len--);	/* the leading newline */
	return sb_detach(&sb);
}

/* The .dts must be readable and the job's temporary directory made; -1 with *errors set. */
static int job_start(struct dtc_job *job, const char *dts_path, char **errors)
{
	if (access(dts_path, R_OK) != 0) {
		if (errors)
			*errors = xasprintf("%s: %s\n", dts_path, strerror(errno));
		return -1;
	}
	if (job_init(job) < 0) {
		if (errors)
			*errors = xasprintf("cannot create temporary directory: %s\n",
					    strerror(errno));
		return -1;
	}
	return 0;
}

int kernel_dts_check(const char *kernel_dir, const char *dts_path, char **errors, char **deps)
{
	struct dtc_job job;
	int rc;

	if (errors)
		*errors = NULL;
	if (deps)
		*deps = NULL;
	if (job_start(&job, dts_path, errors) < 0)
		return B2D_ERR_IO;
	rc = run_cpp(&job, kernel_dir, NULL, 0, dts_path);
	if (rc == 0)
		rc = run_dtc(&job, kernel_dir, NULL, 0, dts_path, false, NULL, 0);
	if (rc == 0) {
		rc = access(job.out, R_OK) == 0 ? B2D_OK : B2D_ERR_IO;
		if (rc == B2D_OK && deps)
			*deps = cpp_deps(job.pre, dts_path);
	} else {
		rc = rc == 127 ? B2D_ERR_IO : B2D_ERR_DTC;
	}
	take_errors(&job, errors);
	job_cleanup(&job);
	return rc;
}

int kernel_dts_compile(const char *kernel_dir, const char *const *extra_inc, size_t ninc,
		       const char *dts_path, bool symbols, void **blob, size_t *len,
		       char **errors)
{
	return kernel_dts_compile_args(kernel_dir, extra_inc, ninc, dts_path, symbols,
				       NULL, 0, blob, len, errors);
}

int kernel_dts_compile_args(const char *kernel_dir, const char *const *extra_inc, size_t ninc,
			    const char *dts_path, bool symbols,
			    const char *const *dtc_args, size_t nargs,
			    void **blob, size_t *len, char **errors)
{
	struct dtc_job job;
	int rc;

	*blob = NULL;
	*len = 0;
	if (errors)
		*errors = NULL;
	if (job_start(&job, dts_path, errors) < 0)
		return B2D_ERR_IO;
	rc = run_cpp(&job, kernel_dir, extra_inc, ninc, dts_path);
	if (rc == 0)
		rc = run_dtc(&job, kernel_dir, extra_inc, ninc, dts_path, symbols,
			     dtc_args, nargs);
	if (rc == 0) {
		*blob = read_file(job.out, len);
		rc = *blob ? B2D_OK : B2D_ERR_IO;
	} else {
		/* 127: a tool is missing, which is not the input's fault. */
		rc = rc == 127 ? B2D_ERR_IO : B2D_ERR_DTC;
	}
	take_errors(&job, errors);
	job_cleanup(&job);
	return rc;
}
