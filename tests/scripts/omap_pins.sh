#!/usr/bin/env bash
# OMAP3 pin mux (issue 12): samples/board-omap3-mediabox.c sets its pads
# with omap3_mux_init(board_mux), omap_mux_init_signal() and
# omap_mux_init_gpio(), in the 2.6.3x - 3.x way. Converted against the
# kernel tree, its pin groups must be the ones upstream boards write for the
# same pads, pad for pad (address, IOPAD macro, PIN_* flags, mode):
#   mmc1_pins       = omap3-overo-base.dtsi's mmc1_pins (sdmmc1 clk/cmd/dat0-3)
#   uart3_pins      = omap3-beagle.dts's uart3_pins
#   gpio_keys_pins  = omap3-beagle.dts's gpio1_pins (sys_boot5.gpio_7)
# each on the device that uses it (&mmc1, &uart3, the gpio-keys node); the
# ETK pad of EHCI port 2 is written with omap34xx.dtsi's core2 macro
# (OMAP3430_CORE2_IOPAD) although the .dts comments name it with the 3630's;
# a pad no .dts of the tree names stays a TODO that says so. Then the same
# board without the tree: one TODO per mux call asking for --kernel.
#
#   bash omap_pins.sh BOARD2DTS SOURCE_DIR      (run by ctest; exit 77 = skipped)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init omap_pins.sh "$@"
b2d_shared_cache
b2d_kernel || b2d_skip "omap_pins.sh: no kernel tree (B2D_KERNEL)"
b2d_tmpdir b2d-omap-pins
fail=0
bad() { echo "FAIL: $*"; fail=1; }

C=$SRC/samples/board-omap3-mediabox.c
D=$KERNEL/arch/arm/boot/dts
[ -d "$D/ti/omap" ] && D=$D/ti/omap
if ! "$BIN" convert "$C" --kernel "$KERNEL" -q -o "$TMP/mb.dts" 2>"$TMP/err"; then
	bad "convert failed"; cat "$TMP/err"; exit 1
fi

# "file label" -> one line per pad: MACRO addr flags (sorted terms), sorted.
pads() {
	python3 - "$1" "$2" <<'PY'
import re, sys
t = re.sub(r'/\*.*?\*/', '', open(sys.argv[1]).read(), flags=re.S)
m = re.search(r'\b%s:\s*[\w@,-]+\s*\{(.*?)\};' % re.escape(sys.argv[2]), t, re.S)
if not m:
    sys.exit(0)
for mac, addr, flags in re.findall(r'(\w+_IOPAD)\((0x[0-9a-fA-F]+),\s*([^)]*)\)', m.group(1)):
    terms = sorted(x.strip() for x in flags.split('|'))
    print(mac, hex(int(addr, 16)), ' | '.join(terms))
PY
}

same() { # generated-label upstream-file upstream-label
	pads "$TMP/mb.dts" "$1" | sort >"$TMP/gen"
	pads "$D/$2" "$3" | sort >"$TMP/up"
	if [ ! -s "$TMP/up" ]; then
		bad "$2 has no $3 group to compare with"
	elif ! diff -u "$TMP/up" "$TMP/gen" >"$TMP/d"; then
		bad "$1 differs from $2's $3:"; cat "$TMP/d"
	else
		echo "ok: $1 = $2's $3 ($(wc -l <"$TMP/gen") pads)"
	fi
}
same mmc1_pins omap3-overo-base.dtsi mmc1_pins
same uart3_pins omap3-beagle.dts uart3_pins
same gpio_keys_pins omap3-beagle.dts gpio1_pins

# Attachment: the group is on its device's pinctrl-0.
attached() { # node-start-regex label
	python3 - "$TMP/mb.dts" "$1" "$2" <<'PY' || bad "$2 is not in the pinctrl-0 of $1"
import re, sys
t = re.sub(r'/\*.*?\*/', '', open(sys.argv[1]).read(), flags=re.S)
m = re.search(r'^\s*%s \{(.*?)^\s*\};' % sys.argv[2], t, re.S | re.M)
ok = m and re.search(r'pinctrl-0 = <[^;]*&%s\b' % sys.argv[3], m.group(1))
sys.exit(0 if ok else 1)
PY
}
attached '&mmc1' mmc1_pins
attached '&uart3' uart3_pins
attached 'gpio-keys' gpio_keys_pins
attached 'leds' leds_pins

