// SPDX-License-Identifier: GPL-2.0
/*
 * `board2dts check FILE`: lint one .dts/.dtb. For .dts input the tree is
 * compiled twice: to a blob (the checks' input) and with `dtc -O dts -T`
 * (the source line of every property). Warnings go to stdout; exit 0 when
 * there are none, 1 when there are, 2 on error.
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

static int run_check(const struct review_args *r)
{
	struct rv_input in = { r->kernel_dir, r->inc.v, r->inc.n };
	struct rv_check_opts o = { 0 };
	struct rv_tree *t;
	struct rv_srcmap *map = NULL;
	struct strbuf out;
	char *errors;
	unsigned n;

	if (rv_load(r->files[0], &in, &t, &errors) < 0) {
		fputs(errors ? errors : "", stderr);
		free(errors);
		return EXIT_USAGE;
	}
	free(errors);
	if (!rv_is_dtb(r->files[0]))
		rv_srcmap_load(r->files[0], &in, &map);
	o.vocab = load_vocab(r);
	o.srcmap = map;
	sb_init(&out);
	n = rv_check(t, &o, &out);
	fputs(out.buf, stdout);
	sb_free(&out);
	rv_vocab_free((struct rv_vocab *)o.vocab);
	rv_srcmap_free(map);
	rv_tree_free(t);
	return n ? 1 : 0;
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
	return rc;
}
