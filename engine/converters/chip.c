// SPDX-License-Identifier: GPL-2.0
/*
 * `as: chip`: the chip a generic driver's device is, named by a string field
 * (flash_platform_data .type = "mx25l8005" on an m25p80 device, whose node
 * is "jedec,spi-nor"), as the node's first compatible, as the binding lists
 * it: `vendors:` maps a pattern of chip names (an extended regex, the
 * binding's own) to the vendor prefix the binding gives them ("" for names
 * it takes bare: m25p80, s25fl064k); the first that matches wins. A name
 * none matches is a TODO: the generic compatible stays, and the chip is
 * probed by its ID.
 *
 *   - {prop: compatible, field: type, as: chip,
 *      vendors: {"^mx25l(8005|12805d)$": mxicy, "^m25p(40|80)$": ""}}
 */
#include "converters.h"

#include <string.h>

#include "../../common/util.h"

struct dt_prop *cv_chip(struct prop_ctx *pc)
{
	const struct rnode *vendors = rn_get(pc->rule, "vendors");
	const struct dt_prop *old = dt_prop_find(pc->node, rn_str(pc->rule, "prop"));
	struct dt_chunk **was = old ? old->chunks : NULL;
	size_t nwas = old ? old->nchunks : 0;
	const char *vendor = NULL;
	struct dt_prop *p;

	if (pc->v->kind != VAL_STRING || !*pc->v->text) {
		pc->reason = "not a string literal";
		return NULL;
	}
	for (size_t i = 0; !vendor && vendors && vendors->kind == RN_MAP && i < vendors->n; i++)
		if (spelling_matches(pc->v->text, vendors->keys[i]))
			vendor = vendors->items[i]->scalar ? vendors->items[i]->scalar : "";
	if (!vendor) {
		pc->reason = arena_printf(pc->c->a, "chip \"%s\": not a name the rule knows the "
					  "binding's spelling of; the generic compatible stays (the "
					  "chip is probed by its ID): add it first by hand if it has none",
					  pc->v->text);
		return NULL;
	}
	p = new_prop(pc);
	dt_prop_add_string(pc->c->t, p, *vendor ? arena_printf(pc->c->a, "%s,%s", vendor, pc->v->text)
						: pc->v->text);
	/* the generic compatible the device rule wrote, after it */
	for (size_t i = 0; i < nwas; i++)
		if (was[i]->kind == CHUNK_STRING && strcmp(was[i]->str, pc->v->text))
			dt_prop_add_string(pc->c->t, p, was[i]->str);
	return p;
}
