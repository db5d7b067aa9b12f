// SPDX-License-Identifier: GPL-2.0
/*
 * Rule engine driver: pick the SoC pack, find what the machine runs, convert
 * its calls in source order, then account for every fact not yet converted.
 */
#include "engine_int.h"

#include <stdlib.h>
#include <string.h>

#include "../common/util.h"

bool conv_var_used(const struct conv *c, const char *name)
{
	for (size_t i = 0; i < c->nused_vars; i++)
		if (str_eq(c->used_vars[i], name))
			return true;
	return false;
}

void conv_mark_var(struct conv *c, const char *name)
{
	const char *open = name ? strchr(name, '[') : NULL;

	if (open)	/* an element "arr[2]" (conv_deref) uses its array */
		conv_mark_var(c, arena_strndup(c->a, name, (size_t)(open - name)));
	if (name && !conv_var_used(c, name))
		arena_push(c->a, (void ***)&c->used_vars, &c->nused_vars, (void *)name);
}

const struct rnode *conv_find_rule(const struct conv *c, struct rnode **list, size_t n,
				   const char *key, const char *value)
{
	for (size_t i = 0; i < n; i++)
		if (str_eq(rn_str(list[i], key), value))
			return list[i];
	return NULL;
}

const struct rnode *conv_soc_rule(const struct conv *c, const char *section,
				  struct rnode **list, size_t n, const char *key, const char *value)
{
	const struct rnode *soc = rn_get(c->soc, section);

	/* SoC pack entries shadow generic ones: search the SoC's own list first. */
	for (size_t i = 0; soc && i < soc->n; i++)
		if (str_eq(rn_str(soc->items[i], key), value))
			return soc->items[i];
	return conv_find_rule(c, list, n, key, value);
}

/* A struct rule from the SoC pack, else from the binding packs. */
/* An I2C/SPI device rule by device name: the SoC pack's first, then the bindings'. */
const struct rnode *conv_device_rule(const struct conv *c, const char *type)
{
	return conv_soc_rule(c, "devices", c->rs->i2c, c->rs->ni2c, "name", type);
}

const struct rnode *conv_struct_rule(const struct conv *c, const char *type)
{
	if (!type)
		return NULL;
	return conv_soc_rule(c, "structs", c->rs->structs, c->rs->nstructs, "struct", type);
}

/* Integer named `name` for templates: a call argument (by rule arg name) or a struct field. */
static bool template_value(struct conv *c, const char *name, const struct value *list,
			   const struct call *call, const struct rnode *argnames, long long *out)
{
	const struct value *v = NULL;

	for (size_t i = 0; call && argnames && i < argnames->n && i < call->nargs; i++)
		if (str_eq(argnames->items[i]->scalar, name))
			v = call->args[i];
	if (!v && list) {
		v = conv_field(c, list, name);
		/* a member a struct's initializer leaves out is 0, as in C (.bus_num of bus 0) */
		if (!v && list->kind == VAL_LIST && !list->is_array) {
			*out = 0;
			return true;
		}
	}
	if (!v || v->kind != VAL_INT)
		return false;
	*out = v->ival;
	return true;
}

/* "{bus-1}": cut the "-1" (or "+N") off the name and return it. */
static long long template_delta(char *name)
{
	char *op = strpbrk(name, "+-");
	long long d;

	if (!op || op == name)
		return 0;
	d = strtoll(op + 1, NULL, 0);
	d = *op == '-' ? -d : d;
	*op = '\0';
	return d;
}

/*
 * "i2c{bus}" with bus = 1 -> "i2c1", "i2c{bus-1}" -> "i2c0"; NULL when a placeholder has no
 * integer value. "{/i2c-gpio-0}", a path reference, is no placeholder: it stays as written.
 */
