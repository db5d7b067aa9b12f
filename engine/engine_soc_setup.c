// SPDX-License-Identifier: GPL-2.0
/*
 * SoC setup calls: the machine's .map_io, .init_irq, .init_early (the
 * fields `soc_setup_fields:` names) set up the SoC, and the SoC's DT
 * machine does that work in a DT kernel. A call there that no rule knows
 * and that passes no value (omap_init_irq(), omap2_init_common_hw(NULL,
 * NULL) of a 2.6.3x board file) carries no board fact: it is converted with
 * a note naming the field. A call with an argument stays a TODO, its
 * argument may be a board fact (s3c24xx_init_clocks(12000000)).
 */
#include "engine_int.h"

/* The machine_desc field that names fn, when it is a SoC setup field. */
static const char *setup_field_of(const struct conv *c, const struct function *fn)
{
	const struct value *rec = c->m ? c->m->record : NULL;

	for (size_t i = 0; rec && rec->kind == VAL_LIST && i < rec->nkids; i++) {
		const struct value *k = rec->kids[i];

		if (k->kind != VAL_FUNC || !k->field || !str_eq(k->text, fn->name))
			continue;
		for (size_t r = 0; r < c->rs->nsoc_setup_fields; r++)
			if (str_eq(c->rs->soc_setup_fields[r]->scalar, k->field))
				return k->field;
	}
	return NULL;
}

/* No argument carries a value: none at all, or only NULL and 0. */
static bool passes_nothing(const struct call *call)
{
	for (size_t i = 0; i < call->nargs; i++) {
		const struct value *a = call->args[i];

		if (a->kind != VAL_NULL && !(a->kind == VAL_INT && a->ival == 0))
			return false;
	}
	return true;
}

bool conv_soc_setup_call(struct conv *c, const struct function *fn, const struct call *call,
			 struct fact *f)
{
	const char *field = fn ? setup_field_of(c, fn) : NULL;

	if (!field || !passes_nothing(call))
		return false;
	f->fate = FACT_CONVERTED;
	f->became = arena_printf(c->a, "no DT equivalent: SoC setup in the machine's .%s (%s), "
				 "which the SoC's DT machine does; it passes no board value",
				 field, fn->name);
	return true;
}
