#!/usr/bin/env bash
# `#if CONFIG_` in tolerant mode (docs/eras.md, "#if CONFIG_ in tolerant
# mode"), on a board file of our own with LEDs under `#ifdef CONFIG_LEDS_GPIO`,
# keys in its `#else` arm and a button registered under
# `if (IS_ENABLED(CONFIG_KEYBOARD_GPIO))`, and an LED registered under
# `if (!HAS_EXTRA)`, HAS_EXTRA being 1 under `#if defined(CONFIG_DEMO_EXTRA)`:
#   - without --config the symbols the file tests are assumed enabled: LEDs
#     and button converted, the .dts header and the report (`assumed_config`)
#     name the assumption, each skipped `#else` region is a TODO saying so,
#     and so is the C branch that HAS_EXTRA makes false;
#   - `-- -UCONFIG_LEDS_GPIO` is not overridden;
#   - `--config` with `# CONFIG_LEDS_GPIO is not set`: the keys, no LEDs, no
#     button (also through `batch --config`);
#   - two machines whose LEDs differ under `#if defined(CONFIG_MACH_...)` /
#     `#else` / `#ifndef`: each machine gets its own arms, none the other's
#     as a TODO; `-- -DCONFIG_MACH_X` still decides for the whole file;
#   - a bad .config line is one `file:line:col: error:` (exit 2), a FIFO as
#     --config is refused without blocking, -p with --config is a usage error.
#
#   bash config_tolerant.sh BOARD2DTS SOURCE_DIR     (run by ctest)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init config_tolerant.sh "$@"
b2d_tmpdir b2d-config
FAIL=0
fail() { echo "FAIL: $*"; FAIL=1; }
has() { grep -q -- "$2" "$1" || fail "$3"; }
hasnt() { [ -f "$1" ] && ! grep -q -- "$2" "$1" || fail "$3"; }

B=$TMP/board-cfgdemo.c
cat >"$B" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: LEDs behind CONFIG_LEDS_GPIO, keys in the #else arm. */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/platform_device.h>
#include <linux/leds.h>
#include <linux/gpio_keys.h>
#include <linux/input.h>
#include <asm/mach-types.h>
#include <asm/mach/arch.h>

#ifdef CONFIG_LEDS_GPIO
static struct gpio_led demo_leds[] = {
	{ .name = "demo:green:power", .gpio = 12, .default_trigger = "default-on" },
};

static struct gpio_led_platform_data demo_led_data = {
	.leds = demo_leds,
	.num_leds = ARRAY_SIZE(demo_leds),
};

static struct platform_device demo_leds_device = {
	.name = "leds-gpio",
	.id = -1,
	.dev = { .platform_data = &demo_led_data },
};
#else
static struct gpio_keys_button demo_keys[] = {
	{ .code = KEY_POWER, .gpio = 13, .desc = "power", .active_low = 1 },
};

static struct gpio_keys_platform_data demo_key_data = {
	.buttons = demo_keys,
	.nbuttons = ARRAY_SIZE(demo_keys),
};

static struct platform_device demo_keys_device = {
	.name = "gpio-keys",
	.id = -1,
	.dev = { .platform_data = &demo_key_data },
};
#endif

static struct gpio_keys_button demo_buttons[] = {
	{ .code = KEY_PROG1, .gpio = 14, .desc = "button", .active_low = 1 },
};

static struct gpio_keys_platform_data demo_button_data = {
	.buttons = demo_buttons,
	.nbuttons = ARRAY_SIZE(demo_buttons),
};

static struct platform_device demo_button_device = {
	.name = "gpio-keys",
	.id = 1,
	.dev = { .platform_data = &demo_button_data },
};

static struct platform_device *demo_devices[] __initdata = {
#ifdef CONFIG_LEDS_GPIO
	&demo_leds_device,
#else
	&demo_keys_device,
#endif
};

#if defined(CONFIG_DEMO_EXTRA) || defined(CONFIG_DEMO_EXTRA_MODULE)
#define HAS_EXTRA 1
#else
#define HAS_EXTRA 0
#endif

