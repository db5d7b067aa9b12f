// SPDX-License-Identifier: GPL-2.0
/*
 * Reading the board model during one conversion: struct members as the
 * machine's code leaves them (stores in init functions and setup callbacks
 * override initializers); the guards are decided in engine_guards.c.
 *
 * The model itself is never modified: several machines of one file share it,
 * and a store in one machine's init must not leak into another's output.
 */
#include "engine_int.h"
#include "registrations/registrations.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../common/util.h"
#include "../kernel/soc_dtsi.h"

struct field_override *conv_override(const struct conv *c, const struct value *list,
				     const char *field)
{
	for (size_t i = 0; i < c->novr; i++)
		if (c->ovr[i]->list == list && str_eq(c->ovr[i]->field, field))
			return c->ovr[i];
	return NULL;
}

struct value *conv_field(const struct conv *c, const struct value *list, const char *field)
{
	struct field_override *o = conv_override(c, list, field);

	if (o)
		return o->value;
	return value_field(list, field);
}

/* The file-scope variable a pointer value names (&var or a decayed array). */
/*
 * Element N of an array variable, as a variable named "arr[N]"
 * (a platform device array registered entry by entry, .platform_data =
 * &data[1], .resource = &res[1]).
 */
const struct variable *conv_element(const struct conv *c, const struct variable *arr, long index)
{
	struct variable *el;

	if (!arr || !arr->is_array || !arr->init || arr->init->kind != VAL_LIST)
		return NULL;
	for (size_t i = 0; i < arr->init->nkids; i++) {
		struct value *e = arr->init->kids[i];

		if (e->index != index)
			continue;
		el = arena_alloc(c->a, sizeof(*el));
		el->name = arena_printf(c->a, "%s[%ld]", arr->name, index);
		el->type = arr->type;
		el->init = e;
		el->pos = e->pos;
		return el;
	}
	return NULL;
}

/*
 * A struct variable of the file passed by value (the i.MX6 BSP's
 * imx6_init_fec(fec_data)): the callee gets a copy of that initializer, so
 * it stands for the struct as &fec_data would. Only a bare name whose
 * variable is a struct (not an array, not a scalar).
 */
static const struct variable *struct_by_value(const struct conv *c, const char *name)
{
	const struct variable *var;

	for (const char *p = name; *p; p++)
		if (!(isalnum((unsigned char)*p) || *p == '_') || (p == name && isdigit((unsigned char)*p)))
			return NULL;
	var = board_find_var(c->b, name);
	return var && !var->is_array && var->init && var->init->kind == VAL_LIST &&
	       !var->init->is_array ? var : NULL;
}

/* The variable an address value points at; &arr[0] is the whole array, as arr is. */
const struct variable *conv_deref(const struct conv *c, const struct value *v)
{
	const char *open;
	char *end;
	long index;

	if (v && v->kind == VAL_UNKNOWN && v->spelling)
		return struct_by_value(c, v->spelling);
	if (v && v->kind == VAL_FUNC && v->text) {
		/* a callback ending in `return table;` stands for the table (walk_func.c) */
		const struct function *fn = board_find_func(c->b, v->text);

		return fn && fn->nparams && fn->returns && fn->returns->kind == VAL_ADDR
			? conv_deref(c, fn->returns) : NULL;
	}
	if (!v || v->kind != VAL_ADDR || !v->text)
		return NULL;
	open = strrchr(v->text, '[');
	if (!open || open == v->text)
		return board_find_var(c->b, v->text);
	index = strtol(open + 1, &end, 10);
	if (end == open + 1 || strcmp(end, "]") || index < 0)
		return board_find_var(c->b, v->text);
	const struct variable *arr = board_find_var(c->b,
			arena_strndup(c->a, v->text, (size_t)(open - v->text)));

	return index == 0 ? arr : conv_element(c, arr, index);
}

