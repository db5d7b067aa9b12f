// SPDX-License-Identifier: GPL-2.0
/* `as: enum` */
#include "converters.h"

#include <stdio.h>

#include "../../common/util.h"

struct dt_prop *cv_enum(struct prop_ctx *pc)
{
	char key[32];
	const char *s;
	struct dt_prop *p;

	/* A key may be the enumerator's name (PHY_INTERFACE_MODE_RMII), whose
	 * number changed between kernel versions, or the number. */
	s = pc->v->spelling ? rn_str(rn_get(pc->rule, "values"), pc->v->spelling) : NULL;
	if (!s && pc->v->kind == VAL_NULL)
		return NULL;
	if (!s && pc->v->kind != VAL_INT) {	/* a macro of a header the tree lacks */
		pc->reason = "value not known here, and its name is not in the rule's values";
		return NULL;
	}
	if (!s) {
		snprintf(key, sizeof(key), "%lld", pc->v->ival);
		s = rn_str(rn_get(pc->rule, "values"), key);
	}
	if (!s) {
		pc->reason = "value has no device tree equivalent";
		return NULL;
	}
	p = new_prop(pc);
	dt_prop_add_string(pc->c->t, p, s);
	return p;
}
