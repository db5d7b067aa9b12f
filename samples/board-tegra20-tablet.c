// SPDX-License-Identifier: GPL-2.0
/*
 * A fictional 10" tablet on an NVIDIA Tegra 2 (Tegra20), written for
 * board2dts in the style of a 2.6.38 - 3.2 tree (arch/arm/mach-tegra): the
 * SoC's platform devices of devices.c (tegra_sdhci_deviceN, tegra_i2c_deviceN,
 * tegra_ehciN_device) with their platform data stored into .dev before
 * platform_add_devices(), an 8250 debug UART on UARTD, TEGRA_GPIO_Pxn names,
 * a WM8903 codec with its GPIOs after the SoC's and the tegra-snd-wm8903
 * sound card, a pin-mux table for tegra_pinmux_config_table(), a clock
 * table and MACHINE_START with .timer. Tegra 2's board files left mainline in 3.4 - 3.8,
 * tegra20.dtsi did not.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/platform_device.h>
#include <linux/serial_8250.h>
#include <linux/i2c.h>
#include <linux/i2c-tegra.h>
#include <linux/gpio.h>
#include <linux/gpio_keys.h>
#include <linux/input.h>

#include <sound/wm8903.h>

#include <mach/iomap.h>
#include <mach/irqs.h>
#include <mach/sdhci.h>
#include <mach/pinmux.h>
#include <mach/tegra_wm8903_pdata.h>

#include <asm/mach-types.h>
#include <asm/mach/arch.h>
#include <asm/mach/time.h>

#include "board.h"
#include "clock.h"
#include "devices.h"
#include "gpio-names.h"

#define SLATE_GPIO_SD2_CD	TEGRA_GPIO_PV5
#define SLATE_GPIO_SD2_WP	TEGRA_GPIO_PH1
#define SLATE_GPIO_SD2_POWER	TEGRA_GPIO_PI6
#define SLATE_GPIO_WLAN_POWER	TEGRA_GPIO_PK6
#define SLATE_GPIO_KEY_POWER	TEGRA_GPIO_PV2
#define SLATE_GPIO_KEY_VOLUP	TEGRA_GPIO_PQ5
#define SLATE_GPIO_KEY_VOLDOWN	TEGRA_GPIO_PQ4
#define SLATE_GPIO_CDC_IRQ	TEGRA_GPIO_PX3
#define SLATE_GPIO_ACCEL_IRQ	TEGRA_GPIO_PX1
#define SLATE_GPIO_USB3_VBUS	TEGRA_GPIO_PD0
#define SLATE_GPIO_HP_DET	TEGRA_GPIO_PW2

/* The codec's own five GPIOs follow the SoC's. */
#define SLATE_GPIO_WM8903(x)	(TEGRA_NR_GPIOS + (x))

static struct plat_serial8250_port debug_uart_platform_data[] = {
	{
		.membase	= IO_ADDRESS(TEGRA_UARTD_BASE),
		.mapbase	= TEGRA_UARTD_BASE,
		.irq		= INT_UARTD,
		.flags		= UPF_BOOT_AUTOCONF,
		.iotype		= UPIO_MEM,
		.regshift	= 2,
		.uartclk	= 216000000,
	}, {
		.flags		= 0,
	}
};

static struct platform_device debug_uart = {
	.name	= "serial8250",
	.id	= PLAT8250_DEV_PLATFORM,
	.dev	= {
		.platform_data	= debug_uart_platform_data,
	},
};

