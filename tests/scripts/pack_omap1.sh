#!/usr/bin/env bash
# Rule pack omap1 on the real kernel corpus: every arch/arm/mach-omap1 board
# file converts (exit 0), gives one .dts per MACHINE_START, every .dts
# compiles with the kernel's cpp + dtc, the report counts add up, each file
# picks the omap1 pack (not omap3: no omap34xx.dtsi), plus exact checks of key
# board-level properties. No fact file exists for OMAP1.
#
#   bash pack_omap1.sh BOARD2DTS SOURCE_DIR      (run by ctest; exit 77 = skipped)
set -uo pipefail

BIN=${1:?usage: pack_omap1.sh BOARD2DTS SOURCE_DIR}
SRC=${2:?usage: pack_omap1.sh BOARD2DTS SOURCE_DIR}
K=${B2D_KERNEL:-/var/tmp/b2d/src/linux-source-6.1}
export BOARD2DTS_RULES=${BOARD2DTS_RULES:-$SRC/rules}
FACTS=${B2D_FACTS:-/work/shared/eval/facts}
SCORE=${B2D_SCORE:-/work/shared/eval/score.py}

[ -d "$K/arch/arm" ] || { echo "pack_omap1.sh: no kernel tree at $K: skipped"; exit 77; }
LIST=$(bash "$SRC/scripts/kernel-corpus.sh" --list 2>/dev/null)
MINE=$(printf '%s\n' "$LIST" | grep -E '/mach-omap1/board-[a-z0-9_-]+\.c$')
if [ -z "$MINE" ]; then
	echo "pack_omap1.sh: corpus not prepared (bash scripts/kernel-corpus.sh): skipped"
	exit 77
fi

TMP=$(mktemp -d "${TMPDIR:-/tmp}/b2d-pack-omap1.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }
has() { grep -qF -- "$2" "$1" || bad "$(basename "$1"): missing: $2"; }

expected_soc() { echo omap1; }

nfiles=0
while IFS=$'\t' read -r bd f; do
	nfiles=$((nfiles + 1))
	b=$(basename "$f" .c)
	d=$TMP/$b
	mkdir -p "$d"
	if ! "$BIN" convert -p "$bd" --kernel "$K" "$f" -o "$d/" --report "$d/report.json" 2>"$d/err"; then
		bad "$b: convert failed: $(head -c 300 "$d/err")"
		continue
	fi
	want=$(grep -c '^MACHINE_START(' "$f")
	got=$(ls "$d"/*.dts 2>/dev/null | wc -l)
	[ "$want" = "$got" ] || bad "$b: $got .dts for $want MACHINE_START"
	for dts in "$d"/*.dts; do
		cpp -nostdinc -I "$K/include" -I "$K/arch/arm/boot/dts" -I "$K/scripts/dtc/include-prefixes" \
			-undef -D__DTS__ -x assembler-with-cpp "$dts" 2>"$d/cpp.err" |
			dtc -q -i "$K/arch/arm/boot/dts" -I dts -O dtb -o /dev/null - 2>"$d/dtc.err" ||
			bad "$b: $(basename "$dts") does not compile: $(head -c 300 "$d/dtc.err")"
	done
	/usr/bin/python3 - "$d/report.json" "$(expected_soc "$f")" "$want" <<'PY' || bad "$b: report"
import json, sys
r = json.load(open(sys.argv[1]))
ok = True
if r.get("soc") != sys.argv[2]:
    print("soc %r, expected %r" % (r.get("soc"), sys.argv[2])); ok = False
if len(r["machines"]) != int(sys.argv[3]):
    print("%d machines in report" % len(r["machines"])); ok = False
for m in r["machines"]:
    c, facts = m["counts"], m["facts"]
    conv = sum(1 for x in facts if x["fate"] == "converted")
    todo = sum(1 for x in facts if x["fate"] == "todo")
    if c["converted"] + c["todo"] != c["extracted"] or conv != c["converted"] or todo != c["todo"] \
            or len(facts) != c["extracted"]:
        print("%s: counts do not add up: %r" % (m["machine"], c)); ok = False
sys.exit(0 if ok else 1)
PY
done <<<"$MINE"
[ "$nfiles" -ge 14 ] || bad "only $nfiles omap1 board files in the corpus list (expected 14)"

# No .dtsi exists for OMAP1: no output includes one, SoC helpers are TODOs.
for dts in "$TMP"/*/*.dts; do
	grep -q '^#include "' "$dts" && bad "$(basename "$dts"): includes a .dtsi"
done
E=$TMP/board-osk/board-osk.dts
if [ -f "$E" ]; then
	has "$E" 'compatible = "board2dts,omap-osk";'
	has "$E" 'compatible = "smsc,lan91c111";'
	has "$E" 'reg = <0x4800300 0x10>;'
	has "$E" 'omap_register_i2c_bus(1, 400, osk_i2c_board_info, ARRAY_SIZE(osk_i2c_board_info)): I2C controller: no .dtsi for OMAP1'
fi
E=$TMP/board-h2/board-h2.dts
if [ -f "$E" ]; then
	has "$E" 'compatible = "gpio-leds";'
	has "$E" 'compatible = "fixed-partitions";'
	has "$E" 'omap_cfg_reg('
fi

[ "$fail" = 0 ] && echo "pack_omap1.sh: $nfiles board files OK"
exit "$fail"
