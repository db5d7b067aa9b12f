#!/usr/bin/env bash
# Compatibles learned from the target tree's drivers (engine/engine_compat.c)
# for I2C names whose driver's of_match_table spells the part otherwise:
# "bh1780" -> "rohm,bh1780gli" and "st1232-ts" -> "sitronix,st1232" (the
# compatible that names the same part), while "alc5621", whose driver only
# lists another part ("realtek,alc5623"), stays "realtek,alc5621" (the I2C
# core binds it by its id table, as kirkwood-t5325.dts writes it). In 6.12,
# whose tc3589x driver lists six parts and no longer the vendorless
# "tc3589x", the name is a TODO listing them, not "toshiba,tc3589x". Among
# several candidates, the one that names the pack's SoC is the answer. An
# exact compatible no binding documents gives way to the driver's one
# documented compatible ("atmel_mxt_ts" -> "atmel,maxtouch").
#
#   bash learned_compat.sh BOARD2DTS SOURCE_DIR     (run by ctest)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init learned_compat.sh "$@"
b2d_kernel || b2d_skip "learned_compat.sh: no kernel tree (B2D_KERNEL; bash scripts/kernel-tree.sh)"
b2d_tmpdir b2d-learned-compat
export XDG_CACHE_HOME=$TMP/cache
FAIL=0
fail() { echo "FAIL: $*"; FAIL=1; }

cat >"$TMP/board-parts.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: I2C devices named as their drivers' id tables name them. */
#include <linux/i2c.h>
#include <asm/mach/arch.h>

static struct i2c_board_info parts_i2c[] __initdata = {
	{ I2C_BOARD_INFO("bh1780", 0x29) },
	{ I2C_BOARD_INFO("st1232-ts", 0x55) },
	{ I2C_BOARD_INFO("alc5621", 0x1a) },
	{ I2C_BOARD_INFO("tc3589x", 0x42) },
	{ I2C_BOARD_INFO("atmel_mxt_ts", 0x4c) },
};
static void __init parts_init(void)
{
	i2c_register_board_info(0, parts_i2c, ARRAY_SIZE(parts_i2c));
}
MACHINE_START(PARTS, "Parts")
	.init_machine = parts_init,
MACHINE_END
C
(cd "$TMP" && "$BIN" convert -q --kernel "$KERNEL" board-parts.c -o out/ >"$TMP/log" 2>&1) ||
	fail "convert failed: $(head -3 "$TMP/log")"
DTS=$TMP/out/board-parts.dts
want() { grep -q -- "$1" "$DTS" || fail "expected $2: $1"; }
want 'compatible = "rohm,bh1780gli";' "the part's compatible for bh1780"
want 'compatible = "sitronix,st1232";' "the part's compatible for st1232-ts"
want 'compatible = "realtek,alc5621";' "the vendor with the id-table name for alc5621"
grep -q 'compatible = "rohm,bh1780";' "$DTS" && fail "rohm,bh1780: a compatible no driver lists"
# "atmel_mxt_ts": the driver's "atmel,atmel_mxt_ts" is deprecated and in no
# binding; atmel,maxtouch.yaml documents "atmel,maxtouch", the driver's other
want 'compatible = "atmel,maxtouch";' "the binding's compatible for atmel_mxt_ts"
grep -q 'compatible = "atmel,atmel_mxt_ts";' "$DTS" && fail "atmel,atmel_mxt_ts: in no binding"
# Several candidates, one of which names the pack's SoC: "sh_mobile_sdhi"
# has 16 compatibles, "renesas,sdhi-r8a7740" is the R8A7740's (a device at
# an address no node of the .dtsi has, so no node of it is taken).
cat >"$TMP/board-sdhi.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: an R8A7740 board with an SD host of its own. */
#include <linux/ioport.h>
#include <linux/platform_device.h>
#include <asm/mach/arch.h>

extern void r8a7740_add_standard_devices(void);
static struct resource sdhi_res[] = { DEFINE_RES_MEM(0x10000000, 0x100) };
static struct platform_device sdhi_dev = {
	.name = "sh_mobile_sdhi", .id = 0,
	.resource = sdhi_res, .num_resources = ARRAY_SIZE(sdhi_res),
};
static void __init sdhi_init(void)
{
	r8a7740_add_standard_devices();
	platform_device_register(&sdhi_dev);
}
MACHINE_START(SDHIBOARD, "Sdhi board")
	.init_machine = sdhi_init,
