// SPDX-License-Identifier: GPL-2.0
/*
 * `board2dts diff A B`: a semantic diff of two device trees (.dts through
 * the kernel's cpp + dtc, or .dtb). Exit 0 when equal, 1 when different,
 * 2 on error, like diff(1). Also the option parser shared with `check`.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "common/util.h"
#include "review/review.h"

/* --opt VALUE or --opt=VALUE or -IVALUE: the value, or NULL when arg is not opt. */
static const char *opt_value(int argc, char **argv, int *i, const char *opt)
{
	size_t n = strlen(opt);
	const char *arg = argv[*i];

	if (strncmp(arg, opt, n))
		return NULL;
	if (arg[n] == '=' && opt[1] == '-')
		return arg + n + 1;
	if (arg[n] && opt[1] != '-')
		return arg + n;
	if (arg[n] || *i + 1 >= argc)
		return arg[n] ? NULL : "";
	return argv[++*i];
}

static int take_opt(struct review_args *r, int argc, char **argv, int *i)
{
	const char *v;

	if ((v = opt_value(argc, argv, i, "-I"))) {
		r->inc = xrealloc(r->inc, (r->ninc + 1) * sizeof(*r->inc));
		r->inc[r->ninc++] = v;
	} else if ((v = opt_value(argc, argv, i, "--kernel"))) {
		r->kernel_dir = v;
	} else if ((v = opt_value(argc, argv, i, "--format"))) {
		r->format = v;
	} else if ((v = opt_value(argc, argv, i, "--rules"))) {
		r->rules_dir = v;
	} else {
		return -1;
	}
	return *v ? 0 : -2;
}

int review_parse(const char *cmd, int argc, char **argv, size_t nfiles, struct review_args *r)
{
	memset(r, 0, sizeof(*r));
	for (int i = 0; i < argc; i++) {
		int rc;

		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			r->help = true;
			return EXIT_OK;
		}
		if (argv[i][0] != '-' || !argv[i][1]) {
			if (r->nfiles == nfiles) {
				diag_error(NULL, "%s: too many input files ('%s')", cmd, argv[i]);
				return EXIT_USAGE;
			}
			r->files[r->nfiles++] = argv[i];
			continue;
		}
		rc = take_opt(r, argc, argv, &i);
		if (rc == -1 || rc == -2) {
			diag_error(NULL, rc == -1 ? "%s: unknown option '%s' (see 'board2dts help %s')"
					       : "%s: option '%s' needs a value%s", cmd, argv[i],
				   rc == -1 ? cmd : "");
			return EXIT_USAGE;
		}
	}
	if (r->nfiles != nfiles) {
		diag_error(NULL, "%s: expected %zu input file%s (see 'board2dts help %s')", cmd,
			   nfiles, nfiles == 1 ? "" : "s", cmd);
		return EXIT_USAGE;
	}
	return EXIT_OK;
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
	struct rv_input in = { r->kernel_dir, r->inc, r->ninc };
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
		free(r.inc);
		return rc;
	}
	if (parse_format(r.format, &f) < 0) {
		diag_error(NULL, "diff: unknown --format '%s' (text, markdown, json)", r.format);
		free(r.inc);
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
	free(r.inc);
	return rc;
}
