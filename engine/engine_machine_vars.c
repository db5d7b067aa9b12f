// SPDX-License-Identifier: GPL-2.0
/*
 * A file variable that tells the machines of one file apart. 6.1
 * colibri-pxa270.c:
 *
 *	static int colibri_pxa270_baseboard;
 *	core_param(colibri_pxa270_baseboard, colibri_pxa270_baseboard, int, 0444);
 *	static void __init colibri_pxa270_init(void)
 *	{	...
 *		switch (colibri_pxa270_baseboard) { case COLIBRI_PXA270_INCOME: ... }
 *	}
 *	static void __init colibri_pxa270_income_init(void)
 *	{
 *		colibri_pxa270_baseboard = COLIBRI_PXA270_INCOME;
 *		colibri_pxa270_init();
 *	}
 *
 * INCOME's .init_machine writes the variable before it calls anything, so the
 * switch is INCOME's case for INCOME; COLIBRI's code never writes it, so it
 * has its initial value there. The value is known for machine M when every
 * function of the file that writes the variable is a record's .init_machine
 * (or a command-line option's parser) that writes one constant, unguarded,
 * before its first call, and no call takes the variable's address: M's
 * entry's constant, else the initial value. A command-line option (the
 * core_param above, a __setup parser) may change it at boot; the .dts
 * describes the boot without it, as engine_guards.c's setup_only() does.
 */
#include "engine_int.h"

#include <string.h>

#include "../common/util.h"

/* Is fn the .init_machine of a record of the file? */
static bool machine_entry(const struct conv *c, const char *fn)
{
	for (size_t i = 0; i < c->b->nmachines; i++) {
		const struct value *init = value_field(c->b->machines[i]->record, "init_machine");

		if (init && init->kind == VAL_FUNC && str_eq(init->text, fn))
			return true;
	}
	return false;
}

/* The one store of f to name, unguarded and before f's first call; NULL if none; *bad if another. */
static const struct store *entry_store(const struct function *f, const char *name, bool *bad)
{
	const struct store *found = NULL;

	for (size_t j = 0; j < f->nstores; j++) {
		const struct store *s = f->stores[j];

		if (!str_eq(s->var, name))
			continue;
		if (found || s->global || s->nguards || !str_eq(s->path, "") || !s->rhs ||
		    s->rhs->kind != VAL_INT || (f->ncalls && f->calls[0]->pos.line <= s->pos.line))
			*bad = true;
		found = s;
	}
	for (size_t j = 0; j < f->ncompounds; j++)
		*bad |= str_eq(f->compounds[j]->var, name);
	return found;
}

/* Does a call of the file take &name? */
static bool address_taken(const struct conv *c, const char *name)
{
	for (size_t i = 0; i < c->b->nfuncs; i++)
		for (size_t k = 0; k < c->b->funcs[i]->ncalls; k++) {
			const struct call *call = c->b->funcs[i]->calls[k];

			for (size_t a = 0; a < call->nargs; a++)
				if (call->args[a]->kind == VAL_ADDR && str_eq(call->args[a]->text, name))
					return true;
		}
	return false;
}

bool conv_machine_var(const struct conv *c, const char *name, long long *out)
{
	const struct value *entry = c->m ? value_field(c->m->record, "init_machine") : NULL;
	const struct variable *var;
	bool bad = false, mine = false;
	size_t writers = 0;

	if (!c->b || !str_is_word(name))
		return false;
	for (size_t i = 0; i < c->b->nfuncs && !bad; i++) {
		const struct function *f = c->b->funcs[i];
		const struct store *s = conv_is_setup_handler(c, f->name) ? NULL :
					entry_store(f, name, &bad);

		if (!s)
			continue;
		bad |= !machine_entry(c, f->name);
		writers++;
		if (entry && entry->kind == VAL_FUNC && str_eq(entry->text, f->name)) {
			*out = s->rhs->ival;
			mine = true;
		}
	}
	if (bad || !writers || address_taken(c, name))
		return false;
	if (mine)
		return true;
	var = board_find_var(c->b, name);
	if (var && (var->is_array || (var->init && var->init->kind != VAL_INT)))
		return false;
	*out = var && var->init ? var->init->ival : 0;	/* no initializer: static storage is zero */
	return true;
}
