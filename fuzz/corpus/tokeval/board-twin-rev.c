// SPDX-License-Identifier: GPL-2.0-only
/*
 * linux/arch/arm/mach-omap2/board-twinleaf.c
 *
 * Arbor Twinleaf and Twinleaf Pro: two small OMAP3630 boards sharing one
 * PCB family.  The Pro adds a third LED and a TMP102 temperature sensor.
 * Board revisions A..C are told apart by two strapping resistors.
 *
 * Copyright (C) 2011 Arbor Systems
 *
 * This file is a board2dts test sample: an original board file written in
 * the style of the 3.x OMAP3 board files.  It is not part of any kernel.
 */

#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/platform_device.h>
#include <linux/gpio.h>
#include <linux/irq.h>
#include <linux/input.h>
#include <linux/gpio_keys.h>
#include <linux/leds.h>
#include <linux/i2c.h>

#include <asm/mach-types.h>
#include <asm/mach/arch.h>

#include "common.h"

/* board revision strapping: rev = GPIO 171 | GPIO 172 << 1 */
#define TWIN_GPIO_REV0			171
#define TWIN_GPIO_REV1			172

#define TWIN_GPIO_LED_USR0		139
#define TWIN_REVA_GPIO_LED_USR1		21	/* rev A: on the camera pad */
#define TWIN_REVB_GPIO_LED_USR1		140	/* rev B and later */
#define TWIN_PRO_GPIO_LED_USR2		141
#define TWIN_GPIO_USER_KEY		26
#define TWIN_PRO_GPIO_TEMP_ALERT	163

enum {
	TWIN_REV_A = 0,
	TWIN_REV_B,
	TWIN_REV_C,
};

static u8 twin_rev;

static u8 twin_get_revision(void)
{
	return twin_rev;
}

static void __init twin_init_rev(void)
{
	gpio_request_one(TWIN_GPIO_REV0, GPIOF_IN, "rev0");
	gpio_request_one(TWIN_GPIO_REV1, GPIOF_IN, "rev1");

	twin_rev = gpio_get_value(TWIN_GPIO_REV0)
		 | gpio_get_value(TWIN_GPIO_REV1) << 1;

	pr_info("Twinleaf: board revision %c\n", 'A' + twin_rev);
}

/* The Pro populates the third LED; the base board registers two */
static struct gpio_led twin_leds[] = {
	{
		.name			= "twinleaf:green:usr0",
		.default_trigger	= "heartbeat",
		.gpio			= TWIN_GPIO_LED_USR0,
	},
	{
		.name			= "twinleaf:green:usr1",
		.default_trigger	= "mmc0",
		.gpio			= -EINVAL,	/* depends on revision */
	},
	{
		.name			= "twinleaf:red:usr2",
		.gpio			= TWIN_PRO_GPIO_LED_USR2,
	},
};

static struct gpio_led_platform_data twin_led_data = {
	.leds		= twin_leds,
	.num_leds	= 2,
};

static struct platform_device twin_leds_device = {
	.name	= "leds-gpio",
	.id	= -1,
	.dev	= {
		.platform_data	= &twin_led_data,
	},
};

static struct gpio_keys_button twin_keys[] = {
	{
		.code			= BTN_EXTRA,
		.gpio			= TWIN_GPIO_USER_KEY,
		.active_low		= 1,	/* rev C; A and B are inverted */
		.desc			= "user",
		.wakeup			= 1,
	},
};

static struct gpio_keys_platform_data twin_key_data = {
	.buttons	= twin_keys,
	.nbuttons	= ARRAY_SIZE(twin_keys),
};

static struct platform_device twin_keys_device = {
	.name	= "gpio-keys",
	.id	= -1,
	.dev	= {
		.platform_data	= &twin_key_data,
	},
};

static struct platform_device *twin_devices[] __initdata = {
	&twin_leds_device,
	&twin_keys_device,
};

static struct i2c_board_info __initdata twin_i2c2_devs[] = {
	{
		I2C_BOARD_INFO("24c32", 0x50),	/* board ID EEPROM */
	},
};

static struct i2c_board_info __initdata twin_pro_i2c2_devs[] = {
	{
		I2C_BOARD_INFO("tmp102", 0x48),
		/* .irq set in twin_pro_init() */
	},
};

static void __init twin_common_init(void)
{
	twin_init_rev();

	if (twin_get_revision() >= TWIN_REV_B)
		twin_leds[1].gpio = TWIN_REVB_GPIO_LED_USR1;
	else
		twin_leds[1].gpio = TWIN_REVA_GPIO_LED_USR1;

	/* rev A and B boards have the key to VCC instead of GND */
	if (twin_rev < TWIN_REV_C)
		twin_keys[0].active_low = 0;

	omap_register_i2c_bus(2, 400, twin_i2c2_devs,
			ARRAY_SIZE(twin_i2c2_devs));
	omap_serial_init();
	platform_add_devices(twin_devices, ARRAY_SIZE(twin_devices));
}

static void __init twin_init(void)
{
	twin_common_init();
}

static void __init twin_pro_init(void)
{
	/* the temperature alert output is open drain, active low */
	twin_pro_i2c2_devs[0].irq = gpio_to_irq(TWIN_PRO_GPIO_TEMP_ALERT);
	irq_set_irq_type(twin_pro_i2c2_devs[0].irq, IRQ_TYPE_LEVEL_LOW);

	/* must precede the registration of bus 2 in twin_common_init() */
	i2c_register_board_info(2, twin_pro_i2c2_devs,
			ARRAY_SIZE(twin_pro_i2c2_devs));

	twin_led_data.num_leds = ARRAY_SIZE(twin_leds);

	twin_common_init();
}

MACHINE_START(TWINLEAF, "Arbor Twinleaf")
	.atag_offset	= 0x100,
	.reserve	= omap_reserve,
	.map_io		= omap3_map_io,
	.init_early	= omap3630_init_early,
	.init_irq	= omap3_init_irq,
	.handle_irq	= omap3_intc_handle_irq,
	.init_machine	= twin_init,
	.init_late	= omap3630_init_late,
	.init_time	= omap3_sync32k_timer_init,
	.restart	= omap3xxx_restart,
MACHINE_END

MACHINE_START(TWINLEAF_PRO, "Arbor Twinleaf Pro")
	.atag_offset	= 0x100,
	.reserve	= omap_reserve,
	.map_io		= omap3_map_io,
	.init_early	= omap3630_init_early,
	.init_irq	= omap3_init_irq,
	.handle_irq	= omap3_intc_handle_irq,
	.init_machine	= twin_pro_init,
	.init_late	= omap3630_init_late,
	.init_time	= omap3_sync32k_timer_init,
	.restart	= omap3xxx_restart,
MACHINE_END
