#!/usr/bin/env bash
# `board2dts check` finds the property-name typos it exists to catch in a
# real kernel .dts, with and without --kernel: a copy of
# s3c6410-mini6410.dts with `pintctrl-0` and `linux,cdoe` seeded must warn
# about both (the kernel's binding schemas must not accept them through a
# child-node pattern such as `-[0-9]+$` or vendor-prefixes.yaml's
# `^linux,.*`), and the unmodified copy must give no unknown-property
# warning for the nodes the typos were seeded in.
#
#   bash check_vocab.sh BOARD2DTS SOURCE_DIR     (run by ctest)
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init check_vocab.sh "$@"
command -v dtc >/dev/null && command -v cpp >/dev/null || { echo "SKIP: no dtc/cpp"; exit 77; }
b2d_kernel || { echo "SKIP: B2D_KERNEL is not a kernel tree"; exit 77; }
b2d_tmpdir b2d-check-vocab
export XDG_CACHE_HOME=$TMP/cache	# a word list built by this binary, not an old one
fail=0

cp "$KERNEL/arch/arm/boot/dts/s3c6410-mini6410.dts" "$TMP/clean.dts"
# line of the first `pinctrl-0` (in /gpio-keys) and of the first `linux,code` (button-k1)
pl=$(grep -n 'pinctrl-0' "$TMP/clean.dts" | head -1 | cut -d: -f1)
cl=$(grep -n 'linux,code' "$TMP/clean.dts" | head -1 | cut -d: -f1)
sed -e "${pl}s/pinctrl-0/pintctrl-0/" -e "${cl}s/linux,code/linux,cdoe/" "$TMP/clean.dts" >"$TMP/typos.dts"
cmp -s "$TMP/clean.dts" "$TMP/typos.dts" && { echo "FAIL: typos not seeded"; exit 1; }

# run MODE FILE: check FILE with the kernel's vocabulary (MODE=kernel) or
# with the kernel's cpp include paths only (MODE=plain); output in $TMP/out.
run() {
	local mode=$1 file=$2
	if [ "$mode" = kernel ]; then
		(cd "$TMP" && "$BIN" check "$file" --kernel "$KERNEL") >"$TMP/out" 2>"$TMP/err"
	else
		(cd "$TMP" && "$BIN" check "$file" -I "$KERNEL/include" -I "$KERNEL/arch/arm/boot/dts" \
			-I "$KERNEL/scripts/dtc/include-prefixes") >"$TMP/out" 2>"$TMP/err"
	fi
}

for mode in kernel plain; do
	run $mode typos.dts
	rc=$?
	[ $rc = 1 ] || { echo "FAIL: $mode: typos: exit status $rc, expected 1"; cat "$TMP/err"; fail=1; }
	for want in \
		"typos.dts:$pl: warning: /gpio-keys: pintctrl-0: unknown property, did you mean pinctrl-0? [unknown-property]" \
		"typos.dts:$cl: warning: /gpio-keys/button-k1: linux,cdoe: unknown property, did you mean linux,code? [unknown-property]"; do
		grep -qxF -- "$want" "$TMP/out" || { echo "FAIL: $mode: missing: $want"; cat "$TMP/out"; fail=1; }
	done
	run $mode clean.dts
	rc=$?
	[ $rc -le 1 ] || { echo "FAIL: $mode: clean: exit status $rc"; cat "$TMP/err"; fail=1; }
	if grep -F ': warning: /gpio-keys' "$TMP/out" | grep -F '[unknown-property]' >/dev/null; then
		echo "FAIL: $mode: unknown-property warning on the unmodified file:"
		grep -F '[unknown-property]' "$TMP/out"
		fail=1
	fi
done
# With the kernel's vocabulary the unmodified board is clean.
run kernel clean.dts
[ $? = 0 ] && [ ! -s "$TMP/out" ] || { echo "FAIL: kernel: clean.dts not clean"; cat "$TMP/out"; fail=1; }

[ $fail = 0 ] && echo "check_vocab: all passed"
exit $fail
