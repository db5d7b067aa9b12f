#!/usr/bin/env bash
# The Kirkwood pack (rules/soc/kirkwood.yaml and the shared bindings) on a
# board of the test's own (written here, in a temporary directory, 3.x
# mach-kirkwood style), against the 6.1 tree: the LaCie dual-GPIO LEDs
# (leds-ns2) are a lacie,ns2-leds node with cmd-gpio, slow-gpio and the
# legacy driver's fixed modes-map; an mvsdio slot with .gpio_card_detect = -1
# (no line: the legacy driver polled) is broken-cd; a PHY address stored
# under a condition the engine cannot decide is an alternative that makes
# no second ethernet-phy node, but a TODO naming it. The output compiles
# (the tool runs dtc).
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
fi

[ $B2D_FAIL = 0 ] && echo "ok: pack_kirkwood.sh"
b2d_exit $B2D_FAIL
