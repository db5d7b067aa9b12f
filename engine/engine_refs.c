// SPDX-License-Identifier: GPL-2.0
/*
 * What a machine's code names, statically: from its MACHINE_START record and
 * the initcalls, every board function it calls or stores a pointer to and
 * every file-scope variable a call, a store or an initializer names, each
 * with how it was first reached. conv_account_unused_vars uses it to say why
 * a variable no registration consumed was not converted: another machine's
 * data, part of a device left a TODO, or registered late by a callback.
 */
#include "engine_int.h"

#include <string.h>

enum ref_via {
	VIA_ROOT,	/* the MACHINE_START record or an initcall names it */
	VIA_CALL,	/* an argument of call (or the callee) in parent's body */
	VIA_STORE,	/* a store in parent's body writes or reads it */
	VIA_INIT,	/* parent's initializer names it in .field */
};

struct ref {
	const char *name;
	const struct function *fn;	/* a function, or NULL for a variable */
	enum ref_via via;
	const struct ref *parent;	/* the function or variable naming it (NULL: root) */
	const char *field;		/* VIA_INIT: the member of parent's initializer */
	const struct call *call;	/* VIA_CALL */
	const struct store *store;	/* VIA_STORE */
};

struct refs {
	struct ref **r;		/* in the order reached (breadth first) */
	size_t n;
};

static const struct ref *refs_find(const struct refs *s, const char *name, bool fn)
{
	for (size_t i = 0; s && i < s->n; i++)
		if ((s->r[i]->fn != NULL) == fn && !strcmp(s->r[i]->name, name))
			return s->r[i];
	return NULL;
}

static void add(struct conv *c, struct refs *s, const char *name, const struct ref *from,
		const struct ref *how)
{
	const struct function *fn = name ? board_find_func(c->b, name) : NULL;
	struct ref *r;

	if (!name || (!fn && !board_find_var(c->b, name)) || refs_find(s, name, fn != NULL))
		return;
	r = arena_alloc(c->a, sizeof(*r));
	*r = *how;
	r->name = name;
	r->fn = fn;
	r->parent = from;
	arena_push(c->a, (void ***)&s->r, &s->n, r);
}

/* Every variable and function v names, reached from `from` as `how` says. */
static void add_value(struct conv *c, struct refs *s, const struct value *v, const struct ref *from,
		      struct ref how)
{
	if (!v)
		return;
	if (v->kind == VAL_FUNC)
		add(c, s, v->text, from, &how);
	if (v->kind == VAL_ADDR && v->text)	/* &leds[0], &pdata.gpio: the variable itself */
		add(c, s, arena_strndup(c->a, v->text, strcspn(v->text, "[.-")), from, &how);
	for (size_t i = 0; (v->kind == VAL_LIST || v->kind == VAL_EXPR) && i < v->nkids; i++) {
		struct ref k = how;

		if (how.via == VIA_INIT && v->kids[i]->field)
			k.field = v->kids[i]->field;	/* the innermost member naming it */
		add_value(c, s, v->kids[i], from, k);
	}
}

static void walk(struct conv *c, struct refs *s, const struct ref *r)
{
	const struct variable *v;

	if (!r->fn) {
		v = board_find_var(c->b, r->name);
		add_value(c, s, v ? v->init : NULL, r, (struct ref){ .via = VIA_INIT });
		return;
	}
	for (size_t i = 0; i < r->fn->ncalls; i++) {
		const struct call *call = r->fn->calls[i];
		struct ref how = { .via = VIA_CALL, .call = call };

		add(c, s, call->callee, r, &how);
		for (size_t j = 0; j < call->nargs; j++)
			add_value(c, s, call->args[j], r, how);
	}
	for (size_t i = 0; i < r->fn->nstores; i++) {
		struct ref how = { .via = VIA_STORE, .store = r->fn->stores[i] };

		add(c, s, r->fn->stores[i]->var, r, &how);
		add_value(c, s, r->fn->stores[i]->rhs, r, how);
	}
}

