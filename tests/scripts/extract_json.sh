#!/usr/bin/env bash
# `extract --json` prints valid JSON in which callback parameters carry their
# meaning: board-omap3-handheld.c's `w3_gpio_leds[0].gpio = gpio +
# TWL4030_GPIO_MAX + 1` inside the twl4030 .setup callback is the twl4030
# GPIO block's base + 19.
#
#   bash extract_json.sh BOARD2DTS SOURCE_DIR     (run by ctest)
set -uo pipefail

BIN=${1:?usage: extract_json.sh BOARD2DTS SOURCE_DIR}
SRC=${2:?usage: extract_json.sh BOARD2DTS SOURCE_DIR}
SAMPLE=$SRC/samples/board-omap3-handheld.c
export BOARD2DTS_RULES=${BOARD2DTS_RULES:-$SRC/rules}

if [ ! -f "$SAMPLE" ]; then
	echo "extract_json.sh: $SAMPLE missing: skipped"
	exit 77
fi
TMP=$(mktemp -d "${TMPDIR:-/tmp}/b2d-extract.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

if ! "$BIN" extract "$SAMPLE" --json >"$TMP/board.json" 2>"$TMP/stderr"; then
	echo "FAIL: extract exited non-zero:"
	cat "$TMP/stderr"
	exit 1
fi

python3 - "$TMP/board.json" <<'PY'
import json, re, sys

with open(sys.argv[1]) as f:
    try:
        board = json.load(f)
    except ValueError as e:
        print("FAIL: extract --json output is not JSON: %s" % e)
        sys.exit(1)

ok = True
def check(cond, what):
    global ok
    print(("ok: " if cond else "FAIL: ") + what)
    ok = ok and cond

check(isinstance(board, dict), "top level is an object")
text = json.dumps(board)
check("W3_HANDHELD" in text, "the MACHINE_START id W3_HANDHELD is in the model")

# A symbolic value naming the twl4030 GPIO block with offset 19: either a
# "symbolic" text such as "base(twl4030-gpio) + 19", or the parts (meaning
# + offset) as separate members.
found = []
def walk(o):
    if isinstance(o, dict):
        s = o.get("symbolic")
        if isinstance(s, str) and "twl4030" in s and re.search(r"\b19\b", s):
            found.append(s)
        m = o.get("sym_meaning") or o.get("meaning")
        if isinstance(m, str) and "twl4030" in m and o.get("ival", o.get("offset")) == 19:
            found.append("%s + 19" % m)
        for v in o.values():
            walk(v)
    elif isinstance(o, list):
        for v in o:
            walk(v)
walk(board)
check(bool(found), "a symbolic value is base(twl4030-gpio) + 19 (%s)" %
      (found[0] if found else "none found"))
sys.exit(0 if ok else 1)
PY
