// SPDX-License-Identifier: GPL-2.0-only
/*
 * linux/arch/arm/mach-omap2/board-wren-terminal.c
 *
 * Wren T-3: an OMAP3530 point-of-sale terminal. A TPS65930 companion on
 * I2C1 (keypad, USB PHY, VMMC1/VIO/VPLL2 regulators, audio), a resistive
 * touchscreen on McSPI1, a LAN9221 on the GPMC, a USB hub on EHCI port 1
 * and the MUSB OTG port, a DPI panel.
 *
 * Copyright (C) 2011 Wren Instruments
 *
 * This file is a board2dts test sample: an original board file written in
 * the style of the 2.6.39 - 3.0 OMAP3 board files.  It is not part of any
 * kernel.
 */

#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/platform_device.h>
#include <linux/gpio.h>
#include <linux/input.h>
#include <linux/input/matrix_keypad.h>
#include <linux/interrupt.h>
#include <linux/regulator/machine.h>
#include <linux/i2c/twl.h>
#include <linux/spi/spi.h>
#include <linux/spi/ads7846.h>
#include <linux/smsc911x.h>
#include <linux/mmc/host.h>
#include <linux/mtd/mtd.h>
#include <linux/mtd/nand.h>
#include <linux/mtd/partitions.h>

#include <asm/mach-types.h>
#include <asm/mach/arch.h>

#include <plat/board.h>
#include <plat/common.h>
#include <plat/usb.h>
#include <plat/mcspi.h>
#include <plat/display.h>

#include "mux.h"
#include "hsmmc.h"
#include "common-board-devices.h"

#define WREN_TS_GPIO		114	/* the pen-down line of the touchscreen */
#define WREN_LAN_IRQ_GPIO	176
#define WREN_USBH_NRESET	147
#define WREN_DVI_NPD		157	/* the DVI transmitter's power-down line */

static struct omap2_hsmmc_info wren_mmc[] = {
	{
		.mmc		= 1,
		.caps		= MMC_CAP_4_BIT_DATA,
		.gpio_wp	= -EINVAL,
	},
	{}	/* Terminator */
};

static struct regulator_consumer_supply wren_vmmc1_supply =
	REGULATOR_SUPPLY("vmmc", "omap_hsmmc.0");

/* the touchscreen's supply */
static struct regulator_consumer_supply wren_vio_supply =
	REGULATOR_SUPPLY("vcc", "spi1.0");

/* the TV-out DAC's supply */
static struct regulator_consumer_supply wren_vdac_supply =
	REGULATOR_SUPPLY("vdda_dac", "omapdss_venc");

static struct regulator_init_data wren_vdac = {
	.constraints = {
		.min_uV			= 1800000,
		.max_uV			= 1800000,
		.valid_ops_mask		= REGULATOR_CHANGE_STATUS,
	},
	.num_consumer_supplies	= 1,
	.consumer_supplies	= &wren_vdac_supply,
};

static struct regulator_init_data wren_vmmc1 = {
	.constraints = {
		.min_uV			= 1850000,
		.max_uV			= 3150000,
		.valid_ops_mask		= REGULATOR_CHANGE_VOLTAGE
					| REGULATOR_CHANGE_STATUS,
	},
	.num_consumer_supplies	= 1,
	.consumer_supplies	= &wren_vmmc1_supply,
};

static struct regulator_init_data wren_vio = {
	.constraints = {
		.min_uV			= 1800000,
		.max_uV			= 1800000,
		.valid_ops_mask		= REGULATOR_CHANGE_STATUS,
	},
	.num_consumer_supplies	= 1,
	.consumer_supplies	= &wren_vio_supply,
};

static int wren_twl_gpio_setup(struct device *dev, unsigned gpio, unsigned ngpio)
{
	/* gpio + 0 is the SD card-detect switch */
	wren_mmc[0].gpio_cd = gpio + 0;
	omap2_hsmmc_init(wren_mmc);
	return 0;
}

static struct twl4030_gpio_platform_data wren_gpio_data = {
	.gpio_base	= OMAP_MAX_GPIO_LINES,
	.irq_base	= TWL4030_GPIO_IRQ_BASE,
	.irq_end	= TWL4030_GPIO_IRQ_END,
	.setup		= wren_twl_gpio_setup,
};