static struct refs *machine_refs(struct conv *c, const struct machine *m)
{
	struct refs *s = arena_alloc(c->a, sizeof(*s));

	add_value(c, s, m->record, NULL, (struct ref){ .via = VIA_ROOT });
	for (size_t i = 0; i < c->b->nvars; i++) {
		const char *fn = conv_initcall(c->b->vars[i]);

		if (fn)
			add(c, s, fn, NULL, &(struct ref){ .via = VIA_ROOT });
	}
	for (size_t i = 0; i < s->n; i++)
		walk(c, s, s->r[i]);
	return s;
}

/* The machine's references, computed once per conversion for every machine of the file. */
static const struct refs *refs_of(struct conv *c, const struct machine *m)
{
	if (!c->mrefs)
		c->mrefs = arena_alloc(c->a, c->b->nmachines * sizeof(*c->mrefs));
	for (size_t i = 0; i < c->b->nmachines; i++)
		if (c->b->machines[i] == m) {
			if (!c->mrefs[i])
				c->mrefs[i] = machine_refs(c, m);
			return c->mrefs[i];
		}
	return machine_refs(c, m);
}

const char *conv_elsewhere(struct conv *c, const struct machine *m, const char *var)
{
	const char *ids = NULL;

	if (refs_find(refs_of(c, m), var, false))
		return NULL;
	for (size_t i = 0; i < c->b->nmachines; i++) {
		const struct machine *y = c->b->machines[i];

		if (y != m && refs_find(refs_of(c, y), var, false))
			ids = ids ? arena_printf(c->a, "%s, MACHINE_START(%s)", ids, y->id)
				  : arena_printf(c->a, "MACHINE_START(%s)", y->id);
	}
	return ids;
}

bool conv_named_by_any(struct conv *c, const char *var)
{
	for (size_t i = 0; i < c->b->nmachines; i++)
		if (refs_find(refs_of(c, c->b->machines[i]), var, false))
			return true;
	return false;
}

static const struct fact *fact_at(const struct conv *c, const char *kind, const struct srcpos *pos)
{
	for (size_t i = 0; i < c->t->nfacts; i++) {
		const struct fact *f = c->t->facts[i];

		if (str_eq(f->kind, kind) && f->pos.line == pos->line && f->pos.col == pos->col &&
		    str_eq(f->pos.file, pos->file))
			return f;
	}
	return NULL;
}

/* A function the conversion did not walk: the callback it hangs from, never followed. */
static const char *late(struct conv *c, const struct ref *r)
{
	while (r->parent && r->parent->fn && !conv_reached(c, r->parent->fn))
		r = r->parent;	/* a helper the callback calls: name the callback */
	if (r->via == VIA_INIT)
		return arena_printf(c->a, "registered late by %s(), the .%s callback of %s, which "
				    "the engine does not follow: describe it by hand", r->name,
				    r->field ? r->field : "?", r->parent->name);
	if (r->via == VIA_STORE)
		return arena_printf(c->a, "registered late by %s(), a callback `%s` stores, which the "
				    "engine does not follow: describe it by hand", r->name,
				    r->store->spelling ? r->store->spelling : r->store->var);
	return arena_printf(c->a, "registered by %s(), which the engine does not follow: describe "
			    "it by hand", r->name);
}

/*
 * How the call or store that names a variable fared. A call not taken for
 * this machine (machine_is_*() false) takes its data with it: "not taken: ..."
 * (conv_account_unused_vars makes that converted, like the call).
 */
static const char *fate_of(struct conv *c, const char *verb, const char *what, const struct fact *f,
			   const char *callee)
{
	if (!f)
		return NULL;
	if (f->fate == FACT_TODO)
		return arena_printf(c->a, "%s %s, a TODO: %s", verb, what, f->reason ? f->reason : "?");
	if (f->became && !strncmp(f->became, "not taken: ", 11))
		return arena_printf(c->a, "not taken: %s %s, %s", verb, what, f->became + 11);
	if (callee && board_find_func(c->b, callee))
		return arena_printf(c->a, "%s board function %s(), whose use of it no rule converts",
				    verb, callee);
	return arena_printf(c->a, "%s %s (converted: %s), whose rule does not read it", verb, what,
			    f->became ? f->became : "?");
}

