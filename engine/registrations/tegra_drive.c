// SPDX-License-Identifier: GPL-2.0
/*
 * `register: tegra_drive`: tegra_drive_pinmux_config_table(config, len) of
 * Tegra 2 board files (2.6.37 - 3.x): struct tegra_drive_pingroup_config
 * entries (the boards' DEFAULT_DRIVE(SDIO1): .pingroup =
 * TEGRA_DRIVE_PINGROUP_SDIO1, .hsm, .schmitt, .drive, .pull_down, .pull_up,
 * .slew_rising, .slew_falling) set a drive-strength group. Each becomes its
 * group in the pin controller's default state, as upstream
 * tegra20-seaboard.dts writes it:
 *
 *	drive_sdio1 { nvidia,pins = "drive_sdio1";
 *		nvidia,high-speed-mode = <TEGRA_PIN_DISABLE>; nvidia,schmitt = <TEGRA_PIN_ENABLE>;
 *		nvidia,low-power-mode = <TEGRA_PIN_LP_DRIVE_DIV_1>;
 *		nvidia,pull-down-strength = <31>; nvidia,pull-up-strength = <31>;
 *		nvidia,slew-rate-rising = <TEGRA_PIN_SLEW_RATE_SLOWEST>; ... };
 *
 * The group must be one of the driver's DRV_PG groups ("drive_" + name);
 * a value of another spelling is a TODO naming the field.
 */
#include "registrations.h"

#include <stdlib.h>
#include <string.h>

#include "../../common/util.h"
#include "../../kernel/soc_dtsi.h"

/* A field: its C prefix, the property, the dt-bindings names by value (NULL: a number). */
static const struct drive_field {
	const char *field, *prefix, *prop;
	const char *const names[4];
	const char *const dt[4];
} fields[] = {
	{ "hsm", "TEGRA_HSM_", "nvidia,high-speed-mode", { "disable", "enable" },
	  { "TEGRA_PIN_DISABLE", "TEGRA_PIN_ENABLE" } },
	{ "schmitt", "TEGRA_SCHMITT_", "nvidia,schmitt", { "disable", "enable" },
	  { "TEGRA_PIN_DISABLE", "TEGRA_PIN_ENABLE" } },
	{ "drive", "TEGRA_DRIVE_", "nvidia,low-power-mode", { "div_8", "div_4", "div_2", "div_1" },
	  { "TEGRA_PIN_LP_DRIVE_DIV_8", "TEGRA_PIN_LP_DRIVE_DIV_4", "TEGRA_PIN_LP_DRIVE_DIV_2",
	    "TEGRA_PIN_LP_DRIVE_DIV_1" } },
	{ "pull_down", "TEGRA_PULL_", "nvidia,pull-down-strength", { NULL }, { NULL } },
	{ "pull_up", "TEGRA_PULL_", "nvidia,pull-up-strength", { NULL }, { NULL } },
	{ "slew_rising", "TEGRA_SLEW_", "nvidia,slew-rate-rising",
	  { "fastest", "fast", "slow", "slowest" },
	  { "TEGRA_PIN_SLEW_RATE_FASTEST", "TEGRA_PIN_SLEW_RATE_FAST", "TEGRA_PIN_SLEW_RATE_SLOW",
	    "TEGRA_PIN_SLEW_RATE_SLOWEST" } },
	{ "slew_falling", "TEGRA_SLEW_", "nvidia,slew-rate-falling",
	  { "fastest", "fast", "slow", "slowest" },
	  { "TEGRA_PIN_SLEW_RATE_FASTEST", "TEGRA_PIN_SLEW_RATE_FAST", "TEGRA_PIN_SLEW_RATE_SLOW",
	    "TEGRA_PIN_SLEW_RATE_SLOWEST" } },
};

#define NFIELDS (sizeof(fields) / sizeof(fields[0]))

/* One field's property on n; false (with *why) when its value is of no known spelling. */
static bool field_prop(struct conv *c, struct dt_node *n, const struct value *e,
		       const struct drive_field *f, const char **why)
{
	const struct value *v = value_field(e, f->field);
	const char *name = tegra_lower_after(c, v, f->prefix);
	struct dt_prop *p;
	char *end;
	long num;

	if (!v)
		return true;	/* not set: the driver leaves the register alone */
	p = dt_prop_set(c->t, n, f->prop);
	p->pos = v->pos;
	p->origin = v->spelling;
	if (!f->names[0]) {	/* TEGRA_PULL_31: the strength itself */
		num = name ? strtol(name, &end, 10) : -1;
		if (name && !*end && num >= 0 && num < 32) {
			dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, p), (uint32_t)num);
			return true;
		}
	}
	for (uint32_t k = 0; name && k < 4 && f->names[k]; k++)
		if (!strcmp(name, f->names[k])) {
			dt_chunk_add_macro(c->t, dt_prop_add_cells(c->t, p), f->dt[k], k);
			return true;
		}
	dt_prop_del(n, f->prop);
	*why = arena_printf(c->a, ".%s = %s: not a %s* value", f->field,
			    v->spelling ? v->spelling : "?", f->prefix);
	return false;
}

/* Is "drive_<name>" a DRV_PG group of the driver (true when it was not read)? */
static bool known_group(const struct tegra_group *g, size_t ng, const char *group)
{
	for (size_t i = 0; i < ng; i++)
		if (g[i].drive && !strcmp(g[i].name, group))
			return true;
	return !g;
}

static int one_drive(struct conv *c, const struct variable *arr, const struct value *e,
		     const struct tegra_group *groups, size_t ng, struct dt_node **st,
		     const char *label, const struct call *call)
{
	const char *pg = tegra_lower_after(c, tegra_entry_field(e, 0, "pingroup"),
					   "TEGRA_DRIVE_PINGROUP_");
	const char *group = pg ? arena_printf(c->a, "drive_%s", pg) : NULL, *why = NULL;
	struct dt_node *n;

	if (e->kind != VAL_LIST || !e->nkids)
		return 0;	/* a terminator */
	if (!group) {
		tegra_entry_fact(c, arr, e, NULL, "not a {.pingroup = TEGRA_DRIVE_PINGROUP_x, ...} "
				 "entry: write its drive group by hand");
		return 0;
	}
	if (!known_group(groups, ng, group)) {
		tegra_entry_fact(c, arr, e, NULL, arena_printf(c->a, "the target's pin controller has "
							  "no drive group %s", group));
		return 0;
	}
	if (!(n = tegra_group_node(c, arr, e, st, label, call, group)))
		return 0;
	for (size_t i = 0; i < NFIELDS; i++)
		if (!field_prop(c, n, e, &fields[i], &why))
			dt_node_add_todo(c->t, n, &e->pos, fields[i].field, why);
	tegra_entry_fact(c, arr, e, dt_node_path(c->t, n), NULL);
	return 1;
}

bool reg_tegra_drive(struct reg_ctx *r)
{
	return tegra_table(r, one_drive, "drive table not known at build time: write its drive_* "
			   "groups by hand", "drive groups");
}
