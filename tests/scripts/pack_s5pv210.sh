#!/usr/bin/env bash
# The S5PV210 pack (rules/soc/s5pv210.yaml) on the sample
# samples/s5pv210-tablet.c and on a small board of the test's own in the
# 2.6.35 style (picked by its .init_irq = s5pv210_init_irq alone), against
# the 6.1 tree (flat arch/arm/boot/dts/s5pv210.dtsi) and, when it is there,
# the 6.12 tree (samsung/s5pv210.dtsi). The historic mach/gpio.h numbers
# (S5PV210_GPH2(1) = 147: banks laid out with one spare number between
# them) land on the pinctrl banks of s5pv210-pinctrl.dtsi (<&gph2 1 ...>),
# IRQ_EINT(n) on the interrupt cells of banks gph0-gph3, the s3c_device_*
# devices on their .dtsi labels, and the s3c_i2c*/s3c_sdhci*_set_platdata()
# structs on those nodes. Every run compiles its output with dtc; the .dtb
# written with --dtb must equal the .dts (board2dts diff).
#
#   bash pack_s5pv210.sh BOARD2DTS SOURCE_DIR    (run by ctest; exit 77 = skipped)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init pack_s5pv210.sh "$@"
b2d_shared_cache
b2d_kernel || b2d_skip "pack_s5pv210.sh: no kernel tree (B2D_KERNEL; bash scripts/kernel-tree.sh)"
b2d_tmpdir b2d-packsv  # no SoC name in the path: the test board is picked by its calls
fail=0
bad() { echo "FAIL: $*"; fail=1; }
has() { grep -F -- "$2" "$1" >/dev/null 2>&1 || bad "$(basename "$1"): missing: $2"; }
hasnt() { ! grep -F -- "$2" "$1" >/dev/null 2>&1 || bad "$(basename "$1"): unexpected: $2"; }
# block FILE HEAD TEXT: the block opened by the line HEAD holds TEXT
block() {
	awk -v h="$2" '$0 == h { on = 1 } on { print } on && /^};?$/ { exit }' "$1" |
		grep -F -- "$3" >/dev/null || bad "$(basename "$1"): $2 lacks: $3"
}

# sample_checks FILE: what the sample's output must say, in any target tree
sample_checks() {
	local O=$1
	has "$O" 'compatible = "board2dts,slate210", "samsung,s5pv210";'
	# GPIOs: gpio-keys on gph2/gph3, the LED on gpj2, the SD power switch on mp05
	has "$O" 'gpios = <&gph2 1 GPIO_ACTIVE_LOW>;'
	has "$O" 'gpios = <&gph3 5 GPIO_ACTIVE_LOW>;'
	has "$O" 'gpios = <&gph3 6 GPIO_ACTIVE_LOW>;'
	has "$O" 'gpios = <&gpj2 3 GPIO_ACTIVE_HIGH>;'
	has "$O" 'gpio = <&mp05 5 GPIO_ACTIVE_HIGH>;'
	# DM9000 on SROM bank 5, IRQ_EINT(9) = line 1 of gph1, level high
	block "$O" '	ethernet@a8000000 {' 'reg = <0xa8000000 0x4>, <0xa8000004 0x4>;'
	block "$O" '	ethernet@a8000000 {' 'interrupt-parent = <&gph1>;'
	block "$O" '	ethernet@a8000000 {' 'interrupts = <1 IRQ_TYPE_LEVEL_HIGH>;'
	# I2C0 (no platform data) and I2C2 (fast mode) enabled with their devices;
	# IRQ_EINT(20) is gph2 line 4, IRQ_EINT(3) gph0 line 3
	block "$O" '&i2c0 {' 'status = "okay";'
	block "$O" '&i2c0 {' 'compatible = "wlf,wm8580";'
	block "$O" '&i2c2 {' 'samsung,i2c-max-bus-freq = <400000>;'
	block "$O" '&i2c2 {' 'samsung,i2c-sda-delay = <100>;'
	block "$O" '&i2c2 {' 'interrupt-parent = <&gph2>;'
	block "$O" '&i2c2 {' 'interrupts = <4 IRQ_TYPE_NONE>;'
	block "$O" '&i2c2 {' 'interrupt-parent = <&gph0>;'
	hasnt "$O" '&i2c1 {'
	# the SDHCI platform data: eMMC on sdhci0, the card-detect slot on sdhci2
	block "$O" '&sdhci0 {' 'bus-width = <8>;'
	block "$O" '&sdhci0 {' 'non-removable;'
	block "$O" '&sdhci2 {' 'cd-gpios = <&gph3 2 GPIO_ACTIVE_LOW>;'
	block "$O" '&sdhci2 {' 'vmmc-supply = <&slate_sd_supplies>;'
	block "$O" '&sdhci2 {' 'status = "okay";'
	hasnt "$O" '&sdhci1 {'
	hasnt "$O" '&sdhci3 {'
	# SoC devices on their labels; the OTG controller brings its PHY
	block "$O" '&hsotg {' 'status = "okay";'
	block "$O" '&usbphy {' 'status = "okay";'
	block "$O" '&i2s0 {' 'status = "okay";'
	block "$O" '&uart1 {' 'status = "okay";'
	block "$O" '&rtc {' 'status = "okay";'
	block "$O" '&adc {' 'status = "okay";'
	block "$O" '&xusbxti {' 'clock-frequency = <24000000>;'
	# the framebuffer's window: a timing of &fimd's display-timings
	block "$O" '&fimd {' 'samsung,invert-vclk;'
	block "$O" '&fimd {' 'display-timings {'
	block "$O" '&fimd {' 'hactive = <800>;'
	block "$O" '&fimd {' 'hback-porch = <40>;'
	block "$O" '&fimd {' 'vfront-porch = <13>;'
	block "$O" '&fimd {' 'clock-frequency (the pixel clock'
	hasnt "$O" 'samsung,invert-vden'
	hasnt "$O" 'no rule for struct'
	hasnt "$O" 'GPIO number'
	hasnt "$O" 'IRQ number'
	hasnt "$O" 'no such node'
	hasnt "$O" 'no rule for call'
}

