#!/usr/bin/env bash
# Build the libFuzzer targets and run each for SECONDS (default 60).
#
#   bash fuzz/run.sh [SECONDS] [TARGET...]      # targets: rules escape tokeval dtb
#
# Build dir: $B2D_FUZZ_BUILD (default build-fuzz/ in the repo), clang-14 with
# -fsanitize=fuzzer,address,undefined. Seeds are read from fuzz/corpus/<target>/
# (and samples/ for tokeval)
# and never written: new inputs go to $B2D_FUZZ_WORK/<target>/ (default
# /tmp/b2d-fuzz-work). A crash, leak, timeout or sanitizer report stops that
# target and leaves crash-*/leak-*/timeout-* in $B2D_FUZZ_WORK/artifacts/;
# copy it into tests/data/fuzz-regressions/<target>/ once fixed (replayed by
# tests/scripts/bad_input_fuzz.sh). Exit status: 0 when every target ran
# its time without a finding, 1 otherwise.
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
SECS=${1:-60}
[ $# -gt 0 ] && shift
TARGETS=("$@")
[ ${#TARGETS[@]} = 0 ] && TARGETS=(rules escape tokeval dtb)
BUILD=${B2D_FUZZ_BUILD:-$ROOT/build-fuzz}
WORK=${B2D_FUZZ_WORK:-/tmp/b2d-fuzz-work}

cmake -S "$ROOT" -B "$BUILD" -DFUZZ=ON -DCMAKE_C_COMPILER=clang-14 \
	-DBUILD_TESTING=OFF >/dev/null || exit 1
make -C "$BUILD" -j"$(nproc 2>/dev/null || echo 2)" \
	"${TARGETS[@]/#/fuzz_}" >/dev/null || exit 1

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$ROOT/fuzz/lsan.supp}
export BOARD2DTS_RULES=${BOARD2DTS_RULES:-$ROOT/rules}

mkdir -p "$WORK/artifacts"
status=0
for t in "${TARGETS[@]}"; do
	extra=()
	case $t in
	tokeval) extra=(-max_len=16384 -timeout=30 -rss_limit_mb=4096) ;;
	dtb) extra=(-max_len=32768 -timeout=10) ;;
	*) extra=(-max_len=16384 -timeout=10) ;;
	esac
	mkdir -p "$WORK/$t"
	echo "fuzz/run.sh: $t for ${SECS}s" >&2
	seeds=("$ROOT/fuzz/corpus/$t")
	# The sample board files are tokeval seeds too (read in place, not copied).
	[ "$t" = tokeval ] && seeds+=("$ROOT/samples")
	if ! "$BUILD/fuzz/fuzz_$t" "$WORK/$t" "${seeds[@]}" \
		-max_total_time="$SECS" -print_final_stats=1 \
		-artifact_prefix="$WORK/artifacts/$t-" "${extra[@]}" \
		>"$WORK/$t.log" 2>&1; then
		echo "fuzz/run.sh: $t: FINDING, see $WORK/$t.log and $WORK/artifacts/" >&2
		tail -n 40 "$WORK/$t.log" >&2
		status=1
	else
		grep -E '^stat::(number_of_executed_units|new_units_added)' "$WORK/$t.log" |
			sed "s/^/fuzz\/run.sh: $t: /" >&2
	fi
done
exit $status
