// SPDX-License-Identifier: GPL-2.0-only
/*
 * linux/arch/arm/mach-omap2/board-w3-handheld.c
 *
 * Board support for the Wanderer W3 handheld: OMAP3430 with a TWL4030
 * companion on I2C1, a TCA6507 LED/GPIO driver and an LIS3DH accelerometer
 * on I2C2, a micro-SD slot on MMC1 and an SDIO WiFi module on MMC2.
 *
 * Copyright (C) 2012 Wanderer Devices
 *
 * This file is a board2dts test sample: the twin of
 * samples/board-omap3-handheld.c written in the style of the 3.0 - 3.4 OMAP3
 * board files (.atag_offset with .timer, the PMIC registered by
 * omap3_pmic_init(), plat/ headers, common-board-devices.h).
 * It is not part of any kernel.
 */

#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/platform_device.h>
#include <linux/err.h>
#include <linux/gpio.h>
#include <linux/irq.h>
#include <linux/interrupt.h>
#include <linux/input.h>
#include <linux/gpio_keys.h>
#include <linux/leds.h>
#include <linux/leds-tca6507.h>
#include <linux/i2c.h>
#include <linux/i2c/twl.h>
#include <linux/mmc/host.h>
#include <linux/regulator/machine.h>
#include <linux/regulator/fixed.h>
#include <linux/platform_data/st_sensors_pdata.h>

#include <asm/mach-types.h>
#include <asm/mach/arch.h>

#include <mach/hardware.h>
#include <plat/gpmc.h>

#include <plat/board.h>
#include <plat/common.h>
#include <plat/usb.h>

#include "common.h"
#include "common-board-devices.h"
#include "mux.h"
#include "hsmmc.h"
#include "control.h"

/* OMAP GPIO lines (bank = n / 32 + 1, line = n % 32) */
#define W3_GPIO_AUX_KEY		7	/* sys_boot5: AUX key, high = pressed */
#define W3_GPIO_ACCEL_INT1	115	/* LIS3DH INT1 (data ready) */
#define W3_GPIO_GPS_ON		145	/* GPS module ON_OFF, keep low */

/* TWL4030 GPIOs follow the 192 SoC lines; LEDA/LEDB follow its 18 GPIOs */
#define W3_TWL_GPIO_HEADSET	(OMAP_MAX_GPIO_LINES + 2)

/*
 * The TWL4030 block is 20 lines wide here (18 GPIOs + LEDA + LEDB, since
 * .use_leds is set), so the TCA6507 GPIOs start right after it.
 */
#define W3_TCA6507_GPIO_BASE	(OMAP_MAX_GPIO_LINES + TWL4030_GPIO_MAX + 2)
#define GPIO_WIFI_RESET		(W3_TCA6507_GPIO_BASE + 0)

static struct omap_board_mux board_mux[] __initdata = {
	OMAP3_MUX(SYS_BOOT5, OMAP_MUX_MODE4 | OMAP_PIN_INPUT | OMAP_WAKEUP_EN),
	OMAP3_MUX(UART2_RTS, OMAP_MUX_MODE4 | OMAP_PIN_OUTPUT),
	{ .reg_offset = OMAP_MUX_TERMINATOR },
};

/* ---------------------------------------------------------------- MMC */

static struct omap2_hsmmc_info w3_mmc[] = {
	{
		/* micro-SD slot, card detect on TWL4030 GPIO 0 */
		.mmc		= 1,
		.caps		= MMC_CAP_4_BIT_DATA,
		.gpio_cd	= -EINVAL,	/* set in w3_twl_gpio_setup() */
		.gpio_wp	= -EINVAL,
	},
	{
		/* soldered SDIO WiFi module, powered by the vwlan switch */
		.mmc		= 2,
		.caps		= MMC_CAP_4_BIT_DATA | MMC_CAP_POWER_OFF_CARD,
		.gpio_cd	= -EINVAL,
		.gpio_wp	= -EINVAL,
		.nonremovable	= true,
	},
	{}	/* Terminator */
};

/* --------------------------------------------------------- regulators */

static struct regulator_consumer_supply w3_vmmc1_supply[] = {
	REGULATOR_SUPPLY("vmmc", "omap_hsmmc.0"),
};

/* VMMC1 for the micro-SD slot */
static struct regulator_init_data w3_vmmc1 = {
	.constraints = {
		.min_uV			= 1850000,
		.max_uV			= 3150000,
		.valid_modes_mask	= REGULATOR_MODE_NORMAL
					| REGULATOR_MODE_STANDBY,
		.valid_ops_mask		= REGULATOR_CHANGE_VOLTAGE
					| REGULATOR_CHANGE_MODE
					| REGULATOR_CHANGE_STATUS,
	},
	.num_consumer_supplies	= ARRAY_SIZE(w3_vmmc1_supply),
	.consumer_supplies	= w3_vmmc1_supply,
};