char *conv_template(struct conv *c, const char *tmpl, const struct value *list,
		    const struct call *call, const struct rnode *argnames)
{
	struct strbuf sb;

	sb_init(&sb);
	for (const char *p = tmpl; *p; p++) {
		const char *end = *p == '{' && p[1] != '/' ? strchr(p, '}') : NULL;
		long long v;

		if (!end) {
			sb_addc(&sb, *p);
			continue;
		}
		char *name = xstrndup(p + 1, (size_t)(end - p - 1));
		long long delta = template_delta(name);
		bool ok = template_value(c, name, list, call, argnames, &v);

		free(name);
		if (!ok) {
			sb_free(&sb);
			return NULL;
		}
		sb_addf(&sb, "%lld", v + delta);
		p = end;
	}
	char *s = arena_strdup(c->a, sb.buf);

	sb_free(&sb);
	return s;
}

void conv_bind_dev(struct conv *c, const char *dev_name, struct dt_node *node)
{
	struct dev_binding *d = arena_alloc(c->a, sizeof(*d));

	d->dev_name = arena_strdup(c->a, dev_name);
	d->node = node;
	arena_push(c->a, (void ***)&c->devs, &c->ndevs, d);
}

struct dt_node *conv_dev_node(const struct conv *c, const char *dev_name)
{
	for (size_t i = 0; i < c->ndevs; i++)
		if (str_eq(c->devs[i]->dev_name, dev_name))
			return c->devs[i]->node;
	return NULL;
}

/* &label { status = "okay"; } */
struct dt_node *conv_enable(struct conv *c, const char *label, const struct srcpos *pos,
			    const char *origin)
{
	struct dt_node *n = dt_overlay(c->t, label);
	struct dt_prop *p = dt_prop_set(c->t, n, "status");

	dt_prop_add_string(c->t, p, "okay");
	p->pos = *pos;
	p->origin = origin;
	return n;
}

/* A valid DT label from any text, owned by the tree's arena. */
const char *conv_label(struct conv *c, const char *text)
{
	char *l = dts_label(text);
	const char *r = arena_strdup(c->a, l);

	free(l);
	return r;
}

const char *conv_origin(struct conv *c, const struct value *v)
{
	if (!v)
		return NULL;
	if (v->field && v->spelling)
		return arena_printf(c->a, ".%s = %s", v->field, v->spelling);
	return v->spelling;
}

/* --- Reachable functions --------------------------------------------------- */

bool conv_reached(const struct conv *c, const struct function *f)
{
	for (size_t i = 0; i < c->nreach; i++)
		if (c->reach[i] == f || str_eq(c->reach[i]->name, f->name))	/* or its guarded copy */
			return true;
	return false;
}

static void reach_function(struct conv *c, const char *name)
{
	const struct function *f = board_find_func(c->b, name);

	if (!f || conv_reached(c, f))
		return;
	arena_push(c->a, (void ***)&c->reach, &c->nreach, (void *)f);
	for (size_t i = 0; i < f->ncalls; i++)
		reach_function(c, f->calls[i]->callee);
	/* Function pointers passed as arguments (e.g. a setup hook) run too. */
	for (size_t i = 0; i < f->ncalls; i++)
		for (size_t j = 0; j < f->calls[i]->nargs; j++)
			if (f->calls[i]->args[j]->kind == VAL_FUNC)
				reach_function(c, f->calls[i]->args[j]->text);
}

static void reach_callbacks_in(struct conv *c, const struct value *v)
{
	if (!v)
		return;
	if (v->kind == VAL_FUNC)
		reach_function(c, v->text);
	for (size_t i = 0; v->kind == VAL_LIST && i < v->nkids; i++)
		reach_callbacks_in(c, v->kids[i]);
}

/* device_initcall(fn) and kin: a static __initcall_* pointer to fn, which runs too; else NULL. */
const char *conv_initcall(const struct variable *v)
{
	if (v->name && !strncmp(v->name, "__initcall_", 11) && v->init && v->init->kind == VAL_FUNC)
		return v->init->text;
	return NULL;
}

/*
 * A machine_desc field whose callback runs long after boot (`.restart`,
 * rule `handler_fields:`): what it does is no boot state (3.6
 * mach-mx51_efikamx.c's restart handler drives the reset line low, which a
 * hog would do at boot), so it is not followed; the field is a TODO.
 */
