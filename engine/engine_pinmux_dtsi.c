// SPDX-License-Identifier: GPL-2.0
/*
 * The pin groups the SoC .dtsi already has. kirkwood.dtsi defines
 * pmx_nand, pmx_spi, pmx_twsi0, pmx_uart0 ... under &pinctrl and gives each
 * to its device (`spi0 { pinctrl-0 = <&pmx_spi>; }`), so an MPP table entry
 * setting one of those pins to that function is either
 *
 *   - already attached, when the output enables the device the .dtsi gives
 *     the group to: writing it again (a new group hogged by &pinctrl) would
 *     claim the pin twice, which the pinctrl core refuses at probe; or
 *   - the .dtsi's group itself, when the table sets every pin of it to that
 *     function but the device is off: the controller hogs it by its label;
 *     a group no .dtsi node uses goes to the enabled device its function
 *     names (pmx_sata0 to &sata, as upstream Orion5x boards write it);
 *
 * and otherwise (the table sets only part of the group) a new group of its
 * own, never the .dtsi's node extended (that would change what the .dtsi's
 * device gets). One exception: the board routes an enabled device's
 * function to other pins than the .dtsi's group (t5325: SPI on mpp1-3 and
 * mpp7, mpp0 is NAND; pmx_spi is mpp0-3). Then the group is overridden
 * with the table's pins of that function (`&pmx_spi { marvell,pins =
 * "mpp1", "mpp2", "mpp3", "mpp7"; }`, as upstream kirkwood-t5325.dts
 * writes), so that no pin is claimed twice and none is left out. Used by
 * the MPP pass (engine/engine_pinmux.c).
 */
#include "engine_int.h"

#include <libfdt.h>
#include <string.h>

#include "../common/util.h"
#include "../kernel/soc_dtsi.h"

/* Does the string list prop (marvell,pins) of node off contain s? */
static bool list_has(const void *fdt, int off, const char *prop, const char *s)
{
	int len;
	const char *v = fdt_getprop(fdt, off, prop, &len);

	for (int i = 0; v && i < len; i += (int)strlen(v + i) + 1)
		if (!strcmp(v + i, s))
			return true;
	return false;
}

/* Does the table set every pin of the group at off to its function? */
static bool table_sets_all(const struct conv *c, const void *fdt, int off, const char *function)
{
	int len;
	const char *v = fdt_getprop(fdt, off, "marvell,pins", &len);

	for (int i = 0; v && i < len; i += (int)strlen(v + i) + 1) {
		bool found = false;

		for (size_t k = 0; k < c->nmpp && !found; k++)
			found = !strcmp(arena_printf(c->a, "mpp%u", c->mpp[k]->pin), v + i) &&
				!strcmp(c->mpp[k]->function, function);
		if (!found)
			return false;
	}
	return v != NULL;
}

/* The labelled node of the .dtsi whose pinctrl-0 holds phandle ph, or NULL. */
static const char *group_user(const struct conv *c, const void *fdt, uint32_t ph)
{
	for (int off = fdt_next_node(fdt, -1, NULL); off >= 0; off = fdt_next_node(fdt, off, NULL)) {
		int len;
		const fdt32_t *v = fdt_getprop(fdt, off, "pinctrl-0", &len);

		for (int i = 0; v && i < len / 4; i++)
			if (fdt32_to_cpu(v[i]) == ph)
				return soc_dtsi_label_of(c->opt->dtsi, off);
	}
	return NULL;
}

/* The output's overlay enabling &label (status "okay"), or NULL. */
static struct dt_node *output_enables(const struct conv *c, const char *label)
{
	for (size_t i = 0; i < c->t->noverlays; i++) {
		struct dt_node *n = c->t->overlays[i];
		const struct dt_prop *st = dt_prop_find(n, "status");

		if (!strcmp(n->ref, label) && st && st->nchunks &&
		    st->chunks[0]->kind == CHUNK_STRING && st->chunks[0]->str &&
		    !strcmp(st->chunks[0]->str, "okay"))
			return n;
	}
	return NULL;
}