/* Like conv_deref, but &arr[0] is that first element (.platform_data = &data[0]). */
const struct variable *conv_deref_one(const struct conv *c, const struct value *v)
{
	const struct variable *var = conv_deref(c, v);
	size_t n = v && v->text ? strlen(v->text) : 0;

	if (var && var->is_array && n > 3 && !strcmp(v->text + n - 3, "[0]"))
		return conv_element(c, var, 0);
	return var;
}

bool value_is_zero(const struct value *v)
{
	if (!v)
		return true;
	switch (v->kind) {
	case VAL_INT:
		return v->ival == 0;
	case VAL_NULL:
		return true;
	case VAL_LIST:
		for (size_t i = 0; i < v->nkids; i++)
			if (!value_is_zero(v->kids[i]))
				return false;
		return true;
	default:
		return false;
	}
}

/* --- Stores ------------------------------------------------------------------ */

/* Walk "[0].gpio_cd" from a variable's initializer to (struct list, field). */
bool conv_store_target(const struct conv *c, const struct store *s,
		       const struct value **list, const char **field)
{
	const struct variable *var = board_find_var(c->b, s->var);
	const struct value *cur = var ? var->init : NULL;
	const char *p = s->path;

	if (!cur || !p || !*p)
		return false;
	while (*p) {
		const char *name;
		long index = 0, at;
		bool deref;

		if (!cur || !conv_path_step((struct conv *)c, &p, &index, &name, &deref))
			return false;
		/* `.vpll2->constraints.name`: into the object the member points to */
		if (deref) {
			const struct variable *to = cur->kind == VAL_ADDR ? conv_deref_one(c, cur) : NULL;

			cur = to ? to->init : NULL;
		}
		if (!cur || cur->kind != VAL_LIST)
			return false;
		if (name && !*p) {
			*list = cur;
			*field = name;
			return true;
		}
		if (!name && !conv_list_indexed(cur))
			return false;
		if (name && conv_override(c, cur, name)) {	/* a helper set it (pdata_bits) */
			cur = conv_field(c, cur, name);
			continue;
		}
		at = conv_find_kid(cur, index, name);
		cur = at >= 0 ? cur->kids[at] : NULL;
	}
	return false;
}

static struct field_override *override_for(struct conv *c, const struct value *list,
					   const char *field)
{
	struct field_override *o = conv_override(c, list, field);

	if (o)
		return o;
	o = arena_alloc(c->a, sizeof(*o));
	o->list = list;
	o->field = field;
	o->value = value_field(list, field);
	arena_push(c->a, (void ***)&c->ovr, &c->novr, o);
	return o;
}

/*
 * A store a helper makes into the data the board passes it
 * (omap_ads7846_init()'s board_pdata->gpio_pendown = gpio_pendown): this
 * conversion reads v as that member's value.
 */
void conv_set_field(struct conv *c, const struct value *list, const char *field, struct value *v)
{
	override_for(c, list, field)->value = v;
}

/* The function's parameter named `name`: its position, or -1. */
static long param_index(const struct function *fn, const char *name)
{
	for (size_t k = 0; fn && name && k < fn->nparams; k++)
		if (str_eq(fn->params[k], name))
			return (long)k;
	return -1;
}

/*
 * A store through a parameter of fn writes into what fn's caller passes:
 * the kernel's struct meminfo for a .fixup callback (engine_memory.c), else
 * an object the engine does not follow, a TODO naming it.
 */
static void apply_param_store(struct conv *c, const struct function *fn, const struct store *s)
{
	struct fact *f = dt_add_fact(c->t, "store", s->spelling ? s->spelling : s->var, &s->pos);

	if (conv_meminfo_store(c, fn, s, f))
		return;
	f->fate = FACT_TODO;
	f->reason = arena_printf(c->a, "store through parameter %s of %s: no rule follows what "
				 "the caller passes", s->var, fn->name);
	dt_node_add_todo(c->t, NULL, &s->pos, f->what, f->reason);
}

