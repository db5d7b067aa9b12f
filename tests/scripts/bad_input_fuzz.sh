#!/usr/bin/env bash
# Replay every input the fuzzers found (tests/data/fuzz-regressions/<target>/)
# through the command line, plus the fuzz seeds: no signal death, no hang,
# stderr only one-line diagnostics. Under the sanitizer build
# (scripts/sanitize.sh) any ASan/UBSan report fails the run there.
#   tokeval/*  board2dts convert FILE (tolerant mode: token recovery)
#   rules/*    board2dts convert --rules DIR (the file added to the real rules)
#   dtb/*      board2dts check FILE and diff FILE FILE (read as .dtb)
#   escape/*   a board file whose strings hold the bytes, converted
# With B2D_FUZZ_BUILD set to a -DFUZZ=ON build, the fuzz targets themselves
# also run each file once.
#
#   bash bad_input_fuzz.sh BOARD2DTS SOURCE_DIR     (run by ctest)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init bad_input_fuzz.sh "$@"
export BOARD2DTS_RULES=$SRC/rules
unset B2D_KERNEL
LIMIT=${B2D_BAD_INPUT_TIMEOUT:-120}
REG=$SRC/tests/data/fuzz-regressions
SEEDS=$SRC/fuzz/corpus

TMP=$(mktemp -d "${TMPDIR:-/tmp}/b2d-fuzzreg.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
fail=0
n=0

# replay NAME ARGS...: exit status 0, 1 or 2 within the time limit, stderr diagnostics only
# (convert -q: without the `wrote FILE: ...` line).
replay() {
	local name=$1
	shift
	n=$((n + 1))
	timeout -k 5 "$LIMIT" "$BIN" "$@" >"$TMP/stdout" 2>"$TMP/stderr"
	local got=$?
	if [ "$got" -gt 2 ]; then
		echo "FAIL: $name: exit status $got (signal, hang or sanitizer)"
		head -n 20 "$TMP/stderr" | sed 's/^/    stderr: /'
		fail=1
	elif [ "$1" != check ] && grep -Evq "$B2D_DIAG" "$TMP/stderr"; then
		echo "FAIL: $name: stderr has a line that is not a one-line diagnostic"
		head -n 5 "$TMP/stderr" | sed 's/^/    stderr: /'
		fail=1
	else
		echo "ok: $name (exit $got)"
	fi
}

shopt -s nullglob
for f in "$REG"/tokeval/* "$SEEDS"/tokeval/*; do
	cp "$f" "$TMP/in.c"
	replay "tokeval: ${f#"$SRC"/}" convert -q -o "$TMP/out.dts" "$TMP/in.c"
	rm -f "$TMP/out.dts"
done
for f in "$REG"/rules/*; do
	rm -rf "$TMP/rules"
	cp -r "$SRC/rules" "$TMP/rules"
	cp "$f" "$TMP/rules/bindings/zz-fuzz.yaml"
	replay "rules: ${f#"$SRC"/}" convert -q --rules "$TMP/rules" -o "$TMP/out.dts" \
		"$SRC/samples/board-twin-rev.c"
	rm -f "$TMP/out.dts"
done
for f in "$REG"/dtb/* "$SEEDS"/dtb/*; do
	cp "$f" "$TMP/in.dtb"
	replay "dtb check: ${f#"$SRC"/}" check "$TMP/in.dtb"
	replay "dtb diff: ${f#"$SRC"/}" diff "$TMP/in.dtb" "$TMP/in.dtb"
done
for f in "$REG"/escape/* "$SEEDS"/escape/*; do
	# The bytes as a C string literal (octal escapes), as a LED name.
	lit=$(od -An -v -to1 "$f" | tr -s ' \n' ' ' | sed 's/ \([0-7]*\)/\\\1/g; s/ //g')
	cat >"$TMP/esc.c" <<C
#include <asm/mach/arch.h>
#include <linux/leds.h>
#include <linux/platform_device.h>
static struct gpio_led leds[] = { { .name = "$lit", .gpio = 3 } };
static struct gpio_led_platform_data led_data = { .leds = leds, .num_leds = 1 };
static struct platform_device led_dev = {
	.name = "leds-gpio", .id = -1, .dev = { .platform_data = &led_data },
};
static struct platform_device *devs[] __initdata = { &led_dev };
static void __init m_init(void) { platform_add_devices(devs, 1); }
MACHINE_START(ESC, "$lit")
	.init_machine = m_init,
MACHINE_END
C
	replay "escape: ${f#"$SRC"/}" convert -q --soc s3c64xx -o "$TMP/out.dts" "$TMP/esc.c"
	rm -f "$TMP/out.dts"
done

# Opt-in (the fuzz build is separate, fuzz/run.sh): when B2D_FUZZ_BUILD is
# set, a missing fuzz target is a failure, not a silent pass.
if [ -n "${B2D_FUZZ_BUILD:-}" ]; then
	for t in tokeval rules dtb escape; do
		set -- "$REG/$t"/*
		[ $# = 0 ] && continue
		n=$((n + 1))
		if [ ! -x "$B2D_FUZZ_BUILD/fuzz/fuzz_$t" ]; then
			echo "FAIL: B2D_FUZZ_BUILD=$B2D_FUZZ_BUILD has no fuzz/fuzz_$t"
			fail=1
			continue
		fi
		if "$B2D_FUZZ_BUILD/fuzz/fuzz_$t" "$@" >"$TMP/fuzz.log" 2>&1; then
			echo "ok: fuzz_$t replays $# regression input(s)"
		else
			echo "FAIL: fuzz_$t on its regression inputs"
			tail -n 20 "$TMP/fuzz.log" | sed 's/^/    /'
			fail=1
		fi
	done
fi

echo "$n checks, $([ $fail = 0 ] && echo all passed || echo some failed)"
exit $fail
