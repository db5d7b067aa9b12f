#!/usr/bin/env bash
# Regenerate docs/corpus.md: run the whole real-kernel corpus in -p mode, in
# tolerant mode and (when linux-source-6.12 is installed) in -p mode against
# the 6.12 tree as the target, then tabulate them. Other arguments go to both runs
# (e.g. --binary PATH, --jobs N). The runs' results stay in $CORPUS_OUT
# (default /tmp/corpus) and $CORPUS_OUT-tolerant.
#
#   bash scripts/corpus-report.sh [--head] [--binary build/board2dts] [--jobs 2]
#
# --head: build and run the committed HEAD (git archive into a temporary
# directory, built there, its own rules/), not the working tree, so that
# the table belongs to one commit while others edit the tree.
#
# docs/corpus.md is written even when a run finds problems; the exit status
# is then 1 (as corpus-run.sh's).
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${CORPUS_OUT:-/tmp/corpus}
HEAD=0
ARGS=()
for a in "$@"; do
	if [ "$a" = --head ]; then HEAD=1; else ARGS+=("$a"); fi
done

if [ $HEAD = 1 ]; then
	SNAP=$(mktemp -d "${TMPDIR:-/tmp}/b2d-head.XXXXXX")
	trap 'rm -rf "$SNAP"' EXIT
	rev=$(git -C "$ROOT" rev-parse --short HEAD) || exit 1
	git -C "$ROOT" archive HEAD | tar -x -C "$SNAP/" || exit 1
	echo "corpus-report: building HEAD ($rev) in $SNAP" >&2
	{ cmake -S "$SNAP" -B "$SNAP/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null &&
		make -C "$SNAP/build" -j"$(nproc 2>/dev/null || echo 2)" board2dts >/dev/null; } || exit 1
	export B2D_CORPUS_REV=$rev BOARD2DTS_RULES=$SNAP/rules BOARD2DTS_MODEL=$SNAP/extractor/model-headers
	ARGS=(--binary "$SNAP/build/board2dts" "${ARGS[@]}")
fi

bash "$ROOT/scripts/corpus-run.sh" --out "$OUT" "${ARGS[@]}"
rc1=$?
[ $rc1 = 0 ] || [ $rc1 = 1 ] || exit $rc1
bash "$ROOT/scripts/corpus-run.sh" --tolerant --out "$OUT-tolerant" "${ARGS[@]}"
rc2=$?
[ $rc2 = 0 ] || [ $rc2 = 1 ] || exit $rc2
# The same corpus against the 6.12 tree as the target (issue 11), when it is there.
TARGET=()
if K612=$(bash "$ROOT/scripts/kernel-tree.sh" --version 6.12 2>/dev/null); then
	bash "$ROOT/scripts/corpus-run.sh" --target "$K612" --out "$OUT-6.12" "${ARGS[@]}"
	rc3=$?
	[ $rc3 = 0 ] || [ $rc3 = 1 ] || exit $rc3
	[ $rc3 = 0 ] || rc1=$rc3
	TARGET=(--target "$OUT-6.12")
else
	echo "corpus-report: no linux-source-6.12 (apt-get install linux-source-6.12): no 6.12 table" >&2
fi
python3 "$ROOT/scripts/corpus-table.py" "$OUT" "$OUT-tolerant" "${TARGET[@]}" >"$ROOT/docs/corpus.md.tmp" &&
	mv "$ROOT/docs/corpus.md.tmp" "$ROOT/docs/corpus.md" || exit 1
echo "corpus-report: wrote $ROOT/docs/corpus.md" >&2
[ $rc1 = 0 ] && [ $rc2 = 0 ]
