#!/usr/bin/env bash
# Rule packs s3c2416, s3c24xx, sa1100, ep93xx, iop32x, footbridge, cns3xxx on
# the real kernel corpus: every board file of these families converts
# (exit 0), gives one .dts per MACHINE_START, every .dts compiles with the
# kernel's cpp + dtc, the report accounts for what `extract --json` lists, each file picks its family's
# pack (S3C24xx boards s3c24xx/s3c2416, S3C64xx boards keep s3c64xx), plus
# exact checks of key properties. No fact file exists for these families.
#
#   bash pack_misc.sh BOARD2DTS SOURCE_DIR      (run by ctest; exit 77 = skipped)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/pack_common.sh"
pack_setup pack_misc.sh "$@"
FAMS='/mach-(s3c/mach-[a-z0-9_]+|sa1100/[a-z0-9_-]+|ep93xx/[a-z0-9_-]+|iop32x/[a-z0-9_-]+|footbridge/[a-z0-9_-]+|cns3xxx/[a-z0-9_-]+)\.c$'
MINE=$(printf '%s\n' "$LIST" | grep -E "$FAMS" | grep -vE 'mach-s3c/mach-(smdk64|mini6410|real6410|anw6410|crag6410|hmt|ncp|smartq|s3c64xx)')
pack_start

