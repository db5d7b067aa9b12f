// SPDX-License-Identifier: GPL-2.0
/*
 * The OMAP pinmux pass: the pads the board's mux tables and calls set
 * (registrations/omap_mux.c) become pinctrl-single groups under the
 * controller the target's .dts files set each pad on,
 *
 *	&omap3_pmx_core {
 *		mmc1_pins: mmc1-pins {
 *			pinctrl-single,pins = <OMAP3_CORE1_IOPAD(0x2144, PIN_INPUT_PULLUP | MUX_MODE0)>,
 *					      ...;
 *		};
 *	};
 *
 * (one <pad value> pair per pad, written with the tree's own IOPAD macro and
 * PIN_* names), attached as upstream attaches them: pads in a device's
 * function (sdmmc1_clk: &mmc1, through the pack's `pinctrl: devices:` for
 * the names that differ) go to that device's pinctrl-0 when the output has
 * it; GPIO-mode pads (gpio_N) to the device that uses GPIO N (a gpio-keys
 * node, a LED); everything else is hogged by its controller (pinctrl-0 on
 * &omap3_pmx_core), as the board file set it at boot for everyone. The
 * group node, the label uniqueness and the attachment are the MPP pass's
 * (engine_pinmux.c). The PXA3xx MFP pins (registrations/pxa3xx_mfp.c) take
 * the same way, <MFP_PIN_PXA300(3) MFP_AF1> per pin, one group per consumer
 * and pin configuration (its pinconf-single properties).
 */
#include "engine_int.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../common/util.h"
#include "../kernel/soc_dtsi.h"

struct ogroup {
	const char *label;		/* the controller */
	struct dt_node *consumer;	/* NULL: hogged */
	const char *base;		/* group name: "mmc1", "gpio-keys", "board" */
	uint32_t conf;			/* PXA3xx: the pins' configuration bits, one per group */
	struct omap_pin **pins;
	size_t n;
};

void conv_add_pad(struct conv *c, struct omap_pin *pin)
{
	for (size_t i = 0; i < c->nopins; i++) {
		struct omap_pin *o = c->opins[i];

		long rn, ro;
		bool before;

		if (strcmp(o->label, pin->label) || o->addr != pin->addr)
			continue;
		/* converted after o, but run before it (a board function o's caller calls first) */
		rn = conv_call_rank(c, pin->call);
		ro = conv_call_rank(c, o->call);
		before = rn >= 0 && ro >= 0 && rn < ro;
		if (o->val != pin->val || strcmp(o->macro, pin->macro))
			dt_node_add_todo(c->t, NULL, &pin->v->pos, pin->call->spelling,
					 arena_printf(c->a, "pad %s (%#x) set again: %s%s%s, %s %s%s%s at "
						      "line %u; the later value is written",
						      pin->function, pin->addr,
						      pin->cells ? pin->macro : "", pin->cells ? " " : "", pin->flags,
						      before ? "before" : "after",
						      o->cells ? o->macro : "", o->cells ? " " : "", o->flags,
						      o->v->pos.line));
		if (before)
			return;
		o->flags = pin->flags;
		o->val = pin->val;
		o->mfp_conf = pin->mfp_conf;
		if (pin->mfp) {	/* PXA3xx: the pin may now have another function */
			o->function = pin->function;
			o->device = pin->device;
			o->gpio = pin->gpio;
		}
		if (pin->cells) {	/* i.MX: the pad may now have another function */
			o->macro = pin->macro;
			o->cells = pin->cells;
			o->function = pin->function;
			o->device = pin->device;
			o->gpio_label = pin->gpio_label;
			o->gpio_line = pin->gpio_line;
			o->ctrl_unknown = pin->ctrl_unknown;
		}
		return;
	}
	arena_push(c->a, (void ***)&c->opins, &c->nopins, pin);
}

/* sdmmc1_clk -> "mmc1" (pack `devices: {sdmmc: mmc}`), uart3_tx_irtx -> "uart3". */
static const char *device_label(struct conv *c, const char *function)
{
	const struct rnode *map = rn_get(rn_get(c->soc, "pinctrl"), "devices");
	size_t word = strcspn(function, "_."), alpha = 0;
	const char *to;

	while (alpha < word && isalpha((unsigned char)function[alpha]))
		alpha++;
	if (alpha == word || alpha == 0)	/* no unit number: no one device */
		return NULL;
	to = rn_str(map, arena_strndup(c->a, function, alpha));
	return to ? arena_printf(c->a, "%s%.*s", to, (int)(word - alpha), function + alpha)
		  : arena_strndup(c->a, function, word);
}