/*
 * The enabled device a group no .dtsi node uses belongs to, by its function:
 * "sata0" -> &sata0, else &sata (orion5x-mv88f5182.dtsi's pmx_sata0, which
 * upstream boards give to &sata).
 */
static struct dt_node *function_device(const struct conv *c, const char *function)
{
	struct dt_node *n = output_enables(c, function);
	size_t len = strlen(function);

	while (!n && len && function[len - 1] >= '0' && function[len - 1] <= '9')
		len--;
	if (!n && len && len < strlen(function))
		n = output_enables(c, arena_printf(c->a, "%.*s", (int)len, function));
	return n;
}

/* The table's function of pin name pin ("mpp0"), or NULL: the table leaves it. */
static const char *table_function(const struct conv *c, const char *pin)
{
	for (size_t k = 0; k < c->nmpp; k++)
		if (!strcmp(arena_printf(c->a, "mpp%u", c->mpp[k]->pin), pin))
			return c->mpp[k]->function;
	return NULL;
}

/* Is pin in a group of function fn under ctrl? */
static bool in_function_group(const void *fdt, int ctrl, const char *fn, const char *pin)
{
	int off;

	fdt_for_each_subnode(off, fdt, ctrl) {
		const char *f = fdt_getprop(fdt, off, "marvell,function", NULL);

		if (f && !strcmp(f, fn) && list_has(fdt, off, "marvell,pins", pin))
			return true;
	}
	return false;
}

/*
 * Does the board route the group's function elsewhere: the table sets a
 * pin of it to another function, or sets a pin of no such group to it?
 */
static bool routed_elsewhere(const struct conv *c, const void *fdt, int ctrl, int off,
			     const char *fn)
{
	int len;
	const char *v = fdt_getprop(fdt, off, "marvell,pins", &len);

	for (int i = 0; v && i < len; i += (int)strlen(v + i) + 1) {
		const char *f = table_function(c, v + i);

		if (f && strcmp(f, fn))
			return true;
	}
	for (size_t k = 0; k < c->nmpp; k++)
		if (!c->mpp[k]->generic && !strcmp(c->mpp[k]->function, fn) &&
		    !in_function_group(fdt, ctrl, fn, arena_printf(c->a, "mpp%u", c->mpp[k]->pin)))
			return true;
	return false;
}

/*
 * The .dtsi group of p's function an enabled device gets, which the board
 * routes elsewhere: its label (*device: that device when no .dtsi node
 * names the group), or NULL.
 */
static const char *overridden_group(struct conv *c, const void *fdt, int ctrl,
				    const struct mpp_pin *p, struct dt_node **device)
{
	int off;

	fdt_for_each_subnode(off, fdt, ctrl) {
		const char *fn = fdt_getprop(fdt, off, "marvell,function", NULL);
		const char *label = soc_dtsi_label_of(c->opt->dtsi, off);
		const char *user;

		if (!fn || !label || strcmp(fn, p->function) || !routed_elsewhere(c, fdt, ctrl, off, fn))
			continue;
		user = fdt_get_phandle(fdt, off) ? group_user(c, fdt, fdt_get_phandle(fdt, off)) : NULL;
		if (user ? output_enables(c, user) != NULL : (*device = function_device(c, fn)) != NULL)
			return label;
	}
	return NULL;
}

