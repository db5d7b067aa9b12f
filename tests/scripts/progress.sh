#!/usr/bin/env bash
# What convert tells a person on stderr (issue 13 item 3), tolerant mode with
# the kernel tree (--dtb needs its SoC .dtsi):
# - one `wrote FILE: ...` line per output written: the .dts with its
#   property and TODO counts (the TODO count equal to the report's
#   counts.todo), the .dtb with its size, the report with its totals; one
#   line per machine with -o DIR/;
# - -q / --quiet: the same files, nothing on stderr;
# - -o -: stdout is the .dts alone, byte for byte the -o file's, and the
#   line says <stdout>;
# - -v: notes naming the SoC pack chosen and why, and for each call the rule
#   file:line that decided it and what it became; stdout unchanged.
#
#   bash progress.sh BOARD2DTS SOURCE_DIR     (run by ctest)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init progress.sh "$@"
b2d_kernel || b2d_skip "progress.sh: no kernel tree (B2D_KERNEL; scripts/kernel-tree.sh)"
b2d_shared_cache
b2d_tmpdir b2d-progress
S3C=$SRC/samples/mach-s3c64xx-devboard.c

run() {	# run ARGS...: convert; status in got, streams in $TMP/out, $TMP/err
	"$BIN" convert --kernel "$KERNEL" "$@" >"$TMP/out" 2>"$TMP/err"
	got=$?
}
show() { sed 's/^/    stderr: /' "$TMP/err" | head -20; }

# --- the `wrote` lines ------------------------------------------------------------
run -o "$TMP/a.dts" --dtb "$TMP/a.dtb" --report "$TMP/a.json" "$S3C"
todo=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["machines"][0]["counts"]["todo"])' "$TMP/a.json" 2>/dev/null)
facts=$(python3 -c 'import json,sys; c=json.load(open(sys.argv[1]))["machines"][0]["counts"]; print(c["extracted"], c["converted"])' "$TMP/a.json" 2>/dev/null)
size=$(stat -c %s "$TMP/a.dtb" 2>/dev/null)
if [ "$got" = 0 ] && [ "$(wc -l <"$TMP/err")" = 3 ] && [ -n "$todo" ] &&
   grep -qx "wrote $TMP/a\.dts: [1-9][0-9]* properties, $todo TODO" "$TMP/err" &&
   grep -qx "wrote $TMP/a\.dtb: $size bytes" "$TMP/err" &&
   grep -qx "wrote $TMP/a\.json: report of 1 machine: ${facts% *} facts, ${facts#* } converted, $todo TODO" "$TMP/err"; then
	b2d_ok "one line per output: .dts ($todo TODO, as the report), .dtb ($size bytes), report"
else
	b2d_bad "the wrote lines (status $got, report TODO count '$todo')"; show
fi
props=$(sed -n 's/^wrote .*a\.dts: \([0-9]*\) properties.*/\1/p' "$TMP/err")
# The property count is the .dts's: lines 'name = ...;' or 'name;' inside nodes.
real=$(grep -cE '^\s+[#a-zA-Z0-9,._+-]+( = .*)?;' "$TMP/a.dts")
[ -n "$props" ] && [ "$props" = "$real" ] && b2d_ok "the property count ($props) is the .dts's" ||
	b2d_bad "property count '$props' but the .dts has $real property lines"

for q in -q --quiet; do
	run $q -o "$TMP/q.dts" --report "$TMP/q.json" "$S3C"
	[ "$got" = 0 ] && [ ! -s "$TMP/err" ] && cmp -s "$TMP/q.dts" "$TMP/a.dts" &&
		b2d_ok "$q: same output, nothing on stderr" || { b2d_bad "$q: status $got or stderr not empty"; show; }
done

# --- stdout carries the .dts only --------------------------------------------------
run -o - "$S3C"
if [ "$got" = 0 ] && cmp -s "$TMP/out" "$TMP/a.dts" && [ "$(wc -l <"$TMP/err")" = 1 ] &&
   grep -qx "wrote <stdout>: $props properties, $todo TODO" "$TMP/err"; then
	b2d_ok "-o -: stdout is the .dts byte for byte, one 'wrote <stdout>' line on stderr"
else
	b2d_bad "-o -: stdout differs from the -o file or stderr is not one line"; show
fi

# --- several machines into a directory ---------------------------------------------
run -o "$TMP/dir/" "$SRC/samples/board-twin-rev.c"
if [ "$got" = 0 ] && [ "$(grep -c "^wrote $TMP/dir/board-twin-rev\.[A-Z_]*\.dts: [0-9]* properties, [0-9]* TODO\$" "$TMP/err")" = 2 ] &&
   [ "$(wc -l <"$TMP/err")" = 2 ]; then
	b2d_ok "-o DIR/: one line per machine"
else
	b2d_bad "-o DIR/: not one line per machine"; show
fi

# --- -v: the rule decisions --------------------------------------------------------
run -v -o - "$S3C"
cmp -s "$TMP/out" "$TMP/a.dts" && b2d_ok "-v: stdout unchanged" || b2d_bad "-v: stdout differs"
grep -qE "^$S3C: note: SoC pack 's3c64xx' \([^)]*rules/soc/s3c64xx\.yaml\): the path contains 's3c64xx'\$" "$TMP/err" &&
	b2d_ok "-v: the SoC pack and why" || { b2d_bad "-v: no SoC pack note"; show; }
if grep -qE "^$S3C:[0-9]+:[0-9]+: note: i2c_register_board_info\(\): [^ ]*rules/bindings/common\.yaml:[0-9]+ -> &i2c0\$" "$TMP/err" &&
   grep -qE "^$S3C:[0-9]+:[0-9]+: note: __raw_writel\(\): [^ ]*rules/bindings/common\.yaml:[0-9]+ -> TODO: " "$TMP/err"; then
	b2d_ok "-v: each call with the rule that decided it (converted and TODO)"
else
	b2d_bad "-v: no per-call rule notes"; show
fi
n_calls=$(grep -c ': note: [a-z0-9_]*(): ' "$TMP/err")
[ "$n_calls" -ge 10 ] && [ "$n_calls" -le 40 ] && b2d_ok "-v: $n_calls call notes (a few useful lines)" ||
	b2d_bad "-v: $n_calls call notes"
run -o - "$S3C"
grep -q 'note:' "$TMP/err" && b2d_bad "without -v: notes on stderr" || b2d_ok "without -v: no notes"

b2d_exit $B2D_FAIL