static struct regulator_consumer_supply w3_vaux2_supplies[] = {
	REGULATOR_SUPPLY("vdd", "2-0019"),
	REGULATOR_SUPPLY("vddio", "2-0019"),
};

/* VAUX2 feeds the accelerometer (core and I/O) */
static struct regulator_init_data w3_vaux2 = {
	.constraints = {
		.min_uV			= 2800000,
		.max_uV			= 2800000,
		.apply_uV		= true,
		.valid_modes_mask	= REGULATOR_MODE_NORMAL
					| REGULATOR_MODE_STANDBY,
		.valid_ops_mask		= REGULATOR_CHANGE_MODE
					| REGULATOR_CHANGE_STATUS,
	},
	.num_consumer_supplies	= ARRAY_SIZE(w3_vaux2_supplies),
	.consumer_supplies	= w3_vaux2_supplies,
};

static struct regulator_consumer_supply w3_vwlan_supply[] = {
	REGULATOR_SUPPLY("vmmc", "omap_hsmmc.1"),
};

static struct regulator_init_data w3_vwlan_data = {
	.constraints = {
		.valid_ops_mask	= REGULATOR_CHANGE_STATUS,
	},
	.num_consumer_supplies	= ARRAY_SIZE(w3_vwlan_supply),
	.consumer_supplies	= w3_vwlan_supply,
};

/* The WiFi module's reset line doubles as its power switch */
static struct fixed_voltage_config w3_vwlan = {
	.supply_name		= "vwlan",
	.microvolts		= 1800000,	/* 1.8V */
	.gpio			= GPIO_WIFI_RESET,
	.startup_delay		= 70000,	/* 70ms */
	.enable_high		= 1,
	.enabled_at_boot	= 0,
	.init_data		= &w3_vwlan_data,
};

static struct platform_device w3_vwlan_device = {
	.name		= "reg-fixed-voltage",
	.id		= 1,
	.dev = {
		.platform_data	= &w3_vwlan,
	},
};

/* ------------------------------------------------------- LEDs and keys */

static struct gpio_led w3_gpio_leds[] = {
	{
		.name			= "w3:green:power",
		.default_trigger	= "default-on",
		.gpio			= -EINVAL,	/* TWL4030 LEDB */
	},
	{
		.name			= "w3:red:charge",
		.gpio			= -EINVAL,	/* TWL4030 LEDA */
		.default_state		= LEDS_GPIO_DEFSTATE_OFF,
	},
};

static struct gpio_led_platform_data w3_led_data = {
	.leds		= w3_gpio_leds,
	.num_leds	= ARRAY_SIZE(w3_gpio_leds),
};

static struct platform_device w3_leds_device = {
	.name	= "leds-gpio",
	.id	= -1,
	.dev	= {
		.platform_data	= &w3_led_data,
	},
};

static struct gpio_keys_button w3_gpio_buttons[] = {
	{
		.code			= KEY_PHONE,
		.gpio			= W3_GPIO_AUX_KEY,
		.desc			= "aux",
		.wakeup			= 1,
		.debounce_interval	= 20,
	},
	{
		.type			= EV_SW,
		.code			= SW_HEADPHONE_INSERT,
		.gpio			= W3_TWL_GPIO_HEADSET,
		.active_low		= 1,
		.desc			= "headset",
		.debounce_interval	= 50,
	},
};

static struct gpio_keys_platform_data w3_gpio_key_info = {
	.buttons	= w3_gpio_buttons,
	.nbuttons	= ARRAY_SIZE(w3_gpio_buttons),
};

static struct platform_device w3_keys_gpio = {
	.name	= "gpio-keys",
	.id	= -1,
	.dev	= {
		.platform_data	= &w3_gpio_key_info,
	},
};

/* ------------------------------------------------------------ TWL4030 */

static int w3_twl_gpio_setup(struct device *dev,
		unsigned gpio, unsigned ngpio)
{
	/* gpio + 0 is the micro-SD card detect */
	w3_mmc[0].gpio_cd = gpio + 0;
	omap_hsmmc_init(w3_mmc);

	/* LEDA and LEDB come after the 18 real GPIOs */
	w3_gpio_leds[0].gpio = gpio + TWL4030_GPIO_MAX + 1;
	w3_gpio_leds[1].gpio = gpio + TWL4030_GPIO_MAX;

	platform_device_register(&w3_leds_device);

	return 0;
}

