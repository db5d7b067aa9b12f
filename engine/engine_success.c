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
 *   a call's result is 0.
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

bool conv_success_leaf(const struct conv *c, const char *spelling, long long *out)
{
	if (!spelling || !c->b)
		return false;
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
