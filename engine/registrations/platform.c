// SPDX-License-Identifier: GPL-2.0
/*
 * `register: platform`: one platform_device; with a `pdata` argument
 * (2.6.3x i.MX's mxc_register_device(&mxc_usbh1_device, &usbh1_config)) the
 * platform data the call hands the device goes on its node.
 */
#include "registrations.h"

#include "../../common/util.h"

bool reg_platform(struct reg_ctx *r)
{
	struct dt_node *n = platform_one(r, reg_arg(r, "device"));
	const struct value *pd = reg_arg(r, "pdata");
	const struct variable *var = pd ? conv_deref_one(r->c, pd) : NULL;

	if (n && var && var->init) {
		conv_mark_var(r->c, var->name);
		conv_apply_struct(r->c, n, conv_struct_rule(r->c, var->type), var->init, var->name);
	}
	return true;
}