static struct twl4030_gpio_platform_data w3_gpio_data = {
	.gpio_base	= OMAP_MAX_GPIO_LINES,
	.irq_base	= TWL4030_GPIO_IRQ_BASE,
	.irq_end	= TWL4030_GPIO_IRQ_END,
	.use_leds	= true,
	.debounce	= BIT(0),
	.pullups	= BIT(0) | BIT(2),
	.pulldowns	= BIT(1) | BIT(6) | BIT(7) | BIT(13) | BIT(15),
	.setup		= w3_twl_gpio_setup,
};

static struct twl4030_codec_audio_data w3_codec = {
	.ramp_delay_value	= 3,
};

static struct twl4030_codec_data w3_audio = {
	.audio_mclk	= 26000000,
	.audio		= &w3_codec,
};

static struct twl4030_platform_data w3_twldata = {
	.irq_base	= TWL4030_IRQ_BASE,
	.irq_end	= TWL4030_IRQ_END,
	.gpio		= &w3_gpio_data,
	.vmmc1		= &w3_vmmc1,
	.vaux2		= &w3_vaux2,
	.codec		= &w3_audio,
};

/* -------------------------------------------------------- I2C devices */

static struct led_info w3_tca6507_leds[] = {
	[0] = { .name = "w3:red:aux" },
	[1] = { .name = "w3:green:aux" },
	[2] = { .name = "w3:blue:aux", .default_trigger = "heartbeat" },
	[6] = { .name = "w3:wlan:reset", .flags = TCA6507_MAKE_GPIO },
};

static struct tca6507_platform_data w3_tca6507_info = {
	.leds = {
		.num_leds	= ARRAY_SIZE(w3_tca6507_leds),
		.leds		= w3_tca6507_leds,
	},
	.gpio_base	= W3_TCA6507_GPIO_BASE,
};

static struct st_sensors_platform_data w3_accel_pdata = {
	.drdy_int_pin	= 1,
	.open_drain	= true,
};

/* LIS3DH INT2 is open drain, wired-OR onto the SYS_NIRQ line */
static const struct resource w3_accel_resources[] = {
	DEFINE_RES_IRQ(INT_34XX_SYS_NIRQ),
};

static struct i2c_board_info __initdata w3_i2c2_boardinfo[] = {
	{
		I2C_BOARD_INFO("tca6507", 0x45),
		.platform_data	= &w3_tca6507_info,
	},
	{
		I2C_BOARD_INFO("lis3dh", 0x19),
		.irq		= OMAP_GPIO_IRQ(W3_GPIO_ACCEL_INT1),
		.resources	= w3_accel_resources,
		.num_resources	= ARRAY_SIZE(w3_accel_resources),
		.platform_data	= &w3_accel_pdata,
	},
};

static int __init w3_i2c_init(void)
{
	omap3_pmic_init("twl4030", &w3_twldata);
	omap_register_i2c_bus(2, 400, w3_i2c2_boardinfo,
			ARRAY_SIZE(w3_i2c2_boardinfo));
	/* I2C3 goes to the expansion connector only */
	omap_register_i2c_bus(3, 100, NULL, 0);
	return 0;
}

/* ------------------------------------------------------------ machine */

static struct platform_device *w3_devices[] __initdata = {
	&w3_keys_gpio,
	&w3_vwlan_device,
};

static void __init w3_init(void)
{
	omap3_mux_init(board_mux, OMAP_PACKAGE_CBB);
	w3_i2c_init();
	platform_add_devices(w3_devices, ARRAY_SIZE(w3_devices));
	omap_serial_init();
	omap_sdrc_init(NULL, NULL);

	/* accelerometer data-ready interrupt */
	gpio_request_one(W3_GPIO_ACCEL_INT1, GPIOF_IN, "accel-int1");
	irq_set_irq_type(OMAP_GPIO_IRQ(W3_GPIO_ACCEL_INT1),
			 IRQ_TYPE_EDGE_RISING);

	/* the GPS module must see a low ON_OFF line until it is used */
	gpio_request_one(W3_GPIO_GPS_ON, GPIOF_OUT_INIT_LOW, "gps-on");
}

MACHINE_START(W3_HANDHELD, "Wanderer W3 handheld")
	.atag_offset	= 0x100,
	.reserve	= omap_reserve,
	.map_io		= omap3_map_io,
	.init_early	= omap3430_init_early,
	.init_irq	= omap3_init_irq,
	.handle_irq	= omap3_intc_handle_irq,
	.init_machine	= w3_init,
	.timer		= &omap3_timer,
	.restart	= omap_prcm_restart,
MACHINE_END
