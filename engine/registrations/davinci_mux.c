// SPDX-License-Identifier: GPL-2.0
/*
 * `register: davinci_mux`: davinci_cfg_reg(DA850_GPIO2_6) and
 * davinci_cfg_reg_list(pins), pins a -1-terminated array of the SoC's
 * mux enumerators. Each enumerator's register, field and mode come from the
 * MUX_CFG table of the board's own kernel (kernel/mux_cfg.c, the pack's
 * `pinctrl: mux_table:`); the pins are kept per call and become
 * pinctrl-single groups in the pass (engine/engine_pinmux_single.c).
 */
#include "registrations.h"

#include <ctype.h>
#include <string.h>

#include "../../common/util.h"
#include "../../kernel/mux_cfg.h"

/* Add the pin named name (an enumerator) to g; false with *why when it cannot be. */
static bool add(struct conv *c, struct mux_group *g, const char *name, const char **why)
{
	struct mux_cfg cfg;
	struct mux_cfg *copy;

	if (!name || !mux_cfg_find(c->opt->mux, name, &cfg)) {
		*why = arena_printf(c->a, "%s is not in %s's MUX_CFG table", name ? name : "the pin",
				    mux_cfg_file(c->opt->mux));
		return false;
	}
	copy = arena_alloc(c->a, sizeof(*copy));
	*copy = cfg;
	arena_push(c->a, (void ***)&g->cfgs, &g->n, copy);
	return true;
}

/*
 * The name of the list arg passes: `&list` or an array the model declared,
 * or (tolerant mode, its header missing) an identifier clang did not know.
 */
static const char *list_name(const struct value *arg)
{
	const char *s = arg ? arg->spelling : NULL;

	if (arg && arg->kind == VAL_ADDR)
		return arg->text;
	if (!arg || arg->kind != VAL_UNKNOWN || !s || !*s || isdigit((unsigned char)*s))
		return NULL;
	for (const char *p = s; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '_')
			return NULL;
	return s;
}

/*
 * A list the pack's `pinctrl: lists:` keeps for the SoC file of the board's
 * era, which the target's no longer defines (6.12's da850.c lost
 * da850_i2c0_pins): its pin names (arena), *n of them, or NULL.
 */
static const char *const *pack_list(struct conv *c, const char *name, size_t *n)
{
	const struct rnode *l = name ? rn_get(rn_get(rn_get(c->soc, "pinctrl"), "lists"), name) : NULL;
	const char **pins;

	if (!l || l->kind != RN_SEQ || !l->n)
		return NULL;
	pins = arena_alloc(c->a, l->n * sizeof(*pins));
	for (*n = 0; *n < l->n; ++*n)
		pins[*n] = l->items[*n]->scalar;
	return pins;
}

/* A list the SoC file defines (da850_i2c0_pins), passed by name. */
static bool soc_list(struct reg_ctx *r, const struct value *arg)
{
	struct conv *c = r->c;
	size_t n = 0;
	const char *name = list_name(arg);
	const char *const *pins = name ? mux_cfg_list(c->opt->mux, name, &n) : NULL;
	const char *from = mux_cfg_file(c->opt->mux);
	struct mux_group *g;
	const char *why = NULL;

	if (!pins && (pins = pack_list(c, name, &n)))
		from = arena_printf(c->a, "the pack's pinctrl: lists: (the target's %s lacks it)", from);
	if (!pins) {
		reg_todo(r, arena_printf(c->a, "pin mux list not found in the board file or in %s", from));
		return true;
	}
	g = arena_alloc(c->a, sizeof(*g));
	g->name = name;
	g->call = r->call;
	for (size_t i = 0; i < n; i++)
		if (!add(c, g, pins[i], &why)) {
			reg_todo(r, why);
			return true;
		}
	arena_push(c->a, (void ***)&c->muxg, &c->nmuxg, g);
	reg_converted(r, arena_printf(c->a, "%zu pins of %s (%s) in pinctrl-single groups", n,
				      name, from));
	return true;
}

bool reg_davinci_mux(struct reg_ctx *r)
{
	struct conv *c = r->c;
	const struct value *one = reg_arg(r, "pin");
	const struct variable *list = one ? NULL : conv_deref(c, reg_arg(r, "pins"));
	struct mux_group *g;
	const char *why = NULL;
	struct strbuf bad;

	if (!c->opt->mux) {
		reg_todo(r, c->opt->target_tree ? "pin mux: the kernel tree has no MUX_CFG table for "
			 "this SoC (the pack's pinctrl: mux_table:)"
			 : "pin mux: give --kernel to read the SoC's MUX_CFG table");
		return true;
	}
	if (!one && (!list || !list->init || !list->is_array))
		return soc_list(r, reg_arg(r, "pins"));
	g = arena_alloc(c->a, sizeof(*g));
	g->name = one ? one->spelling : list->name;
	g->call = r->call;
	sb_init(&bad);
	if (one) {
		if (!add(c, g, one->spelling, &why))
			sb_add(&bad, why);
	} else {
		conv_mark_var(c, list->name);
		for (size_t i = 0; i < list->init->nkids; i++) {
			const struct value *e = list->init->kids[i];
			const char *what = arena_printf(c->a, "%s[%zu] = %s", list->name, i,
							e->spelling ? e->spelling : "?");

			if (e->kind == VAL_INT && e->ival < 0)
				break;
			if (add(c, g, e->spelling, &why)) {
				entry_fact(c, what, e, arena_printf(c->a, "pinctrl-single,bits of "
								    "&%s", rn_str(rn_get(c->soc,
								    "pinctrl"), "label")), NULL);
				continue;
			}
			entry_fact(c, what, e, NULL, arena_printf(c->a, "%s: by hand", why));
			sb_addf(&bad, "%s%s", bad.len ? "; " : "", why);
		}
	}
	if (g->n)
		arena_push(c->a, (void ***)&c->muxg, &c->nmuxg, g);
	if (bad.len)
		reg_todo(r, arena_printf(c->a, "pins not in pin groups: %s; write those by hand",
					 bad.buf));
	else
		reg_converted(r, arena_printf(c->a, "%zu pins in pinctrl-single groups", g->n));
	sb_free(&bad);
	return true;
}
