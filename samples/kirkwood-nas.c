// SPDX-License-Identifier: GPL-2.0
/*
 * A fictional two-bay NAS on a Marvell Kirkwood 88F6281, written for
 * board2dts in the style of a 2.6.3x vendor tree (arch/arm/mach-kirkwood):
 * MACHINE_START with .phys_io, .boot_params and .timer, the plat-orion
 * helpers (kirkwood_ge00_init, kirkwood_sata_init, kirkwood_sdio_init,
 * kirkwood_nand_init with its partitions), an MPP table, and plain GPIO
 * numbers for the LEDs and buttons. Kirkwood's board files left mainline
 * before 6.1, its .dtsi files did not: the output overlays kirkwood.dtsi and
 * kirkwood-6281.dtsi.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/platform_device.h>
#include <linux/ata_platform.h>
#include <linux/mtd/partitions.h>
#include <linux/mv643xx_eth.h>
#include <linux/ethtool.h>
#include <linux/gpio.h>
#include <linux/gpio_keys.h>
#include <linux/input.h>
#include <linux/leds.h>
#include <linux/i2c.h>
#include <linux/spi/spi.h>
#include <linux/spi/flash.h>
#include <asm/mach-types.h>
#include <asm/mach/arch.h>
#include <mach/kirkwood.h>
#include <plat/mvsdio.h>
#include "common.h"
#include "mpp.h"

#define NAS_GPIO_USB_POWER	21
#define NAS_GPIO_LED_DISK	36
#define NAS_GPIO_LED_POWER	40
#define NAS_GPIO_KEY_POWER	46
#define NAS_GPIO_KEY_RESET	47
#define NAS_GPIO_SD_CD		38
#define NAS_GPIO_POWER_OFF	35
#define NAS_GPIO_SATA1_POWER	28

static struct mtd_partition nas_nand_parts[] = {
	{ .name = "uboot", .offset = 0, .size = SZ_1M },
	{ .name = "uboot-env", .offset = MTDPART_OFS_NXTBLK, .size = SZ_512K },
	{ .name = "kernel", .offset = SZ_2M, .size = SZ_4M },
	{ .name = "rootfs", .offset = MTDPART_OFS_APPEND, .size = MTDPART_SIZ_FULL },
};

/* The boot loader's own SPI NOR: the one SPI bus, so no .bus_num. */
static struct mtd_partition nas_flash_parts[] = {
	{ .name = "boot", .offset = 0, .size = SZ_256K, .mask_flags = MTD_WRITEABLE },
	{ .name = "boot-env", .offset = MTDPART_OFS_APPEND, .size = SZ_64K },
};

static const struct flash_platform_data nas_flash = {
	.type		= "mx25l4005a",
	.parts		= nas_flash_parts,
	.nr_parts	= ARRAY_SIZE(nas_flash_parts),
};

static struct spi_board_info __initdata nas_spi_info[] = {
	{
		.modalias	= "m25p80",
		.platform_data	= &nas_flash,
		.irq		= -1,
		.max_speed_hz	= 20000000,
	},
};

static struct mv643xx_eth_platform_data nas_ge00_data = {
	.phy_addr	= MV643XX_ETH_PHY_ADDR(8),
};

/* The second port drives a switch: no PHY, a fixed 1 Gb/s full-duplex link. */
static struct mv643xx_eth_platform_data nas_ge01_data = {
	.phy_addr	= MV643XX_ETH_PHY_NONE,
	.speed		= SPEED_1000,
	.duplex		= DUPLEX_FULL,
};

static struct mv_sata_platform_data nas_sata_data = {
	.n_ports	= 2,
};

static struct mvsdio_platform_data nas_mvsdio_data = {
	.gpio_card_detect	= NAS_GPIO_SD_CD,
};

static struct gpio_led nas_leds[] = {
	{
		.name			= "nas:blue:power",
		.default_trigger	= "default-on",
		.gpio			= NAS_GPIO_LED_POWER,
		.active_low		= 1,
	}, {
		.name			= "nas:red:disk",
		.default_trigger	= "disk-activity",
		.gpio			= NAS_GPIO_LED_DISK,
	},
};

static struct gpio_led_platform_data nas_led_data = {
	.leds		= nas_leds,
	.num_leds	= ARRAY_SIZE(nas_leds),
};

static struct platform_device nas_led_device = {
	.name	= "leds-gpio",
	.id	= -1,
	.dev	= { .platform_data = &nas_led_data },
};

static struct gpio_keys_button nas_buttons[] = {
	{
		.code		= KEY_POWER,
		.gpio		= NAS_GPIO_KEY_POWER,
		.desc		= "Power button",
		.active_low	= 1,
	}, {
		.code		= KEY_RESTART,
		.gpio		= NAS_GPIO_KEY_RESET,
		.desc		= "Reset button",
		.active_low	= 1,
	},
};

