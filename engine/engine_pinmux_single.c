// SPDX-License-Identifier: GPL-2.0
/*
 * The pinctrl-single pass: the pin lists of davinci_cfg_reg_list() and
 * davinci_cfg_reg() (registrations/davinci_mux.c) become register bits
 * under the SoC's pinctrl-single node (`pinctrl: label:`, &pmx_core on
 * DA8xx): per PINMUX register, the mode of each field and the field mask,
 * `pinctrl-single,bits = <offset value mask>`.
 *
 * The target's .dtsi already names the usual groups (da850.dtsi's
 * `mmc0_pins: pinmux_mmc_pins { pinctrl-single,bits = <0x28 0x00222222
 * 0x00ffffff>; }`): a group whose bits the board's list sets all of is used
 * as it is, and goes to the `pinctrl-0` of its device when the output has
 * that device (mmc0_pins -> &mmc0, serial2_rxtx_pins -> &serial2, the label
 * without `_pins`, then without its last `_word`). What no .dtsi group
 * covers becomes a new group named for the list, hogged by the pin
 * controller, as the board set it at boot.
 */
#include "engine_int.h"

#include <libfdt.h>
#include <stdlib.h>
#include <string.h>

#include "../common/util.h"
#include "../kernel/mux_cfg.h"
#include "../kernel/soc_dtsi.h"

#define MAX_REGS 64

struct regbits {
	uint32_t val[MAX_REGS], mask[MAX_REGS];
};

static bool group_bits(const struct mux_group *g, struct regbits *b)
{
	memset(b, 0, sizeof(*b));
	for (size_t i = 0; i < g->n; i++) {
		const struct mux_cfg *m = g->cfgs[i];

		if (m->reg >= MAX_REGS || m->shift >= 32)
			return false;
		b->mask[m->reg] |= m->mask << m->shift;
		b->val[m->reg] = (b->val[m->reg] & ~(m->mask << m->shift)) |
				 ((m->mode & m->mask) << m->shift);
	}
	return true;
}

/* Does b set every field of the .dtsi group's bits to its value? Then clear them from b. */
static bool covers(struct regbits *b, const fdt32_t *v, int len)
{
	int n = len / 12;

	if (n <= 0)
		return false;
	for (int i = 0; i < n; i++) {
		uint32_t off = fdt32_to_cpu(v[3 * i]), val = fdt32_to_cpu(v[3 * i + 1]);
		uint32_t mask = fdt32_to_cpu(v[3 * i + 2]), r = off / 4;

		if (off % 4 || r >= MAX_REGS || (b->mask[r] & mask) != mask ||
		    (b->val[r] & mask) != (val & mask))
			return false;
	}
	for (int i = 0; i < n; i++) {
		uint32_t r = fdt32_to_cpu(v[3 * i]) / 4, mask = fdt32_to_cpu(v[3 * i + 2]);

		b->mask[r] &= ~mask;
		b->val[r] &= ~mask;
	}
	return true;
}

struct dt_node *conv_overlay_of(const struct conv *c, const char *label)
{
	for (size_t i = 0; i < c->t->noverlays; i++)
		if (!strcmp(c->t->overlays[i]->ref, label))
			return c->t->overlays[i];
	return NULL;
}

/* The output's device a .dtsi group is for: mmc0_pins -> &mmc0, serial2_rxtx_pins -> &serial2. */
static struct dt_node *consumer(const struct conv *c, const char *group_label)
{
	char *base = xstrdup(group_label), *us;
	struct dt_node *n = NULL;
	size_t len = strlen(base);

	if (len > 5 && !strcmp(base + len - 5, "_pins"))
		base[len - 5] = '\0';
	for (;;) {
		if ((n = conv_overlay_of(c, base)) || !(us = strrchr(base, '_')))
			break;
		*us = '\0';
	}
	free(base);
	return n;
}

static void new_group(struct conv *c, struct dt_node *ctrl, const struct mux_group *g,
		      const struct regbits *b)
{
	char *base = xstrdup(g->name);
	struct dt_node *n;
	struct dt_prop *p;

	for (char *q = base; *q; q++)
		*q = *q == '_' ? '-' : *q;	/* node names in dashes, labels in underscores */
	n = conv_pin_group_node(c, ctrl, base);
	free(base);
	p = dt_prop_set(c->t, n, "pinctrl-single,bits");

	for (unsigned r = 0; r < MAX_REGS; r++) {
		struct dt_chunk *ch;

		if (!b->mask[r])
			continue;
		ch = dt_prop_add_cells(c->t, p);
		dt_chunk_add_u32(c->t, ch, r * 4);
		dt_chunk_add_u32(c->t, ch, b->val[r]);
		dt_chunk_add_u32(c->t, ch, b->mask[r]);
	}
	p->pos = g->call->pos;
	p->origin = g->call->spelling;
	n->pos = g->call->pos;
	conv_attach_pins(c, ctrl, n->label, &g->call->pos, g->call->spelling);
}

/* One list: the .dtsi groups it covers go to their devices, the rest is a new group. */
static void one_list(struct conv *c, const void *fdt, int ctrl_off, struct dt_node *ctrl,
		     const struct mux_group *g)
{
	struct regbits b;
	int sub;
	bool left = false;

	if (!group_bits(g, &b)) {
		dt_node_add_todo(c->t, ctrl, &g->call->pos, g->call->spelling,
				 "a PINMUX register beyond the table's range: by hand");
		return;
	}
	fdt_for_each_subnode(sub, fdt, ctrl_off) {
		int len;
		const fdt32_t *v = fdt_getprop(fdt, sub, "pinctrl-single,bits", &len);
		const char *label = soc_dtsi_label_of(c->opt->dtsi, sub);
		struct dt_node *dev;

		if (!v || !label || !covers(&b, v, len))
			continue;
		dev = consumer(c, label);
		conv_attach_pins(c, dev ? dev : ctrl, label, &g->call->pos, g->call->spelling);
	}
	for (unsigned r = 0; r < MAX_REGS; r++)
		left |= b.mask[r] != 0;
	if (left)
		new_group(c, ctrl, g, &b);
}

void conv_pinmux_single_pass(struct conv *c)
{
	const char *label = rn_str(rn_get(c->soc, "pinctrl"), "label");
	const char *path = label && c->opt->dtsi ? soc_dtsi_label_path(c->opt->dtsi, label) : NULL;
	const void *fdt = c->opt->dtsi ? soc_dtsi_fdt(c->opt->dtsi) : NULL;
	int off = path ? fdt_path_offset(fdt, path) : -1;
	struct dt_node *ctrl;

	if (!c->nmuxg)
		return;
	if (off < 0) {
		for (size_t i = 0; i < c->nmuxg; i++)
			dt_node_add_todo(c->t, NULL, &c->muxg[i]->call->pos, c->muxg[i]->call->spelling,
					 arena_printf(c->a, "pin groups: the SoC .dtsi has no &%s",
						      label ? label : "pin controller"));
		return;
	}
	ctrl = dt_overlay(c->t, label);
	for (size_t i = 0; i < c->nmuxg; i++)
		one_list(c, fdt, off, ctrl, c->muxg[i]);
}
