#!/usr/bin/env bash
# board2dts benchmarks on the real-kernel corpus; writes docs/performance.md.
#
#   bash bench/run.sh                 # whole corpus, 3 runs per measurement
#   bash bench/run.sh --quick         # every 8th file, 2 runs (a few minutes)
#   bash bench/run.sh --every 4       # every 4th file (the corpus is ~156 files)
#   B2D_BENCH_RUNS=5 bash bench/run.sh --out /tmp/perf.md
#   bash bench/run.sh --old /tmp/bld-old/board2dts   # + whole corpus against
#                                     # that binary (issue 14: commit 4f56706)
#   bash bench/run.sh --every 8 --tolerant-vs /tmp/bld-main/board2dts
#                                     # only tolerant mode, this build against
#                                     # that binary side by side: a markdown
#                                     # section on stdout, docs untouched
#   B2D_BENCH_BUILD=DIR B2D_BENCH_BUILD_TYPE=Release   # where and how to build
#
# Measures, per corpus file (scripts/kernel-corpus.sh --list):
#   - `board2dts convert -p BUILD` against `clang -fsyntax-only` with the
#     entry's flags from compile_commands.json (the floor), run in the
#     entry's directory: wall and CPU (user+sys) time, minimum of the runs,
#     and their ratio; peak RSS (/usr/bin/time -f %M) and its ratio; also
#     with a cold cache and with the headers parsed whole
#     (B2D_PARSE_HEADER_BODIES=1);
#   - tolerant mode: `board2dts convert --kernel K FILE` (no -p), both ways;
#   - libclang parse options on a few files (bench/parse_opts.c): what
#     DetailedPreprocessingRecord and function-body skipping cost or save;
# one registered gpio_led array of 15k/30k/60k entries (bench/gen_gpio_leds.sh;
# `bench.py --large-only` prints just that table), and
# `board2dts batch -j1` vs `-j2` over the corpus (scaling; hyperfine
# when installed, else the minimum of repeated runs), and with --old the
# whole corpus through `batch -j2 --kernel` with both binaries.
#
# The machine (nproc, CPU model, load average) and date go into the report:
# on a shared machine wall times vary with the load, CPU times much less.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${B2D_BENCH_BUILD:-$ROOT/build-bench}
OUT=$ROOT/docs/performance.md
ARGS=()
while [ $# -gt 0 ]; do
	case "$1" in
	--out) OUT=${2:?--out needs a file}; shift 2 ;;
	--quick) ARGS+=(--quick); shift ;;
	--every) ARGS+=(--every "${2:?--every needs N}"); shift 2 ;;
	--no-scaling) ARGS+=(--no-scaling); shift ;;
	--old) ARGS+=(--old "${2:?--old needs a board2dts binary}"); shift 2 ;;
	--tolerant-vs) ARGS+=(--tolerant-vs "${2:?--tolerant-vs needs a board2dts binary}"); shift 2 ;;
	-h|--help) sed -n '2,31p' "$0"; exit 0 ;;
	*) echo "bench/run.sh: unknown argument $1" >&2; exit 2 ;;
	esac
done

cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE="${B2D_BENCH_BUILD_TYPE:-RelWithDebInfo}" >/dev/null
make -C "$BUILD" -j"$(nproc)" board2dts >/dev/null

# The parse-options probe: a few lines of C against libclang.
cc -O2 -o "$BUILD/parse_opts" "$ROOT/bench/parse_opts.c" \
	-I/usr/lib/llvm-14/include -L/usr/lib/llvm-14/lib -lclang -Wl,-rpath,/usr/lib/llvm-14/lib

KDIR=$(bash "$ROOT/scripts/kernel-tree.sh")
LIST=$(mktemp)
trap 'rm -f "$LIST"' EXIT
bash "$ROOT/scripts/kernel-corpus.sh" --list >"$LIST"
[ -s "$LIST" ] || { echo "bench/run.sh: empty corpus (run scripts/kernel-corpus.sh)" >&2; exit 1; }

python3 "$ROOT/bench/bench.py" --bin "$BUILD/board2dts" --probe "$BUILD/parse_opts" \
	--kernel "$KDIR" --list "$LIST" --out "$OUT" --findings "$ROOT/bench/findings.md" \
	--runs "${B2D_BENCH_RUNS:-3}" "${ARGS[@]}"
case " ${ARGS[*]} " in
*" --tolerant-vs "*) ;;	# printed on stdout
*) echo "bench/run.sh: wrote $OUT" >&2 ;;
esac
