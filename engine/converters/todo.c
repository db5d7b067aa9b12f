// SPDX-License-Identifier: GPL-2.0
/*
 * `as: todo`: a field whose information has no property of its own on this
 * node (a USB port's PHY reset GPIO belongs to a PHY node the board must
 * add): when it says something it is a TODO with the reason `todo:`. It
 * says nothing when it is below `skip_below:` (-EINVAL: "no line"), or, for
 * an array written in place, when every element is.
 */
#include "converters.h"

#include "../../common/util.h"

static bool says_something(const struct value *e, bool has_floor, long long floor)
{
	if (e->kind == VAL_LIST) {
		for (size_t i = 0; i < e->nkids; i++)
			if (says_something(e->kids[i], has_floor, floor))
				return true;
		return false;
	}
	return !(has_floor && e->kind == VAL_INT && e->ival < floor);
}

struct dt_prop *cv_todo(struct prop_ctx *pc)
{
	long long floor = 0;
	bool has_floor = rn_get_long(pc->rule, "skip_below", &floor);

	if (says_something(pc->v, has_floor, floor))
		pc->reason = rn_str(pc->rule, "todo") ? rn_str(pc->rule, "todo")
			: "no device tree equivalent on this node: describe it by hand";
	return NULL;
}
