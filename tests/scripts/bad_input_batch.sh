#!/usr/bin/env bash
# `board2dts batch` across runs (issue 9 item 14, issue 10 item 4):
#   - summary.md says why each failed file failed (a parse error; with a
#     kernel tree, dtc's error through a B2D_DTC stand-in);
#   - SIGINT / SIGTERM mid-batch: exit 128+sig, summary of what finished, the
#     resume command on stderr; running that command finishes the rest and
#     counts "up to date" apart from "converted";
#   - a re-run over a subset keeps the other files' rows and states;
#   - the up-to-date fingerprint covers the rule packs and the model headers
#     by contents (an edit that keeps the mtime still redoes every file);
#   - the state is plain JSON.
#
#   bash bad_input_batch.sh BOARD2DTS SOURCE_DIR      (run by ctest; exit 77 = a part skipped)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init bad_input_batch.sh "$@"
b2d_shared_cache
b2d_tmpdir b2d-bad-input-batch

shopt -s nullglob
# The three original samples (4 machines); the counts below are theirs.
SAMPLES=("$SRC"/samples/board-omap3-handheld.c "$SRC"/samples/board-twin-rev.c "$SRC"/samples/mach-s3c64xx-devboard.c)
[ ${#SAMPLES[@]} -eq 3 ] || { echo "FAIL: expected the 3 original samples, found ${#SAMPLES[@]}"; exit 1; }
# Private copies of the rule packs and model headers, to edit.
mkdir -p "$TMP/rules" "$TMP/model"
(cd "$SRC/rules" && find . -name '*.yaml' -exec cp --parents -p {} "$TMP/rules/" \;)
cp -rp "$SRC/extractor/model-headers/." "$TMP/model/"
export BOARD2DTS_RULES=$TMP/rules BOARD2DTS_MODEL=$TMP/model

fail=0
check() {	# check DESCRIPTION COMMAND...
	local what=$1; shift
	if "$@"; then echo "ok: $what"; else echo "FAIL: $what"; fail=1; return 1; fi
}
# json DIR EXPR: print EXPR over s = DIR/summary.json, t = its totals
json() { python3 -c 'import json,sys; s=json.load(open(sys.argv[1]+"/summary.json")); t=s["totals"]; print(eval(sys.argv[2]))' "$1" "$2"; }
# totals DIR: "converted up_to_date failed interrupted earlier"
totals() { json "$1" '"%d %d %d %d %d" % (t["converted"], t.get("up_to_date", -1), t["failed"], t.get("interrupted", -1), t.get("earlier", -1))'; }
# row DIR BASE: the summary.md table row of BASE
row() { grep "^| $2 |" "$1/summary.md"; }
export -f json totals row

# 1. Why a file failed: its row in summary.md's table and summary.json say it.
# A copy of a sample with an initializer nested past the documented limit (64 levels).
{ cat "$SRC/samples/board-twin-rev.c"
  printf 'static int broken[] = %s1%s;\n' "$(printf '{%.0s' {1..100})" "$(printf '}%.0s' {1..100})"
} >"$TMP/broken.c"
"$BIN" batch --out-dir "$TMP/why" "${SAMPLES[@]}" "$TMP/broken.c" >/dev/null 2>&1
check "a parse error: exit 1" test $? = 1
check "a parse error: the row of the failed file says why (file:line:col: error: ...)" \
	bash -c 'row "$@" | grep -q "| failed | .*broken.c:[0-9]*:[0-9]*: error: initializer nested"' _ "$TMP/why" broken
check "a parse error: summary.json's reason" \
	bash -c '[[ "$(json "$1" "[f[\"reason\"] for f in s[\"files\"] if f[\"base\"] == \"broken\"][0]")" == *"error: "* ]]' _ "$TMP/why"
check "the converted files' rows give no reason" \
	test "$(grep -c '^| .* | converted | .* |  |$' "$TMP/why/summary.md")" = 3
if b2d_kernel; then
	# dtc rejects one output: a B2D_DTC stand-in that fails on board-omap3-handheld only.
	cat >"$TMP/fake-dtc" <<'SH'
#!/bin/sh
for a; do last=$a; done
if grep -q board-omap3-handheld "$last" 2>/dev/null; then
	echo "Error: board-omap3-handheld.dts:7.1-2 syntax error (stand-in dtc)" >&2
	exit 1
fi
exec dtc "$@"
SH
	chmod +x "$TMP/fake-dtc"
	B2D_DTC=$TMP/fake-dtc "$BIN" batch --kernel "$KERNEL" --out-dir "$TMP/dtc" "${SAMPLES[@]}" \
		>/dev/null 2>&1
	check "dtc error: exit 1" test $? = 1
	check "dtc error: the row and the Failed list carry dtc's first error line" bash -c '
		row "$1" board-omap3-handheld | grep -q "dtc: .*stand-in dtc" &&
		sed -n "/^## Failed/,/^## Files/p" "$1/summary.md" | grep -q "board-omap3-handheld.c.*dtc: .*stand-in dtc"' \
		_ "$TMP/dtc"
else
	b2d_skip_part "no kernel tree: a dtc error as a failure reason"
fi

# 2. SIGINT / SIGTERM mid-batch (B2D_TEST_COMMIT_DELAY holds each file a few seconds).
# interrupt SIG DIR JOBS: start a batch, signal it after the first file, wait.
interrupt() {
	local sig=$1 out=$2 jobs=$3 pid i
	# 6 s per file: under a loaded CI machine (ctest -j2) the signal came
	# late enough once that every file had finished (stop 29).
	B2D_TEST_COMMIT_DELAY=6 timeout 120 "$BIN" batch --json -j"$jobs" --out-dir "$out" \
		"${SAMPLES[@]}" >"$out.events" 2>"$out.err" &
	pid=$!
	for ((i = 0; i < 600; i++)); do
		grep -q '"event": *"file"' "$out.events" 2>/dev/null && break
		sleep 0.1
	done
	kill -"$sig" "$pid"
	wait "$pid"
	echo $? >"$out.rc"
}
mkdir -p "$TMP/int"
interrupt INT "$TMP/int/o" 1
check "SIGINT: exit 130" test "$(cat "$TMP/int/o.rc")" = 130
check "SIGINT: summary.md written, naming the interrupt and the not-done files" bash -c '
	grep -q "Interrupted by SIGINT" "$1/summary.md" && grep -q "| not done |" "$1/summary.md"' _ "$TMP/int/o"
check "SIGINT: 1 converted, 2 not done" test "$(totals "$TMP/int/o")" = "1 0 0 2 0"
check "SIGINT: one state (the file that finished), no temporary file left" bash -c '
	[ "$(ls "$1/.batch/"*.state | wc -l)" = 1 ] && ! ls -A "$1" | grep -q "\.b2d-"' _ "$TMP/int/o"
RESUME=$(sed -n 's/^board2dts: note: batch: to resume (files up to date are skipped): //p' "$TMP/int/o.err")
check "SIGINT: stderr gives the resume command" test -n "$RESUME"
[ -n "$RESUME" ] || sed 's/^/    | /' "$TMP/int/o.err"
eval "timeout 120 $RESUME" >"$TMP/int/resume.out" 2>"$TMP/int/resume.err"
check "resume: exit 0" test $? = 0
check "resume: 2 converted, 1 up to date (counted apart), nothing failed" \
	test "$(totals "$TMP/int/o")" = "2 1 0 0 0"
check "resume: the --json end event counts up to date apart from converted" \
	grep -q '"event": "end", "files": 3, "converted": 2, "up_to_date": 1, ' "$TMP/int/resume.out"
check "resume: summary.md counts up to date apart from converted" \
	grep -q "^- files: 3 (converted 2, up to date 1, failed 0)" "$TMP/int/o/summary.md"
mkdir -p "$TMP/term"
interrupt TERM "$TMP/term/o" 2
check "SIGTERM with -j2: exit 143, summary written, the rest not done" bash -c '
	[ "$(cat "$1.rc")" = 143 ] && grep -q "Interrupted by SIGTERM" "$1/summary.md" &&
	[ "$(json "$1" "t[\"converted\"] + t[\"interrupted\"]")" = 3 ] &&
	[ "$(json "$1" "t[\"interrupted\"]")" -ge 1 ]' _ "$TMP/term/o" ||
	echo "    | exit $(cat "$TMP/term/o.rc"), totals $(totals "$TMP/term/o")"

# 3. A re-run over a subset keeps the other files' rows and states.
OUT=$TMP/subset
"$BIN" batch --out-dir "$OUT" "${SAMPLES[@]}" >/dev/null 2>&1
"$BIN" batch --force --out-dir "$OUT" "$SRC/samples/board-twin-rev.c" >/dev/null 2>&1
check "subset re-run: exit 0" test $? = 0
check "subset re-run: summary.md keeps all 3 rows (2 from the earlier run)" bash -c '
	[ "$(grep -c "^| board-\|^| mach-" "$1/summary.md")" = 3 ] &&
	[ "$(grep -c "| ok (earlier run) |" "$1/summary.md")" = 2 ]' _ "$OUT"
check "subset re-run: summary.json: 1 converted, 2 earlier; machines of all 3" \
	test "$(totals "$OUT") $(json "$OUT" 't["machines"]')" = "1 0 0 0 2 4"
check "subset re-run: the other files' states are kept" test "$(ls "$OUT/.batch/"*.state | wc -l)" = 3
check "a full re-run after the subset: all 3 up to date, none counted twice, on stderr too" bash -c '
	"$1" batch --out-dir "$2" "${@:3}" 2>"$2.err" >/dev/null && [ "$(totals "$2")" = "0 3 0 0 0" ] &&
	grep -q "batch: 3 files: 0 converted, 3 up to date, 0 failed" "$2.err"' \
	_ "$BIN" "$OUT" "${SAMPLES[@]}"

# 4. The fingerprint: rule packs and model headers by contents, the tool version.
OUT=$TMP/fp
"$BIN" batch --out-dir "$OUT" "${SAMPLES[@]}" >/dev/null 2>&1
RULE=$(find "$TMP/rules" -name '*.yaml' | sort | head -1)
cp -p "$RULE" "$TMP/rule.orig"
echo "# an edit" >>"$RULE"
touch -r "$TMP/rule.orig" "$RULE"	# same mtime: only the contents changed
"$BIN" batch --out-dir "$OUT" "${SAMPLES[@]}" >/dev/null 2>&1
check "a rule YAML edited (mtime kept): every file redone" test "$(totals "$OUT")" = "3 0 0 0 0"
HDR=$TMP/model/board2dts-model.h
cp -p "$HDR" "$TMP/hdr.orig"
echo "/* an edit */" >>"$HDR"
touch -r "$TMP/hdr.orig" "$HDR"
"$BIN" batch --out-dir "$OUT" "${SAMPLES[@]}" >/dev/null 2>&1
check "a model header edited (mtime kept): every file redone" test "$(totals "$OUT")" = "3 0 0 0 0"
"$BIN" batch --out-dir "$OUT" "${SAMPLES[@]}" >/dev/null 2>&1
check "nothing changed: every file up to date" test "$(totals "$OUT")" = "0 3 0 0 0"
VERSION=$("$BIN" --version | awk '{print $2}')
check "the fingerprint names the tool version ($VERSION)" \
	grep -q "version=$VERSION;" "$OUT/.batch/board-twin-rev.state"

# 5. The state is plain JSON; a state in another format is redone, not trusted.
check "the state is a JSON object with the file's result" python3 - "$OUT/.batch" <<'PY'
import glob, json, sys
ok = True
for p in sorted(glob.glob(sys.argv[1] + "/*.state")):
    try:
        s = json.load(open(p))
        ok = ok and s["status"] == "ok" and s["outputs"] and s["source"].endswith(".c")
    except (ValueError, KeyError) as e:
        print("    %s: %s" % (p, e)); ok = False
sys.exit(0 if ok else 1)
PY
printf 'status ok\nsource %s\n' "$SRC/samples/board-twin-rev.c" >"$OUT/.batch/board-twin-rev.state"
"$BIN" batch --out-dir "$OUT" "${SAMPLES[@]}" >/dev/null 2>&1
check "a state that is not JSON: that file is redone" test "$(totals "$OUT")" = "1 2 0 0 0"

b2d_exit $fail
