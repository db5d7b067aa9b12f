/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Pin functions learned from the target kernel's pin-controller driver: the
 * MVEBU MPP tables (drivers/pinctrl/mvebu/pinctrl-{orion,kirkwood,dove}.c)
 * say, for each pin and select value, the function name the binding uses
 *
 *	MPP_MODE(16,
 *		 MPP_VAR_FUNCTION(0x0, "uart1", "rxd", V_ALL),
 *		 MPP_VAR_FUNCTION(0x5, "gpio", NULL, V_ALL)),
 *
 * so a board file's `MPP16_UART` (pin 16, select 0) becomes
 * `marvell,pins = "mpp16"; marvell,function = "uart1";`. The PXA2xx tables
 * (drivers/pinctrl/pxa/pinctrl-pxa27x.c) say the same per pin, with the
 * driver's muxval (dir | af << 1) as the select value:
 *
 *	PXA_GPIO_PIN(PXA_PINCTRL_PIN(32),
 *		     PXA_FUNCTION(1, 2, "MMCLK")),
 *
 * (plus "gpio_in" = 0 and "gpio_out" = 1 for the GPIO pins), so MFP
 * `GPIO32_MMC_CLK` (GPIO 32, AF2, output) becomes `pins = "P32";
 * function = "MMCLK";`.
 */
#ifndef B2D_PIN_FUNCTIONS_H
#define B2D_PIN_FUNCTIONS_H

#include <stdbool.h>
#include <stddef.h>

struct pin_functions;

/* Parse a driver's text: NULL when it has no MPP_MODE table. */
struct pin_functions *pin_functions_parse(const char *text, const char *file);
/* KDIR/rel; B2D_OK, B2D_ERR_IO (unreadable) or B2D_ERR_PARSE (no MPP table). */
int pin_functions_load(const char *kdir, const char *rel, struct pin_functions **out);
void pin_functions_free(struct pin_functions *p);

/* The function of pin at select value sel, or NULL; the first variant the
 * driver lists wins. */
const char *pin_functions_name(const struct pin_functions *p, unsigned pin, unsigned sel);
/* Every function of pin at select value sel, in the driver's order (at most max): *out. */
size_t pin_functions_names(const struct pin_functions *p, unsigned pin, unsigned sel,
			   const char **out, size_t max);
/* Does the driver list the pin at all? */
bool pin_functions_has_pin(const struct pin_functions *p, unsigned pin);
/*
 * The one function of pin whose name starts with word ("gpio" for GPIO,
 * "sata1" for SATA when the pin has no other sata function), compared
 * without case; NULL when none or several distinct ones do. For mode words
 * known only by name (MPP21_GPIO) when the board API's header is not in the
 * target tree.
 */
const char *pin_functions_guess(const struct pin_functions *p, unsigned pin, const char *word);
/* The driver file, relative to the tree ("drivers/pinctrl/mvebu/pinctrl-orion.c"). */
const char *pin_functions_file(const struct pin_functions *p);
size_t pin_functions_count(const struct pin_functions *p);
/* Every distinct function of pin, at any select value, in the driver's order (at most max). */
size_t pin_functions_of_pin(const struct pin_functions *p, unsigned pin, const char **out, size_t max);
/*
 * The table of the driver under KDIR/drivers/pinctrl whose source names the
 * compatible ("marvell,88f6281-pinctrl" -> pinctrl-kirkwood.c): B2D_OK, or
 * B2D_ERR_PARSE when no driver file both names it and has a table.
 */
int pin_functions_for_compatible(const char *kdir, const char *compat, struct pin_functions **out);

#endif
