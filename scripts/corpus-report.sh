#!/usr/bin/env bash
# Regenerate docs/corpus.md: run the whole real-kernel corpus in -p mode and
# in tolerant mode, then tabulate both. Extra arguments go to both runs
# (e.g. --binary PATH, --jobs N). The runs' results stay in $CORPUS_OUT
# (default /tmp/corpus) and $CORPUS_OUT-tolerant.
#
#   bash scripts/corpus-report.sh [--binary build/board2dts] [--jobs 2]
#
# docs/corpus.md is written even when a run finds problems; the exit status
# is then 1 (as corpus-run.sh's).
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${CORPUS_OUT:-/tmp/corpus}

bash "$ROOT/scripts/corpus-run.sh" --out "$OUT" "$@"
rc1=$?
[ $rc1 = 0 ] || [ $rc1 = 1 ] || exit $rc1
bash "$ROOT/scripts/corpus-run.sh" --tolerant --out "$OUT-tolerant" "$@"
rc2=$?
[ $rc2 = 0 ] || [ $rc2 = 1 ] || exit $rc2
python3 "$ROOT/scripts/corpus-table.py" "$OUT" "$OUT-tolerant" >"$ROOT/docs/corpus.md.tmp" &&
	mv "$ROOT/docs/corpus.md.tmp" "$ROOT/docs/corpus.md" || exit 1
echo "corpus-report: wrote $ROOT/docs/corpus.md" >&2
[ $rc1 = 0 ] && [ $rc2 = 0 ]
