#!/usr/bin/env bash
# Nothing dropped in silence (docs/hardening.md, issue 9 items 8-11): a value
# of 0 written in an initializer is a value (GPIO 0), a string cut by a NUL or
# an initializer nested too deep for clang is an error or a TODO, clang's
# errors in the board file are shown and counted in the report, an --assume
# that matches no if () guard is warned about, --validate that cannot run
# fails, and the batch's own errors are one-line diagnostics.
# Inputs are generated here, in a temporary directory.
#
#   bash bad_input_silent.sh BOARD2DTS SOURCE_DIR     (run by ctest)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init bad_input_silent.sh "$@"
unset B2D_KERNEL
LIMIT=${B2D_BAD_INPUT_TIMEOUT:-120}
b2d_tmpdir b2d-silent
fail=0

ok() { echo "ok: $1"; }
bad() {
	echo "FAIL: $1"
	[ -s "$TMP/stderr" ] && sed 's/^/    stderr: /' "$TMP/stderr" | head -8
	fail=1
}
# run ARGS...: board2dts under a timeout; sets $got (124: hung).
run() {
	timeout -k 5 "$LIMIT" "$BIN" "$@" >"$TMP/stdout" 2>"$TMP/stderr"
	got=$?
}
# fact REPORT WHAT FATE [BECAME]: the report has a fact WHAT with that fate
# (and `became` containing BECAME).
fact() {
	python3 - "$@" <<'PY'
import json, sys
rep, what, fate = sys.argv[1:4]
became = sys.argv[4] if len(sys.argv) > 4 else None
for m in json.load(open(rep))["machines"]:
    for f in m["facts"]:
        if f["what"] == what and f["fate"] == fate and \
           (became is None or became in (f.get("became") or "")):
            sys.exit(0)
sys.exit(1)
PY
}

HDR='#include <asm/mach/arch.h>
#include <linux/platform_device.h>
#include <linux/gpio.h>
#include <linux/leds.h>
#include <linux/gpio_keys.h>
#include <linux/input.h>
'
machine() {	# machine INIT: a MACHINE_START record calling INIT
	printf 'MACHINE_START(SILENT, "Silent")\n\t.init_machine\t= %s,\nMACHINE_END\n' "$1"
}

# --- 8. GPIO 0 is a GPIO ----------------------------------------------------------
# As arch/arm/mach-orion5x/wrt350n-v2-setup.c:30 and mv2120-setup.c:142 have it.
{
	echo "$HDR"
	cat <<'C'
static struct gpio_led z_leds[] = {
	{ .name = "z:green:power", .gpio = 0, .active_low = 1, },
	{ .name = "z:green:usb", .gpio = 6, },
};
static struct gpio_led_platform_data z_led_data = {
	.leds = z_leds, .num_leds = ARRAY_SIZE(z_leds),
};
static struct platform_device z_led_dev = {
	.name = "leds-gpio", .id = -1, .dev = { .platform_data = &z_led_data },
};
static struct gpio_keys_button z_buttons[] = {
	{ .code = KEY_RESTART, .gpio = 0, .desc = "Reset", .active_low = 1, },
};
static struct gpio_keys_platform_data z_button_data = {
	.buttons = z_buttons, .nbuttons = ARRAY_SIZE(z_buttons),
};
static struct platform_device z_button_dev = {
	.name = "gpio-keys", .id = -1, .dev = { .platform_data = &z_button_data },
};
static void __init z_init(void)
{
	platform_device_register(&z_led_dev);
	platform_device_register(&z_button_dev);
}
C
	machine z_init
} >"$TMP/gpio0.c"
run convert --soc orion5x -o "$TMP/gpio0.dts" --report "$TMP/gpio0.json" "$TMP/gpio0.c"
if [ "$got" != 0 ]; then
	bad "GPIO 0: exit status $got"
