#!/usr/bin/env bash
# The Kirkwood pack (rules/soc/kirkwood.yaml and the shared bindings) on a
# board of the test's own (written here, in a temporary directory, 3.x
# mach-kirkwood style), against the 6.1 tree: the LaCie dual-GPIO LEDs
# (leds-ns2) are a lacie,ns2-leds node with cmd-gpio, slow-gpio and the
# legacy driver's fixed modes-map; an mvsdio slot with .gpio_card_detect = -1
# (no line: the legacy driver polled) is broken-cd; a PHY address stored
# under a condition the engine cannot decide is an alternative that makes
# no second ethernet-phy node, but a TODO naming it; an MPP table that
# routes SPI to mpp1-3 and mpp7 (mpp0 is NAND) while &spi0 is enabled
# overrides the .dtsi's pmx_spi (mpp0-3) with those pins, as upstream
# kirkwood-t5325.dts does, with no second SPI group and mpp0 in the NAND
# group only; a SATA activity LED on mpp15 makes &pmx_sata0 that one pin
# (kirkwood-6281.dtsi's is mpp5/21/23), selected by &sata, as upstream
# kirkwood-ts419.dtsi; the SPI flash's .type is its first compatible as the binding
# spells it (mxicy,mx25l8005). The output compiles (the tool runs dtc). The
# same board named for an 88F6192 includes kirkwood-6192.dtsi with its
# compatibles (6.1 and, when B2D_KERNEL_612 is set, 6.12). A machine_is_NAME()
# whose NAME the target's mach-types lacks is a TODO, one it lists is false.
#
#   bash pack_kirkwood.sh BOARD2DTS SOURCE_DIR    (run by ctest; exit 77 = skipped)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init pack_kirkwood.sh "$@"
b2d_kernel || b2d_skip "pack_kirkwood.sh: no kernel tree (B2D_KERNEL; bash scripts/kernel-tree.sh)"
b2d_tmpdir b2d-kirkwood
export XDG_CACHE_HOME=$TMP/cache

mkdir -p "$TMP/mach-kirkwood"
cat >"$TMP/mach-kirkwood/acme_nas-setup.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: a Kirkwood NAS, 3.x mach-kirkwood style. */
#include <linux/init.h>
#include <linux/platform_device.h>
#include <linux/mv643xx_eth.h>
#include <asm/mach/arch.h>
#include <mach/kirkwood.h>
#include <mach/leds-ns2.h>
#include <plat/mvsdio.h>
#include "common.h"

#define ACME_GPIO_LED_CMD	30
#define ACME_GPIO_LED_SLOW	29

static unsigned int acme_mpp_config[] __initdata = {
	MPP0_NF_IO2,
	MPP1_SPI_MOSI,
	MPP2_SPI_SCK,
	MPP3_SPI_MISO,
	MPP4_NF_IO6,
	MPP5_NF_IO7,
	MPP7_SPI_SCn,
	MPP15_SATA0_ACTn,
	MPP18_NF_IO0,
	MPP19_NF_IO1,
	0
};
static const struct flash_platform_data acme_flash = {
	.type		= "mx25l8005",
};
static struct spi_board_info __initdata acme_spi_slave_info[] = {
	{
		.modalias	= "m25p80",
		.platform_data	= &acme_flash,
		.irq		= -1,
		.max_speed_hz	= 20000000,
		.bus_num	= 0,
		.chip_select	= 0,
	},
};
static struct mv_sata_platform_data acme_sata_data = {
	.n_ports	= 2,
};
static struct mv643xx_eth_platform_data acme_ge00_data = {
	.phy_addr	= MV643XX_ETH_PHY_ADDR(8),
};
static struct mvsdio_platform_data acme_mvsdio_data = {
	.gpio_card_detect	= -1,
};
static struct ns2_led acme_led_pins[] = {
	{
		.name	= "acme:blue:sata",
		.cmd	= ACME_GPIO_LED_CMD,
		.slow	= ACME_GPIO_LED_SLOW,
	},
};
static struct ns2_led_platform_data acme_leds_data = {
	.num_leds	= ARRAY_SIZE(acme_led_pins),
	.leds		= acme_led_pins,
};
static struct platform_device acme_leds = {
	.name	= "leds-ns2",
	.id	= -1,
	.dev	= { .platform_data = &acme_leds_data },
};
static void __init acme_init(void)
{
	u32 dev, rev;

	kirkwood_init();
	kirkwood_mpp_conf(acme_mpp_config);
	spi_register_board_info(acme_spi_slave_info, ARRAY_SIZE(acme_spi_slave_info));
	kirkwood_spi_init();
	kirkwood_sata_init(&acme_sata_data);
	kirkwood_pcie_id(&dev, &rev);
	if (dev == MV88F6282_DEV_ID)
		acme_ge00_data.phy_addr = MV643XX_ETH_PHY_ADDR(0);
	kirkwood_ge00_init(&acme_ge00_data);
	kirkwood_sdio_init(&acme_mvsdio_data);
	platform_device_register(&acme_leds);
}
MACHINE_START(ACME_NAS, "Acme Kirkwood NAS")
	.atag_offset	= 0x100,
	.init_machine	= acme_init,
