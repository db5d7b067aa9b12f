#!/usr/bin/env bash
# A board file inside its own (older) kernel tree, converted in tolerant mode
# against the target --kernel: <mach/...> comes from the file's
# mach-X/include and <plat/...> from that tree's arch/arm/plat-X/include
# (extractor/args.c), so the board's GPIO numbers are known; the same file
# alone (no tree around it) has them unknown; a missing header of its own
# (by quotes) is a TODO (and a note with -v). The tree is made here, in a
# temporary directory.
#
#   bash own_tree.sh BOARD2DTS SOURCE_DIR     (run by ctest)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init own_tree.sh "$@"
b2d_kernel || b2d_skip "own_tree.sh: no kernel tree (B2D_KERNEL; bash scripts/kernel-tree.sh)"
b2d_tmpdir b2d-own-tree
export XDG_CACHE_HOME=$TMP/cache
FAIL=0
fail() { echo "FAIL: $*"; FAIL=1; }

OLD=$TMP/old
mkdir -p "$OLD/arch/arm/mach-acme/include/mach" "$OLD/arch/arm/plat-acme/include/plat" \
	"$OLD/include/linux" "$TMP/alone"
echo '#define ACME_LED_GPIO 5' >"$OLD/arch/arm/mach-acme/include/mach/acme.h"
echo '#define ACME_LED2_GPIO 6' >"$OLD/arch/arm/plat-acme/include/plat/leds.h"
cat >"$OLD/arch/arm/mach-acme/board-acme.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: its GPIO numbers are in its own tree's headers. */
#include <linux/leds.h>
#include <linux/platform_device.h>
#include <asm/mach/arch.h>
#include <mach/acme.h>
#include <plat/leds.h>

static struct gpio_led acme_leds[] = {
	{ .name = "acme:green", .gpio = ACME_LED_GPIO },
	{ .name = "acme:red", .gpio = ACME_LED2_GPIO },
};
static struct gpio_led_platform_data acme_led_pd = {
	.leds = acme_leds, .num_leds = ARRAY_SIZE(acme_leds),
};
static struct platform_device acme_led_dev = {
	.name = "leds-gpio", .id = -1, .dev = { .platform_data = &acme_led_pd },
};
static void __init acme_init(void)
{
	platform_device_register(&acme_led_dev);
}
MACHINE_START(ACME, "Acme")
	.init_machine = acme_init,
MACHINE_END
C
cp "$OLD/arch/arm/mach-acme/board-acme.c" "$TMP/alone/"

"$BIN" extract --json --kernel "$KERNEL" "$OLD/arch/arm/mach-acme/board-acme.c" \
	>"$TMP/tree.json" 2>"$TMP/tree.err" || fail "in its tree: extract failed: $(head -3 "$TMP/tree.err")"
for v in 5 6; do
	python3 - "$TMP/tree.json" "$v" <<'PY' || fail "in its tree: no LED with GPIO $v"
import json, sys
d = json.load(open(sys.argv[1]))
want = int(sys.argv[2])
def walk(x):
    if isinstance(x, dict):
        if x.get("field") == "gpio" and x.get("kind") == "int" and x.get("value") == want:
            return True
        return any(walk(v) for v in x.values())
    if isinstance(x, list):
        return any(walk(v) for v in x)
    return False
sys.exit(0 if walk(d) else 1)
PY
done
"$BIN" extract --json --kernel "$KERNEL" "$TMP/alone/board-acme.c" >"$TMP/alone.json" 2>/dev/null
grep -q '"value": 6' "$TMP/alone.json" && fail "alone: GPIO 6 known without the tree's plat header"

# The board's own header, included by quotes, missing beside a lone copy:
# one TODO saying why its values are unknown (-v: a note naming it); once
# it is beside the file, the LED's GPIO resolves and neither is there.
mkdir -p "$TMP/own"
sed 's|#include <mach/acme.h>|#include "board-acme.h"|' "$TMP/alone/board-acme.c" >"$TMP/own/board-acme.c"
"$BIN" convert -v --kernel "$KERNEL" "$TMP/own/board-acme.c" -o "$TMP/own/out1/" >/dev/null 2>"$TMP/own/err1" ||
	fail "own header missing: convert failed: $(head -3 "$TMP/own/err1")"
grep -q 'board-acme.c:6:1: note: "board-acme.h" not found beside the board file' "$TMP/own/err1" ||
	fail "own header missing: no note with -v: $(head -3 "$TMP/own/err1")"
grep -q 'TODO board-acme.c:6: #include "board-acme.h": not found' "$TMP/own/out1/board-acme.dts" ||
	fail "own header missing: no TODO naming it"
grep -q 'gpios = <' "$TMP/own/out1/board-acme.dts" && fail "own header missing: a GPIO resolved without it"
echo '#define ACME_LED_GPIO 5' >"$TMP/own/board-acme.h"
"$BIN" convert -v --kernel "$KERNEL" "$TMP/own/board-acme.c" -o "$TMP/own/out2/" >/dev/null 2>"$TMP/own/err2" ||
	fail "own header beside: convert failed: $(head -3 "$TMP/own/err2")"
grep -q 'not found' "$TMP/own/err2" "$TMP/own/out2/board-acme.dts" && fail "own header beside: still reported missing"

[ $FAIL = 0 ] && echo "ok: own_tree.sh"
exit $FAIL
