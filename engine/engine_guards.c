// SPDX-License-Identifier: GPL-2.0
/*
 * Deciding the guards of calls and stores during one conversion: a
 * condition is true, false or undecided from --assume values, the machine
 * being converted (machine_is_*()), the CONFIG_ symbols tolerant mode
 * assumed, and the constants the board model knows.
 */
#include "engine_int.h"
#include "../kernel/mach_types.h"
#include "registrations/registrations.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../common/util.h"

/* The value --assume gives to a leaf spelled `spelling`, if any. */
static bool assumed_by_user(const struct conv *c, const char *spelling, const char **value)
{
	for (size_t i = 0; spelling && i < c->opt->nassume; i++)
		if (str_eq(c->opt->assume[i].name, spelling)) {
			*value = c->opt->assume[i].value;
			return true;
		}
	return false;
}

/* The `assume:` entry of list for this guard, or NULL. */
static const struct rnode *assumption_in(const struct rnode *list, const char *spelling)
{
	for (size_t i = 0; spelling && list && i < list->n; i++)
		if (str_eq(rn_str(list->items[i], "cond"), spelling))
			return list->items[i];
	return NULL;
}

/*
 * --assume NAME=VALUE first; then the chosen `dtsi_variants:` entry's
 * `assume:` (omap443x.dtsi: cpu_is_omap443x() is 1), then the SoC pack's
 * `assume:` defaults, for a guard of the board code that scans the
 * hardware at boot and finds the board's (OMAP3: `if (nandcs <
 * GPMC_CS_NUM)` after the scan of the GPMC for the NAND chip select).
 * conv_note_pack_assumptions() says which.
 */
static bool assumed(const struct conv *c, const char *spelling, const char **value)
{
	const struct rnode *a = assumption_in(rn_get(conv_chosen_variant(c), "assume"), spelling);

	if (assumed_by_user(c, spelling, value))
		return true;
	if (!a)
		a = assumption_in(rn_get(c->soc, "assume"), spelling);
	*value = a ? rn_str(a, "value") : NULL;
	return *value != NULL;
}

static bool guards_name(struct guard **g, size_t n, const char *cond)
{
	for (size_t i = 0; i < n; i++)
		if (g[i]->cond && str_eq(g[i]->cond->spelling, cond))
			return true;
	return false;
}

/* A TODO at the root for each default of list a guard of the machine's code used. */
static void note_assumptions(struct conv *c, const struct rnode *pack, const char *whose)
{
	for (size_t i = 0; pack && i < pack->n; i++) {
		const char *cond = rn_str(pack->items[i], "cond"), *v;
		const struct srcpos *at = NULL;

		if (!cond || assumed_by_user(c, cond, &v))
			continue;
		for (size_t f = 0; !at && f < c->nreach; f++) {
			const struct function *fn = c->reach[f];

			for (size_t k = 0; !at && k < fn->ncalls; k++)
				if (guards_name(fn->calls[k]->guards, fn->calls[k]->nguards, cond))
					at = &fn->calls[k]->pos;
			for (size_t k = 0; !at && k < fn->nstores; k++)
				if (guards_name(fn->stores[k]->guards, fn->stores[k]->nguards, cond))
					at = &fn->stores[k]->pos;
		}
		if (at)
			dt_node_add_todo(c->t, NULL, at, cond,
					 arena_printf(c->a, "assumed %s = %s, %s (%s); "
						      "decide otherwise with --assume '%s=0'", cond,
						      rn_str(pack->items[i], "value"), whose,
						      rn_str(pack->items[i], "why"), cond));
	}
}

void conv_note_pack_assumptions(struct conv *c)
{
	const struct rnode *v = conv_chosen_variant(c);

	note_assumptions(c, rn_get(v, "assume"),
			 arena_printf(c->a, "as %s says", rn_str(v, "dtsi")));
	note_assumptions(c, rn_get(c->soc, "assume"), "the SoC pack's default");
}

/*
 * An assumed value is a number or a name. A name is matched against the
 * spellings on the other side of a comparison (OMAP3BEAGLE_BOARD_XM), whose
 * value the extractor knows, else against any guard of the board that
 * compares with it (`rev == OMAP3BEAGLE_BOARD_XM` elsewhere gives XM's
 * value to `(rev == C1_3) || (rev == C4)`).
 */
