#!/usr/bin/env bash
# The Cirrus Logic CLPS711x pack (rules/soc/clps711x.yaml), a short pack
# over the target's ep7209.dtsi / ep7211.dtsi, on a board of the test's own
# in the style of the 3.x mach-clps711x files (written here, in a temporary
# directory), against the 6.1 tree and 6.12 (cirrus/): CLPS711X_GPIO(3, 4)
# is <&portd 4>; an Ethernet chip at CS2_PHYS_BASE + 0x300 is chip select
# 2 of &bus with IRQ_EINT3, line 7 of &intc; memblock_reserve(PHYS_OFFSET)
# reserves from 0xc0000000; and the record's `.init_machine =
# clps711x_devices_init`, the SoC helper that registers both UARTs, keeps
# &uart1 and &uart2 enabled (before: "not registered", disabled). Each
# output compiles (the tool runs dtc).
#
#   bash pack_clps711x.sh BOARD2DTS SOURCE_DIR    (run by ctest; exit 77 = skipped)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init pack_clps711x.sh "$@"
b2d_kernel || b2d_skip "pack_clps711x.sh: no kernel tree (B2D_KERNEL; bash scripts/kernel-tree.sh)"
b2d_tmpdir b2d-clps711x
export XDG_CACHE_HOME=$TMP/cache

mkdir -p "$TMP/mach-clps711x"
cat >"$TMP/mach-clps711x/board-acme7211.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: an EP7211 panel, 3.x mach-clps711x style. */
#include <linux/init.h>
#include <linux/gpio.h>
#include <linux/i2c-gpio.h>
#include <linux/memblock.h>
#include <linux/platform_device.h>
#include <asm/mach/arch.h>
#include <mach/hardware.h>
#include "common.h"

static struct i2c_gpio_platform_data acme_i2c_pdata __initdata = {
	.sda_pin = CLPS711X_GPIO(3, 4),
	.scl_pin = CLPS711X_GPIO(3, 5),
};
static struct resource acme_eth_resource[] __initdata = {
	DEFINE_RES_MEM(CS2_PHYS_BASE + 0x300, SZ_1K),
	DEFINE_RES_IRQ(IRQ_EINT3),
};
static void __init acme_reserve(void)
{
	memblock_reserve(PHYS_OFFSET, SZ_128K);
}
static void __init acme_init_late(void)
{
	platform_device_register_simple("cs89x0", 0, acme_eth_resource,
					ARRAY_SIZE(acme_eth_resource));
	platform_device_register_data(NULL, "i2c-gpio", 0, &acme_i2c_pdata,
				      sizeof(acme_i2c_pdata));
}
MACHINE_START(ACME7211, "Acme EP7211 panel")
	.reserve = acme_reserve,
	.map_io = clps711x_map_io,
	.init_irq = clps711x_init_irq,
	.init_time = clps711x_timer_init,
	.init_machine = clps711x_devices_init,
	.init_late = acme_init_late,
MACHINE_END
C

check() {	# check KERNEL SUFFIX DTSDIR
	local o=$TMP/acme7211$2.dts
	b2d_convert_pack "$1" "$TMP/mach-clps711x/board-acme7211.c" "$o" clps711x || return
	b2d_has "$o" "#include \"$3ep7211.dtsi\""
	b2d_has "$o" 'sda-gpios = <&portd 4 (GPIO_ACTIVE_HIGH|GPIO_OPEN_DRAIN)>;'
	b2d_flat_has "$o" 'reg=<0x20x3000x400>;interrupt-parent=<&intc>;interrupts=<7>;'
	b2d_has "$o" 'reg = <0xc0000000 0x20000>;'
	b2d_flat_has "$o" '&uart1{status="okay";};'
	b2d_flat_has "$o" '&uart2{status="okay";};'
	b2d_hasnt "$o" 'no SoC rule pack matched'
}

check "$KERNEL" 61 ""
if b2d_kernel612; then
	check "$KERNEL612" 612 cirrus/
else
	b2d_skip_part "pack_clps711x.sh: no 6.12 tree (bash scripts/kernel-tree.sh --version 6.12): the 6.12 half"
fi

[ $B2D_FAIL = 0 ] && echo "ok: pack_clps711x.sh"
b2d_exit $B2D_FAIL
