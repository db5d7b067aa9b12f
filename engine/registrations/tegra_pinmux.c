// SPDX-License-Identifier: GPL-2.0
/*
 * `register: tegra_pinmux`: tegra_pinmux_config_table(config, len) of Tegra 2
 * board files (2.6.37 - 3.x): an array of struct tegra_pingroup_config
 * entries {TEGRA_PINGROUP_ATA, TEGRA_MUX_IDE, TEGRA_PUPD_NORMAL,
 * TEGRA_TRI_NORMAL} (pingroup, func, pupd, tristate). Each entry becomes a
 * group of the nvidia,tegra20-pinmux binding in the pin controller's default
 * state, hogged by the controller as the board set them for everyone at
 * boot:
 *
 *	&pinmux { pinctrl-names = "default"; pinctrl-0 = <&state_default>;
 *		state_default: pinmux { ata { nvidia,pins = "ata";
 *			nvidia,function = "ide"; nvidia,pull = <TEGRA_PIN_PULL_NONE>;
 *			nvidia,tristate = <TEGRA_PIN_DISABLE>; }; }; };
 *
 * The names are the enumerators' in lower case, read from their spelling
 * (in tolerant mode the enums are unknown). What C cannot say, whether the
 * target kernel knows the group and offers that function on it, is read
 * from the pin-controller driver the register rule names (`driver:`,
 * MUX_PG(ata, IDE, NAND, GMI, RSVD4, ...) in pinctrl-tegra20.c): an entry
 * whose group or function the driver lacks (2.6's TEGRA_MUX_I2C for what the
 * driver calls i2c1) is a TODO naming the group's functions. Without the
 * driver (no --kernel) the groups are written with a TODO saying the names
 * are unchecked.
 */
#include "registrations.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/util.h"
#include "../../kernel/soc_dtsi.h"

static struct tegra_group *add_group(struct conv *c, struct tegra_group *g, size_t *n,
				     const struct tegra_group *one)
{
	struct tegra_group *grown = arena_alloc(c->a, (*n + 1) * sizeof(*grown));

	if (*n)
		memcpy(grown, g, *n * sizeof(*g));
	grown[(*n)++] = *one;
	return grown;
}

/* PULL_PG(ck32, ...) and DRV_PG(sdio1, ...) lines: groups without functions. */
static struct tegra_group *other_groups(struct conv *c, const char *text, struct tegra_group *g,
					size_t *n)
{
	static const struct { const char *macro, *prefix; bool drive; } kinds[] = {
		{ "PULL_PG(", "", false }, { "DRV_PG(", "drive_", true },
	};

	for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++)
		for (const char *p = text; p && (p = strstr(p, kinds[k].macro)); p++) {
			struct tegra_group one = { .pull_only = !kinds[k].drive, .drive = kinds[k].drive };
			char name[16];

			if (p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))
				continue;	/* #define DRV_PG_EXT( */
			if (sscanf(p + strlen(kinds[k].macro), " %15[a-z0-9_] ,", name) != 1 ||
			    !strcmp(name, "pg_name"))
				continue;	/* the macro's own #define */
			snprintf(one.name, sizeof(one.name), "%s%s", kinds[k].prefix, name);
			g = add_group(c, g, n, &one);
		}
	return g;
}

/* MUX_PG(name, F0, F1, F2, F3, ...) lines of the driver; NULL when unreadable. */
struct tegra_group *tegra_read_groups(struct conv *c, const char *driver, size_t *n)
{
	const char *kdir = c->opt && c->opt->dtsi ? soc_dtsi_kernel_dir(c->opt->dtsi) : NULL;
	struct tegra_group *g = NULL;
	char *path, *text;

