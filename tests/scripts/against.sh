#!/usr/bin/env bash
# `convert --against UPSTREAM.dts`: the three samples against their
# hand-written targets (summary counts that add up, with a floor on the
# matched properties; a few exact lines; the json and markdown forms give
# the same counts), then a real fact board (mini6410, -p mode) against the
# upstream s3c6410-mini6410.dts.
#
#   bash against.sh BOARD2DTS SOURCE_DIR     (run by ctest; exit 77 = skipped)
#
# Skips without dtc/cpp or a kernel tree; without the corpus
# (scripts/kernel-corpus.sh) the mini6410 part is skipped and so is the test
# (exit 77 once the rest has passed).
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init against.sh "$@"
command -v dtc >/dev/null && command -v cpp >/dev/null || b2d_skip "against.sh: no dtc/cpp"
b2d_kernel || b2d_skip "against.sh: no kernel tree (B2D_KERNEL; the SoC .dtsi)"
K=$KERNEL

b2d_tmpdir b2d-against
export XDG_CACHE_HOME=$TMP/cache
fail=0

# run NAME OUT -- convert ARGS: the report goes to $TMP/NAME.txt.
run() {
	local name=$1
	shift 2
	if ! "$BIN" convert "$@" >"$TMP/$name.stdout" 2>"$TMP/$name.err"; then
		echo "FAIL: $name: convert exited non-zero"; cat "$TMP/$name.err"; fail=1
	fi
}
has() {	# has NAME FILE TEXT: TEXT is one exact line of FILE
	grep -qxF -- "$3" "$2" || { echo "FAIL: $1: no line: $3"; sed -n 1,12p "$2"; fail=1; }
}
# counts NAME FILE MIN: the two summary lines of the text report FILE add up
# (total = matched + differ + only generated / lacking, the same matched and
# differ in both) and at least MIN properties are matched: a floor, so that a
# better conversion does not fail the test. Sets COUNTS="gt gm gd go ut ul".
counts() {
	local name=$1 gen up gt gm gd go ut um ud ul
	gen=$(sed -n 's/^generated board-level properties: \([0-9]*\) (\([0-9]*\) matched, \([0-9]*\) differ, \([0-9]*\) only generated)$/\1 \2 \3 \4/p' "$2")
	up=$(sed -n 's/^upstream board-level properties: \([0-9]*\) (\([0-9]*\) matched, \([0-9]*\) differ, \([0-9]*\) lacking)$/\1 \2 \3 \4/p' "$2")
	COUNTS=
	if [ -z "$gen" ] || [ -z "$up" ]; then
		echo "FAIL: $name: no summary lines"; sed -n 1,12p "$2"; fail=1; return
	fi
	read -r gt gm gd go <<<"$gen"
	read -r ut um ud ul <<<"$up"
	COUNTS="$gt $gm $gd $go $ut $ul"
	if [ $((gm + gd + go)) != "$gt" ] || [ $((um + ud + ul)) != "$ut" ] ||
		[ "$gm" != "$um" ] || [ "$gd" != "$ud" ]; then
		echo "FAIL: $name: summary counts do not add up: $gen / $up"; fail=1
	elif [ "$gm" -lt "$3" ]; then
		echo "FAIL: $name: $gm upstream properties matched, expected at least $3"; fail=1
	else
		echo "ok: $name: $gm of $ut upstream properties matched (at least $3)"
	fi
}

S=$SRC/samples
run dev -- "$S/mach-s3c64xx-devboard.c" --kernel "$K" -o "$TMP/dev.dts" \
	--against "$S/mach-s3c64xx-devboard.target.dts" --against-out "$TMP/dev.txt"
counts dev "$TMP/dev.txt" 58
DEV=$COUNTS
has dev "$TMP/dev.txt" "  = davicom,no-eeprom;	/* mach-s3c64xx-devboard.c:91 */"
has dev "$TMP/dev.txt" "  - clocks = <&fin_pll>;	/* upstream mach-s3c64xx-devboard.target.dts:118 */"
has dev "$TMP/dev.txt" "/oscillator (upstream /oscillator-0)"
[ -s "$TMP/dev.dts" ] || { echo "FAIL: dev: the .dts was not written"; fail=1; }
"$BIN" convert "$S/mach-s3c64xx-devboard.c" --kernel "$K" -o "$TMP/dev2.dts" >/dev/null 2>&1
cmp -s "$TMP/dev.dts" "$TMP/dev2.dts" || { echo "FAIL: dev: --against changed the .dts"; fail=1; }