else
	n0=$(grep -c 'gpios = <&gpio0 0 GPIO_ACTIVE_LOW>' "$TMP/gpio0.dts")
	[ "$n0" = 2 ] && ok "GPIO 0: the LED and the button get gpios = <&gpio0 0 ...>" ||
		bad "GPIO 0: $n0 of 2 'gpios = <&gpio0 0 GPIO_ACTIVE_LOW>' in the .dts"
	if fact "$TMP/gpio0.json" 'z_leds[0].gpio = 0' converted gpios &&
	   fact "$TMP/gpio0.json" 'z_buttons[0].gpio = 0' converted gpios; then
		ok "GPIO 0: the report has both .gpio = 0 facts, converted to gpios"
	else
		bad "GPIO 0: no converted fact for .gpio = 0 in the report"
	fi
fi

# --- 9. A NUL inside a string literal; an initializer too deep for clang ----------
{
	echo "$HDR"
	cat <<'C'
static struct gpio_led z_leds[] = {
	{ .name = "ab\0cd", .gpio = 3, },
	{ .name = "ef\000gh" "ij", .gpio = 4, },
};
static struct gpio_led_platform_data z_led_data = {
	.leds = z_leds, .num_leds = ARRAY_SIZE(z_leds),
};
static struct platform_device z_led_dev = {
	.name = "leds-gpio", .id = -1, .dev = { .platform_data = &z_led_data },
};
static void __init z_init(void)
{
	platform_device_register(&z_led_dev);
}
C
	machine z_init
} >"$TMP/nul.c"
run convert --soc orion5x -o "$TMP/nul.dts" --report "$TMP/nul.json" "$TMP/nul.c"
if [ "$got" != 0 ]; then
	bad "NUL in a string: exit status $got"
else
	grep -q 'label = "ab"' "$TMP/nul.dts" && bad "NUL in a string: the label was cut to \"ab\""
	t=$(grep -c 'TODO nul\.c:[0-9]*: \.name = .*NUL byte at offset 2' "$TMP/nul.dts")
	[ "$t" = 2 ] && ok "NUL in a string: a TODO naming .name for both literals" ||
		bad "NUL in a string: $t of 2 TODOs naming .name and the NUL"
	fact "$TMP/nul.json" 'z_leds[0].name = "ab\0cd"' todo &&
		ok "NUL in a string: the report's fact is a TODO" ||
		bad "NUL in a string: the report's .name fact is not a TODO"
fi
for depth in 300 10000; do
	python3 -c "import sys; d = int(sys.argv[1]); print('static int deep[] = ' + '{' * d + '1' + '}' * d + ';')" \
		"$depth" >"$TMP/deep$depth.c"
	{ echo 'static void __init z_init(void)'; echo '{'; echo '}'; machine z_init; } >>"$TMP/deep$depth.c"
	run convert -o "$TMP/deep.dts" "$TMP/deep$depth.c"
	if b2d_check_diag "initializer $depth levels deep" 1 "$got" \
		"^$TMP/deep$depth\\.c:1:[0-9]+: error: bracket nesting level exceeded maximum of 256" \
		1 "$TMP/stderr" && [ ! -e "$TMP/deep.dts" ]; then
		ok "initializer $depth levels deep: exit 1, one error line, no output"
	else
		bad "initializer $depth levels deep: exit status $got, output $(ls "$TMP/deep.dts" 2>&1)"
	fi
	rm -f "$TMP/deep.dts"
done

# --- 10. clang's errors in the board file are shown and counted ------------------
# A missing comma between two members: clang reads `"z:green:usb" .gpio = 6` as
# a member access and drops the rest of the LED table.
sed 's/\.name = "z:green:usb", \.gpio = 6,/.name = "z:green:usb" .gpio = 6,/' \
	"$TMP/gpio0.c" >"$TMP/comma.c"
run convert -q --soc orion5x -o "$TMP/comma.dts" --report "$TMP/comma.json" "$TMP/comma.c"
if [ "$got" != 0 ]; then
	bad "missing comma: exit status $got (expected 0: a partial output, the error shown)"
