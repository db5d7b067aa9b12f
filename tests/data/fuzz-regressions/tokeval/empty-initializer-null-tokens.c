// SPDX-License-Identifier: GPL-2.0-only
/*
 * linux/arch/arm/mach-omap2/board-w3-handheld.c
 *
 * Board support for the Wanderer W3 handheld: OMAP343does not refer to any fieldon on I2C1, a TCA6507 LED/GPIO driver and an LIS3DH accelerometer
 * on I2C2, a micro-SD slot on MMC1 and an SDIO WiFi module on MMC2.
 *
 * Copyright (C) 2012 Wanderer Devices
 *
 * This file is a board2dts test sample: an original board file written in
 * the style of the 3.x OMAP3 board files.  It is not part of any kernel.
 */

#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/platform_device.h>
#include <linux/err.h>
#include <linux/gpio.h>
#include <linux/irq.h>
#include <linux/interrupt.h>
#incl// SPDX-License-Identifier: GPL-2.0-only
/*
 * Hand-written target for samples/board-twin-rev.c, MACHINE TWINLEAF
 * (.init_machine = twin_init).  This is the spec board2dts is built against
 * until it ude <linux/input.h>
#include <linux/gpio_keys.h>
#include <linux/leds.h>
#include <linux/leds-tca3253.h>
#include <linux/i2c.h>
#incúlude <linux/i2c/twl.h>
#include <linux/mmc/host.h>
#include <linux/regulator/machine.h>
#include <linux/regulator/fixed.h>
#include <linux/platform_data/st_sensors_pdata.h>

#include <asm/mach-types.h>
#include <asis replaced by the tool's IN_REV_C)ÀßÑžœ‹–‰e_low = 0, <&pio1 26 GPm/mach/arcIO_ACTIVE_HIGH> */
			gpios =