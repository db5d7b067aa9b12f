#!/usr/bin/env bash
# Code size rules (docs/design.md, "Code size rules"): no C source over 600
# lines, no function over 80, checked by scripts/code-size.py over the
# project's sources, with the known offenders under engine/, kernel/ and cli/
# listed in tests/data/code-size-exceptions.txt.
#
# First the checker itself, on a tree made here: it must flag a 601-line file
# and an 81-line function (brace to brace), pass a 600-line file and an
# 80-line function, see no function in braces inside comments, strings,
# macros and initializers, refuse an exception outside engine/ kernel/ cli/
# and a stale one, and fail on unbalanced braces. Then the real tree.
#
#   bash code_size.sh BOARD2DTS SOURCE_DIR      (run by ctest)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init code_size.sh "$@"
b2d_tmpdir b2d-code-size

CHECK=(/usr/bin/python3 "$SRC/scripts/code-size.py")
fail=0

# body N: a function whose braces span N lines (both brace lines counted).
body() {
	printf 'int %s(void)\n{\n' "$1"
	for ((i = 0; i < $2 - 2; i++)); do echo '	x++;'; done
	echo '}'
}
# lines N: N lines of a file with no function.
lines() { for ((i = 0; i < $1; i++)); do echo "int v$i;"; done; }

# expect STATUS WHAT PATTERN... : the checker's last run ($out, $rc).
expect() {
	local want=$1 what=$2
	shift 2
	if [ "$rc" != "$want" ]; then
		echo "FAIL: self-test: $what: exit $rc, expected $want: $out"
		fail=1
	fi
	for p in "$@"; do
		grep -qE -- "$p" <<<"$out" || { echo "FAIL: self-test: $what: no line /$p/ in: $out"; fail=1; }
	done
}
run() { out=$("${CHECK[@]}" "$@" 2>&1); rc=$?; }

T=$TMP/tree
mkdir -p "$T/review" "$T/engine" "$T/samples" "$T/tests/data"
{ body ok80 80; lines 10; } >"$T/review/fine.c"
lines 600 >"$T/review/at_limit.c"
cat >>"$T/review/fine.c" <<'C'
/* int fake(void) { */
static const char *s = "{ not a body (";
#define BLOCK(x) do { \
	x; } while (0)
static const struct { int a; } table[] = { { 1 }, { 2 } };
char brace(void) { return '{'; }
C
run "$T"
expect 0 "80-line function, 600-line file, braces in comments/strings/macros"
lines 601 >"$T/review/big.c"
body long81 81 >"$T/engine/long.c"
body long200 200 >"$T/samples/board.c"	# input data: not checked
run "$T"
expect 1 "offenders" '^review/big.c: 601 lines' '^engine/long.c:2: function long81: 81 lines'
grep -q board.c <<<"$out" && { echo "FAIL: self-test: samples/ checked: $out"; fail=1; }
printf 'engine/long.c:long81\nreview/big.c\n' >"$T/tests/data/exc"
run --exceptions "$T/tests/data/exc" "$T"
expect 1 "exception outside engine/ kernel/ cli/" 'exception review/big.c outside'
printf 'engine/long.c:long81\nengine/gone.c\n' >"$T/tests/data/exc"
rm "$T/review/big.c"
run --exceptions "$T/tests/data/exc" "$T"
expect 1 "stale exception" 'exception engine/gone.c matches no offender'
printf 'engine/long.c:long81\n' >"$T/tests/data/exc"
run --exceptions "$T/tests/data/exc" "$T"
expect 0 "excused offender"
echo 'void open_end(void) {' >"$T/review/broken.c"
run "$T"
expect 2 "unbalanced braces" 'unbalanced braces'

# The project.
run --exceptions "$SRC/tests/data/code-size-exceptions.txt" "$SRC"
if [ "$rc" != 0 ]; then
	echo "FAIL: code size rules (docs/design.md):"
	echo "$out"
	fail=1
fi
b2d_exit $fail