static uint32_t wren_keymap[] = {
	KEY(0, 0, KEY_1),
	KEY(0, 1, KEY_2),
	KEY(1, 0, KEY_ENTER),
	KEY(1, 1, KEY_ESC),
	PERSISTENT_KEY(2, 2),
	0
};

static struct matrix_keymap_data wren_keymap_data = {
	.keymap		= wren_keymap,
	.keymap_size	= ARRAY_SIZE(wren_keymap),
};

static struct twl4030_keypad_data wren_kp_data = {
	.keymap_data	= &wren_keymap_data,
	.rows		= 3,
	.cols		= 3,
	.rep		= 1,
};

static struct twl4030_usb_data wren_usb_data = {
	.usb_mode	= T2_USB_MODE_ULPI,
};

static struct twl4030_codec_audio_data wren_audio_data;

static struct twl4030_codec_data wren_codec_data = {
	.audio_mclk	= 26000000,
	.audio		= &wren_audio_data,
};

static struct twl4030_platform_data wren_twldata = {
	.irq_base	= TWL4030_IRQ_BASE,
	.irq_end	= TWL4030_IRQ_END,
	.gpio		= &wren_gpio_data,
	.keypad		= &wren_kp_data,
	.usb		= &wren_usb_data,
	.codec		= &wren_codec_data,
	.vmmc1		= &wren_vmmc1,
	.vio		= &wren_vio,
	.vdac		= &wren_vdac,
};

static struct i2c_board_info __initdata wren_i2c1_boardinfo[] = {
	{
		I2C_BOARD_INFO("tps65930", 0x48),
		.flags		= I2C_CLIENT_WAKE,
		.irq		= INT_34XX_SYS_NIRQ,
		.platform_data	= &wren_twldata,
	},
};

static struct ads7846_platform_data wren_ts_data = {
	.x_max			= 0x0fff,
	.y_max			= 0x0fff,
	.x_plate_ohms		= 180,
	.pressure_max		= 255,
	.debounce_max		= 10,
	.debounce_tol		= 3,
	.keep_vref_on		= 1,
	.gpio_pendown		= WREN_TS_GPIO,
};

static struct omap2_mcspi_device_config wren_ts_mcspi = {
	.turbo_mode	= 0,
	.single_channel	= 1,	/* 0: slave, 1: master */
};

static struct spi_board_info wren_spi_board_info[] __initdata = {
	{
		.modalias		= "ads7846",
		.bus_num		= 1,
		.chip_select		= 0,
		.max_speed_hz		= 1500000,
		.controller_data	= &wren_ts_mcspi,
		.irq			= OMAP_GPIO_IRQ(WREN_TS_GPIO),
		.platform_data		= &wren_ts_data,
	},
};

static struct smsc911x_platform_config wren_lan_config = {
	.irq_polarity	= SMSC911X_IRQ_POLARITY_ACTIVE_LOW,
	.irq_type	= SMSC911X_IRQ_TYPE_OPEN_DRAIN,
	.flags		= SMSC911X_USE_32BIT | SMSC911X_SAVE_MAC_ADDRESS,
	.phy_interface	= PHY_INTERFACE_MODE_MII,
};

static struct resource wren_lan_resources[] = {
	{
		.start	= 0x2c000000,
		.end	= 0x2c0000ff,
		.flags	= IORESOURCE_MEM,
	},
	{
		.start	= OMAP_GPIO_IRQ(WREN_LAN_IRQ_GPIO),
		.end	= OMAP_GPIO_IRQ(WREN_LAN_IRQ_GPIO),
		.flags	= IORESOURCE_IRQ | IORESOURCE_IRQ_LOWLEVEL,
	},
};

static struct platform_device wren_lan_device = {
	.name		= "smsc911x",
	.id		= -1,
	.num_resources	= ARRAY_SIZE(wren_lan_resources),
	.resource	= wren_lan_resources,
	.dev		= {
		.platform_data	= &wren_lan_config,
	},
};