static bool handler_field(struct conv *c, const struct value *k)
{
	const struct rnode *r = k->kind == VAL_FUNC && k->field ?
		conv_find_rule(c, c->rs->handler_fields, c->rs->nhandler_fields, "field", k->field) :
		NULL;
	struct fact *f;

	if (!r)
		return false;
	if (!board_find_func(c->b, k->text))
		return true;	/* the SoC's (pxa_restart): its DT machine's, no board fact */
	f = dt_add_fact(c->t, "field", arena_printf(c->a, ".%s = %s", k->field, k->text), &k->pos);
	f->fate = FACT_TODO;
	f->reason = rn_str(r, "todo");
	dt_node_add_todo(c->t, NULL, &k->pos, f->what, f->reason);
	return true;
}

/* The machine's functions, also recorded in the tree for the report. */
static void find_reachable(struct conv *c, const struct machine *m)
{
	const struct value *rec = m->record;

	for (size_t i = 0; rec && rec->kind == VAL_LIST && i < rec->nkids; i++) {
		const struct value *k = rec->kids[i];
		/* `.timer = &board_timer` (2.6.x - 3.x): its .init runs at boot too */
		const struct variable *v = k->kind == VAL_ADDR && k->text ?
					   board_find_var(c->b, k->text) : NULL;

		if (!handler_field(c, k))
			reach_callbacks_in(c, v && v->init ? v->init : k);
	}
	for (size_t i = 0; i < c->b->nvars; i++)
		if (conv_initcall(c->b->vars[i]))
			reach_function(c, conv_initcall(c->b->vars[i]));
	/* Setup callbacks bound in rules (twl4030 .setup) run when their device probes. */
	for (size_t i = 0; i < c->b->nvars; i++) {
		const struct value *init = c->b->vars[i]->init;

		for (size_t r = 0; init && r < c->rs->ncallbacks; r++)
			if (init->kind == VAL_LIST && str_eq(rn_str(c->rs->callbacks[r], "struct"),
							     init->type)) {
				const struct value *fn = value_field(init,
						rn_str(c->rs->callbacks[r], "field"));

				if (fn && fn->kind == VAL_FUNC)
					reach_function(c, fn->text);
			}
	}
	for (size_t i = 0; i < c->nreach; i++)
		dt_add_func(c->t, c->reach[i]->name, &c->reach[i]->pos);
}

bool engine_knows_call(const struct ruleset *rs, const struct rnode *soc, const char *name)
{
	const struct conv c = { .rs = rs, .soc = soc };

	return conv_soc_rule(&c, "calls", rs->calls, rs->ncalls, "call", name) ||
	       conv_find_rule(&c, rs->ignore, rs->nignore, "call", name);
}

/* The rule callee names itself: an older name's (`same_as: modern_helper`), or NULL. */
static const char *renamed_to(const struct conv *c, const char *callee)
{
	return rn_str(conv_soc_rule(c, "calls", c->rs->calls, c->rs->ncalls, "call", callee), "same_as");
}

/* The call rule for callee; an older name gets the modern helper's. */
static const struct rnode *find_call_rule(const struct conv *c, const char *callee)
{
	const struct rnode *r = conv_soc_rule(c, "calls", c->rs->calls, c->rs->ncalls, "call", callee);
	const char *to = rn_str(r, "same_as");

	return to ? conv_soc_rule(c, "calls", c->rs->calls, c->rs->ncalls, "call", to) : r;
}

/*
 * "no rule for call X"; for omap_ctrl_writel(...), a macro of the headers
 * whose expansion's first call is __builtin_expect(), X is what the board wrote.
 */
static const char *no_rule_reason(const struct conv *c, const struct call *call)
{
	const char *s = call->spelling;
	size_t n = s ? strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") : 0;

	if (n && s[n] == '(' && strncmp(s, call->callee, n) && !strncmp(call->callee, "__builtin_", 10))
		return arena_printf(c->a, "no rule for call %.*s (a macro; its expansion calls %s)",
				    (int)n, s, call->callee);
	return arena_printf(c->a, "no rule for call %s", call->callee);
}