static struct gpio_led demo_extra_leds[] = {
	{ .name = "demo:red:extra", .gpio = 15 },
};

static struct gpio_led_platform_data demo_extra_data = {
	.leds = demo_extra_leds,
	.num_leds = ARRAY_SIZE(demo_extra_leds),
};

static struct platform_device demo_extra_device = {
	.name = "leds-gpio",
	.id = 2,
	.dev = { .platform_data = &demo_extra_data },
};

static void __init demo_init(void)
{
	platform_add_devices(demo_devices, ARRAY_SIZE(demo_devices));
	if (IS_ENABLED(CONFIG_KEYBOARD_GPIO))
		platform_device_register(&demo_button_device);
	if (!HAS_EXTRA)
		platform_device_register(&demo_extra_device);
}

MACHINE_START(CFGDEMO, "Config demo board")
	.init_machine	= demo_init,
MACHINE_END
C

# 1. No --config: assumed enabled, and said so.
OUT=$TMP/assumed.dts
if ! "$BIN" convert "$B" -o "$OUT" --report "$TMP/assumed.json" 2>"$TMP/err1"; then
	cat "$TMP/err1"
	fail "convert without --config exited non-zero"
fi
has "$OUT" '"demo:green:power"' "LEDs under #ifdef CONFIG_LEDS_GPIO not converted without --config"
has "$OUT" '"button"' "button under if (IS_ENABLED(CONFIG_KEYBOARD_GPIO)) not converted"
hasnt "$OUT" '"power"' "the #else arm's keys converted although CONFIG_LEDS_GPIO was assumed"
has "$OUT" 'Tolerant mode assumed these enabled' "no header note on the assumed symbols"
has "$OUT" 'lines 27-42 skipped by the preprocessor (#else of `#ifdef CONFIG_LEDS_GPIO`, line 12): assumed CONFIG_LEDS_GPIO enabled' \
	"no TODO for the skipped #else arm (lines 27-42)"
has "$OUT" 'lines 62-64 skipped by the preprocessor' "no TODO for the skipped #else in demo_devices"
has "$OUT" 'platform_device_register(&demo_extra_device): only when !HAS_EXTRA, false because tolerant mode assumed CONFIG_DEMO_EXTRA enabled' \
	"the C branch that HAS_EXTRA (defined under an assumed #if) makes false is not a TODO"
hasnt "$OUT" 'label = "demo:red:extra"' "the LED of the branch HAS_EXTRA makes false converted anyway"
python3 - "$TMP/assumed.json" <<'PY' || FAIL=1
import json, sys
m = json.load(open(sys.argv[1]))["machines"][0]
ok = m.get("assumed_config") == ["CONFIG_LEDS_GPIO", "CONFIG_DEMO_EXTRA", "CONFIG_KEYBOARD_GPIO"]
ok = ok and m.get("config") is None
ok = ok and sum(f["kind"] == "skipped" and f["fate"] == "todo" for f in m["facts"]) == 3
print(("ok" if ok else "FAIL") + ": report assumed_config %r, skipped facts %d" % (
    m.get("assumed_config"), sum(f["kind"] == "skipped" for f in m["facts"])))
sys.exit(0 if ok else 1)
PY

# 2. A -U after `--` is not overridden.
OUT=$TMP/undef.dts
"$BIN" convert "$B" -o "$OUT" -- -UCONFIG_LEDS_GPIO 2>"$TMP/err2" || fail "convert -- -U exited non-zero"
hasnt "$OUT" '"demo:green:power"' "-UCONFIG_LEDS_GPIO overridden by the assumption"
has "$OUT" '"power"' "-UCONFIG_LEDS_GPIO: the #else arm's keys missing"
has "$OUT" 'lines 12-27 skipped by the preprocessor (`#ifdef CONFIG_LEDS_GPIO`): not compiled' \
	"-UCONFIG_LEDS_GPIO: no TODO for the skipped LEDs"