/*
 * A store into a SoC device the board file does not define
 * (`tegra_sdhci_device3.dev.platform_data = &sdhci_pdata3`, the device in
 * the SoC's devices.c): kept for the device's registration, which applies
 * the platform data to its node (soc_platform_device). A TODO until then:
 * a machine that never registers the device has nothing to give it to.
 */
/*
 * A store into an object this file does not define (SoC or kernel code:
 * `clk_xusbxti.rate = 24000000`, `pm_power_off = board_off`): a fact, never
 * dropped; `global_stores:` rules say what it is, else a TODO.
 */
/*
 * `clk_xusbxti.rate = 24000000` (the 2.6.x-3.x Samsung clock objects):
 * the target's fixed clock of that name (&xusbxti) gets the frequency.
 */
static bool fixed_clock_store(struct conv *c, const struct store *s, struct fact *f)
{
	const char **labels;
	const char *label = s->var + 4;
	struct dt_prop *p;
	size_t n = 0;
	bool found = false;

	if (strncmp(s->var, "clk_", 4) || !str_eq(s->path, ".rate") || s->nguards ||
	    !s->rhs || s->rhs->kind != VAL_INT || !c->opt || !c->opt->dtsi)
		return false;
	labels = soc_dtsi_labels_compatible(c->opt->dtsi, "fixed-clock", &n);
	for (size_t i = 0; i < n && !found; i++)
		found = str_eq(labels[i], label);
	if (!found)
		return false;
	p = dt_prop_set(c->t, dt_overlay(c->t, label), "clock-frequency");
	dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, p), (uint32_t)s->rhs->ival);
	p->pos = s->pos;
	p->origin = s->spelling;
	f->fate = FACT_CONVERTED;
	f->became = arena_printf(c->a, "&%s clock-frequency", label);
	return true;
}

/*
 * `{var: davinci_soc_info, path: ".emac_pdata->", struct: emac_platform_data,
 * overlay: eth0}`: a member the board stores through the SoC's object
 * (`soc_info->emac_pdata->rmii_en = 1`, 3.x DaVinci) is a field of that
 * struct, converted by its rule on that node, as if the board's own
 * initializer had written it.
 */
static bool struct_store(struct conv *c, const struct store *s, const struct rnode *rule)
{
	const char *prefix = rn_str(rule, "path"), *member;
	const struct rnode *srule = conv_struct_rule(c, rn_str(rule, "struct"));
	struct value *list, *kid;
	size_t stem;

	if (!prefix || !srule || !rn_str(rule, "overlay") || !s->rhs ||
	    strncmp(s->path, prefix, strlen(prefix)))
		return false;
	member = s->path + strlen(prefix);
	if (!str_is_word(member))
		return false;
	list = arena_alloc(c->a, sizeof(*list));
	kid = arena_alloc(c->a, sizeof(*kid));
	*kid = *s->rhs;
	kid->field = member;
	list->kind = VAL_LIST;
	list->type = rn_str(rule, "struct");
	list->pos = s->pos;
	list->kids = arena_alloc(c->a, sizeof(*list->kids));
	list->kids[0] = kid;
	list->nkids = 1;
	stem = strlen(prefix);
	stem -= stem >= 2 && !strcmp(prefix + stem - 2, "->") ? 2 : prefix[stem - 1] == '.';
	conv_apply_struct(c, dt_overlay(c->t, rn_str(rule, "overlay")), srule, list,
			  arena_printf(c->a, "%s%.*s", s->var, (int)stem, s->path));
	return true;
}

