// SPDX-License-Identifier: GPL-2.0-only
/*
 * linux/arch/arm/mach-omap2/board-kestrel-panel.c
 *
 * Board support for the Kestrel wall panel: OMAP4430 with a TWL6030
 * companion on I2C1, a touch controller and a temperature sensor on I2C2,
 * an eMMC on MMC2 and a micro-SD slot on MMC1, two front keys and two LEDs,
 * a TWL6040 audio codec on I2C1 with a handsfree speaker and a headset jack.
 *
 * Copyright (C) 2012 Kestrel Controls
 *
 * This file is a board2dts test sample written in the style of the 3.4
 * OMAP4 board files (omap4_pmic_init() with extra I2C1 devices,
 * omap4_twl6030_hsmmc_init(), OMAP_GPIO_IRQ-free gpio_to_irq() stores,
 * .atag_offset with .timer). It is not part of any kernel.
 */

#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/platform_device.h>
#include <linux/gpio.h>
#include <linux/input.h>
#include <linux/gpio_keys.h>
#include <linux/leds.h>
#include <linux/i2c.h>
#include <linux/i2c/twl.h>
#include <linux/mmc/host.h>
#include <linux/mfd/twl6040.h>
#include <sound/omap-abe-twl6040.h>

#include <asm/mach-types.h>
#include <asm/mach/arch.h>

#include <plat/common.h>
#include <plat/mmc.h>

#include "common.h"
#include "mux.h"
#include "hsmmc.h"

/* OMAP4 GPIO lines (bank = n / 32 + 1, line = n % 32) */
#define KESTREL_GPIO_KEY_MENU	43
#define KESTREL_GPIO_KEY_BACK	44
#define KESTREL_GPIO_LED_RUN	50
#define KESTREL_GPIO_LED_ALARM	51
#define KESTREL_GPIO_TOUCH_IRQ	35
#define KESTREL_GPIO_SD_CD	110

/* ------------------------------------------------------------ keys, LEDs */

static struct gpio_keys_button kestrel_buttons[] = {
	{
		.code		= KEY_MENU,
		.gpio		= KESTREL_GPIO_KEY_MENU,
		.desc		= "menu",
		.active_low	= 1,
		.debounce_interval = 20,
	},
	{
		.code		= KEY_BACK,
		.gpio		= KESTREL_GPIO_KEY_BACK,
		.desc		= "back",
		.active_low	= 1,
		.debounce_interval = 20,
	},
};

static struct gpio_keys_platform_data kestrel_keys_data = {
	.buttons	= kestrel_buttons,
	.nbuttons	= ARRAY_SIZE(kestrel_buttons),
};

static struct platform_device kestrel_keys = {
	.name	= "gpio-keys",
	.id	= -1,
	.dev	= {
		.platform_data	= &kestrel_keys_data,
	},
};

static struct gpio_led kestrel_leds[] = {
	{
		.name			= "kestrel:green:run",
		.gpio			= KESTREL_GPIO_LED_RUN,
		.default_trigger	= "heartbeat",
	},
	{
		.name			= "kestrel:red:alarm",
		.gpio			= KESTREL_GPIO_LED_ALARM,
		.active_low		= 1,
	},
};

static struct gpio_led_platform_data kestrel_led_data = {
	.leds		= kestrel_leds,
	.num_leds	= ARRAY_SIZE(kestrel_leds),
};

static struct platform_device kestrel_led_device = {
	.name	= "leds-gpio",
	.id	= -1,
	.dev	= {
		.platform_data	= &kestrel_led_data,
	},
};

/* ------------------------------------------------------------ MMC */

static struct omap2_hsmmc_info kestrel_mmc[] = {
	{
		.mmc		= 1,
		.caps		= MMC_CAP_4_BIT_DATA,
		.gpio_cd	= KESTREL_GPIO_SD_CD,
		.gpio_wp	= -EINVAL,
	},
	{
		.mmc		= 2,
		.caps		= MMC_CAP_4_BIT_DATA | MMC_CAP_8_BIT_DATA |
				  MMC_CAP_NONREMOVABLE,
		.gpio_cd	= -EINVAL,
		.gpio_wp	= -EINVAL,
		.nonremovable	= true,
	},
	{}	/* Terminator */
};

/* ------------------------------------------------------------ I2C */

/* The TWL6030's LDOs, in the 3.0 layout of struct twl4030_platform_data:
 * VMMC feeds the SD slot (MMC1), VAUX1 the eMMC's I/O. */
static struct regulator_consumer_supply kestrel_vmmc_supply[] = {
	REGULATOR_SUPPLY("vmmc", "omap_hsmmc.0"),
};

