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
# User time only: the system time of these runs is page faults and zeroing
# of ~550 MB, which varied 0.04-0.72 s from run to run on the 2-CPU VM (a
# CI run measured a ratio of 8.2 for the same linear code); a quadratic
# algorithm spends user time.
cpu_secs() {
	/usr/bin/time -f '%U %S' -o "$TMP/time" timeout -k 5 "$LIMIT" "$BIN" convert "$1" \
		-o "$TMP/large.dts" >/dev/null 2>"$TMP/stderr" || return 1
	awk '{ printf "%.2f\n", $1 }' "$TMP/time"
}

# min_cpu_secs FILE: the least cpu_secs of three runs.
min_cpu_secs() {
	local a b c
	a=$(cpu_secs "$1") && b=$(cpu_secs "$1") && c=$(cpu_secs "$1") || return 1
	printf '%s\n%s\n%s\n' "$a" "$b" "$c" | sort -n | head -1
}

# ---- large arrays: linear, not quadratic (issue 9, item 7) ----
# 4x the entries: linear is 4x the time, quadratic 16x (the issue-9
# quadratic measured ~11x with the fixed costs); the bound is their
# geometric middle, 8. Linear code measures 3-6.5x on the 2-CPU VM, and up
# to 8.3 in a rare round (the 60k run allocates ~560 MB; one CI round took
# 3.07 s where others took 1.8-2.8 s). So a ratio above the bound is
# measured again, up to three rounds: noise does not repeat itself three
# times, a quadratic step does.
large_arrays() {
	local small big ratio round ratios=""
	bash "$SRC/bench/gen_gpio_leds.sh" 15000 >"$T/leds15k.c"
	bash "$SRC/bench/gen_gpio_leds.sh" 60000 >"$T/leds60k.c"
	for round in 1 2 3; do
		# The least of three runs each: one run of the small file ranged
		# 0.7-1.5 s on the 2-CPU VM (page faults, a cold cache).
		small=$(min_cpu_secs "$T/leds15k.c") || { bad "gpio_led 15k: convert failed"; return; }
		big=$(min_cpu_secs "$T/leds60k.c") || { bad "gpio_led 60k: convert failed or timed out"; return; }
		grep -q 'led-59999 {' "$TMP/large.dts" || { bad "gpio_led 60k: no led-59999 node"; return; }
		ratio=$(awk -v a="$small" -v b="$big" 'BEGIN { printf "%.1f", b / (a > 0.05 ? a : 0.05) }')
		ratios="$ratios${ratios:+, }$ratio (${small} s, ${big} s)"
		if awk -v r="$ratio" 'BEGIN { exit !(r <= 8) }'; then
			okay "gpio_led 15k -> 60k user CPU, round $round: ratio $ratios <= 8"
			return
		fi
	done
	bad "gpio_led 15k -> 60k user CPU: ratio above 8 in three rounds: $ratios (not linear)"
}

# ---- inputs that never end (issue 9, item 5) ----
# Nodes of our own: a zero device (1,5 as /dev/zero) and a FIFO nobody writes.
make_nodes() {
	mknod "$T/zero" c 1 5 2>/dev/null || { b2d_skip_part "cannot mknod (not root)"; return 1; }
	mkfifo "$T/fifo"
}

nonregular_inputs() {
	cp -r "$SRC/rules" "$T/rfifo" && mkfifo "$T/rfifo/zz-fifo.yaml"
	run convert --rules "$T/rfifo" "$BOARD" -o "$T/o.dts"
	diag "rule file that is a FIFO: refused" 2 'zz-fifo\.yaml: error: .*not a regular file'
	cp -r "$SRC/rules" "$T/rzero" && ln -s "$T/zero" "$T/rzero/zz-zero.yaml"
	run convert --rules "$T/rzero" "$BOARD" -o "$T/o.dts"
	diag "rule .yaml linked to a zero device: refused" 2 'zz-zero\.yaml: error: .*not a regular file'
	mkdir "$T/db" && mkfifo "$T/db/compile_commands.json"
	run convert -p "$T/db" "$BOARD" -o "$T/o.dts"
	diag "compile database that is a FIFO: refused" 2 'compile_commands\.json: error: not a regular file'
	run check "$T/fifo"
	diag "check of a FIFO: refused" 2 'fifo: error: not a regular file'
	run diff "$T/zero" "$T/fifo"
	diag "diff of a zero device: refused" 2 'zero: error: not a regular file'
	cp -r "$SRC/extractor/model-headers" "$T/model" && rm "$T/model/model-gpio.h" &&
		mkfifo "$T/model/model-gpio.h"
	BOARD2DTS_MODEL=$T/model run convert "$BOARD" -o "$T/o.dts"
	diag "model header that is a FIFO: refused" 1 'model-gpio\.h: error: not a regular file'
	[ ! -e "$T/o.dts" ] || bad "a refused input left an output"
}

# A board file whose first line includes NODE.
board_including() {
	{ echo "#include \"$1\""; cat "$BOARD"; } >"$2"
}