elif b2d_check_diag "missing comma" 0 "$got" \
	"^$TMP/comma\\.c:[0-9]+:[0-9]+: warning: member reference base type" 2 "$TMP/stderr" &&
     grep -q "^$TMP/comma\\.c: warning: clang reported 1 error in this file" "$TMP/stderr"; then
	ok "missing comma: clang's error shown as file:line:col: warning, with its count"
else
	bad "missing comma: clang's error not shown"
fi
python3 -c 'import json, sys; sys.exit(json.load(open(sys.argv[1]))["clang_errors"] != 1)' \
	"$TMP/comma.json" 2>/dev/null && ok "missing comma: the report says \"clang_errors\": 1" ||
	bad "missing comma: the report has no \"clang_errors\": 1"
# Five errors: a count, the first three, "2 more; -v shows all"; -v shows five.
# (-q: only the diagnostics on stderr, not the `wrote FILE: ...` lines.)
{
	echo '#include <asm/mach/arch.h>'
	for i in 1 2 3 4 5; do echo "static int e$i = 1 +;"; done
	echo 'static void __init z_init(void)'; echo '{'; echo '}'
	machine z_init
} >"$TMP/five.c"
run convert -q -o "$TMP/five.dts" --report "$TMP/five.json" "$TMP/five.c"
if b2d_check_diag "five clang errors" 0 "$got" "^$TMP/five\\.c: warning: 2 more; -v shows all\$" \
	5 "$TMP/stderr" && [ "$(grep -c 'warning: expected expression' "$TMP/stderr")" = 3 ]; then
	ok "five clang errors: the count, the first three, '2 more; -v shows all'"
else
	bad "five clang errors: not the count + three + '2 more'"
fi
run convert -v -o "$TMP/five.dts" "$TMP/five.c"
[ "$got" = 0 ] && [ "$(grep -c "^$TMP/five\\.c:[2-6]:20: warning: expected expression" "$TMP/stderr")" = 5 ] &&
	ok "five clang errors: -v shows all five" || bad "five clang errors: -v does not show all five"
python3 -c 'import json, sys; sys.exit(json.load(open(sys.argv[1]))["clang_errors"] != 5)' \
	"$TMP/five.json" 2>/dev/null && ok "five clang errors: the report says 5" ||
	bad "five clang errors: the report does not say \"clang_errors\": 5"

# --- 11. --assume that decides nothing; --validate that cannot run ----------------
T=$SRC/samples/board-twin-rev.c
run convert -q --machine TWINLEAF -o "$TMP/twin.dts" --assume TYPO=1 --assume twin_rev=1 "$T"
if b2d_check_diag "--assume TYPO" 0 "$got" \
	"^board2dts: warning: --assume TYPO matches no if \\(\\) guard in $T\$" 1 "$TMP/stderr"; then
	ok "--assume TYPO=1: one warning naming it and the file; twin_rev (a guard) none"
else
	bad "--assume TYPO=1: no warning"
fi
run convert -o "$TMP/v.dts" --validate "$SRC/samples/mach-s3c64xx-devboard.c"
if b2d_check_diag "--validate without --kernel" 2 "$got" \
	"^board2dts: error: convert: --validate needs --kernel KDIR" 1 "$TMP/stderr" &&
   [ ! -e "$TMP/v.dts" ]; then
	ok "--validate without --kernel: exit 2, one error, no output"
else
	bad "--validate without --kernel: exit status $got"
fi
# batch's usage errors go through the diagnostics module (one line, exit 2).
run batch --out-dir "$TMP/bo" -j 0 "$T"
b2d_check_diag "batch -j 0" 2 "$got" "^board2dts: error: batch: " 1 "$TMP/stderr" &&
	ok "batch usage error: one board2dts: error: line" || bad "batch usage error"

b2d_exit $fail
