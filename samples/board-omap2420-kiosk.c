// SPDX-License-Identifier: GPL-2.0-only
/*
 * linux/arch/arm/mach-omap2/board-kiosk.c
 *
 * Board support for the Tern kiosk controller: OMAP2420 with a SMC91x
 * Ethernet chip on GPMC CS1, NOR flash on CS0, a TMP105 sensor and an
 * EEPROM on I2C1, two buttons and a status LED.
 *
 * Copyright (C) 2008 Tern Systems
 *
 * This file is a board2dts test sample written in the style of the
 * 2.6.2x OMAP2 board files (.phys_io, .io_pg_offst, .boot_params, .timer,
 * omap_board_config tags, omap_cfg_reg() pin mux, OMAP_GPIO_IRQ()).
 * It is not part of any kernel.
 */

#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/platform_device.h>
#include <linux/gpio.h>
#include <linux/input.h>
#include <linux/gpio_keys.h>
#include <linux/leds.h>
#include <linux/i2c.h>
#include <linux/spi/spi.h>
#include <linux/mtd/mtd.h>
#include <linux/mtd/partitions.h>
#include <linux/mtd/physmap.h>

#include <mach/hardware.h>
#include <asm/mach-types.h>
#include <asm/mach/arch.h>
#include <asm/mach/map.h>

#include <asm/arch/gpio.h>
#include <asm/arch/mux.h>
#include <asm/arch/board.h>
#include <asm/arch/common.h>

#define KIOSK_ETH_GPIO		92	/* SMC91x IRQ */
#define KIOSK_KEY_OK_GPIO	14
#define KIOSK_KEY_CANCEL_GPIO	15
#define KIOSK_LED_GPIO		97
#define KIOSK_FLASH_BASE	0x04000000
#define KIOSK_ETH_BASE		0x08000300

/* ------------------------------------------------------------ NOR */

static struct mtd_partition kiosk_partitions[] = {
	{
		.name		= "bootloader",
		.offset		= 0,
		.size		= SZ_128K,
		.mask_flags	= MTD_WRITEABLE,
	},
	{
		.name		= "kernel",
		.offset		= MTDPART_OFS_APPEND,
		.size		= SZ_2M,
	},
	{
		.name		= "rootfs",
		.offset		= MTDPART_OFS_APPEND,
		.size		= SZ_16M,
	},
};

static struct physmap_flash_data kiosk_flash_data = {
	.width		= 2,
	.parts		= kiosk_partitions,
	.nr_parts	= ARRAY_SIZE(kiosk_partitions),
};

static struct resource kiosk_flash_resource = {
	.start		= KIOSK_FLASH_BASE,
	.end		= KIOSK_FLASH_BASE + SZ_32M - 1,
	.flags		= IORESOURCE_MEM,
};

static struct platform_device kiosk_flash_device = {
	.name		= "physmap-flash",
	.id		= 0,
	.dev		= {
		.platform_data	= &kiosk_flash_data,
	},
	.num_resources	= 1,
	.resource	= &kiosk_flash_resource,
};

/* ------------------------------------------------------------ Ethernet */

static struct resource kiosk_smc91x_resources[] = {
	[0] = {
		.start	= KIOSK_ETH_BASE,
		.end	= KIOSK_ETH_BASE + 0xf,
		.flags	= IORESOURCE_MEM,
	},
	[1] = {
		.start	= OMAP_GPIO_IRQ(KIOSK_ETH_GPIO),
		.end	= OMAP_GPIO_IRQ(KIOSK_ETH_GPIO),
		.flags	= IORESOURCE_IRQ,
	},
};

static struct platform_device kiosk_smc91x_device = {
	.name		= "smc91x",
	.id		= -1,
	.num_resources	= ARRAY_SIZE(kiosk_smc91x_resources),
	.resource	= kiosk_smc91x_resources,
};

/* ------------------------------------------------------------ keys, LED */

