// SPDX-License-Identifier: GPL-2.0
/*
 * `as: pin_groups`: a controller's pinctrl-0 made of the pin groups its
 * SoC's .dtsi defines for one slot and bus width. An AT91 MCI slot uses
 * pinctrl_mmc0_clk, pinctrl_mmc0_slot1_cmd_dat0 and, 4 bits wide,
 * pinctrl_mmc0_slot1_dat1_3; the .dtsi leaves them to the board, as its
 * pins depend on which slot the board wired.
 *
 *   {prop: pinctrl-0, on: parent, field: wire4, as: pin_groups, widths: {"0": 1, "1": 4},
 *    slot: slot_b, groups: ["pinctrl_{node}_clk", {label: "pinctrl_{node}_slot{slot}_dat1_3", width: 4}]}
 *
 * {node} is the label of the node the property goes on (mmc0), {slot} the
 * struct's `slot:` member (0 when not written) or, with `slot: index`, its
 * index in the array. The field is the bus width, through `widths:` when
 * it is no number of lines (AT91's `.wire4`); an entry with `width:` is
 * taken from that width up. Labels the target's .dtsi does not define are
 * left out (AT91SAM9G45's is pinctrl_mmc0_slot0_clk_cmd_dat0); none at all
 * is a TODO. A second slot adds its groups; pinctrl-names = "default".
 */
#include "converters.h"

#include <string.h>

#include "../../kernel/soc_dtsi.h"
#include "../../common/util.h"

static long long lines_of(const struct prop_ctx *pc)
{
	long long out;

	if (pc->v->kind != VAL_INT)
		return -1;
	if (!rn_get(pc->rule, "widths"))
		return pc->v->ival;
	return rule_map_long(pc, "widths", &out) ? out : -1;
}

static long long slot_of(const struct prop_ctx *pc)
{
	const char *s = rn_str(pc->rule, "slot");
	const struct value *v;

	if (str_eq(s, "index"))
		return (long long)pc->list->index;
	v = s ? conv_field(pc->c, pc->list, s) : NULL;
	return v && v->kind == VAL_INT ? v->ival : 0;
}

/* tmpl with {node} and {slot} filled in */
static const char *fill(struct arena *a, const char *tmpl, const char *node, long long slot)
{
	const char *at;
	const char *s = tmpl;

	while ((at = strstr(s, "{node}")))
		s = arena_printf(a, "%.*s%s%s", (int)(at - s), s, node, at + 6);
	while ((at = strstr(s, "{slot}")))
		s = arena_printf(a, "%.*s%lld%s", (int)(at - s), s, slot, at + 6);
	return s;
}

/* Does p already name &label (a controller with two slots shares its clock group)? */
static bool has_ref(const struct dt_prop *p, const char *label)
{
	for (size_t i = 0; p && i < p->nchunks; i++)
		for (size_t k = 0; k < p->chunks[i]->ncells; k++)
			if (p->chunks[i]->cells[k].kind == CELL_REF &&
			    str_eq(p->chunks[i]->cells[k].text, label))
				return true;
	return false;
}

static bool defined(const struct prop_ctx *pc, const char *label)
{
	return (pc->c->opt->dtsi && soc_dtsi_has_label(pc->c->opt->dtsi, label)) ||
	       dt_node_has_label(pc->c->t->root, label);
}

struct dt_prop *cv_pin_groups(struct prop_ctx *pc)
{
	const struct rnode *groups = rn_get(pc->rule, "groups");
	const char *name = rn_str(pc->rule, "prop");
	const char *node = pc->node->ref ? pc->node->ref : pc->node->label;
	long long lines = lines_of(pc), slot = slot_of(pc), min;
	struct dt_prop *p = dt_prop_find(pc->node, name);
	struct dt_chunk *ch = NULL;

	if (lines < 0 || !node) {
		pc->reason = lines < 0 ? "bus width not known at build time: the pin groups by hand"
			     : "the controller node has no label to name its pin groups by";
		return NULL;
	}
	for (size_t i = 0; groups && i < groups->n; i++) {
		const struct rnode *g = groups->items[i];
		const char *tmpl = g->kind == RN_SCALAR ? g->scalar : rn_str(g, "label");
		const char *label = tmpl ? fill(pc->c->a, tmpl, node, slot) : NULL;

		if (!label || (rn_get_long(g, "width", &min) && lines < min) || !defined(pc, label))
			continue;
		if (!p && !dt_prop_find(pc->node, "pinctrl-names"))
			dt_prop_add_string(pc->c->t, dt_prop_set(pc->c->t, pc->node, "pinctrl-names"),
					   "default");
		if (!p)
			p = dt_prop_set(pc->c->t, pc->node, name);
		if (!ch)
			ch = p->nchunks ? p->chunks[p->nchunks - 1] : dt_prop_add_cells(pc->c->t, p);
		if (!has_ref(p, label))
			dt_chunk_add_ref(pc->c->t, ch, label);
	}
	if (!ch) {
		pc->reason = arena_printf(pc->c->a, "no pin group of &%s for slot %lld in the target's "
					  ".dtsi: its pinctrl-0 by hand", node, slot);
		return NULL;
	}
	return p;
}
