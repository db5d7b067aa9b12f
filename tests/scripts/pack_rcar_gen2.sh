#!/usr/bin/env bash
# The Renesas R-Car Gen2 pack (rules/soc/rcar-gen2.yaml), a short pack over
# the target's r8a779N.dtsi, on boards of the test's own in the style of the
# 3.10 - 3.18 mach-shmobile R-Car Gen2 files (written here, in a temporary
# directory), against the 6.1 tree and 6.12 (renesas/): the board calling
# r8a7790_*() gets r8a7790.dtsi, the one calling r8a7791_*() r8a7791.dtsi
# (dtsi_variants:); RCAR_GP_PIN(5, 17) is <&gpio5 17>; gic_spi(170) is GIC SPI 170; SPI bus 0 is &qspi; the
# board's own "r8a7790-ether" and "qspi" devices, names no driver of the
# target lists, are the .dtsi's nodes at their addresses (their compatible
# names the device's words), with no second node at the root; the
# sh_eth_plat_data PHY is a child of &ether with phy-handle to it, and its
# link polarity a flag. Each output compiles (the tool runs dtc).
#
#   bash pack_rcar_gen2.sh BOARD2DTS SOURCE_DIR    (run by ctest; exit 77 = skipped)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init pack_rcar_gen2.sh "$@"
b2d_kernel || b2d_skip "pack_rcar_gen2.sh: no kernel tree (B2D_KERNEL; bash scripts/kernel-tree.sh)"
b2d_tmpdir b2d-rcar-gen2
export XDG_CACHE_HOME=$TMP/cache

mkdir -p "$TMP/mach-shmobile"
cat >"$TMP/mach-shmobile/board-acme7790.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: an R8A7790 panel, 3.x mach-shmobile R-Car style. */
#include <linux/init.h>
#include <linux/gpio.h>
#include <linux/leds.h>
#include <linux/phy.h>
#include <linux/platform_device.h>
#include <linux/platform_data/gpio-rcar.h>
#include <linux/sh_eth.h>
#include <linux/spi/spi.h>
#include <linux/spi/rspi.h>
#include <asm/mach/arch.h>
#include <mach/common.h>
#include <mach/irqs.h>
#include <mach/r8a7790.h>

static struct gpio_led acme_leds[] = {
	{ .name = "status", .gpio = RCAR_GP_PIN(5, 17), .default_state = LEDS_GPIO_DEFSTATE_ON },
};
static const struct gpio_led_platform_data acme_leds_pdata __initconst = {
	.leds = acme_leds,
	.num_leds = ARRAY_SIZE(acme_leds),
};
static const struct sh_eth_plat_data acme_ether_pdata __initconst = {
	.phy = 0x3,
	.edmac_endian = EDMAC_LITTLE_ENDIAN,
	.phy_interface = PHY_INTERFACE_MODE_RMII,
	.ether_link_active_low = 1,
};
static const struct resource acme_ether_resources[] __initconst = {
	DEFINE_RES_MEM(0xee700000, 0x400),
	DEFINE_RES_IRQ(gic_spi(162)),
};
static const struct rspi_plat_data acme_qspi_pdata __initconst = {
	.num_chipselect = 1,
};
static const struct resource acme_qspi_resources[] __initconst = {
	DEFINE_RES_MEM(0xe6b10000, 0x1000),
	DEFINE_RES_IRQ(gic_spi(184)),
};
static const struct spi_board_info acme_spi[] __initconst = {
	{ .modalias = "spidev", .max_speed_hz = 1000000, .bus_num = 0, .chip_select = 0 },
};
static void __init acme_init(void)
{
	r8a7790_clock_init();
	r8a7790_pinmux_init();
	r8a7790_add_standard_devices();
	platform_device_register_data(&platform_bus, "leds-gpio", -1,
				      &acme_leds_pdata, sizeof(acme_leds_pdata));
	platform_device_register_resndata(&platform_bus, "r8a7790-ether", -1,
					  acme_ether_resources, ARRAY_SIZE(acme_ether_resources),
					  &acme_ether_pdata, sizeof(acme_ether_pdata));
	platform_device_register_resndata(&platform_bus, "qspi", 0,
					  acme_qspi_resources, ARRAY_SIZE(acme_qspi_resources),
					  &acme_qspi_pdata, sizeof(acme_qspi_pdata));
	spi_register_board_info(acme_spi, ARRAY_SIZE(acme_spi));
}
static const char * const acme_compat_dt[] __initconst = { "acme,acme7790", NULL };
DT_MACHINE_START(ACME7790_DT, "acme7790")
	.init_early = r8a7790_init_early,
	.init_machine = acme_init,
	.dt_compat = acme_compat_dt,
MACHINE_END
C

sed -e 's/r8a7790/r8a7791/g; s/acme7790/acme7791/g; s/ACME7790/ACME7791/g' \
	"$TMP/mach-shmobile/board-acme7790.c" >"$TMP/mach-shmobile/board-acme7791.c"

check() {	# check KERNEL SUFFIX DTSDIR SOC
	local o=$TMP/acme$4$2.dts
	b2d_convert_pack "$1" "$TMP/mach-shmobile/board-acme$4.c" "$o" rcar-gen2 || return
	b2d_has "$o" "#include \"$3r8a$4.dtsi\""
	b2d_has "$o" 'gpios = <&gpio5 17 GPIO_ACTIVE_HIGH>;'
	b2d_flat_has "$o" '&ether{phy-handle=<&ethphy3>;phy-mode="rmii";renesas,ether-link-active-low;status="okay";ethphy3:ethernet-phy@3{reg=<3>;};};'
	b2d_flat_has "$o" '&qspi{status="okay";'
	b2d_hasnt "$o" "r8a$4-ether@"
	b2d_hasnt "$o" 'qspi@'
	b2d_hasnt "$o" 'no rule for struct sh_eth_plat_data'
	b2d_hasnt "$o" 'no SoC rule pack matched'
}

check "$KERNEL" 61 "" 7790
check "$KERNEL" 61 "" 7791
if b2d_kernel612; then
	check "$KERNEL612" 612 renesas/ 7790
	check "$KERNEL612" 612 renesas/ 7791
else
	b2d_skip_part "pack_rcar_gen2.sh: no 6.12 tree (bash scripts/kernel-tree.sh --version 6.12): the 6.12 half"
fi

[ $B2D_FAIL = 0 ] && echo "ok: pack_rcar_gen2.sh"
b2d_exit $B2D_FAIL
