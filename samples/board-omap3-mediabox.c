// SPDX-License-Identifier: GPL-2.0-only
/*
 * linux/arch/arm/mach-omap2/board-lark-mediabox.c
 *
 * Larkspur MB-1: an OMAP3530 media box with an SD slot, a DVI framer, a
 * debug UART on UART3, one LED, one button, a USB hub on EHCI port 2 and
 * a LAN9221 on GPMC chip select 5 (gpmc_smsc911x_init()) and a TSC2046
 * touch controller on McSPI1 for its front panel (omap_ads7846_init()).
 * Its pins are set by the mux framework of the 2.6.3x - 3.x kernels: a
 * board_mux[] table for the pads that must be right before anything else
 * runs, omap_mux_init_signal() / omap_mux_init_gpio() for the rest.
 *
 * Copyright (C) 2011 Larkspur Devices
 *
 * This file is a board2dts test sample: an original board file written in
 * the style of the 3.0 OMAP3 board files.  It is not part of any kernel.
 */

#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/platform_device.h>
#include <linux/gpio.h>
#include <linux/input.h>
#include <linux/gpio_keys.h>
#include <linux/leds.h>
#include <linux/mmc/host.h>

#include <asm/mach-types.h>
#include <asm/mach/arch.h>

#include <plat/board.h>
#include <plat/common.h>
#include <plat/gpmc-smsc911x.h>
#include <linux/smsc911x.h>
#include <linux/regulator/machine.h>
#include <linux/regulator/fixed.h>

#include "mux.h"
#include "hsmmc.h"
#include "common-board-devices.h"

#define LARK_GPIO_USER_KEY	7	/* sys_boot5 in mode 4 */
#define LARK_GPIO_LED_STATUS	150	/* uart1_cts in mode 4 */
#define LARK_GPIO_DVI_NPD	170	/* hdq_sio in mode 4 */
#define LARK_GPIO_TS_PENDOWN	114	/* cam_d5 in mode 4 */
#define LARK_LAN_CS		5
#define LARK_LAN_GPIO_IRQ	176	/* the LAN9221's IRQ line */

static struct gpio_led lark_leds[] = {
	{
		.name			= "mb1::status",
		.default_trigger	= "heartbeat",
		.gpio			= LARK_GPIO_LED_STATUS,
	},
};

static struct gpio_led_platform_data lark_led_data = {
	.leds		= lark_leds,
	.num_leds	= ARRAY_SIZE(lark_leds),
};

static struct platform_device lark_leds_device = {
	.name	= "leds-gpio",
	.id	= -1,
	.dev	= {
		.platform_data	= &lark_led_data,
	},
};

static struct gpio_keys_button lark_buttons[] = {
	{
		.code		= KEY_POWER,
		.gpio		= LARK_GPIO_USER_KEY,
		.desc		= "power",
		.active_low	= 1,
		.wakeup		= 1,
	},
};

static struct gpio_keys_platform_data lark_key_data = {
	.buttons	= lark_buttons,
	.nbuttons	= ARRAY_SIZE(lark_buttons),
};

static struct platform_device lark_keys_device = {
	.name	= "gpio-keys",
	.id	= -1,
	.dev	= {
		.platform_data	= &lark_key_data,
	},
};

static struct platform_device *lark_devices[] __initdata = {
	&lark_leds_device,
	&lark_keys_device,
};

static struct omap2_hsmmc_info lark_mmc[] = {
	{
		.mmc		= 1,
		.caps		= MMC_CAP_4_BIT_DATA,
		.gpio_cd	= -EINVAL,
		.gpio_wp	= -EINVAL,
	},
	{}	/* Terminator */
};

#ifdef CONFIG_OMAP_MUX
static struct omap_board_mux board_mux[] __initdata = {
	/* the power button wakes the box from off mode */
	OMAP3_MUX(SYS_BOOT5, OMAP_MUX_MODE4 | OMAP_PIN_INPUT |
			     OMAP_PIN_OFF_WAKEUPENABLE),
	/* EHCI port 2 clock, on the ETK pads */
	OMAP3_MUX(ETK_D10, OMAP_MUX_MODE3 | OMAP_PIN_INPUT_PULLDOWN),
	{ .reg_offset = OMAP_MUX_TERMINATOR },
};
#endif

