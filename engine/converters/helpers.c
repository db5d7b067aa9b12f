// SPDX-License-Identifier: GPL-2.0
/* Helpers several converters share. */
#include "converters.h"

#include <regex.h>
#include <string.h>

#include "../../common/util.h"

struct dt_prop *new_prop(struct prop_ctx *pc)
{
	return dt_prop_set(pc->c->t, pc->node, rn_str(pc->rule, "prop"));
}

bool rule_map_long(const struct prop_ctx *pc, const char *key, long long *out)
{
	const struct rnode *map = rn_get(pc->rule, key);
	long long k;

	for (size_t i = 0; map && i < map->n; i++) {
		struct rnode name = { .kind = RN_SCALAR, .scalar = map->keys[i] };
		bool hit = pc->v->spelling && str_eq(map->keys[i], pc->v->spelling);

		if (!hit && (pc->v->kind != VAL_INT || !rn_long(&name, &k) || k != pc->v->ival))
			continue;
		if (rn_long(map->items[i], out))
			return true;
	}
	return false;
}

bool spelling_matches(const char *spelling, const char *pattern)
{
	regex_t re;
	bool ok;

	if (!spelling || !pattern || regcomp(&re, pattern, REG_EXTENDED | REG_NOSUB))
		return false;
	ok = regexec(&re, spelling, 0, NULL, 0) == 0;
	regfree(&re);
	return ok;
}

/* `active_low: field` or `active_low: "!field"` (a field meaning active high). */
bool is_active_low(struct prop_ctx *pc)
{
	const char *f = rn_str(pc->rule, "active_low");
	bool invert = f && f[0] == '!';
	const struct value *v;
	long long mask;

	if (!f)
		return false;
	if (str_eq(f, "true"))	/* the driver reads the line active low, always (mmc_gpio cd) */
		return true;
	v = conv_field(pc->c, pc->list, invert ? f + 1 : f);
	/* `active_low_mask: 0x1`: one bit of a flags field (S3C24XX_LEDF_ACTLOW) */
	if (rn_get_long(pc->rule, "active_low_mask", &mask)) {
		bool set = v && v->kind == VAL_INT && (v->ival & mask);

		return invert ? !set : set;
	}
	return invert ? value_is_zero(v) : !value_is_zero(v);
}

const struct variable *pointee(struct prop_ctx *pc)
{
	return conv_deref(pc->c, pc->v);
}

/*
 * The elements a `member:`/`members:` rule reads: the array's, or, where
 * the field points at one struct (3.x gpio_regulator_config `.gpios =
 * &vccq_gpio, .nr_gpios = 1`), that struct as a one-element array. Before,
 * its members were taken for elements ("vccq_gpio[0]: no .gpio").
 */
const struct value *struct_elements(struct prop_ctx *pc, const struct variable *var,
				    const struct value *arr)
{
	struct value *one;

	if (!var || var->is_array || !arr || arr->kind != VAL_LIST || arr->is_array ||
	    (!rn_get(pc->rule, "member") && !rn_get(pc->rule, "members")))
		return arr;
	one = arena_alloc(pc->c->a, sizeof(*one));
	memset(one, 0, sizeof(*one));
	one->kind = VAL_LIST;
	one->is_array = true;
	one->pos = arr->pos;
	one->nkids = 1;
	one->kids = arena_alloc(pc->c->a, sizeof(*one->kids));
	one->kids[0] = (struct value *)arr;
	return one;
}

/* The last argument of a macro call's spelling: "KEY(0, 1, KEY_1)" -> "KEY_1". */
const char *last_macro_arg(struct arena *a, const char *spelling)
{
	const char *close, *start;

	if (!spelling || !(close = strrchr(spelling, ')')))
		return NULL;
	start = close;
	while (start > spelling && start[-1] != ',' && start[-1] != '(')
		start--;
	while (start < close && (*start == ' ' || *start == '\t'))
		start++;
	while (close > start && (close[-1] == ' ' || close[-1] == '\t'))
		close--;
	return close > start ? arena_strndup(a, start, (size_t)(close - start)) : NULL;
}

/*
 * Each struct element of an array a property was made from (`members:`,
 * `member:`) is a fact, "arr[i]": its lines are the table's. Once: a second
 * property from the same table (gpios and gpios-states) adds none.
 */
void element_facts(struct prop_ctx *pc, const struct variable *var, const struct dt_prop *p)
{
	struct dt_tree *t = pc->c->t;

	for (size_t i = 0; i < var->init->nkids; i++) {
		const struct value *e = var->init->kids[i];
		const char *what = arena_printf(pc->c->a, "%s[%zu]", var->name, i);
		bool seen = false;

		for (size_t k = 0; k < t->nfacts && !seen; k++)
			seen = str_eq(t->facts[k]->kind, "field") && str_eq(t->facts[k]->what, what) &&
			       t->facts[k]->pos.line == e->pos.line;
		if (seen || e->kind != VAL_LIST)
			continue;
		struct fact *f = dt_add_fact(t, "field", what, &e->pos);

		f->fate = FACT_CONVERTED;
		f->became = arena_printf(pc->c->a, "%s %s", dt_node_path(t, pc->node), p->name);
	}
}

const char *n_template(struct arena *a, const char *tmpl, long n)
{
	const char *at = tmpl ? strstr(tmpl, "{n}") : NULL;

	if (!at)
		return NULL;
	return arena_printf(a, "%.*s%ld%s", (int)(at - tmpl), tmpl, n, at + 3);
}

/*
 * Is `name` in the rule's list `key:` (gpio_read's `reads:`), or, when the
 * rule has no such list, among the n defaults?
 */
bool rule_lists(const struct rnode *rule, const char *key, const char *const *defaults, size_t n,
		const char *name)
{
	const struct rnode *list = rn_get(rule, key);

	for (size_t i = 0; list && i < list->n; i++)
		if (str_eq(list->items[i]->scalar, name))
			return true;
	for (size_t i = 0; !list && i < n; i++)
		if (str_eq(defaults[i], name))
			return true;
	return false;
}
