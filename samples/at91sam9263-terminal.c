// SPDX-License-Identifier: GPL-2.0
/*
 * A fictional point-of-sale terminal on an Atmel AT91SAM9263, written for
 * board2dts in the style of a 3.x mainline tree (arch/arm/mach-at91):
 * .init_early calling at91_initialize() (3.x: the same call on every AT91
 * SoC, so the machine's name picks the pack), at91_register_uart() by
 * peripheral id with RTS/CTS, the console, an SD slot on the second MCI
 * (slot A, written by leaving .slot_b out), .fixup giving the RAM with
 * memblock_add(), a framebuffer region kept with memblock_reserve(), and
 * .dt_compat (the board could already boot from a device tree: its own
 * compatible strings, the SoC's among them), a NAND with its partitions (atmel_nand_data), and
 * the customer display on the LCD controller (atmel_lcdfb_info with one
 * fb_videomode: &fb0's panel and its display-timings).
 * AT91's board files left mainline before 6.1, at91sam9263.dtsi did not.
 */
#include <linux/types.h>
#include <linux/init.h>
#include <linux/memblock.h>
#include <linux/platform_device.h>
#include <linux/i2c.h>
#include <linux/leds.h>
#include <linux/mtd/partitions.h>
#include <linux/fb.h>
#include <video/atmel_lcdc.h>
#include <mach/hardware.h>
#include <asm/mach-types.h>
#include <asm/mach/arch.h>
#include <mach/board.h>
#include <mach/gpio.h>
#include "generic.h"

static void __init pos_init_early(void)
{
	/* 16.367 MHz crystal */
	at91_initialize(16367660);
	/* DBGU on ttyS0; USART1 (receipt printer) on ttyS1 with RTS/CTS */
	at91_register_uart(0, 0, 0);
	at91_register_uart(AT91SAM9263_ID_US1, 1, ATMEL_UART_CTS | ATMEL_UART_RTS);
	at91_set_serial_console(0);
}

static void __init pos_fixup(struct tag *tags, char **cmdline)
{
	/* 64 MB of SDRAM on EBI0 CS1 */
	memblock_add(0x20000000, SZ_64M);
}

static void __init pos_reserve(void)
{
	/* the boot splash the bootloader leaves in SDRAM */
	memblock_reserve(0x23f00000, 0x100000);
}

static struct at91_mmc_data __initdata pos_mmc_data = {
	.wire4		= 1,
	.det_pin	= AT91_PIN_PE18,
	.wp_pin		= AT91_PIN_PE19,
};

static struct at91_udc_data __initdata pos_udc_data = {
	.vbus_pin	= AT91_PIN_PA25,
};

static struct at91_eth_data __initdata pos_macb_data = {
	.is_rmii	= 1,
};

static struct i2c_board_info __initdata pos_i2c_devices[] = {
	{
		I2C_BOARD_INFO("24c02", 0x50),
	},
};

static struct gpio_led pos_leds[] = {
	{
		.name			= "paper-out",
		.gpio			= AT91_PIN_PB7,
		.active_low		= 1,
	},
	{
		.name			= "heartbeat",
		.gpio			= AT91_PIN_PC29,
		.default_trigger	= "heartbeat",
	},
};

/* NAND on EBI0 CS3: a bootloader partition, the rest for the file system */
static struct mtd_partition __initdata pos_nand_partitions[] = {
	{
		.name	= "bootloader",
		.offset	= 0,
		.size	= SZ_1M,
	},
	{
		.name	= "rootfs",
		.offset	= MTDPART_OFS_NXTBLK,
		.size	= MTDPART_SIZ_FULL,
	},
};

static struct atmel_nand_data __initdata pos_nand_data = {
	.ale		= 21,
	.cle		= 22,
	.det_pin	= -EINVAL,
	.rdy_pin	= AT91_PIN_PA22,
	.enable_pin	= AT91_PIN_PD15,
	.ecc_mode	= NAND_ECC_SOFT,
	.on_flash_bbt	= 1,
	.parts		= pos_nand_partitions,
	.num_parts	= ARRAY_SIZE(pos_nand_partitions),
};

/* the 3.5" customer display: 320x240, both syncs active high */
static struct fb_videomode pos_lcd_modes[] = {
	{
		.name		= "customer",
		.refresh	= 60,
		.xres		= 320,		.yres		= 240,
		.pixclock	= KHZ2PICOS(6400),
		.left_margin	= 68,		.right_margin	= 20,
		.upper_margin	= 18,		.lower_margin	= 4,
		.hsync_len	= 2,		.vsync_len	= 2,
		.sync		= FB_SYNC_HOR_HIGH_ACT | FB_SYNC_VERT_HIGH_ACT,
		.vmode		= FB_VMODE_NONINTERLACED,
	},
};

static struct fb_monspecs pos_lcd_monspecs = {
	.manufacturer	= "ACM",
	.monitor	= "CD35",
	.modedb		= pos_lcd_modes,
	.modedb_len	= ARRAY_SIZE(pos_lcd_modes),
	.hfmin		= 14000,
	.hfmax		= 16000,
	.vfmin		= 55,
	.vfmax		= 65,
};

static struct atmel_lcdfb_info __initdata pos_lcdc_data = {
	.lcdcon_is_backlight	= true,
	.default_bpp		= 16,
	.default_dmacon		= ATMEL_LCDC_DMAEN,
	.default_lcdcon2	= ATMEL_LCDC_MEMOR_LITTLE | ATMEL_LCDC_DISTYPE_TFT
				  | ATMEL_LCDC_CLKMOD_ALWAYSACTIVE,
	.default_monspecs	= &pos_lcd_monspecs,
	.guard_time		= 2,
};

static void __init pos_board_init(void)
{
	at91_add_device_serial();
	at91_add_device_udc(&pos_udc_data);
	at91_add_device_mmc(1, &pos_mmc_data);
	at91_add_device_eth(&pos_macb_data);
	at91_add_device_i2c(pos_i2c_devices, ARRAY_SIZE(pos_i2c_devices));
	at91_gpio_leds(pos_leds, ARRAY_SIZE(pos_leds));
	at91_add_device_nand(&pos_nand_data);
	at91_add_device_lcdc(&pos_lcdc_data);
	/* cash drawer solenoid off */
	at91_set_gpio_output(AT91_PIN_PD2, 0);
}

static const char *pos_dt_board_compat[] __initdata = {
	"acme,pos-terminal",
	"atmel,at91sam9263",	/* the SoC's, which the .dtsi's list repeats: written once */
	NULL
};

MACHINE_START(POS_TERMINAL, "Acme POS terminal (AT91SAM9263)")
	.timer		= &at91sam926x_timer,
	.fixup		= pos_fixup,
	.reserve	= pos_reserve,
	.map_io		= at91_map_io,
	.init_early	= pos_init_early,
	.init_irq	= at91_init_irq_default,
	.init_machine	= pos_board_init,
	.dt_compat	= pos_dt_board_compat,
MACHINE_END
