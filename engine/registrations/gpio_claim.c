// SPDX-License-Identifier: GPL-2.0
/*
 * `register: gpio_claim`: a run-time GPIO claim (the consumer describes the
 * line). `pin_functions: GPIO_FN_`: a "GPIO" spelled with that prefix is a
 * pin function the SoC's pin controller muxes (the SH-Mobile PFC's
 * `gpio_request(GPIO_FN_SCIFA4_TXD, NULL)` of 2.6.3x - 3.x), no line: a
 * pin-mux TODO, not a converted claim.
 */
#include "registrations.h"

#include <string.h>

#include "../../common/util.h"

bool reg_gpio_claim(struct reg_ctx *r)
{
	const char *pf = r->reg && r->reg->kind == RN_MAP ? rn_str(r->reg, "pin_functions") : NULL;
	const struct value *g = reg_arg(r, "gpio");

	if (pf && *pf && g && g->spelling && !strncmp(g->spelling, pf, strlen(pf))) {
		reg_todo(r, arena_printf(r->c->a, "requests the pin function %s, not a GPIO line: "
					 "a pinctrl group of the SoC's pin controller that has it, "
					 "on the device that uses it, by hand", g->spelling));
		return true;
	}
	reg_converted(r, "runtime GPIO claim (the consumer's *-gpios property describes the line)");
	return true;
}
