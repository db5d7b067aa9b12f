#!/usr/bin/env bash
# Rule packs pxa25x, pxa27x, pxa3xx (+ bindings/pxa.yaml) and pxa168, pxa910,
# mmp2 on the real kernel corpus: every arch/arm/mach-pxa and arch/arm/mach-mmp
# board file converts (exit 0), gives one .dts per MACHINE_START, every .dts
# compiles with the kernel's cpp + dtc, the report accounts for what `extract --json` lists, each file
# picks its SoC pack (from .init_irq in MACHINE_START); exact checks of key
# properties. No fact file exists for these boards (no recall floor).
#
#   bash pack_pxa.sh BOARD2DTS SOURCE_DIR      (run by ctest; exit 77 = skipped)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/pack_common.sh"
pack_setup pack_pxa.sh "$@"
MINE=$(printf '%s\n' "$LIST" | grep -E '/mach-(pxa|mmp)/[a-z0-9_-]+\.c$')
pack_start

# The SoC each board's MACHINE_START runs (.init_irq, directly or via a board hook).
expected_soc() {
	if grep -q 'pxa25x_init_irq' "$1"; then echo pxa25x
	elif grep -q 'pxa27x_init_irq' "$1"; then echo pxa27x
	elif grep -q 'pxa3xx_init_irq' "$1"; then echo pxa3xx
	elif grep -q 'pxa168_init_irq' "$1"; then echo pxa168
	elif grep -q 'pxa910_init_irq' "$1"; then echo pxa910
	elif grep -q 'mmp2_init_irq' "$1"; then echo mmp2
	fi
}

pack_convert_all
[ "$nfiles" -ge 51 ] || bad "only $nfiles pxa/mmp board files in the corpus list (expected 51)"

# okay FILE &LABEL: the node's block says status = "okay" (grep reads all its
# input: an early exit would kill sed with SIGPIPE under pipefail).
okay() {
	sed -n "/^$2 {/,/^};/p" "$1" 2>/dev/null | grep 'status = "okay"' >/dev/null ||
		bad "$(basename "$1"): $2 not enabled"
}

