#!/usr/bin/env bash
# Fidelity over the corpus (issue 17): every corpus board file with an
# upstream .dts in the kernel tree (paired by name and shared SoC .dtsi,
# scripts/fidelity.py) is converted with --against, and the properties both
# sides state that differ are counted by class. The run fails when the
# corpus-wide count of wrong values rises above the ceiling below (lower it
# when a change brings the count down; the table is in docs/corpus.md), or
# when fewer boards than expected could be paired.
#
#   bash fidelity.sh BOARD2DTS SOURCE_DIR     (run by ctest, label corpus)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init fidelity.sh "$@"
b2d_kernel || b2d_skip "fidelity.sh: no kernel tree (B2D_KERNEL; scripts/kernel-tree.sh)"
b2d_tmpdir b2d-fidelity
export XDG_CACHE_HOME=$TMP/cache
# The corpus list comes from: bash scripts/kernel-corpus.sh --list
# 12 since the pin groups (issue 12): they added 10 properties both sides
# state, 8 matched (da850-evm's &mmc0/&i2c0/&mdio pinctrl-0, wnr854t's GPIO
# pins) and 2 that differ where WNR854T's MPP table and its upstream .dts
# disagree (the board leaves mpp8/10/11 unused, upstream muxes them as ge).
# 13 since a flash's .type is its first compatible (as: chip): da850-evm's
# "m25p64", "jedec,spi-nor" where upstream writes "jedec,spi-nor" alone
# (mtd/jedec,spi-nor.yaml allows both; other upstream boards name the chip).
# 15 since the DaVinci EDMA reservations (stop 46): da850-evm's board file
# reserves EDMA0 slots 8-13, 24-27, 30-79 and EDMA1 slots 0-27, 30-119 for
# its DSP (da850_edma_rsv); upstream da850-evm.dts reserves 32-81 and 32-121:
# the output keeps the board's own reservation, two properties that differ.
MAX_DIFFERS=15
MIN_BOARDS=9

python3 "$SRC/scripts/fidelity.py" --binary "$BIN" --kernel "$KERNEL" --out "$TMP/out" \
	--max-differs "$MAX_DIFFERS" >"$TMP/log" 2>&1
rc=$?
cat "$TMP/log"
[ $rc = 77 ] && b2d_skip "fidelity.sh: corpus not prepared (bash scripts/kernel-corpus.sh)"
[ $rc = 0 ] || exit 1
boards=$(sed -n 's/^Boards paired: \([0-9]*\);.*/\1/p' "$TMP/log")
if [ "${boards:-0}" -lt $MIN_BOARDS ]; then
	echo "FAIL: only ${boards:-0} boards paired with an upstream .dts, expected at least $MIN_BOARDS"
	exit 1
fi
echo "ok: $boards boards, wrong values at most $MAX_DIFFERS"