static struct omap_smsc911x_platform_data lark_lan_cfg = {
	.id		= 0,
	.cs		= LARK_LAN_CS,
	.gpio_irq	= LARK_LAN_GPIO_IRQ,
	.gpio_reset	= -EINVAL,
	.flags		= SMSC911X_USE_32BIT | SMSC911X_SAVE_MAC_ADDRESS,
};

static struct regulator_consumer_supply lark_lan_supplies[] = {
	REGULATOR_SUPPLY("vddvario", "smsc911x.0"),
	REGULATOR_SUPPLY("vdd33a", "smsc911x.0"),
};

static void __init lark_mmc_init(void)
{
	omap_mux_init_signal("sdmmc1_clk", OMAP_PIN_INPUT_PULLUP);
	omap_mux_init_signal("sdmmc1_cmd", OMAP_PIN_INPUT_PULLUP);
	omap_mux_init_signal("sdmmc1_dat0", OMAP_PIN_INPUT_PULLUP);
	omap_mux_init_signal("sdmmc1_dat1", OMAP_PIN_INPUT_PULLUP);
	omap_mux_init_signal("sdmmc1_dat2", OMAP_PIN_INPUT_PULLUP);
	omap_mux_init_signal("sdmmc1_dat3", OMAP_PIN_INPUT_PULLUP);

	omap2_hsmmc_init(lark_mmc);
}

static void __init lark_init(void)
{
	omap3_mux_init(board_mux, OMAP_PACKAGE_CBB);

	omap_mux_init_signal("uart3_rx_irrx", OMAP_PIN_INPUT | OMAP_PIN_OFF_WAKEUPENABLE);
	omap_mux_init_signal("uart3_tx_irtx", OMAP_PIN_OUTPUT);
	omap_serial_init();

	omap_mux_init_gpio(LARK_GPIO_LED_STATUS, OMAP_PIN_OUTPUT);
	omap_mux_init_gpio(LARK_GPIO_USER_KEY, OMAP_PIN_INPUT | OMAP_PIN_OFF_WAKEUPENABLE);
	platform_add_devices(lark_devices, ARRAY_SIZE(lark_devices));

	lark_mmc_init();
	/* the LAN9221's supplies, which its driver asks for: a dummy regulator */
	regulator_register_fixed(0, lark_lan_supplies, ARRAY_SIZE(lark_lan_supplies));
	gpmc_smsc911x_init(&lark_lan_cfg);

	/* the front panel's touch controller, with the common defaults */
	omap_mux_init_gpio(LARK_GPIO_TS_PENDOWN, OMAP_PIN_INPUT_PULLUP);
	omap_ads7846_init(1, LARK_GPIO_TS_PENDOWN, 310, NULL);

	/* the OTG port with the common defaults */
	usb_musb_init(NULL);

	/* the DVI framer stays powered down until the display is used */
	omap_mux_init_gpio(LARK_GPIO_DVI_NPD, OMAP_PIN_OUTPUT);
	gpio_request_one(LARK_GPIO_DVI_NPD, GPIOF_OUT_INIT_LOW, "DVI_nPD");

	/* Ensure msecure is mux'd to be able to set the RTC. */
	omap_mux_init_signal("sys_drm_msecure", OMAP_PIN_OFF_OUTPUT_HIGH);
}

MACHINE_START(LARK_MB1, "Larkspur MB-1 media box")
	.atag_offset	= 0x100,
	.reserve	= omap_reserve,
	.map_io		= omap3_map_io,
	.init_early	= omap35xx_init_early,
	.init_irq	= omap3_init_irq,
	.init_machine	= lark_init,
	.timer		= &omap3_timer,
MACHINE_END
