#!/usr/bin/env bash
# The i.MX27 and i.MX51 packs (rules/soc/imx27.yaml, imx51.yaml) on two
# boards of the test's own (written here, in a temporary directory), against
# the 6.1 tree and 6.12 (nxp/imx/). i.MX27, 3.x style: GPIO_PORTD + 28 (the
# iomux-mx1-mx2.h port numbering) is <&gpio4 28> in the CSPI's cs-gpios,
# imx27_add_mxc_ehci_hs(2, ...) is &usbh2 with the ULPI phy_type,
# mxc_gpio_mode() the pin group of the line's user, the generic "at24" EEPROM of 2.6.x - 4.x
# (size in its at24_platform_data) "atmel,24c32" with read-only and no TODO
# for AT24_FLAG_ADDR16 (nor a list of the drivers' candidates for the bare
# name), the mxc_nand_platform_data on &nfc, an RTC whose
# .irq = IMX_GPIO_TO_IRQ(GPIO_PORTB + 23) is <&gpio2 23>. i.MX51, 2.6.3x style: the SoC devices of
# mach-mx5/devices.c handed to mxc_register_device() with their platform
# data (&usbh1 with phy_type, &usbotg as a peripheral, &kpp with the
# keymap), the ECSPI's chip selects as cs-gpios (one in plat-mxc's
# GPIO_PORTD + 25 numbering). Each output compiles (the tool runs dtc).
#
#   bash pack_imx27_imx51.sh BOARD2DTS SOURCE_DIR    (run by ctest; exit 77 = skipped)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init pack_imx27_imx51.sh "$@"
b2d_kernel || b2d_skip "pack_imx27_imx51.sh: no kernel tree (B2D_KERNEL; bash scripts/kernel-tree.sh)"
b2d_tmpdir b2d-imx27
export XDG_CACHE_HOME=$TMP/cache

mkdir -p "$TMP/mach-imx" "$TMP/mach-mx5"
cat >"$TMP/mach-imx/mach-acme27.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: an i.MX27 module, 3.x mach-imx style. */
#include <linux/init.h>
#include <linux/gpio.h>
#include <asm/mach/arch.h>
#include <mach/common.h>
#include <mach/iomux-mx27.h>
#include <mach/mxc_ehci.h>
#include <linux/i2c.h>
#include <linux/i2c/at24.h>
#include <linux/i2c/tsc2007.h>
#include <linux/can/platform/mcp251x.h>
#include <linux/spi/spi.h>
#include "devices-imx27.h"

static struct at24_platform_data acme_eeprom = {
	.byte_len = 4096,
	.page_size = 32,
	.flags = AT24_FLAG_ADDR16 | AT24_FLAG_READONLY,
};
static int acme_ts_pendown(void)
{
	return !gpio_get_value(GPIO_PORTB + 22);
}
static struct tsc2007_platform_data acme_ts = {
	.model = 2007, .x_plate_ohms = 180, .get_pendown_state = acme_ts_pendown,
};
static struct mcp251x_platform_data acme_can = { .oscillator_frequency = 16000000 };
static struct spi_board_info acme_spi_devices[] = {
	{ .modalias = "mcp2515", .max_speed_hz = 10000000, .bus_num = 0, .chip_select = 0,
	  .irq = IMX_GPIO_TO_IRQ(GPIO_PORTB + 24), .platform_data = &acme_can },
};
static struct i2c_board_info acme_i2c_devices[] = {
	{ I2C_BOARD_INFO("tsc2007", 0x49), .platform_data = &acme_ts },
	{ I2C_BOARD_INFO("at24", 0x52), .platform_data = &acme_eeprom },
	{ I2C_BOARD_INFO("pcf8563", 0x51), .irq = IMX_GPIO_TO_IRQ(GPIO_PORTB + 23) },
};
static const struct mxc_nand_platform_data acme_nand_data __initconst = {
	.width = 1,
	.hw_ecc = 1,
	.flash_bbt = 1,
};
static const struct imxi2c_platform_data acme_i2c0_data __initconst = {
	.bitrate = 100000,
};

