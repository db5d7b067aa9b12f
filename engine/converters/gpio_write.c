// SPDX-License-Identifier: GPL-2.0
/*
 * `as: gpio_write`: a board callback whose whole body drives one GPIO
 * (omap_dss_device.platform_enable = igep2_enable_dvi, whose body is
 * `gpio_direction_output(IGEP2_GPIO_DVI_PUP, 1);`) is that line. The
 * property is active as the callback drives it, or with `invert: true`
 * (a power-down line an enable callback releases) active at the other
 * level: writing 1 there is GPIO_ACTIVE_LOW. `writes:` lists the write
 * functions, their line and value the first two arguments (default
 * gpio_set_value, gpio_set_value_cansleep, gpio_direction_output,
 * __gpio_set_value). A callback that does anything else, or drives its
 * line at a level not known at build time, is the rule's `todo:`.
 */
#include "converters.h"

#include "../../common/util.h"

static const char *const default_writes[] = {
	"gpio_set_value", "gpio_set_value_cansleep", "gpio_direction_output", "__gpio_set_value",
};

static bool is_write(const struct rnode *rule, const char *callee)
{
	return rule_lists(rule, "writes", default_writes, sizeof(default_writes) / sizeof(default_writes[0]), callee);
}

/* The one line fn drives and the level it drives it to; false when fn does more. */
static bool one_write(const struct rnode *rule, const struct function *fn,
		      const struct value **line, long long *level)
{
	*line = NULL;
	*level = 0;
	for (size_t i = 0; i < fn->ncalls; i++) {
		const struct call *k = fn->calls[i];

		if (!is_write(rule, k->callee) || k->nargs < 2 || k->nguards ||
		    k->args[0]->kind != VAL_INT || k->args[1]->kind != VAL_INT)
			return false;
		if (*line && ((*line)->ival != k->args[0]->ival || *level != !!k->args[1]->ival))
			return false;
		*line = k->args[0];
		*level = !!k->args[1]->ival;
	}
	return *line && !fn->nstores;
}

struct dt_prop *cv_gpio_write(struct prop_ctx *pc)
{
	const struct function *fn = pc->v->kind == VAL_FUNC
		? board_find_func(pc->c->b, pc->v->text) : NULL;
	bool invert = str_eq(rn_str(pc->rule, "invert"), "true");
	const struct value *line;
	long long level;
	struct dt_prop *p;

	pc->reason = rn_str(pc->rule, "todo") ? rn_str(pc->rule, "todo")
		: "a board callback that does more than drive one GPIO: its property by hand";
	if (!fn || !one_write(pc->rule, fn, &line, &level))
		return NULL;
	p = new_prop(pc);
	if (conv_gpio_cells(pc->c, line, dt_prop_add_cells(pc->c->t, p), invert ? level : !level)) {
		pc->reason = NULL;
		return p;
	}
	dt_prop_del(pc->node, rn_str(pc->rule, "prop"));
	pc->reason = arena_printf(pc->c->a, "GPIO %lld driven by %s(): no controller provides it",
				  line->ival, fn->name);
	return NULL;
}
