// SPDX-License-Identifier: GPL-2.0
/*
 * AT91 pins a .dtsi group of an enabled device already sets. 3.x
 * board-foxg20.c calls at91_set_A_periph(AT91_PIN_PB14, 1), a pull-up on
 * the debug UART's receive pin; at91sam9260.dtsi's pinctrl_dbgu sets PB14
 * to peripheral A with that pull-up, and &dbgu, which the board enables,
 * takes the group. A hog of the pin by &pinctrl would claim it a second
 * time, and the pinctrl core would refuse &dbgu's: the console would not
 * probe. So such a pin is not hogged; its call's fact says which group
 * sets it, or, when the board's configuration differs from the group's,
 * a TODO asks to override the group by hand.
 */
#include "engine_int.h"

#include <libfdt.h>
#include <string.h>

#include "../common/util.h"
#include "../kernel/soc_dtsi.h"

/* Does the output enable &label (an overlay with status = "okay")? */
static bool enabled_in_output(const struct conv *c, const char *label)
{
	for (size_t i = 0; label && i < c->t->noverlays; i++) {
		const struct dt_node *o = c->t->overlays[i];
		const struct dt_prop *st = str_eq(o->ref, label) ? dt_prop_find(o, "status") : NULL;

		if (st && st->nchunks && st->chunks[0]->kind == CHUNK_STRING &&
		    str_eq(st->chunks[0]->str, "okay"))
			return true;
	}
	return false;
}

/* The label of an enabled node whose pinctrl-0 holds phandle ph, or NULL. */
static const char *enabled_user(const struct conv *c, const void *fdt, uint32_t ph)
{
	int off, len;

	for (off = fdt_next_node(fdt, -1, NULL); off >= 0; off = fdt_next_node(fdt, off, NULL)) {
		const fdt32_t *v = fdt_getprop(fdt, off, "pinctrl-0", &len);

		for (int i = 0; v && i < len / 4; i++)
			if (fdt32_to_cpu(v[i]) == ph &&
			    enabled_in_output(c, soc_dtsi_label_of(c->opt->dtsi, off)))
				return soc_dtsi_label_of(c->opt->dtsi, off);
	}
	return NULL;
}

/*
 * A group of the .dtsi that sets p's pin to p's function and that an
 * enabled device takes: true, *group and *user its label and the device's,
 * *conf the group's configuration of the pin.
 */
static bool dtsi_sets(const struct conv *c, const struct omap_pin *p, const char **group,
		      const char **user, uint32_t *conf)
{
	const void *fdt = c->opt && c->opt->dtsi ? soc_dtsi_fdt(c->opt->dtsi) : NULL;
	int off, len;

	for (off = fdt ? fdt_next_node(fdt, -1, NULL) : -1; off >= 0;
	     off = fdt_next_node(fdt, off, NULL)) {
		const fdt32_t *v = fdt_getprop(fdt, off, "atmel,pins", &len);
		uint32_t ph = fdt_get_phandle(fdt, off);

		for (int i = 0; v && ph && i + 3 < len / 4; i += 4)
			if (fdt32_to_cpu(v[i]) * 32 + fdt32_to_cpu(v[i + 1]) == p->addr &&
			    fdt32_to_cpu(v[i + 2]) == p->val &&
			    (*user = enabled_user(c, fdt, ph)) != NULL) {
				*group = soc_dtsi_label_of(c->opt->dtsi, off);
				*conf = fdt32_to_cpu(v[i + 3]);
				return *group != NULL;
			}
	}
	return false;
}

bool conv_at91_pin_taken(struct conv *c, const struct omap_pin *p)
{
	const char *group, *user;
	uint32_t conf;
	const char *was = arena_printf(c->a, "&%s atmel,pins <%s %u ", p->label, p->macro,
				       p->addr % 32);

	if (!p->at91 || !dtsi_sets(c, p, &group, &user, &conf))
		return false;
	for (size_t i = 0; i < c->t->nfacts; i++) {
		struct fact *f = c->t->facts[i];

		if (f->fate != FACT_CONVERTED || !f->became || strncmp(f->became, was, strlen(was)))
			continue;
		if (conf == p->mfp_conf) {
			f->became = arena_printf(c->a, "&%s's &%s (the .dtsi's group) sets %s so",
						 user, group, p->function);
			continue;
		}
		f->fate = FACT_TODO;
		f->reason = arena_printf(c->a, "&%s's &%s (the .dtsi's group) sets %s with other "
					 "options (%s here): override the group by hand", user,
					 group, p->function, at91_conf_text(c, p->mfp_conf));
		f->became = NULL;
		dt_node_add_todo(c->t, NULL, &p->v->pos, p->call->spelling, f->reason);
	}
	return true;
}