/* The consumer of a pad and its group's name. */
static struct dt_node *consumer(struct conv *c, const struct omap_pin *p, const char **base)
{
	/* "mcspi1_cs1.mode4": a pad in a mode whose function no .dts names is no
	 * longer its mode-0 device's (3.x omap3stalker: gpio_175, a pen-down line) */
	const char *dev = p->cells || p->mfp ? p->device
			  : p->gpio < 0 && !p->at91 && !strstr(p->function, ".mode")
			  ? device_label(c, p->function) : NULL;
	struct dt_node *n = p->gpio_label ? conv_line_user(c, p->gpio_label, p->gpio_line)
			    : p->gpio >= 0 ? conv_gpio_user(c, p->gpio) : NULL;

	if (dev && (n = conv_overlay_of(c, dev))) {
		*base = dev;
		return n;
	}
	if (n) {	/* node names in dashes */
		char *b = arena_strdup(c->a, n->label ? n->label : n->ref ? n->ref : n->name);

		for (char *q = b; *q; q++)
			*q = *q == '_' ? '-' : *q;
		*base = b;
		return n;
	}
	/* PXA3xx: hogged pins grouped by the device their macro names (ssp2-pins) */
	*base = p->mfp && dev ? dev : p->cells ? "hog" : "board";
	return NULL;
}

static struct ogroup *group_for(struct ogroup **gs, size_t *n, const char *label,
				struct dt_node *consumer, const char *base, uint32_t conf)
{
	for (size_t i = 0; i < *n; i++)
		if ((*gs)[i].consumer == consumer && !strcmp((*gs)[i].label, label) &&
		    !strcmp((*gs)[i].base, base) && (*gs)[i].conf == conf)
			return &(*gs)[i];
	*gs = xrealloc(*gs, (*n + 1) * sizeof(**gs));
	(*gs)[*n] = (struct ogroup){ label, consumer, base, conf, NULL, 0 };
	return &(*gs)[(*n)++];
}

/*
 * <MACRO(0x2144, FLAGS)> per pad: the macro call's two cells, each with its
 * value; i.MX: <MX51_PAD_EIM_D16__I2C1_SDA 0x80000000>, the pad macro's five
 * cells (the later four written as nothing) and the pad control.
 */
static void fill_group(struct conv *c, struct dt_node *n, const struct ogroup *g)
{
	struct dt_prop *pins = dt_prop_set(c->t, n, g->pins[0]->at91 ? "atmel,pins"
					   : g->pins[0]->cells ? "fsl,pins" : "pinctrl-single,pins");
	struct strbuf origin;

	sb_init(&origin);
	for (size_t i = 0; i < g->n; i++) {
		const struct omap_pin *p = g->pins[i];
		struct dt_chunk *ch = dt_prop_add_cells(c->t, pins);

		if (p->at91) {	/* <AT91_PIOA 30 AT91_PERIPH_GPIO AT91_PINCTRL_PULL_UP> */
			dt_chunk_add_macro(c->t, ch, p->macro, p->addr / 32);
			dt_chunk_add_u32(c->t, ch, p->addr % 32);
			dt_chunk_add_macro(c->t, ch, p->flags, p->val);
			dt_chunk_add_macro(c->t, ch, at91_conf_text(c, p->mfp_conf), p->mfp_conf);
		} else if (p->mfp) {	/* <MFP_PIN_PXA300(3) MFP_AF1> */
			dt_chunk_add_macro(c->t, ch, p->macro, p->addr);
			dt_chunk_add_macro(c->t, ch, p->flags, p->val);
		} else if (p->cells) {
			dt_chunk_add_macro(c->t, ch, p->macro, p->cells[0]);
			for (int k = 1; k < 5; k++)
				dt_chunk_add_macro(c->t, ch, "", p->cells[k]);
			dt_chunk_add_macro(c->t, ch, p->flags, p->val);
		} else {
			dt_chunk_add_macro(c->t, ch, arena_printf(c->a, "%s(%#x,", p->macro, p->addr),
					   p->addr - p->base);
			dt_chunk_add_macro(c->t, ch, arena_printf(c->a, "%s)", p->flags), p->val);
		}
		sb_addf(&origin, "%s%s", i ? ", " : "", p->cells && p->v->spelling ? p->v->spelling
			: p->function);
	}
	if (g->pins[0]->mfp)
		conv_mfp_conf_props(c, n, g->pins[0]);

	pins->pos = g->pins[0]->v->pos;
	pins->origin = arena_strdup(c->a, origin.buf);
	n->pos = g->pins[0]->call->pos;
	sb_free(&origin);
}