expected_soc() {
	case $1 in
	*/mach-s3c/mach-smdk2416.c) echo s3c2416 ;;
	*/mach-s3c/*) echo s3c24xx ;;
	*/mach-sa1100/*) echo sa1100 ;;
	*/mach-ep93xx/*) echo ep93xx ;;
	*/mach-iop32x/*) echo iop32x ;;
	*/mach-footbridge/*) echo footbridge ;;
	*/mach-cns3xxx/*) echo cns3xxx ;;
	esac
}

# Boards of several directories: DIR-BASE, so that equal basenames do not collide.
pack_outdir() { echo "$TMP/$(basename "$(dirname "$1")")-$2"; }

pack_convert_all
[ "$nfiles" -ge 50 ] || bad "only $nfiles board files of these families in the corpus list (expected 53)"

# Exact checks of key properties.
S=$TMP/mach-s3c-mach-smdk2416/mach-smdk2416.dts
has "$S" '#include "s3c2416.dtsi"'
# the board's own compatible, from the target's s3c2416-smdk2416.dts of the same board
has "$S" 'compatible = "samsung,smdk2416", "samsung,s3c2416";'
has "$S" 'xti: oscillator {'
has "$S" 'clock-frequency = <12000000>;'
has "$S" 'cd-gpios = <&gpf 1 GPIO_ACTIVE_LOW>;'
enabled "$S" sdhci_1 smdk2416
enabled "$S" uart_3 smdk2416
has "$S" '&watchdog {'
has "$S" '&i2c {'

M=$TMP/mach-s3c-mach-mini2440/mach-mini2440.dts
# The family base s3c24xx.dtsi, completed by the S3C2440 layer (base_layer:):
# the variant's compatibles and the GPIO banks of pinctrl-s3c24xx.c's table.
has "$M" '#include "s3c24xx.dtsi"'
has "$M" 'compatible = "board2dts,mini2440", "samsung,s3c24xx";'
has "$M" 'compatible = "samsung,s3c2440-pinctrl";'
has "$M" 'gpj: gpj-gpio-bank {'
hasnt "$M" 'gpk: gpk-gpio-bank {'
has "$M" 'compatible = "samsung,s3c2440-uart";'
has "$M" 'compatible = "samsung,s3c2440-i2c";'
# the NAND's last partition, MTDPART_SIZ_FULL: size 0, the rest of the device (drivers/mtd/mtdpart.c)
has "$M" 'reg = <0x560000 0>;'
# ... and the clocks the base leaves out: the S3C2440 clock controller and
# each node's clocks, by the macros of dt-bindings/clock/s3c2410.h.
has "$M" '#include <dt-bindings/clock/s3c2410.h>'
has "$M" 'clocks: clock-controller@4c000000 {'
has "$M" 'compatible = "samsung,s3c2440-clock";'
has "$M" 'clocks = <&clocks PCLK_UART0>, <&clocks PCLK_UART0>;'
has "$M" 'clock-names = "uart", "clk_uart_baud2";'
has "$M" 'clocks = <&clocks PCLK>;'
has "$M" 'clock-names = "watchdog";'
has "$M" 'ethernet@20000300 {'
has "$M" 'compatible = "davicom,dm9000";'
has "$M" 'linux,code = <KEY_F1>;'
# S3C2410_GPG(0) = gpg line 0, a bank the layer writes; so is the DM9000's
# IRQ_EINT7, GPF7's external interrupt.
has "$M" 'gpios = <&gpg 0 GPIO_ACTIVE_LOW>;	/* mach-mini2440.c:364 .gpio = S3C2410_GPG(0) */'
has "$M" 'interrupt-parent = <&gpf>;'
has "$M" 'interrupts = <7 IRQ_TYPE_EDGE_RISING>;'
hasnt "$M" 'is defined nowhere'
# "GPB" is no chip of the S3C24xx (its gpio-samsung.c says "GPIOB"): a TODO.
has "$M" 'GPIO chip "GPB": no gpio_chips entry names its node'
has "$M" 'clock-frequency = <12000000>;'
enabled "$M" uart_0 mini2440
enabled "$M" i2c mini2440
has "$M" 'compatible = "atmel,24c08";'
# Its four s3c24xx_led devices are the children of one gpio-leds node.
has "$M" 'compatible = "gpio-leds";	/* mach-mini2440.c:486 .name = "s3c24xx_led": one gpio-leds node holds every such device */'
has "$M" 'label = "led4";'
hasnt "$M" '"s3c24xx_led": no rule maps this driver name'
hasnt "$M" 'no .dtsi for this SoC'
# SoC devices s3c24xx.dtsi lacks, written by the layer (root_nodes with
# var:) because the machine registers them; their platform data on them.
has "$M" 'nand: nand-controller@4e000000 {'
has "$M" 'compatible = "samsung,s3c2440-nand";'
has "$M" 'reg = <0x4e000000 0x40>;'
has "$M" 'interrupts = <0 0 24 3>;'
has "$M" 'clocks = <&clocks HCLK_NAND>;'
has "$M" 'clock-names = "nand";'
enabled "$M" nand mini2440
has "$M" 'nand@0 {'
has "$M" 'nand-on-flash-bbt;'
has "$M" 'nand-ecc-mode = "hw";'
has "$M" 'compatible = "fixed-partitions";'
has "$M" 'label = "u-boot-env";'
has "$M" 'reg = <0x40000 0x20000>;'
has "$M" 'NAND TWRPH0 (ns)'
has "$M" 'the DT path of s3c2410.c reads no property for it'
hasnt "$M" 'SoC NAND controller: no node'
hasnt "$M" 'no rule for struct s3c2410_platform_nand'
hasnt "$M" 'no rule for struct s3c2410_nand_set'
has "$M" 'sdi: mmc@5a000000 {'
has "$M" 'compatible = "samsung,s3c2440-sdi";'
has "$M" 'interrupts = <0 0 21 3>;'
has "$M" 'clocks = <&clocks PCLK_SDI>;'
enabled "$M" sdi mini2440
has "$M" 'wp-inverted;'
has "$M" 'cd-gpios = <&gpg 8 GPIO_ACTIVE_LOW>;'
has "$M" 'wp-gpios = <&gph 8 GPIO_ACTIVE_HIGH>;'
has "$M" 'card voltages (MMC_VDD_* mask)'
hasnt "$M" 'no rule for struct s3c24xx_mci_pdata'
hasnt "$M" 'SoC SD/MMC interface: no node'
# mini2440 registers no ADC: no node for it.
hasnt "$M" 'adc@58000000'
# the USB host (ohci-s3c2410.c): its clocks the S3C2410 clock driver's
# "usb-bus-host" (UCLK) and "usb-host" (HCLK_USBH)
has "$M" 'ohci: usb@49000000 {'
has "$M" 'compatible = "samsung,s3c2410-ohci";'
has "$M" 'interrupts = <0 0 26 3>;'
has "$M" 'clocks = <&clocks UCLK>, <&clocks HCLK_USBH>;'
has "$M" 'clock-names = "usb-bus-host", "usb-host";'
enabled "$M" ohci mini2440
hasnt "$M" 'SoC USB host: no node'

# An S3C2410 board: the target's pinctrl driver has no S3C2410 table, so no
# banks and no pin-controller compatible; its GPIO references stay TODOs.
B=$TMP/mach-s3c-mach-bast/mach-bast.dts
has "$B" '#include "s3c24xx.dtsi"'
has "$B" 'no driver of the target names samsung,s3c2410-pinctrl with a bank table'
hasnt "$B" 'samsung,s3c2410-pinctrl";'
hasnt "$B" 'gpio-bank {'
has "$B" 'compatible = "samsung,s3c2410-clock";'
has "$B" 'clock-names = "uart", "clk_uart_baud0";'
# The S3C2410's NAND (four sets: nand@0..3, soft ECC on each) and ADC.
has "$B" 'nand: nand-controller@4e000000 {'
has "$B" 'compatible = "samsung,s3c2410-nand";'
has "$B" 'nand@3 {'
has "$B" 'nand-ecc-mode = "soft";'
has "$B" 'MTD name: the DT driver names the chip'
has "$B" 'chip-select callback of the board'
has "$B" 'adc: adc@58000000 {'
has "$B" 'compatible = "samsung,s3c2410-adc";'
has "$B" 'interrupts = <1 31 10 4>, <1 31 9 4>;'
has "$B" 'clocks = <&clocks PCLK_ADC>;'
has "$B" '#io-channel-cells = <1>;'
has "$B" 'vdd-supply (the binding requires it)'
enabled "$B" adc bast
hasnt "$B" 'SoC ADC: no node'