static struct gpio_keys_platform_data nas_button_data = {
	.buttons	= nas_buttons,
	.nbuttons	= ARRAY_SIZE(nas_buttons),
};

static struct platform_device nas_button_device = {
	.name	= "gpio-keys",
	.id	= -1,
	.dev	= { .platform_data = &nas_button_data },
};

static struct i2c_board_info __initdata nas_i2c_rtc = {
	I2C_BOARD_INFO("rs5c372a", 0x32),
};

/* A codec its driver knows by id table only ("realtek,alc5623" in its of table). */
static struct i2c_board_info __initdata nas_i2c_codec[] = {
	{ I2C_BOARD_INFO("alc5621", 0x1a) },
};

static unsigned int nas_mpp_config[] __initdata = {
	MPP0_SPI_SCn,		/* pmx_spi, given to &spi0 */
	MPP1_SPI_MOSI,
	MPP2_SPI_SCK,
	MPP3_SPI_MISO,
	MPP8_TW_SDA,		/* kirkwood.dtsi's pmx_twsi0, given to &i2c0 */
	MPP9_TW_SCK,
	MPP10_UART0_TXD,	/* pmx_uart0, given to &uart0 */
	MPP11_UART0_RXD,
	MPP13_UART1_TXD,	/* pmx_uart1: &uart1 stays off, &pinctrl hogs it */
	MPP14_UART1_RXD,
	MPP18_NF_IO0,		/* part of pmx_nand, which &nand has */
	MPP19_NF_IO1,
	MPP20_SATA1_ACTn,	/* one pin of kirkwood-6281.dtsi's pmx_sata1: a group of its own */
	MPP21_GPIO,		/* USB power */
	MPP36_GPIO,		/* disk LED */
	MPP38_GPIO,		/* SD card detect */
	MPP40_GPIO,		/* power LED */
	MPP46_GPIO,		/* power button */
	MPP47_GPIO,		/* reset button */
	MPP35_GPIO,		/* power off */
	MPP28_GPIO,		/* SATA1 power */
	0
};

/* The board's power supply turns off when the line goes high. */
static void nas_power_off(void)
{
	gpio_set_value(NAS_GPIO_POWER_OFF, 1);
}

/* The second bay's power, switched on at boot (err: the status of the calls). */
static void __init nas_sata_power_init(void)
{
	int err;

	err = gpio_request(NAS_GPIO_SATA1_POWER, "SATA1 power");
	if (err == 0) {
		err = gpio_direction_output(NAS_GPIO_SATA1_POWER, 1);
		if (err)
			gpio_free(NAS_GPIO_SATA1_POWER);
	}
	if (err)
		pr_err("nas: failed to power SATA1\n");
}

static void __init nas_init(void)
{
	kirkwood_init();
	kirkwood_mpp_conf(nas_mpp_config);

	kirkwood_uart0_init();
	spi_register_board_info(nas_spi_info, ARRAY_SIZE(nas_spi_info));
	kirkwood_spi_init();
	kirkwood_nand_init(ARRAY_AND_SIZE(nas_nand_parts), 25);

	if (gpio_request(NAS_GPIO_USB_POWER, "USB Power Enable") != 0 ||
	    gpio_direction_output(NAS_GPIO_USB_POWER, 1) != 0)
		pr_err("nas: cannot enable USB power\n");
	kirkwood_ehci_init();

	kirkwood_ge00_init(&nas_ge00_data);
	kirkwood_ge01_init(&nas_ge01_data);
	nas_sata_power_init();
	kirkwood_sata_init(&nas_sata_data);
	kirkwood_sdio_init(&nas_mvsdio_data);

	kirkwood_i2c_init();
	i2c_register_board_info(0, &nas_i2c_rtc, 1);
	i2c_register_board_info(0, nas_i2c_codec, ARRAY_SIZE(nas_i2c_codec));

	platform_device_register(&nas_led_device);
	platform_device_register(&nas_button_device);

	if (gpio_request(NAS_GPIO_POWER_OFF, "power-off") == 0 &&
	    gpio_direction_output(NAS_GPIO_POWER_OFF, 0) == 0)
		pm_power_off = nas_power_off;
	else
		pr_err("nas: failed to configure power-off GPIO\n");
}

static int __init nas_pci_init(void)
{
	if (machine_is_kw_nas())
		kirkwood_pcie_init(KW_PCIE0);
	return 0;
}
subsys_initcall(nas_pci_init);

MACHINE_START(KW_NAS, "Example Kirkwood NAS")
	.phys_io	= KIRKWOOD_REGS_PHYS_BASE,
	.io_pg_offst	= ((KIRKWOOD_REGS_VIRT_BASE) >> 18) & 0xfffc,
	.boot_params	= 0x00000100,
	.init_machine	= nas_init,
	.map_io		= kirkwood_map_io,
	.init_irq	= kirkwood_init_irq,
	.timer		= &kirkwood_timer,
MACHINE_END
