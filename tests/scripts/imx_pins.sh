#!/usr/bin/env bash
# i.MX pin mux (issue 12): samples/imx53-panel.c sets its pads with
# mxc_iomux_v3_setup_multiple_pads(panel_pads, n) and mxc_iomux_v3_setup_pad(),
# in the 2.6.3x - 3.x way. Converted against the 6.1 tree (flat
# arch/arm/boot/dts) and the 6.12 tree (nxp/imx/), every fsl,pins entry must
# be a pad macro of the target's imx53-pinfunc.h (found by name in either
# layout), each group must sit on the device that uses it (&uart1, &fec,
# &i2c2, &esdhc1 with its card-detect GPIO pad, &fec with its PHY reset
# line's pad, the gpio-keys and leds
# nodes), the pads no device uses must be hogged by &iomuxc, the pad control
# not known in tolerant mode must be a TODO, the .dtb must carry the six
# cells per pad the .dts gives (board2dts diff), and IMXUART_HAVE_RTSCTS must
# be uart-has-rtscts. Without the tree: one TODO per call asking for --kernel.
#
#   bash imx_pins.sh BOARD2DTS SOURCE_DIR      (run by ctest; exit 77 = skipped)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init imx_pins.sh "$@"
b2d_shared_cache
b2d_kernel || b2d_skip "imx_pins.sh: no kernel tree (B2D_KERNEL)"
b2d_tmpdir b2d-imx-pins
fail=0
bad() { echo "FAIL: $*"; fail=1; }

C=$SRC/samples/imx53-panel.c
trees=("$KERNEL")
if b2d_kernel612; then trees+=("$KERNEL612"); else echo "skip: no 6.12 tree (B2D_KERNEL_612)"; fi

for k in "${trees[@]}"; do
	v=$(basename "$k")
	hdr=$(find "$k/arch/arm/boot/dts" -maxdepth 3 -name imx53-pinfunc.h | head -1)
	[ -n "$hdr" ] || { bad "$v: no imx53-pinfunc.h"; continue; }
	if ! "$BIN" convert "$C" --kernel "$k" -q -o "$TMP/$v.dts" --dtb "$TMP/$v.dtb" 2>"$TMP/err"; then
		bad "$v: convert failed"; cat "$TMP/err"; continue
	fi
	"$BIN" diff --kernel "$k" "$TMP/$v.dtb" "$TMP/$v.dts" >"$TMP/diff" 2>&1 ||
		{ bad "$v: the .dtb differs from the compiled .dts"; cat "$TMP/diff"; }
	python3 - "$TMP/$v.dts" "$hdr" <<'PY' || bad "$v: pin groups (above)"
import re, sys
t = re.sub(r'/\*.*?\*/', '', open(sys.argv[1]).read(), flags=re.S)
defined = set(re.findall(r'^#define\s+(MX53_PAD_\w+)\s+0x', open(sys.argv[2]).read(), re.M))
ok = True
def fail(msg):
    global ok
    print("  " + msg); ok = False

groups = {}
for label, body in re.findall(r'(\w+): [\w-]+ \{\s*fsl,pins = ([^;]*);', t):
    pads = re.findall(r'<(\w+) (0x[0-9a-f]+)>', body)
    groups[label] = [p for p, _ in pads]
    for p, ctrl in pads:
        if p not in defined:
            fail("%s: %s is not a macro of %s" % (label, p, sys.argv[2]))
        if ctrl != "0x80000000":
            fail("%s: %s has pad control %s, which tolerant mode cannot know" % (label, p, ctrl))
want = {
    "uart1grp": ["MX53_PAD_CSI0_DAT10__UART1_TXD_MUX", "MX53_PAD_CSI0_DAT11__UART1_RXD_MUX"],
    # the FEC's PHY reset line (a reset_lines entry: &fec phy-reset-gpios) joins its group
    "fecgrp": ["MX53_PAD_FEC_MDC__FEC_MDC", "MX53_PAD_FEC_MDIO__FEC_MDIO",
               "MX53_PAD_PATA_DA_0__GPIO7_6"],
    "i2c2grp": ["MX53_PAD_KEY_ROW3__I2C2_SDA", "MX53_PAD_KEY_COL3__I2C2_SCL"],
    "esdhc1grp": ["MX53_PAD_SD1_CMD__ESDHC1_CMD", "MX53_PAD_SD1_CLK__ESDHC1_CLK",
                  "MX53_PAD_SD1_DATA0__ESDHC1_DAT0", "MX53_PAD_EIM_DA13__GPIO3_13",
                  "MX53_PAD_EIM_DA14__GPIO3_14"],
    "gpio_keysgrp": ["MX53_PAD_PATA_DATA14__GPIO2_14"],
    "ledsgrp": ["MX53_PAD_PATA_DA_1__GPIO7_7"],
    "hoggrp": ["MX53_PAD_EIM_D24__GPIO3_24"],
}
for g, pads in want.items():
    if groups.get(g) != pads:
        fail("%s: %s, expected %s" % (g, groups.get(g), pads))

def node(start):
    m = re.search(r'^\s*%s \{(.*?)^\s*\};' % re.escape(start), t, re.S | re.M)
    return m.group(1) if m else ""
for start, g in [("&uart1", "uart1grp"), ("&fec", "fecgrp"), ("&i2c2", "i2c2grp"),
                 ("&esdhc1", "esdhc1grp"), ("gpio-keys", "gpio_keysgrp"), ("leds", "ledsgrp"),
                 ("&iomuxc", "hoggrp")]:
    if not re.search(r'pinctrl-0 = <&%s>;\s*pinctrl-names = "default";' % g, node(start)):
        fail("%s is not the default pinctrl-0 of %s" % (g, start))
if "uart-has-rtscts;" not in node("&uart1"):
    fail("&uart1 lacks uart-has-rtscts")
sys.exit(0 if ok else 1)
PY
	n=$(grep -c 'TODO.*fsl,pins: the pad control of' "$TMP/$v.dts")
	[ "$n" = 2 ] || bad "$v: $n TODOs on unknown pad controls (expected 2, one per call)"
	grep -q 'IOMUX pad.*by hand\|long long panel_pads' "$TMP/$v.dts" &&
		bad "$v: a pad TODO of the time before pin groups is left"
	[ $fail = 0 ] && echo "ok: $v: fsl,pins groups on their devices, pads of $(basename "$hdr")"
done

# Without the tree, every iomux call is one TODO asking for --kernel.
"$BIN" convert "$C" -q -o "$TMP/nok.dts" 2>/dev/null || bad "convert without --kernel failed"
n=$(grep -c 'give --kernel to learn the pad names' "$TMP/nok.dts")
[ "$n" = 2 ] || bad "without --kernel: $n iomux TODOs asking for --kernel (expected 2)"

exit $fail
