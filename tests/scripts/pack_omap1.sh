#!/usr/bin/env bash
# Rule pack omap1 on the real kernel corpus: every arch/arm/mach-omap1 board
# file converts (exit 0), gives one .dts per MACHINE_START, every .dts
# compiles with the kernel's cpp + dtc, the report accounts for what `extract --json` lists, each file
# picks the omap1 pack (not omap3: no omap34xx.dtsi), plus exact checks of key
# board-level properties. No fact file exists for OMAP1.
#
#   bash pack_omap1.sh BOARD2DTS SOURCE_DIR      (run by ctest; exit 77 = skipped)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/pack_common.sh"
pack_setup pack_omap1.sh "$@"
MINE=$(printf '%s\n' "$LIST" | grep -E '/mach-omap1/board-[a-z0-9_-]+\.c$')
pack_start

expected_soc() { echo omap1; }

pack_convert_all
[ "$nfiles" -ge 14 ] || bad "only $nfiles omap1 board files in the corpus list (expected 14)"

# No .dtsi exists for OMAP1: no output includes one, SoC helpers are TODOs.
for dts in "$TMP"/*/*.dts; do
	grep -q '^#include "' "$dts" && bad "$(basename "$dts"): includes a .dtsi"
done
E=$TMP/board-osk/board-osk.dts
has "$E" 'compatible = "board2dts,omap-osk";'
has "$E" 'compatible = "smsc,lan91c111";'
has "$E" 'reg = <0x4800300 0x10>;'
has "$E" 'omap_register_i2c_bus(1, 400, osk_i2c_board_info, ARRAY_SIZE(osk_i2c_board_info)): I2C controller: no .dtsi for OMAP1'
E=$TMP/board-h2/board-h2.dts
# the last NOR partition, MTDPART_SIZ_FULL: size 0, the rest of the device (drivers/mtd/mtdpart.c)
has "$E" 'reg = <0x240000 0>;'
has "$E" 'compatible = "gpio-leds";'
has "$E" 'compatible = "fixed-partitions";'
has "$E" 'omap_cfg_reg('

[ "$fail" = 0 ] && echo "pack_omap1.sh: $nfiles board files OK"
exit "$fail"
