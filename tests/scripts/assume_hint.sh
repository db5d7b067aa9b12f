#!/usr/bin/env bash
# A call under a guard the conversion cannot decide is a TODO that says
# which --assume takes it, in the form the command line reads (split at the
# last '=', so a whole condition with '==' or '<' is one NAME): the hinted
# assumption then converts the call, the opposite value leaves it out, and
# a plain variable of the condition works too; an enumerator as the value
# decides comparisons with its siblings. A board file of the test's
# own, in a temporary directory; no kernel tree.
#
#   bash assume_hint.sh BOARD2DTS SOURCE_DIR     (run by ctest)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init assume_hint.sh "$@"
unset B2D_KERNEL
b2d_tmpdir b2d-assume
fail=0
bad() { echo "FAIL: $*"; fail=1; }

cat >"$TMP/board-guard.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: LEDs only on one revision, read at run time. */
#include <linux/leds.h>
#include <linux/platform_device.h>
#include <asm/mach/arch.h>

#define BOARD_XM 3
extern int board_get_rev(void);
static struct gpio_led leds[] = { { .name = "usr0", .gpio = 150 } };
static struct gpio_led_platform_data led_pd = { .leds = leds, .num_leds = 1 };
static struct platform_device led_dev = {
	.name = "leds-gpio", .id = -1, .dev = { .platform_data = &led_pd },
};
static void __init board_init(void)
{
	int cs = board_get_rev();

	if (board_get_rev() == BOARD_XM)
		platform_device_register(&led_dev);
	if (cs < 8)
		platform_device_register(&led_dev);
}
MACHINE_START(GUARD, "Guard")
	.init_machine = board_init,
MACHINE_END
C
"$BIN" convert "$TMP/board-guard.c" -o "$TMP/plain.dts" 2>"$TMP/err" || bad "plain: $(head -3 "$TMP/err")"
grep -qF "only when board_get_rev() == BOARD_XM (decide with --assume: taken with --assume 'board_get_rev() == BOARD_XM=1')" "$TMP/plain.dts" ||
	bad "no hint for the == guard: $(grep -F 'only when' "$TMP/plain.dts" | head -2)"
grep -qF "taken with --assume 'cs < 8=1'" "$TMP/plain.dts" || bad "no hint for the < guard"
"$BIN" convert "$TMP/board-guard.c" -o "$TMP/xm.dts" --assume 'board_get_rev() == BOARD_XM=1' \
	--assume 'cs < 8=0' 2>"$TMP/err" || bad "assumed: $(head -3 "$TMP/err")"
grep -q 'label = "usr0";' "$TMP/xm.dts" || bad "the hinted --assume did not take the call"
grep -q 'only when' "$TMP/xm.dts" && bad "still undecided with both assumed: $(grep 'only when' "$TMP/xm.dts")"
"$BIN" convert "$TMP/board-guard.c" -o "$TMP/no.dts" --assume 'board_get_rev() == BOARD_XM=0' \
	--assume cs=9 2>"$TMP/err" || bad "assumed 0: $(head -3 "$TMP/err")"
grep -q 'usr0' "$TMP/no.dts" && bad "=0 and cs=9 still took a call"
grep -q 'only when' "$TMP/no.dts" && bad "undecided with cs=9: $(grep 'only when' "$TMP/no.dts")"

# A name as the value: an enumerator the board compares with anywhere gives
# its number, so it decides comparisons with the other enumerators too.
cat >"$TMP/board-rev.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: a revision enum, compared two ways. */
#include <linux/leds.h>
#include <linux/platform_device.h>
#include <asm/mach/arch.h>

enum { REV_A = 1, REV_B, REV_XM };
extern int board_get_rev(void);
static struct gpio_led leds[] = { { .name = "usr0", .gpio = 150 } };
static struct gpio_led_platform_data led_pd = { .leds = leds, .num_leds = 1 };
static struct platform_device led_dev = {
	.name = "leds-gpio", .id = -1, .dev = { .platform_data = &led_pd },
};
static struct platform_device led_dev_a = {
	.name = "leds-gpio", .id = 1, .dev = { .platform_data = &led_pd },
};
static void __init board_init(void)
{
	if (board_get_rev() == REV_XM)
		platform_device_register(&led_dev);
	if ((board_get_rev() == REV_A) || (board_get_rev() == REV_B))
		platform_device_register(&led_dev_a);
}
MACHINE_START(REV, "Rev")
	.init_machine = board_init,
MACHINE_END
C
"$BIN" convert "$TMP/board-rev.c" -o "$TMP/rev.dts" --assume 'board_get_rev()=REV_XM' 2>"$TMP/err" ||
	bad "enum name: $(head -3 "$TMP/err")"
grep -q 'only when' "$TMP/rev.dts" && bad "enum name: undecided: $(grep 'only when' "$TMP/rev.dts" | head -2)"
grep -q 'usr0' "$TMP/rev.dts" || bad "enum name: REV_XM's call not taken"

[ $fail = 0 ] && echo "ok: assume_hint.sh"
exit $fail
