// SPDX-License-Identifier: GPL-2.0
/*
 * The GPIO resolver and the IRQ resolver: a Linux number (or a callback's
 * symbolic base + offset) -> the controller label and cells that provide it.
 *
 * Number spaces come from the SoC pack (`gpio:` banks, `irq:` ranges) and
 * from structs whose rules declare a `gpio_provider` (a twl4030 or pca953x
 * block whose base the board sets itself).
 */
#include "engine_int.h"
#include "../kernel/soc_dtsi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/util.h"

static void add_space(struct conv *c, const char *provider, long long base, long long count,
		      const char *label)
{
	struct gpio_space *s = arena_alloc(c->a, sizeof(*s));

	s->provider = provider;
	s->base = base;
	s->count = count;
	s->label = label;
	arena_push(c->a, (void ***)&c->gpio, &c->ngpio, s);
}

/*
 * `{base, bank_size, banks: [l1, l2]}`: equal banks; `{base, gap, banks:
 * [{label, count}]}`: banks of their own size laid out one after another
 * with `gap` unused numbers between them (S3C64xx leaves one).
 */
/*
 * `cells_macro: {macro: TEGRA_GPIO, ports: TEGRA_GPIO_PORT_, per_port: 8,
 * header: dt-bindings/gpio/tegra-gpio.h}`: the line cell written as the
 * target's dt-bindings macro, TEGRA_GPIO(V, 5) for line 173, as upstream
 * .dts files write it. The port names are read from the header in the
 * target tree (`#define TEGRA_GPIO_PORT_V 21`); without the tree, or for a
 * port the header does not name, the cell stays a number.
 */
static void cells_macro(struct conv *c, struct gpio_space *s, const struct rnode *m)
{
	const char *kdir = c->opt && c->opt->dtsi ? soc_dtsi_kernel_dir(c->opt->dtsi) : NULL;
	const char *prefix = rn_str(m, "ports"), *header = rn_str(m, "header");
	char *path, *text, *p;
	size_t plen = prefix ? strlen(prefix) : 0;

	if (!m || !kdir || !prefix || !header || !rn_str(m, "macro") ||
	    !rn_get_long(m, "per_port", &s->per_port) || s->per_port <= 0)
		return;
	path = xasprintf("%s/include/%s", kdir, header);
	text = read_file(path, NULL);
	free(path);
	for (p = text; p && (p = strstr(p, "#define ")); ) {
		char name[32];
		long long v;
		int n = 0;

		p += 8;
		if (strncmp(p, prefix, plen) || sscanf(p + plen, "%31[A-Za-z0-9_] %lli%n", name, &v, &n) != 2 ||
		    v < 0 || v >= 64)
			continue;
		if ((size_t)v >= s->nports) {
			const char **grown = arena_alloc(c->a, (size_t)(v + 1) * sizeof(*grown));

			if (s->nports)
				memcpy(grown, s->ports, s->nports * sizeof(*grown));
			s->ports = grown;
			s->nports = (size_t)v + 1;
		}
		s->ports[v] = arena_strdup(c->a, name);
	}
	free(text);
	if (s->nports) {
		s->macro = rn_str(m, "macro");
		c->gpio_macro_header = arena_printf(c->a, "<%s>", header);
	}
}

/* The line cell of s: a number, or the space's macro (TEGRA_GPIO(V, 5)). */
void conv_gpio_line_cell(struct conv *c, const struct gpio_space *s, struct dt_chunk *chunk,
			 long long line)
{
	long long port = s->macro ? line / s->per_port : -1;

	if (port < 0 || (size_t)port >= s->nports || !s->ports[port]) {
		dt_chunk_add_u32(c->t, chunk, (uint32_t)line);
		return;
	}
	dt_add_include(c->t, c->gpio_macro_header);
	dt_chunk_add_macro(c->t, chunk, arena_printf(c->a, "%s(%s, %lld)", s->macro, s->ports[port],
						     line % s->per_port), (uint32_t)line);
}

static void add_soc_banks(struct conv *c, const struct rnode *e)
{
	const struct rnode *banks = rn_get(e, "banks");
	long long base = 0, size = 0, gap = 0;

	rn_get_long(e, "base", &base);
	rn_get_long(e, "bank_size", &size);
	rn_get_long(e, "gap", &gap);
	if (!banks) {
		long long count = 0;

		rn_get_long(e, "count", &count);
		add_space(c, NULL, base, count, rn_str(e, "label"));
		cells_macro(c, c->gpio[c->ngpio - 1], rn_get(e, "cells_macro"));
		return;
	}
	for (size_t i = 0; i < banks->n; i++) {
		const struct rnode *b = banks->items[i];
		long long count = size;
		const char *label = b->scalar;

		if (b->kind == RN_MAP) {
			rn_get_long(b, "count", &count);
			label = rn_str(b, "label");
		}
		add_space(c, NULL, base, count, label);
		base += count + gap;
	}
}

