// SPDX-License-Identifier: GPL-2.0
/* `register: gpio_claim`: a run-time GPIO claim (the consumer describes the line). */
#include "registrations.h"

#include "../../common/util.h"

bool reg_gpio_claim(struct reg_ctx *r)
{
	reg_converted(r, "runtime GPIO claim (the consumer's *-gpios property describes the line)");
	return true;
}
