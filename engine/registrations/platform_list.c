// SPDX-License-Identifier: GPL-2.0
/* `register: platform_list`: an array of platform_device pointers (platform_add_devices). */
#include "registrations.h"

#include "../../common/util.h"

bool reg_platform_list(struct reg_ctx *r)
{
	const struct variable *arr = conv_deref(r->c, reg_arg(r, "devices"));

	if (!arr || !arr->init)
		return false;
	conv_mark_var(r->c, arr->name);
	reg_converted(r, arena_printf(r->c->a, "%zu platform devices", arr->init->nkids));
	for (size_t i = 0; i < arr->init->nkids; i++) {
		const struct value *p = arr->init->kids[i];
		const struct variable *dev = conv_deref(r->c, p);
		struct fact *f = dt_add_fact(r->c->t, "variable",
					     arena_printf(r->c->a, "platform_device %s",
							  p->text ? p->text : "?"), &p->pos);

		const struct rnode *srule = p->text ? soc_device_rule(r->c, p->text) : NULL;

		if (!dev && srule) {
			/* A SoC device (s3c_device_hsmmc0): its .dtsi node, enabled. */
			struct variable soc = { .name = p->text, .pos = p->pos };

			soc_platform_device(r->c, &soc, srule, f);
			continue;
		}
		if (!dev) {
			f->fate = FACT_TODO;
			f->reason = arena_printf(r->c->a, "%s is not defined in this file (SoC device?)",
						 p->text ? p->text : "?");
			dt_node_add_todo(r->c->t, NULL, &p->pos, p->spelling, f->reason);
			continue;
		}
		conv_platform_device(r->c, dev, f);
		if (f->fate == FACT_CONVERTED && !f->became)
			f->became = dev->name;
	}
	return true;
}