A=$TMP/mach-sa1100-assabet/assabet.dts
has "$A" 'compatible = "gpio-leds";'
has "$A" 'label = "assabet:red";'
has "$A" 'compatible = "regulator-fixed";'
has "$A" 'regulator-min-microvolt = <3300000>;'

N=$TMP/mach-iop32x-n2100/n2100.dts
has "$N" 'flash@f0000000 {'
has "$N" 'compatible = "cfi-flash";'
has "$N" 'I2C devices on a SoC bus: no .dtsi for this SoC'
# serial8250 platform_data (a terminated plat_serial8250_port[]) -> ns16550a
has "$B" 'serial@118002f8 {'
has "$B" 'serial@118003f8 {'
has "$B" 'reg = <0x118003f8 0x8>;	/* mach-bast.c:335 .mapbase = SERIAL_BASE + 0x3f8 */'
hasnt "$B" 'one more device in this array'
has "$N" 'serial@fe800000 {'
has "$N" 'compatible = "ns16550a";'
has "$N" 'clock-frequency = <1843200>;	/* n2100.c:175 .uartclk = 1843200 */'

C=$TMP/mach-cns3xxx-cns3420vb/cns3420vb.dts
has "$C" 'compatible = "generic-ehci";'
has "$C" 'reg = <0x10000000 0x8000000>;'

E=$TMP/mach-ep93xx-simone/simone.dts
has "$E" 'ep93xx_register_eth(&simone_eth_data, 1): SoC Ethernet MAC'

# An S3C64xx board in the same directory keeps its own pack.
S64=$(printf '%s\n' "$LIST" | grep -E '/mach-s3c/mach-mini6410\.c$' | head -1)
[ -n "$S64" ] || bad "mach-mini6410.c is not in the corpus list"
IFS=$'\t' read -r bd f <<<"$S64"
"$BIN" convert -p "$bd" --kernel "$K" "$f" -o "$TMP/m6410.dts" --report "$TMP/m6410.json" 2>/dev/null ||
	bad "mini6410: convert failed"
grep -q '"soc": "s3c64xx"' "$TMP/m6410.json" 2>/dev/null || bad "mini6410 no longer picks the s3c64xx pack"

# SoC devices s3c64xx.dtsi lacks, from the pack's `soc_nodes:` (written for
# a machine that registers them): the NAND controller (s3c2410.c's
# "samsung,s3c2412-nand", devs.c's S3C_PA_NAND SZ_1M, the S3C6410's
# MEM0_NFCON gate) that the NAND platform data then fills, and the ADC
# (exynos_adc.c; devs.c's IRQ_ADC, IRQ_TC as VIC1 inputs 31, 30).
M=$TMP/m6410.dts
has "$M" 'nand: nand-controller@70200000 {'
has "$M" 'compatible = "samsung,s3c2412-nand";'
has "$M" 'reg = <0x70200000 0x100000>;'
has "$M" 'clocks = <&clocks MEM0_NFCON>;'
has "$M" 'clock-names = "nand";'
enabled "$M" nand mini6410
has "$M" 'nand-ecc-mode = "soft";	/* mach-mini6410.c:138 .engine_type = NAND_ECC_ENGINE_TYPE_SOFT */'
has "$M" 'label = "uboot";'
hasnt "$M" 'no NAND controller node in s3c64xx.dtsi'
hasnt "$M" 'NAND platform data: no NAND controller node'
has "$M" 'adc: adc@7e00b000 {'
has "$M" 'compatible = "samsung,s3c6410-adc";'
has "$M" 'reg = <0x7e00b000 0x100>;'
has "$M" 'interrupt-parent = <&vic1>;'
has "$M" 'interrupts = <31>, <30>;'
has "$M" 'clocks = <&clocks PCLK_TSADC>;'
has "$M" 's3c_device_adc: vdd-supply (the binding requires it)'
enabled "$M" adc mini6410
hasnt "$M" 'no ADC node in s3c64xx.dtsi'

