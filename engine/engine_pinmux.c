// SPDX-License-Identifier: GPL-2.0
/*
 * The pinmux pass: the pins the board's MPP tables configure
 * (registrations/marvell_mpp.c) become pin groups under the SoC's pin
 * controller, in the binding's form
 *
 *	&pinctrl {
 *		pmx_power_led: pmx-power-led {
 *			marvell,pins = "mpp0";
 *			marvell,function = "gpio";
 *		};
 *	};
 *
 * and each group is attached where upstream attaches it: a GPIO-mode pin
 * whose line a device of the output uses (a LED, a key, a regulator's enable)
 * goes to that device's `pinctrl-0` (the nearest node with a compatible: the
 * gpio-leds node, not its led child); every other pin, grouped by function,
 * is hogged by the controller itself (`pinctrl-0` on &pinctrl), as the
 * board file configured it at boot for everyone.
 *
 * On the MVEBU SoCs whose board files use MPP tables, MPP n is GPIO n.
 */
#include "engine_int.h"

#include <stdlib.h>
#include <string.h>

#include "../common/util.h"
#include "../kernel/soc_dtsi.h"

struct group {
	struct dt_node *consumer;	/* NULL: hogged by the controller */
	const char *function;
	struct mpp_pin **pins;
	size_t npins;
};

static bool is_gpio_function(const char *f)
{
	return !strcmp(f, "gpio") || !strcmp(f, "gpo") || !strcmp(f, "gpi");
}

/* Does one of n's *gpios properties (or a fixed regulator's gpio) reference <&label line ...>? */
static bool uses_line(const struct dt_node *n, const char *label, uint32_t line)
{
	for (size_t i = 0; i < n->nprops; i++) {
		const struct dt_prop *p = n->props[i];
		size_t len = strlen(p->name);

		if ((len < 5 || strcmp(p->name + len - 5, "gpios")) && strcmp(p->name, "gpio"))
			continue;
		for (size_t k = 0; k < p->nchunks; k++) {
			const struct dt_chunk *ch = p->chunks[k];

			for (size_t j = 0; ch->kind == CHUNK_CELLS && j + 1 < ch->ncells; j++)
				if (ch->cells[j].kind == CELL_REF && !strcmp(ch->cells[j].text, label) &&
				    ch->cells[j + 1].kind == CELL_U32 && ch->cells[j + 1].val == line)
					return true;
		}
	}
	return false;
}

/* The device node below n (n included) using the line: the nearest one with a compatible. */
static struct dt_node *find_user(struct dt_node *n, const char *label, uint32_t line)
{
	if (uses_line(n, label, line)) {
		for (struct dt_node *d = n; d; d = d->parent)
			if (dt_prop_find(d, "compatible"))
				return d;
		return NULL;
	}
	for (size_t i = 0; i < n->nchildren; i++) {
		struct dt_node *u = find_user(n->children[i], label, line);

		if (u)
			return u;
	}
	return NULL;
}

struct dt_node *conv_gpio_user(struct conv *c, long gpio)
{
	struct value v = { .kind = VAL_INT, .ival = gpio };
	struct dt_chunk tmp = { 0 };

	if (gpio < 0 || !conv_gpio_cells(c, &v, &tmp, false) || tmp.ncells < 2 ||
	    tmp.cells[0].kind != CELL_REF)
		return NULL;
	return find_user(c->t->root, tmp.cells[0].text, tmp.cells[1].val);
}

/* The consumer of GPIO n (MPP n), or NULL. */
static struct dt_node *gpio_consumer(struct conv *c, const struct mpp_pin *p)
{
	return is_gpio_function(p->function) ? conv_gpio_user(c, p->pin) : NULL;
}

static struct group *group_for(struct conv *c, struct group **gs, size_t *n,
			       struct dt_node *consumer, const char *function)
{
	for (size_t i = 0; i < *n; i++)
		if ((*gs)[i].consumer == consumer && !strcmp((*gs)[i].function, function))
			return &(*gs)[i];
	*gs = xrealloc(*gs, (*n + 1) * sizeof(**gs));
	(*gs)[*n] = (struct group){ consumer, function, NULL, 0 };
	return &(*gs)[(*n)++];
}

/*
 * Is label free for the node ctrl/name? A label of the SoC .dtsi on another
 * node (kirkwood-6281.dtsi's own pmx_* groups) would make dtc fail; on the
 * same node (the .dtsi's group of that name) it is the node being extended.
 */
static bool label_free(const struct conv *c, const char *label, const char *name)
{
	const char *path = c->opt->dtsi ? soc_dtsi_label_path(c->opt->dtsi, label) : NULL;
	size_t lp, ln = strlen(name);

	if (!path)
		return true;
	lp = strlen(path);
	return lp > ln && path[lp - ln - 1] == '/' && !strcmp(path + lp - ln, name);
}