/* A constant spelled name among v's leaves (an enumerator the board compares with). */
static bool named_in(const struct value *v, const char *name, long long *out)
{
	if (!v)
		return false;
	if (v->kind == VAL_INT && str_eq(v->spelling, name)) {
		*out = v->ival;
		return true;
	}
	for (size_t i = 0; v->kind == VAL_EXPR && i < v->nkids; i++)
		if (named_in(v->kids[i], name, out))
			return true;
	return false;
}

/* ... in any guard of the board's calls and stores: rev == C4 names C4's value for XM's. */
static bool named_in_board(const struct board *b, const char *name, long long *out)
{
	for (size_t i = 0; b && i < b->nfuncs; i++) {
		const struct function *f = b->funcs[i];

		for (size_t k = 0; k < f->ncalls; k++)
			for (size_t g = 0; g < f->calls[k]->nguards; g++)
				if (named_in(f->calls[k]->guards[g]->cond, name, out))
					return true;
		for (size_t k = 0; k < f->nstores; k++)
			for (size_t g = 0; g < f->stores[k]->nguards; g++)
				if (named_in(f->stores[k]->guards[g]->cond, name, out))
					return true;
	}
	return false;
}

static bool number_of(const struct conv *c, const char *text, const struct value *other,
		      long long *out)
{
	char *end;

	*out = strtoll(text, &end, 0);
	if (*text && *end == '\0')
		return true;
	if (other && other->kind == VAL_INT && str_eq(other->spelling, text)) {
		*out = other->ival;
		return true;
	}
	return named_in_board(c->b, text, out);
}

static bool eval_cond(const struct conv *c, const struct value *v, const struct value *other,
		      long long *out);

/*
 * Tolerant mode has no .config: IS_ENABLED(CONFIG_MMC_DAVINCI) evaluates to 0
 * there whatever the board's kernel had, so a guard built from CONFIG_
 * symbols is unknown (a TODO to decide with --assume), not false.
 */
static bool config_dependent(const struct conv *c, const struct value *v)
{
	bool s = v->spelling && strstr(v->spelling, "CONFIG_");
	bool e = v->expansion && strstr(v->expansion, "CONFIG_");

	/* --config, or symbols the file tests and tolerant mode assumed (extractor/config.h) */
	if ((s || e) && board_config_decides(c->b, s ? v->spelling : v->expansion))
		return false;
	return c->b->tolerant && (s || e);
}

/* Is fn the parser of a kernel command-line option (__setup / early_param)? */
bool conv_is_setup_handler(const struct conv *c, const char *fn)
{
	for (size_t i = 0; i < c->b->nvars; i++) {
		const struct variable *v = c->b->vars[i];
		const struct value *f = v->init && str_eq(v->type, "obs_kernel_param")
					? value_field(v->init, "setup_func") : NULL;

		if (f && f->kind == VAL_FUNC && str_eq(f->text, fn))
			return true;
	}
	return false;
}

/*
 * A variable of the file that only a command-line option's parser writes
 * (openrd-setup.c: `static int __initdata uart1;`, set by the
 * "kw_openrd_init_uart1=" parser) has its initial value when the kernel
 * boots without the option: that is the board the .dts describes (the
 * option's obs_kernel_param is a TODO of its own).
 */
static bool setup_only(const struct conv *c, const char *name, long long *out)
{
	size_t writes = 0;

	if (!str_is_word(name))
		return false;
	for (size_t i = 0; i < c->b->nfuncs; i++) {
		const struct function *f = c->b->funcs[i];

		for (size_t j = 0; j < f->nstores; j++)
			if (str_eq(f->stores[j]->var, name)) {
				if (!conv_is_setup_handler(c, f->name))
					return false;
				writes++;
			}
	}
	if (!writes)
		return false;
	const struct variable *var = board_find_var(c->b, name);

	if (var && (!var->init || var->init->kind != VAL_INT))
		return false;
	*out = var ? var->init->ival : 0;	/* no initializer: static storage is zero */
	return true;
}

/*
 * A parameter of the function whose guard is decided (`if (vbus_inverted)`
 * in palm27x_udc_init(vbus, pullup, vbus_inverted)): the number its one
 * caller of this machine passes (palmtx.c's `palm27x_udc_init(..., 1)`).
 */