MACHINE_END
C

O=$TMP/acme_nas.dts
if b2d_convert_pack "$KERNEL" "$TMP/mach-kirkwood/acme_nas-setup.c" "$O" kirkwood; then
	grep -q 'ns2-leds{compatible="lacie,ns2-leds";led-0{label="acme:blue:sata";cmd-gpio=<&gpio030GPIO_ACTIVE_HIGH>;slow-gpio=<&gpio029GPIO_ACTIVE_HIGH>;modes-map=<010101111200>;};};' "$O.flat" ||
		b2d_bad "acme_nas: the ns2 LED is not a lacie,ns2-leds child with its lines and modes-map"
	grep -q '&sdio{broken-cd;status="okay";}' "$O.flat" || b2d_bad "acme_nas: &sdio is not broken-cd"
	[ "$(grep -c 'ethernet-phy@' "$O.flat")" = 1 ] && grep -q 'ethphy0:ethernet-phy@8{reg=<8>;}' "$O.flat" ||
		b2d_bad "acme_nas: not exactly the one PHY at 8"
	b2d_has "$O" 'alternative if dev == MV88F6282_DEV_ID: the PHY would be ethernet-phy@0 under &mdio'
	grep -q '&pmx_spi{marvell,pins="mpp1","mpp2","mpp3","mpp7";}' "$O.flat" ||
		b2d_bad "acme_nas: &pmx_spi is not overridden with mpp1-3 and mpp7"
	grep -q '&spi0{status="okay";' "$O.flat" || b2d_bad "acme_nas: &spi0 is not enabled"
	! grep -q 'pmx_spi_2' "$O.flat" || b2d_bad "acme_nas: a second SPI group"
	grep -q 'flash@0{compatible="mxicy,mx25l8005","jedec,spi-nor";' "$O.flat" ||
		b2d_bad "acme_nas: the SPI flash's .type is not its first compatible"
	[ "$(grep -o '"mpp0"' "$O.flat" | wc -l)" = 1 ] || b2d_bad "acme_nas: mpp0 claimed more than once"
	grep -q '&pmx_sata0{marvell,pins="mpp15";}' "$O.flat" ||
		b2d_bad "acme_nas: &pmx_sata0 is not the table's one sata0 pin"
	grep -q '&sata{nr-ports=<2>;pinctrl-0=<&pmx_sata0>;' "$O.flat" || b2d_bad "acme_nas: &sata does not select &pmx_sata0"
fi

# The same board under an 88F6192 name: kirkwood-6192.dtsi and its
# compatibles, in the 6.1 tree and (vendor subdirectory) the 6.12 one,
# with no "SoC assumed" TODO; the 6281 name keeps the TODO.
sed 's/ACME_NAS, "Acme Kirkwood NAS"/RD88F6192_ACME, "Acme RD-88F6192 NAS"/' \
	"$TMP/mach-kirkwood/acme_nas-setup.c" >"$TMP/mach-kirkwood/acme6192-setup.c"
