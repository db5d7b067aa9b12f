// SPDX-License-Identifier: GPL-2.0
/*
 * The default path. `if (board_rev() == 2) A(); else B();` with nothing to
 * decide board_rev(): A() is a TODO ("only when board_rev() == 2"), and
 * B(), the else, is converted, as the board's usual case. What B() sets
 * then says on which path it was taken: each property carries the
 * condition, `[if !(board_rev() == 2)]`, and the fact's "became" says that
 * --assume decides it. A guard that --assume, the machine or a constant
 * decides, and an early exit's guard (walk_func.c), is no such condition;
 * nor is an error test (`ret = da8xx_register_usb_phy(); if (ret) pr_warn(...);
 * else ...`): its else is the success path the device tree describes.
 */
#include "engine_int.h"

#include "../common/util.h"

#include <string.h>


/* `ret`, `ret < 0`, `ret != 0` of a local every store of which is a call's result, `IS_ERR(...)`. */
static bool error_test(struct conv *c, const struct function *fn, const char *t)
{
	size_t id;

	if (!t)
		return false;
	t = skip_unlikely(t);
	if (!strncmp(t, "IS_ERR(", 7) || !strncmp(t, "IS_ERR_OR_NULL(", 15))
		return true;
	id = strspn(t, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
	if (!id || !fn || !board_local_stores_all(c->b, fn, t, id, conv_call_result))
		return false;
	t += id;
	return !*t || !strcmp(t, ")") || !strcmp(t, " < 0") || !strcmp(t, " != 0");
}

/* Is g the else of a condition nothing decides? */
static bool undecided_else(struct conv *c, const struct function *fn, const struct guard *g)
{
	struct guard taken = *g;
	struct guard *one = &taken;

	if (!g->negated || g->exit || error_test(c, fn, g->cond ? g->cond->spelling : NULL))
		return false;
	taken.negated = false;	/* the then-branch's state: -1 when undecided */
	return conv_guard_state(c, &one, 1) < 0;
}

const char *conv_default_path(struct conv *c, const struct function *fn, struct guard **g,
			      size_t n)
{
	struct strbuf sb;
	const char *s = NULL;

	sb_init(&sb);
	for (size_t i = 0; i < n; i++)
		if (undecided_else(c, fn, g[i]))
			sb_addf(&sb, "%s%s", sb.len ? " && " : "", g[i]->text ? g[i]->text : "?");
	if (sb.len)
		s = arena_strdup(c->a, sb.buf);
	sb_free(&sb);
	return s;
}