static bool param_leaf(const struct conv *c, const struct value *v, long long *out)
{
	const struct value *arg;

	if (!c->guard_fn || (v->kind != VAL_UNKNOWN && v->kind != VAL_SYMBOLIC))
		return false;
	arg = conv_param_value_in(c, c->guard_fn, v);
	if (!arg || arg == v || arg->kind != VAL_INT)
		return false;
	*out = arg->ival;
	return true;
}

static bool eval_leaf(const struct conv *c, const struct value *v, const struct value *other,
		      long long *out)
{
	const char *a;

	if (assumed(c, v->spelling, &a))
		return number_of(c, a, other, out);
	/* a GPIO request's status, a mapped pointer, IS_ERR(): engine_success.c */
	if (v->kind == VAL_UNKNOWN && conv_success_leaf(c, v->spelling, out))
		return true;
	if (config_dependent(c, v))
		return false;
	if (v->kind == VAL_UNKNOWN && setup_only(c, v->spelling, out))
		return true;
	if (v->kind == VAL_UNKNOWN && conv_machine_var(c, v->spelling, out))
		return true;
	if (v->kind == VAL_INT) {
		*out = v->ival;
		return true;
	}
	return param_leaf(c, v, out);
}

static bool eval_binary(const struct conv *c, const char *op, const struct value *l,
			const struct value *r, long long *out)
{
	long long x, y;
	bool lx = eval_cond(c, l, r, &x);
	bool ry = eval_cond(c, r, l, &y);

	/* Short-circuit: one known side can decide && and ||. */
	if (str_eq(op, "&&") && ((lx && !x) || (ry && !y))) {
		*out = 0;
		return true;
	}
	if (str_eq(op, "||") && ((lx && x) || (ry && y))) {
		*out = 1;
		return true;
	}
	if (!lx || !ry)
		return false;
	if (str_eq(op, "==")) *out = x == y;
	else if (str_eq(op, "!=")) *out = x != y;
	else if (str_eq(op, "<")) *out = x < y;
	else if (str_eq(op, "<=")) *out = x <= y;
	else if (str_eq(op, ">")) *out = x > y;
	else if (str_eq(op, ">=")) *out = x >= y;
	else if (str_eq(op, "&&")) *out = x && y;
	else if (str_eq(op, "||")) *out = x || y;
	else if (str_eq(op, "&")) *out = x & y;
	else if (str_eq(op, "|")) *out = x | y;
	else return false;
	return true;
}

/*
 * The length of NAME when spelling is one call "NAME()" (an identifier, no
 * arguments; not `machine_is_a() || machine_is_b()` as one spelling), else 0.
 */
static size_t bare_call(const char *spelling)
{
	size_t n = spelling ? strlen(spelling) : 0;

	if (n < 3 || strcmp(spelling + n - 2, "()") != 0)
		return 0;
	for (size_t i = 0; i < n - 2; i++)
		if (!(isalnum((unsigned char)spelling[i]) || spelling[i] == '_'))
			return 0;
	return n - 2;
}

static bool same_name(const char *a, size_t n, const char *id)
{
	if (n != strlen(id))
		return false;
	for (size_t i = 0; i < n; i++)
		if (tolower((unsigned char)a[i]) != tolower((unsigned char)id[i]))
			return false;
	return true;
}

/* Is every '_' word of name[0..n) the start of a word of id ("sheeva_esata", ESATA_SHEEVAPLUG)? */
static bool words_in(const char *name, size_t n, const char *id)
{
	for (size_t w = 0; w < n; ) {
		size_t len = strcspn(name + w, "_");
		bool found = false;

		len = len > n - w ? n - w : len;
		for (const char *p = id; *p && !found; p += strcspn(p, "_"), p += *p == '_')
			found = len && !strncasecmp(p, name + w, len);
		if (!found)
			return false;
		w += len + 1;
	}
	return true;
}

/* The target tree's mach-types text, read once per conversion; NULL: no tree or none. */
static const char *registry(const struct conv *cc)
{
	struct conv *c = (struct conv *)cc;	/* a cache, as refs_of()'s */
	char *text = !c->mach_types_read && c->opt && c->opt->kernel_dir ?
		     mach_types_read(c->opt->kernel_dir) : NULL;

	c->mach_types = text ? arena_strdup(c->a, text) : c->mach_types;
	free(text);
	c->mach_types_read = true;
	return c->mach_types;
}

