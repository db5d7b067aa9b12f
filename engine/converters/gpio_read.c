// SPDX-License-Identifier: GPL-2.0
/*
 * `as: gpio_read`: a board callback that only reads one GPIO
 * (ads7846_platform_data.get_pendown_state = ads7846_get_pendown_state, whose
 * body is `return !gpio_get_value(OMAP3_EVM_TS_GPIO);`) is that GPIO: the
 * callback is true when the line is active, so `!read(N)` is N active low
 * and `read(N)` N active high. `reads:` lists the read functions (default
 * gpio_get_value, gpio_get_value_cansleep, __gpio_get_value and AT91's
 * at91_get_gpio_value). A callback of another shape is a TODO with `todo:`.
 */
#include "converters.h"

#include "../../common/util.h"

static const char *const default_reads[] = {
	"gpio_get_value", "gpio_get_value_cansleep", "__gpio_get_value", "at91_get_gpio_value",
};

static bool is_read(const struct rnode *rule, const char *callee)
{
	return rule_lists(rule, "reads", default_reads, sizeof(default_reads) / sizeof(default_reads[0]), callee);
}

/* The GPIO number value that e reads, *low when it is negated; else NULL. */
static const struct value *read_of(const struct rnode *rule, const struct value *e, bool *low)
{
	*low = false;
	while (e && e->kind == VAL_EXPR && str_eq(e->text, "!") && e->nkids == 1) {
		*low = !*low;
		e = e->kids[0];
	}
	if (!e || e->kind != VAL_UNKNOWN || !e->text || e->nkids != 1 || !is_read(rule, e->text))
		return NULL;
	return e->kids[0];
}

struct dt_prop *cv_gpio_read(struct prop_ctx *pc)
{
	const struct function *fn = pc->v->kind == VAL_FUNC
		? board_find_func(pc->c->b, pc->v->text) : NULL;
	const struct value *line;
	struct dt_prop *p;
	bool low;

	pc->reason = rn_str(pc->rule, "todo") ? rn_str(pc->rule, "todo")
		: "a board callback that does more than read one GPIO: its property by hand";
	if (!fn || !(line = read_of(pc->rule, fn->returns, &low)) || line->kind != VAL_INT)
		return NULL;
	p = new_prop(pc);
	if (conv_gpio_cells(pc->c, line, dt_prop_add_cells(pc->c->t, p), low)) {
		pc->reason = NULL;
		p->origin = arena_printf(pc->c->a, "%s(): return %s", fn->name,
					 fn->returns->spelling ? fn->returns->spelling : "?");
		return p;
	}
	dt_prop_del(pc->node, rn_str(pc->rule, "prop"));
	pc->reason = arena_printf(pc->c->a, "GPIO %lld read by %s(): no controller provides it",
				  line->ival, fn->name);
	return NULL;
}