bounded_parses() {
	board_including "$T/fifo" "$T/inc-fifo.c"
	run convert "$T/inc-fifo.c" -o "$T/o.dts"
	diag "#include of a FIFO in the board file: refused before the parse" 1 \
		'inc-fifo\.c:1:10: error: #include ".*/fifo": not a regular file'
	# Through a header: only the limits can stop libclang.
	echo "#include \"$T/fifo\"" >"$T/via-fifo.h"
	echo "#include \"$T/zero\"" >"$T/via-zero.h"
	board_including "$T/via-fifo.h" "$T/hdr-fifo.c"
	board_including "$T/via-zero.h" "$T/hdr-zero.c"
	run convert --timeout 3 "$T/hdr-fifo.c" -o "$T/o.dts"
	diag "#include of a FIFO in a header: --timeout ends it" 1 'hdr-fifo\.c: timed out after 3 s'
	run convert --max-memory 512M "$T/hdr-zero.c" -o "$T/o.dts"
	diag "#include of a zero device in a header: --max-memory ends it" 1 \
		'hdr-zero\.c: out of memory \(limit 512M\)'
	[ ! -e "$T/o.dts" ] || bad "a run past a limit left an output"
	run convert --timeout 3x "$BOARD" -o "$T/o.dts"
	diag "--timeout 3x: usage error" 2 '--timeout needs a number'
	run convert --max-memory 12Q "$BOARD" -o "$T/o.dts"
	diag "--max-memory 12Q: usage error" 2 '--max-memory needs a size'
	run convert --max-memory 8G --timeout 60 "$BOARD" -o "$T/o.dts"
	[ "$got" = 0 ] && [ -s "$T/o.dts" ] && okay "a normal file under explicit limits converts" ||
		bad "a normal file under --max-memory 8G --timeout 60: exit $got"
	rm -f "$T/o.dts"
}

# batch: each file under the limits; the two failures recorded, the rest converted.
# The timeout leaves the zero-device file time to reach the memory cap even
# under ASan on a loaded machine (its --max-memory is an RSS watchdog there).
batch_limits() {
	run batch -j2 --timeout 20 --max-memory 512M --out-dir "$T/out" \
		"$T/hdr-fifo.c" "$T/hdr-zero.c" "$BOARD"
	[ "$got" = 1 ] || bad "batch with a FIFO and a zero include: exit $got, expected 1"
	local sum=$T/out/summary.md
	grep -q 'hdr-fifo.c`: timed out after 20 s' "$sum" && okay "batch: FIFO include recorded as timed out" ||
		bad "batch: no 'timed out' for hdr-fifo.c in summary.md"
	grep -q 'hdr-zero.c`: out of memory (limit 512M' "$sum" && okay "batch: zero include recorded as out of memory" ||
		bad "batch: no 'out of memory' for hdr-zero.c in summary.md"
	[ -s "$T/out/mach-s3c64xx-devboard.dts" ] && okay "batch: the other file converted" ||
		bad "batch: the good file was not converted"
}

# ---- expansion caps (issue 9, item 6) ----
# macro_board FILE GPIO DEFINE... : a one-LED board, DEFINEs first, .gpio = GPIO.
macro_board() {
	local f=$1 gpio=$2
	shift 2
	{ printf '%s\n' "$@"; bash "$SRC/bench/gen_gpio_leds.sh" 1 "$gpio"; } >"$f"
}

expansion_caps() {
	local defs=('#define G(a, b) a' '#define F(x) G(x, x)' '#define L0 1') i
	# F(x) = G(x, x) 31 deep: one token for clang, 2^31 steps for a naive expander.
	for ((i = 1; i <= 31; i++)); do defs+=("#define L$i F(L$((i - 1)))"); done
	macro_board "$T/expo.c" L31 "${defs[@]}"
	LIMIT=30 run convert "$T/expo.c" -o "$T/expo.dts"
	if [ "$got" = 0 ] && grep -q 'gpio = L31: GPIO 1' "$T/expo.dts"; then
		okay "macro of 2^31 expansion steps in a registered field: converted, no hang"
	else
		bad "macro of 2^31 expansion steps: exit $got (124: hung)"
	fi
	# D1 = (D0+D0) ... 31 deep: 2^31 tokens for clang (was: 24 GB, then a libclang crash).
	defs=('#define D0 1')
	for ((i = 1; i <= 31; i++)); do defs+=("#define D$i (D$((i - 1))+D$((i - 1)))"); done
	macro_board "$T/dbl.c" D31 "${defs[@]}"
	LIMIT=30 run convert --max-memory 2G "$T/dbl.c" -o "$T/dbl.dts"
	diag "macro of 2^31 tokens in a registered field: file:line error" 1 \
		"dbl\\.c:$((31 + 6)):28: error: macro 'D31' expands to more than 1048576 tokens"
	# 2^16 tokens stay below the cap and convert.
	macro_board "$T/dbl16.c" D16 "${defs[@]:0:17}"
	run convert "$T/dbl16.c" -o "$T/dbl16.dts"
	[ "$got" = 0 ] && grep -q 'GPIO 65536' "$T/dbl16.dts" && okay "macro of 2^16 tokens converts" ||
		bad "macro of 2^16 tokens: exit $got"
}

large_arrays
expansion_caps
if make_nodes; then
	nonregular_inputs
	bounded_parses
	batch_limits
fi
b2d_exit "$fail"
