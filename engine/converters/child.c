// SPDX-License-Identifier: GPL-2.0
/*
 * `as: child`: a string field whose value names a device on the node's own
 * bus: an OMAP MMC slot's `.name = "wl1271"` is the WiLink chip on that SDIO
 * slot (`values: {wl1271: {node: "wlcore@2", label: wlcore, compatible:
 * "ti,wl1271", reg: 2}}`). The value listed makes that child (its label for
 * the rules of the device's own platform data, `wl12xx_set_platform_data()`),
 * with `#address-cells = <1>` and `#size-cells = <0>` on the node when it has
 * a `reg`; another value makes nothing (it only names the slot in Linux
 * messages).
 */
#include "converters.h"

#include <string.h>

#include "../../common/util.h"

/* name = <v> on n, annotated with the field it came from. */
static struct dt_prop *set_cell(struct prop_ctx *pc, struct dt_node *n, const char *name, long long v)
{
	struct dt_prop *p = dt_prop_set(pc->c->t, n, name);

	dt_chunk_add_u32(pc->c->t, dt_prop_add_cells(pc->c->t, p), (uint32_t)v);
	p->pos = pc->v->pos;
	p->origin = conv_origin(pc->c, pc->v);
	return p;
}

struct dt_prop *cv_child(struct prop_ctx *pc)
{
	const struct rnode *spec = pc->v->kind == VAL_STRING
		? rn_get(rn_get(pc->rule, "values"), pc->v->text) : NULL;
	const char *name = rn_str(spec, "node"), *at = name ? strchr(name, '@') : NULL;
	struct dt_tree *t = pc->c->t;
	struct dt_node *k;
	long long reg;

	if (pc->v->kind != VAL_STRING) {
		pc->reason = "not a string literal";
		return NULL;
	}
	if (!name || pc->alt)
		return NULL;
	k = dt_node_add(t, pc->node, at ? arena_strndup(&t->arena, name, (size_t)(at - name)) : name,
			at ? at + 1 : NULL);
	k->pos = pc->v->pos;
	k->origin = conv_origin(pc->c, pc->v);
	if (rn_str(spec, "label"))
		k->label = arena_strdup(&t->arena, rn_str(spec, "label"));
	if (rn_str(spec, "compatible")) {
		struct dt_prop *p = dt_prop_set(t, k, "compatible");

		dt_prop_add_string(t, p, rn_str(spec, "compatible"));
		p->pos = pc->v->pos;
		p->origin = k->origin;
	}
	if (rn_get_long(spec, "reg", &reg)) {
		set_cell(pc, k, "reg", reg);
		set_cell(pc, pc->node, "#address-cells", 1);
		set_cell(pc, pc->node, "#size-cells", 0);
	}
	return NULL;
}
