// SPDX-License-Identifier: GPL-2.0
/*
 * linux/arch/arm/mach-s3c64xx/mach-ks6410.c
 *
 * Kestrel KS6410 development board: S3C6410, 128MB DDR, 256MB NAND,
 * DM9000 Ethernet on SROM bank 1, SD slot on HSMMC0, EEPROM and RTC on
 * I2C0, three user LEDs and five keys.
 *
 * Copyright (C) 2010 Kestrel Embedded
 *
 * This file is a board2dts test sample: the twin of
 * samples/mach-s3c64xx-devboard.c written in the style of the 2.6.3x
 * S3C64xx board files (.phys_io/.io_pg_offst/.boot_params/.timer, plat/ headers,
 * resources spelled out, set_irq_type()).
 * It is not part of any kernel.
 */

#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/types.h>
#include <linux/io.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/platform_device.h>
#include <linux/gpio.h>
#include <linux/input.h>
#include <linux/gpio_keys.h>
#include <linux/leds.h>
#include <linux/i2c.h>
#include <linux/i2c/at24.h>
#include <linux/dm9000.h>
#include <linux/mtd/mtd.h>
#include <linux/mtd/partitions.h>
#include <linux/serial_core.h>

#include <asm/mach-types.h>
#include <asm/mach/arch.h>
#include <asm/mach/map.h>

#include <mach/map.h>
#include <mach/irqs.h>
#include <mach/regs-gpio.h>
#include <mach/regs-srom.h>

#include <plat/regs-serial.h>
#include <plat/iic.h>
#include <plat/nand.h>
#include <plat/clock.h>
#include <plat/cpu.h>
#include <plat/devs.h>
#include <plat/sdhci.h>
#include <plat/gpio-cfg.h>

#include "common.h"

/* UART settings: 8N1, FIFO on, PCLK; no hardware flow control */
#define KS6410_UCON	(S3C2410_UCON_DEFAULT | S3C2410_UCON_UCLK)
#define KS6410_ULCON	(S3C2410_LCON_CS8 | S3C2410_LCON_PNONE)
#define KS6410_UFCON	(S3C2410_UFCON_RXTRIG8 | S3C2410_UFCON_FIFOMODE)

static struct s3c2410_uartcfg ks6410_uartcfgs[] __initdata = {
	[0] = {	/* debug console */
		.hwport	= 0,
		.flags	= 0,
		.ucon	= KS6410_UCON,
		.ulcon	= KS6410_ULCON,
		.ufcon	= KS6410_UFCON,
	},
	[1] = {	/* RS232 header */
		.hwport	= 1,
		.flags	= 0,
		.ucon	= KS6410_UCON,
		.ulcon	= KS6410_ULCON,
		.ufcon	= KS6410_UFCON,
	},
	[2] = {	/* GPS module; port 2 is not wired */
		.hwport	= 3,
		.flags	= 0,
		.ucon	= KS6410_UCON,
		.ulcon	= KS6410_ULCON,
		.ufcon	= KS6410_UFCON,
	},
};

/* DM9000AEP on nCS1, 16-bit bus, interrupt on EINT7 (GPN7) */
static struct resource ks6410_dm9000_resources[] = {
	[0] = {
		.start	= S3C64XX_PA_XM0CSN1,
		.end	= S3C64XX_PA_XM0CSN1 + 1,
		.flags	= IORESOURCE_MEM,
	},
	[1] = {
		.start	= S3C64XX_PA_XM0CSN1 + 4,
		.end	= S3C64XX_PA_XM0CSN1 + 5,
		.flags	= IORESOURCE_MEM,
	},
	[2] = {
		.start	= S3C_EINT(7),
		.end	= S3C_EINT(7),
		.flags	= IORESOURCE_IRQ | IORESOURCE_IRQ_HIGHLEVEL,
	},
};

