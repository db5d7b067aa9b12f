// SPDX-License-Identifier: GPL-2.0
/*
 * A fictional HMI panel computer on a Freescale i.MX53, written for
 * board2dts in the style of a 3.0 - 3.4 tree (arch/arm/mach-mx5): the
 * imx53_add_*(index, pdata) helpers with 0-based indices, IMX_GPIO_NR(),
 * an IOMUX pad table, a FEC PHY reset pulse, gpio_led_register_device()
 * and MACHINE_START with .timer. i.MX5's board files left mainline before
 * 6.1, imx53.dtsi did not.
 */
#include <linux/init.h>
#include <linux/delay.h>
#include <linux/gpio.h>
#include <linux/i2c.h>
#include <linux/gpio_keys.h>
#include <linux/input.h>
#include <linux/leds.h>
#include <linux/fec.h>
#include <mach/common.h>
#include <mach/hardware.h>
#include <mach/iomux-mx53.h>
#include <asm/mach-types.h>
#include <asm/mach/arch.h>
#include <asm/mach/time.h>
#include "devices-imx53.h"

#define PANEL_FEC_PHY_RST	IMX_GPIO_NR(7, 6)
#define PANEL_BACKLIGHT_EN	IMX_GPIO_NR(3, 24)
#define PANEL_KEY_MENU		IMX_GPIO_NR(2, 14)
#define PANEL_LED_STATUS	IMX_GPIO_NR(7, 7)
#define PANEL_SD1_CD		IMX_GPIO_NR(3, 13)
#define PANEL_SD1_WP		IMX_GPIO_NR(3, 14)

static iomux_v3_cfg_t panel_pads[] = {
	/* console */
	MX53_PAD_CSI0_DAT10__UART1_TXD_MUX,
	MX53_PAD_CSI0_DAT11__UART1_RXD_MUX,
	/* Ethernet */
	MX53_PAD_FEC_MDC__FEC_MDC,
	MX53_PAD_FEC_MDIO__FEC_MDIO,
	MX53_PAD_PATA_DA_0__GPIO7_6,
	/* SD card slot, card detect and write protect on GPIOs */
	MX53_PAD_SD1_CMD__ESDHC1_CMD,
	MX53_PAD_SD1_CLK__ESDHC1_CLK,
	MX53_PAD_SD1_DATA0__ESDHC1_DAT0,
	MX53_PAD_EIM_DA13__GPIO3_13,
	MX53_PAD_EIM_DA14__GPIO3_14,
	/* codec and RTC bus */
	MX53_PAD_KEY_ROW3__I2C2_SDA,
	MX53_PAD_KEY_COL3__I2C2_SCL,
	/* menu key, status LED */
	MX53_PAD_PATA_DATA14__GPIO2_14,
	MX53_PAD_PATA_DA_1__GPIO7_7,
};

static const struct imxuart_platform_data panel_uart_data __initconst = {
	.flags	= IMXUART_HAVE_RTSCTS,
};

static const struct esdhc_platform_data panel_sd1_data __initconst = {
	.cd_gpio	= PANEL_SD1_CD,
	.wp_gpio	= PANEL_SD1_WP,
	.cd_type	= ESDHC_CD_GPIO,
	.wp_type	= ESDHC_WP_GPIO,
};

static struct fec_platform_data panel_fec_data = {
	.phy	= PHY_INTERFACE_MODE_RMII,
};

static const struct imxi2c_platform_data panel_i2c_data __initconst = {
	.bitrate	= 400000,
};

static struct i2c_board_info panel_i2c_devices[] = {
	{ I2C_BOARD_INFO("sgtl5000", 0x0a) },
	{ I2C_BOARD_INFO("pcf8563", 0x51) },
};

static struct gpio_keys_button panel_buttons[] = {
	{
		.gpio		= PANEL_KEY_MENU,
		.code		= KEY_MENU,
		.desc		= "menu",
		.active_low	= 1,
	},
};

static const struct gpio_keys_platform_data panel_button_data __initconst = {
	.buttons	= panel_buttons,
	.nbuttons	= ARRAY_SIZE(panel_buttons),
};

static const struct gpio_led panel_leds[] __initconst = {
	{
		.name			= "panel:green:status",
		.default_trigger	= "heartbeat",
		.gpio			= PANEL_LED_STATUS,
	},
};

static const struct gpio_led_platform_data panel_leds_data __initconst = {
	.leds		= panel_leds,
	.num_leds	= ARRAY_SIZE(panel_leds),
};

static void __init panel_fec_reset(void)
{
	if (gpio_request(PANEL_FEC_PHY_RST, "fec-phy-reset"))
		return;
	gpio_direction_output(PANEL_FEC_PHY_RST, 0);
	msleep(1);
	gpio_set_value(PANEL_FEC_PHY_RST, 1);
}

static void __init panel_board_init(void)
{
	imx53_soc_init();
	mxc_iomux_v3_setup_multiple_pads(panel_pads, ARRAY_SIZE(panel_pads));

	imx53_add_imx_uart(0, &panel_uart_data);
	panel_fec_reset();
	imx53_add_fec(&panel_fec_data);
	imx53_add_imx2_wdt(0, NULL);

	mxc_iomux_v3_setup_pad(MX53_PAD_EIM_D24__GPIO3_24);
	gpio_request_one(PANEL_BACKLIGHT_EN, GPIOF_OUT_INIT_HIGH, "backlight_en");

	i2c_register_board_info(1, panel_i2c_devices, ARRAY_SIZE(panel_i2c_devices));
	imx53_add_imx_i2c(1, &panel_i2c_data);
	imx53_add_sdhci_esdhc_imx(0, &panel_sd1_data);
	imx_add_gpio_keys(&panel_button_data);
	gpio_led_register_device(-1, &panel_leds_data);
}

static void __init panel_timer_init(void)
{
	mx53_clocks_init(32768, 24000000, 0, 0);
}

static struct sys_timer panel_timer = {
	.init	= panel_timer_init,
};

MACHINE_START(IMX53_PANEL, "Example i.MX53 HMI panel")
	.map_io		= mx53_map_io,
	.init_early	= imx53_init_early,
	.init_irq	= mx53_init_irq,
	.handle_irq	= imx53_handle_irq,
	.timer		= &panel_timer,
	.init_machine	= panel_board_init,
MACHINE_END
