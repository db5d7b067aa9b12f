// SPDX-License-Identifier: GPL-2.0
/*
 * A gpio-hog on a line that a device node's GPIO property also names: the
 * board requests and drives the line in its init code (beagle 3.0:
 * gpio_request(170, "DVI_nPD"); gpio_direction_output(170, 1)), and the
 * same line is a device's (the DVI encoder's powerdown-gpios). gpiolib
 * requests a hogged line for itself, so the device's driver could not get
 * it: the device wins. The hog is dropped, and the facts that made it say
 * which property the line became (the driver sets its level). So is an
 * input hog on the line a device takes as its interrupt.
 */
#include "engine_int.h"

#include <string.h>

#include "../common/util.h"

static bool is_gpio_prop(const char *name)
{
	size_t n = strlen(name);

	return str_eq(name, "gpios") || str_eq(name, "gpio") ||
	       (n > 6 && !strcmp(name + n - 6, "-gpios")) || (n > 5 && !strcmp(name + n - 5, "-gpio"));
}

/* Is n's interrupt the line: `interrupt-parent = <&ctrl>; interrupts = <line ...>`? */
static const struct dt_prop *irq_user(const struct dt_node *n, const char *ctrl, uint32_t line)
{
	const struct dt_prop *parent = dt_prop_find(n, "interrupt-parent");
	const struct dt_prop *irq = dt_prop_find(n, "interrupts");

	if (!parent || !irq || !parent->nchunks || parent->chunks[0]->kind != CHUNK_CELLS ||
	    !parent->chunks[0]->ncells || parent->chunks[0]->cells[0].kind != CELL_REF ||
	    !str_eq(parent->chunks[0]->cells[0].text, ctrl))
		return NULL;
	for (size_t k = 0; k < irq->nchunks; k++)
		if (irq->chunks[k]->kind == CHUNK_CELLS && irq->chunks[k]->ncells &&
		    irq->chunks[k]->cells[0].kind == CELL_U32 && irq->chunks[k]->cells[0].val == line)
			return irq;
	return NULL;
}

/*
 * A property of a node below n (hogs aside) naming <&ctrl line ...>: its
 * node, *prop set. With irq, an input line's interrupt users count too
 * (3.x board-am3517evm.c requests GPIO 55 as an input, then gives
 * gpio_to_irq(55) to the RTC): the line is the device's interrupt, which
 * a hog would only duplicate.
 */
static struct dt_node *user_of(struct dt_node *n, const char *ctrl, uint32_t line, bool irq,
			       const struct dt_prop **prop)
{
	if (dt_prop_find(n, "gpio-hog"))
		return NULL;
	if (irq && (*prop = irq_user(n, ctrl, line)) != NULL)
		return n;
	for (size_t i = 0; i < n->nprops; i++) {
		const struct dt_prop *p = n->props[i];
		bool named = is_gpio_prop(p->name) || (irq && str_eq(p->name, "interrupts-extended"));

		for (size_t k = 0; named && k < p->nchunks; k++) {
			const struct dt_chunk *ch = p->chunks[k];

			for (size_t j = 0; ch->kind == CHUNK_CELLS && j + 1 < ch->ncells; j++)
				if (ch->cells[j].kind == CELL_REF && str_eq(ch->cells[j].text, ctrl) &&
				    ch->cells[j + 1].val == line) {
					*prop = p;
					return n;
				}
		}
	}
	for (size_t i = 0; i < n->nchildren; i++) {
		struct dt_node *u = user_of(n->children[i], ctrl, line, irq, prop);

		if (u)
			return u;
	}
	return NULL;
}

static struct dt_node *tree_user(struct conv *c, const char *ctrl, uint32_t line, bool irq,
				 const struct dt_prop **prop)
{
	struct dt_node *u = user_of(c->t->root, ctrl, line, irq, prop);

	for (size_t i = 0; !u && i < c->t->noverlays; i++)
		u = user_of(c->t->overlays[i], ctrl, line, irq, prop);
	return u;
}

/* The hogs under ctl whose line a device's property names: dropped. */
static void drop_under(struct conv *c, struct dt_node *ctl)
{
	const char *ctrl = ctl->ref ? ctl->ref : ctl->label;

	for (size_t i = 0; ctrl && i < ctl->nchildren; ) {
		struct dt_node *hog = ctl->children[i];
		const struct dt_prop *g = dt_prop_find(hog, "gpios"), *use = NULL;
		struct dt_node *u = dt_prop_find(hog, "gpio-hog") && g && g->nchunks &&
				    g->chunks[0]->ncells
				    ? tree_user(c, ctrl, g->chunks[0]->cells[0].val,
						dt_prop_find(hog, "input") != NULL, &use) : NULL;

		if (!u) {
			i++;
			continue;
		}
		const char *path = dt_node_path(c->t, hog);
		const char *became = arena_printf(c->a, "%s %s (the device's line: its driver %s, "
						  "no gpio-hog)", dt_node_path(c->t, u), use->name,
						  is_gpio_prop(use->name) ? "sets the level"
						  : "takes it as its interrupt");

		for (size_t k = 0; k < c->t->nfacts; k++)
			if (c->t->facts[k]->became && str_eq(c->t->facts[k]->became, path))
				c->t->facts[k]->became = became;
		memmove(&ctl->children[i], &ctl->children[i + 1],
			(ctl->nchildren - i - 1) * sizeof(ctl->children[0]));
		ctl->nchildren--;
	}
}

void conv_drop_used_hogs(struct conv *c)
{
	for (size_t i = 0; i < c->t->noverlays; ) {
		struct dt_node *o = c->t->overlays[i];
		size_t had = o->nchildren;

		drop_under(c, o);
		/* an overlay that held only the dropped hogs: gone too */
		if (had && !o->nchildren && !o->nprops && !o->ntodos) {
			memmove(&c->t->overlays[i], &c->t->overlays[i + 1],
				(c->t->noverlays - i - 1) * sizeof(c->t->overlays[0]));
			c->t->noverlays--;
			continue;
		}
		i++;
	}
	for (size_t i = 0; i < c->t->root->nchildren; i++)
		drop_under(c, c->t->root->children[i]);
}