	*n = 0;
	if (!kdir || !driver)
		return NULL;
	path = xasprintf("%s/%s", kdir, driver);
	text = read_file(path, NULL);
	free(path);
	for (const char *p = text; p && (p = strstr(p, "MUX_PG(")); p += 7) {
		struct tegra_group one;
		char f[TEGRA_FUNCS][24];

		if (sscanf(p + 7, " %23[a-z0-9_] , %23[A-Z0-9_] , %23[A-Z0-9_] , %23[A-Z0-9_] , %23[A-Z0-9_]",
			   one.name, f[0], f[1], f[2], f[3]) != 5)
			continue;
		one.pull_only = one.drive = false;
		for (int k = 0; k < TEGRA_FUNCS; k++) {
			for (size_t j = 0; j <= strlen(f[k]); j++)
				one.funcs[k][j] = (char)tolower((unsigned char)f[k][j]);
		}
		g = add_group(c, g, n, &one);
	}
	if (text)
		g = other_groups(c, text, g, n);
	free(text);
	return *n ? g : NULL;
}

/* The enumerator's name after prefix, in lower case; NULL if it is not one. */
char *tegra_lower_after(struct conv *c, const struct value *v, const char *prefix)
{
	size_t n = strlen(prefix);
	char *s;

	if (!v || !v->spelling || strncmp(v->spelling, prefix, n) || !v->spelling[n])
		return NULL;
	s = arena_strdup(c->a, v->spelling + n);
	for (char *p = s; *p; p++) {
		if (!isalnum((unsigned char)*p) && *p != '_')
			return NULL;
		*p = (char)tolower((unsigned char)*p);
	}
	return s;
}

const struct value *tegra_entry_field(const struct value *e, size_t i, const char *name)
{
	const struct value *v = value_field(e, name);

	return v ? v : i < e->nkids ? e->kids[i] : NULL;
}

void tegra_entry_fact(struct conv *c, const struct variable *arr, const struct value *e,
			     const char *became, const char *reason)
{
	struct fact *f = entry_fact(c, arena_printf(c->a, "%s[%ld] = {%s, %s, ...}", arr->name, e->index,
					e->nkids > 0 && e->kids[0]->spelling ? e->kids[0]->spelling : "?",
					e->nkids > 1 && e->kids[1]->spelling ? e->kids[1]->spelling : "?"),
				    e, became, reason);

	if (reason)
		dt_node_add_todo(c->t, NULL, &e->pos, f->what, reason);
}

/* The default state under the controller's overlay, made on first use. */
struct dt_node *tegra_default_state(struct conv *c, const char *ctrl_label,
				     const struct srcpos *pos, const char *origin)
{
	struct dt_node *ctrl = dt_overlay(c->t, ctrl_label);
	struct dt_node *st = dt_child(ctrl, "pinmux", NULL);
	struct dt_prop *p;

	if (st)
		return st;
	st = dt_node_add(c->t, ctrl, "pinmux", NULL);
	st->label = "state_default";
	st->pos = *pos;
	p = dt_prop_set(c->t, ctrl, "pinctrl-names");
	dt_prop_add_string(c->t, p, "default");
	p->pos = *pos;
	p->origin = origin;
	p = dt_prop_set(c->t, ctrl, "pinctrl-0");
	dt_chunk_add_ref(c->t, dt_prop_add_cells(c->t, p), st->label);
	p->pos = *pos;
	p->origin = origin;
	return st;
}

static const char *pull_macro(const char *pupd, uint32_t *v)
{
	static const struct { const char *c, *dt; uint32_t v; } map[] = {
		{ "normal", "TEGRA_PIN_PULL_NONE", 0 },
		{ "pull_down", "TEGRA_PIN_PULL_DOWN", 1 },
		{ "pull_up", "TEGRA_PIN_PULL_UP", 2 },
	};

	for (size_t i = 0; pupd && i < sizeof(map) / sizeof(map[0]); i++)
		if (!strcmp(pupd, map[i].c)) {
			*v = map[i].v;
			return map[i].dt;
		}
	return NULL;
}

static const char *tristate_macro(const char *tri, uint32_t *v)
{
	*v = tri && !strcmp(tri, "tristate");
	return !tri ? NULL : !strcmp(tri, "normal") ? "TEGRA_PIN_DISABLE"
			    : !strcmp(tri, "tristate") ? "TEGRA_PIN_ENABLE" : NULL;
}

