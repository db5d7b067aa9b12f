#!/usr/bin/env bash
# Board files of every kernel era convert alike (issue 16).
#
# samples/era/<base>-<era>.c is the twin of samples/<base>.c written in the
# style of another kernel era (2.6.3x, 3.0 - 3.4, 3.10+): other machine_desc
# fields (.boot_params, .timer, .phys_io), other header paths, other helper
# names (omap2_hsmmc_init, omap3_pmic_init, set_irq_type, OMAP_GPIO_IRQ vs
# gpio_to_irq). Each twin must give the same converted properties and the
# same converted facts as the modern sample (annotations and line numbers
# aside), and no "not registered by this machine's code" TODO the modern
# sample does not have.
#
# Then two seeded failures, with a kernel tree:
#  - a PMIC registered by a helper no rule knows leaves &twl_gpio defined
#    nowhere: the run warns, writes those properties as TODOs, and the
#    output compiles with dtc;
#  - a dtc that rejects the output: convert --kernel fails, writes nothing.
#
#   bash era_twins.sh BOARD2DTS SOURCE_DIR      (run by ctest)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init era_twins.sh "$@"
b2d_shared_cache
b2d_tmpdir b2d-era

shopt -s nullglob
twins=("$SRC"/samples/era/*.c)
if [ ${#twins[@]} -lt 6 ]; then
	echo "FAIL: expected at least 6 era samples in samples/era, found ${#twins[@]}"
	exit 1
fi

KARGS=()
b2d_kernel && KARGS=(--kernel "$KERNEL")
fail=0

# The .dts without comments, blank lines and the header: properties only.
props() {
	sed -e 's|/\*.*\*/||' "$1" | grep -v '^[[:space:]]*\*' | grep -v '^[[:space:]]*/\*' |
		grep -v '^[[:space:]]*$'
}

# What the converted facts became: the nodes they reached (a path, with
# its ancestors: a device on &i2c1 also enables &i2c1) and the notes of those
# that reached none, each once. Facts, not their count: a 3.0 board
# registers its PMIC by omap3_pmic_init(type, pdata), one call fact, where a
# later one has a call and an i2c_board_info table, two facts for the same
# node. Stores are left out (a 3.10 file sets `.irq = gpio_to_irq(..)` at
# run time where an older one initializes it; the properties are compared
# above), and so are facts that put nothing in the tree (an era's SoC setup
# calls, gpio_to_irq() as a value); the TODO lists below must still agree.
facts() {
	python3 - "$1" <<'PY'
import json, re, sys
rep = json.load(open(sys.argv[1]))
out = set()
later = re.compile(r" \([A-Za-z0-9_]+: the later [A-Za-z0-9_]+\)$")	# a renamed helper's note
for m in rep["machines"]:
    for f in m["facts"]:
        became = later.sub("", f.get("became") or "")
        if f["fate"] != "converted" or f["kind"] == "store":
            continue
        if became.startswith("no DT equivalent: SoC setup") or \
           became.endswith("converted where the value is used"):
            continue
        if became[:1] in ("&", "/"):
            path = became.split(" ")[0].rstrip(",")
            parts = path.split("/")
            for k in range(1, len(parts) + 1):
                out.add("node " + ("/".join(parts[:k]) or "/"))
        else:
            out.add(f["kind"] + " " + became)
for line in sorted(out):
    print(line)
PY
}

# TODO reasons of the report, line numbers aside: an era's fields, helpers
# and SoC setup calls must not leave TODOs the modern twin does not have.
todos() {
	python3 - "$1" <<'PY'
import json, re, sys
rep = json.load(open(sys.argv[1]))
for m in rep["machines"]:
    for f in m["facts"]:
        if f["fate"] == "todo":
            print(re.sub(r"[0-9]+", "N", f.get("reason") or ""))
PY
}

not_registered() {
	python3 - "$1" <<'PY'
import json, sys
rep = json.load(open(sys.argv[1]))
print(sum(1 for m in rep["machines"] for f in m["facts"]
          if f["fate"] == "todo" and "not registered" in (f.get("reason") or "")))
PY
}

convert() {	# convert SRC.c OUT_PREFIX [extra args]
	local in=$1 out=$2
	shift 2
	"$BIN" convert "$in" "${KARGS[@]}" --no-annotate -o "$out.dts" --report "$out.json" "$@" \
		2>"$out.err"
}

