// SPDX-License-Identifier: GPL-2.0
/*
 * `register: amba`: an AMBA PrimeCell device (amba_device_register(dev,
 * &iomem_resource), amba_device_add()). A PrimeCell's driver binds by the
 * peripheral id the hardware reports, so the C gives no compatible: the
 * device is the target .dtsi's node at its base address (`.res.start`),
 * enabled, with its platform data (`.dev.platform_data`: mmci_platform_data,
 * ...) converted by that struct's rule onto it. Its `.irq[]` are the
 * node's own interrupts. A base not known, or no node there, is a TODO.
 * The 2.6.x-3.x idiom registers an array of them in a loop,
 * `for (i = 0; i < ARRAY_SIZE(amba_devs); i++) { struct amba_device *d =
 * amba_devs[i]; amba_device_register(d, &iomem_resource); }`: each element.
 */
#include "registrations.h"

#include <ctype.h>
#include <string.h>

#include "../../common/util.h"
#include "../../kernel/soc_dtsi.h"

/* The function whose body holds this call. */
static const struct function *calling_function(const struct conv *c, const struct call *call)
{
	for (size_t i = 0; i < c->b->nfuncs; i++)
		for (size_t j = 0; j < c->b->funcs[i]->ncalls; j++)
			if (c->b->funcs[i]->calls[j] == call)
				return c->b->funcs[i];
	return NULL;
}

static bool is_ident(const char *s)
{
	if (!s || !(isalpha((unsigned char)*s) || *s == '_'))
		return false;
	while (isalnum((unsigned char)*s) || *s == '_')
		s++;
	return !*s;
}

/*
 * `devs[i]` (an index that is no number), directly or through a local the
 * calling function set to it (`d = devs[i]`): the array the loop walks.
 */
static const struct variable *loop_array(const struct conv *c, const struct call *call,
					 const struct value *arg)
{
	const char *sp = arg ? arg->spelling : NULL;
	const struct function *fn = calling_function(c, call);
	const struct variable *v;
	size_t n;

	for (size_t i = 0; fn && is_ident(sp) && i < fn->nstores; i++)
		if (str_eq(fn->stores[i]->var, sp) && !fn->stores[i]->path[0] && fn->stores[i]->rhs)
			sp = fn->stores[i]->rhs->spelling;
	if (!sp)
		return NULL;
	n = strcspn(sp, "[ \t");
	if (!n || sp[n + strspn(sp + n, " \t")] != '[' || isdigit((unsigned char)sp[strcspn(sp, "[") + 1]))
		return NULL;
	v = board_find_var(c->b, arena_strndup(c->a, sp, n));
	return v && v->is_array && v->init ? v : NULL;
}

static void amba_one(struct reg_ctx *r, const struct variable *dev, const struct srcpos *pos)
{
	struct conv *c = r->c;
	const struct value *start = conv_field(c, conv_field(c, dev->init, "res"), "start");
	const struct value *pdv = conv_field(c, conv_field(c, dev->init, "dev"), "platform_data");
	const struct variable *pd = conv_deref_one(c, pdv);
	const char *busid = value_field_str(conv_field(c, dev->init, "dev"), "init_name");
	const char *what = arena_printf(c->a, "amba_device %s", dev->name);
	struct fact *f = dt_add_fact(c->t, "variable", what, &dev->pos);
	const char *label = NULL;
	struct dt_node *n;

	conv_mark_var(c, dev->name);
	if (start && start->kind == VAL_INT && c->opt && c->opt->dtsi)
		label = soc_dtsi_label_at(c->opt->dtsi, (uint64_t)start->ival);
	if (!label) {
		f->fate = FACT_TODO;
		f->reason = !start || start->kind != VAL_INT
			? arena_printf(c->a, "AMBA device \"%s\": base address not known (the "
				       "machine's *_BASE macro; a SoC pack's defines give it)",
				       busid ? busid : dev->name)
			: !c->opt || !c->opt->dtsi
			? arena_printf(c->a, "AMBA device at %#llx: its node is the target's SoC "
				       ".dtsi's at that address (needs --kernel and a .dtsi)", start->ival)
			: arena_printf(c->a, "AMBA device at %#llx: no node there in the target's "
				       "SoC .dtsi; an \"arm,primecell\" node by hand", start->ival);
		dt_node_add_todo(c->t, NULL, &dev->pos, what, f->reason);
		if (pd && pd->init) {	/* its platform data goes with it */
			struct fact *pf = dt_add_fact(c->t, "variable", arena_printf(c->a,
						      "struct %s %s", pd->type, pd->name), &pd->pos);

			conv_mark_var(c, pd->name);
			pf->fate = FACT_TODO;
			pf->reason = arena_printf(c->a, "platform data of %s, an AMBA device left "
						  "as a TODO", dev->name);
			dt_node_add_todo(c->t, NULL, &pd->pos, pf->what, pf->reason);
		}
		return;
	}
	n = conv_enable(c, label, pos, arena_printf(c->a, "&%s", dev->name));
	if (pd && pd->init) {
		conv_mark_var(c, pd->name);
		conv_apply_struct(c, n, conv_struct_rule(c, pd->type), pd->init, pd->name);
	} else if (pdv && pdv->kind != VAL_NULL) {
		dt_node_add_todo(c->t, n, &pdv->pos, pdv->spelling,
				 "platform data not defined in this file: convert it by hand");
	}
	f->fate = FACT_CONVERTED;
	f->became = arena_printf(c->a, "&%s", label);
}

bool reg_amba(struct reg_ctx *r)
{
	const struct value *arg = reg_arg(r, "device");
	const struct variable *arr = loop_array(r->c, r->call, arg), *dev;

	if (arr) {
		conv_mark_var(r->c, arr->name);
		reg_converted(r, arena_printf(r->c->a, "%zu AMBA devices of %s", arr->init->nkids,
					      arr->name));
		for (size_t i = 0; i < arr->init->nkids; i++) {
			const struct value *p = arr->init->kids[i];

			if ((dev = conv_deref_one(r->c, p)) && dev->init)
				amba_one(r, dev, &r->call->pos);
			else {
				entry_fact(r->c, p->spelling, p, NULL, "AMBA device not defined in this file");
				dt_node_add_todo(r->c->t, NULL, &p->pos, p->spelling,
						 "AMBA device not defined in this file");
			}
		}
		return true;
	}
	dev = conv_deref_one(r->c, arg);
	if (!dev || !dev->init)
		return false;
	reg_converted(r, dev->name);
	amba_one(r, dev, &r->call->pos);
	return true;
}
