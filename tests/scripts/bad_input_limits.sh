#!/usr/bin/env bash
# Inputs that never end, and inputs that cost too much (docs/hardening.md,
# "Inputs that never end", "Expansion caps", "Large arrays"): non-regular
# inputs are refused, libclang's reads are bounded by --timeout and
# --max-memory (convert and batch), macro explanations have a work cap, and a
# large registered array converts in linear time. Device nodes and FIFOs are
# made inside the test's temp dir only.
#
#   bash bad_input_limits.sh BOARD2DTS SOURCE_DIR     (run by ctest)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init bad_input_limits.sh "$@"
b2d_tmpdir b2d-limits
LIMIT=${B2D_BAD_INPUT_TIMEOUT:-120}
BOARD=$SRC/samples/mach-s3c64xx-devboard.c
T=$TMP/w
mkdir "$T"
fail=0

bad() {
	echo "FAIL: $1"
	[ -s "$TMP/stderr" ] && sed 's/^/    stderr: /' "$TMP/stderr" | head -5
	fail=1
}
okay() { echo "ok: $1"; }

# run CMD ARGS...: board2dts under a timeout (124: hung), stderr in $TMP/stderr.
run() {
	timeout -k 5 "$LIMIT" "$BIN" "$@" >"$TMP/stdout" 2>"$TMP/stderr"
	got=$?
}

# diag NAME STATUS REGEX: the run's status and its one-line stderr.
diag() {
	if b2d_check_diag "$1" "$2" "$got" "$3" "" "$TMP/stderr"; then okay "$1"; else bad "$1"; fi
}

# cpu_secs FILE: user+sys seconds of `convert FILE` (status 1: it failed).
cpu_secs() {
	/usr/bin/time -f '%U %S' -o "$TMP/time" timeout -k 5 "$LIMIT" "$BIN" convert "$1" \
		-o "$TMP/large.dts" >/dev/null 2>"$TMP/stderr" || return 1
	awk '{ printf "%.2f\n", $1 + $2 }' "$TMP/time"
}

# ---- large arrays: linear, not quadratic (issue 9, item 7) ----
large_arrays() {
	local small big ratio
	bash "$SRC/bench/gen_gpio_leds.sh" 15000 >"$T/leds15k.c"
	bash "$SRC/bench/gen_gpio_leds.sh" 60000 >"$T/leds60k.c"
	small=$(cpu_secs "$T/leds15k.c") || { bad "gpio_led 15k: convert failed"; return; }
	big=$(cpu_secs "$T/leds60k.c") || { bad "gpio_led 60k: convert failed or timed out"; return; }
	grep -q 'led-59999 {' "$TMP/large.dts" || { bad "gpio_led 60k: no led-59999 node"; return; }
	# Linear: 4x the entries, ~3x the time (fixed costs); quadratic was ~11x.
	ratio=$(awk -v a="$small" -v b="$big" 'BEGIN { printf "%.1f", b / (a > 0.05 ? a : 0.05) }')
	if awk -v r="$ratio" 'BEGIN { exit !(r <= 6) }'; then
		okay "gpio_led 15k: ${small} s, 60k: ${big} s CPU (ratio $ratio <= 6)"
	else
		bad "gpio_led 15k: ${small} s, 60k: ${big} s CPU (ratio $ratio > 6: not linear)"
	fi
}

large_arrays
b2d_exit "$fail"