static struct tegra_pingroup_config slate_pinmux[] = {
	{TEGRA_PINGROUP_ATA,   TEGRA_MUX_IDE,     TEGRA_PUPD_NORMAL, TEGRA_TRI_NORMAL},
	{TEGRA_PINGROUP_GMA,   TEGRA_MUX_SDIO4,   TEGRA_PUPD_NORMAL, TEGRA_TRI_NORMAL},
	{TEGRA_PINGROUP_SDIO1, TEGRA_MUX_SDIO1,   TEGRA_PUPD_PULL_UP, TEGRA_TRI_NORMAL},
	{TEGRA_PINGROUP_DTA,   TEGRA_MUX_SDIO2,   TEGRA_PUPD_PULL_UP, TEGRA_TRI_NORMAL},
	{TEGRA_PINGROUP_GPU,   TEGRA_MUX_UARTA,   TEGRA_PUPD_NORMAL, TEGRA_TRI_NORMAL},
	{TEGRA_PINGROUP_I2CP,  TEGRA_MUX_I2C,     TEGRA_PUPD_NORMAL, TEGRA_TRI_NORMAL},
	{TEGRA_PINGROUP_RM,    TEGRA_MUX_I2C,     TEGRA_PUPD_NORMAL, TEGRA_TRI_NORMAL},
	{TEGRA_PINGROUP_DTF,   TEGRA_MUX_I2C3,    TEGRA_PUPD_NORMAL, TEGRA_TRI_NORMAL},
	{TEGRA_PINGROUP_CDEV1, TEGRA_MUX_PLLA_OUT, TEGRA_PUPD_NORMAL, TEGRA_TRI_NORMAL},
	{TEGRA_PINGROUP_DAP1,  TEGRA_MUX_DAP1,    TEGRA_PUPD_NORMAL, TEGRA_TRI_NORMAL},
	{TEGRA_PINGROUP_CK32,  TEGRA_MUX_NONE,    TEGRA_PUPD_NORMAL, TEGRA_TRI_NORMAL},
};

static __initdata struct tegra_drive_pingroup_config slate_drive_pinmux[] = {
	{
		.pingroup	= TEGRA_DRIVE_PINGROUP_SDIO1,
		.hsm		= TEGRA_HSM_DISABLE,
		.schmitt	= TEGRA_SCHMITT_ENABLE,
		.drive		= TEGRA_DRIVE_DIV_1,
		.pull_down	= TEGRA_PULL_31,
		.pull_up	= TEGRA_PULL_31,
		.slew_rising	= TEGRA_SLEW_SLOWEST,
		.slew_falling	= TEGRA_SLEW_SLOWEST,
	},
};

static __initdata struct tegra_gpio_table slate_gpio_table[] = {
	{ .gpio = TEGRA_GPIO_PV5, .enable = true },
};

static __initdata struct tegra_clk_init_table slate_clk_init_table[] = {
	/* name		parent		rate		enabled */
	{ "uartd",	"pll_p",	216000000,	true },
	{ "pll_a",	"pll_p_out1",	56448000,	true },
	{ "pll_a_out0",	"pll_a",	11289600,	true },
	{ "cdev1",	NULL,		0,		true },
	{ NULL,		NULL,		0,		0 },
};

/* SDMMC1: the Wi-Fi module, powered by a GPIO, never removed. */
static struct tegra_sdhci_platform_data sdhci_pdata1 = {
	.cd_gpio	= -1,
	.wp_gpio	= -1,
	.power_gpio	= SLATE_GPIO_WLAN_POWER,
};

/* SDMMC3: the microSD slot. */
static struct tegra_sdhci_platform_data sdhci_pdata3 = {
	.cd_gpio	= SLATE_GPIO_SD2_CD,
	.wp_gpio	= SLATE_GPIO_SD2_WP,
	.power_gpio	= SLATE_GPIO_SD2_POWER,
};

/* SDMMC4: the eMMC, 8 bits wide. */
static struct tegra_sdhci_platform_data sdhci_pdata4 = {
	.cd_gpio	= -1,
	.wp_gpio	= -1,
	.power_gpio	= -1,
	.is_8bit	= 1,
};

static struct tegra_i2c_platform_data slate_i2c1_platform_data = {
	.bus_clk_rate	= 400000,
};

static struct tegra_i2c_platform_data slate_i2c3_platform_data = {
	.bus_clk_rate	= 100000,
};

static struct wm8903_platform_data slate_wm8903_pdata = {
	.irq_active_low	= 0,
	.micdet_cfg	= 0,
	.micdet_delay	= 100,
	.gpio_base	= SLATE_GPIO_WM8903(0),
	/* GPIO3 (the speaker amplifier's enable) starts at 0; the rest untouched */
	.gpio_cfg	= {
		0,
		0,
		WM8903_GPIO_CONFIG_ZERO,
	},
};

static struct i2c_board_info __initdata slate_i2c1_devices[] = {
	{
		I2C_BOARD_INFO("wm8903", 0x1a),
		.platform_data	= &slate_wm8903_pdata,
	},
};

