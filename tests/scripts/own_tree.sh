#!/usr/bin/env bash
# A board file inside its own (older) kernel tree, converted in tolerant mode
# against the target --kernel: <mach/...> comes from the file's
# mach-X/include and <plat/...> from that tree's arch/arm/plat-X/include
# (extractor/args.c), so the board's GPIO numbers are known; the same file
# alone (no tree around it) has them unknown; a missing header of its own
# (by quotes) is a TODO (and a note with -v); a function the board calls
# but lacks is read from the file beside it named after the board
# (pipeline/siblings.c). The tree is made here, in a temporary directory.
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

# A board split over files (3.x board-zoom.c and board-zoom-peripherals.c):
# a function the board calls but lacks is read from the file beside it
# named after the board (its facts annotated with that file), not from
# another file that happens to define it (devices.c: SoC code in a tree).
mkdir -p "$TMP/split"
cat >"$TMP/split/board-acme.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: its LEDs are registered by board-acme-leds.c. */
#include <linux/init.h>
#include <asm/mach/arch.h>

void acme_leds_init(void);
void acme_fan_init(void);

static void __init acme_init(void)
{
	acme_leds_init();
	acme_fan_init();
}
MACHINE_START(ACME, "Acme split board")
	.init_machine	= acme_init,
MACHINE_END
C
cat >"$TMP/split/board-acme-leds.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: the LEDs of board-acme.c. */
#include <linux/init.h>
#include <linux/leds.h>
#include <linux/platform_device.h>

static struct gpio_led acme_split_leds[] = {
	{ .name = "acme:split", .gpio = 7, .default_trigger = "heartbeat" },
};
static struct gpio_led_platform_data acme_split_pd = {
	.leds = acme_split_leds, .num_leds = ARRAY_SIZE(acme_split_leds),
};
static struct platform_device acme_split_dev = {
	.name = "leds-gpio", .id = -1, .dev = { .platform_data = &acme_split_pd },
};
void __init acme_leds_init(void)
{
	platform_device_register(&acme_split_dev);
}
C
sed -e 's/acme_leds_init/acme_fan_init/; s/acme:split/acme:wrong/; s/acme_split_/acme_wrong_/g' \
	"$TMP/split/board-acme-leds.c" >"$TMP/split/devices.c"
if "$BIN" convert -v --kernel "$KERNEL" "$TMP/split/board-acme.c" -o "$TMP/split/out.dts" \
	--report "$TMP/split/r.json" >/dev/null 2>"$TMP/split/err"; then
	grep -q 'label = "acme:split";.*board-acme-leds.c:8' "$TMP/split/out.dts" ||
		fail "split: the LED of board-acme-leds.c is not in the output, annotated with its file"
	grep -q 'linux,default-trigger = "heartbeat";' "$TMP/split/out.dts" ||
		fail "split: the LED's trigger is lost"
	grep -q 'no rule for call acme_leds_init' "$TMP/split/out.dts" &&
		fail "split: acme_leds_init() is still a TODO"
	grep -q 'acme:wrong' "$TMP/split/out.dts" && fail "split: devices.c (not named after the board) was read"
	grep -q 'no rule for call acme_fan_init' "$TMP/split/out.dts" ||
		fail "split: acme_fan_init() of devices.c is not a TODO"
	grep -q 'note: .*board-acme-leds.c: read for the functions .*board-acme.c calls and lacks' "$TMP/split/err" ||
		fail "split: no -v note naming the file read: $(head -3 "$TMP/split/err")"
	grep -q '"file": "[^"]*board-acme-leds.c"' "$TMP/split/r.json" ||
		fail "split: the report's facts do not name board-acme-leds.c"
else
	fail "split: convert failed: $(head -3 "$TMP/split/err")"
fi

# Family code beside a board (3.x d2net_v2-setup.c calls lacie_v2_register_flash()
# of lacie_v2-common.c, qnap boards qnap_tsx1x_register_flash() of tsx1x-common.c):
# a function no rule knows, defined in a file whose name (a model name, with a
# digit) is a word of the function's name, or whose model name of several
# words starts it (2.6.3x board-zoom2.c calls zoom_peripherals_init() of
# board-zoom-peripherals.c), is read from it; a file of no such name
# (serial.c for acme_serial_init()) is not.
mkdir -p "$TMP/family"
cat >"$TMP/family/acme7-setup.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: its LEDs are registered by the family's tsx7x-common.c. */
#include <linux/init.h>
#include <asm/mach/arch.h>

void vendor_tsx7x_register_leds(void);
void acme_serial_init(void);
void acme_peripherals_init(void);

static void __init acme7_init(void)
{
	vendor_tsx7x_register_leds();
	acme_serial_init();
	acme_peripherals_init();
}
MACHINE_START(ACME7, "Acme family board")
	.init_machine	= acme7_init,
MACHINE_END
C
sed -e 's/acme_leds_init/vendor_tsx7x_register_leds/; s/acme:split/acme:family/' \
	"$TMP/split/board-acme-leds.c" >"$TMP/family/tsx7x-common.c"
sed -e 's/acme_leds_init/acme_serial_init/; s/acme:split/acme:serial/' \
	"$TMP/split/board-acme-leds.c" >"$TMP/family/serial.c"
sed -e 's/acme_leds_init/acme_peripherals_init/; s/acme:split/acme:periph/; s/acme_split_/acme_periph_/g' \
	"$TMP/split/board-acme-leds.c" >"$TMP/family/board-acme-peripherals.c"