/*
 * machine_is_foo(): true for MACHINE_START(FOO). A name the target's
 * mach-types registry lists is that machine, no other. A name no
 * MACHINE_START of the file has and the registry lacks is another spelling
 * of one (the 2.6.3x sheevaplug-setup.c
 * tests machine_is_sheeva_esata() for MACHINE_START(ESATA_SHEEVAPLUG), one
 * mach-types number under two names) when its words start the words of
 * exactly one of them; else it names no machine of this file: false.
 */
static bool machine_is(const struct conv *c, const char *spelling, long long *out)
{
	const char *id = c->t ? c->t->machine_id : NULL;
	const struct machine *alias = NULL;
	size_t n, hits = 0;

	if (!spelling || !id || strncmp(spelling, "machine_is_", 11) != 0 ||
	    !(n = bare_call(spelling + 11)))
		return false;
	spelling += 11;
	*out = same_name(spelling, n, id);
	/* a machine of the registry in its own right (machine_is_colibri() in the
	 * colibri-evalboard.c a COLIBRI300 board shares): not this one */
	if (!*out && registry(c) && mach_types_text_lists(registry(c), spelling, n))
		return true;
	for (size_t i = 0; !*out && c->b && i < c->b->nmachines; i++) {
		if (same_name(spelling, n, c->b->machines[i]->id))
			return true;	/* another machine of the file */
		if (words_in(spelling, n, c->b->machines[i]->id)) {
			alias = c->b->machines[i];
			hits++;
		}
	}
	if (!*out && hits == 1)
		*out = str_eq(alias->id, id);
	/* a name the target's registry lacks too: renamed since, whose is unknown */
	if (!*out && !hits && registry(c) && !mach_types_text_lists(registry(c), spelling, n))
		return false;
	return true;
}

static bool eval_cond(const struct conv *c, const struct value *v, const struct value *other,
		      long long *out);

/*
 * pred(): a parameterless function of the board file whose body is one
 * `return EXPR;` is decided by EXPR (edb93xx_has_audio() returns
 * machine_is_edb9301() || ...). Nested predicates are followed a few
 * levels deep, which also stops a predicate that calls itself.
 */
static bool predicate(const struct conv *c, const char *spelling, long long *out)
{
	static _Thread_local int depth;
	const struct function *fn;
	size_t n = bare_call(spelling);
	bool ok;

	if (!n || depth >= 4)
		return false;
	fn = board_find_func(c->b, arena_strndup(c->a, spelling, n));
	if (!fn || !fn->returns)
		return false;
	depth++;
	ok = eval_cond(c, fn->returns, NULL, out);
	depth--;
	return ok;
}

static bool eval_cond(const struct conv *c, const struct value *v, const struct value *other,
		      long long *out)
{
	const char *a;

	if (!v)
		return false;
	if (assumed(c, v->spelling, &a))
		return number_of(c, a, other, out);
	if (machine_is(c, v->spelling, out) || predicate(c, v->spelling, out))
		return true;
	if (v->kind != VAL_EXPR)
		return eval_leaf(c, v, other, out);
	if (v->nkids == 1 && str_eq(v->text, "!")) {
		if (!eval_cond(c, v->kids[0], NULL, out))
			return false;
		*out = !*out;
		return true;
	}
	if (v->nkids == 2)
		return eval_binary(c, v->text, v->kids[0], v->kids[1], out);
	return false;
}

int conv_guard_state(const struct conv *c, struct guard **g, size_t n)
{
	int state = 1;

	for (size_t i = 0; i < n; i++) {
		long long v;

		if (!eval_cond(c, g[i]->cond, NULL, &v)) {
			/* An else branch with nothing assumed is the default path. */
			if (!g[i]->negated)
				state = -1;
			continue;
		}
		if ((v != 0) == g[i]->negated)
			return 0;
	}
	return state;
}

/* The same, for guards in function fn: its parameters read as its one caller passes them. */
int conv_guard_state_in(struct conv *c, const struct function *fn, struct guard **g, size_t n)
{
	const struct function *was = c->guard_fn;
	int state;

	c->guard_fn = fn;
	state = conv_guard_state(c, g, n);
	c->guard_fn = was;
	return state;
}

/*
 * The tolerant-mode assumption that makes a false guard false (", "-separated
 * symbols), or NULL: `else` of `if (HAS_ATA)` where the board file defines
 * HAS_ATA under `#if defined(CONFIG_BLK_DEV_PALMCHIP_BK3710)`.
 */