/*
 * The ignore rule of a call: by its callee, or by the macro the board file
 * wrote when the call comes from its expansion (mdelay(6) expands to
 * __builtin_constant_p(), __bad_udelay(), __const_udelay() in the kernel's
 * headers: those calls are the delay's, and go with it).
 */
const struct rnode *conv_ignore_rule_call(const struct conv *c, const struct call *call)
{
	const struct rnode *r = conv_find_rule(c, c->rs->ignore, c->rs->nignore, "call", call->callee);
	const char *s = call->spelling;
	size_t n = s ? strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") : 0;
	char *macro;

	if (r || !n || s[n] != '(')
		return r;
	macro = arena_strndup(c->a, s, n);
	return str_eq(macro, call->callee) ? NULL
		: conv_find_rule(c, c->rs->ignore, c->rs->nignore, "call", macro);
}

/*
 * irq_set_irq_type(devs[0].irq, ...): the IRQ is whatever the machine stored
 * in devs[0].irq (gpio_to_irq(N)); key the type by that value's spelling.
 */
static const char *stored_spelling(const struct conv *c, const struct value *irq)
{
	if (irq->kind == VAL_INT || !irq->spelling)
		return NULL;
	for (size_t i = 0; i < c->nreach; i++)
		for (size_t j = 0; j < c->reach[i]->nstores; j++) {
			const struct store *s = c->reach[i]->stores[j];
			char *lhs = arena_printf(c->a, "%s%s", s->var, s->path ? s->path : "");

			if (str_eq(lhs, irq->spelling) && s->rhs)
				return s->rhs->spelling;
		}
	return irq->spelling;
}

/* irq_set_irq_type(n, type) anywhere in the machine's code: remember n -> type. */
void conv_collect_irq_types(struct conv *c)
{
	for (size_t i = 0; i < c->nreach; i++)
		for (size_t j = 0; j < c->reach[i]->ncalls; j++) {
			const struct call *call = c->reach[i]->calls[j];
			const struct rnode *rule = find_call_rule(c, call->callee);
			const struct rnode *reg = rn_get(rule, "register");

			if (!reg || !str_eq(reg->scalar, "irq_type") || call->nargs < 2 ||
			    call->args[1]->kind != VAL_INT)
				continue;
			size_t n = c->nirq_types + 1;
			long long *nums = arena_alloc(c->a, n * sizeof(*nums));
			const char **sp = arena_alloc(c->a, n * sizeof(*sp));
			unsigned *types = arena_alloc(c->a, n * sizeof(*types));

			if (c->nirq_types) {
				memcpy(nums, c->irq_nums, c->nirq_types * sizeof(*nums));
				memcpy(sp, c->irq_spellings, c->nirq_types * sizeof(*sp));
				memcpy(types, c->irq_types, c->nirq_types * sizeof(*types));
			}
			nums[n - 1] = call->args[0]->kind == VAL_INT ? call->args[0]->ival : -1;
			sp[n - 1] = stored_spelling(c, call->args[0]);
			types[n - 1] = (unsigned)call->args[1]->ival;
			c->irq_nums = nums;
			c->irq_spellings = sp;
			c->irq_types = types;
			c->nirq_types = n;
		}
}

