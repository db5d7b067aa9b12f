// SPDX-License-Identifier: GPL-2.0
/* `register: irq_type`: irq_set_irq_type (collected before the devices). */
#include "registrations.h"

#include "../../common/util.h"

bool reg_irq_type(struct reg_ctx *r)
{
	reg_converted(r, "trigger type in the interrupt specifier of the device using this IRQ");
	return true;
}