/*
 * The one function of the group the board's name begins (2.6's TEGRA_MUX_I2C:
 * "i2cp" on group i2cp, "i2c1" on group rm), reserved ones aside; or NULL.
 */
static const char *function_begun(const struct tegra_group *g, const char *func)
{
	const char *one = NULL;

	for (int k = 0; k < TEGRA_FUNCS; k++) {
		if (strncmp(g->funcs[k], func, strlen(func)) || !strncmp(g->funcs[k], "rsvd", 4))
			continue;
		if (one)
			return NULL;
		one = g->funcs[k];
	}
	return one;
}

/*
 * Why the driver cannot take (group, function), or NULL when it can, with
 * *use the function to write (the board's, or the one it begins) and *g the
 * group. TEGRA_MUX_NONE on a PULL_PG group (ck32) sets its pull alone.
 */
static const char *refused(struct conv *c, const struct tegra_group *groups, size_t ng,
			   const char *group, const char *func, const char **use,
			   const struct tegra_group **g)
{
	for (size_t i = 0; i < ng; i++) {
		if (strcmp(groups[i].name, group) || groups[i].drive)
			continue;
		*g = &groups[i];
		*use = func;
		if (groups[i].pull_only)
			return !strcmp(func, "none") ? NULL
				: arena_printf(c->a, "group %s has a pull setting only, no function %s",
					       group, func);
		for (int k = 0; k < TEGRA_FUNCS; k++)
			if (!strcmp(groups[i].funcs[k], func))
				return NULL;
		if ((*use = function_begun(&groups[i], func)))
			return NULL;
		return arena_printf(c->a, "the target's pin controller offers %s, %s, %s or %s on "
				    "group %s, not %s: pick the one the board meant",
				    groups[i].funcs[0], groups[i].funcs[1], groups[i].funcs[2],
				    groups[i].funcs[3], group, func);
	}
	return arena_printf(c->a, "the target's pin controller has no group %s", group);
}

/* A group's property: the string str, or the macro cell; annotated with field k. */
void tegra_group_prop(struct conv *c, struct dt_node *n, const char *name, const struct value *e,
		       size_t k, const char *str, const char *macro, uint32_t v)
{
	struct dt_prop *p = dt_prop_set(c->t, n, name);

	if (str)
		dt_prop_add_string(c->t, p, str);
	else
		dt_chunk_add_macro(c->t, dt_prop_add_cells(c->t, p), macro, v);
	p->pos = e->pos;
	p->origin = k < e->nkids ? e->kids[k]->spelling : NULL;
}

/*
 * Group `group` in the default state *st (made on first use) with its
 * nvidia,pins; NULL, with the entry's TODO, when an earlier entry set it.
 */
struct dt_node *tegra_group_node(struct conv *c, const struct variable *arr, const struct value *e,
				 struct dt_node **st, const char *label, const struct call *call,
				 const char *group)
{
	struct dt_node *n;

	if (!*st)
		*st = tegra_default_state(c, label, &call->pos, call->spelling);
	if (dt_child(*st, group, NULL)) {
		tegra_entry_fact(c, arr, e, NULL, arena_printf(c->a, "group %s is set again: the first "
							  "setting is kept", group));
		return NULL;
	}
	n = dt_node_add(c->t, *st, group, NULL);
	n->pos = e->pos;
	tegra_group_prop(c, n, "nvidia,pins", e, 0, group, NULL, 0);
	return n;
}