static struct tegra_wm8903_platform_data slate_audio_pdata = {
	.gpio_spkr_en		= SLATE_GPIO_WM8903(2),
	.gpio_hp_det		= SLATE_GPIO_HP_DET,
	.gpio_hp_mute		= -1,
	.gpio_int_mic_en	= -1,
	.gpio_ext_mic_en	= -1,
};

static struct platform_device slate_audio_device = {
	.name	= "tegra-snd-wm8903",
	.id	= 0,
	.dev	= {
		.platform_data	= &slate_audio_pdata,
	},
};

static struct i2c_board_info __initdata slate_i2c3_devices[] = {
	{
		I2C_BOARD_INFO("lis331dlh", 0x18),
	},
};

static struct gpio_keys_button slate_keys[] = {
	{
		.code		= KEY_POWER,
		.gpio		= SLATE_GPIO_KEY_POWER,
		.active_low	= 1,
		.desc		= "Power",
		.type		= EV_KEY,
		.wakeup		= 1,
	},
	{
		.code		= KEY_VOLUMEUP,
		.gpio		= SLATE_GPIO_KEY_VOLUP,
		.active_low	= 1,
		.desc		= "Volume Up",
		.type		= EV_KEY,
		.debounce_interval = 10,
	},
	{
		.code		= KEY_VOLUMEDOWN,
		.gpio		= SLATE_GPIO_KEY_VOLDOWN,
		.active_low	= 1,
		.desc		= "Volume Down",
		.type		= EV_KEY,
		.debounce_interval = 10,
	},
};

static struct gpio_keys_platform_data slate_keys_data = {
	.buttons	= slate_keys,
	.nbuttons	= ARRAY_SIZE(slate_keys),
};

static struct platform_device slate_keys_device = {
	.name	= "gpio-keys",
	.id	= -1,
	.dev	= {
		.platform_data	= &slate_keys_data,
	},
};

static struct platform_device *slate_devices[] __initdata = {
	&debug_uart,
	&tegra_sdhci_device1,
	&tegra_sdhci_device3,
	&tegra_sdhci_device4,
	&tegra_i2c_device1,
	&tegra_i2c_device3,
	&slate_keys_device,
	&tegra_i2s_device1,
	&tegra_das_device,
	&slate_audio_device,
};

static void __init slate_i2c_init(void)
{
	tegra_i2c_device1.dev.platform_data = &slate_i2c1_platform_data;
	tegra_i2c_device3.dev.platform_data = &slate_i2c3_platform_data;

	slate_i2c1_devices[0].irq = gpio_to_irq(SLATE_GPIO_CDC_IRQ);
	i2c_register_board_info(0, slate_i2c1_devices, ARRAY_SIZE(slate_i2c1_devices));

	slate_i2c3_devices[0].irq = gpio_to_irq(SLATE_GPIO_ACCEL_IRQ);
	i2c_register_board_info(2, slate_i2c3_devices, ARRAY_SIZE(slate_i2c3_devices));
}

static void __init slate_usb_init(void)
{
	gpio_request(SLATE_GPIO_USB3_VBUS, "usb3 vbus");
	gpio_direction_output(SLATE_GPIO_USB3_VBUS, 1);

	platform_device_register(&tegra_ehci3_device);
}

static void __init tegra_slate_init(void)
{
	tegra_clk_init_from_table(slate_clk_init_table);
	tegra_pinmux_config_table(slate_pinmux, ARRAY_SIZE(slate_pinmux));
	tegra_drive_pinmux_config_table(slate_drive_pinmux, ARRAY_SIZE(slate_drive_pinmux));
	tegra_gpio_config(slate_gpio_table, ARRAY_SIZE(slate_gpio_table));

	tegra_sdhci_device1.dev.platform_data = &sdhci_pdata1;
	tegra_sdhci_device3.dev.platform_data = &sdhci_pdata3;
	tegra_sdhci_device4.dev.platform_data = &sdhci_pdata4;

	slate_i2c_init();
	platform_add_devices(slate_devices, ARRAY_SIZE(slate_devices));
	slate_usb_init();
}

MACHINE_START(TEGRA_SLATE, "Tegra 2 slate")
	.boot_params	= 0x00000100,
	.map_io		= tegra_map_common_io,
	.init_early	= tegra_init_early,
	.init_irq	= tegra_init_irq,
	.timer		= &tegra_timer,
	.init_machine	= tegra_slate_init,
MACHINE_END
