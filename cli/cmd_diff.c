// SPDX-License-Identifier: GPL-2.0
/*
 * `board2dts diff A B`: a semantic diff of two device trees (.dts through
 * the kernel's cpp + dtc, or .dtb). Exit 0 when equal, 1 when different,
 * 2 on error, like diff(1). Also the option parser shared with `check`.
 */
#include "cli.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "common/util.h"
#include "review/review.h"

#define R(field) offsetof(struct review_args, field)

static const struct opt_spec diff_opts[] = {
	{ "include", 'I', OPT_LIST, R(inc) },
	{ "kernel", 0, OPT_VALUE, R(kernel_dir) },
	{ "format", 0, OPT_VALUE, R(format) },
};

static const struct opt_spec check_opts[] = {
	{ "include", 'I', OPT_LIST, R(inc) },
	{ "kernel", 0, OPT_VALUE, R(kernel_dir) },
	{ "rules", 0, OPT_VALUE, R(rules_dir) },
	{ "all-files", 0, OPT_FLAG, R(all_files) },
	{ "warning", 'W', OPT_LIST, R(wflags) },
};

int review_parse(const char *cmd, int argc, char **argv, size_t nfiles, struct review_args *r)
{
	bool diff = !strcmp(cmd, "diff");
	struct opt_args a;
	int rc;

	memset(r, 0, sizeof(*r));
	rc = opt_parse(cmd, diff ? diff_opts : check_opts,
		       diff ? sizeof(diff_opts) / sizeof(*diff_opts)
			    : sizeof(check_opts) / sizeof(*check_opts),
		       argc, argv, r, &a);
	r->help = a.help;
	if (rc == EXIT_OK && a.nrest) {
		diag_error(NULL, "%s: unexpected arguments after '--'", cmd);
		rc = EXIT_USAGE;
	}
	if (rc == EXIT_OK && !r->help && a.operands.n != nfiles) {
		diag_error(NULL, "%s: expected %zu input file%s, got %zu (see 'board2dts help %s')",
			   cmd, nfiles, nfiles == 1 ? "" : "s", a.operands.n, cmd);
		rc = EXIT_USAGE;
	}
	for (size_t i = 0; rc == EXIT_OK && i < a.operands.n && i < 2; i++)
		r->files[r->nfiles++] = a.operands.v[i];
	opt_args_free(&a);
	return rc;
}

static int parse_format(const char *s, enum rv_format *f)
{
	if (!s || !strcmp(s, "text"))
		*f = RV_FMT_TEXT;
	else if (!strcmp(s, "markdown") || !strcmp(s, "md"))
		*f = RV_FMT_MARKDOWN;
	else if (!strcmp(s, "json"))
		*f = RV_FMT_JSON;
	else
		return -1;
	return 0;
}

static struct rv_tree *load_one(const char *path, const struct review_args *r)
{
	struct rv_input in = { r->kernel_dir, r->inc.v, r->inc.n };
	struct rv_tree *t;
	char *errors;

	if (rv_load(path, &in, &t, &errors) < 0) {
		fputs(errors ? errors : "", stderr);
		free(errors);
		return NULL;
	}
	free(errors);
	return t;
}

int cmd_diff(int argc, char **argv)
{
	struct review_args r;
	struct rv_tree *a = NULL, *b = NULL;
	enum rv_format f;
	struct rv_diff d;
	struct strbuf out;
	int rc = review_parse("diff", argc, argv, 2, &r);

	if (rc || r.help) {
		if (r.help)
			cli_usage(stdout, "diff");
		opt_list_free(&r.inc);
		return rc;
	}
	if (parse_format(r.format, &f) < 0) {
		diag_error(NULL, "diff: unknown --format '%s' (text, markdown, json)", r.format);
		opt_list_free(&r.inc);
		return EXIT_USAGE;
	}
	a = load_one(r.files[0], &r);
	b = a ? load_one(r.files[1], &r) : NULL;
	rc = EXIT_USAGE;
	if (a && b) {
		rv_diff(a, b, &d);
		sb_init(&out);
		rv_diff_write(&d, f, &out);
		fputs(out.buf, stdout);
		sb_free(&out);
		rc = d.nnodes ? 1 : 0;
		rv_diff_free(&d);
	}
	rv_tree_free(a);
	rv_tree_free(b);
	opt_list_free(&r.inc);
	return rc;
}