for k in "$KERNEL" ${B2D_KERNEL_612:+"$B2D_KERNEL_612"}; do
	O=$TMP/acme6192-$(basename "$k").dts
	b2d_convert_pack "$k" "$TMP/mach-kirkwood/acme6192-setup.c" "$O" kirkwood || continue
	grep -q '#include"\(marvell/\)\?kirkwood.dtsi"#include"\(marvell/\)\?kirkwood-6192.dtsi"' "$O.flat" ||
		b2d_bad "acme6192 ($(basename "$k")): kirkwood-6192.dtsi is not included after kirkwood.dtsi"
	grep -q 'compatible="board2dts,[a-z0-9-]*","marvell,kirkwood-88f6192","marvell,kirkwood";' "$O.flat" ||
		b2d_bad "acme6192 ($(basename "$k")): the root compatible is not the 88F6192's"
	! grep -q 'reads the SoC at run time' "$O" || b2d_bad "acme6192 ($(basename "$k")): the variant TODO is left"
done
grep -q 'kirkwood_init() reads the SoC at run time' "$TMP/acme_nas.dts" ||
	b2d_bad "acme_nas: no TODO saying kirkwood-6281.dtsi is assumed"

# machine_is_NAME() for a NAME no machine of the file has: a board the
# target's arch/arm/tools/mach-types lists (omap3_beagle) is another board,
# false; a NAME it lists nowhere was renamed since (2.6.32's ts_x09 for the
# TS-209, 6.1's ts209), so the call it guards is a TODO, not dropped.
cat >"$TMP/mach-kirkwood/acme_old-setup.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: machine_is_*() names of another era, 2.6.3x style. */
#include <linux/init.h>
#include <asm/mach/arch.h>
#include <mach/kirkwood.h>
#include "common.h"

static void __init acme_old_init(void)
{
	kirkwood_init();
	if (machine_is_acme_oldname())
		kirkwood_ehci_init();
	if (machine_is_omap3_beagle())
		kirkwood_sdio_init(NULL);
}
MACHINE_START(ACME_OLD, "Acme Kirkwood, old names")
	.init_machine	= acme_old_init,
MACHINE_END
C
O=$TMP/acme_old.dts
if b2d_convert_pack "$KERNEL" "$TMP/mach-kirkwood/acme_old-setup.c" "$O" kirkwood; then
	b2d_has "$O" "kirkwood_ehci_init(): only when machine_is_acme_oldname() (decide with --assume"
	b2d_hasnt "$O" 'machine_is_omap3_beagle'
	b2d_hasnt "$O" 'sdio'
fi

# A 3.5 - 3.8 board-*.c without MACHINE_START (it completed a .dts: one
# *_init() the DT machine's init called, registering what the .dts did not
# describe): the .dtsi's nodes it does not register stay as the .dtsi has
# them (kirkwood.dtsi's usb0 is "okay"), with a TODO, never disabled.
cat >"$TMP/mach-kirkwood/board-acmedt.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: a DT-era helper file, no MACHINE_START. */
#include <linux/init.h>
#include <mach/kirkwood.h>
#include "common.h"

static struct mv643xx_eth_platform_data acmedt_ge00_data = {
	.phy_addr	= MV643XX_ETH_PHY_ADDR(8),
};

void __init acmedt_init(void)
{
	kirkwood_ge00_init(&acmedt_ge00_data);
}
C
O=$TMP/acmedt.dts
if b2d_convert_pack "$KERNEL" "$TMP/mach-kirkwood/board-acmedt.c" "$O" kirkwood; then
	b2d_hasnt "$O" 'status = "disabled"'
	b2d_has "$O" 'this file has no MACHINE_START, it completed a device tree'
fi

[ $B2D_FAIL = 0 ] && echo "ok: pack_kirkwood.sh"
b2d_exit $B2D_FAIL
