// SPDX-License-Identifier: GPL-2.0
/*
 * `as: enum_each`: an array member written in place (`.port_mode[0] =
 * OMAP_EHCI_PORT_MODE_PHY, ...`) -> one string property per element, named
 * by the `prop:` template with `{n}` the element's index + 1 (`port{n}-mode`
 * -> port1-mode). `values:` maps an enumerator's name (or number) to the
 * string; an element mapped to "" says "unused" and writes nothing. An
 * element not in `values:` is a TODO (the others are still written).
 */
#include "converters.h"

#include <stdio.h>
#include <string.h>

#include "../../common/util.h"

static const char *each_value(const struct rnode *values, const struct value *e)
{
	char key[32];
	const char *s = e->spelling ? rn_str(values, e->spelling) : NULL;

	if (!s && e->kind == VAL_INT) {
		snprintf(key, sizeof(key), "%lld", e->ival);
		s = rn_str(values, key);
	}
	return s;
}

static const char *each_name(struct prop_ctx *pc, long n)
{
	const char *name = n_template(pc->c->a, rn_str(pc->rule, "prop"), n);

	return name ? name : rn_str(pc->rule, "prop");
}

struct dt_prop *cv_enum_each(struct prop_ctx *pc)
{
	const struct rnode *values = rn_get(pc->rule, "values");
	const struct value *v = pc->v;
	struct dt_prop *last = NULL;
	const char *bad = NULL;

	if (v->kind != VAL_LIST) {
		pc->reason = "not an array written in place";
		return NULL;
	}
	for (size_t i = 0; i < v->nkids; i++) {
		const struct value *e = v->kids[i];
		const char *s = each_value(values, e);
		long idx = e->index >= 0 ? (long)e->index : (long)i;

		if (!s) {
			bad = bad ? arena_printf(pc->c->a, "%s, [%ld] %s", bad, idx,
						 e->spelling ? e->spelling : "?")
				  : arena_printf(pc->c->a, "[%ld] %s", idx,
						 e->spelling ? e->spelling : "?");
			continue;
		}
		if (!*s)
			continue;
		last = dt_prop_set(pc->c->t, pc->node, each_name(pc, idx + 1));
		dt_prop_add_string(pc->c->t, last, s);
		last->pos = e->pos;
		last->origin = conv_origin(pc->c, e);
	}
	if (bad)
		pc->reason = arena_printf(pc->c->a, "%s: no device tree equivalent", bad);
	return last;
}