static struct dm9000_plat_data ks6410_dm9000_pdata = {
	.flags		= DM9000_PLATF_16BITONLY | DM9000_PLATF_NO_EEPROM,
};

static struct platform_device ks6410_dm9000 = {
	.name		= "dm9000",
	.id		= 0,
	.num_resources	= ARRAY_SIZE(ks6410_dm9000_resources),
	.resource	= ks6410_dm9000_resources,
	.dev		= {
		.platform_data	= &ks6410_dm9000_pdata,
	},
};

static struct gpio_led ks6410_leds[] = {
	{
		.name			= "ks6410:green:heartbeat",
		.default_trigger	= "heartbeat",
		.gpio			= S3C64XX_GPK(12),
		.active_low		= 1,
	},
	{
		.name			= "ks6410:green:sd",
		.default_trigger	= "mmc0",
		.gpio			= S3C64XX_GPK(13),
		.active_low		= 1,
	},
	{
		.name			= "ks6410:red:user",
		.gpio			= S3C64XX_GPK(14),
		.active_low		= 1,
		.default_state		= LEDS_GPIO_DEFSTATE_ON,
	},
};

static struct gpio_led_platform_data ks6410_led_data = {
	.num_leds	= ARRAY_SIZE(ks6410_leds),
	.leds		= ks6410_leds,
};

static struct platform_device ks6410_leds_device = {
	.name	= "leds-gpio",
	.id	= -1,
	.dev	= {
		.platform_data	= &ks6410_led_data,
	},
};

#define KS6410_KEY(_gpio, _code, _desc)			\
	{						\
		.gpio			= _gpio,	\
		.code			= _code,	\
		.desc			= _desc,	\
		.active_low		= 1,		\
		.debounce_interval	= 20,		\
	}

static struct gpio_keys_button ks6410_buttons[] = {
	KS6410_KEY(S3C64XX_GPN(0), KEY_MENU, "menu"),
	KS6410_KEY(S3C64XX_GPN(1), KEY_BACK, "back"),
	KS6410_KEY(S3C64XX_GPN(2), KEY_HOME, "home"),
	KS6410_KEY(S3C64XX_GPL(11), KEY_F1, "user"),	/* EINT19 */
	{
		.gpio			= S3C64XX_GPN(5),
		.code			= KEY_POWER,
		.desc			= "power",
		.active_low		= 1,
		.wakeup			= 1,
		.debounce_interval	= 20,
	},
};

static struct gpio_keys_platform_data ks6410_button_data = {
	.buttons	= ks6410_buttons,
	.nbuttons	= ARRAY_SIZE(ks6410_buttons),
	.rep		= 1,
};

static struct platform_device ks6410_button_device = {
	.name	= "gpio-keys",
	.id	= -1,
	.dev	= {
		.platform_data	= &ks6410_button_data,
	},
};

/* NAND: 256MB, one chip */
static struct mtd_partition ks6410_nand_part[] = {
	[0] = {
		.name		= "u-boot",
		.offset		= 0,
		.size		= SZ_1M,
		.mask_flags	= MTD_WRITEABLE,	/* force read-only */
	},
	[1] = {
		.name		= "kernel",
		.offset		= MTDPART_OFS_APPEND,
		.size		= SZ_4M,
	},
	[2] = {
		.name		= "rootfs",
		.offset		= MTDPART_OFS_APPEND,
		.size		= MTDPART_SIZ_FULL,
	},
};

static struct s3c2410_nand_set ks6410_nand_sets[] = {
	[0] = {
		.name		= "nand",
		.nr_chips	= 1,
		.nr_partitions	= ARRAY_SIZE(ks6410_nand_part),
		.partitions	= ks6410_nand_part,
	},
};

static struct s3c2410_platform_nand ks6410_nand_info = {
	.tacls		= 25,
	.twrph0		= 55,
	.twrph1		= 40,
	.nr_sets	= ARRAY_SIZE(ks6410_nand_sets),
	.sets		= ks6410_nand_sets,
};