grep -q 'OMAP3430_CORE2_IOPAD(0x25f0, PIN_INPUT_PULLDOWN | MUX_MODE3)' "$TMP/mb.dts" ||
	bad "the ETK_D10 pad is not written with omap34xx's OMAP3430_CORE2_IOPAD"
grep -q 'sys_drm_msecure.*no .dts of the target tree names the pad of sys_drm_msecure' "$TMP/mb.dts" ||
	bad "no TODO saying why sys_drm_msecure stays by hand"
grep -q 'write pinctrl-single nodes by hand\|no rule for struct omap_board_mux' "$TMP/mb.dts" &&
	bad "a mux TODO of the time before pin groups is left"

# OMAP4 (samples/board-omap4-panel.c, 3.x): the OMAP4_MUX() table's pads,
# named in the tree's omap4 .dts comments (gpmc_a19.gpio_43), on the keys
# that use GPIOs 43 and 44.
if "$BIN" convert "$SRC/samples/board-omap4-panel.c" --kernel "$KERNEL" -q -o "$TMP/p4.dts" 2>"$TMP/err"; then
	python3 - "$TMP/p4.dts" <<'PY' || bad "omap4-panel: the OMAP4_MUX pads are not a group of &omap4_pmx_core on gpio-keys"
import re, sys
t = re.sub(r'/\*.*?\*/', '', open(sys.argv[1]).read(), flags=re.S)
keys = re.search(r'gpio-keys \{[^}]*pinctrl-0 = <&(\w+)>', t)
grp = keys and re.search(r'&omap4_pmx_core \{.*?%s: [\w-]+ \{\s*pinctrl-single,pins = ([^;]*);' % keys.group(1), t, re.S)
want = ['OMAP4_IOPAD(0x66, PIN_INPUT_PULLUP | MUX_MODE3)', 'OMAP4_IOPAD(0x68, PIN_INPUT_PULLUP | MUX_MODE3)']
sys.exit(0 if grp and re.findall(r'OMAP4_IOPAD\([^)]*\)', grp.group(1)) == want else 1)
PY
	# A GIC SPI whose type the board never set was level-high (the GIC's
	# boot default); IRQ_TYPE_NONE is no SPI type (arm,gic binding).
	# .init_early = omap4430_init_early: the 4430's .dtsi (dtsi_variants: calls:)
	grep -q '#include "omap443x.dtsi"' "$TMP/p4.dts" || bad "omap4-panel: omap443x.dtsi is not included"
	# the SPIs go through the wake-up generator, omap4.dtsi's root parent
	grep -q 'interrupt-parent = <&wakeupgen>;' "$TMP/p4.dts" &&
		! grep -q 'interrupt-parent = <&gic>;' "$TMP/p4.dts" ||
		bad "omap4-panel: an interrupt bypasses &wakeupgen"
	grep -q 'interrupts = <GIC_SPI 7 IRQ_TYPE_LEVEL_HIGH>;' "$TMP/p4.dts" ||
		bad "omap4-panel: the TWL6030's GIC SPI 7 is not level-high"
	! grep -q 'GIC_SPI [0-9]* IRQ_TYPE_NONE' "$TMP/p4.dts" ||
		bad "omap4-panel: a GIC SPI with IRQ_TYPE_NONE"
else
	bad "omap4-panel: convert failed"; cat "$TMP/err"
fi

# Without the tree, every mux call is one TODO asking for --kernel, and nothing is lost.
"$BIN" convert "$C" -q -o "$TMP/nok.dts" 2>/dev/null || bad "convert without --kernel failed"
n=$(grep -c 'give --kernel to learn the pad names' "$TMP/nok.dts")
[ "$n" -ge 10 ] || bad "without --kernel: $n mux TODOs asking for --kernel (expected >= 10)"

exit $fail
