#!/usr/bin/env bash
# Build board2dts into build/ and run every test (unit, golden samples, CLI
# errors, extract JSON, corpus) with ctest, from a fresh clone. Exits non-zero
# on any failure, and when any test was skipped: everything the tests need is
# prepared here, so a skip means something is missing.
#
#   bash scripts/test.sh              # everything
#   bash scripts/test.sh -L unit      # extra arguments go to ctest
#   UPDATE_GOLDEN=1 bash scripts/test.sh -R samples   # rewrite samples/*.dts
#
# Installs nothing: when a Debian package is missing (scripts/install-deps.sh
# --check) it says which and stops; `bash scripts/install-deps.sh` installs
# them. Prepares, both cached under /var/tmp/b2d ($B2D_CACHE):
#   - the kernel tree (scripts/kernel-tree.sh), exported as B2D_KERNEL unless
#     set (set it yourself to use another tree), and the 6.12 tree used as a
#     second target (kernel-tree.sh --version 6.12, B2D_KERNEL_612);
#   - when a selected test reads it (ctest label "corpus"), the real-kernel
#     corpus (scripts/kernel-corpus.sh: about 5 minutes the first time on 2
#     cores, about a second once cached).
# Failing to prepare either stops the run (exit 1).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${B2D_BUILD_DIR:-$ROOT/build}
JOBS=$(nproc 2>/dev/null || echo 2)

say() { echo "test.sh: $*" >&2; }

if ! bash "$ROOT/scripts/install-deps.sh" --check; then
	say "install the missing packages first: bash scripts/install-deps.sh (README)"
	exit 1
fi

cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo
make -C "$BUILD" -j"$JOBS"

if [ -z "${B2D_KERNEL:-}" ]; then
	B2D_KERNEL=$(bash "$ROOT/scripts/kernel-tree.sh") ||
		{ say "cannot prepare the kernel tree (scripts/kernel-tree.sh, above)"; exit 1; }
	export B2D_KERNEL
fi
[ -d "$B2D_KERNEL/arch/arm/boot/dts" ] || { say "B2D_KERNEL=$B2D_KERNEL is not a kernel tree"; exit 1; }
say "kernel tree $B2D_KERNEL"
# The second target tree (tests/scripts/target_612.sh): linux-source-6.12.
if [ -z "${B2D_KERNEL_612:-}" ]; then
	B2D_KERNEL_612=$(bash "$ROOT/scripts/kernel-tree.sh" --version 6.12) ||
		{ say "cannot prepare the 6.12 kernel tree (scripts/kernel-tree.sh --version 6.12)"; exit 1; }
	export B2D_KERNEL_612
fi
say "6.12 target tree $B2D_KERNEL_612"

# ctest ANDs several -L: the selected tests that read the corpus.
# (Listed into a variable first: with pipefail, `ctest | grep -q` fails when
# grep exits before ctest has written everything, and the corpus was skipped.)
corpus_tests=$(ctest --test-dir "$BUILD" -N -L corpus "$@")
if grep -q '^ *Test *#' <<<"$corpus_tests"; then
	say "preparing the real-kernel corpus (scripts/kernel-corpus.sh; cached after the first run)"
	bash "$ROOT/scripts/kernel-corpus.sh" ||
		{ say "cannot prepare the corpus (scripts/kernel-corpus.sh, above)"; exit 1; }
	[ -n "$(bash "$ROOT/scripts/kernel-corpus.sh" --list)" ] ||
		{ say "scripts/kernel-corpus.sh left an empty corpus list"; exit 1; }
fi

LOG=$BUILD/test-sh.log
status=0
ctest --test-dir "$BUILD" --output-on-failure -j"$JOBS" "$@" 2>&1 | tee "$LOG" || status=1
# ctest counts a skipped test (exit 77) as passed; here it is an error.
skipped=$(grep -E '^[[:space:]]*[0-9]+ - .* \(Skipped\)$' "$LOG" || true)
if [ -n "$skipped" ]; then
	say "skipped tests (what they missed: $BUILD/Testing/Temporary/LastTest.log):"
	printf '%s\n' "$skipped" >&2
	status=1
fi
exit $status