static int acme_spi_cs[] = { GPIO_PORTD + 28 };
static const struct spi_imx_master acme_spi0_data __initconst = {
	.chipselect = acme_spi_cs,
	.num_chipselect = ARRAY_SIZE(acme_spi_cs),
};
static struct mxc_usbh_platform_data acme_usbh2_pdata __initdata = {
	.portsc = MXC_EHCI_MODE_ULPI,
};
static const struct imxuart_platform_data acme_uart_pdata __initconst = {
	.flags = 0,
};
static const int acme_pins[] __initconst = {
	PE12_PF_UART1_TXD,
	PE13_PF_UART1_RXD,
	PD0_AIN_FEC_TXD0,
	PD4_AOUT_FEC_RX_ER,
	PB4_PF_SD2_D0,
	PC5_PF_I2C2_SDA,
};
static void __init acme27_init(void)
{
	imx27_soc_init();
	mxc_gpio_setup_multiple_pins(acme_pins, ARRAY_SIZE(acme_pins), "ACME27");
	imx27_add_imx_uart0(&acme_uart_pdata);
	mxc_gpio_mode(GPIO_PORTD | 28 | GPIO_GPIO | GPIO_OUT);
	imx27_add_spi_imx0(&acme_spi0_data);
	spi_register_board_info(acme_spi_devices, ARRAY_SIZE(acme_spi_devices));
	imx27_add_mxc_ehci_hs(2, &acme_usbh2_pdata);
	i2c_register_board_info(0, acme_i2c_devices, ARRAY_SIZE(acme_i2c_devices));
	imx27_add_imx_i2c(0, &acme_i2c0_data);
	imx27_add_mxc_nand(&acme_nand_data);
}
MACHINE_START(ACME27, "Acme i.MX27 module")
	.init_machine = acme27_init,
MACHINE_END
C
cat >"$TMP/mach-mx5/board-mx51_acme.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: an i.MX51 tablet, 2.6.3x mach-mx5 style. */
#include <linux/init.h>
#include <linux/fsl_devices.h>
#include <linux/input/matrix_keypad.h>
#include <asm/mach/arch.h>
#include <mach/common.h>
#include <mach/mxc_ehci.h>
#include "devices-imx51.h"
#include "devices.h"

/* 2.6.35 plat-mxc: GPIO_PORTD + 25 is IMX_GPIO_NR(4, 25) */
static int acme_ecspi_cs[] = { IMX_GPIO_NR(4, 24), (GPIO_PORTD + 25) };
static const uint32_t acme_keys[] = { KEY(0, 0, KEY_1), KEY(0, 1, KEY_2) };
static const struct matrix_keymap_data acme_keymap = {
	.keymap = acme_keys,
	.keymap_size = ARRAY_SIZE(acme_keys),
};
static const struct spi_imx_master acme_ecspi_pdata __initconst = {
	.chipselect = acme_ecspi_cs,
	.num_chipselect = ARRAY_SIZE(acme_ecspi_cs),
};
static struct mxc_usbh_platform_data acme_usbh1_config = {
	.portsc = MXC_EHCI_MODE_ULPI,
};
static struct fsl_usb2_platform_data acme_otg_pdata = {
	.operating_mode = FSL_USB2_DR_DEVICE,
	.phy_mode = FSL_USB2_PHY_UTMI_WIDE,
};
static void __init acme51_init(void)
{
	mxc_register_device(&mxc_usbdr_udc_device, &acme_otg_pdata);
	mxc_register_device(&mxc_usbh1_device, &acme_usbh1_config);
	mxc_register_device(&mxc_keypad_device, &acme_keymap);
	imx51_add_ecspi(0, &acme_ecspi_pdata);
}
MACHINE_START(MX51_ACME, "Acme i.MX51 tablet")
	.map_io = mx51_map_io,
	.init_machine = acme51_init,
MACHINE_END
C

