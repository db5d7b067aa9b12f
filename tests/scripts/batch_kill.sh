#!/usr/bin/env bash
# A worker killed mid-file loses only that file: the B2D_TEST_CRASH hook makes
# the worker raise a signal on one file (SIGKILL, as from the OOM killer or a
# user, and SIGSEGV, as from a crash in libclang). The batch must go on with
# a new worker, convert every other file, record the signal for that file in
# summary.json/summary.md, and exit 1.
#
#   bash batch_kill.sh BOARD2DTS SOURCE_DIR      (run by ctest)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init batch_kill.sh "$@"
b2d_shared_cache
b2d_tmpdir b2d-batch-kill

shopt -s nullglob
SAMPLES=("$SRC"/samples/*.c)
[ ${#SAMPLES[@]} -ge 3 ] || { echo "FAIL: batch_kill.sh: expected 3 samples/*.c"; exit 1; }
VICTIM=board-twin-rev.c
[ -f "$SRC/samples/$VICTIM" ] || { echo "FAIL: batch_kill.sh: no samples/$VICTIM"; exit 1; }

fail=0
for sig in KILL SEGV; do
	for j in 1 2; do
		OUT=$TMP/$sig-j$j
		B2D_TEST_CRASH=$VICTIM:$sig "$BIN" batch -j$j --out-dir "$OUT" "${SAMPLES[@]}" \
			>"$TMP/log" 2>&1
		rc=$?
		if [ $rc != 1 ]; then
			echo "FAIL: SIG$sig -j$j: exit status $rc, expected 1"; sed 's/^/    | /' "$TMP/log"
			fail=1
			continue
		fi
		if python3 - "$OUT" "SIG$sig" "${#SAMPLES[@]}" <<'PY'
import json, os, sys
out, sig, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
s = json.load(open(out + "/summary.json"))
t = s["totals"]
bad = []
if (t["files"], t["converted"], t["failed"]) != (n, n - 1, 1):
    bad.append("totals %s" % t)
for f in s["files"]:
    if f["base"] == "board-twin-rev":
        if f["status"] != "failed" or f["signal"] != sig or sig not in (f["message"] or ""):
            bad.append("victim recorded as %s / %s / %s" % (f["status"], f["signal"], f["message"]))
        if f["outputs"] or [x for x in os.listdir(out) if x.startswith("board-twin-rev.")]:
            bad.append("victim has outputs")
    else:
        if f["status"] != "ok" or not f["outputs"]:
            bad.append("%s lost: %s %s" % (f["base"], f["status"], f["message"]))
        for o in f["outputs"]:
            if not os.path.getsize(os.path.join(out, o)):
                bad.append("%s: empty %s" % (f["base"], o))
md = open(out + "/summary.md").read()
if sig not in md or "## Failed" not in md:
    bad.append("summary.md does not name %s" % sig)
for b in bad:
    print("    " + b)
sys.exit(1 if bad else 0)
PY
		then
			echo "ok: SIG$sig on $VICTIM with -j$j loses only that file"
		else
			echo "FAIL: SIG$sig -j$j"; fail=1
		fi
	done
done

# The next run (no crash) redoes only the file that was lost.
OUT=$TMP/KILL-j2
if "$BIN" batch -j2 --out-dir "$OUT" "${SAMPLES[@]}" >/dev/null 2>&1 &&
	python3 -c 'import json,sys; t=json.load(open(sys.argv[1]+"/summary.json"))["totals"]; sys.exit(not (t["failed"]==0 and t["skipped"]==t["files"]-1))' "$OUT"; then
	echo "ok: the re-run redoes only the lost file"
else
	echo "FAIL: the re-run after a crash"; fail=1
fi
exit $fail