static void outside_store(struct conv *c, const struct store *s)
{
	const struct rnode *rule = NULL;
	struct fact *f;

	for (size_t i = 0; i < c->rs->nglobal_stores && !rule; i++)
		if (str_eq(rn_str(c->rs->global_stores[i], "var"), s->var))
			rule = c->rs->global_stores[i];
	if (rule && struct_store(c, s, rule))
		return;		/* the field's own fact says what it became */
	f = dt_add_fact(c->t, "store", s->spelling ? s->spelling : s->var, &s->pos);
	if (fixed_clock_store(c, s, f))
		return;
	if (rn_str(rule, "no_dt")) {
		f->became = arena_printf(c->a, "no DT equivalent: %s", rn_str(rule, "no_dt"));
		return;
	}
	if (rn_str(rule, "todo") && s->rhs && (s->rhs->kind == VAL_FUNC || s->rhs->kind == VAL_ADDR) &&
	    board_find_func(c->b, s->rhs->text)) {
		conv_hook_store(c, s, f, rn_str(rule, "todo"));	/* decided after the calls */
		return;
	}
	f->fate = FACT_TODO;
	f->reason = rn_str(rule, "todo") ? rn_str(rule, "todo")
		: arena_printf(c->a, "store into %s, which this file does not define (SoC or "
			       "kernel code): write what it sets by hand", s->var);
	dt_node_add_todo(c->t, NULL, &s->pos, f->what, f->reason);
}

/*
 * SOC_DEV.dev.platform_data = &pd, or a call that does the same
 * (platform_device_add_data(), registrations/add_data.c, whose fact f is):
 * applied to the device's node when the machine registers it.
 */
bool conv_soc_pdata_store(struct conv *c, const struct store *s, struct fact *f)
{
	struct soc_pdata *p;

	if (!soc_device_rule(c, s->var))
		return false;
	if (!str_eq(s->path, ".dev.platform_data"))
		return false;
	p = arena_alloc(c->a, sizeof(*p));
	p->store = s;
	p->fact = f ? f : dt_add_fact(c->t, "store", s->spelling ? s->spelling : s->var, &s->pos);
	p->fact->fate = FACT_TODO;
	p->fact->reason = arena_printf(c->a, "platform data of %s, which this machine does not "
				       "register", s->var);
	arena_push(c->a, (void ***)&c->soc_pdata, &c->nsoc_pdata, p);
	return true;
}

/*
 * A store through a local pointer that engine_local_alias.c could not
 * follow (set by a call, or more than once): what it writes is unknown.
 */
static void local_pointer_store(struct conv *c, const struct store *s)
{
	struct fact *f = dt_add_fact(c->t, "store", s->spelling ? s->spelling : s->var, &s->pos);

	f->fate = FACT_TODO;
	f->reason = arena_printf(c->a, "store through local pointer %s, which the function does "
				 "not set once to a named object: write what it sets by hand", s->var);
	dt_node_add_todo(c->t, NULL, &s->pos, f->what, f->reason);
}

/* A store whose member the model cannot reach: a TODO saying why. */
static void untargeted_store(struct conv *c, const struct store *s, struct fact *f, int state,
			     const char *cond)
{
	bool element = *s->path && s->path[strlen(s->path) - 1] == ']';

	f->fate = FACT_TODO;
	if (strstr(s->path, "->"))	/* omap3_pmic_get_config() sets .vpll2 at run time */
		f->reason = arena_printf(c->a, "store through a pointer member the initializer "
					 "does not point at an object of this file (a helper "
					 "sets it at run time)%s%s: write what it sets by hand",
					 state > 0 ? "" : ", only when ", state > 0 ? "" : cond);
	else
		f->reason = state > 0 ? (element || s->path[0] == '['
					 ? "store into an array element the initializer does not have "
					   "(past the array's end, or in a size the model does not hold)"
					 : "store into a member the initializer does not have")
			: arena_printf(c->a, "%s, only when %s: add it by hand if so",
				       element ? "store into an array element"
					       : "store into a member the initializer does not have",
				       cond);
	dt_node_add_todo(c->t, NULL, &s->pos, f->what, f->reason);
}

/*
 * The value a store writes; a parameter of fn (`table[0].chip_hwnum = vbus`
 * in palm27x_udc_init(int vbus, ...)) is what fn's one caller passes, else
 * the parameter stays unresolved.
 */
