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
 *
 * The PXA2xx MFP tables (registrations/pxa_mfp.c) use the generic binding
 * the PXA2xx driver parses (pinconf_generic_dt_node_to_map_all): a group
 * per consumer, one subnode per function when its pins have several,
 *
 *	mmc_pins: mmc-pins {
 *		mmclk {
 *			pins = "P32";
 *			function = "MMCLK";
 *		};
 *		...
 *	};
 *
 * and the device a pin's MFP macro names (GPIO32_MMC_CLK: MMC) is its
 * consumer when the output has that device (the pack's `pinctrl: devices:`
 * maps the macro's word to the .dtsi label, else the label is the word in
 * lower case: FFUART -> &ffuart); GPIO-mode pins go to their GPIO's user as
 * above; the rest is hogged by the controller, grouped by that word
 * (ncs-pins, gpio-pins). On the PXA2xx, too, pin n is GPIO n.
 */
#include "engine_int.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../common/util.h"
#include "../kernel/soc_dtsi.h"

struct group {
	struct dt_node *consumer;	/* NULL: hogged by the controller */
	const char *function;		/* MPP: the function; generic: the group's name */
	struct mpp_pin **pins;
	size_t npins;
};

static bool is_gpio_function(const char *f)
{
	return !strcmp(f, "gpio") || !strcmp(f, "gpo") || !strcmp(f, "gpi") ||
	       !strcmp(f, "gpio_in") || !strcmp(f, "gpio_out");
}

struct mpp_pin *conv_add_pin(struct conv *c, unsigned pin, const char *function,
			     const struct value *v, const struct call *call)
{
	struct mpp_pin *p;

	for (size_t i = 0; i < c->nmpp; i++)
		if (c->mpp[i]->pin == pin)
			return strcmp(c->mpp[i]->function, function) ? NULL : c->mpp[i];
	p = arena_alloc(c->a, sizeof(*p));
	p->pin = pin;
	p->function = function;
	p->v = v;
	p->call = call;
	arena_push(c->a, (void ***)&c->mpp, &c->nmpp, p);
	return p;
}

/* Does a cells property name <&label line ...> (one entry per chunk)? */
static bool cells_name_line(const struct dt_prop *p, const char *label, uint32_t line)
{
	for (size_t k = 0; p && k < p->nchunks; k++) {
		const struct dt_chunk *ch = p->chunks[k];

		for (size_t j = 0; ch->kind == CHUNK_CELLS && j + 1 < ch->ncells; j++)
			if (ch->cells[j].kind == CELL_REF && !strcmp(ch->cells[j].text, label) &&
			    ch->cells[j + 1].kind == CELL_U32 && ch->cells[j + 1].val == line)
				return true;
	}
	return false;
}

/* interrupt-parent = <&label>; interrupts = <line ...>: the line is n's interrupt. */
static bool interrupt_on_line(const struct dt_node *n, const char *label, uint32_t line)
{
	const struct dt_prop *parent = dt_prop_find(n, "interrupt-parent");
	const struct dt_prop *irqs = dt_prop_find(n, "interrupts");
	const struct dt_chunk *pc = parent && parent->nchunks ? parent->chunks[0] : NULL;
	const struct dt_chunk *ic = irqs && irqs->nchunks ? irqs->chunks[0] : NULL;

	return pc && ic && pc->kind == CHUNK_CELLS && pc->ncells == 1 &&
	       pc->cells[0].kind == CELL_REF && !strcmp(pc->cells[0].text, label) &&
	       ic->kind == CHUNK_CELLS && ic->ncells && ic->cells[0].kind == CELL_U32 &&
	       ic->cells[0].val == line;
}

/*
 * Does one of n's *gpios properties (or a fixed regulator's gpio, or a
 * singular *-gpio the older bindings still read: pendown-gpio) reference
 * <&label line ...>, or is the line n's interrupt (a GPIO controller is an
 * interrupt controller too: a WLAN chip's IRQ line, a touchscreen's)?
 */
