// SPDX-License-Identifier: GPL-2.0
/*
 * `as: choice`: an enumerated field that picks one boolean property, or none
 * (`values: {S3C_SDHCI_CD_PERMANENT: non-removable, S3C_SDHCI_CD_NONE:
 * broken-cd, S3C_SDHCI_CD_GPIO: ""}`): the key is the enumerator's name or
 * its number, the value the empty property written, "" nothing (another
 * property of the rule carries that state); a value not listed is `default:`
 * when the rule has one (`values: {"0": broken-cd}, default: ""`: no card
 * detect GPIO, else another property's line), else a TODO with the reason
 * `otherwise:`.
 */
#include "converters.h"

#include <stdio.h>

#include "../../common/util.h"

struct dt_prop *cv_choice(struct prop_ctx *pc)
{
	const struct rnode *values = rn_get(pc->rule, "values");
	const char *s = pc->v->spelling ? rn_str(values, pc->v->spelling) : NULL;
	char key[32];

	if (!s && pc->v->kind == VAL_INT) {
		snprintf(key, sizeof(key), "%lld", pc->v->ival);
		s = rn_str(values, key);
	}
	if (!s)
		s = rn_str(pc->rule, "default");
	if (!s) {
		pc->reason = rn_str(pc->rule, "otherwise") ? rn_str(pc->rule, "otherwise")
							     : "value has no device tree equivalent";
		return NULL;
	}
	if (!*s)
		return NULL;
	return dt_prop_set(pc->c->t, pc->node, s);
}
