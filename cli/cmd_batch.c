// SPDX-License-Identifier: GPL-2.0
/*
 * `board2dts batch`: convert many board files in parallel. This file parses
 * the options and prints the end line; the run itself (the file list,
 * shards, the pool of worker processes, the state, the summary) is the core
 * library's (pipeline/batch.h, pipeline/batch_run.c).
 */
#include "cli.h"
#include "opt.h"
#include "pipeline/batch.h"

#include <errno.h>
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "common/diag.h"

struct batch_args {
	struct ptrvec build_dirs;	/* -p, repeatable */
	const char *kernel_dir;
	const char *rules_dir;
	const char *config_file;	/* --config FILE */
	const char *out_dir;
	long jobs;
	long shard_i, shard_n;
	bool force, json, from_compdb, help, annotate, html;
	unsigned timeout;		/* --timeout, per file */
	unsigned long long max_memory;	/* --max-memory, per worker */
	struct ptrvec files;
	const char **clang_args;
	size_t nclang_args;
};

static const char batch_usage[] =
	"usage: board2dts batch [-p BUILD_DIR]... [--from-compdb] [--kernel KDIR] [--config FILE]\n"
	"                       [-j N] [--shard I/N] [--force] [--json] [--rules DIR]\n"
	"                       [--no-annotate] [--html] [--timeout S] [--max-memory SIZE]\n"
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
	"  --html             also a review page per machine (DIR/<base>[.<ID>].html,\n"
	"                     as convert --html) and DIR/index.html, the summary with\n"
	"                     links to every page\n"
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
	bool force, json, from_compdb, annotate, html;
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
	{ "html", 0, OPT_FLAG, B(html) },
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
	a->html = r.html;
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


/* The end line on stderr and, when interrupted, how to resume; the exit status. */
static int conclude(const struct batch_args *a, const struct batch_outcome *out)
{
	const struct batch_totals *t = &out->t;
	int rc = out->bad ? EXIT_FAIL : EXIT_OK;

	if (!a->json)
		fprintf(stderr, "board2dts: batch: %zu files: %zu converted, %zu up to date, "
			"%zu failed; dtc %zu ok, %zu failed; %.1f s; %s/summary.md\n",
			t->files - t->earlier, t->converted, t->up_to_date, t->failed, t->dtc_ok,
			t->dtc_failed, out->wall, a->out_dir);
	if (out->signal) {
		diag_warning(NULL, "batch: interrupted by %s: %zu of %zu files not done; "
			     "%s/summary.md lists what finished", out->signal, t->interrupted,
			     t->files - t->earlier, a->out_dir);
		diag_note(NULL, "batch: to resume (files up to date are skipped): %s", out->resume);
		rc = 128 + out->stop_signal;
	}
	return rc;
}

int cmd_batch(int argc, char **argv)
{
	struct batch_args a;
	struct batch_ctx c = { 0 };
	struct batch_run_options ro = { 0 };
	struct batch_outcome out;
	int rc = parse_args(argc, argv, &a);

	if (rc || a.help) {
		if (a.help)
			fputs(batch_usage, stdout);
		goto end;
	}
	c.out_dir = a.out_dir;
	c.kernel_dir = a.kernel_dir;
	c.rules_dir = a.rules_dir;
	c.config_file = a.config_file;
	c.annotate = a.annotate;
	c.html = a.html;
	c.timeout = a.timeout;
	c.max_memory = a.max_memory;
	c.clang_args = a.clang_args;
	c.nclang_args = a.nclang_args;
	ro.in = (struct batch_input){ &a.build_dirs, &a.files, a.from_compdb, a.kernel_dir,
				      a.shard_i, a.shard_n, a.force };
	ro.jobs = a.jobs;
	ro.json = a.json;
	ro.argc = argc;
	ro.argv = argv;
	rc = batch_run(&c, &ro, &out);
	if (!rc)
		rc = conclude(&a, &out);
	batch_outcome_free(&out);
end:
	pv_free(&a.files);
	pv_free(&a.build_dirs);
	return rc;
}
