#!/usr/bin/env bash
# Rule packs davinci-da8xx, davinci-da830, davinci-dm3xx on the real kernel
# corpus: every arch/arm/mach-davinci board file converts (exit 0), gives one
# .dts per MACHINE_START, every .dts compiles with the kernel's cpp + dtc,
# the report counts add up, each file picks its SoC pack; exact checks of key
# properties; board-da850-evm.c reaches recall >= 0.8 on its fact file.
#
#   bash pack_davinci.sh BOARD2DTS SOURCE_DIR      (run by ctest; exit 77 = skipped)
set -uo pipefail

BIN=${1:?usage: pack_davinci.sh BOARD2DTS SOURCE_DIR}
SRC=${2:?usage: pack_davinci.sh BOARD2DTS SOURCE_DIR}
K=${B2D_KERNEL:-/var/tmp/b2d/src/linux-source-6.1}
export BOARD2DTS_RULES=${BOARD2DTS_RULES:-$SRC/rules}
FACTS=${B2D_FACTS:-/work/shared/eval/facts}
SCORE=${B2D_SCORE:-/work/shared/eval/score.py}

[ -d "$K/arch/arm" ] || { echo "pack_davinci.sh: no kernel tree at $K: skipped"; exit 77; }
LIST=$(bash "$SRC/scripts/kernel-corpus.sh" --list 2>/dev/null)
MINE=$(printf '%s\n' "$LIST" | grep -E '/mach-davinci/board-[a-z0-9_-]+\.c$')
if [ -z "$MINE" ]; then
	echo "pack_davinci.sh: corpus not prepared (bash scripts/kernel-corpus.sh): skipped"
	exit 77
fi

TMP=$(mktemp -d "${TMPDIR:-/tmp}/b2d-pack-davinci.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }
has() { grep -qF -- "$2" "$1" || bad "$(basename "$1"): missing: $2"; }

expected_soc() {
	case $1 in
	*/board-da830-*) echo davinci-da830 ;;
	*/board-dm35[05]-*|*/board-dm365-*) echo davinci-dm3xx ;;
	*) echo davinci-da8xx ;;
	esac
}

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
[ "$nfiles" -ge 7 ] || bad "only $nfiles davinci board files in the corpus list (expected 7)"

# Key properties: DA850 EVM (da850.dtsi labels, bus 1 = &i2c0, GPIO_TO_PIN numbers).
E=$TMP/board-da850-evm/board-da850-evm.dts
if [ -f "$E" ]; then
	has "$E" '#include "da850.dtsi"'
	has "$E" 'clock-frequency = <100000>;'
	has "$E" 'cd-gpios = <&gpio 64 GPIO_ACTIVE_LOW>;'
	has "$E" 'wp-gpios = <&gpio 65 GPIO_ACTIVE_HIGH>;'
	has "$E" 'serial-dir = <0 0 0 0 0 0 0 0 0 0 0 1 2 0 0 0>;'
	has "$E" 'tps: tps@48 {'
	has "$E" '#include "tps6507x.dtsi"'
	has "$E" 'IOVDD-supply = <&vdcdc2_reg>;'
	has "$E" 'cpu-supply = <&vdcdc3_reg>;'
	has "$E" 'ti,defdcdc_default = <1>;'
	has "$E" 'reg = <0x10000 0x80000>;'
	grep -A2 '^&i2c0 {' "$E" | grep -q 'status = "okay"' || bad "da850-evm: &i2c0 not enabled"
	grep -A1 '^&eth0 {' "$E" | grep -q 'status = "okay"' || bad "da850-evm: &eth0 (initcall) not enabled"
	if [ -f "$FACTS/da850-evm.facts" ] && [ -f "$SCORE" ]; then
		/usr/bin/python3 "$SCORE" --facts "$FACTS/da850-evm.facts" --kernel "$K" --min 0.8 "$E" |
			tail -1 || bad "da850-evm: recall below 0.8"
	fi
fi
E=$TMP/board-da830-evm/board-da830-evm.dts
[ -f "$E" ] && { has "$E" '"board2dts,davinci-da830-evm", "ti,da830"'; has "$E" 'McASP: DA830 boards use McASP1/2'; }
E=$TMP/board-omapl138-hawk/board-omapl138-hawk.dts
[ -f "$E" ] && has "$E" '#include "da850.dtsi"'
E=$TMP/board-dm365-evm/board-dm365-evm.dts
if [ -f "$E" ]; then
	grep -q '^#include "' "$E" && bad "dm365-evm: includes a .dtsi (the kernel has none for DM365)"
	has "$E" 'I2C devices on the SoC bus: no .dtsi for this SoC'
fi

[ "$fail" = 0 ] && echo "pack_davinci.sh: $nfiles board files OK"
exit "$fail"
