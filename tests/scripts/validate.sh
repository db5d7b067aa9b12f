#!/usr/bin/env bash
# `convert --validate`: the sample outputs compile and are dt-validate clean
# in board-level nodes; a seeded binding error (a button with no key code)
# gives one diagnostic with the .dts line and the board-file line; --strict turns them
# into exit status 1, and the outputs are still written.
# Skips (77) without dt-validate (Debian package dt-schema) or a kernel tree.
#
#   bash validate.sh BOARD2DTS SOURCE_DIR     (run by ctest; exit 77 = skipped)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init validate.sh "$@"
command -v dt-validate >/dev/null && command -v dt-mk-schema >/dev/null ||
	b2d_skip "validate.sh: dt-validate not installed (apt-get install dt-schema)"
b2d_kernel && [ -d "$KERNEL/Documentation/devicetree/bindings" ] ||
	b2d_skip "validate.sh: needs a kernel tree with Documentation/devicetree/bindings (B2D_KERNEL)"
K=$KERNEL

TMP=$(mktemp -d "${TMPDIR:-/tmp}/b2d-validate.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
# The processed schema takes ~20 s to build: keep it across runs.
export XDG_CACHE_HOME=${B2D_TEST_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}}
fail=0
S=$SRC/samples

check_clean() {	# NAME ARGS...: exit 0, no warning/error lines
	local name=$1
	shift
	"$BIN" convert "$@" --kernel "$K" -o "$TMP/$name.dts" --validate --strict \
		>"$TMP/$name.out" 2>"$TMP/$name.err"
	local rc=$?
	if [ $rc != 0 ] || grep -q ': \(warning\|error\): ' "$TMP/$name.err"; then
		echo "FAIL: $name: exit $rc, expected clean:"; cat "$TMP/$name.err"; fail=1
	fi
	[ -s "$TMP/$name.dts" ] || { echo "FAIL: $name: no .dts written"; fail=1; }
}

check_clean devboard "$S/mach-s3c64xx-devboard.c"
check_clean handheld "$S/board-omap3-handheld.c"

check_clean twinleaf "$S/board-twin-rev.c" --machine TWINLEAF
check_clean twinleaf-pro "$S/board-twin-rev.c" --machine TWINLEAF_PRO

# A seeded binding error: a button with no key code (gpio-keys requires
# linux,code). One warning naming the .dts line and the board-file line.
cat >"$TMP/nocode.c" <<'EOC'
static struct gpio_keys_button keys[] = {
	{ .gpio = 7, .desc = "aux", .active_low = 1 },
};
static struct gpio_keys_platform_data keys_pd = { .buttons = keys, .nbuttons = 1 };
static struct platform_device keys_dev = {
	.name = "gpio-keys", .id = -1, .dev = { .platform_data = &keys_pd },
};
static void __init nocode_init(void)
{
	omap_serial_init();
	platform_device_register(&keys_dev);
}
MACHINE_START(NOCODE, "No code")
	.init_machine = nocode_init,
MACHINE_END
EOC
"$BIN" convert "$TMP/nocode.c" --soc omap3 --kernel "$K" -o "$TMP/tw.dts" --validate \
	>/dev/null 2>"$TMP/tw.err"
rc=$?
n=$(grep -c ': warning: ' "$TMP/tw.err")
if [ $rc != 0 ] || [ "$n" != 1 ] ||
   ! grep -q "^$TMP/tw.dts:[0-9]*: warning: /gpio-keys: button-0: 'linux,code' is a required property \[gpio-keys.yaml\] (nocode.c:2)$" "$TMP/tw.err"; then
	echo "FAIL: nocode: expected exit 0 and the one linux,code warning:"; cat "$TMP/tw.err"; fail=1
fi
# --strict: exit 1, outputs still written
rm -f "$TMP/tw.dts"
"$BIN" convert "$TMP/nocode.c" --soc omap3 --kernel "$K" -o "$TMP/tw.dts" --validate \
	--strict >/dev/null 2>&1
rc=$?
[ $rc = 1 ] && [ -s "$TMP/tw.dts" ] ||
	{ echo "FAIL: nocode --strict: exit $rc (want 1) or no .dts"; fail=1; }

# The line named is the property's line in the written .dts.
line=$(sed -n "s|^$TMP/tw.dts:\([0-9]*\): warning: .*|\1|p" "$TMP/tw.err" | head -1)
[ -n "$line" ] && sed -n "${line}p" "$TMP/tw.dts" | grep -q 'button-0\|label\|gpios' ||
	{ echo "FAIL: nocode: warning line $line is not in button-0"; fail=1; }

"$BIN" convert "$S/mach-s3c64xx-devboard.c" --strict >/dev/null 2>&1
[ $? = 2 ] || { echo "FAIL: --strict without --validate accepted"; fail=1; }

[ $fail = 0 ] && echo "validate: ok"
exit $fail
