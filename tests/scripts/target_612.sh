#!/usr/bin/env bash
# The target tree is data (issue 11): board files converted against the
# Linux 6.12 tree, whose .dts files live in vendor subdirectories
# (ti/omap/, samsung/, cirrus/), which gained cirrus/ep93xx.dtsi and lost the
# s3c24xx .dtsi files.
#  - The repository's samples convert against 6.12 (each run compiles its own
#    output with dtc before writing it) and include the SoC .dtsi by its
#    vendor path.
#  - A corpus subset (the fact boards, an EP93xx and an S3C2416 board, the
#    first file of every family) converts with -p against 6.12: every file
#    exits 0, every output compiles, the fact boards keep recall >= 0.8;
#    edb93xx.c gets &label overlays from cirrus/ep93xx.dtsi (found by name,
#    its nodes by address); mach-smdk2416.c converts without a .dtsi, with
#    a warning, instead of failing.
#
#   bash target_612.sh BOARD2DTS SOURCE_DIR    (run by ctest; exit 77 = skipped)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init target_612.sh "$@"
b2d_shared_cache
b2d_kernel612 || b2d_skip "no 6.12 tree (bash scripts/kernel-tree.sh --version 6.12)"
b2d_tmpdir b2d-612
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# 1. Samples.
for c in "$SRC"/samples/*.c "$SRC"/samples/era/*.c; do
	base=$(basename "$c" .c)
	mkdir -p "$TMP/s/$base"
	if ! "$BIN" convert --kernel "$KERNEL612" "$c" -o "$TMP/s/$base/" 2>"$TMP/s/$base.err"; then
		bad "$base: convert against 6.12 failed: $(head -3 "$TMP/s/$base.err")"
		continue
	fi
	ls "$TMP/s/$base"/*.dts >/dev/null 2>&1 || bad "$base: no output"
done
grep -q '#include "ti/omap/omap34xx.dtsi"' "$TMP/s/board-omap3-handheld/board-omap3-handheld.dts" ||
	bad "omap3 sample: no #include \"ti/omap/omap34xx.dtsi\""
grep -q '#include "ti/omap/twl4030.dtsi"' "$TMP/s/board-omap3-handheld/board-omap3-handheld.dts" ||
	bad "omap3 sample: the TWL4030 .dtsi is not included by its vendor path"
grep -q '#include "samsung/s3c6410.dtsi"' "$TMP/s/mach-s3c64xx-devboard/mach-s3c64xx-devboard.dts" ||
	bad "s3c64xx sample: no #include \"samsung/s3c6410.dtsi\""

# 2. Corpus subset.
if [ -n "$(bash "$SRC/scripts/kernel-corpus.sh" --list 2>/dev/null)" ]; then
	b2d_eval
	[ -d "$FACTS" ] && [ -f "$SCORE" ] ||
		{ echo "FAIL: no fact files ($FACTS) or no $SCORE"; exit 1; }
	export B2D_FACTS=$FACTS B2D_SCORE=$SCORE
	inc=mach-mini6410.c,board-da850-evm.c,kurobox_pro-setup.c,edb93xx.c,mach-smdk2416.c
	bash "$SRC/scripts/corpus-run.sh" --subset 1 --include "$inc" --jobs 2 --binary "$BIN" \
		--target "$KERNEL612" --out "$TMP/c" || bad "corpus-run.sh --target 6.12 failed"
	python3 - "$TMP/c/results.jsonl" <<'PY' || fail=1
import json, sys
res = [json.loads(l) for l in open(sys.argv[1])]
bad = [r['file'] for r in res if r.get('exit') != 0]
if bad:
    sys.exit("FAIL: files that did not convert against 6.12: %s" % bad)
scored = [f for r in res for f in r.get('facts') or []]
if len(scored) < 3 or any(f['recall'] < 0.8 for f in scored):
    sys.exit("FAIL: fact boards against 6.12: %s" % [(f['machine'], f['recall']) for f in scored])
print("ok: %d files convert against 6.12, fact boards %s" % (
    len(res), [round(f['recall'], 3) for f in scored]))
PY
	edb=$TMP/c/ep93xx/edb93xx.EDB9302.dts
	grep -q '#include "cirrus/ep93xx.dtsi"' "$edb" || bad "edb93xx: cirrus/ep93xx.dtsi not found by name"
	sed -n '/^&uart0 {/,/^};/p' "$edb" | grep -q 'status = "okay";.*ep93xx_init_devices' ||
		bad "edb93xx: &uart0 not enabled by ep93xx_init_devices() (node found by address)"
	sed -n '/^&eth0 {/,/^};/p' "$edb" | grep -q 'status = "okay"' ||
		bad "edb93xx: &eth0 not enabled by ep93xx_register_eth()"
	grep -q 'has no s3c2416.dtsi' "$TMP/c/s3c24xx/mach-smdk2416.stderr" ||
		bad "mach-smdk2416.c: no warning that 6.12 has no s3c2416.dtsi"
	grep -q '^#include .*s3c2416.dtsi' "$TMP/c/s3c24xx/mach-smdk2416.dts" &&
		bad "mach-smdk2416.c: the output still includes s3c2416.dtsi"
else
	bad "the corpus is not prepared (scripts/kernel-corpus.sh): the corpus part cannot run"
fi
[ $fail = 0 ] && echo "ok: target_612"
exit $fail