static struct value *store_rhs(const struct conv *c, const struct function *fn,
			       const struct store *s)
{
	const struct value *v = s->rhs;

	if (v && (v->kind == VAL_UNKNOWN || v->kind == VAL_SYMBOLIC) &&
	    param_index(fn, v->kind == VAL_SYMBOLIC ? v->sym : v->spelling) >= 0)
		v = conv_param_value_in(c, fn, v);
	return (struct value *)v;
}

static void apply_store(struct conv *c, const struct function *fn, const struct store *s)
{
	const struct value *list;
	const char *field, *cond;
	struct fact *f;
	int state;

	if (!board_find_var(c->b, s->var)) {
		if (param_index(fn, s->var) >= 0 && *s->path)
			apply_param_store(c, fn, s);
		else if (!conv_soc_pdata_store(c, s, NULL) && s->global)
			outside_store(c, s);
		else if (!strncmp(s->path, "->", 2))
			local_pointer_store(c, s);
		return;		/* a local: only guards read it */
	}
	f = dt_add_fact(c->t, "store", s->spelling ? s->spelling : s->var, &s->pos);
	state = conv_guard_state_in(c, fn, s->guards, s->nguards);
	cond = conv_guard_text(c, s->guards, s->nguards);
	if (state == 0) {
		conv_not_taken(c, f, s->guards, s->nguards, &s->pos);
		return;
	}
	if (conv_store_was_whole(c, s)) {	/* engine_grow.c put it in its element */
		f->fate = FACT_CONVERTED;
		f->became = arena_printf(c->a, "element %s%s", s->var, s->path);
		return;
	}
	if (!conv_store_target(c, s, &list, &field)) {
		untargeted_store(c, s, f, state, cond);
		return;
	}
	struct field_override *o = override_for(c, list, field);

	f->fate = FACT_CONVERTED;
	if (state < 0 && !o->value) {
		/* No value to show it beside: the alternative would be lost. */
		f->fate = FACT_TODO;
		f->reason = arena_printf(c->a, "only when %s; the initializer does not write .%s: "
					 "add it by hand if so", cond, field);
		dt_node_add_todo(c->t, NULL, &s->pos, f->what, f->reason);
		return;
	}
	if (state < 0) {
		/* Shown beside the chosen value as an alternative. */
		struct value *alt = store_rhs(c, fn, s);

		arena_push(c->a, (void ***)&o->alts, &o->nalts, alt);
		size_t n = o->nalts - 1;
		const char **conds = arena_alloc(c->a, (n + 1) * sizeof(*conds));

		if (n)
			memcpy(conds, o->alt_conds, n * sizeof(*conds));
		conds[n] = cond;
		o->alt_conds = conds;
		f->became = arena_printf(c->a, "alternative of .%s (if %s)", field, conds[n]);
		return;
	}
	o->value = store_rhs(c, fn, s);
	o->store = s;
	if (s->nguards)
		o->condition = cond;
	f->became = arena_printf(c->a, "value of .%s in %s", field, s->var);
}

/* Platform data stored into SoC devices the machine never registered: TODOs. */
void conv_finish_soc_pdata(struct conv *c)
{
	for (size_t i = 0; i < c->nsoc_pdata; i++) {
		struct soc_pdata *p = c->soc_pdata[i];

		if (!p->done)
			dt_node_add_todo(c->t, NULL, &p->store->pos, p->fact->what, p->fact->reason);
	}
}

void conv_apply_stores(struct conv *c)
{
	conv_grow_stores(c);
	for (size_t i = 0; i < c->nreach; i++)
		for (size_t j = 0; j < c->reach[i]->nstores; j++)
			apply_store(c, c->reach[i], c->reach[i]->stores[j]);
}

/*
 * The one call of fn among the functions the machine reaches, and the
 * function it is in; NULL when there are none or several (a wrapper called
 * twice with different arguments has no single value).
 */