static const char *false_by_assumption(struct conv *c, struct guard **g, size_t n)
{
	struct strbuf sb;
	const char *s = NULL;

	sb_init(&sb);
	for (size_t i = 0; i < n; i++) {
		long long v;

		if (!eval_cond(c, g[i]->cond, NULL, &v) || (v != 0) != g[i]->negated)
			continue;	/* not the false one */
		if (!board_guard_assumption(c->b, g[i]->cond->spelling, &sb))
			board_guard_assumption(c->b, g[i]->cond->expansion, &sb);
	}
	if (sb.len)
		s = arena_strdup(c->a, sb.buf);
	sb_free(&sb);
	return s;
}

void conv_not_taken(struct conv *c, struct fact *f, struct guard **g, size_t n,
		    const struct srcpos *pos)
{
	const char *cond = conv_guard_text(c, g, n), *assumed = false_by_assumption(c, g, n);

	if (assumed) {	/* only the assumption decided: both arms stay visible */
		f->fate = FACT_TODO;
		f->reason = arena_printf(c->a, "only when %s, false because tolerant mode assumed %s "
					 "enabled (pass --config FILE to decide)", cond, assumed);
		dt_node_add_todo(c->t, NULL, pos, f->what, f->reason);
		return;
	}
	f->fate = FACT_CONVERTED;
	f->became = arena_printf(c->a, c->opt->nassume ? "not taken: %s is false under --assume"
				 : "not taken: %s is false", cond);
}

/* The guards as one condition: "a && b" ("?" for a guard without text). */
/*
 * How to decide the undecided guards with --assume, as the user types it:
 * "--assume: taken with --assume 'nandcs < GPMC_CS_NUM=1'" (the value that takes the branch;
 * =0 does not), one per undecided condition (the command line splits at
 * the last '=': "rev() == XM=1" works). A condition that spells a quote
 * cannot be written so: just "--assume".
 */
const char *conv_guard_hint(struct conv *c, struct guard **g, size_t n)
{
	struct strbuf sb;
	const char *s;

	sb_init(&sb);
	for (size_t i = 0; i < n; i++) {
		const char *sp = g[i]->cond ? g[i]->cond->spelling : NULL;

		if (conv_guard_state(c, &g[i], 1) >= 0)
			continue;
		if (!sp || strpbrk(sp, "'\n")) {
			sb_free(&sb);
			return "--assume";
		}
		sb_addf(&sb, "%s--assume '%s=%d'", sb.len ? " " : "--assume: taken with ", sp,
			g[i]->negated ? 0 : 1);
	}
	s = arena_strdup(c->a, sb.len ? sb.buf : "--assume");
	sb_free(&sb);
	return s;
}

/* Is t one parenthesized whole, `(...)` or `!(...)`? */
static bool wrapped(const char *t)
{
	int depth = 0;

	t += *t == '!';
	if (*t != '(')
		return false;
	for (const char *p = t; *p; p++) {
		depth += *p == '(';
		depth -= *p == ')';
		if (!depth)
			return !p[1];
	}
	return false;
}

/* The guards joined with &&; an operand with || or ?: in parentheses. */
/*
 * An early exit's guard that does not stop the call, its text only noise:
 * nothing decides it (`if (IS_ERR(clk)) return;`) or it holds.
 */
static bool silent_exit(const struct conv *c, const struct guard *g)
{
	long long v;

	return g->exit && (!eval_cond(c, g->cond, NULL, &v) || (v != 0) != g->negated);
}

const char *conv_guard_text(struct conv *c, struct guard **g, size_t n)
{
	struct strbuf sb;
	size_t shown = 0;
	char *s;

	for (size_t i = 0; i < n; i++)
		shown += !silent_exit(c, g[i]);
	sb_init(&sb);
	for (size_t i = 0, k = 0; i < n; i++) {
		const char *t = g[i]->text ? g[i]->text : "?";
		bool paren = n > 1 && (strstr(t, "||") || strchr(t, '?')) && !wrapped(t);

		if (shown && silent_exit(c, g[i]))
			continue;
		sb_addf(&sb, paren ? "%s(%s)" : "%s%s", k++ ? " && " : "", t);
	}
	s = arena_strdup(c->a, n ? sb.buf : "?");
	sb_free(&sb);
	return s;
}