/* One table entry: a group in the default state (1), or a TODO (0). */
static int one_entry(struct conv *c, const struct variable *arr, const struct value *e,
		     const struct tegra_group *groups, size_t ng, struct dt_node **st,
		     const char *label, const struct call *call)
{
	const char *group = tegra_lower_after(c, tegra_entry_field(e, 0, "pingroup"), "TEGRA_PINGROUP_");
	const char *func = tegra_lower_after(c, tegra_entry_field(e, 1, "func"), "TEGRA_MUX_");
	const char *pupd = tegra_lower_after(c, tegra_entry_field(e, 2, "pupd"), "TEGRA_PUPD_");
	const char *tri = tegra_lower_after(c, tegra_entry_field(e, 3, "tristate"), "TEGRA_TRI_");
	const char *pm, *tm, *why;
	uint32_t pv = 0, tv = 0;
	struct dt_node *n;

	if (e->kind != VAL_LIST || !e->nkids)
		return 0;	/* a terminator */
	pm = pull_macro(pupd, &pv);
	tm = tristate_macro(tri, &tv);
	if (!group || !func || !pm || !tm) {
		tegra_entry_fact(c, arr, e, NULL, "not a {TEGRA_PINGROUP_x, TEGRA_MUX_x, TEGRA_PUPD_x, "
			   "TEGRA_TRI_x} entry: write its group by hand");
		return 0;
	}
	const struct tegra_group *g = NULL;
	const char *use = func;

	why = groups ? refused(c, groups, ng, group, func, &use, &g) : NULL;
	if (why) {
		tegra_entry_fact(c, arr, e, NULL, why);
		return 0;
	}
	if (!(n = tegra_group_node(c, arr, e, st, label, call, group)))
		return 0;
	if (!g || !g->pull_only) {
		tegra_group_prop(c, n, "nvidia,function", e, 1, use, NULL, 0);
		if (use != func)	/* the function the board's name begins */
			dt_prop_find(n, "nvidia,function")->origin =
				arena_printf(c->a, "%s: the driver's %s on group %s",
					     tegra_entry_field(e, 1, "func")->spelling, use, group);
	}
	tegra_group_prop(c, n, "nvidia,pull", e, 2, NULL, pm, pv);
	if (!g || !g->pull_only)	/* a PULL_PG group has no tristate */
		tegra_group_prop(c, n, "nvidia,tristate", e, 3, NULL, tm, tv);
	if (!groups)
		dt_node_add_todo(c->t, n, &e->pos, group, "group and function names not checked "
				 "(the target's pin-controller driver was not read: --kernel)");
	tegra_entry_fact(c, arr, e, dt_node_path(c->t, n), NULL);
	return 1;
}

/*
 * A Tegra table call (the pin mux table, the drive table): each entry by
 * `entry`, in &<label>'s default state; `unknown` the TODO of a table not
 * known at build time, `kind` what the groups are in the call's fact.
 */
bool tegra_table(struct reg_ctx *r, tegra_entry_fn entry, const char *unknown, const char *kind)
{
	struct conv *c = r->c;
	const struct variable *arr = conv_deref(c, reg_arg(r, "pins"));
	const char *label = rn_str(r->reg, "label") ? rn_str(r->reg, "label") : "pinmux";
	size_t ng = 0, nconv = 0;
	const struct tegra_group *groups;
	struct dt_node *st;

	if (!arr || !arr->init || !arr->init->is_array) {
		reg_todo(r, unknown);
		return true;
	}
	if (c->opt && c->opt->dtsi && !soc_dtsi_has_label(c->opt->dtsi, label)) {
		reg_todo(r, arena_printf(c->a, "the target's SoC .dtsi has no &%s", label));
		return true;
	}
	conv_mark_var(c, arr->name);
	groups = tegra_read_groups(c, rn_str(r->reg, "driver"), &ng);
	dt_add_include(c->t, "<dt-bindings/pinctrl/pinctrl-tegra.h>");
	st = dt_child(dt_overlay(c->t, label), "pinmux", NULL);
	for (size_t i = 0; i < arr->init->nkids; i++)
		nconv += entry(c, arr, arr->init->kids[i], groups, ng, &st, label, r->call);
	if (nconv)
		reg_converted(r, arena_printf(c->a, "&%s state_default (%zu %s)", label, nconv, kind));
	else
		reg_todo(r, "no entry of the table could be written: see their TODOs");
	return true;
}

bool reg_tegra_pinmux(struct reg_ctx *r)
{
	return tegra_table(r, one_entry, "pin mux table not known at build time: write "
			   "nvidia,tegra20-pinmux groups by hand", "groups");
}