if "$BIN" convert -v --kernel "$KERNEL" "$TMP/family/acme7-setup.c" -o "$TMP/family/out.dts" \
	>/dev/null 2>"$TMP/family/err"; then
	grep -q 'label = "acme:family";.*tsx7x-common.c:8' "$TMP/family/out.dts" ||
		fail "family: the LED of tsx7x-common.c is not in the output, annotated with its file"
	grep -q 'no rule for call vendor_tsx7x_register_leds' "$TMP/family/out.dts" &&
		fail "family: vendor_tsx7x_register_leds() is still a TODO"
	grep -q 'label = "acme:periph";.*board-acme-peripherals.c:8' "$TMP/family/out.dts" ||
		fail "family: board-acme-peripherals.c (whose model words start acme_peripherals_init) was not read"
	grep -q 'acme:serial' "$TMP/family/out.dts" && fail "family: serial.c (SoC code by its name) was read"
	grep -q 'no rule for call acme_serial_init' "$TMP/family/out.dts" ||
		fail "family: acme_serial_init() of serial.c is not a TODO"
else
	fail "family: convert failed: $(head -3 "$TMP/family/err")"
fi

# The family file is found however many files are beside the board (mach-pxa
# has 86 .c files; palm27x.c came 81st, past a cap taken before filtering),
# and the SoC code the directory's Kbuild Makefile builds for every board of
# the SoC (obj-$(CONFIG_ACME7X) += acme7x.o, as pxa27x.o) is not read although
# its name is a word of the function's, while the family code of a
# CONFIG_MACH_ symbol (as palm27x.o) is.
mkdir -p "$TMP/crowd"
sed -e 's/acme_serial_init();/acme7x_set_pwrmode();/; s/void acme_serial_init(void);/void acme7x_set_pwrmode(void);/' \
	-e 's/vendor_tsx7x_register_leds/vendor_zz7x_register_leds/g' \
	"$TMP/family/acme7-setup.c" >"$TMP/crowd/acme7-setup.c"
sed -e 's/vendor_tsx7x_register_leds/vendor_zz7x_register_leds/; s/acme:family/acme:crowd/' \
	"$TMP/family/tsx7x-common.c" >"$TMP/crowd/zz7x-common.c"
sed -e 's/acme_serial_init/acme7x_set_pwrmode/; s/acme:serial/acme:soc/' \
	"$TMP/family/serial.c" >"$TMP/crowd/acme7x.c"
for i in $(seq 100 299); do echo "int filler_$i;" >"$TMP/crowd/a$i.c"; done
printf 'obj-y += a100.o\nobj-$(CONFIG_ACME7X) += acme7x.o\nobj-$(CONFIG_ACME_BOARD6) += acme6-setup.o zz7x-common.o\nobj-$(CONFIG_ACME_BOARD7) += acme7-setup.o \\\n\tzz7x-common.o\n' \
	>"$TMP/crowd/Makefile"
if "$BIN" convert --kernel "$KERNEL" "$TMP/crowd/acme7-setup.c" -o "$TMP/crowd/out.dts" \
	>/dev/null 2>"$TMP/crowd/err"; then
	grep -q 'label = "acme:crowd";.*zz7x-common.c:8' "$TMP/crowd/out.dts" ||
		fail "crowd: zz7x-common.c, past 200 other files, was not read"
	grep -q 'acme:soc' "$TMP/crowd/out.dts" &&
		fail "crowd: acme7x.c (SoC code: obj-\$(CONFIG_ACME7X) in the Makefile) was read"
	grep -q 'no rule for call acme7x_set_pwrmode' "$TMP/crowd/out.dts" ||
		fail "crowd: acme7x_set_pwrmode() of the SoC code is not a TODO"
else
	fail "crowd: convert failed: $(head -3 "$TMP/crowd/err")"
fi

# A board whose init calls a helper of a file that is not here, declared in
# its own missing header (3.x board-3630sdp.c: zoom_peripherals_init() of
# board-zoom-peripherals.c, from "board-zoom.h", registers the UARTs, I2C
# buses and MMC slots): the status pass disables nothing it may register,
# one TODO says so; with the helper's file beside it, as before.
mkdir -p "$TMP/unread"
cat >"$TMP/unread/board-acme3.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: an OMAP3 board whose devices another file registers. */
#include <linux/init.h>
#include <asm/mach/arch.h>
#include "board-acme3.h"

static void __init acme3_init(void)
{
	acme3_peripherals_init();
}
MACHINE_START(ACME3, "Acme OMAP3 board")
	.init_early	= omap3430_init_early,
	.init_machine	= acme3_init,
MACHINE_END
C
if "$BIN" convert --kernel "$KERNEL" "$TMP/unread/board-acme3.c" -o "$TMP/unread/out.dts" \
	2>"$TMP/unread/err"; then
	grep -q 'status = "disabled"' "$TMP/unread/out.dts" &&
		fail "unread helper: the status pass disabled controllers it may register"
	grep -q 'left as the SoC .dtsi has them: acme3_peripherals_init() is not read' "$TMP/unread/out.dts" ||
		fail "unread helper: no TODO naming acme3_peripherals_init()"
else
	fail "unread helper: convert failed: $(head -3 "$TMP/unread/err")"
fi
sed -i 's|#include "board-acme3.h"|void acme3_peripherals_init(void);|' "$TMP/unread/board-acme3.c"
"$BIN" convert --kernel "$KERNEL" "$TMP/unread/board-acme3.c" -o "$TMP/unread/own.dts" 2>/dev/null ||
	fail "unread helper, declared: convert failed"
grep -q 'status = "disabled"' "$TMP/unread/own.dts" ||
	fail "unread helper, no header missing: the unregistered controllers are not disabled"

[ $FAIL = 0 ] && echo "ok: own_tree.sh"
exit $FAIL