# PXA27x: Spitz (gpio-keys on global GPIO numbers, gpio-pxa lookups on &mmc0, OHCI flags).
E=$TMP/spitz/spitz.SPITZ.dts
has "$E" '#include "pxa27x.dtsi"'
has "$E" 'gpios = <&gpio 95 GPIO_ACTIVE_HIGH>;'
has "$E" 'cd-gpios = <&gpio 9 GPIO_ACTIVE_LOW>;'
has "$E" 'marvell,enable-port3;'
okay "$E" '&ffuart'
okay "$E" '&mmc0'
okay "$E" '&pxai2c1'
okay "$E" '&pwri2c'
E=$TMP/mainstone/mainstone.dts
has "$E" 'keypad,num-rows = <6>;'
okay "$E" '&keypad'
# matrix_keymap_data -> linux,keymap, KEY(r, c, code) as MATRIX_KEY
has "$E" 'linux,keymap = <MATRIX_KEY(0, 0, KEY_A) MATRIX_KEY(1, 0, KEY_B) MATRIX_KEY(2, 0, KEY_C) MATRIX_KEY(3, 0, KEY_D)'
has "$E" '#include <dt-bindings/input/input.h>'
# &mst_flash_device[1], .platform_data = &mst_flash_data[1], .resource =
# &flash_resources[1]: one node per array element, each with its own data
has "$E" 'flash@4000000 {'
has "$E" 'reg = <0x4000000 0x4000000>;	/* mainstone.c:193 flash_resources[1] */'
has "$E" 'bank-width = <4>;	/* mainstone.c:580 4 */'
has "$E" 'reg = <0x0 0x4000000>;	/* mainstone.c:188 flash_resources */'
hasnt "$E" 'one more device in this array'
# pwm_add_table, called before the backlight is registered: pwms on it
# (pxa27x-pwm.0 channel 0 = &pwm0, #pwm-cells = <1>: the period)
has "$E" 'pwms = <&pwm0 78770>;	/* mainstone.c:252 mainstone_pwm_lookup[0] */'
# platform_pwm_backlight_data: the legacy linear scale as interpolated levels
has "$E" 'brightness-levels = <0 1023>;'
has "$E" 'num-interpolated-steps = <1023>;'
has "$E" 'default-brightness-level = <1023>;'
E=$TMP/colibri-pxa270/colibri-pxa270.COLIBRI.dts
has "$E" 'interrupt-parent = <&gpio>;'
has "$E" 'interrupts = <114 IRQ_TYPE_EDGE_RISING>;'
# PXA25x: the alias fix-up keeps pxa25x.dtsi compilable; bus 0 = &pxai2c1.
E=$TMP/corgi/corgi.CORGI.dts
has "$E" '#include "pxa25x.dtsi"'
has "$E" 'i2c0 = &pxai2c1;'
has "$E" 'wp-gpios = <&gpio 7 GPIO_ACTIVE_LOW>;'
okay "$E" '&pxai2c1'
# matrix-keypad -> gpio-matrix-keypad: GPIO arrays, board-macro key codes as numbers
has "$E" 'compatible = "gpio-matrix-keypad";'
has "$E" 'row-gpios = <&gpio 58 GPIO_ACTIVE_HIGH>, <&gpio 59 GPIO_ACTIVE_HIGH>, <&gpio 60 GPIO_ACTIVE_HIGH>,'
has "$E" 'MATRIX_KEY(3, 9, KEY_RIGHTSHIFT) MATRIX_KEY(4, 0, 60)'
has "$E" 'debounce-delay-ms = <10>;'
hasnt "$E" 'no rule for struct matrix_keypad_platform_data'
# MFP tables -> pin groups under &pinctrl (pinctrl-pxa27x.c / pinctrl-pxa25x.c
# of the target tree). Mainstone: the MMC pins go to &mmc0, the keypad's to
# &keypad, the LCD pins to &lcdc (pxa_set_fb_info enables it).
E=$TMP/mainstone/mainstone.dts
sed -n '/^&mmc0 {/,/^};/p' "$E" | grep -F 'pinctrl-0 = <&mmc_pins>;' >/dev/null ||
	bad "mainstone.dts: &mmc0 has no pinctrl-0 = <&mmc_pins>"
sed -n '/^&keypad {/,/^};/p' "$E" | grep -F 'pinctrl-0 = <&kp_pins>;' >/dev/null ||
	bad "mainstone.dts: &keypad has no pinctrl-0 = <&kp_pins>"
has "$E" 'mmc_pins: mmc-pins {'
has "$E" 'pins = "P32";	/* mainstone.c:69 GPIO32_MMC_CLK */'
has "$E" 'function = "MMCLK";'
has "$E" 'function = "MMDAT<3>";'
sed -n '/^&lcdc {/,/^};/p' "$E" | grep -F 'pinctrl-0 = <&lcd_pins>;' >/dev/null ||
	bad "mainstone.dts: &lcdc has no pinctrl-0 = <&lcd_pins>"
