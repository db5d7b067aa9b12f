// SPDX-License-Identifier: GPL-2.0
/* `register: platform_simple`: a platform device registered by name. */
#include "registrations.h"

#include "../../common/util.h"

bool reg_platform_simple(struct reg_ctx *r)
{
	reg_todo(r, "platform_device_register_simple: no platform data to convert");
	return true;
}