/* NAND: boot loader, its environment, kernel, the rest for the file system */
static struct mtd_partition wren_nand_partitions[] = {
	{
		.name		= "X-Loader",
		.offset		= 0,
		.size		= 4 * NAND_BLOCK_SIZE,
		.mask_flags	= MTD_WRITEABLE,
	},
	{
		.name		= "U-Boot",
		.offset		= MTDPART_OFS_APPEND,
		.size		= 15 * NAND_BLOCK_SIZE,
		.mask_flags	= MTD_WRITEABLE,
	},
	{
		.name		= "U-Boot Env",
		.offset		= MTDPART_OFS_APPEND,
		.size		= 1 * NAND_BLOCK_SIZE,
	},
	{
		.name		= "Kernel",
		.offset		= MTDPART_OFS_APPEND,
		.size		= 32 * NAND_BLOCK_SIZE,
	},
	{
		.name		= "File System",
		.offset		= MTDPART_OFS_APPEND,
		.size		= MTDPART_SIZ_FULL,
	},
};

static struct platform_device *wren_devices[] __initdata = {
	&wren_lan_device,
};

static struct omap_dss_device wren_lcd_device = {
	.name			= "lcd",
	.type			= OMAP_DISPLAY_TYPE_DPI,
	.driver_name		= "generic_dpi_panel",
	.phy.dpi.data_lines	= 18,
};

/* the service port: DVI through a TFP410, and composite TV out */
static struct omap_dss_device wren_dvi_device = {
	.name			= "dvi",
	.type			= OMAP_DISPLAY_TYPE_DPI,
	.driver_name		= "generic_panel",
	.phy.dpi.data_lines	= 24,
	.reset_gpio		= WREN_DVI_NPD,
};

static struct omap_dss_device wren_tv_device = {
	.name			= "tv",
	.type			= OMAP_DISPLAY_TYPE_VENC,
	.driver_name		= "venc",
	.phy.venc.type		= OMAP_DSS_VENC_TYPE_COMPOSITE,
};

static struct omap_dss_device *wren_dss_devices[] = {
	&wren_lcd_device,
	&wren_dvi_device,
	&wren_tv_device,
};

static struct omap_dss_board_info wren_dss_data = {
	.num_devices	= ARRAY_SIZE(wren_dss_devices),
	.devices	= wren_dss_devices,
	.default_device	= &wren_lcd_device,
};

static struct omap_musb_board_data wren_musb_data = {
	.interface_type	= MUSB_INTERFACE_ULPI,
	.mode		= MUSB_OTG,
	.power		= 100,
};

static const struct usbhs_omap_board_data wren_usbhs_data __initconst = {
	.port_mode[0]		= OMAP_EHCI_PORT_MODE_PHY,
	.port_mode[1]		= OMAP_USBHS_PORT_MODE_UNUSED,
	.port_mode[2]		= OMAP_USBHS_PORT_MODE_UNUSED,
	.phy_reset		= true,
	.reset_gpio_port[0]	= WREN_USBH_NRESET,
	.reset_gpio_port[1]	= -EINVAL,
	.reset_gpio_port[2]	= -EINVAL,
};

static void __init wren_init_early(void)
{
	omap2_init_common_infrastructure();
	omap2_init_common_devices(NULL, NULL);
}

static void __init wren_init(void)
{
	omap_register_i2c_bus(1, 2600, wren_i2c1_boardinfo,
			      ARRAY_SIZE(wren_i2c1_boardinfo));
	omap_serial_init();
	platform_add_devices(wren_devices, ARRAY_SIZE(wren_devices));
	spi_register_board_info(wren_spi_board_info,
				ARRAY_SIZE(wren_spi_board_info));
	omap_display_init(&wren_dss_data);
	usb_musb_init(&wren_musb_data);
	usbhs_init(&wren_usbhs_data);
	omap_nand_flash_init(NAND_BUSWIDTH_16, wren_nand_partitions,
			     ARRAY_SIZE(wren_nand_partitions));
}

MACHINE_START(WREN_T3, "Wren T-3 terminal")
	.boot_params	= 0x80000100,
	.reserve	= omap_reserve,
	.map_io		= omap3_map_io,
	.init_early	= wren_init_early,
	.init_irq	= omap_init_irq,
	.init_machine	= wren_init,
	.timer		= &omap_timer,
MACHINE_END