/* A struct that sets the base of a GPIO block: the block becomes a provider. */
static void add_struct_provider(struct conv *c, const struct value *init, const struct rnode *gp,
				const char *label, long long count)
{
	const char *name = rn_str(gp, "name");
	const struct value *base = conv_field(c, init, rn_str(gp, "base"));
	long long cnt = count;
	struct gpio_space *s;

	if (!label)
		label = rn_str(gp, "label");
	if (!label)
		return;
	rn_get_long(gp, "count", &cnt);
	add_space(c, name, base && base->kind == VAL_INT ? base->ival : -1, cnt, label);
	s = c->gpio[c->ngpio - 1];
	s->after_tail = rn_str(gp, "label") != NULL;
}

/* The device rule for an i2c/spi device type name. */
/*
 * An expander's label must be known before any GPIO is resolved, so it is
 * fixed here from its board-info entry: "<type>_<addr>", e.g. tca6416_20.
 */
static void add_i2c_providers(struct conv *c, const struct value *list, bool one)
{
	for (size_t i = 0; list && i < (one ? 1 : list->nkids); i++) {
		const struct value *e = one ? list : list->kids[i];
		const struct variable *pd = conv_deref_one(c, conv_field(c, e, "platform_data"));
		const char *type = value_field_str(e, "type");
		const struct rnode *srule = pd ? conv_struct_rule(c, pd->type) : NULL;
		const struct rnode *gp = rn_get(srule, "gpio_provider");
		const struct rnode *drule = conv_device_rule(c, type);
		long long count = 16;

		if (!gp || rn_str(gp, "label"))
			continue;
		rn_get_long(drule, "gpio_count", &count);
		const char *label = conv_label(c, arena_printf(c->a, "%s_%llx", type ? type : "gpio",
							       value_field_int(e, "addr", 0)));

		add_struct_provider(c, pd->init, gp, label, count);
		c->gpio[c->ngpio - 1]->owner = e;
	}
}

void conv_setup_gpio_spaces(struct conv *c)
{
	const struct rnode *gpio = rn_get(c->soc, "gpio");

	for (size_t i = 0; gpio && i < gpio->n; i++)
		add_soc_banks(c, gpio->items[i]);
	for (size_t i = 0; i < c->b->nvars; i++) {
		const struct variable *v = c->b->vars[i];
		const struct rnode *gp = rn_get(conv_struct_rule(c, v->type), "gpio_provider");

		if (v->init && str_eq(v->type, "i2c_board_info"))
			add_i2c_providers(c, v->init, !v->is_array);	/* a table, or one entry */
		if (gp && rn_str(gp, "label") && v->init && !v->is_array)
			add_struct_provider(c, v->init, gp, NULL, 0);
	}
}

static const struct gpio_space *space_for(const struct conv *c, const struct value *v,
					  long long *line)
{
	for (size_t i = 0; i < c->ngpio; i++) {
		const struct gpio_space *s = c->gpio[i];

		if (v->kind == VAL_SYMBOLIC && v->sym_meaning && str_eq(s->provider, v->sym_meaning)) {
			*line = v->ival;
			return s;
		}
		if (v->kind == VAL_INT && s->base >= 0 && v->ival >= s->base &&
		    v->ival < s->base + s->count) {
			*line = v->ival - s->base;
			return s;
		}
	}
	return NULL;
}

bool conv_gpio_cells(struct conv *c, const struct value *v, struct dt_chunk *chunk,
		     bool active_low)
{
	long long line;
	const struct gpio_space *s = v ? space_for(c, v, &line) : NULL;

	if (!s)
		return false;
	dt_chunk_add_ref(c->t, chunk, s->label);
	conv_gpio_line_cell(c, s, chunk, line);
	dt_chunk_add_macro(c->t, chunk, active_low ? "GPIO_ACTIVE_LOW" : "GPIO_ACTIVE_HIGH",
			   active_low ? 1 : 0);
	return true;
}

/* The label an expander's node must carry, if its board-info entry provides GPIOs. */
const char *conv_provider_label(const struct conv *c, const struct value *entry)
{
	for (size_t i = 0; i < c->ngpio; i++)
		if (c->gpio[i]->owner == entry)
			return c->gpio[i]->label;
	return NULL;
}

/* The overlay for a controller label; after the tail includes when one defines it. */
struct dt_node *conv_controller_overlay(struct conv *c, const char *label)
{
	struct dt_node *o = dt_overlay(c->t, label);

	for (size_t i = 0; i < c->ngpio; i++)
		if (c->gpio[i]->after_tail && str_eq(c->gpio[i]->label, label))
			o->after_tail_includes = true;
	return o;
}

