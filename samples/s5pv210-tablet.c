// SPDX-License-Identifier: GPL-2.0
/*
 * linux/arch/arm/mach-s5pv210/mach-slate210.c
 *
 * Harbour Slate210 tablet: S5PV210, 512MB DDR2, eMMC on HSMMC0, a micro-SD
 * slot on HSMMC2, a DM9000 Ethernet chip on SROM bank 5 (service dock),
 * audio codec and EEPROM on I2C0, accelerometer and RTC on I2C2, a 7"
 * RGB panel, three keys and a status LED.
 *
 * Copyright (C) 2011 Harbour Devices
 *
 * This file is a board2dts test sample: an original board file written in
 * the style of the S5PV210 board files of 2.6.36 - 3.x.  It is not part of
 * any kernel.
 */

#include <linux/kernel.h>
#include <linux/types.h>
#include <linux/init.h>
#include <linux/serial_core.h>
#include <linux/platform_device.h>
#include <linux/gpio.h>
#include <linux/gpio_keys.h>
#include <linux/input.h>
#include <linux/leds.h>
#include <linux/i2c.h>
#include <linux/dm9000.h>
#include <linux/regulator/machine.h>
#include <linux/regulator/fixed.h>

#include <asm/mach/arch.h>
#include <asm/mach/map.h>
#include <asm/setup.h>
#include <asm/mach-types.h>

#include <mach/map.h>
#include <mach/irqs.h>
#include <mach/gpio.h>

#include <plat/regs-serial.h>
#include <plat/s5pv210.h>
#include <plat/devs.h>
#include <plat/cpu.h>
#include <plat/iic.h>
#include <plat/sdhci.h>
#include <plat/gpio-cfg.h>
#include <plat/fb.h>
#include <plat/regs-fb-v4.h>

/* 8N1, FIFOs on, interrupt mode for both directions */
#define SLATE_UCON	(S3C2410_UCON_TXILEVEL | S3C2410_UCON_RXILEVEL | \
			 S3C2410_UCON_TXIRQMODE | S3C2410_UCON_RXIRQMODE)
#define SLATE_ULCON	S3C2410_LCON_CS8
#define SLATE_UFCON	(S3C2410_UFCON_FIFOMODE | S5PV210_UFCON_TXTRIG4 | \
			 S5PV210_UFCON_RXTRIG4)

static struct s3c2410_uartcfg slate_uartcfgs[] __initdata = {
	{	/* debug console on the dock connector */
		.hwport	= 0,
		.flags	= 0,
		.ucon	= SLATE_UCON,
		.ulcon	= SLATE_ULCON,
		.ufcon	= SLATE_UFCON,
	},
	{	/* Bluetooth module */
		.hwport	= 1,
		.flags	= 0,
		.ucon	= SLATE_UCON,
		.ulcon	= SLATE_ULCON,
		.ufcon	= SLATE_UFCON,
	},
};

/* Service dock Ethernet: DM9000 on nCS5, 16-bit, interrupt on EINT9 */
static struct resource slate_dm9000_res[] = {
	[0] = {
		.start	= S5PV210_PA_SROM_BANK5,
		.end	= S5PV210_PA_SROM_BANK5 + 3,
		.flags	= IORESOURCE_MEM,
	},
	[1] = {
		.start	= S5PV210_PA_SROM_BANK5 + 4,
		.end	= S5PV210_PA_SROM_BANK5 + 7,
		.flags	= IORESOURCE_MEM,
	},
	[2] = {
		.start	= IRQ_EINT(9),
		.end	= IRQ_EINT(9),
		.flags	= IORESOURCE_IRQ | IORESOURCE_IRQ_HIGHLEVEL,
	},
};

static struct dm9000_plat_data slate_dm9000_pdata = {
	.flags		= DM9000_PLATF_16BITONLY | DM9000_PLATF_NO_EEPROM,
};

static struct platform_device slate_dm9000 = {
	.name		= "dm9000",
	.id		= -1,
	.num_resources	= ARRAY_SIZE(slate_dm9000_res),
	.resource	= slate_dm9000_res,
	.dev		= {
		.platform_data	= &slate_dm9000_pdata,
	},
};

/* Keys: power on EINT17, volume on EINT29/30 */
static struct gpio_keys_button slate_buttons[] = {
	{
		.gpio		= S5PV210_GPH2(1),
		.code		= KEY_POWER,
		.desc		= "power",
		.active_low	= 1,
		.wakeup		= 1,
		.debounce_interval = 5,
	}, {
		.gpio		= S5PV210_GPH3(5),
		.code		= KEY_VOLUMEUP,
		.desc		= "volume-up",
		.active_low	= 1,
	}, {
		.gpio		= S5PV210_GPH3(6),
		.code		= KEY_VOLUMEDOWN,
		.desc		= "volume-down",
		.active_low	= 1,
	},
};

static struct gpio_keys_platform_data slate_keys_pdata = {
	.buttons	= slate_buttons,
	.nbuttons	= ARRAY_SIZE(slate_buttons),
};

static struct platform_device slate_keys = {
	.name	= "gpio-keys",
	.id	= -1,
	.dev	= {
		.platform_data	= &slate_keys_pdata,
	},
};

/* Status LED: blinks while the kernel runs */
static struct gpio_led slate_leds[] = {
	{
		.name			= "slate:green:status",
		.gpio			= S5PV210_GPJ2(3),
		.default_trigger	= "heartbeat",
	},
};

static struct gpio_led_platform_data slate_leds_pdata = {
	.leds		= slate_leds,
	.num_leds	= ARRAY_SIZE(slate_leds),
};

static struct platform_device slate_led_dev = {
	.name	= "leds-gpio",
	.id	= -1,
	.dev	= {
		.platform_data	= &slate_leds_pdata,
	},
};