/*
 * A store that names the variable: a fact when it writes a file-scope
 * variable, else (`data->keymap = &centro_keymap`, through a pointer) no
 * fact at all: taken or not by its guard, never followed.
 */
static const char *stored(struct conv *c, const struct store *st, const struct function *fn)
{
	const char *what = st->spelling ? st->spelling : st->var;
	const struct fact *f = fact_at(c, "store", &st->pos);

	if (f)
		return fate_of(c, "named by", what, f, NULL);
	if (conv_guard_state(c, st->guards, st->nguards) == 0)
		return arena_printf(c->a, "not taken: named by `%s` in %s(), under a condition false "
				    "for this machine", what, fn->name);
	return arena_printf(c->a, "named by `%s` in %s(), a store through a pointer the engine does "
			    "not follow: describe it by hand", what, fn->name);
}

/* " (.field)", or "" for an array element. */
static const char *member(struct conv *c, const struct ref *r)
{
	return r->field ? arena_printf(c->a, " (.%s)", r->field) : "";
}

/*
 * The store of this machine's code that sets var's member field to another
 * object (3.x guruplug-setup.c, for the DreamPlug: `guruplug_leds.dev.
 * platform_data = &dreamplug_led_data`), so what the initializer put there
 * is not this machine's; NULL when none does.
 */
static const struct store *replaced_by(struct conv *c, const char *var, const char *field)
{
	size_t n = field ? strlen(field) : 0;

	for (size_t i = 0; n && i < c->nreach; i++)
		for (size_t k = 0; k < c->reach[i]->nstores; k++) {
			const struct store *s = c->reach[i]->stores[k];
			size_t len = strlen(s->path);

			if (str_eq(s->var, var) && len > n && !strcmp(s->path + len - n, field) &&
			    s->path[len - n - 1] == '.' && conv_guard_state(c, s->guards, s->nguards) == 1)
				return s;
		}
	return NULL;
}

static const char *why(struct conv *c, const struct ref *r)
{
	const struct store *repl;

	const struct ref *p = r->parent;
	const char *top;

	if (!p)
		return NULL;
	if (p->fn && !conv_reached(c, p->fn))
		return late(c, p);
	if (r->via == VIA_CALL)
		return fate_of(c, "passed to", r->call->spelling ? r->call->spelling : r->call->callee,
			       fact_at(c, "call", &r->call->pos), r->call->callee);
	if (r->via == VIA_STORE)
		return stored(c, r->store, p->fn);
	if (r->via != VIA_INIT || p->fn)
		return NULL;
	if (conv_var_used(c, p->name) && (repl = replaced_by(c, p->name, r->field)))
		return arena_printf(c->a, "not taken: part of %s%s, which `%s` replaces for this "
				    "machine", p->name, member(c, r),
				    repl->spelling ? repl->spelling : repl->var);
	if (conv_var_used(c, p->name))
		return arena_printf(c->a, "part of %s%s, which this machine registers, but its rule "
				    "does not read %s", p->name, member(c, r),
				    r->field ? arena_printf(c->a, ".%s", r->field) : "its elements");
	while (p->via == VIA_INIT && p->parent && !p->parent->fn && !conv_var_used(c, p->parent->name))
		p = p->parent;	/* the outermost variable nothing registered either */
	top = why(c, p);
	if (top && !strncmp(top, "not taken: ", 11))
		return arena_printf(c->a, "not taken: part of %s%s, %s", r->parent->name, member(c, r),
				    top + 11);
	return arena_printf(c->a, "part of %s%s: %s", r->parent->name, member(c, r),
			    top ? top : "not registered by this machine's code");
}

const char *conv_unregistered_why(struct conv *c, const struct machine *m, const char *var)
{
	const struct ref *r = refs_find(refs_of(c, m), var, false);

	return r ? why(c, r) : NULL;
}
