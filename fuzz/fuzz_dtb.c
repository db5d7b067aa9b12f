// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the DTB reader behind `diff` and `check` (review/rtree.c
 * and what reads the tree: value formatting, the semantic diff, the lint
 * checks). The input is taken as a .dtb as is.
 */
#include <libfdt.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "common/util.h"
#include "review/review.h"

static struct rv_vocab *vocab;

static struct rv_tree *load(const uint8_t *data, size_t size)
{
	void *blob = xmalloc(size ? size : 1);
	struct rv_tree *t;

	memcpy(blob, data, size);
	return rv_tree_from_blob(blob, size, "fuzz.dtb", &t) == B2D_OK ? t : NULL;
}

static struct rv_tree *empty_tree(void)
{
	void *blob = xmalloc(256);
	struct rv_tree *t;

	if (fdt_create_empty_tree(blob, 256)) {
		free(blob);
		return NULL;
	}
	return rv_tree_from_blob(blob, 256, "empty.dtb", &t) == B2D_OK ? t : NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rv_tree *a, *b;
	struct rv_check_opts o = { 0 };
	struct strbuf sb;
	struct rv_diff d;

	diag_set_quiet(true);
	if (!vocab) {
		vocab = rv_vocab_new();
		rv_vocab_add_standard(vocab);
	}
	a = load(data, size);
	if (!a)
		return 0;
	b = load(data, size);
	sb_init(&sb);
	for (size_t i = 0; i < a->all.len; i++) {
		const struct rv_node *n = a->all.items[i];

		for (size_t k = 0; k < n->nprops; k++)
			rv_fmt_value(a, n, &n->props[k], &sb);
	}
	o.vocab = vocab;
	rv_check(a, &o, &sb);
	rv_diff(a, b, &d);
	rv_diff_write(&d, RV_FMT_TEXT, &sb);
	rv_diff_free(&d);
	{	/* against an empty tree: everything added, then everything removed */
		struct rv_tree *e = empty_tree();

		rv_diff(e, a, &d);
		rv_diff_write(&d, RV_FMT_JSON, &sb);
		rv_diff_free(&d);
		rv_tree_free(e);
		e = empty_tree();
		rv_diff(b, e, &d);
		rv_diff_write(&d, RV_FMT_MARKDOWN, &sb);
		rv_diff_free(&d);
		rv_tree_free(e);
	}
	sb_free(&sb);
	rv_tree_free(a);
	rv_tree_free(b);
	return 0;
}
