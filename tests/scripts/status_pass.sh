#!/usr/bin/env bash
# The status pass and the root compatible (issue 17), on the project's own
# samples against the kernel tree's SoC .dtsi:
# - an OMAP3 board with one SD slot: &mmc3, which omap3.dtsi leaves enabled,
#   becomes status = "disabled" with "not registered by MACHINE_START(..)";
#   the registered &mmc1 stays okay; infrastructure (GPIO banks, the INTC,
#   timers) is never disabled;
# - the root compatible ends with the SoC .dtsi's own ("ti,omap3430",
#   "ti,omap3"), not the pack's shorter one;
# - S3C64xx: the `pwm` block is the kernel's system timer (TIMER_OF_DECLARE
#   in drivers/clocksource), so it stays enabled on a board that uses no
#   PWM; with a kernel tree whose drivers/clocksource declares no timer (a
#   copy made of links in the temp dir), the same board gets &pwm disabled:
#   the exception is learned from the tree, not written in a rule.
# - a node a TODO struct of its class may register (struct omap_mmc_config
#   of a 2.6 omap_board_config tag) keeps the .dtsi's status, with a TODO.
# Every output compiles (convert --kernel checks it with dtc).
#
#   bash status_pass.sh BOARD2DTS SOURCE_DIR     (run by ctest)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init status_pass.sh "$@"
b2d_kernel || b2d_skip "status_pass.sh: no kernel tree (B2D_KERNEL; scripts/kernel-tree.sh)"
b2d_tmpdir b2d-status
export XDG_CACHE_HOME=$TMP/cache
fail=0

conv() {	# conv OUT KDIR SAMPLE
	if ! "$BIN" convert --kernel "$2" -o "$TMP/$1" "$SRC/samples/$3" 2>"$TMP/$1.err"; then
		echo "FAIL: $3: convert exited non-zero"; cat "$TMP/$1.err"; fail=1
	fi
}
# block OUT LABEL: the text of the overlay &LABEL { ... } in OUT.
block() { sed -n "/^&$2 {/,/^};/p" "$TMP/$1"; }

conv omap.dts "$KERNEL" board-omap3-handheld.c
if ! block omap.dts mmc3 | grep -q 'status = "disabled";.*not registered by MACHINE_START(W3_HANDHELD)'; then
	echo "FAIL: omap3: &mmc3 (enabled in omap3.dtsi, not registered) is not disabled"
	block omap.dts mmc3; fail=1
fi
if ! block omap.dts mmc1 | grep -q 'status = "okay";'; then
	echo "FAIL: omap3: the registered &mmc1 is not okay"; block omap.dts mmc1; fail=1
fi
for l in gpio1 gpio6 intc timer1 timer2 omap3_pmx_core; do
	if block omap.dts "$l" | grep -q '"disabled"'; then
		echo "FAIL: omap3: infrastructure &$l disabled"; fail=1
	fi
done
if ! grep -q '^	compatible = "board2dts,w3-handheld", "ti,omap3430", "ti,omap3";' "$TMP/omap.dts"; then
	echo "FAIL: omap3: the root compatible does not end with omap34xx.dtsi's"
	grep -n 'compatible' "$TMP/omap.dts" | head -3; fail=1
fi
[ $fail = 0 ] && echo "ok: omap3: &mmc3 disabled, &mmc1 okay, infrastructure kept, root compatible from the .dtsi"

conv s3c.dts "$KERNEL" mach-s3c64xx-devboard.c
if block s3c.dts pwm | grep -q '"disabled"'; then
	echo "FAIL: s3c64xx: &pwm (the system timer) disabled"; fail=1
else
	echo "ok: s3c64xx: &pwm, the kernel's timer, stays enabled"
fi
# The same tree but with no timer declared: made of links in the temp dir.
mkdir -p "$TMP/k/drivers/clocksource"
for d in arch include scripts Documentation; do ln -s "$KERNEL/$d" "$TMP/k/$d"; done
conv s3c-notimer.dts "$TMP/k" mach-s3c64xx-devboard.c
if block s3c-notimer.dts pwm | grep -q 'status = "disabled";.*not registered by MACHINE_START'; then
	echo "ok: s3c64xx: with no timer in drivers/clocksource, the unused &pwm is disabled"
else
	echo "FAIL: s3c64xx: the timer exception is not learned from the tree"
	block s3c-notimer.dts pwm; fail=1
fi

# kept_for_todo TAG SED KEPT OTHER WHAT: the handheld sample edited by SED
# (sed -e script), converted: &KEPT keeps the .dtsi's status with a TODO
# naming WHAT (a TODO that may register it), &OTHER is still disabled.
kept_for_todo() {
	local tag=$1 edit=$2 kept=$3 other=$4 what=$5
	sed -e "$edit" "$SRC/samples/board-omap3-handheld.c" >"$TMP/$tag.c"
	cmp -s "$TMP/$tag.c" "$SRC/samples/board-omap3-handheld.c" &&
		{ echo "FAIL: $tag: sample changed, the edit does not apply"; exit 1; }
	"$BIN" convert --kernel "$KERNEL" -o "$TMP/$tag.dts" "$TMP/$tag.c" 2>"$TMP/$tag.err" ||
		{ echo "FAIL: $tag: convert exited non-zero"; cat "$TMP/$tag.err"; fail=1; }
	if block "$tag.dts" "$kept" | grep -q '"disabled"'; then
		echo "FAIL: $tag: &$kept disabled although $what (a TODO) may register it"; fail=1
	elif ! grep -qF "&$kept: left as the SoC .dtsi has it: $what (a TODO) may register it" "$TMP/$tag.dts"; then
		echo "FAIL: $tag: no TODO says why &$kept keeps the .dtsi's status"; grep -n "$kept" "$TMP/$tag.dts"; fail=1
	elif ! block "$tag.dts" "$other" | grep -q '"disabled"'; then
		echo "FAIL: $tag: &$other (no TODO names its class) is no longer disabled"; fail=1
	else
		echo "ok: $tag: &$kept kept for the TODO $what, &$other still disabled"
	fi
}
# A struct left as a TODO whose type names the class (a 2.6 board's
# omap_board_config tag with its struct omap_mmc_config) may be what
# registers the controller: &mmc3 is not disabled then, a TODO says why.
kept_for_todo tag 's|^static struct platform_device \*w3_devices\[\] __initdata = {|static struct vendor_mmc_config w3_mmc3_config = { .enabled = 1, .wires = 4 };\n&|' \
	mmc3 mcspi1 "struct vendor_mmc_config w3_mmc3_config"
# The same for a call no rule knows whose function names the class (3.x
# board-n8x0.c's omap_serial_init_port(&bdata) for its UARTs): the McSPI
# controllers keep the .dtsi's status, with a TODO naming the call.
kept_for_todo call 's|^\tomap_serial_init();|&\n\tvendor_spi_setup(1);|' \
	mcspi1 mmc3 "vendor_spi_setup(1)"
exit $fail