static void convert_call_taken(struct conv *c, const struct function *fn,
			       const struct call *call)
{
	struct fact *f = dt_add_fact(c->t, "call", call->spelling ? call->spelling : call->callee,
				     &call->pos);
	const struct rnode *rule;
	int state = conv_guard_state_in(c, fn, call->guards, call->nguards);

	c->cur_fn = fn;

	/* machine_is_foo(): a condition the engine decides per machine (engine_values.c). */
	if (!strncmp(call->callee, "machine_is_", 11) && !find_call_rule(c, call->callee)) {
		f->fate = FACT_CONVERTED;
		f->became = "condition: decided for each MACHINE_START (its guarded calls say how)";
		return;
	}
	/* A line only written, at boot: the level it keeps (gpio_hog.c). */
	if (!find_call_rule(c, call->callee) && conv_boot_gpio_write(c, fn, call, f))
		return;
	/* Calls with no DT meaning need no decision on their guard. */
	if (!find_call_rule(c, call->callee) && (rule = conv_ignore_rule_call(c, call))) {
		f->fate = FACT_CONVERTED;
		f->became = arena_printf(c->a, "no DT equivalent: %s", rn_str(rule, "note"));
		f->rule = rule->pos;
		return;
	}
	if (state == 0) {
		conv_not_taken(c, f, call->guards, call->nguards, &call->pos);
		return;
	}
	if (state < 0) {
		f->fate = FACT_TODO;
		f->reason = arena_printf(c->a, "only when %s (decide with %s)",
					 conv_guard_text(c, call->guards, call->nguards),
					 conv_guard_hint(c, call->guards, call->nguards));
		dt_node_add_todo(c->t, NULL, &call->pos, call->spelling, f->reason);
		return;
	}
	if (board_find_func(c->b, call->callee)) {
		f->fate = FACT_CONVERTED;
		f->became = arena_printf(c->a, "board function %s (converted in place)", call->callee);
		return;
	}
	rule = find_call_rule(c, call->callee);
	if (rule)
		f->rule = rule->pos;	/* -v names it */
	if (rule && conv_register_call(c, call, rule, f)) {
		if (f->fate == FACT_CONVERTED && renamed_to(c, call->callee))
			f->became = arena_printf(c->a, "%s (%s: the later %s)", f->became,
						 call->callee, renamed_to(c, call->callee));
		return;
	}
	/* The rule's kind could not read the arguments: a TODO, never a silent drop. */
	if (rule && f->reason && f->fate != FACT_TODO) {
		f->fate = FACT_TODO;
		f->became = NULL;
		dt_node_add_todo(c->t, NULL, &call->pos, call->spelling ? call->spelling : call->callee,
				 f->reason);
		return;
	}
	if (!rule && (rule = conv_ignore_rule_call(c, call))) {
		f->fate = FACT_CONVERTED;
		f->became = arena_printf(c->a, "no DT equivalent: %s", rn_str(rule, "note"));
		f->rule = rule->pos;
		return;
	}
	if (!rule && call->nested && conv_gpio_irq_callee(c, call->callee)) {
		f->fate = FACT_CONVERTED;	/* w3_info[1].irq = gpio_to_irq(N) */
		f->became = "a GPIO's interrupt number: converted where the value is used";
		return;
	}
	if (!rule && !f->reason && (conv_soc_setup_call(c, fn, call, f) ||
				    conv_nested_macro_call(c, fn, call, f)))
		return;
	if (!f->reason) {
		f->fate = FACT_TODO;
		f->reason = no_rule_reason(c, call);
		dt_node_add_todo(c->t, NULL, &call->pos, call->spelling ? call->spelling : call->callee,
				 f->reason);
	}
}

/* A machine whose name names another SoC than the file's pack: say so (not with --soc). */
static void note_other_soc(struct conv *c, const struct machine *m)
{
	const struct rnode *other = c->opt && c->opt->soc_given ? NULL
				    : engine_machine_other_soc(c->rs, c->soc, m);

	if (other)
		dt_node_add_todo(c->t, c->t->root, &m->pos, m->id,
				 arena_printf(c->a, "the machine's name \"%s\" says %s, but the file converts "
					      "with the %s pack its other machines name: convert this one "
					      "with --soc %s --machine %s", m->name ? m->name : "",
					      rn_str(other, "soc"), rn_str(c->soc, "soc"), rn_str(other, "soc"),
					      m->id));
}

/* The calls of the reached functions whose rule registers in this phase, in order. */
/*
 * A call taken on the default path (the else of an undecided condition):
 * the properties it sets, and its fact, say so (engine_default_path.c).
 */