static bool uses_line(const struct dt_node *n, const char *label, uint32_t line)
{
	for (size_t i = 0; i < n->nprops; i++) {
		const struct dt_prop *p = n->props[i];
		size_t len = strlen(p->name);

		if ((len < 5 || strcmp(p->name + len - 5, "gpios")) && strcmp(p->name, "gpio") &&
		    (len < 5 || strcmp(p->name + len - 5, "-gpio")) &&
		    strcmp(p->name, "interrupts-extended"))
			continue;
		if (cells_name_line(p, label, line))
			return true;
	}
	return interrupt_on_line(n, label, line);
}

/*
 * The device node below n (n included) using the line: the nearest one with
 * a compatible; in an overlay (&esdhc1's cd-gpios), the overlay itself.
 */
static struct dt_node *find_user(struct dt_node *n, const char *label, uint32_t line)
{
	if (uses_line(n, label, line)) {
		for (struct dt_node *d = n; d; d = d->parent)
			if (dt_prop_find(d, "compatible") || (!d->parent && d->ref))
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

struct dt_node *conv_line_user(struct conv *c, const char *label, uint32_t line)
{
	struct dt_node *u = find_user(c->t->root, label, line);

	for (size_t i = 0; !u && i < c->t->noverlays; i++)
		u = find_user(c->t->overlays[i], label, line);
	return u;
}

struct dt_node *conv_gpio_user(struct conv *c, long gpio)
{
	struct value v = { .kind = VAL_INT, .ival = gpio };
	struct dt_chunk tmp = { 0 };

	if (gpio < 0 || !conv_gpio_cells(c, &v, &tmp, false) || tmp.ncells < 2 ||
	    tmp.cells[0].kind != CELL_REF)
		return NULL;
	return conv_line_user(c, tmp.cells[0].text, tmp.cells[1].val);	/* overlays too (&mmc1's wp-gpios) */
}

/* The consumer of GPIO n (MPP n), or NULL. */
static struct dt_node *gpio_consumer(struct conv *c, const struct mpp_pin *p)
{
	return is_gpio_function(p->function) ? conv_gpio_user(c, p->pin) : NULL;
}

/*
 * The output's node for the device a PXA MFP macro names ("mmc", "ffuart"):
 * the pack's `pinctrl: devices:` maps the word to a .dtsi label, else the
 * word is the label; only a device the output enables is a consumer.
 */
static struct dt_node *device_consumer(struct conv *c, const char *word)
{
	const struct rnode *map = rn_get(rn_get(c->soc, "pinctrl"), "devices");
	const char *label = NULL;

	for (size_t i = 0; map && map->kind == RN_MAP && i < map->n; i++)
		if (!strcasecmp(map->keys[i], word) && map->items[i]->kind == RN_SCALAR)
			label = map->items[i]->scalar;
	if (!label)
		label = word;
	for (size_t i = 0; i < c->t->noverlays; i++) {
		struct dt_node *n = c->t->overlays[i];
		const struct dt_prop *st = dt_prop_find(n, "status");

		if (strcmp(n->ref, label))
			continue;
		if (st && st->nchunks && st->chunks[0]->kind == CHUNK_STRING &&
		    st->chunks[0]->str && strcmp(st->chunks[0]->str, "okay"))
			return NULL;
		return n;
	}
	return NULL;
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

/*
 * A new pin group node under ctrl named base (made unique), labelled after
 * its name; never a node the .dtsi has (extending it would change the pins
 * the .dtsi gives its own device).
 */
struct dt_node *conv_pin_group_node(struct conv *c, struct dt_node *ctrl, const char *base)
{
	char *name = dts_node_name(base);
	const char *unique = arena_strdup(c->a, name);
	struct dt_node *n;
	char *label;

	for (int k = 2;; k++) {
		label = dts_label(unique);
		if (!dt_child(ctrl, unique, NULL) && label_free(c, label, unique) &&
		    !label_in_tree(c, label) && !(ctrl->ref && conv_dtsi_has_node(c, ctrl->ref, unique)))
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

/* "pmx-<consumer>" or "pmx-<function>"; generic: "<GPIO user>-pins" or "<name>-pins". */
static struct dt_node *group_node(struct conv *c, struct dt_node *ctrl, const struct group *g)
{
	bool fn_suffix = g->consumer && !is_gpio_function(g->function);
	/* an overlay (&sdio's cd-gpios) is named by its label */
	const char *user = !g->consumer ? NULL : g->consumer->ref && !*g->consumer->name
			   ? g->consumer->ref : g->consumer->name;

	/* "<x>-pins", as upstream PXA boards name them; never "-gpio" at the end,
	 * which the gpio-consumer schema takes for a deprecated GPIO property */
	if (g->pins[0]->generic)
		return conv_pin_group_node(c, ctrl, arena_printf(c->a, "%s-pins",
					   user && !strcmp(g->function, "gpio") ? user : g->function));

	return conv_pin_group_node(c, ctrl, arena_printf(c->a, "pmx-%s%s%s",
				   user ? user : g->function,
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

/* "L_DD<0>" -> "l-dd-0": a subnode name for a function. */
static char *function_node_name(const char *f)
{
	char *s = xstrdup(f), *n;

	for (char *q = s; *q; q++)
		if (*q == '_')
			*q = '-';
	n = dts_node_name(s);
	free(s);
	return n;
}

/* pins = "P32", ...; function = "MMCLK"; for the pins of g with function f, on n. */
static void fill_generic_one(struct conv *c, struct dt_node *n, const struct group *g,
			     const char *f)
{
	struct dt_prop *pins = dt_prop_set(c->t, n, "pins");
	struct dt_prop *fn = dt_prop_set(c->t, n, "function");
	const struct mpp_pin *first = NULL;
	struct strbuf origin;

	sb_init(&origin);
	for (size_t i = 0; i < g->npins; i++) {
		if (strcmp(g->pins[i]->function, f))
			continue;
		dt_prop_add_string(c->t, pins, arena_printf(c->a, "P%u", g->pins[i]->pin));
		sb_addf(&origin, "%s%s", first ? ", " : "", g->pins[i]->v->spelling ?
			g->pins[i]->v->spelling : "?");
		if (!first)
			first = g->pins[i];
	}
	pins->pos = first->v->pos;
	pins->origin = arena_strdup(c->a, origin.buf);
	dt_prop_add_string(c->t, fn, f);
	fn->pos = first->call->pos;
	fn->origin = first->call->spelling;
	n->pos = first->v->pos;
	sb_free(&origin);
}

/* The generic binding: pins/function on the group, or one subnode per function. */
static void fill_generic(struct conv *c, struct dt_node *n, const struct group *g)
{
	const char **fs = NULL;
	size_t nf = 0;

	for (size_t i = 0; i < g->npins; i++) {
		size_t k = 0;

		while (k < nf && strcmp(fs[k], g->pins[i]->function))
			k++;
		if (k == nf)
			arena_push(c->a, (void ***)&fs, &nf, (void *)g->pins[i]->function);
	}
	n->pos = g->pins[0]->call->pos;
	if (nf == 1) {
		fill_generic_one(c, n, g, fs[0]);
		n->pos = g->pins[0]->call->pos;
		return;
	}
	for (size_t k = 0; k < nf; k++) {
		char *base = function_node_name(fs[k]);
		const char *name = arena_strdup(c->a, base);

		for (int j = 2; dt_child(n, name, NULL); j++)
			name = arena_printf(c->a, "%s-%d", base, j);
		free(base);
		fill_generic_one(c, dt_node_add(c->t, n, name, NULL), g, fs[k]);
	}
}

/* Append <&label> to n's pinctrl-0 (pinctrl-names = "default"). */
void conv_attach_pins(struct conv *c, struct dt_node *n, const char *label,
		      const struct srcpos *pos, const char *origin)
{
	struct dt_prop *p = dt_prop_find(n, "pinctrl-0");
	struct dt_chunk *ch;

	if (!p) {
		char *had[8];
		size_t nhad = n->ref && c->opt->dtsi ? soc_dtsi_pinctrl0(c->opt->dtsi, n->ref, had, 8) : 0;

		p = dt_prop_set(c->t, n, "pinctrl-0");
		dt_prop_add_cells(c->t, p);
		p->pos = *pos;
		p->origin = nhad ? arena_printf(c->a, "%s (after the .dtsi's own groups)", origin)
			    : origin;
		dt_prop_add_string(c->t, dt_prop_set(c->t, n, "pinctrl-names"), "default");
		dt_prop_find(n, "pinctrl-names")->pos = *pos;
		/* an overlay replaces the .dtsi's pinctrl-0: its groups stay first */
		for (size_t i = 0; i < nhad; i++) {
			dt_chunk_add_ref(c->t, p->chunks[0], had[i]);
			free(had[i]);
		}
	}
	ch = p->chunks[p->nchunks - 1];
	for (size_t i = 0; i < ch->ncells; i++)
		if (ch->cells[i].kind == CELL_REF && str_eq(ch->cells[i].text, label))
			return;	/* the .dtsi's own group, already selected */
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
	const char **hogs = NULL;	/* .dtsi groups to attach, the pin and device of each */
	struct mpp_pin **hog_pins = NULL;
	struct dt_node **hog_devs = NULL;
	size_t ng = 0, nhogs = 0, nhog_pins = 0, nhog_devs = 0;
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
		struct dt_node *user = gpio_consumer(c, p);
		const char *key = p->function;
		struct group *g;
		bool attached, override;
		struct dt_node *dev;
		const char *dg = user ? NULL : conv_dtsi_pin_group(c, label, p, &attached, &dev, &override);

		if (dg && override)	/* the board routes the function elsewhere */
			conv_dtsi_override_pin(c, dg, p);
		if (dg) {	/* the .dtsi's group: its device has it, or &pinctrl hogs it */
			size_t k = 0;

			while (k < nhogs && strcmp(hogs[k], dg))
				k++;
			if (!attached && k == nhogs) {
				arena_push(c->a, (void ***)&hogs, &nhogs, (void *)dg);
				arena_push(c->a, (void ***)&hog_pins, &nhog_pins, p);
				arena_push(c->a, (void ***)&hog_devs, &nhog_devs, dev);
			}
			continue;
		}
		if (p->generic) {
			key = is_gpio_function(p->function) ? "gpio" : p->device ? p->device :
			      p->function;
			if (!user && p->device)
				user = device_consumer(c, p->device);
		}
		g = group_for(c, &gs, &ng, user, key);
		arena_push(c->a, (void ***)&g->pins, &g->npins, p);
	}
	ctrl = dt_overlay(c->t, label);
	for (size_t i = 0; i < nhogs; i++)
		conv_attach_pins(c, hog_devs[i] ? hog_devs[i] : ctrl, hogs[i], &hog_pins[i]->call->pos,
				 hog_pins[i]->call->spelling);
	for (size_t i = 0; i < ng; i++) {
		struct dt_node *n = group_node(c, ctrl, &gs[i]);

		if (gs[i].pins[0]->generic)
			fill_generic(c, n, &gs[i]);
		else
			fill_group(c, n, &gs[i]);
		conv_attach_pins(c, gs[i].consumer ? gs[i].consumer : ctrl, n->label, &gs[i].pins[0]->call->pos,
		       gs[i].pins[0]->call->spelling);
	}
	free(gs);
}
