// SPDX-License-Identifier: GPL-2.0
/* `register: platform`: one platform_device. */
#include "registrations.h"

#include "../../common/util.h"

bool reg_platform(struct reg_ctx *r)
{
	platform_one(r, reg_arg(r, "device"));
	return true;
}
