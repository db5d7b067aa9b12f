// SPDX-License-Identifier: GPL-2.0
/*
 * Which properties hold phandle + specifier lists, and how to split them:
 * the provider's #gpio-cells / #clock-cells / ... says how many argument
 * cells follow each phandle; `interrupts` uses the interrupt parent's
 * #interrupt-cells.
 */
#include "review.h"

#include <stdlib.h>
#include <string.h>

struct kind_rule {
	const char *name;	/* exact name, or suffix when it starts with '-' */
	enum rv_kind kind;
	const char *cells;	/* the provider's #...-cells, or "=N": N cells always */
};

static const struct kind_rule kind_rules[] = {
	{ "gpios", RV_SPECS, "#gpio-cells" },
	{ "gpio", RV_SPECS, "#gpio-cells" },
	{ "-gpios", RV_SPECS, "#gpio-cells" },
	{ "-gpio", RV_SPECS, "#gpio-cells" },
	{ "interrupts-extended", RV_SPECS, "#interrupt-cells" },
	{ "interrupts", RV_IRQS, "#interrupt-cells" },
	{ "clocks", RV_SPECS, "#clock-cells" },
	{ "assigned-clocks", RV_SPECS, "#clock-cells" },
	{ "assigned-clock-parents", RV_SPECS, "#clock-cells" },
	{ "pwms", RV_SPECS, "#pwm-cells" },
	{ "gpio-ranges", RV_SPECS, "=3" },	/* <&pinctrl gpio-base pin-base count> */
	{ "dmas", RV_SPECS, "#dma-cells" },
	{ "resets", RV_SPECS, "#reset-cells" },
	{ "phys", RV_SPECS, "#phy-cells" },
	{ "power-domains", RV_SPECS, "#power-domain-cells" },
	{ "io-channels", RV_SPECS, "#io-channel-cells" },
	{ "mboxes", RV_SPECS, "#mbox-cells" },
	{ "sound-dai", RV_SPECS, "#sound-dai-cells" },
	{ "iommus", RV_SPECS, "#iommu-cells" },
	{ "thermal-sensors", RV_SPECS, "#thermal-sensor-cells" },
	{ "cooling-device", RV_SPECS, "#cooling-cells" },
	{ "nvmem-cells", RV_PHANDLES, NULL },
	{ "trip", RV_PHANDLES, NULL },
	{ "cpu-idle-states", RV_PHANDLES, NULL },
	{ "clock-output-parent", RV_PHANDLES, NULL },
	{ "ti,hwmods-phandle", RV_PHANDLES, NULL },
	{ "interrupt-parent", RV_PHANDLES, NULL },
	{ "-supply", RV_PHANDLES, NULL },
	{ "phy-handle", RV_PHANDLES, NULL },
	{ "remote-endpoint", RV_PHANDLES, NULL },
	{ "memory-region", RV_PHANDLES, NULL },
	{ "ddc-i2c-bus", RV_PHANDLES, NULL },
	{ "next-level-cache", RV_PHANDLES, NULL },
	{ "operating-points-v2", RV_PHANDLES, NULL },
};

/* Names that look like GPIO lists but hold counts. */
static bool gpio_count_name(const char *name)
{
	size_t n = strlen(name);

	return (n >= 8 && !strcmp(name + n - 8, "nr-gpios")) ||
	       (n >= 9 && !strcmp(name + n - 9, "num-gpios")) || strchr(name, '#');
}

static bool is_pinctrl_n(const char *name)
{
	const char *d = name + 8;

	if (!str_starts(name, "pinctrl-") || !*d)
		return false;
	return strspn(d, "0123456789") == strlen(d);
}

static bool rule_matches(const struct kind_rule *r, const char *name)
{
	size_t n = strlen(name), k = strlen(r->name);

	if (r->name[0] != '-')
		return !strcmp(name, r->name);
	return n > k && !strcmp(name + n - k, r->name);
}

struct rv_kindinfo rv_prop_kind(const char *name)
{
	if (is_pinctrl_n(name))
		return (struct rv_kindinfo){ RV_PHANDLES, NULL };
	if (gpio_count_name(name))
		return (struct rv_kindinfo){ RV_PLAIN, NULL };
	for (size_t i = 0; i < sizeof(kind_rules) / sizeof(kind_rules[0]); i++)
		if (rule_matches(&kind_rules[i], name))
			return (struct rv_kindinfo){ kind_rules[i].kind, kind_rules[i].cells };
	return (struct rv_kindinfo){ RV_PLAIN, NULL };
}

int rv_next_spec(const struct rv_tree *t, const struct rv_prop *p, const char *cells,
		 int *pos, struct rv_spec *s)
{
	int n = rv_ncells(p);
	uint32_t want;

	memset(s, 0, sizeof(*s));
	s->pos = *pos;
	s->phandle = rv_cell(p, *pos);
	(*pos)++;
	if (!s->phandle)
		return RV_SPEC_OK;	/* a hole, as in cs-gpios = <&a 1 0>, <0> */
	s->prov = rv_by_phandle(t, s->phandle);
	if (!s->prov)
		return RV_SPEC_NOPROV;
	if (cells[0] == '=')
		want = (uint32_t)strtoul(cells + 1, NULL, 10);
	else if (!rv_prop_u32(s->prov, cells, &want))
		return RV_SPEC_NOCELLS;
	if (want > 16 || (int)want > n - *pos) {
		s->nargs = n - *pos;
		*pos = n;
		return RV_SPEC_SHORT;
	}
	s->nargs = (int)want;
	for (int i = 0; i < s->nargs; i++)
		s->args[i] = rv_cell(p, (*pos)++);
	return RV_SPEC_OK;
}

/* Like the kernel's of_irq_find_parent(). */
const struct rv_node *rv_irq_parent(const struct rv_tree *t, const struct rv_node *n)
{
	const struct rv_node *p = n;
	uint32_t ph;

	for (int depth = 0; p && depth < 64; depth++) {
		if (rv_prop_u32(p, "interrupt-parent", &ph))
			p = rv_by_phandle(t, ph);
		else
			p = p->parent;
		if (p && rv_prop(p, "#interrupt-cells"))
			return p;
	}
	return NULL;
}