/* AT91: the groups of a function node `board` under the controller, as upstream boards. */
static struct dt_node *function_node(struct conv *c, struct dt_node *ctrl, const struct omap_pin *p)
{
	struct dt_node *f = p->at91 ? dt_child(ctrl, "board", NULL) : ctrl;

	if (!f) {
		f = dt_node_add(c->t, ctrl, "board", NULL);
		f->pos = p->call->pos;
	}
	return f;
}

static void write_group(struct conv *c, const struct ogroup *g)
{
	struct dt_node *ctrl = dt_overlay(c->t, g->label);
	struct dt_node *n = conv_pin_group_node(c, function_node(c, ctrl, g->pins[0]),
						arena_printf(c->a, g->pins[0]->cells ?
						"%sgrp" : "%s-pins", g->base));
	const struct omap_pin *first = g->pins[0];

	fill_group(c, n, g);
	if (g->consumer)
		conv_attach_pins(c, g->consumer, n->label, &first->call->pos, first->call->spelling);
	else
		conv_attach_pins(c, ctrl, n->label, &first->call->pos,
				 arena_printf(c->a, "hogged: no device of the output uses %s (%s)",
					      first->function, first->call->spelling));
}

/*
 * One TODO per i.MX call whose pads' control values are not known (tolerant
 * mode: the board's iomux-mx51.h is not in the target tree).
 */
static void unknown_controls(struct conv *c)
{
	for (size_t i = 0; i < c->nopins; i++) {
		const struct call *call = c->opins[i]->call;
		size_t n = 0;
		bool seen = false;

		for (size_t k = 0; k < i && !seen; k++)
			seen = c->opins[k]->call == call && c->opins[k]->ctrl_unknown;
		for (size_t k = i; k < c->nopins && !seen; k++)
			n += c->opins[k]->call == call && c->opins[k]->ctrl_unknown;
		if (seen || !n)
			continue;
		dt_node_add_todo(c->t, dt_overlay(c->t, c->opins[i]->label), &call->pos,
				 call->spelling, arena_printf(c->a, "fsl,pins: the pad control of %zu "
				 "pad%s is not known (the board's iomux-v3 header is not in the target "
				 "tree): written 0x80000000, which leaves the pad as the boot loader set "
				 "it; write the board's values", n, n > 1 ? "s" : ""));
	}
}

void conv_pinmux_omap_pass(struct conv *c)
{
	struct ogroup *gs = NULL;
	size_t ng = 0;

	if (!c->nopins)
		return;
	for (size_t i = 0; i < c->nopins; i++) {
		struct omap_pin *p = c->opins[i];
		const char *base;
		struct dt_node *user;
		struct ogroup *g;

		if (c->opt->dtsi && !soc_dtsi_has_label(c->opt->dtsi, p->label)) {
			dt_node_add_todo(c->t, NULL, &p->v->pos, p->call->spelling,
					 arena_printf(c->a, "pad %s: the SoC .dtsi has no &%s",
						      p->function, p->label));
			continue;
		}
		user = consumer(c, p, &base);
		if (!user && conv_at91_pin_taken(c, p))
			continue;	/* an enabled device's .dtsi group has it: no hog */
		/* PXA3xx: one configuration per group (its properties); AT91's is per pin */
		g = group_for(&gs, &ng, p->label, user, base, p->at91 ? 0 : p->mfp_conf);
		arena_push(c->a, (void ***)&g->pins, &g->n, p);
	}
	for (size_t i = 0; i < ng; i++)
		if (!gs[i].pins[0]->cells && !gs[i].pins[0]->mfp && !gs[i].pins[0]->at91) {
			dt_add_include(c->t, "<dt-bindings/pinctrl/omap.h>");
			break;
		}
	for (size_t i = 0; i < ng; i++)
		write_group(c, &gs[i]);
	free(gs);
	unknown_controls(c);
}