static struct s3c_sdhci_platdata ks6410_hsmmc0_pdata = {
	.max_width		= 4,
	.cd_type		= S3C_SDHCI_CD_GPIO,
	.ext_cd_gpio		= S3C64XX_GPN(10),
	.ext_cd_gpio_invert	= 0,
};

static struct s3c2410_platform_i2c ks6410_i2c0_data = {
	.bus_num	= 0,
	.flags		= 0,
	.slave_addr	= 0x10,
	.frequency	= 200 * 1000,
	.sda_delay	= 100,
};

static struct at24_platform_data ks6410_eeprom = {
	.byte_len	= SZ_8K / 8,	/* 24C08: 8 Kbit */
	.page_size	= 16,
};

static struct i2c_board_info ks6410_i2c0_devs[] __initdata = {
	{
		I2C_BOARD_INFO("24c08", 0x50),
		.platform_data	= &ks6410_eeprom,
	},
	{
		/* RTC alarm output on EINT22 (GPL14) */
		I2C_BOARD_INFO("pcf8563", 0x51),
		.irq		= S3C_EINT(22),
	},
};

static struct platform_device *ks6410_devices[] __initdata = {
	&s3c_device_hsmmc0,
	&s3c_device_i2c0,
	&s3c_device_nand,
	&s3c_device_ohci,
	&s3c_device_wdt,
	&ks6410_dm9000,
	&ks6410_leds_device,
	&ks6410_button_device,
};

static void __init ks6410_map_io(void)
{
	s3c64xx_init_io(NULL, 0);
	s3c64xx_set_xtal_freq(12000000);
	s3c24xx_init_uarts(ks6410_uartcfgs, ARRAY_SIZE(ks6410_uartcfgs));
	s3c64xx_set_timer_source(S3C64XX_PWM3, S3C64XX_PWM4);
}

static void __init ks6410_machine_init(void)
{
	u32 bw;

	/* SROM bank 1: 16-bit data, nWAIT and nBE enabled for the DM9000 */
	bw = __raw_readl(S3C64XX_SROM_BW);
	bw &= ~(S3C64XX_SROM_BW__CS_MASK << S3C64XX_SROM_BW__NCS1__SHIFT);
	bw |= (S3C64XX_SROM_BW__DATAWIDTH__MASK | S3C64XX_SROM_BW__WAITENABLE__MASK
	       | S3C64XX_SROM_BW__BYTEENABLE__MASK) << S3C64XX_SROM_BW__NCS1__SHIFT;
	__raw_writel(bw, S3C64XX_SROM_BW);

	s3c_i2c0_set_platdata(&ks6410_i2c0_data);
	s3c_sdhci0_set_platdata(&ks6410_hsmmc0_pdata);
	s3c_nand_set_platdata(&ks6410_nand_info);

	i2c_register_board_info(0, ks6410_i2c0_devs,
				ARRAY_SIZE(ks6410_i2c0_devs));
	set_irq_type(S3C_EINT(22), IRQ_TYPE_EDGE_FALLING);

	/* USB hub reset is active low: release it and keep it released */
	gpio_request_one(S3C64XX_GPE(1), GPIOF_OUT_INIT_HIGH, "usb-hub-nreset");

	platform_add_devices(ks6410_devices, ARRAY_SIZE(ks6410_devices));
}

MACHINE_START(KS6410, "Kestrel KS6410 development board")
	/* Maintainer: Kestrel Embedded */
	.phys_io	= S3C_PA_UART & 0xfff00000,
	.io_pg_offst	= (((u32)S3C_VA_UART) >> 18) & 0xfffc,
	.boot_params	= S3C64XX_PA_SDRAM + 0x100,
	.init_irq	= s3c6410_init_irq,
	.map_io		= ks6410_map_io,
	.init_machine	= ks6410_machine_init,
	.timer		= &s3c24xx_timer,
MACHINE_END
