#!/usr/bin/env bash
# The AM33xx pack (rules/soc/am33xx.yaml and the shared OMAP bindings) on a
# board of the test's own (written here, in TI's AM335x PSP 3.2 style:
# board-am335xevm.c's GPIO_TO_PIN(), omap_register_i2c_bus(1, ...) for the
# ID EEPROM and the TPS65217, omap2_hsmmc_init(), am33xx_init_early and
# ti81xx_init_irq in MACHINE_START), against the 6.1 tree and, when
# B2D_KERNEL_612 is set, 6.12 (ti/omap/am33xx.dtsi): the am33xx pack is
# picked (the OMAP3 pack steps aside for ti81xx_init_irq, and no pack
# matched before), GPIO_TO_PIN(b, n) is <&gpioB n ...> (banks gpio0-3),
# omap_register_i2c_bus(N) is &i2c(N-1) (the AM335x's I2C0 is bus 1), SPI
# bus_num 1 is &spi0, .mmc = 1 is &mmc1, usb_musb_init() keeps &usb0/&usb1
# enabled with a TODO for their roles. The output compiles (the tool runs dtc).
#
#   bash pack_am33xx.sh BOARD2DTS SOURCE_DIR    (run by ctest; exit 77 = skipped)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init pack_am33xx.sh "$@"
b2d_kernel || b2d_skip "pack_am33xx.sh: no kernel tree (B2D_KERNEL; bash scripts/kernel-tree.sh)"
b2d_tmpdir b2d-am33xx
export XDG_CACHE_HOME=$TMP/cache

mkdir -p "$TMP/mach-omap2"
cat >"$TMP/mach-omap2/board-acme335x.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: an AM335x board, TI AM335x PSP 3.2 style. */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/i2c.h>
#include <linux/i2c/at24.h>
#include <linux/gpio.h>
#include <linux/leds.h>
#include <linux/gpio_keys.h>
#include <linux/input.h>
#include <linux/platform_device.h>
#include <linux/mfd/tps65217.h>
#include <linux/spi/spi.h>
#include <linux/spi/flash.h>

#include <asm/mach-types.h>
#include <asm/mach/arch.h>
#include <asm/mach/map.h>

#include <plat/mmc.h>
#include <plat/usb.h>

#include "mux.h"
#include "hsmmc.h"

/* Convert GPIO signal to GPIO pin number */
#define GPIO_TO_PIN(bank, gpio) (32 * (bank) + (gpio))

static struct gpio_led bone_gpio_leds[] = {
	{
		.name			= "beaglebone::usr0",
		.default_trigger	= "heartbeat",
		.gpio			= GPIO_TO_PIN(1, 21),
	},
	{
		.name			= "beaglebone::usr1",
		.default_trigger	= "mmc0",
		.gpio			= GPIO_TO_PIN(1, 22),
	},
};

static struct gpio_led_platform_data bone_gpio_led_info = {
	.leds		= bone_gpio_leds,
	.num_leds	= ARRAY_SIZE(bone_gpio_leds),
};

static struct platform_device bone_leds_gpio = {
	.name	= "leds-gpio",
	.id	= -1,
	.dev	= {
		.platform_data	= &bone_gpio_led_info,
	},
};

static struct gpio_keys_button bone_gpio_buttons[] = {
	{
		.code			= KEY_POWER,
		.gpio			= GPIO_TO_PIN(3, 16),
		.active_low		= 1,
		.desc			= "power",
		.wakeup			= 1,
	},
};

static struct gpio_keys_platform_data bone_gpio_key_info = {
	.buttons	= bone_gpio_buttons,
	.nbuttons	= ARRAY_SIZE(bone_gpio_buttons),
};

static struct platform_device bone_gpio_keys = {
	.name	= "gpio-keys",
	.id	= -1,
	.dev	= {
		.platform_data	= &bone_gpio_key_info,
	},
};

static struct omap2_hsmmc_info am335x_mmc[] __initdata = {
	{
		.mmc            = 1,
		.caps           = MMC_CAP_4_BIT_DATA,
		.gpio_cd        = GPIO_TO_PIN(0, 6),
		.gpio_wp        = -EINVAL,
		.ocr_mask       = MMC_VDD_32_33 | MMC_VDD_33_34, /* 3V3 */
	},
	{}      /* Terminator */
};

static struct at24_platform_data am335x_baseboard_eeprom_info = {
	.byte_len       = (256*1024) / 8,
	.page_size      = 64,
	.flags          = AT24_FLAG_ADDR16,
};