# 3. --config decides.
CFG=$TMP/demo_defconfig
printf '# comment\nCONFIG_ARM=y\n# CONFIG_LEDS_GPIO is not set\nCONFIG_CMDLINE="console=ttyS0 root=/dev/mmcblk0p2"\nCONFIG_FOO=m\n\n' >"$CFG"
OUT=$TMP/config.dts
"$BIN" convert --config "$CFG" "$B" -o "$OUT" --report "$TMP/config.json" 2>"$TMP/err3" ||
	{ cat "$TMP/err3"; fail "convert --config exited non-zero"; }
has "$OUT" '"power"' "--config without CONFIG_LEDS_GPIO: the #else arm's keys missing"
hasnt "$OUT" '"demo:green:power"' "--config without CONFIG_LEDS_GPIO: LEDs converted anyway"
hasnt "$OUT" '"button"' "--config without CONFIG_KEYBOARD_GPIO: button converted anyway"
has "$OUT" 'label = "demo:red:extra"' "--config without CONFIG_DEMO_EXTRA: the !HAS_EXTRA branch not converted"
hasnt "$OUT" 'only when !HAS_EXTRA' "--config decides HAS_EXTRA, yet a TODO names an assumption"
has "$OUT" 'CONFIG_ symbols from --config demo_defconfig' "no header note naming --config"
has "$OUT" 'not compiled with --config' "--config: no TODO for the skipped LEDs region"

# 4. Batch passes --config on.
"$BIN" batch -j 1 --config "$CFG" --out-dir "$TMP/batch" "$B" >"$TMP/batch.log" 2>&1 ||
	{ cat "$TMP/batch.log"; fail "batch --config exited non-zero"; }
has "$TMP/batch/board-cfgdemo.dts" '"power"' "batch --config: the #else arm's keys missing"
hasnt "$TMP/batch/board-cfgdemo.dts" '"demo:green:power"' "batch --config: LEDs converted anyway"

# 5. Bad input: a bad line, a FIFO, -p with --config.
printf 'CONFIG_ARM=y\nthis is not a config line\n' >"$TMP/bad.config"
"$BIN" convert --config "$TMP/bad.config" "$B" -o "$TMP/bad.dts" 2>"$TMP/err5"
b2d_check_diag "bad --config line" 2 $? 'bad\.config:2:1: error: --config: not a \.config line' 1 \
	"$TMP/err5" || FAIL=1
[ ! -e "$TMP/bad.dts" ] || fail "bad --config line: output written"
"$BIN" batch --config "$TMP/bad.config" --out-dir "$TMP/badbatch" "$B" >/dev/null 2>"$TMP/err5b"
b2d_check_diag "batch: bad --config line" 2 $? 'bad\.config:2:1: error:' 1 "$TMP/err5b" || FAIL=1
mkfifo "$TMP/fifo.config"
timeout 20 "$BIN" convert --config "$TMP/fifo.config" "$B" -o "$TMP/fifo.dts" 2>"$TMP/err6"
b2d_check_diag "FIFO as --config" 2 $? 'fifo\.config: error: --config: cannot read: not a regular file' 1 \
	"$TMP/err6" || FAIL=1
mkdir -p "$TMP/build" && echo '[]' >"$TMP/build/compile_commands.json"
"$BIN" convert -p "$TMP/build" --config "$CFG" "$B" -o "$TMP/p.dts" 2>"$TMP/err7"
b2d_check_diag "-p with --config" 2 $? 'error: convert: --config is for tolerant mode' 1 \
	"$TMP/err7" || FAIL=1

# 7. Two machines whose code differs under #if CONFIG_MACH_ arms: one parse
#    each, each machine with its own arm, none with the other's as a TODO,
#    unless that arm calls this machine's machine_is_*() (3.6 palmtreo.c).
M=$TMP/board-twodemo.c
cat >"$M" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: two machines, one file, their LEDs under CONFIG_MACH_ arms. */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/platform_device.h>
#include <linux/leds.h>
#include <asm/mach-types.h>
#include <asm/mach/arch.h>

static struct gpio_led two_leds[] = {
#if defined(CONFIG_MACH_TWO_ALPHA)
	{ .name = "two:alpha", .gpio = 20 },
#else
	{ .name = "two:beta", .gpio = 21 },
#endif
	{ .name = "two:both", .gpio = 22,
#ifndef CONFIG_MACH_TWO_ALPHA
	  .default_trigger = "heartbeat",
#endif
	},
};