for twin in "${twins[@]}"; do
	name=$(basename "$twin" .c)
	modern=$SRC/samples/${name%-*}.c
	if [ ! -f "$modern" ]; then
		echo "FAIL: $name: no modern twin ${modern#"$SRC"/}"
		fail=1
		continue
	fi
	convert "$modern" "$TMP/modern" || { echo "FAIL: $name: modern twin did not convert"; fail=1; continue; }
	if ! convert "$twin" "$TMP/$name"; then
		echo "FAIL: $name: did not convert:"
		sed 's/^/    /' "$TMP/$name.err"
		fail=1
		continue
	fi
	before=$fail
	fail=0
	n=$(props "$TMP/modern.dts" | wc -l)
	if ! diff <(props "$TMP/modern.dts") <(props "$TMP/$name.dts") >"$TMP/diff"; then
		echo "FAIL: $name: properties differ from ${modern#"$SRC"/} ($n lines):"
		sed 's/^/    /' "$TMP/diff" | head -20
		fail=1
	fi
	if ! diff <(facts "$TMP/modern.json" | sort) <(facts "$TMP/$name.json" | sort) >"$TMP/diff"; then
		echo "FAIL: $name: converted facts differ:"
		sed 's/^/    /' "$TMP/diff" | head -20
		fail=1
	fi
	if ! diff <(todos "$TMP/modern.json" | sort) <(todos "$TMP/$name.json" | sort) >"$TMP/diff"; then
		echo "FAIL: $name: TODOs differ from the modern twin's:"
		sed 's/^/    /' "$TMP/diff" | head -20
		fail=1
	fi
	# the modern sample may leave a table unregistered on purpose: no more here
	nr=$(not_registered "$TMP/$name.json")
	nm=$(not_registered "$TMP/modern.json")
	[ "$nr" = "$nm" ] || { echo "FAIL: $name: $nr \"not registered\" TODOs (modern: $nm)"; fail=1; }
	if [ -n "${KERNEL:-}" ] && ! b2d_dts_compile "$KERNEL" "$TMP/$name.dts" "$TMP/dtc.log"; then
		echo "FAIL: $name: output does not compile:"
		sed 's/^/    /' "$TMP/dtc.log" | head -5
		fail=1
	fi
	[ $fail = 0 ] && echo "ok: $name: $n property lines, $(facts "$TMP/$name.json" | wc -l) converted nodes and notes"
	[ $before = 0 ] || fail=1
done

if [ -z "${KERNEL:-}" ]; then
	echo "era_twins.sh: no kernel tree (B2D_KERNEL unset): label and dtc checks skipped"
	exit $fail
fi

# A PMIC registered by a helper no rule knows: nothing defines &twl_gpio.
sed -e 's/omap_register_i2c_bus(1, 2600, w3_i2c1_boardinfo,/vendor_pmic_setup(1, w3_i2c1_boardinfo,/' \
	"$SRC/samples/board-omap3-handheld.c" >"$TMP/seed.c"
grep -q vendor_pmic_setup "$TMP/seed.c" || { echo "FAIL: seed: sample changed, no PMIC call to replace"; exit 1; }
"$BIN" convert "$TMP/seed.c" --kernel "$KERNEL" -o "$TMP/seed.dts" --report "$TMP/seed.json" 2>"$TMP/seed.err"
rc=$?
[ $rc = 0 ] || { echo "FAIL: seed: exit status $rc"; cat "$TMP/seed.err"; fail=1; }
grep -Eq '^[^ ]+:[0-9]+:[0-9]+: warning: .*&twl_gpio is defined nowhere' "$TMP/seed.err" ||
	{ echo "FAIL: seed: no warning for &twl_gpio"; cat "$TMP/seed.err"; fail=1; }
if props "$TMP/seed.dts" | grep -q '&twl_gpio'; then
	echo "FAIL: seed: a property still refers to &twl_gpio"
	fail=1
fi
grep -q 'TODO seed.c:223: cd-gpios = <&twl_gpio 0 GPIO_ACTIVE_LOW> (gpio + 0)' "$TMP/seed.dts" ||
	{ echo "FAIL: seed: no TODO with the value and the C line of cd-gpios"; fail=1; }
b2d_dts_compile "$KERNEL" "$TMP/seed.dts" "$TMP/dtc.log" ||
	{ echo "FAIL: seed: output does not compile:"; cat "$TMP/dtc.log"; fail=1; }
python3 - "$TMP/seed.json" <<'PY' || fail=1
import json, sys
m = json.load(open(sys.argv[1]))["machines"][0]
c, f = m["counts"], m["facts"]
bad = [x for x in f if x["fate"] == "todo" and "twl_gpio is defined nowhere" in (x.get("reason") or "")]
if not bad:
    sys.exit("FAIL: seed: no fact turned into a TODO for &twl_gpio")
if c["converted"] + c["not_converted"] != c["extracted"]:
    sys.exit("FAIL: seed: report counts do not add up")
PY

# A dtc that rejects every output: convert --kernel writes nothing, exits 1.
printf '#!/bin/sh\necho "dtc: rejected by the test" >&2\nexit 1\n' >"$TMP/dtc"
chmod +x "$TMP/dtc"
B2D_DTC=$TMP/dtc "$BIN" convert "$SRC/samples/board-omap3-handheld.c" --kernel "$KERNEL" \
	-o "$TMP/never.dts" 2>"$TMP/never.err"
rc=$?
b2d_check_diag "dtc self-check" 1 $rc 'error: machine W3_HANDHELD: the generated .dts does not compile' \
	1 "$TMP/never.err" || fail=1
[ ! -e "$TMP/never.dts" ] || { echo "FAIL: dtc self-check: output written anyway"; fail=1; }

exit $fail
