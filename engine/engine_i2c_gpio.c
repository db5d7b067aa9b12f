// SPDX-License-Identifier: GPL-2.0
/*
 * An I2C bus the board makes itself: a platform device "i2c-gpio" with
 * .id = N is Linux's I2C adapter N, so i2c_register_board_info(N, ...)
 * devices sit under its node, not on the SoC controller the pack numbers
 * bus N (2.6.x-4.x NAS and handheld boards: nslu2-setup.c's RTC). The
 * registrations come in source order: a bus filled before its i2c-gpio
 * device is registered is moved here afterwards.
 */
#include "engine_int.h"

#include <string.h>

#include "../common/util.h"

struct i2c_pending {
	long long busno;
	struct dt_node *bus;	/* the overlay the devices went to */
	bool created;		/* that overlay was made by the registration */
};

struct dt_node *conv_i2c_gpio_bus(struct conv *c, long long busno)
{
	return conv_dev_node(c, arena_printf(c->a, "i2c-gpio.%lld", busno));
}

void conv_i2c_note_bus(struct conv *c, long long busno, struct dt_node *bus, bool created)
{
	struct i2c_pending *p = arena_alloc(c->a, sizeof(*p));

	p->busno = busno;
	p->bus = bus;
	p->created = created;
	arena_push(c->a, (void ***)&c->i2c_buses, &c->ni2c_buses, p);
}

/* Facts that became a path under `from` now become it under `to`. */
static void repath_facts(struct conv *c, const char *from, const char *to)
{
	size_t n = strlen(from);

	for (size_t i = 0; i < c->t->nfacts; i++) {
		struct fact *f = c->t->facts[i];

		if (f->became && !strncmp(f->became, from, n) && f->became[n] == '/')
			f->became = arena_printf(c->a, "%s%s", to, f->became + n);
	}
}

static void drop_overlay(struct dt_tree *t, const struct dt_node *o)
{
	size_t kept = 0;

	for (size_t i = 0; i < t->noverlays; i++)
		if (t->overlays[i] != o)
			t->overlays[kept++] = t->overlays[i];
	t->noverlays = kept;
}

void conv_i2c_gpio_pass(struct conv *c)
{
	for (size_t i = 0; i < c->ni2c_buses; i++) {
		struct i2c_pending *p = c->i2c_buses[i];
		struct dt_node *g = conv_i2c_gpio_bus(c, p->busno);
		const char *from, *to;

		if (!g || g == p->bus || !p->bus->nchildren)
			continue;
		from = dt_node_path(c->t, p->bus);
		to = dt_node_path(c->t, g);
		for (size_t k = 0; k < p->bus->nchildren; k++) {
			p->bus->children[k]->parent = g;
			arena_push(c->a, (void ***)&g->children, &g->nchildren,
				   p->bus->children[k]);
		}
		p->bus->nchildren = 0;
		repath_facts(c, from, to);
		if (p->created)
			drop_overlay(c->t, p->bus);
	}
}
