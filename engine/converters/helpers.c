// SPDX-License-Identifier: GPL-2.0
/* Helpers several converters share. */
#include "converters.h"

#include <regex.h>
#include <string.h>

#include "../../common/util.h"

struct dt_prop *new_prop(struct prop_ctx *pc)
{
	return dt_prop_set(pc->c->t, pc->node, rn_str(pc->rule, "prop"));
}

bool spelling_matches(const char *spelling, const char *pattern)
{
	regex_t re;
	bool ok;

	if (!spelling || !pattern || regcomp(&re, pattern, REG_EXTENDED | REG_NOSUB))
		return false;
	ok = regexec(&re, spelling, 0, NULL, 0) == 0;
	regfree(&re);
	return ok;
}

/* `active_low: field` or `active_low: "!field"` (a field meaning active high). */
bool is_active_low(struct prop_ctx *pc)
{
	const char *f = rn_str(pc->rule, "active_low");
	bool invert = f && f[0] == '!';
	const struct value *v;

	if (!f)
		return false;
	if (str_eq(f, "true"))	/* the driver reads the line active low, always (mmc_gpio cd) */
		return true;
	v = conv_field(pc->c, pc->list, invert ? f + 1 : f);
	return invert ? value_is_zero(v) : !value_is_zero(v);
}

const struct variable *pointee(struct prop_ctx *pc)
{
	return conv_deref(pc->c, pc->v);
}

/* The last argument of a macro call's spelling: "KEY(0, 1, KEY_1)" -> "KEY_1". */
const char *last_macro_arg(struct arena *a, const char *spelling)
{
	const char *close, *start;

	if (!spelling || !(close = strrchr(spelling, ')')))
		return NULL;
	start = close;
	while (start > spelling && start[-1] != ',' && start[-1] != '(')
		start--;
	while (start < close && (*start == ' ' || *start == '\t'))
		start++;
	while (close > start && (close[-1] == ' ' || close[-1] == '\t'))
		close--;
	return close > start ? arena_strndup(a, start, (size_t)(close - start)) : NULL;
}
