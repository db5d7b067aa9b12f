// SPDX-License-Identifier: GPL-2.0
/*
 * A fictional industrial gateway on an Atmel AT91SAM9G20, written for
 * board2dts in the style of a 2.6.3x vendor tree (arch/arm/mach-at91):
 * .map_io calling at91sam9260_initialize() and at91_register_uart(), the
 * at91_add_device_* helpers with their platform data, AT91_PIN_Pxn GPIO
 * names, at91_gpio_leds() and MACHINE_START with .boot_params and .timer.
 * AT91's board files left mainline before 6.1, at91sam9260.dtsi did not.
 */
#include <linux/types.h>
#include <linux/init.h>
#include <linux/platform_device.h>
#include <linux/spi/spi.h>
#include <linux/i2c.h>
#include <linux/gpio_keys.h>
#include <linux/input.h>
#include <linux/leds.h>
#include <linux/mtd/partitions.h>
#include <linux/mtd/physmap.h>
#include <mach/hardware.h>
#include <asm/mach-types.h>
#include <asm/mach/arch.h>
#include <mach/board.h>
#include <mach/gpio.h>
#include "generic.h"

static void __init gw_map_io(void)
{
	/* 18.432 MHz crystal */
	at91sam9260_initialize(18432000);
	/* DBGU on ttyS0, USART0 on ttyS1 with RTS/CTS */
	at91_register_uart(0, 0, 0);
	at91_register_uart(AT91SAM9260_ID_US0, 1, ATMEL_UART_CTS | ATMEL_UART_RTS);
	at91_set_serial_console(0);
}

static void __init gw_init_irq(void)
{
	at91sam9260_init_interrupts(NULL);
}

static struct at91_usbh_data __initdata gw_usbh_data = {
	.ports		= 1,
};

static struct at91_udc_data __initdata gw_udc_data = {
	.vbus_pin	= AT91_PIN_PC5,
};

static struct at91_eth_data __initdata gw_macb_data = {
	.phy_irq_pin	= AT91_PIN_PA7,
	.is_rmii	= 1,
};

static struct spi_board_info gw_spi_devices[] = {
	{
		.modalias	= "mtd_dataflash",
		.chip_select	= 0,
		.max_speed_hz	= 15 * 1000 * 1000,
		.bus_num	= 0,
	},
};

static struct i2c_board_info __initdata gw_i2c_devices[] = {
	{ I2C_BOARD_INFO("24c512", 0x50) },
	{ I2C_BOARD_INFO("pcf8563", 0x51) },
};

static struct gpio_led gw_leds[] = {
	{
		.name			= "gw:green:status",
		.gpio			= AT91_PIN_PB8,
		.default_trigger	= "heartbeat",
	}, {
		.name			= "gw:red:fault",
		.gpio			= AT91_PIN_PB9,
		.active_low		= 1,
	},
};

static struct gpio_keys_button gw_buttons[] = {
	{
		.gpio		= AT91_PIN_PA30,
		.code		= KEY_RESTART,
		.desc		= "reset",
		.active_low	= 1,
		.wakeup		= 1,
	},
};

static struct gpio_keys_platform_data gw_button_data = {
	.buttons	= gw_buttons,
	.nbuttons	= ARRAY_SIZE(gw_buttons),
};

static struct platform_device gw_button_device = {
	.name		= "gpio-keys",
	.id		= -1,
	.dev		= { .platform_data = &gw_button_data },
};

/* 8 MiB NOR on chip select 0: the boot loader, then the rest for the system. */
static struct mtd_partition gw_nor_parts[] = {
	{ .name = "u-boot", .offset = 0, .size = SZ_256K },
	{ .name = "system", .offset = MTDPART_OFS_APPEND, .size = MTDPART_SIZ_FULL },
};

static struct physmap_flash_data gw_nor_data = {
	.width		= 2,
	.parts		= gw_nor_parts,
	.nr_parts	= ARRAY_SIZE(gw_nor_parts),
};

static struct resource gw_nor_resource = {
	.start		= AT91_CHIPSELECT_0,
	.end		= AT91_CHIPSELECT_0 + SZ_8M - 1,
	.flags		= IORESOURCE_MEM,
};

static struct platform_device gw_nor_device = {
	.name		= "physmap-flash",
	.id		= 0,
	.dev		= { .platform_data = &gw_nor_data },
	.resource	= &gw_nor_resource,
	.num_resources	= 1,
};

static void __init gw_board_init(void)
{
	at91_add_device_serial();
	at91_add_device_usbh(&gw_usbh_data);
	at91_add_device_udc(&gw_udc_data);
	at91_add_device_eth(&gw_macb_data);
	at91_add_device_spi(gw_spi_devices, ARRAY_SIZE(gw_spi_devices));
	at91_add_device_i2c(gw_i2c_devices, ARRAY_SIZE(gw_i2c_devices));
	at91_gpio_leds(gw_leds, ARRAY_SIZE(gw_leds));
	/* modem power, on at boot */
	at91_set_gpio_output(AT91_PIN_PC10, 1);
	platform_device_register(&gw_button_device);
	platform_device_register(&gw_nor_device);
}

MACHINE_START(AT91_GATEWAY, "Example AT91SAM9G20 gateway")
	.phys_io	= AT91_BASE_SYS,
	.io_pg_offst	= (AT91_VA_BASE_SYS >> 18) & 0xfffc,
	.boot_params	= AT91_SDRAM_BASE + 0x100,
	.timer		= &at91sam926x_timer,
	.map_io		= gw_map_io,
	.init_irq	= gw_init_irq,
	.init_machine	= gw_board_init,
MACHINE_END