S=$SRC/samples/s5pv210-tablet.c
O=$TMP/tablet.dts
if ! "$BIN" convert -q --kernel "$KERNEL" "$S" -o "$O" --dtb "$TMP/tablet.dtb" \
	--report "$TMP/tablet.json" 2>"$TMP/err"; then
	bad "sample: convert failed: $(head -3 "$TMP/err")"
fi
grep -q '"soc": "s5pv210"' "$TMP/tablet.json" 2>/dev/null || bad "sample: the s5pv210 pack is not picked"
has "$O" '#include "s5pv210.dtsi"'
sample_checks "$O"
if [ -f "$TMP/tablet.dtb" ]; then
	"$BIN" diff "$O" "$TMP/tablet.dtb" --kernel "$KERNEL" >"$TMP/diff" 2>&1 ||
		bad "sample: the .dtb differs from the .dts: $(head -5 "$TMP/diff")"
fi

# A board of the test's own, 2.6.35 style: nothing in its path names the
# SoC, its record names s5pv210_init_irq; SMSC911x on EINT27 (gph3 line 3),
# an SDHCI slot with no card detect and no width (the default 4 bits), one
# whose detect is a board callback (a TODO) and 8 bits wide, a GPIO of a vendor memory-port bank s5pv210-pinctrl.dtsi lacks
# (a TODO, and the output still compiles), the framebuffer and the keypad
# (its platform data: rows, columns and a child node per key).
B=$TMP/board-s5p-test.c
cat >"$B" <<'EOF'
#include <linux/platform_device.h>
#include <linux/smsc911x.h>
#include <linux/gpio_keys.h>
#include <linux/input.h>
#include <mach/map.h>
#include <mach/irqs.h>
#include <plat/devs.h>
#include <plat/sdhci.h>
#include <plat/iic.h>

static struct resource lan_res[] = {
	{ .start = 0x88000000, .end = 0x880000ff, .flags = IORESOURCE_MEM },
	{ .start = IRQ_EINT(27), .end = IRQ_EINT(27),
	  .flags = IORESOURCE_IRQ | IORESOURCE_IRQ_LOWLEVEL },
};

static struct smsc911x_platform_config lan_cfg = {
	.irq_polarity	= SMSC911X_IRQ_POLARITY_ACTIVE_LOW,
	.irq_type	= SMSC911X_IRQ_TYPE_OPEN_DRAIN,
	.flags		= SMSC911X_USE_16BIT,
	.phy_interface	= PHY_INTERFACE_MODE_MII,
};

static struct platform_device lan = {
	.name		= "smsc911x",
	.id		= -1,
	.num_resources	= ARRAY_SIZE(lan_res),
	.resource	= lan_res,
	.dev		= { .platform_data = &lan_cfg },
};

static struct gpio_keys_button keys[] = {
	{ .gpio = S5PV210_MP10(2), .code = KEY_HOME, .desc = "home", .active_low = 1 },
	{ .gpio = S5PV210_GPH0(0), .code = KEY_MENU, .desc = "menu", .active_low = 1 },
};

static struct gpio_keys_platform_data keys_pd = { .buttons = keys, .nbuttons = 2 };

static struct platform_device keys_dev = {
	.name	= "gpio-keys",
	.id	= -1,
	.dev	= { .platform_data = &keys_pd },
};

static struct s3c_sdhci_platdata wifi_sd = {
	.max_width	= 8,
	.cd_type	= S3C_SDHCI_CD_EXTERNAL,
};

static struct s3c_sdhci_platdata poll_sd = {
	.cd_type	= S3C_SDHCI_CD_NONE,
};

static uint32_t box_keymap[] = { KEY(0, 0, KEY_MENU), KEY(2, 1, KEY_BACK) };
static struct matrix_keymap_data box_keymap_data = { .keymap = box_keymap, .keymap_size = 2 };
static struct samsung_keypad_platdata box_keypad = {
	.keymap_data = &box_keymap_data, .rows = 3, .cols = 2,
};

static struct s3c2410_platform_i2c i2c1_pd = {
	.bus_num	= 1,
	.frequency	= 100000,
};