MACHINE_END
C
(cd "$TMP" && "$BIN" convert -q --kernel "$KERNEL" board-sdhi.c -o sdhi/ >"$TMP/log3" 2>&1) ||
	fail "convert (sdhi) failed: $(head -3 "$TMP/log3")"
DTS=$TMP/sdhi/board-sdhi.dts
want 'compatible = "renesas,sdhi-r8a7740";' "the candidate that names the SoC"
grep -q 'pick one' "$DTS" && fail "sh_mobile_sdhi: still a pick-one TODO"

# Platform devices: "pwm-beeper" is pwm-beeper.c's driver name, with an
# of_match_table: its facts are
# converted. "gpio-vbus" has no of_match_table in any driver: its node is a
# draft, and the facts that went into it (registration, name, resource) are
# TODOs in the report, not converted ones (unit test_compat_map has the
# spi-gpio.c "#define in a comment" case).
cat >"$TMP/board-plat.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: one platform device the target binds, one it does not. */
#include <linux/platform_device.h>
#include <linux/ioport.h>
#include <asm/mach/arch.h>

static struct platform_device beeper_dev = { .name = "pwm-beeper", .id = -1 };
static struct resource vbus_res[] = {
	{ .start = 0x40000000, .end = 0x400000ff, .flags = IORESOURCE_MEM },
};
static struct platform_device vbus_dev = {
	.name = "gpio-vbus", .id = -1,
	.resource = vbus_res, .num_resources = ARRAY_SIZE(vbus_res),
};
static void __init plat_init(void)
{
	platform_device_register(&beeper_dev);
	platform_device_register(&vbus_dev);
}
MACHINE_START(PLATBOARD, "Plat board")
	.init_machine = plat_init,
MACHINE_END
C
(cd "$TMP" && "$BIN" convert -q --kernel "$KERNEL" board-plat.c -o plat/ --report plat.json \
	>"$TMP/log4" 2>&1) || fail "convert (plat) failed: $(head -3 "$TMP/log4")"
DTS=$TMP/plat/board-plat.dts
want 'compatible = "pwm-beeper";.*drivers/input/misc/pwm-beeper.c' "pwm-beeper's compatible, from pwm-beeper.c"
want 'reg = <0x40000000 0x100>;' "the draft node's reg, still in the .dts"
python3 - "$TMP/plat.json" <<'PY' || fail "plat: report accounting (above)"
import json, sys
facts = [f for m in json.load(open(sys.argv[1]))['machines'] for f in m['facts']]
vbus = [f for f in facts if 'vbus' in f['what']]
spi = [f for f in facts if 'beeper_dev' in f['what']]
bad = [f['what'] for f in vbus if f['fate'] != 'todo' or 'a draft' not in f.get('reason', '')]
if len(vbus) < 3 or bad:
    sys.exit('gpio-vbus facts not TODOs of a draft node: %s of %d' % (bad, len(vbus)))
if not spi or any(f['fate'] != 'converted' for f in spi):
    sys.exit('pwm-beeper facts not converted: %s' % [(f['what'], f['fate']) for f in spi])
PY

if b2d_kernel612; then
	(cd "$TMP" && "$BIN" convert -q --kernel "$KERNEL612" board-parts.c -o out612/ >"$TMP/log" 2>&1) ||
		fail "convert (6.12) failed: $(head -3 "$TMP/log")"
	DTS=$TMP/out612/board-parts.dts
	want 'compatible = "rohm,bh1780gli";' "the part's compatible for bh1780 (6.12)"
	want 'pick one: "toshiba,tc35890"' "the tc3589x candidates listed (6.12)"
	grep -q '"toshiba,tc3589x"' "$DTS" && fail "toshiba,tc3589x: a compatible no driver lists (6.12)"
else
	b2d_skip_part "learned_compat.sh: no 6.12 tree"
fi
[ "$FAIL" = 0 ] && echo "learned_compat.sh: ok"
b2d_exit $FAIL
