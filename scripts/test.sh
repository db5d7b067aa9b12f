#!/usr/bin/env bash
# Build board2dts into build/ and run every test (unit, golden samples, CLI
# errors, extract JSON, corpus) with ctest. Exits non-zero on any failure.
#
#   bash scripts/test.sh              # everything
#   bash scripts/test.sh -L unit      # extra arguments go to ctest
#   UPDATE_GOLDEN=1 bash scripts/test.sh -R samples   # rewrite samples/*.dts
#
# The kernel tree (Debian's linux-source-6.1, extracted once by
# scripts/kernel-tree.sh) is exported as B2D_KERNEL; tests that need it skip
# themselves when it is unavailable. Set B2D_KERNEL yourself to use another tree.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${B2D_BUILD_DIR:-$ROOT/build}
JOBS=$(nproc 2>/dev/null || echo 2)

cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo
make -C "$BUILD" -j"$JOBS"

if [ -z "${B2D_KERNEL:-}" ]; then
	if KTREE=$(bash "$ROOT/scripts/kernel-tree.sh"); then
		export B2D_KERNEL=$KTREE
	else
		echo "test.sh: no kernel tree (install linux-source-6.1); kernel-dependent checks will skip" >&2
	fi
fi
[ -n "${B2D_KERNEL:-}" ] && echo "test.sh: kernel tree $B2D_KERNEL" >&2

ctest --test-dir "$BUILD" --output-on-failure -j"$JOBS" "$@"
