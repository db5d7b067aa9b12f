#!/usr/bin/env bash
# `board2dts batch` on the three samples: outputs and summary counts, shards
# that cover every file exactly once and merge by copying, re-runs that skip
# up-to-date files, --force, a failing file that does not stop the others,
# and the exit statuses (0 all converted, 1 some failed, 2 usage).
#
#   bash batch.sh BOARD2DTS SOURCE_DIR      (run by ctest; exit 77 = skipped)
#
# Without a kernel tree the outputs' dtc status is not checked, and the test
# exits 77 once the rest has passed.
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init batch.sh "$@"
b2d_shared_cache
b2d_tmpdir b2d-batch

shopt -s nullglob
# The three original samples (4 machines); the counts below are theirs.
SAMPLES=("$SRC"/samples/board-omap3-handheld.c "$SRC"/samples/board-twin-rev.c "$SRC"/samples/mach-s3c64xx-devboard.c)
[ ${#SAMPLES[@]} -eq 3 ] || { echo "FAIL: batch.sh: expected the 3 original samples, found ${#SAMPLES[@]}"; exit 1; }
KARGS=()
if b2d_kernel; then
	KARGS=(--kernel "$KERNEL")
else
	b2d_skip_part "batch.sh: no kernel tree: the outputs' dtc status"
fi

fail=0
check() {	# check DESCRIPTION COMMAND...
	local what=$1; shift
	if "$@"; then echo "ok: $what"; else echo "FAIL: $what"; fail=1; fi
}
status() {	# status EXPECTED COMMAND...: run quietly, compare the exit status
	local want=$1 got; shift
	"$@" >"$TMP/out.log" 2>&1; got=$?
	if [ "$got" != "$want" ]; then
		echo "    exit status $got, expected $want: $*"; sed 's/^/    | /' "$TMP/out.log"
		return 1
	fi
}
# summary FIELD DIR: a totals field of DIR/summary.json
total() { python3 -c 'import json,sys; print(json.load(open(sys.argv[2]+"/summary.json"))["totals"][sys.argv[1]])' "$1" "$2"; }

# 1. The whole set: one .dts per machine, one report per file, the summary.
OUT=$TMP/all
check "batch over the samples exits 0" status 0 "$BIN" batch "${KARGS[@]}" -j2 --out-dir "$OUT" "${SAMPLES[@]}"
check "one .dts per machine (4) and one report per file (3)" \
	test "$(ls "$OUT"/*.dts | wc -l)" = 4 -a "$(ls "$OUT"/*.report.json | wc -l)" = 3
check "twin-rev: one .dts per MACHINE_START id" \
	test -s "$OUT/board-twin-rev.TWINLEAF.dts" -a -s "$OUT/board-twin-rev.TWINLEAF_PRO.dts"
check "summary.json and summary.md written" test -s "$OUT/summary.json" -a -s "$OUT/summary.md"
check "summary counts match the reports" python3 - "$OUT" "${#KARGS[@]}" <<'PY'
import glob, json, sys
out, kernel = sys.argv[1], sys.argv[2] != "0"
s = json.load(open(out + "/summary.json"))
t = s["totals"]
want = {"files": 3, "converted": 3, "failed": 0, "skipped": 0, "machines": 4}
bad = ["%s=%s, expected %s" % (k, t[k], v) for k, v in want.items() if t[k] != v]
facts = conv = todo = 0
for r in glob.glob(out + "/*.report.json"):
    for m in json.load(open(r))["machines"]:
        facts += len(m["facts"]); conv += m["counts"]["converted"]; todo += len(m["todos"])
if (t["facts"], t["facts_converted"], t["todo"]) != (facts, conv, todo):
    bad.append("facts/converted/todo %s/%s/%s, reports say %s/%s/%s" %
               (t["facts"], t["facts_converted"], t["todo"], facts, conv, todo))
per = {f["base"]: f for f in s["files"]}
if sorted(per) != ["board-omap3-handheld", "board-twin-rev", "mach-s3c64xx-devboard"]:
    bad.append("files: %s" % sorted(per))
if per.get("board-twin-rev", {}).get("machines") != 2:
    bad.append("board-twin-rev: machines != 2")
for f in s["files"]:
    if f["dtc"] != ("ok" if kernel else "not run"):
        bad.append("%s: dtc %s %s" % (f["base"], f["dtc"], f["dtc_message"]))
    if not isinstance(f["time_ms"], int):
        bad.append("%s: no time" % f["base"])
for b in bad:
    print("    " + b)
sys.exit(1 if bad else 0)
PY
check "summary.md has the totals and one row per file" \
	bash -c 'grep -q "^- files: 3 (converted 3, up to date 0, failed 0)" "$1" && [ "$(grep -c "^| board-\|^| mach-" "$1")" = 3 ]' _ "$OUT/summary.md"
check "batch output equals convert output" bash -c '
	mkdir -p "$1/conv" && for f in "${@:3}"; do "$2" convert '"${KARGS[*]:-}"' -o "$1/conv/" "$f" || exit 1; done
	for f in "$1"/conv/*.dts; do cmp -s "$f" "$1/all/$(basename "$f")" || { echo "    differs: $f"; exit 1; }; done' \
	_ "$TMP" "$BIN" "${SAMPLES[@]}"

# 2. Re-run: everything up to date; touching an input redoes that file only; --force redoes all.
check "re-run exits 0" status 0 "$BIN" batch "${KARGS[@]}" --out-dir "$OUT" "${SAMPLES[@]}"
check "re-run skips all 3 files" test "$(total skipped "$OUT")" = 3
check "re-run keeps the counts; up to date is not counted as converted" \
	test "$(total machines "$OUT")" = 4 -a "$(total up_to_date "$OUT")" = 3 -a "$(total converted "$OUT")" = 0
cp "${SAMPLES[0]}" "$TMP/copy-a.c"; cp "${SAMPLES[1]}" "$TMP/copy-b.c"
status 0 "$BIN" batch --out-dir "$TMP/touch" "$TMP/copy-a.c" "$TMP/copy-b.c"
sleep 1.1; touch "$TMP/copy-b.c"
check "a touched input is redone, the other skipped" bash -c '
	"$1" batch --out-dir "$2/touch" "$2/copy-a.c" "$2/copy-b.c" 2>/dev/null &&
	[ "$(python3 -c "import json; print(json.load(open(\"$2/touch/summary.json\"))[\"totals\"][\"skipped\"])")" = 1 ]' \
	_ "$BIN" "$TMP"
check "--force redoes every file" status 0 "$BIN" batch "${KARGS[@]}" --force --out-dir "$OUT" "${SAMPLES[@]}"
check "--force: nothing skipped" test "$(total skipped "$OUT")" = 0

# 3. Shards: 1/2 and 2/2 cover every file exactly once; their directories merge.
check "--shard 1/2" status 0 "$BIN" batch --shard 1/2 --out-dir "$TMP/s1" "${SAMPLES[@]}"
check "--shard 2/2" status 0 "$BIN" batch --shard=2/2 --out-dir "$TMP/s2" "${SAMPLES[@]}"
check "shards cover every file exactly once" python3 - "$TMP" <<'PY'
import json, sys
a = [f["base"] for f in json.load(open(sys.argv[1] + "/s1/summary.json"))["files"]]
b = [f["base"] for f in json.load(open(sys.argv[1] + "/s2/summary.json"))["files"]]
ok = sorted(a + b) == ["board-omap3-handheld", "board-twin-rev", "mach-s3c64xx-devboard"] and a and b
print("    shard 1: %s; shard 2: %s" % (a, b))
sys.exit(0 if ok else 1)
PY
check "shards in another argument order give the same split" bash -c '
	"$1" batch --shard 1/2 --out-dir "$2/s1r" "${@:3}" >/dev/null 2>&1 &&
	cmp -s <(python3 -c "import json; print([f[\"base\"] for f in json.load(open(\"$2/s1/summary.json\"))[\"files\"]])") \
	       <(python3 -c "import json; print([f[\"base\"] for f in json.load(open(\"$2/s1r/summary.json\"))[\"files\"]])")' \
	_ "$BIN" "$TMP" "${SAMPLES[2]}" "${SAMPLES[1]}" "${SAMPLES[0]}"
mkdir -p "$TMP/merged" && cp -a "$TMP/s1/." "$TMP/s2/." "$TMP/merged/"
check "merged shard directories: a re-run skips all and summarises all" bash -c '
	"$1" batch --out-dir "$2/merged" "${@:3}" >/dev/null 2>&1 &&
	python3 -c "import json,sys; t=json.load(open(\"$2/merged/summary.json\"))[\"totals\"]; sys.exit(not (t[\"files\"]==3 and t[\"skipped\"]==3 and t[\"machines\"]==4))"' \
	_ "$BIN" "$TMP" "${SAMPLES[@]}"

# 4. A failing file: the others are converted, the summary says which and why, exit 1.
: >"$TMP/empty-board.c"
printf 'int x;\n' >"$TMP/no-machine.c"
check "failing files: exit 1" status 1 "$BIN" batch --out-dir "$TMP/bad" "${SAMPLES[@]}" "$TMP/empty-board.c" "$TMP/no-machine.c"
check "failing files: the others converted, failures recorded with a message" python3 - "$TMP/bad" <<'PY'
import json, sys
s = json.load(open(sys.argv[1] + "/summary.json"))
t = s["totals"]
per = {f["base"]: f for f in s["files"]}
ok = t["files"] == 5 and t["converted"] == 3 and t["failed"] == 2
for b in ("empty-board", "no-machine"):
    f = per.get(b, {})
    ok = ok and f.get("status") == "failed" and "MACHINE_START" in (f.get("message") or "")
    print("    %s: %s: %s" % (b, f.get("status"), f.get("message")))
sys.exit(0 if ok else 1)
PY
check "failed files are listed in summary.md" grep -q "^## Failed" "$TMP/bad/summary.md"
check "a failed file is retried on the next run" bash -c '
	"$1" batch --out-dir "$2/bad" "${@:3}" >/dev/null 2>&1; [ $? = 1 ] &&
	python3 -c "import json,sys; t=json.load(open(\"$2/bad/summary.json\"))[\"totals\"]; sys.exit(not (t[\"skipped\"]==3 and t[\"failed\"]==2))"' \
	_ "$BIN" "$TMP" "${SAMPLES[@]}" "$TMP/empty-board.c" "$TMP/no-machine.c"

# 5. --json progress: one JSON object per line, start / file... / end.
check "--json progress events" bash -c '
	"$1" batch --json --force --out-dir "$2/json" "${@:3}" 2>/dev/null | python3 -c "
import json, sys
ev = [json.loads(l) for l in sys.stdin]
ok = ev[0][\"event\"] == \"start\" and ev[-1][\"event\"] == \"end\" and \
     sum(e[\"event\"] == \"file\" for e in ev) == 3 and ev[0][\"total\"] == 3
sys.exit(0 if ok else 1)"' _ "$BIN" "$TMP" "${SAMPLES[@]}"
check "no progress line when stderr is not a terminal" bash -c '
	"$1" batch --force --out-dir "$2/quiet" "${@:3}" 2>"$2/quiet.err" >/dev/null &&
	! grep -q "ETA" "$2/quiet.err" && [ "$(wc -l <"$2/quiet.err")" = 1 ]' _ "$BIN" "$TMP" "${SAMPLES[@]}"

# 6. Usage errors: exit 2.
check "no --out-dir: 2" status 2 "$BIN" batch "${SAMPLES[@]}"
check "no files: 2" status 2 "$BIN" batch --out-dir "$TMP/u"
check "bad -j: 2" status 2 "$BIN" batch -j 0 --out-dir "$TMP/u" "${SAMPLES[@]}"
check "bad --shard: 2" status 2 "$BIN" batch --shard 3/2 --out-dir "$TMP/u" "${SAMPLES[@]}"
check "bad --shard form: 2" status 2 "$BIN" batch --shard 1 --out-dir "$TMP/u" "${SAMPLES[@]}"
check "unknown option: 2" status 2 "$BIN" batch --frobnicate --out-dir "$TMP/u" "${SAMPLES[@]}"
check "--from-compdb without -p: 2" status 2 "$BIN" batch --from-compdb --out-dir "$TMP/u"
check "-p without compile_commands.json: 2" status 2 "$BIN" batch -p "$TMP" --out-dir "$TMP/u" "${SAMPLES[@]}"
check "help batch: 0" status 0 "$BIN" help batch

b2d_exit $fail