check() {	# check KERNEL SUFFIX DIR
	local o27=$TMP/acme27$2.dts o51=$TMP/acme51$2.dts
	if b2d_convert_pack "$1" "$TMP/mach-imx/mach-acme27.c" "$o27" imx27; then
		b2d_has "$o27" "#include \"$3imx27.dtsi\""
		# (active low: the MCP2515 on chip select 0 is not SPI_CS_HIGH)
		# mxc_gpio_mode(): the chip select's GPIO-mode pad in the CSPI's own group
		grep -q '&cspi1{cs-gpios=<&gpio428GPIO_ACTIVE_LOW>;pinctrl-0=<&cspi1grp>;pinctrl-names="default";status="okay";can@0{' "$o27.flat" ||
			b2d_bad "$(basename "$o27"): &cspi1's cs-gpios is not <&gpio4 28>, with its pin group"
		grep -q 'cspi1grp:cspi1grp{fsl,pins=<MX27_PAD_CSPI1_SS0__GPIO4_280x0>;};' "$o27.flat" ||
			b2d_bad "$(basename "$o27"): the GPIO-mode pad of mxc_gpio_mode() is not MX27_PAD_CSPI1_SS0__GPIO4_28"
		grep -q '&usbh2{dr_mode="host";phy_type="ulpi";status="okay";}' "$o27.flat" ||
			b2d_bad "$(basename "$o27"): &usbh2 is not a ULPI host"
		grep -q 'eeprom@52{compatible="atmel,24c32";reg=<0x52>;pagesize=<32>;read-only;}' "$o27.flat" ||
			b2d_bad "$(basename "$o27"): the at24 EEPROM is not a read-only atmel,24c32"
		# its size names the chip: no list of candidates for the bare "at24"
		! grep -q 'compatibles in the kernel.s drivers for this name' "$o27" ||
			b2d_bad "$(basename "$o27"): a TODO lists candidates for the at24 its size names"
		grep -q '&nfc{nand-bus-width=<8>;nand-ecc-mode="hw";nand-on-flash-bbt;status="okay";}' "$o27.flat" ||
			b2d_bad "$(basename "$o27"): &nfc lacks the mxc_nand platform data"
		grep -q 'rtc@51{compatible="nxp,pcf8563";reg=<0x51>;interrupt-parent=<&gpio2>;interrupts=<23' "$o27.flat" ||
			b2d_bad "$(basename "$o27"): IMX_GPIO_TO_IRQ(GPIO_PORTB + 23) is not <&gpio2 23>"
		! grep -q 'bits 0x80 of .flags' "$o27" || b2d_bad "$(basename "$o27"): AT24_FLAG_ADDR16 left as a TODO"
		# a TSC2007's platform data (its required X-plate resistance, the
		# pen-down line a callback reads, low when touched); an MCP2515's
		# oscillator and the falling edge the 3.x driver requested
		grep -q 'touchscreen@49{compatible="ti,tsc2007";reg=<0x49>;ti,x-plate-ohms=<180>;gpios=<&gpio222GPIO_ACTIVE_LOW>;}' "$o27.flat" ||
			b2d_bad "$(basename "$o27"): the TSC2007 has not its platform data"
		grep -q 'can@0{compatible="microchip,mcp2515";reg=<0>;interrupt-parent=<&gpio2>;interrupts=<24IRQ_TYPE_EDGE_FALLING>;clock-frequency=<16000000>;' "$o27.flat" ||
			b2d_bad "$(basename "$o27"): the MCP2515 has not its oscillator and falling-edge interrupt"
		# iomux-v1 pins: the imx27-pinfunc.h macro of the same pin and mode
		# (PF primary, AIN/AOUT the FEC's GPIO-mode signals); the enabled
		# UART's pins are its group, the others (no device) the hog group
		grep -q 'uart1grp{fsl,pins=<MX27_PAD_UART1_TXD__UART1_TXD0x0>,<MX27_PAD_UART1_RXD__UART1_RXD0x0>;}' "$o27.flat" ||
			b2d_bad "$(basename "$o27"): the UART1 pins are not the uart1grp group"
		grep -q '&uart1{pinctrl-0=<&uart1grp>;' "$o27.flat" || b2d_bad "$(basename "$o27"): &uart1 lacks its pins"
		grep -q 'hoggrp{fsl,pins=<MX27_PAD_SD3_CMD__FEC_TXD00x0>,<MX27_PAD_ATA_DATA2__FEC_RX_ER0x0>,' "$o27.flat" ||
			b2d_bad "$(basename "$o27"): PD0_AIN_FEC_TXD0, PD4_AOUT_FEC_RX_ER are not the FEC's pads"
		b2d_has "$o27" '<MX27_PAD_SD2_D0__SD2_D0 0x0>'
		b2d_has "$o27" '<MX27_PAD_I2C2_SDA__I2C2_SDA 0x0>'
	fi
	if b2d_convert_pack "$1" "$TMP/mach-mx5/board-mx51_acme.c" "$o51" imx51; then
		b2d_has "$o51" "#include \"$3imx51.dtsi\""
		grep -q '&usbh1{dr_mode="host";phy_type="ulpi";status="okay";}' "$o51.flat" ||
			b2d_bad "$(basename "$o51"): &usbh1 has not the mxc_register_device() platform data"
		grep -q '&usbotg{dr_mode="peripheral";phy_type="utmi_wide";status="okay";}' "$o51.flat" ||
			b2d_bad "$(basename "$o51"): &usbotg is not a UTMI-wide peripheral"
		b2d_has "$o51" 'cs-gpios = <&gpio4 24 GPIO_ACTIVE_HIGH>, <&gpio4 25 GPIO_ACTIVE_HIGH>;'
		# 2.6.35 mxc_register_device(&mxc_keypad_device, &keymap): &kpp
		b2d_has "$o51" 'linux,keymap = <MATRIX_KEY(0, 0, KEY_1) MATRIX_KEY(0, 1, KEY_2)>;'
		grep -q '&kpp{[^}]*status="okay";}' "$o51.flat" || b2d_bad "$(basename "$o51"): &kpp not enabled"
	fi
}

check "$KERNEL" 61 ""
if b2d_kernel612; then
	check "$KERNEL612" 612 nxp/imx/
else
	b2d_skip_part "pack_imx27_imx51.sh: no 6.12 tree (bash scripts/kernel-tree.sh --version 6.12): the 6.12 half"
fi

[ $B2D_FAIL = 0 ] && echo "ok: pack_imx27_imx51.sh"
b2d_exit $B2D_FAIL
