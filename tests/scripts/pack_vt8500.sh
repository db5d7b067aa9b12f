#!/usr/bin/env bash
# The VIA VT8500 and WonderMedia WM8505 packs (rules/soc/vt8500.yaml,
# wm8505.yaml), short packs over the target's vt8500.dtsi / wm8505.dtsi, on
# boards of the test's own in the style of the 2.6.39 - 3.7 mach-vt8500
# files (written here, in a temporary directory), against the 6.1 tree and
# 6.12 (vt8500/): the SoC devices a board lists for platform_add_devices()
# are the .dtsi's nodes, by label (&uart0, &fb) or by address (the EHCI
# controller, at 0xd8007900 on the VT8500 and 0xd8007100 on the WM8505),
# each enabled; the PWM, which the .dtsi lacks, is a TODO. Before, no pack
# took these boards: no .dtsi, every device a TODO. Each output compiles
# (the tool runs dtc).
#
#   bash pack_vt8500.sh BOARD2DTS SOURCE_DIR    (run by ctest; exit 77 = skipped)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init pack_vt8500.sh "$@"
b2d_kernel || b2d_skip "pack_vt8500.sh: no kernel tree (B2D_KERNEL; bash scripts/kernel-tree.sh)"
b2d_tmpdir b2d-vt8500
export XDG_CACHE_HOME=$TMP/cache

mkdir -p "$TMP/mach-vt8500"
board() {	# board SOC FB: a netbook of that SoC, its framebuffer device FB
	cat >"$TMP/mach-vt8500/acme-$1.c" <<C
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: a $1 netbook, 2.6.39 - 3.7 mach-vt8500 style. */
#include <linux/io.h>
#include <asm/mach/arch.h>
#include "devices.h"

static struct platform_device *devices[] __initdata = {
	&vt8500_device_uart0,
	&$2,
	&vt8500_device_ehci,
	&vt8500_device_pwm,
};
void __init acme_init(void)
{
	$1_set_resources();
	platform_add_devices(devices, ARRAY_SIZE(devices));
	vt8500_gpio_init();
}
MACHINE_START(ACME_$1, "Acme $1 netbook")
	.atag_offset	= 0x100,
	.reserve	= $1_reserve_mem,
	.map_io		= $1_map_io,
	.init_irq	= $1_init_irq,
	.timer		= &vt8500_timer,
	.init_machine	= acme_init,
MACHINE_END
C
}
board vt8500 vt8500_device_lcdc
board wm8505 vt8500_device_wm8505_fb

check() {	# check KERNEL SUFFIX DTSDIR SOC EHCI
	local o=$TMP/acme-$4$2.dts
	b2d_convert_pack "$1" "$TMP/mach-vt8500/acme-$4.c" "$o" "$4" || return
	b2d_has "$o" "#include \"$3$4.dtsi\""
	b2d_flat_has "$o" '&uart0{status="okay";};'
	b2d_flat_has "$o" '&fb{status="okay";};'
	b2d_flat_has "$o" "&{/soc/ehci@$5}{status=\"okay\";};"
	b2d_has "$o" 'has no node for it; by hand'
	b2d_hasnt "$o" 'no SoC rule pack matched'
}

for soc in "vt8500 d8007900" "wm8505 d8007100"; do
	set -- $soc
	check "$KERNEL" 61 "" "$1" "$2"
	if b2d_kernel612; then
		check "$KERNEL612" 612 vt8500/ "$1" "$2"
	else
		b2d_skip_part "pack_vt8500.sh: no 6.12 tree (bash scripts/kernel-tree.sh --version 6.12): the 6.12 half"
	fi
done

[ $B2D_FAIL = 0 ] && echo "ok: pack_vt8500.sh"
b2d_exit $B2D_FAIL
