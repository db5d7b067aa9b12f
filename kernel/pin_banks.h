/* SPDX-License-Identifier: GPL-2.0 */
/*
 * GPIO banks of a Samsung pin controller, learned from the target kernel's
 * driver (drivers/pinctrl/samsung/): the compatible's `of_device_id` entry
 * names its match data,
 *
 *	{ .compatible = "samsung,s3c2440-pinctrl", .data = &s3c2440_of_data },
 *
 * the match data names its controllers (`.ctrl = s3c2440_pin_ctrl`), each
 * controller its bank table (`.pin_banks = s3c2440_pin_banks`), and the
 * table lists the banks by name, those serving external interrupts with an
 * EINT macro:
 *
 *	PIN_BANK_2BIT_EINTW(8, 0x050, "gpf", 0, 0xff),
 *
 * A variant .dtsi writes one node per bank (s3c2416-pinctrl.dtsi: `gpf:
 * gpf-gpio-bank { gpio-controller; ... interrupt-controller; }`); a family
 * base .dtsi (s3c24xx.dtsi) leaves them to it.
 */
#ifndef B2D_PIN_BANKS_H
#define B2D_PIN_BANKS_H

#include <stdbool.h>
#include <stddef.h>

struct pin_bank {
	char *name;	/* "gpf" */
	bool eint;	/* an EINTG/EINTW bank: an interrupt controller too */
};

struct pin_banks {
	struct pin_bank *banks;
	size_t n;
	char *file;	/* the file of the bank table, relative to the tree */
};

/*
 * The banks of the first controller of compat, from the files of dir
 * (KDIR/drivers/pinctrl/samsung): B2D_OK, or B2D_ERR_PARSE when no file
 * names the compatible or the chain to its bank table breaks.
 */
int pin_banks_for_compatible(const char *kdir, const char *compat, struct pin_banks **out);
/* The same over the given texts (files[i] named names[i]), for tests. */
struct pin_banks *pin_banks_from_texts(const char *const *texts, const char *const *names,
				       size_t n, const char *compat);
void pin_banks_free(struct pin_banks *p);

#endif
