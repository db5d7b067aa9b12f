#!/usr/bin/env bash
# Build board2dts with AddressSanitizer + UndefinedBehaviorSanitizer (and
# LeakSanitizer) and run, with zero sanitizer reports allowed:
#   - every unit test,
#   - the script tests that run the binary on hand-made input (samples,
#     cli_errors, bad_input and its fuzz-regression replay),
#   - a handful of real-corpus board files (-p mode) when the corpus is
#     prepared (scripts/kernel-corpus.sh).
#
#   bash scripts/sanitize.sh            # build dir: $B2D_SAN_BUILD or build-asan/ in the repo
#
# Compiler: clang-14 when installed, else cc. Leaks inside libclang itself are
# suppressed (fuzz/lsan.supp names only libclang/libLLVM); everything of ours
# is checked. Exit status 0 when everything passed with no report.
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${B2D_SAN_BUILD:-$ROOT/build-asan}
JOBS=$(nproc 2>/dev/null || echo 2)
CC_SAN=$(command -v clang-14 || command -v cc)
FILES=${B2D_SAN_FILES:-mach-mini6410.c,mach-smdk2440.c,board-osk.c,lubbock.c,net2big-setup.c,mainstone.c}

cmake -S "$ROOT" -B "$BUILD" -DSANITIZE=address,undefined -DCMAKE_C_COMPILER="$CC_SAN" \
	-DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null || exit 1
make -C "$BUILD" -j"$JOBS" >/dev/null || exit 1

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:exitcode=99:log_path=$BUILD/san-logs/asan"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:exitcode=99:log_path=$BUILD/san-logs/ubsan"
export LSAN_OPTIONS="suppressions=$ROOT/fuzz/lsan.supp:print_suppressions=0"
rm -rf "$BUILD/san-logs"
mkdir -p "$BUILD/san-logs"
if [ -z "${B2D_KERNEL:-}" ] && KTREE=$(bash "$ROOT/scripts/kernel-tree.sh" 2>/dev/null); then
	export B2D_KERNEL=$KTREE
fi

status=0
# Slow under ASan: give the bad-input runs more time.
B2D_BAD_INPUT_TIMEOUT=600 ctest --test-dir "$BUILD" --output-on-failure -j"$JOBS" \
	-R '^(unit/|script/(samples|cli_errors|bad_input))' || status=1

# A handful of real board files, -p mode.
CORPUS=$(bash "$ROOT/scripts/kernel-corpus.sh" --list 2>/dev/null || true)
if [ -n "$CORPUS" ]; then
	bash "$ROOT/scripts/corpus-run.sh" --files "$FILES" --binary "$BUILD/board2dts" \
		--jobs "$JOBS" --out "$BUILD/san-corpus" --min-recall 0 --timeout 900 || status=1
	if grep -lE 'AddressSanitizer|LeakSanitizer|runtime error:' \
		"$BUILD"/san-corpus/*/*.stderr 2>/dev/null; then
		echo "sanitize.sh: sanitizer reports in the corpus run (files above)" >&2
		status=1
	fi
else
	echo "sanitize.sh: corpus not prepared (scripts/kernel-corpus.sh): corpus step skipped" >&2
fi

if ls "$BUILD"/san-logs/* >/dev/null 2>&1; then
	echo "sanitize.sh: sanitizer reports:" >&2
	head -n 60 "$BUILD"/san-logs/* >&2
	status=1
fi
[ $status = 0 ] && echo "sanitize.sh: no sanitizer reports" >&2
exit $status