run hh -- "$S/board-omap3-handheld.c" --kernel "$K" -o "$TMP/hh.dts" \
	--against "$S/board-omap3-handheld.target.dts" --against-out "$TMP/hh.txt"
counts hh "$TMP/hh.txt" 136
has hh "$TMP/hh.txt" "  - gpio-line-names = \"w3:wlan:reset\";	/* upstream board-omap3-handheld.target.dts:118 */"

run tw -- "$S/board-twin-rev.c" --machine TWINLEAF --kernel "$K" -o "$TMP/tw.dts" \
	--against "$S/board-twin-rev.TWINLEAF.target.dts" --against-out "$TMP/tw.txt"
counts tw "$TMP/tw.txt" 24

# json (report on stdout, .dts to -o) and markdown: the same counts.
"$BIN" convert "$S/mach-s3c64xx-devboard.c" --kernel "$K" -o "$TMP/dev3.dts" \
	--against "$S/mach-s3c64xx-devboard.target.dts" --against-format json >"$TMP/dev.json" 2>/dev/null
python3 - "$TMP/dev.json" $DEV <<'PY' || fail=1
import json, sys
d = json.load(open(sys.argv[1]))
s = d["summary"]
gt, gm, gd, go, ut, ul = map(int, sys.argv[2:8])
want = ({"total": gt, "matched": gm, "differs": gd, "only_generated": go},
        {"total": ut, "matched": gm, "differs": gd, "lacking": ul})
if (s["generated"], s["upstream"]) != want:
    sys.exit("FAIL: json summary %r, the text report says %r" % (s, want))
p = [x for x in d["properties"] if x["name"] == "reg" and x["path"] == "/ethernet@18000000"]
if not p or p[0]["status"] != "matched" or p[0]["board_line"] != "mach-s3c64xx-devboard.c:84":
    sys.exit("FAIL: json dm9000 reg %r" % p)
PY
"$BIN" convert "$S/mach-s3c64xx-devboard.c" --kernel "$K" -o "$TMP/dev4.dts" \
	--against "$S/mach-s3c64xx-devboard.target.dts" --against-format markdown \
	--against-out "$TMP/dev.md" 2>/dev/null
read -r gt gm gd go ut ul <<<"$DEV"
has md "$TMP/dev.md" "| generated | $gt | $gm | $gd | $go |"

# usage errors
"$BIN" convert "$S/mach-s3c64xx-devboard.c" --kernel "$K" --against x.dts >/dev/null 2>"$TMP/u.err"
[ $? = 2 ] && grep -q "stdout already receives the .dts" "$TMP/u.err" ||
	{ echo "FAIL: --against with the .dts on stdout is not a usage error"; fail=1; }
"$BIN" convert "$S/mach-s3c64xx-devboard.c" --against-format json >/dev/null 2>&1
[ $? = 2 ] || { echo "FAIL: --against-format without --against accepted"; fail=1; }

# A real fact board: mini6410 (-p mode) against the upstream .dts.
CORPUS=$(bash "$SRC/scripts/kernel-corpus.sh" --list 2>/dev/null)
LIST=$(printf '%s\n' "$CORPUS" | grep '/mach-mini6410\.c$')
if [ -z "$CORPUS" ]; then
	b2d_skip_part "against.sh: corpus not prepared (bash scripts/kernel-corpus.sh): mini6410 part"
elif [ -z "$LIST" ]; then
	echo "FAIL: mach-mini6410.c is not in the corpus list"; fail=1
else
	BD=$(printf '%s' "$LIST" | cut -f1)
	F=$(printf '%s' "$LIST" | cut -f2)
	run mini -- -p "$BD" --kernel "$K" "$F" -o "$TMP/mini.dts" \
		--against "$K/arch/arm/boot/dts/s3c6410-mini6410.dts" --against-out "$TMP/mini.txt"
	grep -q '^  = reg = <0x18000000 0x2 0x18000004 0x2>;	/\* mach-mini6410.c:[0-9]* \*/$' "$TMP/mini.txt" ||
		{ echo "FAIL: mini6410: the dm9000 reg is not matched"; cat "$TMP/mini.txt"; fail=1; }
	grep -q '^/ethernet@18000000 (upstream /srom-cs1-bus@18000000/ethernet@18000000)$' "$TMP/mini.txt" ||
		{ echo "FAIL: mini6410: dm9000 not matched to the upstream node"; fail=1; }
	grep -q '^  - bootargs = ' "$TMP/mini.txt" || { echo "FAIL: mini6410: lacking bootargs not listed"; fail=1; }
fi

[ $fail = 0 ] && echo "against: ok"
b2d_exit $fail