static struct gpio_led_platform_data two_led_data = {
	.leds = two_leds,
	.num_leds = ARRAY_SIZE(two_leds),
};

static struct platform_device two_leds_device = {
	.name = "leds-gpio",
	.id = -1,
	.dev = { .platform_data = &two_led_data },
};

static void __init two_init(void)
{
	platform_device_register(&two_leds_device);
#ifdef CONFIG_MACH_TWO_ALPHA
	/* an ALPHA region with code for BETA, for a kernel built for both */
	if (machine_is_two_beta())
		gpio_request_one(40, GPIOF_OUT_INIT_HIGH, "beta-power");
#endif
}

#ifdef CONFIG_MACH_TWO_ALPHA
MACHINE_START(TWO_ALPHA, "Two Alpha")
#else
MACHINE_START(TWO_BETA, "Two Beta")
#endif
	.init_machine	= two_init,
MACHINE_END
C
mkdir -p "$TMP/two"
"$BIN" convert "$M" -o "$TMP/two/" 2>"$TMP/err8" || { cat "$TMP/err8"; fail "two machines: convert exited non-zero"; }
A=$TMP/two/board-twodemo.TWO_ALPHA.dts
Z=$TMP/two/board-twodemo.TWO_BETA.dts
has "$A" 'model = "Two Alpha"' "two machines: TWO_ALPHA not written"
has "$Z" 'model = "Two Beta"' "two machines: TWO_BETA (under the #else) not written"
has "$A" '"two:alpha"' "TWO_ALPHA: its own LED missing"
hasnt "$A" '"two:beta"' "TWO_ALPHA: TWO_BETA's LED converted"
has "$Z" '"two:beta"' "TWO_BETA: its own LED missing"
hasnt "$Z" '"two:alpha"' "TWO_BETA: TWO_ALPHA's LED (the first arm) converted"
has "$Z" '"heartbeat"' "TWO_BETA: its #ifndef arm (the trigger) missing"
hasnt "$A" '"heartbeat"' "TWO_ALPHA: TWO_BETA's #ifndef arm converted"
hasnt "$A" 'skipped by the preprocessor' "TWO_ALPHA: the other machine's arm is a TODO"
# ... but an ALPHA region that calls machine_is_two_beta() is a TODO in BETA's
has "$Z" 'skipped by the preprocessor' "TWO_BETA: the ALPHA region naming machine_is_two_beta() is lost silently"
[ "$(grep -c 'skipped by the preprocessor' "$Z")" = 1 ] || fail "TWO_BETA: a plain ALPHA arm is a TODO too"
for f in "$A" "$Z"; do
	hasnt "$f" 'assumed CONFIG_MACH' "$(basename "$f"): a machine's own symbol is called an assumption"
done
#    -D decides as before: one parse, one machine.
"$BIN" convert "$M" -o "$TMP/two-d.dts" -- -DCONFIG_MACH_TWO_ALPHA 2>"$TMP/err9" ||
	{ cat "$TMP/err9"; fail "two machines -D: convert exited non-zero"; }
has "$TMP/two-d.dts" '"two:alpha"' "two machines -DCONFIG_MACH_TWO_ALPHA: its LED missing"
has "$TMP/two-d.dts" 'skipped by the preprocessor' "two machines -D: the #else arms are not TODOs"

# 6. The outputs compile (with a kernel tree).
if b2d_kernel; then
	for f in assumed undef config two/board-twodemo.TWO_ALPHA two/board-twodemo.TWO_BETA; do
		b2d_dts_compile "$KERNEL" "$TMP/$f.dts" "$TMP/$f.dtc.log" ||
			{ cat "$TMP/$f.dtc.log"; fail "$f.dts does not compile"; }
	done
else
	b2d_skip_part "no kernel tree: outputs not compiled"
fi
[ $FAIL = 0 ] && echo "ok: config_tolerant"
b2d_exit $FAIL
