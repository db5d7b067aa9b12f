// SPDX-License-Identifier: GPL-2.0
/*
 * `board2dts check FILE`: lint one .dts/.dtb. For .dts input the tree is
 * compiled twice: to a blob (the checks' input) and with `dtc -O dts -T`
 * (the source line of every property). Warnings go to stdout, named by the
 * input as given or relative to the current directory; those located in the
 * kernel's own files are counted, not shown, unless --all-files. -W
 * [no-|error=]CHECK sets each check's level. Exit 0 when there are none, 1
 * when there are warnings, 2 on errors (a check made one, or check failed).
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "common/util.h"
#include "pipeline/convert_core.h"
#include "review/review.h"
#include "common/paths.h"

static struct rv_vocab *load_vocab(const struct review_args *r)
{
	struct rv_vocab *v = rv_vocab_new();
	const char *rules = r->rules_dir ? r->rules_dir : getenv("BOARD2DTS_RULES");
	char *cache;

	rv_vocab_add_standard(v);
	rv_vocab_add_rules(v, rules && *rules ? rules : B2D_RULES_DIR);
	if (r->kernel_dir) {
		cache = conv_cache_dir();	/* the cache convert uses */
		if (rv_vocab_add_kernel(v, r->kernel_dir, cache) < 0)
			diag_warning(NULL, "%s: no binding schemas or .dts files found; "
				     "checking property names without them", r->kernel_dir);
		free(cache);
	}
	return v;
}

#define MAX_CHECKS 32

/*
 * -W CHECK, -W no-CHECK, -W error=CHECK (as dtc and gcc) into levels[], by
 * rv_check_names() index; later ones win. An unknown name is a usage error
 * naming the nearest check.
 */
static int parse_levels(const struct opt_list *w, unsigned char *levels)
{
	const char *names[MAX_CHECKS];
	size_t n = rv_check_names(names, MAX_CHECKS);

	memset(levels, RV_CHECK_WARNING, MAX_CHECKS);
	for (size_t i = 0; i < w->n; i++) {
		const char *name = w->v[i];
		unsigned char level = RV_CHECK_WARNING;
		const char *near;
		size_t k;

		if (str_starts(name, "no-")) {
			name += 3;
			level = RV_CHECK_OFF;
		} else if (str_starts(name, "error=")) {
			name += 6;
			level = RV_CHECK_ERROR;
		}
		for (k = 0; k < n && strcmp(names[k], name); k++)
			;
		if (k < n) {
			levels[k] = level;
			continue;
		}
		near = rv_nearest(name, names, n);
		if (near)
			diag_error(NULL, "check: -W %s: unknown check '%s' (did you mean '%s'?)",
				   w->v[i], name, near);
		else
			diag_error(NULL, "check: -W %s: unknown check '%s' (see 'board2dts help "
				   "check')", w->v[i], name);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

/* Exit status: 0 clean, 1 warnings, 2 errors (-W error=CHECK). */
static int report_result(const struct review_args *r, const struct rv_check_result *res)
{
	if (res->hidden) {
		char *k = path_display(r->kernel_dir);

		diag_note(NULL, "%u warning%s in the kernel's own files (%s) not shown: "
			  "--all-files shows them", res->hidden, res->hidden == 1 ? "" : "s", k);
		free(k);
	}
	return res->errors ? 2 : res->warnings ? 1 : 0;
}

static int run_check(const struct review_args *r)
{
	struct rv_input in = { r->kernel_dir, r->inc.v, r->inc.n };
	struct rv_check_opts o = { 0 };
	struct rv_check_result res;
	unsigned char levels[MAX_CHECKS];
	struct rv_tree *t;
	struct rv_srcmap *map = NULL;
	struct strbuf out;
	char *errors;

	if (parse_levels(&r->wflags, levels) != EXIT_OK)
		return EXIT_USAGE;
	if (rv_load(r->files[0], &in, &t, &errors) < 0) {
		fputs(errors ? errors : "", stderr);
		free(errors);
		return EXIT_USAGE;
	}
	free(errors);
	if (!rv_is_dtb(r->files[0]))
		rv_srcmap_load(r->files[0], &in, &map);
	rv_srcmap_absolute(map, r->files[0]);	/* then check names files its way */
	o.vocab = load_vocab(r);
	o.srcmap = map;
	o.input = r->files[0];
	o.hide_under = r->all_files ? NULL : r->kernel_dir;
	o.levels = levels;
	o.kernel_dir = r->kernel_dir;
	sb_init(&out);
	rv_check_run(t, &o, &out, &res);
	fputs(out.buf, stdout);
	sb_free(&out);
	rv_vocab_free((struct rv_vocab *)o.vocab);
	rv_srcmap_free(map);
	rv_tree_free(t);
	return report_result(r, &res);
}

int cmd_check(int argc, char **argv)
{
	struct review_args r;
	int rc = review_parse("check", argc, argv, 1, &r);

	if (rc == EXIT_OK && r.help)
		cli_usage(stdout, "check");
	else if (rc == EXIT_OK && r.format)
		diag_error(NULL, "check: unknown option '--format' (see 'board2dts help check')");
	else if (rc == EXIT_OK)
		rc = run_check(&r);
	if (rc == EXIT_OK && r.format && !r.help)
		rc = EXIT_USAGE;
	opt_list_free(&r.inc);
	opt_list_free(&r.wflags);
	return rc;
}