static void convert_call(struct conv *c, const struct function *fn, const struct call *call)
{
	const char *dflt = conv_guard_state(c, call->guards, call->nguards) == 1
				   ? conv_default_path(c, fn, call->guards, call->nguards) : NULL;
	size_t first = c->t->nfacts;	/* convert_call_taken() adds the call's fact first */
	size_t props = c->t->ndefault_props;
	struct fact *f;

	c->t->default_condition = dflt;
	convert_call_taken(c, fn, call);
	c->t->default_condition = NULL;
	f = c->t->nfacts > first ? c->t->facts[first] : NULL;
	if (dflt && f && f->fate == FACT_CONVERTED && f->became && c->t->ndefault_props > props)
		f->became = arena_printf(c->a, "%s [if %s: the default path; --assume decides]",
					 f->became, dflt);
}

void conv_convert_call(struct conv *c, const struct function *fn, const struct call *call)
{
	convert_call(c, fn, call);
}

static void convert_calls(struct conv *c, int phase)
{
	for (size_t i = 0; i < c->nreach; i++)
		for (size_t j = 0; j < c->reach[i]->ncalls; j++) {
			const struct call *call = conv_ruled_call(c, c->reach[i]->calls[j]);

			if (conv_register_phase(find_call_rule(c, call->callee)) == phase)
				convert_call(c, c->reach[i], call);
		}
}

static void convert_machine(struct conv *c, const struct machine *m)
{
	struct fact *f = dt_add_fact(c->t, "machine", arena_printf(c->a, "MACHINE_START(%s)", m->id),
				     &m->pos);

	f->fate = FACT_CONVERTED;
	f->became = "/ model, compatible";
	conv_build_root(c, m);
	note_other_soc(c, m);
	conv_board_clocks(c, m);
	conv_base_layer(c, m);
	find_reachable(c, m);
	conv_inherit_guards(c);
	conv_resolve_local_aliases(c);
	conv_setup_gpio_spaces(c);
	convert_calls(c, -1);	/* helpers that fill the data the board then stores into */
	conv_apply_stores(c);
	conv_collect_irq_types(c);
	/* Devices first, then the lookup tables that name them (conv_register_phase). */
	convert_calls(c, 0);
	conv_record_helpers(c, m);
	convert_calls(c, 1);
	conv_finish_hooks(c);
	conv_spi_native_pass(c);
	conv_note_pack_assumptions(c);
	conv_i2c_gpio_pass(c);
	conv_finish_supplies(c);
	conv_finish_soc_pdata(c);
	conv_drop_used_hogs(c);
	conv_pinmux_pass(c);
	conv_pinmux_single_pass(c);
	conv_pinmux_omap_pass(c);
	conv_account_unused_vars(c, m);
	conv_account_compounds(c);
	conv_account_lost(c);
	conv_drop_unknown_overlays(c);
	conv_account_unbound(c);
	conv_status_pass(c, m);
}

int engine_convert(const struct board *b, const struct ruleset *rs, const struct machine *m,
		   const struct engine_options *opt, struct dt_tree **out)
{
	struct conv c = { .b = b, .m = m, .rs = rs, .opt = opt };

	c.t = dt_tree_new();
	c.a = &c.t->arena;
	c.t->machine_id = arena_strdup(c.a, m->id);
	c.t->machine_dt = m->dt;
	c.t->source = arena_strdup(c.a, b->path);
	c.t->tolerant = b->tolerant;
	c.t->config_file = b->config_file;	/* the board outlives its trees */
	c.t->assumed_config = b->assumed_config;
	c.t->nassumed_config = b->nassumed_config;
	/* The pipeline's pick stands: picking again scans the whole board. */
	c.soc = opt->soc_pack ? opt->soc_pack
		: opt->soc || !opt->soc_picked ? engine_pick_soc(b, rs, opt->soc) : NULL;
	convert_machine(&c, m);
	conv_label_check_setup(&c);
	*out = c.t;
	return B2D_OK;
}
