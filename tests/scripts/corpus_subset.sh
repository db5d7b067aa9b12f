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
# Skips when the corpus is not prepared (scripts/kernel-corpus.sh; CI runs it
# before the tests). B2D_CACHE selects the corpus cache (default /var/tmp/b2d),
# B2D_FACTS the fact files (default /work/shared/eval/facts; scoring is skipped
# with a message when they are missing).
set -uo pipefail

BIN=${1:?usage: corpus_subset.sh BOARD2DTS SOURCE_DIR}
SRC=${2:?usage: corpus_subset.sh BOARD2DTS SOURCE_DIR}
export BOARD2DTS_RULES=${BOARD2DTS_RULES:-$SRC/rules}
export XDG_CACHE_HOME=${XDG_CACHE_HOME:-${TMPDIR:-/tmp}/b2d-test-cache}

if [ -z "$(bash "$SRC/scripts/kernel-corpus.sh" --list 2>/dev/null)" ]; then
	echo "corpus_subset.sh: corpus not prepared (bash scripts/kernel-corpus.sh): skipped"
	exit 77
fi

TMP=$(mktemp -d "${TMPDIR:-/tmp}/b2d-corpus.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

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
	77) echo "corpus_subset.sh: corpus list empty: skipped"; exit 77 ;;
	*) echo "FAIL: $mode mode (corpus-run.sh exit $rc)"; fail=1 ;;
	esac
	# The fact boards must be part of the subset.
	for b in ${FACT_BOARDS//,/ }; do
		grep -q "/$b\"" "$TMP/$mode/results.jsonl" 2>/dev/null ||
			{ echo "FAIL: $mode mode: $b not in the subset"; fail=1; }
	done
done
exit $fail
