#!/usr/bin/env bash
# `extract --json` prints valid JSON with the field names docs/extract-json.md
# documents (every documented key of the top level, machines, variables,
# functions, calls, stores and of each VALUE kind is present), and callback
# parameters carry their meaning: board-omap3-handheld.c's
# `w3_gpio_leds[0].gpio = gpio + TWL4030_GPIO_MAX + 1` inside the twl4030
# .setup callback is the symbolic value `base(twl4030-gpio) + 19`.
#
#   bash extract_json.sh BOARD2DTS SOURCE_DIR     (run by ctest)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init extract_json.sh "$@"
SAMPLE=$SRC/samples/board-omap3-handheld.c
[ -f "$SAMPLE" ] || { echo "FAIL: $SAMPLE missing"; exit 1; }
b2d_tmpdir b2d-extract

if ! "$BIN" extract "$SAMPLE" --json >"$TMP/board.json" 2>"$TMP/stderr"; then
	echo "FAIL: extract exited non-zero:"
	cat "$TMP/stderr"
	exit 1
fi

python3 - "$TMP/board.json" <<'PY'
import json, sys

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

# The documented keys (docs/extract-json.md), per object.
TOP = ["file", "tolerant", "clang_errors", "reparsed", "machines", "variables", "functions"]
MACHINE = ["id", "name", "line", "record"]
VARIABLE = ["name", "type", "is_array", "line", "init"]
FUNCTION = ["name", "params", "line", "calls", "stores"]
CALL = ["callee", "line", "spelling", "args", "guards"]
STORE = ["var", "path", "line", "spelling", "value", "guards"]
KIND = {"int": ["value", "spelling"], "symbolic": ["symbolic", "param", "offset"],
        "string": ["value"], "addr": ["name"], "func": ["name"],
        "list": ["array", "fields"], "null": [], "expr": ["op", "operands"],
        "unknown": ["spelling"]}
# Kinds this sample must contain, so that their checks are not vacuous.
SAMPLE_KINDS = ["int", "symbolic", "string", "addr", "func", "list", "null", "unknown"]

def missing(obj, keys):
    return [k for k in keys if k not in obj]

def keys(what, objs, want):
    bad = [(i, missing(o, want)) for i, o in enumerate(objs) if missing(o, want)]
    check(objs and not bad, "%d %s have %s%s" % (len(objs), what, ", ".join(want),
          "" if not bad else " (#%d lacks %s)" % (bad[0][0], ", ".join(bad[0][1]))))

check(isinstance(board, dict), "top level is an object")
keys("top level", [board], TOP)
keys("machines", board.get("machines", []), MACHINE)
keys("variables", board.get("variables", []), VARIABLE)
funcs = board.get("functions", [])
keys("functions", funcs, FUNCTION)
keys("calls", [c for f in funcs for c in f.get("calls", [])], CALL)
keys("stores", [s for f in funcs for s in f.get("stores", [])], STORE)

# Every VALUE: field or index, kind, line, and its kind's members.
values = []
def walk(v, top):
    values.append((v, top))
    for sub in v.get("fields", []) + v.get("operands", []):
        walk(sub, False)
for m in board.get("machines", []):
    walk(m["record"], True)
for x in board.get("variables", []):
    walk(x["init"], True)
for f in funcs:
    for c in f.get("calls", []):
        for a in c.get("args", []):
            walk(a, False)
    for s in f.get("stores", []):
        walk(s["value"], True)
bad = [v for v, top in values
       if v.get("kind") not in KIND or "line" not in v or missing(v, KIND[v["kind"]]) or
       (not top and "field" not in v and "index" not in v)]
check(values and not bad, "%d VALUEs have kind, line, field or index, and their kind's members%s"
      % (len(values), "" if not bad else " (not: %s)" % json.dumps(bad[0])[:200]))
args = [a for f in funcs for c in f.get("calls", []) for a in c.get("args", [])]
check(args and all("index" in a for a in args), "every argument VALUE has its index")
kinds = {v["kind"] for v, _ in values if "kind" in v}
check(all(k in kinds for k in SAMPLE_KINDS), "the sample has VALUEs of kind %s (has %s)"
      % (", ".join(SAMPLE_KINDS), ", ".join(sorted(kinds))))

check(any(m.get("id") == "W3_HANDHELD" for m in board.get("machines", [])),
      "the MACHINE_START id W3_HANDHELD is a machine")
# The callback parameter with its meaning: base(twl4030-gpio) + 19.
sym = [v for v, _ in values if v.get("kind") == "symbolic" and v.get("offset") == 19]
check(any(v.get("symbolic") == "base(twl4030-gpio) + 19" and v.get("param") == "gpio" for v in sym),
      "a symbolic value is base(twl4030-gpio) + 19, param gpio (%s)"
      % (json.dumps(sym[0]) if sym else "none with offset 19"))
sys.exit(0 if ok else 1)
PY
