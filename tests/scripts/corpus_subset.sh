#!/usr/bin/env bash
# Real-kernel corpus, representative subset: the first two board files of
# every family plus the fact boards (mach-mini6410.c, board-da850-evm.c,
# kurobox_pro-setup.c), converted with -p BUILD_DIR and again in tolerant mode
# by scripts/corpus-run.sh, which asserts: no crash or hang, every output
# compiles with the kernel's cpp + dtc, one output per MACHINE_START, report
# the report accounts for what `extract --json` lists, and in -p mode every fact
# board reaches recall 0.8 (score.py). About 30 s on 2 cores.
#
#   bash corpus_subset.sh BOARD2DTS SOURCE_DIR     (run by ctest; exit 77 = skipped)
#
# Skips when the corpus is not prepared (scripts/kernel-corpus.sh; scripts/test.sh
# prepares it). B2D_CACHE selects the corpus cache (default /var/tmp/b2d),
# B2D_FACTS and B2D_SCORE the fact files and score.py (default
# /work/shared/eval): without them the test fails (the recall floor must not
# vanish), and it checks that every fact board was scored in both modes.
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init corpus_subset.sh "$@"
b2d_shared_cache

[ -n "$(bash "$SRC/scripts/kernel-corpus.sh" --list 2>/dev/null)" ] ||
	b2d_skip "corpus_subset.sh: corpus not prepared (bash scripts/kernel-corpus.sh)"
b2d_eval
[ -d "$FACTS" ] && [ -f "$SCORE" ] ||
	{ echo "FAIL: no fact files ($FACTS, B2D_FACTS) or no $SCORE (B2D_SCORE)"; exit 1; }
export B2D_FACTS=$FACTS B2D_SCORE=$SCORE

b2d_tmpdir b2d-corpus

FACT_BOARDS=mach-mini6410.c,board-da850-evm.c,kurobox_pro-setup.c
fail=0
for mode in p tolerant; do
	args=(--subset 2 --include "$FACT_BOARDS" --jobs 2 --binary "$BIN" --out "$TMP/$mode")
	[ $mode = tolerant ] && args+=(--tolerant)
	echo "== corpus-run.sh ${args[*]}"
	bash "$SRC/scripts/corpus-run.sh" "${args[@]}"
	rc=$?
	case $rc in
	0) echo "ok: $mode mode" ;;
	*) echo "FAIL: $mode mode (corpus-run.sh exit $rc)"; fail=1 ;;
	esac
	# The fact boards are part of the subset, and were scored.
	python3 - "$TMP/$mode/results.jsonl" "$FACT_BOARDS" "$mode" <<'PY' || fail=1
import json, sys
try:
    res = [json.loads(l) for l in open(sys.argv[1])]
except OSError as e:
    sys.exit("FAIL: %s mode: no results: %s" % (sys.argv[3], e))
ok = True
for b in sys.argv[2].split(","):
    r = [x for x in res if x["file"].endswith("/" + b)]
    if not r:
        print("FAIL: %s mode: %s not in the subset" % (sys.argv[3], b)); ok = False
    elif not r[0].get("facts"):
        print("FAIL: %s mode: %s was not scored (fact file?)" % (sys.argv[3], b)); ok = False
    else:
        print("ok: %s mode: %s" % (sys.argv[3], ", ".join(
            "%s recall %.3f" % (f["facts"], f["recall"]) for f in r[0]["facts"])))
sys.exit(0 if ok else 1)
PY
done
exit $fail