/* Append a copy of one cell (a number, a macro or a reference) to ch. */
void conv_add_cell(struct conv *c, struct dt_chunk *ch, const struct dt_cell *cell)
{
	if (cell->kind == CELL_REF)
		dt_chunk_add_ref(c->t, ch, cell->text);
	else if (cell->kind == CELL_MACRO)
		dt_chunk_add_macro(c->t, ch, cell->text, cell->val);
	else
		dt_chunk_add_u32(c->t, ch, cell->val);
}

const char *conv_irq_type_macro(unsigned type)
{
	switch (type) {
	case 1: return "IRQ_TYPE_EDGE_RISING";
	case 2: return "IRQ_TYPE_EDGE_FALLING";
	case 3: return "IRQ_TYPE_EDGE_BOTH";
	case 4: return "IRQ_TYPE_LEVEL_HIGH";
	case 8: return "IRQ_TYPE_LEVEL_LOW";
	}
	return "IRQ_TYPE_NONE";
}

static void add_type_cell(struct conv *c, struct dt_chunk *chunk, unsigned type)
{
	dt_chunk_add_macro(c->t, chunk, conv_irq_type_macro(type & 0xf), type & 0xf);
}

/* IRQ n in a range that maps onto GPIO lines: the GPIO controller is the parent. */
static bool gpio_irq_cells(struct conv *c, long long gpio, unsigned type, struct dt_chunk *chunk)
{
	struct value v = { .kind = VAL_INT, .ival = gpio };
	long long line;
	const struct gpio_space *s = space_for(c, &v, &line);

	if (!s)
		return false;
	dt_chunk_add_ref(c->t, chunk, s->label);
	conv_gpio_line_cell(c, s, chunk, line);
	add_type_cell(c, chunk, type);
	return true;
}

/* Is name a call the rules name as mapping a GPIO to its interrupt? */
bool conv_gpio_irq_callee(const struct conv *c, const char *name)
{
	for (size_t i = 0; i < c->rs->ngpio_irq_calls; i++)
		if (str_eq(c->rs->gpio_irq_calls[i]->scalar, name))
			return true;
	return false;
}

/* gpio_to_irq(N) as a value. */
static bool is_gpio_irq_call(const struct conv *c, const struct value *v)
{
	return conv_gpio_irq_callee(c, v->text) && v->kind == VAL_UNKNOWN && v->nkids == 1;
}

/* The trigger type the board sets for IRQ v at run time (irq_set_irq_type()), or 0. */
unsigned conv_irq_board_type(const struct conv *c, const struct value *v)
{
	for (size_t i = 0; v && i < c->nirq_types; i++)
		if ((v->kind == VAL_INT && c->irq_nums[i] == v->ival) ||
		    (c->irq_spellings[i] && str_eq(c->irq_spellings[i], v->spelling)))
			return c->irq_types[i];
	return 0;
}

bool conv_irq_cells(struct conv *c, const struct value *v, unsigned type, struct dt_chunk *chunk)
{
	const struct rnode *irq = rn_get(c->soc, "irq");

	/* A trigger type set at run time by irq_set_irq_type() belongs in the specifier. */
	if (!type)
		type = conv_irq_board_type(c, v);
	if (v && v->text && is_gpio_irq_call(c, v) && v->kids[0]->kind == VAL_INT)
		return gpio_irq_cells(c, v->kids[0]->ival, type, chunk);
	if (!v || v->kind != VAL_INT)
		return false;
	for (size_t i = 0; irq && i < irq->n; i++) {
		const struct rnode *e = irq->items[i];
		long long base = 0, count = 0, offset = 0, cells = 1;

		rn_get_long(e, "base", &base);
		rn_get_long(e, "count", &count);
		rn_get_long(e, "offset", &offset);
		rn_get_long(e, "cells", &cells);
		if (v->ival < base || v->ival >= base + count)
			continue;
		if (str_eq(rn_str(e, "gpio"), "true"))
			return gpio_irq_cells(c, v->ival - base, type, chunk);
		dt_chunk_add_ref(c->t, chunk, rn_str(e, "controller"));
		if (str_eq(rn_str(e, "spi"), "true")) {	/* a GIC: <GIC_SPI n type> */
			dt_add_include(c->t, "<dt-bindings/interrupt-controller/arm-gic.h>");
			dt_chunk_add_macro(c->t, chunk, "GIC_SPI", 0);
			cells = 3;
			/* gic_dist_config() set every SPI level-high at boot: a
			 * type the board never set was that (NONE is no SPI type). */
			if (!type)
				type = 4;	/* IRQ_TYPE_LEVEL_HIGH */
		}
		dt_chunk_add_u32(c->t, chunk, (uint32_t)(v->ival - base + offset));
		if (cells > 1)
			add_type_cell(c, chunk, type);
		return true;
	}
	return false;
}