static struct i2c_board_info __initdata am335x_i2c_boardinfo[] = {
	{
		/* Baseboard board EEPROM */
		I2C_BOARD_INFO("24c256", BASEBOARD_I2C_ADDR),
		.platform_data  = &am335x_baseboard_eeprom_info,
	},
	{
		I2C_BOARD_INFO("tps65217", TPS65217_I2C_ID),
	},
};

static struct flash_platform_data am335x_spi_flash = {
	.type      = "m25p32",
	.name      = "spi_flash",
};

static struct spi_board_info am335x_spi0_slave_info[] = {
	{
		.modalias      = "m25p80",
		.platform_data = &am335x_spi_flash,
		.irq           = -1,
		.max_speed_hz  = 24000000,
		.bus_num       = 1,
		.chip_select   = 0,
	},
};

static struct omap_musb_board_data musb_board_data = {
	.interface_type	= MUSB_INTERFACE_ULPI,
	.mode           = (MUSB_HOST << 4) | MUSB_OTG,
	.power		= 500,
	.instances	= 1,
};

static void __init am335x_bone_init(void)
{
	am33xx_mux_init(NULL);
	omap_serial_init();
	omap_register_i2c_bus(1, 100, am335x_i2c_boardinfo,
				ARRAY_SIZE(am335x_i2c_boardinfo));
	omap_register_i2c_bus(3, 100, NULL, 0);
	omap2_hsmmc_init(am335x_mmc);
	spi_register_board_info(am335x_spi0_slave_info,
				ARRAY_SIZE(am335x_spi0_slave_info));
	am33xx_cpsw_init(1);
	platform_device_register(&bone_leds_gpio);
	platform_device_register(&bone_gpio_keys);
	omap_sdrc_init(NULL, NULL);
	usb_musb_init(&musb_board_data);
}

static void __init am335x_bone_map_io(void)
{
	omap2_set_globals_am33xx();
	omapam33xx_map_common_io();
}

MACHINE_START(AM335XEVM, "am335xevm")
	/* Maintainer: Texas Instruments */
	.atag_offset	= 0x100,
	.map_io		= am335x_bone_map_io,
	.init_early	= am33xx_init_early,
	.init_irq	= ti81xx_init_irq,
	.handle_irq     = omap3_intc_handle_irq,
	.timer		= &omap3_am33xx_timer,
	.init_machine	= am335x_bone_init,
MACHINE_END
C

for k in "$KERNEL" ${B2D_KERNEL_612:-}; do
	O=$TMP/acme335x-$(basename "$k").dts
	b2d_convert_pack "$k" "$TMP/mach-omap2/board-acme335x.c" "$O" am33xx || continue
	grep -q '^#include "\(ti/omap/\)\?am33xx.dtsi"' "$O" || b2d_bad "$(basename "$O"): am33xx.dtsi not included"
	b2d_flat_has "$O" 'gpios=<&gpio121GPIO_ACTIVE_HIGH>;'
	b2d_flat_has "$O" 'gpios=<&gpio316GPIO_ACTIVE_LOW>;'
	b2d_flat_has "$O" '&mmc1{bus-width=<4>;cd-gpios=<&gpio06GPIO_ACTIVE_LOW>;status="okay";}'
	b2d_flat_has "$O" '&i2c0{clock-frequency=<100000>;status="okay";eeprom@50{compatible="atmel,24c256";reg=<0x50>;pagesize=<64>;};tps65217@24{compatible="ti,tps65217";reg=<0x24>;};};'
	b2d_flat_has "$O" '&i2c2{clock-frequency=<100000>;status="okay";}'
	grep -q '&i2c[13]{' "$O.flat" && b2d_bad "$(basename "$O"): I2C bus numbers not shifted to the AM335x's I2C0-2"
	b2d_flat_has "$O" '&spi0{status="okay";flash@0{'
	b2d_flat_has "$O" '&uart0{status="okay";}'
	b2d_flat_has "$O" '&usb1{status="okay";}'
	grep -q 'status="disabled"' "$O.flat" && b2d_bad "$(basename "$O"): a node the board uses is disabled"
	b2d_has "$O" 'CPSW Ethernet: &mac_sw / &cpsw_port1'
	b2d_has "$O" 'dr_mode of each port'
done

[ $B2D_FAIL = 0 ] && echo "ok: pack_am33xx.sh"
b2d_exit $B2D_FAIL