const char *conv_dtsi_pin_group(struct conv *c, const char *ctrl_label, const struct mpp_pin *p,
				bool *attached, struct dt_node **device, bool *override)
{
	const void *fdt = c->opt->dtsi ? soc_dtsi_fdt(c->opt->dtsi) : NULL;
	const char *path = fdt ? soc_dtsi_label_path(c->opt->dtsi, ctrl_label) : NULL;
	const char *pin = arena_printf(c->a, "mpp%u", p->pin);
	int ctrl = path ? fdt_path_offset(fdt, path) : -1;
	const char *over;
	int off;

	*attached = false;
	*override = false;
	*device = NULL;
	if (ctrl < 0 || p->generic)
		return NULL;
	if ((over = overridden_group(c, fdt, ctrl, p, device))) {
		*override = true;
		*attached = *device == NULL;
		return over;
	}
	fdt_for_each_subnode(off, fdt, ctrl) {
		const char *fn = fdt_getprop(fdt, off, "marvell,function", NULL);
		const char *label = soc_dtsi_label_of(c->opt->dtsi, off);
		const char *user;

		if (!fn || !label || strcmp(fn, p->function) || !list_has(fdt, off, "marvell,pins", pin))
			continue;
		user = fdt_get_phandle(fdt, off) ? group_user(c, fdt, fdt_get_phandle(fdt, off)) : NULL;
		if (user && output_enables(c, user)) {
			*attached = true;
			return label;
		}
		if (table_sets_all(c, fdt, off, fn)) {
			*device = user ? NULL : function_device(c, fn);
			return label;
		}
	}
	return NULL;
}

bool conv_dtsi_has_node(const struct conv *c, const char *ctrl_label, const char *name)
{
	const void *fdt = c->opt->dtsi ? soc_dtsi_fdt(c->opt->dtsi) : NULL;
	const char *path = fdt ? soc_dtsi_label_path(c->opt->dtsi, ctrl_label) : NULL;
	int ctrl = path ? fdt_path_offset(fdt, path) : -1;

	return ctrl >= 0 && fdt_subnode_offset(fdt, ctrl, name) >= 0;
}

/*
 * A group the board routes elsewhere (conv_dtsi_pin_group's *override):
 * the overlay &group's marvell,pins, written once. When the table puts the
 * function on pins outside the group (t5325's mpp7, TS-419's mpp15 for
 * sata0), the table's pins of the function are the group, as upstream
 * writes it; when it only takes pins of the group for other functions,
 * the group keeps the rest (mpp4 and mpp5 of pmx_nand, which the table
 * says nothing of).
 */
void conv_dtsi_override_pin(struct conv *c, const char *group, const struct mpp_pin *p)
{
	const void *fdt = soc_dtsi_fdt(c->opt->dtsi);
	const char *path = soc_dtsi_label_path(c->opt->dtsi, group);
	int off = path ? fdt_path_offset(fdt, path) : -1, len;
	const char *v = off >= 0 ? fdt_getprop(fdt, off, "marvell,pins", &len) : NULL;
	struct dt_node *n = dt_overlay(c->t, group);
	struct dt_prop *pins;
	struct strbuf why;
	bool outside = false;

	if (dt_prop_find(n, "marvell,pins") || !v)
		return;
	for (size_t k = 0; k < c->nmpp; k++)
		outside |= !c->mpp[k]->generic && !strcmp(c->mpp[k]->function, p->function) &&
			   !list_has(fdt, off, "marvell,pins", arena_printf(c->a, "mpp%u", c->mpp[k]->pin));
	pins = dt_prop_set(c->t, n, "marvell,pins");
	sb_init(&why);
	for (int i = 0; i < len; i += (int)strlen(v + i) + 1) {
		const char *f = table_function(c, v + i);

		if (f ? !strcmp(f, p->function) : !outside)
			dt_prop_add_string(c->t, pins, v + i);
		else
			sb_addf(&why, "%s%s is %s", why.len ? ", " : "", v + i, f ? f : "not the board's");
	}
	for (size_t k = 0; k < c->nmpp; k++) {
		const char *pin = arena_printf(c->a, "mpp%u", c->mpp[k]->pin);

		if (!c->mpp[k]->generic && !strcmp(c->mpp[k]->function, p->function) &&
		    !list_has(fdt, off, "marvell,pins", pin)) {
			dt_prop_add_string(c->t, pins, pin);
			sb_addf(&why, "%s%s is %s", why.len ? ", " : "", pin, p->function);
		}
	}
	pins->pos = p->v->pos;
	pins->origin = arena_printf(c->a, "%s: the board routes %s elsewhere than the .dtsi (%s)",
				    p->call->spelling, p->function, why.buf);
	n->pos = p->call->pos;
	sb_free(&why);
}
