// SPDX-License-Identifier: GPL-2.0
/*
 * A function-like macro the tolerant-mode headers lack, spelled inside
 * another call's argument (2.6.3x board-usb-a9260.c:
 * at91_sys_write(AT91_SHDW_MR, AT91_SHDW_CPTWK0_(10) | AT91_SHDW_WKMODE0_LOW)):
 * clang sees a call of an undeclared function. Its value is part of the
 * enclosing call's argument, so that call's own fact accounts for it (a
 * TODO quoting the whole call, or a rule that reads the argument and finds
 * no value); a TODO of its own, "no rule for call AT91_SHDW_CPTWK0_", said
 * nothing more.
 */
#include "engine_int.h"

#include <string.h>

/* A macro's name by the kernel's convention: capitals, digits, underscores. */
static bool macro_name(const char *s)
{
	bool letter = false;

	for (; s && *s; s++) {
		if (*s >= 'a' && *s <= 'z')
			return false;
		letter |= *s >= 'A' && *s <= 'Z';
	}
	return letter;
}

bool conv_nested_macro_call(struct conv *c, const struct function *fn, const struct call *call,
			    struct fact *f)
{
	if (!fn || !call->nested || !call->spelling || !macro_name(call->callee))
		return false;
	for (size_t i = 0; i < fn->ncalls; i++) {
		const struct call *o = fn->calls[i];

		if (o == call || !o->spelling || o->pos.line > call->pos.line ||
		    strlen(o->spelling) <= strlen(call->spelling) || !strstr(o->spelling, call->spelling))
			continue;
		f->fate = FACT_CONVERTED;
		f->became = arena_printf(c->a, "part of an argument of %s (a macro the tolerant-mode "
					 "headers lack): that call's fact covers it", o->callee);
		return true;
	}
	return false;
}

/*
 * The call the rules know: clang's, or the one the board file wrote when
 * clang's came from a header macro's expansion and only the written name has
 * a call rule (the BSP's devices-imx6q.h beside the board: `imx6q_add_vpu()`
 * is clang's `imx_add_vpu(&imx6q_vpu_data)`; extractor/tok_stmt.c).
 */
const struct call *conv_ruled_call(const struct conv *c, const struct call *call)
{
	if (!call->written ||
	    conv_soc_rule(c, "calls", c->rs->calls, c->rs->ncalls, "call", call->callee) ||
	    !conv_soc_rule(c, "calls", c->rs->calls, c->rs->ncalls, "call", call->written->callee))
		return call;
	return call->written;
}