static struct gpio_keys_button kiosk_buttons[] = {
	{
		.code		= KEY_ENTER,
		.gpio		= KIOSK_KEY_OK_GPIO,
		.desc		= "ok",
		.active_low	= 1,
	},
	{
		.code		= KEY_ESC,
		.gpio		= KIOSK_KEY_CANCEL_GPIO,
		.desc		= "cancel",
		.active_low	= 1,
	},
};

static struct gpio_keys_platform_data kiosk_keys_data = {
	.buttons	= kiosk_buttons,
	.nbuttons	= ARRAY_SIZE(kiosk_buttons),
};

static struct platform_device kiosk_keys_device = {
	.name	= "gpio-keys",
	.id	= -1,
	.dev	= {
		.platform_data	= &kiosk_keys_data,
	},
};

static struct gpio_led kiosk_leds[] = {
	{
		.name			= "kiosk:green:status",
		.gpio			= KIOSK_LED_GPIO,
		.default_trigger	= "heartbeat",
	},
};

static struct gpio_led_platform_data kiosk_led_data = {
	.leds		= kiosk_leds,
	.num_leds	= ARRAY_SIZE(kiosk_leds),
};

static struct platform_device kiosk_led_device = {
	.name	= "leds-gpio",
	.id	= -1,
	.dev	= {
		.platform_data	= &kiosk_led_data,
	},
};

/* ------------------------------------------------------------ I2C */

static struct i2c_board_info __initdata kiosk_i2c1_devices[] = {
	{
		I2C_BOARD_INFO("tmp105", 0x48),
	},
	{
		I2C_BOARD_INFO("24c02", 0x50),
	},
};

/* ------------------------------------------------------------ SPI */

/* The configuration flash on McSPI1, chip select 0. */
static struct spi_board_info kiosk_spi_devices[] __initdata = {
	{
		.modalias	= "m25p80",
		.bus_num	= 1,
		.chip_select	= 0,
		.max_speed_hz	= 20000000,
	},
};

/* ------------------------------------------------------------ config tags */

static struct omap_uart_config kiosk_uart_config __initdata = {
	.enabled_uarts = ((1 << 0) | (1 << 1) | (1 << 2)),
};

static struct omap_board_config_kernel kiosk_config[] = {
	{ OMAP_TAG_UART,	&kiosk_uart_config },
};

static struct platform_device *kiosk_devices[] __initdata = {
	&kiosk_flash_device,
	&kiosk_smc91x_device,
	&kiosk_keys_device,
	&kiosk_led_device,
};

static void __init kiosk_init_irq(void)
{
	omap2_init_common_hw(NULL, NULL);
	omap_init_irq();
	omap_gpio_init();
}

static void __init kiosk_init(void)
{
	/* Ethernet IRQ line and the UART3 pins */
	omap_cfg_reg(M15_24XX_GPIO92);
	omap_cfg_reg(K15_24XX_UART3_TX);
	omap_cfg_reg(K14_24XX_UART3_RX);

	i2c_register_board_info(1, kiosk_i2c1_devices,
				ARRAY_SIZE(kiosk_i2c1_devices));
	spi_register_board_info(kiosk_spi_devices, ARRAY_SIZE(kiosk_spi_devices));
	platform_add_devices(kiosk_devices, ARRAY_SIZE(kiosk_devices));
	omap_board_config = kiosk_config;
	omap_board_config_size = ARRAY_SIZE(kiosk_config);
	omap_serial_init();
}

static void __init kiosk_map_io(void)
{
	omap2_set_globals_242x();
	omap2_map_common_io();
}

MACHINE_START(TERN_KIOSK, "Tern kiosk controller (OMAP2420)")
	.phys_io	= 0x48000000,
	.io_pg_offst	= ((0xd8000000) >> 18) & 0xfffc,
	.boot_params	= 0x80000100,
	.map_io		= kiosk_map_io,
	.init_irq	= kiosk_init_irq,
	.init_machine	= kiosk_init,
	.timer		= &omap_timer,
MACHINE_END
