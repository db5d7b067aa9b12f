// SPDX-License-Identifier: GPL-2.0
/*
 * A board file without MACHINE_START whose setup a DT machine of its SoC
 * calls: 3.5 - 3.8 `mach-kirkwood/board-iconnect.c` has `void __init
 * iconnect_init(void)`, which `board-dt.c` calls when the tree is
 * "iom,iconnect". Its one external function `NAME_init(void)` is taken as
 * the machine's init, as if the file said MACHINE_START(NAME, ...) with
 * `.init_machine = NAME_init`; the machine is marked so the output says
 * where its record came from. Without such a function the file still has
 * no machine, and the run fails with "no MACHINE_START record found".
 */
#include "ex_internal.h"

#include <ctype.h>
#include <string.h>

/* Add f, the function defined at c, to the board; remember it when it may be the board's setup. */
void ex_init_machine_candidate(struct ex *x, CXCursor c, struct function *f)
{
	const char *name = ex_cxstr(x, clang_getCursorSpelling(c));
	size_t n = strlen(name);

	arena_push(x->a, (void ***)&x->b->funcs, &x->b->nfuncs, f);
	if (clang_Cursor_getStorageClass(c) == CX_SC_Static || clang_Cursor_getNumArguments(c) != 0 ||
	    n <= 5 || strcmp(name + n - 5, "_init"))
		return;
	arena_push(x->a, (void ***)&x->init_funcs, &x->ninit_funcs, (void *)name);
	x->init_pos = ex_pos(x, c);
}

void ex_init_machine(struct ex *x)
{
	struct machine *m;
	struct value *rec, *fn;
	const char *name;
	char *id;

	if (x->b->nmachines || x->ninit_funcs != 1)
		return;
	name = x->init_funcs[0];
	id = arena_strndup(x->a, name, strlen(name) - 5);
	for (char *p = id; *p; p++)
		*p = (char)toupper((unsigned char)*p);
	rec = arena_alloc(x->a, sizeof(*rec));
	fn = arena_alloc(x->a, sizeof(*fn));
	*fn = (struct value){ .kind = VAL_FUNC, .field = "init_machine", .text = name,
			      .spelling = name, .pos = x->init_pos };
	*rec = (struct value){ .kind = VAL_LIST, .type = "machine_desc", .pos = x->init_pos,
			       .spelling = name };
	arena_push(x->a, (void ***)&rec->kids, &rec->nkids, fn);
	m = arena_alloc(x->a, sizeof(*m));
	m->id = id;
	m->name = NULL;
	m->record = rec;
	m->pos = x->init_pos;
	m->init_only = true;
	arena_push(x->a, (void ***)&x->b->machines, &x->b->nmachines, m);
}
