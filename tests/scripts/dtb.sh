#!/usr/bin/env bash
# --dtb: for every sample machine, the .dtb written through libfdt's
# sequential-write API says the same as the .dts compiled by dtc (labels
# aside: a .dtb carries no label names). Checked with `board2dts diff`.
#
#   bash dtb.sh BOARD2DTS SOURCE_DIR     (run by ctest; exit 77 = skipped without a kernel tree)
set -u

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init dtb.sh "$@"
B2D=$BIN
b2d_kernel || b2d_skip "dtb.sh: no kernel tree (B2D_KERNEL)"
K=$KERNEL
b2d_tmpdir b2d-dtb
T=$TMP
bad=0
for c in "$SRC"/samples/*.c; do
	base=$(basename "$c" .c)
	if ! "$B2D" convert "$c" --kernel "$K" -o "$T/$base/" --dtb "$T/$base/" >"$T/log" 2>&1; then
		echo "FAIL: $base: convert --dtb failed"; cat "$T/log"; bad=1; continue
	fi
	for dts in "$T/$base"/*.dts; do
		dtb=${dts%.dts}.dtb
		[ -s "$dtb" ] || { echo "FAIL: $base: no $(basename "$dtb")"; bad=1; continue; }
		"$B2D" diff "$dts" "$dtb" --kernel "$K" >"$T/diff" 2>&1
		rc=$?
		if [ $rc -gt 1 ]; then
			echo "FAIL: $(basename "$dts"): diff error"; cat "$T/diff"; bad=1; continue
		fi
		# Only label differences (and the node headers above them) are allowed.
		if grep -v -e '^--- ' -e '^+++ ' -e '^~ /' -e '^  ~ labels:' "$T/diff" | grep . >/dev/null; then
			echo "FAIL: $(basename "$dts"): .dtb differs from the compiled .dts:"
			grep -v -e '^  ~ labels:' "$T/diff" | head -20
			bad=1
		else
			echo "ok: $(basename "$dtb") matches $(basename "$dts")"
		fi
	done
done
exit $bad