/* Does a node of the output (another controller's group) already define label? */
static bool label_in_tree(const struct conv *c, const char *label)
{
	if (dt_node_has_label(c->t->root, label))
		return true;
	for (size_t i = 0; i < c->t->noverlays; i++)
		if (dt_node_has_label(c->t->overlays[i], label))
			return true;
	return false;
}

/* A new pin group node under ctrl named base (made unique), labelled after its name. */
struct dt_node *conv_pin_group_node(struct conv *c, struct dt_node *ctrl, const char *base)
{
	char *name = dts_node_name(base);
	const char *unique = arena_strdup(c->a, name);
	struct dt_node *n;
	char *label;

	for (int k = 2;; k++) {
		label = dts_label(unique);
		if (!dt_child(ctrl, unique, NULL) && label_free(c, label, unique) &&
		    !label_in_tree(c, label))
			break;
		free(label);
		unique = arena_printf(c->a, "%s-%d", name, k);
	}
	free(name);
	n = dt_node_add(c->t, ctrl, unique, NULL);
	n->label = arena_strdup(c->a, label);
	free(label);
	return n;
}

/* "pmx-<consumer>" or "pmx-<function>". */
static struct dt_node *group_node(struct conv *c, struct dt_node *ctrl, const struct group *g)
{
	bool fn_suffix = g->consumer && !is_gpio_function(g->function);

	return conv_pin_group_node(c, ctrl, arena_printf(c->a, "pmx-%s%s%s",
				   g->consumer ? g->consumer->name : g->function,
				   fn_suffix ? "-" : "", fn_suffix ? g->function : ""));
}

static void fill_group(struct conv *c, struct dt_node *n, const struct group *g)
{
	struct dt_prop *pins = dt_prop_set(c->t, n, "marvell,pins");
	struct dt_prop *fn = dt_prop_set(c->t, n, "marvell,function");
	struct strbuf origin;

	sb_init(&origin);
	for (size_t i = 0; i < g->npins; i++) {
		dt_prop_add_string(c->t, pins, arena_printf(c->a, "mpp%u", g->pins[i]->pin));
		sb_addf(&origin, "%s%s", i ? ", " : "", g->pins[i]->v->spelling);
	}
	pins->pos = g->pins[0]->v->pos;
	pins->origin = arena_strdup(c->a, origin.buf);
	dt_prop_add_string(c->t, fn, g->function);
	fn->pos = g->pins[0]->call->pos;
	fn->origin = g->pins[0]->call->spelling;
	n->pos = g->pins[0]->call->pos;
	sb_free(&origin);
}

/* Append <&label> to n's pinctrl-0 (pinctrl-names = "default"). */
void conv_attach_pins(struct conv *c, struct dt_node *n, const char *label,
		      const struct srcpos *pos, const char *origin)
{
	struct dt_prop *p = dt_prop_find(n, "pinctrl-0");
	struct dt_chunk *ch;

	if (!p) {
		p = dt_prop_set(c->t, n, "pinctrl-0");
		dt_prop_add_cells(c->t, p);
		p->pos = *pos;
		p->origin = origin;
		dt_prop_add_string(c->t, dt_prop_set(c->t, n, "pinctrl-names"), "default");
		dt_prop_find(n, "pinctrl-names")->pos = *pos;
	}
	ch = p->chunks[p->nchunks - 1];
	dt_chunk_add_ref(c->t, ch, label);
}

static const char *controller_label(const struct conv *c)
{
	const char *l = rn_str(rn_get(c->soc, "pinctrl"), "label");

	return l ? l : "pinctrl";
}

void conv_pinmux_pass(struct conv *c)
{
	const char *label = controller_label(c);
	struct group *gs = NULL;
	size_t ng = 0;
	struct dt_node *ctrl;

	if (!c->nmpp)
		return;
	if (c->opt->dtsi && !soc_dtsi_has_label(c->opt->dtsi, label)) {
		dt_node_add_todo(c->t, NULL, &c->mpp[0]->call->pos, c->mpp[0]->call->spelling,
				 arena_printf(c->a, "pin groups: the SoC .dtsi has no &%s", label));
		return;
	}
	for (size_t i = 0; i < c->nmpp; i++) {
		struct mpp_pin *p = c->mpp[i];
		struct group *g = group_for(c, &gs, &ng, gpio_consumer(c, p), p->function);

		arena_push(c->a, (void ***)&g->pins, &g->npins, p);
	}
	ctrl = dt_overlay(c->t, label);
	for (size_t i = 0; i < ng; i++) {
		struct dt_node *n = group_node(c, ctrl, &gs[i]);

		fill_group(c, n, &gs[i]);
		conv_attach_pins(c, gs[i].consumer ? gs[i].consumer : ctrl, n->label, &gs[i].pins[0]->call->pos,
		       gs[i].pins[0]->call->spelling);
	}
	free(gs);
}