static struct regulator_init_data kestrel_vmmc = {
	.constraints = {
		.min_uV			= 1200000,
		.max_uV			= 3000000,
		.apply_uV		= true,
		.valid_modes_mask	= REGULATOR_MODE_NORMAL | REGULATOR_MODE_STANDBY,
		.valid_ops_mask		= REGULATOR_CHANGE_VOLTAGE | REGULATOR_CHANGE_MODE |
					  REGULATOR_CHANGE_STATUS,
	},
	.num_consumer_supplies	= ARRAY_SIZE(kestrel_vmmc_supply),
	.consumer_supplies	= kestrel_vmmc_supply,
};

static struct regulator_init_data kestrel_vaux1 = {
	.constraints = {
		.min_uV			= 1800000,
		.max_uV			= 1800000,
		.always_on		= true,
	},
};

static struct twl4030_platform_data kestrel_twldata = {
	.vmmc	= &kestrel_vmmc,
	.vaux1	= &kestrel_vaux1,
};

/* Audio: the TWL6040 codec, powered up by GPIO 127 */
static struct twl6040_codec_data kestrel_twl6040_codec = {
	.hs_left_step	= 0x0f,
	.hs_right_step	= 0x0f,
	.hf_left_step	= 0x1d,
	.hf_right_step	= 0x1d,
};

static struct twl6040_platform_data kestrel_twl6040_data = {
	.codec		= &kestrel_twl6040_codec,
	.audpwron_gpio	= 127,
};

static struct omap_abe_twl6040_data kestrel_abe_audio_data = {
	.card_name	= "Kestrel",
	.has_hs		= ABE_TWL6040_LEFT | ABE_TWL6040_RIGHT,
	.has_hf		= ABE_TWL6040_LEFT | ABE_TWL6040_RIGHT,
	.jack_detection	= 1,
	.mclk_freq	= 38400000,
};

static struct platform_device kestrel_abe_audio = {
	.name		= "omap-abe-twl6040",
	.id		= -1,
	.dev		= {
		.platform_data	= &kestrel_abe_audio_data,
	},
};

/* Other devices on I2C1, registered with the PMIC */
static struct i2c_board_info __initdata kestrel_i2c1_boardinfo[] = {
	{
		I2C_BOARD_INFO("24c32", 0x50),
	},
	{
		I2C_BOARD_INFO("twl6040", 0x4b),
		.irq		= OMAP44XX_IRQ_SYS_2N,
		.platform_data	= &kestrel_twl6040_data,
	},
};

static struct i2c_board_info __initdata kestrel_i2c2_boardinfo[] = {
	{
		I2C_BOARD_INFO("tsc2007", 0x48),
	},
	{
		I2C_BOARD_INFO("lm75", 0x49),
	},
};

static void __init kestrel_i2c_init(void)
{
	kestrel_i2c2_boardinfo[0].irq = gpio_to_irq(KESTREL_GPIO_TOUCH_IRQ);
	omap4_pmic_init("twl6030", &kestrel_twldata,
			kestrel_i2c1_boardinfo, ARRAY_SIZE(kestrel_i2c1_boardinfo));
	omap_register_i2c_bus(2, 400, kestrel_i2c2_boardinfo,
			ARRAY_SIZE(kestrel_i2c2_boardinfo));
	/* I2C3 and I2C4 are not wired */
}

/* ------------------------------------------------------------ machine */

static struct platform_device *kestrel_devices[] __initdata = {
	&kestrel_keys,
	&kestrel_led_device,
	&kestrel_abe_audio,
};

#ifdef CONFIG_OMAP_MUX
static struct omap_board_mux board_mux[] __initdata = {
	OMAP4_MUX(GPMC_A19, OMAP_MUX_MODE3 | OMAP_PIN_INPUT_PULLUP),
	OMAP4_MUX(GPMC_A20, OMAP_MUX_MODE3 | OMAP_PIN_INPUT_PULLUP),
	{ .reg_offset = OMAP_MUX_TERMINATOR },
};
#else
#define board_mux	NULL
#endif

static void __init kestrel_init(void)
{
	omap4_mux_init(board_mux, NULL, OMAP_PACKAGE_CBS);
	kestrel_i2c_init();
	platform_add_devices(kestrel_devices, ARRAY_SIZE(kestrel_devices));
	omap_serial_init();
	omap_hsmmc_init(kestrel_mmc);
}

static void __init kestrel_map_io(void)
{
	omap2_set_globals_443x();
	omap44xx_map_common_io();
}

MACHINE_START(KESTREL_PANEL, "Kestrel wall panel")
	.atag_offset	= 0x100,
	.reserve	= omap_reserve,
	.map_io		= kestrel_map_io,
	.init_early	= omap4430_init_early,
	.init_irq	= gic_init_irq,
	.handle_irq	= gic_handle_irq,
	.init_machine	= kestrel_init,
	.timer		= &omap4_timer,
	.restart	= omap_prcm_restart,
MACHINE_END