/* micro-SD slot power: a load switch on MP05(5), 3.3V */
static struct regulator_consumer_supply slate_sd_supplies[] = {
	REGULATOR_SUPPLY("vmmc", "s3c-sdhci.2"),
};

static struct regulator_init_data slate_sd_power_data = {
	.constraints	= {
		.name		= "SD_3.3V",
		.valid_ops_mask	= REGULATOR_CHANGE_STATUS,
	},
	.num_consumer_supplies	= ARRAY_SIZE(slate_sd_supplies),
	.consumer_supplies	= slate_sd_supplies,
};

static struct fixed_voltage_config slate_sd_power_cfg = {
	.supply_name	= "SD_EN",
	.microvolts	= 3300000,
	.gpio		= S5PV210_MP05(5),
	.enable_high	= 1,
	.init_data	= &slate_sd_power_data,
};

static struct platform_device slate_sd_power = {
	.name	= "reg-fixed-voltage",
	.id	= 0,
	.dev	= {
		.platform_data	= &slate_sd_power_cfg,
	},
};

/* 7" 800x480 RGB panel on the display controller, 60Hz */
static struct s3c_fb_pd_win slate_fb_win0 = {
	.win_mode = {
		.left_margin	= 40,
		.right_margin	= 40,
		.upper_margin	= 29,
		.lower_margin	= 13,
		.hsync_len	= 48,
		.vsync_len	= 3,
		.xres		= 800,
		.yres		= 480,
		.refresh	= 60,
	},
	.max_bpp	= 32,
	.default_bpp	= 24,
};

static struct s3c_fb_platdata slate_fb_pdata __initdata = {
	.win[0]		= &slate_fb_win0,
	.vidcon0	= VIDCON0_VIDOUT_RGB | VIDCON0_PNRMODE_RGB,
	.vidcon1	= VIDCON1_INV_VCLK | VIDCON1_INV_HSYNC | VIDCON1_INV_VSYNC,
	.setup_gpio	= s5pv210_fb_gpio_setup_24bpp,
};

/* HSMMC0: 8-bit eMMC, soldered */
static struct s3c_sdhci_platdata slate_hsmmc0_pdata __initdata = {
	.max_width	= 8,
	.cd_type	= S3C_SDHCI_CD_PERMANENT,
};

/* HSMMC2: micro-SD slot, card detect on EINT26, low when a card is in */
static struct s3c_sdhci_platdata slate_hsmmc2_pdata __initdata = {
	.max_width		= 4,
	.cd_type		= S3C_SDHCI_CD_GPIO,
	.ext_cd_gpio		= S5PV210_GPH3(2),
	.ext_cd_gpio_invert	= 1,
};

/* I2C0 (100kHz): audio codec and the board's ID EEPROM */
static struct i2c_board_info slate_i2c0_devs[] __initdata = {
	{
		I2C_BOARD_INFO("wm8580", 0x1b),
	}, {
		I2C_BOARD_INFO("24c08", 0x50),
	},
};

/* I2C2 (fast mode): motion sensor and the backup RTC */
static struct s3c2410_platform_i2c slate_i2c2_pdata __initdata = {
	.bus_num	= 2,
	.flags		= 0,
	.slave_addr	= 0x10,
	.frequency	= 400 * 1000,
	.sda_delay	= 100,
};

static struct i2c_board_info slate_i2c2_devs[] __initdata = {
	{
		I2C_BOARD_INFO("mma8452", 0x1c),
		.irq	= IRQ_EINT(20),
	}, {
		I2C_BOARD_INFO("pcf8563", 0x51),
		.irq	= IRQ_EINT(3),
	},
};

static struct platform_device *slate_devices[] __initdata = {
	&s3c_device_hsmmc0,
	&s3c_device_hsmmc2,
	&s3c_device_i2c0,
	&s3c_device_i2c2,
	&s3c_device_rtc,
	&s3c_device_wdt,
	&s3c_device_adc,
	&s3c_device_fb,
	&s3c_device_usb_hsotg,
	&s5pv210_device_iis0,
	&slate_sd_power,
	&slate_dm9000,
	&slate_keys,
	&slate_led_dev,
};

static void __init slate_map_io(void)
{
	s5p_init_io(NULL, 0, S5P_VA_CHIPID);
	s3c24xx_init_clocks(24000000);
	s3c24xx_init_uarts(slate_uartcfgs, ARRAY_SIZE(slate_uartcfgs));
}

static void __init slate_machine_init(void)
{
	/* the accelerometer's interrupt line has no pull-up on the board */
	s3c_gpio_setpull(S5PV210_GPH2(4), S3C_GPIO_PULL_UP);

	s3c_i2c0_set_platdata(NULL);
	s3c_i2c2_set_platdata(&slate_i2c2_pdata);
	i2c_register_board_info(0, slate_i2c0_devs, ARRAY_SIZE(slate_i2c0_devs));
	i2c_register_board_info(2, slate_i2c2_devs, ARRAY_SIZE(slate_i2c2_devs));

	s3c_sdhci0_set_platdata(&slate_hsmmc0_pdata);
	s3c_sdhci2_set_platdata(&slate_hsmmc2_pdata);

	s3c_fb_set_platdata(&slate_fb_pdata);

	platform_add_devices(slate_devices, ARRAY_SIZE(slate_devices));
}

MACHINE_START(SLATE210, "Harbour Slate210")
	.boot_params	= S5P_PA_SDRAM + 0x100,
	.init_irq	= s5pv210_init_irq,
	.map_io		= slate_map_io,
	.init_machine	= slate_machine_init,
	.timer		= &s5p_timer,
MACHINE_END