# An S3C6400 board (SMDK6400) gets the target's s3c6400.dtsi and its
# compatible (s3c64xx pack dtsi_variants), an S3C6410 one s3c6410.dtsi.
"$BIN" convert --kernel "$K" "$K/arch/arm/mach-s3c/mach-smdk6400.c" -o "$TMP/smdk6400.dts" 2>/dev/null ||
	bad "smdk6400: convert failed"
has "$TMP/smdk6400.dts" '#include "s3c6400.dtsi"'
has "$TMP/smdk6400.dts" '"samsung,s3c6400";'
hasnt "$TMP/smdk6400.dts" 's3c6410'
"$BIN" convert --kernel "$K" "$K/arch/arm/mach-s3c/mach-smdk6410.c" -o "$TMP/smdk6410.dts" 2>/dev/null ||
	bad "smdk6410: convert failed"
has "$TMP/smdk6410.dts" '#include "s3c6410.dtsi"'
# The keypad (samsung-keypad.c's "samsung,s3c6410-keypad", `soc_nodes:`)
# with the board's matrix: one child per key (samsung_keymap_data).
M=$TMP/smdk6410.dts
has "$M" 'keypad: keypad@7e00a000 {'
has "$M" 'compatible = "samsung,s3c6410-keypad";'
has "$M" 'reg = <0x7e00a000 0x20>;'
has "$M" 'interrupt-parent = <&vic0>;'
has "$M" 'interrupts = <22>;'
has "$M" 'clocks = <&clocks PCLK_KEYPAD>;'
has "$M" 'clock-names = "keypad";'
has "$M" 'samsung_device_keypad: pinctrl-0 (the binding requires it)'
enabled "$M" keypad smdk6410
has "$M" 'samsung,keypad-num-rows = <2>;'
has "$M" 'samsung,keypad-num-columns = <8>;'
has "$M" 'linux,code = <KEY_E>;'
hasnt "$M" 'no keypad node in s3c64xx.dtsi'
# The NAND entry is for s3c6410.dtsi only (MEM0_NFCON is no S3C6400 gate):
# SMDK6400 with s3c_device_nand registered gets the TODO, not the node.
mkdir -p "$TMP/s6400"
sed -e 's/&s3c_device_i2c0,/&s3c_device_i2c0, \&s3c_device_nand,/' \
    "$K/arch/arm/mach-s3c/mach-smdk6400.c" >"$TMP/s6400/mach-smdk6400.c"
grep -q 's3c_device_nand' "$TMP/s6400/mach-smdk6400.c" || bad "the SMDK6400 test board registers no NAND"
"$BIN" convert --kernel "$K" "$TMP/s6400/mach-smdk6400.c" -o "$TMP/s6400/smdk6400.dts" 2>/dev/null ||
	bad "smdk6400 with NAND: convert failed"
has "$TMP/s6400/smdk6400.dts" "no NAND controller node in s3c64xx.dtsi; the pack's soc_nodes entry is not for s3c6400.dtsi"
hasnt "$TMP/s6400/smdk6400.dts" 'nand-controller@'

# The variant by the board's path, as in a 2.6.3x-3.x tree (arch/arm/
# mach-s3c2440/), when the board names no variant setup call: the 6.1
# mini2440 without its s3c2440_* calls, in tolerant mode.
mkdir -p "$TMP/old/mach-s3c2440" "$TMP/old/other"
sed -e 's/s3c2440_init_clocks(12000000);/s3c24xx_init_clocks(12000000);/' \
    -e 's/\.init_irq[[:space:]]*=[[:space:]]*s3c2440_init_irq,//' \
    "$K/arch/arm/mach-s3c/mach-mini2440.c" >"$TMP/old/mach-s3c2440/mach-mini2440.c"
cp "$TMP/old/mach-s3c2440/mach-mini2440.c" "$TMP/old/other/mach-mini2440.c"
grep -q 's3c2440_init' "$TMP/old/other/mach-mini2440.c" && bad "the path test's board still names an s3c2440 call"
"$BIN" convert --kernel "$K" "$TMP/old/mach-s3c2440/mach-mini2440.c" -o "$TMP/old/by-path.dts" 2>/dev/null ||
	bad "mini2440 under mach-s3c2440/: convert failed"
has "$TMP/old/by-path.dts" 'compatible = "samsung,s3c2440-pinctrl";'
has "$TMP/old/by-path.dts" 'gpios = <&gpg 0 GPIO_ACTIVE_LOW>;'
"$BIN" convert --kernel "$K" "$TMP/old/other/mach-mini2440.c" -o "$TMP/old/unknown.dts" 2>/dev/null ||
	bad "mini2440 with no variant: convert failed"
has "$TMP/old/unknown.dts" 'SoC variant not known'
hasnt "$TMP/old/unknown.dts" 'gpio-bank {'

echo "pack_misc.sh: $nfiles board files checked"
exit $fail
