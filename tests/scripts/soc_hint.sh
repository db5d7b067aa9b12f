#!/usr/bin/env bash
# --soc is a hint (pipeline/soc_hint.c). A script that converts held boards
# names their SoC as a person would (omap3430, da850, mx51, at91, nonsense)
# and must not lose the run over it:
# - a pack's own name is that pack (kirkwood: gpio 7 is &gpio0 7);
# - a name one pack covers (omap3430 -> omap3; da850 -> davinci-da8xx) is
#   that pack for a board whose code names no SoC: its GPIO 7 resolves on the
#   pack's .dtsi (OMAP3's 1-based banks: &gpio1 7);
# - the board's own code still picks first: a board calling s3c64xx helpers
#   with --soc omap3430 stays an S3C64xx board;
# - a family of several packs (at91, pxa) and a name no pack covers are a
#   note and a warning, the SoC picked as without --soc: exit 0, an output.
#
#   bash soc_hint.sh BOARD2DTS SOURCE_DIR     (run by ctest)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init soc_hint.sh "$@"
b2d_kernel || b2d_skip "soc_hint.sh: no kernel tree (B2D_KERNEL; bash scripts/kernel-tree.sh)"
b2d_tmpdir b2d-soc-hint
export XDG_CACHE_HOME=$TMP/cache

cat >"$TMP/lone.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: a lone board file whose code names no SoC. */
#include <linux/gpio.h>
#include <linux/leds.h>
#include <linux/platform_device.h>
#include <asm/mach/arch.h>

static struct gpio_led lone_leds[] = {
	{ .name = "lone:green:status", .gpio = 7 },
};
static struct gpio_led_platform_data lone_leds_pdata = {
	.leds = lone_leds,
	.num_leds = 1,
};
static struct platform_device lone_leds_dev = {
	.name = "leds-gpio",
	.id = -1,
	.dev = { .platform_data = &lone_leds_pdata },
};
static void __init lone_init(void)
{
	platform_device_register(&lone_leds_dev);
}
MACHINE_START(LONE, "Lone board")
	.init_machine = lone_init,
MACHINE_END
C

# run NAME SOC FILE: convert with --soc SOC into $TMP/NAME.dts, stderr in $TMP/NAME.err
run() {
	"$BIN" convert --kernel "$KERNEL" --soc "$2" "$3" -o "$TMP/$1.dts" >/dev/null 2>"$TMP/$1.err"
	local rc=$?
	[ $rc = 0 ] || b2d_bad "--soc $2: exit $rc: $(head -2 "$TMP/$1.err")"
	[ -s "$TMP/$1.dts" ] || b2d_bad "--soc $2: no output"
}

run exact kirkwood "$TMP/lone.c"
b2d_has "$TMP/exact.dts" '#include "kirkwood.dtsi"'
b2d_has "$TMP/exact.dts" 'gpios = <&gpio0 7 GPIO_ACTIVE_HIGH>;'
b2d_ok "a pack's own name"

run covered omap3430 "$TMP/lone.c"
b2d_has "$TMP/covered.err" "--soc omap3430: the rule pack 'omap3'"
b2d_has "$TMP/covered.dts" '#include "omap34xx.dtsi"'
b2d_has "$TMP/covered.dts" 'gpios = <&gpio1 7 GPIO_ACTIVE_HIGH>;'
run da850 da850 "$TMP/lone.c"
b2d_has "$TMP/da850.dts" '#include "da850.dtsi"'
b2d_ok "a name one pack covers, for a board that names no SoC"

run own omap3430 "$SRC/samples/mach-s3c64xx-devboard.c"
b2d_has "$TMP/own.dts" '#include "s3c6410.dtsi"'
b2d_hasnt "$TMP/own.dts" 'omap'
b2d_ok "the board's own code picks first"

for hint in at91 pxa; do
	run "family-$hint" "$hint" "$SRC/samples/mach-s3c64xx-devboard.c"
	b2d_has "$TMP/family-$hint.err" "--soc $hint names a family of several rule packs"
	b2d_has "$TMP/family-$hint.dts" '#include "s3c6410.dtsi"'
done
run unknown nosuchsoc "$SRC/samples/mach-s3c64xx-devboard.c"
b2d_has "$TMP/unknown.err" "warning: unknown SoC 'nosuchsoc': no rule pack covers it"
b2d_has "$TMP/unknown.dts" '#include "s3c6410.dtsi"'
b2d_ok "a family and an unknown name: the board file picks"

b2d_exit "$B2D_FAIL"