static struct platform_device *devs[] __initdata = {
	&lan,
	&keys_dev,
	&s3c_device_hsmmc1,
	&s3c_device_hsmmc3,
	&s3c_device_i2c1,
	&s3c_device_fb,
	&samsung_device_keypad,
	&s3c_device_ts,
};

static void __init box_init(void)
{
	s3c_i2c1_set_platdata(&i2c1_pd);
	s3c_sdhci1_set_platdata(&wifi_sd);
	s3c_sdhci3_set_platdata(&poll_sd);
	samsung_keypad_set_platdata(&box_keypad);
	platform_add_devices(devs, ARRAY_SIZE(devs));
}

MACHINE_START(S5P_BOX, "S5PV210 box")
	.boot_params	= S5P_PA_SDRAM + 0x100,
	.init_irq	= s5pv210_init_irq,
	.map_io		= box_map_io,
	.init_machine	= box_init,
	.timer		= &s3c24xx_timer,
MACHINE_END
EOF
T=$TMP/box.dts
"$BIN" convert -q -v --kernel "$KERNEL" "$B" -o "$T" 2>"$TMP/err2" ||
	bad "test board: convert failed: $(head -3 "$TMP/err2")"
grep -F "SoC pack 's5pv210'" "$TMP/err2" | grep -q "s5pv210_init_irq" ||
	bad "test board: not picked by s5pv210_init_irq: $(grep -F 'SoC pack' "$TMP/err2")"
block "$T" '	ethernet@88000000 {' 'interrupt-parent = <&gph3>;'
block "$T" '	ethernet@88000000 {' 'interrupts = <3 IRQ_TYPE_LEVEL_LOW>;'
has "$T" 'gpios = <&gph0 0 GPIO_ACTIVE_LOW>;'
has "$T" '.gpio = S5PV210_MP10(2)'
hasnt "$T" '&mp10'
block "$T" '&i2c1 {' 'samsung,i2c-max-bus-freq = <100000>;'
block "$T" '&i2c1 {' 'status = "okay";'
block "$T" '&sdhci1 {' 'card detect by the board'"'"'s ext_cd_init() callback'
block "$T" '&sdhci3 {' 'broken-cd;'
# bus width: the historic default platform data's 4 bits (sdhci-s3c.c takes 1
# without bus-width) unless the board's own .max_width, set before or after
# the device is registered, says otherwise
block "$T" '&sdhci3 {' 'bus-width = <4>;'
block "$T" '&sdhci1 {' 'bus-width = <8>;'
[ "$(awk '$0 == "&sdhci1 {" { on = 1 } on { print } on && /^};?$/ { exit }' "$T" | grep -c 'bus-width')" = 1 ] ||
	bad "box.dts: &sdhci1 has not exactly one bus-width"
block "$T" '&fimd {' 'status = "okay";'
block "$T" '&keypad {' 'status = "okay";'
# samsung-keypad.c's DT path: rows, columns, one child node per key
block "$T" '&keypad {' 'samsung,keypad-num-rows = <3>;'
block "$T" '&keypad {' 'samsung,keypad-num-columns = <2>;'
awk '$0 == "&keypad {" { on = 1 } on { print } on && /^};?$/ { exit }' "$T" | tr -d '\t' | sed 's| */\*.*\*/||' | tr '\n' ' ' |
	grep -F 'key-2 { keypad,row = <2>; keypad,column = <1>; linux,code = <KEY_BACK>; };' >/dev/null ||
	bad "box.dts: &keypad: no key-2 node for KEY(2, 1, KEY_BACK)"
hasnt "$T" 'the keymap: one child node per key'
has "$T" 's3c_device_ts: touchscreen of the ADC block: no node in s5pv210.dtsi'
hasnt "$T" 'non-removable'

# 6.12: the .dtsi under samsung/, the same nodes.
if b2d_kernel612; then
	O12=$TMP/tablet612.dts
	"$BIN" convert -q --kernel "$KERNEL612" "$S" -o "$O12" --dtb "$TMP/tablet612.dtb" 2>"$TMP/err3" ||
		bad "sample against 6.12: convert failed: $(head -3 "$TMP/err3")"
	has "$O12" '#include "samsung/s5pv210.dtsi"'
	sample_checks "$O12"
	if [ -f "$TMP/tablet612.dtb" ]; then
		"$BIN" diff "$O12" "$TMP/tablet612.dtb" --kernel "$KERNEL612" >"$TMP/diff3" 2>&1 ||
			bad "sample against 6.12: the .dtb differs from the .dts: $(head -5 "$TMP/diff3")"
	fi
	"$BIN" convert -q --kernel "$KERNEL612" "$B" -o "$TMP/box612.dts" 2>/dev/null ||
		bad "test board against 6.12: convert failed"
	block "$TMP/box612.dts" '	ethernet@88000000 {' 'interrupt-parent = <&gph3>;'
else
	b2d_skip_part "pack_s5pv210.sh: no 6.12 tree: the 6.12 part"
fi

[ $fail = 0 ] && echo "pack_s5pv210.sh: ok"
exit $fail