has "$E" 'pinctrl-0 = <&pwm0_pins'
# pxa_set_fb_info(): &lcdc's endpoint to a panel, as pxafb.c's DT path reads;
# Mainstone picks its mode at run time (a TODO), Littleton's two modes are
# display-timings (pixclock 38250 ps: 26143791 Hz).
has "$E" 'remote-endpoint = <&panel_in>;'
has "$E" 'bus-width = <16>;'
has "$E" 'display-timings: the info names no .modes array of this file'
E=$TMP/littleton/littleton.dts
has "$E" 'clock-frequency = <26143791>;'
has "$E" 'hactive = <480>;'
has "$E" 'timing-1 {'
E=$TMP/mainstone/mainstone.dts
has "$E" 'function = "L_PCLK_WR";'
# GPIO15 as nCS<1> (AF2 out): pinctrl-pxa27x.c lists P15 as a GPIO-only pin
has "$E" 'pins not in groups: GPIO15_nCS_1 (P15 AF2 output: drivers/pinctrl/pxa/pinctrl-pxa27x.c has no such function)'
hasnt "$E" 'mainstone_pin_config[]: an array'
hasnt "$E" 'MFP pin configuration: write pinctrl nodes'
E=$TMP/corgi/corgi.CORGI.dts
has "$E" 'mmc_pins: mmc-pins {'
has "$E" 'function = "MMCCLK";'
# No PXA25x/27x board of the tree has an upstream .dts with pin groups, and the
# tree has no binding document for these controllers (the driver reads the
# generic pins/function form): every group of every PXA25x/27x output is
# checked against the driver's table and the board's MFP macro instead.
checked=0
for E in "$TMP"/*/*.dts; do
	soc=$(grep -o '#include "pxa2[57]x.dtsi"' "$E" | grep -o 'pxa2[57]x') || continue
	grep -q 'function = ' "$E" || continue
	checked=$((checked + 1))
	python3 "$SRC/tests/scripts/lib/pxa_pins_check.py" "$E" \
		"$K/drivers/pinctrl/pxa/pinctrl-$soc.c" "$K/arch/arm/mach-pxa/mfp-pxa2xx.h" \
		"$K/arch/arm/mach-pxa/mfp-$soc.h" >"$TMP/pins.out" 2>&1 ||
		bad "$(basename "$E"): pin groups disagree with the kernel: $(head -c 400 "$TMP/pins.out")"
done
[ "$checked" -ge 40 ] || bad "only $checked PXA25x/27x outputs with pin groups (expected 40+)"
# PXA3xx: MFP tables -> pinctrl-single groups, the cells written with the
# MFP_PIN_PXA3x0() macro of the header the board includes, checked word by
# word against the kernel's mfp-pxa300.h / mfp-pxa320.h; a pin whose offset
# differs between the PXA300 and the PXA310 is a TODO naming the --assume.
E=$TMP/littleton/littleton.dts
hasnt "$E" 'littleton_mfp_cfg[]: an array'
has "$E" 'pinctrl-single,pins = <MFP_PIN_PXA300(3) MFP_AF4>'
has "$E" 'decide with --assume cpu_is_pxa310=0 or 1'
# the MMC pins, then the card-detect line's GPIO pin (cd-gpios <&gpio 15>)
sed -n '/^&mmc0 {/,/^};/p' "$E" | grep -F 'pinctrl-0 = <&mmc0_pins &mmc0_pins_2>;' >/dev/null ||
	bad "littleton.dts: &mmc0 has no pinctrl-0 = <&mmc0_pins &mmc0_pins_2>"
sed -n '/mmc0_pins_2: mmc0-pins-2 {/,/};/p' "$E" | grep -F '<MFP_PIN_PXA300(15) MFP_AF0>' >/dev/null ||
	bad "littleton.dts: GPIO15 (card detect) is not in &mmc0's second group"
has "$TMP/colibri-pxa320/colibri-pxa320.dts" '<MFP_PIN_PXA320(22) MFP_AF4>'
# The family code colibri-evalboard.c: machine_is_colibri() names the PXA270
# COLIBRI of the mach-types registry, not COLIBRI300 (whose words it starts),
# so a PXA300 Colibri's card detect is its own GPIO13 alone; the PXA270
# Colibri also gets the PXA320's table, after its own, which gpiolib never
# reads (the first table for a device wins): GPIO0 alone.
has "$TMP/colibri-pxa300/colibri-pxa300.dts" 'cd-gpios = <&gpio 13 GPIO_ACTIVE_LOW>;'
has "$TMP/colibri-pxa270/colibri-pxa270.COLIBRI.dts" 'cd-gpios = <&gpio 0 GPIO_ACTIVE_LOW>;'
has "$TMP/colibri-pxa270/colibri-pxa270.COLIBRI.dts" 'a second GPIO lookup table for "pxa2xx-mci.0"'
for b in littleton colibri-pxa320 cm-x300 colibri-pxa300 icontrol; do
	/usr/bin/python3 "$SRC/tests/scripts/lib/pxa3xx_pins_check.py" "$TMP/$b/report.json" \
		"$TMP/$b/$b.dts" "$K/arch/arm/mach-pxa" --min 5 >"$TMP/pins3.out" 2>&1 ||
		bad "$b.dts: PXA3xx pin groups disagree with the kernel: $(head -c 400 "$TMP/pins3.out")"
done
# the PXA93x: no MFPR macro in pxa3xx.dtsi; the offsets are read from the
# MFP address map of the board's own tree (pxa930.c) and checked, word by
# word, against mfp-pxa930.h and pxa930.c by the checker's own parser.
E=$TMP/saar/saar.dts
has "$E" 'pinctrl-single,pins = <0x500 MFP_AF1>'
hasnt "$E" 'no MFPR offset macro'
sed -n '/^&lcdc {/,/^};/p' "$E" | grep -F 'pinctrl-0 = <&lcdc_pins>;' >/dev/null ||
	bad "saar.dts: &lcdc has no pinctrl-0 = <&lcdc_pins>"
for b in saar tavorevb; do
	/usr/bin/python3 "$SRC/tests/scripts/lib/pxa3xx_pins_check.py" "$TMP/$b/report.json" \
		"$TMP/$b/$b.dts" "$K/arch/arm/mach-pxa" --min 20 >"$TMP/pins93.out" 2>&1 ||
		bad "$b.dts: PXA93x pin groups disagree with the kernel: $(head -c 400 "$TMP/pins93.out")"
done
# MAX1587A (rules/bindings/maxim-pmic.yaml): v3-gain and the V3 output under
# regulators, named as drivers/regulator/max1586.c's table names it.
E=$TMP/hx4700/hx4700.dts
sed -n '/max1586@14 {/,/^\t};/p' "$E" >"$TMP/max1586.txt"
has "$TMP/max1586.txt" 'compatible = "maxim,max1586";'
has "$TMP/max1586.txt" 'v3-gain = <1051098>;'
has "$TMP/max1586.txt" 'Output_V3 {'
has "$TMP/max1586.txt" 'regulator-max-microvolt = <1705000>;'
hasnt "$E" 'no rule for struct max1586'
E=$TMP/zylonite/zylonite.dts
has "$E" '#include "pxa3xx.dtsi"'
has "$E" 'marvell,power-control-low;'
okay "$E" '&usb0'
E=$TMP/cm-x300/cm-x300.dts
has "$E" 'interrupts = <99 IRQ_TYPE_EDGE_RISING>;'
# PXA168: the unlabelled gpio node by path; pxa168_add_twsi(1) -> &twsi2.
E=$TMP/aspenite/aspenite.ASPENITE.dts
has "$E" '#include "pxa168.dtsi"'
has "$E" 'interrupt-parent = <&{/soc/apb@d4000000/gpio@d4019000}>;'
has "$E" 'interrupts = <27 IRQ_TYPE_EDGE_RISING>;'
okay "$E" '&uart1'
okay "$E" '&twsi2'
E=$TMP/ttc_dkb/ttc_dkb.dts
has "$E" '#include "pxa910.dtsi"'
okay "$E" '&twsi1'
# 88pm860x.txt requires the interrupt controller; .irq_base is Linux numbering
has "$E" '#interrupt-cells = <1>;	/* ttc_dkb.c:150 */'
hasnt "$E" 'no rule for struct pm860x_platform_data'
# platform_device_add_data(&pxa910_device_gpio, ...) is its .dev.platform_data
hasnt "$E" 'no rule for call platform_device_add_data'
hasnt "$E" 'no rule for struct pxa_gpio_platform_data'
# MAX8925 (jasper): maxim,tsc-irq (6.1 max8925_dt_init() fails without it),
# the interrupt controller, and the backlight/charger children (all five
# charger properties: max8925_power.c reads them into uninitialised locals)
E=$TMP/jasper/jasper.dts
has "$E" 'maxim,tsc-irq = <0>;	/* jasper.c:138 .tsc_irq = 0 (not written: C zero-initializes it) */'
has "$E" 'interrupt-controller;	/* jasper.c:150 */'
has "$E" 'maxim,max8925-dual-string = <0>;	/* jasper.c:129 .dual_string = 0 */'
has "$E" 'fast-charge = <7>;	/* jasper.c:135 .fast_charge = MAX8925_FCHG_1000MA */'
has "$E" 'no-insert-detect = <0>;	/* jasper.c:132 .no_insert_detect = 0 (not written: C zero-initializes it) */'
hasnt "$E" 'no rule for struct max8925'
# MMP2: mmp2_add_sdhost(0/2) -> &mmc1/&mmc3, mmp2_add_uart(3) -> &uart3.
E=$TMP/brownstone/brownstone.dts
has "$E" '#include "mmp2.dtsi"'
okay "$E" '&mmc1'
okay "$E" '&mmc3'
# PXA_FLAG_SD_8_BIT_CAPABLE_SLOT (sdhci-pxav3.c: MMC_CAP_8_BIT_DATA)
has "$E" 'bus-width = <8>;	/* brownstone.c:194 .flags = PXA_FLAG_CARD_PERMANENT | PXA_FLAG_SD_8_BIT_CAPABLE_SLOT */'
okay "$E" '&uart3'
okay "$E" '&twsi1'
# GPIO_LOOKUP("gpio-pxa", 89, ...): gpio-pxa.c's one chip is the MMP2's &gpio too
has "$E" 'gpio = <&gpio 89 GPIO_ACTIVE_HIGH>;	/* brownstone.c:164 brownstone_v_5vp_gpiod_table.table[0] */'
# gpio-vbus (a GPIO lookup table for "gpio-vbus") on a PXA27x: a usb-nop-xceiv
# PHY with the VBUS line as vbus-detect-gpio, &pxa27x_udc's phys pointing to
# it and pxa_set_udc_info()'s .gpio_pullup as its gpios (6.1 pxa_udc_probe()
# fails without either); on a PXA25x (tosa) no DT UDC takes it: a draft.
E=$TMP/mioa701/mioa701.dts
has "$E" 'usb_phy: usb-phy {'
has "$E" 'compatible = "usb-nop-xceiv";	/* mioa701.c:680 .name = "gpio-vbus" */'
has "$E" 'vbus-detect-gpio = <&gpio 13 GPIO_ACTIVE_LOW>;	/* mioa701.c:372 gpio_vbus_gpiod_table.table[0] */'
has "$E" 'phys = <&usb_phy>;	/* mioa701.c:680 .name = "gpio-vbus": its USB transceiver */'
has "$E" 'gpios = <&gpio 22 GPIO_ACTIVE_HIGH>;	/* mioa701.c:366 .gpio_pullup = GPIO22_USB_ENABLE */'
okay "$E" '&pxa27x_udc'
hasnt "$E" 'no rule for struct pxa2xx_udc_mach_info'
# vpac270: the pull-up is switched by UP2OCR writes (.udc_command): the UDC's DT probe has no gpios
E=$TMP/vpac270/vpac270.dts
has "$E" 'vbus-detect-gpio = <&gpio 41 GPIO_ACTIVE_HIGH>;'
has "$E" 'no gpios, which the target'"'"'s driver requires'
E=$TMP/tosa/tosa.dts
hasnt "$E" 'usb-nop-xceiv'
hasnt "$E" 'usb-phy {'
has "$E" 'no USB device controller of the target'"'"'s SoC .dtsi takes it by phys'

[ "$fail" = 0 ] && echo "pack_pxa.sh: $nfiles board files OK"
exit "$fail"
