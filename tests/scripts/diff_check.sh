#!/usr/bin/env bash
# `board2dts diff` and `board2dts check`: exact output and exit status on the
# seeded pairs in tests/data/review, then a real kernel .dts against itself
# and through check (without a kernel tree that part is skipped, and so is
# the test: exit 77 once the rest has passed).
#
#   bash diff_check.sh BOARD2DTS SOURCE_DIR     (run by ctest; exit 77 = skipped)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init diff_check.sh "$@"
command -v dtc >/dev/null && command -v cpp >/dev/null || b2d_skip "diff_check.sh: no dtc/cpp"

TMP=$(mktemp -d "${TMPDIR:-/tmp}/b2d-review.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
export XDG_CACHE_HOME=$TMP/cache
fail=0

# same NAME WANT_STATUS EXPECTED_FILE STREAM -- ARGS: run in the data dir.
same() {
	local name=$1 want=$2 exp=$3 stream=$4
	shift 5
	(cd "$SRC/tests/data/review" && "$BIN" "$@" >"$TMP/out" 2>"$TMP/err")
	local got=$?
	if [ "$got" != "$want" ]; then
		echo "FAIL: $name: exit status $got, expected $want"; cat "$TMP/err"; fail=1
	fi
	if [ -n "$exp" ] && ! diff -u "$SRC/tests/data/review/$exp" "$TMP/$stream"; then
		echo "FAIL: $name: output differs from $exp"; fail=1
	fi
}

same diff-text 1 diff-expected.txt out -- diff diff-a.dts diff-b.dts
same diff-json 1 diff-expected.json out -- diff diff-a.dts diff-b.dts --format json
same diff-md 1 diff-expected.md out -- diff diff-a.dts diff-b.dts --format=markdown
same diff-equal 0 "" out -- diff diff-a.dts diff-a.dts
[ -s "$TMP/out" ] && { echo "FAIL: diff-equal printed output"; fail=1; }
same check-typos 1 check-expected.txt out -- check check-typos.dts
same check-label 2 check-missing-label-expected.txt err -- check check-missing-label.dts
same diff-label 2 check-missing-label-expected.txt err -- diff check-missing-label.dts diff-a.dts
same check-clean 0 "" out -- check diff-a.dts
same diff-usage 2 "" out -- diff diff-a.dts
same diff-format 2 "" out -- diff diff-a.dts diff-b.dts --format xml

# .dtb input gives the same diff as .dts input.
dtc_one() {
	cpp -nostdinc -undef -D__DTS__ -x assembler-with-cpp "$SRC/tests/data/review/$1.dts" |
		dtc -q -@ -I dts -O dtb -o "$TMP/$1.dtb" -
}
dtc_one diff-a && dtc_one diff-b
(cd "$SRC/tests/data/review" && "$BIN" diff "$TMP/diff-a.dtb" "$TMP/diff-b.dtb" | tail -n +3) >"$TMP/dtb.out"
if ! diff -u <(tail -n +3 "$SRC/tests/data/review/diff-expected.txt") "$TMP/dtb.out"; then
	echo "FAIL: diff on .dtb differs from diff on .dts"; fail=1
fi

if b2d_kernel; then
	K=$KERNEL
	D=$K/arch/arm/boot/dts/s3c6410-mini6410.dts
	"$BIN" diff "$D" "$D" --kernel "$K" >"$TMP/out" 2>&1
	rc=$?
	[ $rc = 0 ] && [ ! -s "$TMP/out" ] || { echo "FAIL: kernel diff vs itself: $rc"; cat "$TMP/out"; fail=1; }
	"$BIN" check "$D" --kernel "$K" >"$TMP/out" 2>&1
	rc=$?
	[ $rc = 0 ] || { echo "FAIL: check on s3c6410-mini6410.dts: $rc"; cat "$TMP/out"; fail=1; }
else
	b2d_skip_part "diff_check.sh: no kernel tree (B2D_KERNEL): the kernel .dts cases"
fi
[ $fail = 0 ] && echo "diff_check: all passed"
b2d_exit $fail