static const struct call *only_call_of(const struct conv *c, const struct function *fn,
				       const struct function **in)
{
	const struct call *site = NULL;

	for (size_t i = 0; i < c->nreach; i++)
		for (size_t k = 0; k < c->reach[i]->ncalls; k++)
			if (str_eq(c->reach[i]->calls[k]->callee, fn->name)) {
				if (site)
					return NULL;
				site = c->reach[i]->calls[k];
				*in = c->reach[i];
			}
	return site;
}

/*
 * A board wrapper's argument (`omap2_hsmmc_init(controllers)` inside
 * `omap4_twl6030_hsmmc_init(struct omap2_hsmmc_info *controllers)`): the value
 * the wrapper's one caller passes (`mmc`), through up to 4 wrappers. A
 * callback parameter with a meaning (a GPIO base) is left as it is.
 */
const struct value *conv_param_value(const struct conv *c, const struct value *v)
{
	return conv_param_value_in(c, c->cur_fn, v);
}

/* The same, for an argument of a call in function fn. */
const struct value *conv_param_value_in(const struct conv *c, const struct function *fn,
					const struct value *v)
{
	for (int depth = 0; depth < 4 && v && fn; depth++) {
		const struct function *in = NULL;
		const struct call *site;
		long k;

		if ((v->kind != VAL_UNKNOWN && v->kind != VAL_SYMBOLIC) || v->sym_meaning)
			break;
		k = param_index(fn, v->kind == VAL_SYMBOLIC ? v->sym : v->spelling);
		if (k < 0 || !(site = only_call_of(c, fn, &in)) || (size_t)k >= site->nargs)
			break;
		if (v->kind == VAL_SYMBOLIC && v->ival)
			break;	/* base + offset: not the argument itself */
		v = site->args[k];
		fn = in;
	}
	return conv_read_value(c, v) ? conv_read_value(c, v) : v;
}

/*
 * The calls of fn that give its parameter v a value, when v has none of its
 * own: a board wrapper called several times with different arguments
 * (3.x nsa310-setup.c's nsa310_gpio_request(48, ...) and
 * nsa310_gpio_request(21, ...) around gpio_request_one(gpio, flags, label)).
 * The number of calls among the functions the machine reaches, each in
 * sites[] and the function holding it in ins[] (arena arrays); 0 when v is
 * no parameter of fn or the one-caller rule binds it (conv_param_value_in).
 */
size_t conv_param_sites(struct conv *c, const struct function *fn, const struct value *v,
			const struct call ***sites, const struct function ***ins)
{
	const struct function *in = NULL;
	size_t n = 0, m = 0;

	*sites = NULL;
	*ins = NULL;
	if (!v || (v->kind != VAL_UNKNOWN && v->kind != VAL_SYMBOLIC) || v->sym_meaning ||
	    (v->kind == VAL_SYMBOLIC && v->ival) || only_call_of(c, fn, &in) ||
	    param_index(fn, v->kind == VAL_SYMBOLIC ? v->sym : v->spelling) < 0)
		return 0;
	for (size_t i = 0; i < c->nreach; i++)
		for (size_t k = 0; k < c->reach[i]->ncalls; k++)
			if (str_eq(c->reach[i]->calls[k]->callee, fn->name)) {
				arena_push(c->a, (void ***)sites, &n, (void *)c->reach[i]->calls[k]);
				arena_push(c->a, (void ***)ins, &m, (void *)c->reach[i]);
			}
	return n;
}

/* fn's parameter v as the call site (in function in) passes it, through in's own wrappers. */
const struct value *conv_param_at(const struct conv *c, const struct function *fn,
				  const struct call *site, const struct function *in,
				  const struct value *v)
{
	long k = v ? param_index(fn, v->kind == VAL_SYMBOLIC ? v->sym : v->spelling) : -1;

	if (k < 0 || (size_t)k >= site->nargs)
		return v;
	return conv_param_value_in(c, in, site->args[k]);
}
