// SPDX-License-Identifier: GPL-2.0
/*
 * The success path. A device tree describes the board as it boots when its
 * setup calls succeed, so a condition that tests whether one failed is
 * decided as "it did not":
 * - `err = gpio_request(16, "SATA0 power"); if (err == 0) ...`: the status
 *   of a GPIO request or direction call (a local every store of which is
 *   one, or the call itself) is 0 (the LaCie v2 boards' idiom);
 * - `void __iomem *reg = ioremap(base, 4); if (reg) ...`, `p = kzalloc(...)`,
 *   `otg = imx_otg_ulpi_create(...)`: a local pointer every store of which
 *   maps, allocates or creates is not NULL;
 * - `IS_ERR(clk)` / `IS_ERR_OR_NULL(clk)` of a local every store of which is
 *   a call's result is 0;
 * - `WARN_ON(x)`, `WARN(x, fmt, ...)`, `BUG_ON(x)`, `likely(x)`, `unlikely(x)`
 *   have x's truth: `if (!WARN(IS_ERR(aemif), "...")) clk_prepare_enable(aemif)`
 *   (DaVinci DM355 EVM) and `WARN_ON(gpio_request(...))` are decided when x
 *   is, and `x < 0`, `x != 0`, `x == 0` with x such a status too.
 */
#include "engine_int.h"

#include <string.h>

#include "../common/util.h"

static bool gpio_status_call(const char *spelling)
{
	static const char *const calls[] = { "gpio_request(", "gpio_request_one(",
					     "gpio_direction_output(", "gpio_direction_input(" };
	bool gpio = false;

	spelling = skip_unlikely(spelling);
	for (size_t j = 0; spelling && j < sizeof(calls) / sizeof(calls[0]); j++)
		gpio |= !strncmp(spelling, calls[j], strlen(calls[j]));
	return gpio;
}

/* The called function's name in `name(args)`, as [sp, sp + *len); NULL if not a call. */
static const char *callee(const char *sp, size_t *len)
{
	size_t n = strspn(sp, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");

	*len = n;
	return n && sp[n] == '(' && sp[strlen(sp) - 1] == ')' ? sp : NULL;
}

static bool ends_with(const char *s, size_t n, const char *suffix)
{
	size_t k = strlen(suffix);

	return n >= k && !strncmp(s + n - k, suffix, k);
}

/* A call that maps, allocates or creates: its result is a pointer, NULL on failure. */
static bool allocating_call(const char *sp)
{
	static const char *const prefixes[] = { "ioremap", "devm_ioremap", "kmemdup", "kstrdup" };
	static const char *const suffixes[] = { "alloc", "_create" };
	size_t n;
	const char *f = callee(sp, &n);

	for (size_t i = 0; f && i < sizeof(prefixes) / sizeof(prefixes[0]); i++)
		if (!strncmp(f, prefixes[i], strlen(prefixes[i])))
			return true;
	for (size_t i = 0; f && i < sizeof(suffixes) / sizeof(suffixes[0]); i++)
		if (ends_with(f, n, suffixes[i]))
			return true;
	return false;
}

bool conv_call_result(const char *sp)
{
	size_t n = strlen(sp);

	return n && sp[n - 1] == ')' && strchr(sp, '(') && sp[0] != '(';
}

/* `IS_ERR(x)` or `IS_ERR_OR_NULL(x)` of a local every store of which is a call's result. */
static bool error_of_call(const struct conv *c, const char *sp)
{
	const char *arg = !strncmp(sp, "IS_ERR(", 7) ? sp + 7 :
			  !strncmp(sp, "IS_ERR_OR_NULL(", 15) ? sp + 15 : NULL;
	size_t n = arg ? strspn(arg, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") : 0;

	return n && !strcmp(arg + n, ")") && board_local_stores_all(c->b, NULL, arg, n, conv_call_result);
}

/*
 * The first argument of `W(x, ...)` for a wrapper W whose value is x's truth,
 * with a comparison of x against 0 split off into *cmp ("<", "!=", "==") ;
 * NULL when spelling is not such a call.
 */
static const char *wrapped(const struct conv *c, const char *sp, const char **cmp)
{
	static const char *const wrappers[] = { "WARN_ON(", "WARN_ON_ONCE(", "WARN(", "WARN_ONCE(",
						"BUG_ON(", "likely(", "unlikely(" };
	static const char *const zero[] = { " < 0", " != 0", " == 0" };
	size_t n = strlen(sp), at = 0, end, depth = 0;
	char quote = 0;

	for (size_t i = 0; !at && i < sizeof(wrappers) / sizeof(wrappers[0]); i++)
		if (!strncmp(sp, wrappers[i], strlen(wrappers[i])))
			at = strlen(wrappers[i]);
	if (!at || sp[n - 1] != ')')
		return NULL;
	for (end = at; end < n; end++) {
		char ch = sp[end];

		if (quote) {
			end += ch == '\\';
			quote = ch == quote ? 0 : quote;
		} else if (ch == '"' || ch == '\'') {
			quote = ch;
		} else if (ch == '(') {
			depth++;
		} else if ((ch == ')' || ch == ',') && !depth) {
			break;
		} else if (ch == ')') {
			depth--;
		}
	}
	if (end >= n || (sp[end] == ')' && end != n - 1))
		return NULL;
	*cmp = NULL;
	for (size_t i = 0; i < sizeof(zero) / sizeof(zero[0]); i++) {
		size_t k = strlen(zero[i]);

		if (end - at > k && !strncmp(sp + end - k, zero[i], k)) {
			*cmp = zero[i] + 1;
			end -= k;
			break;
		}
	}
	return arena_strndup(c->a, sp + at, end - at);
}

bool conv_success_leaf(const struct conv *c, const char *spelling, long long *out)
{
	const char *cmp, *inner;

	if (!spelling || !c->b)
		return false;
	inner = wrapped(c, spelling, &cmp);
	if (inner) {
		if (!conv_success_leaf(c, inner, out))
			return false;
		*out = !cmp ? *out != 0 : cmp[0] == '<' ? *out < 0 : cmp[0] == '!' ? *out != 0 : *out == 0;
		return true;
	}
	if (gpio_status_call(spelling) ||
	    board_local_stores_all(c->b, NULL, spelling, strlen(spelling), gpio_status_call) ||
	    error_of_call(c, spelling)) {
		*out = 0;
		return true;
	}
	if (board_local_stores_all(c->b, NULL, spelling, strlen(spelling), allocating_call)) {
		*out = 1;
		return true;
	}
	return false;
}
