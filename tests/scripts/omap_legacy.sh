#!/usr/bin/env bash
# OMAP3 board files of the 2.6.3x - 3.x kernels, as users bring them:
# samples/board-omap3-terminal.c (own code in the 2.6.39 - 3.0 style)
# converted in tolerant mode against the 6.1 and the 6.12 tree (flat and
# ti/omap/ layouts). Checks the general mechanisms, each with a concrete
# node/property:
#   - a TPS65930 (TWL4030 variant) is "ti,twl4030" + twl4030.dtsi, and the
#     twl4030 platform data's keypad (&twl_keypad, no trailing 0 entry, a
#     PERSISTENT_KEY, the 3x3 matrix the board wires), USB (&usb2_phy) and VIO (&vio) go on the labels the
#     tail include defines (no "no such node" TODO);
#   - spi_register_board_info() bus_num 1 is &mcspi1; the ads7846 pdata are
#     u16 properties (/bits/ 16), its supply "spi1.0" finds the node;
#   - usbhs_init(): &usbhshost port1-mode, &usbhsehci enabled, the port's
#     PHY reset GPIO a TODO, &usbhsohci disabled; usb_musb_init(): &usb_otg_hs
#     mode/interface-type/power (mA/2) and its PHY &usb2_phy;
#   - omap_display_init(): &dss enabled; the DVI output a TFP410 encoder
#     (powerdown-gpios active low) and a dvi-connector linked to &dss's
#     dpi_out (data-lines), the TV output a composite connector on &venc
#     (ti,channels 1, vdda-supply from the VDAC's "omapdss_venc" supply),
#     the LCD panel a TODO;
#   - smsc911x_platform_config: reg-io-width, smsc,save-mac-address;
#   - gpmc_smsc911x_init() (the media box): ethernet@gpmc under &gpmc with
#     reg <CS 0 0xff> and its GPIO as a level-low interrupt, completed by
#     the target's omap-gpmc-smsc911x.dtsi;
#   - omap_ads7846_init(1, gpio, 310, NULL) (the media box): a ti,ads7846
#     on &mcspi1 CS0 at 1.5 MHz with the helper's default data, its pen-down
#     GPIO both the interrupt and pendown-gpio (active low);
#     usb_musb_init(NULL): &usb_otg_hs with the helper's defaults (ULPI, OTG,
#     power 50 in 2 mA units);
#   - an AM3517 board: am35xx_emac_init() enables &davinci_emac and
#     &davinci_mdio (bus_freq), the 3.x AM35XX_IPSS_* addresses find &hecc;
#   - twl4030_bci_platform_data (an OMAP2430 board): &charger's
#     ti,bb-uvolt / ti,bb-uamp, the battery temperature table a TODO;
#   - the --dtb written by board2dts equals the .dts (16-bit cells encoded);
#   - a TI81xx board (ti81xx_init_early) gets no OMAP3 pack;
#   - the root compatible: the terminal names no OMAP3 variant (a TODO),
#     the media box calls omap35xx_init_early (no TODO); a board whose
#     file and machine name the AM3517, or that spells its AM35XX_ /
#     INT_35XX_ macros, includes am3517.dtsi and is
#     "ti,am3517", "ti,omap3" (the .dtsi keeps omap3.dtsi's 3430), one
#     named for the OMAP3730 includes omap36xx.dtsi ("ti,omap3630"), as
#     does the OMAP3630 machine of a file whose other is an OMAP3530;
#   - an OMAP2430 board: its TWL4030 on INT_24XX_SYS_NIRQ is interrupts =
#     <7>, its MUSB's MUSB_INTERFACE_ULPI / MUSB_OTG are known, and
#     gpmc_smc91x_init() is the LAN91C96 under &gpmc at 0x300 of its chip
#     select, its GPIO interrupt level low (.flags' IORESOURCE_IRQ_LOWLEVEL);
#   - 3.2 - 3.x omap3_pmic_get_config(): the audio module, &venc vdda-supply
#     and &dss vdds_dsi-supply from its VDAC / VPLL2 data, a store through
#     the .vpll2 it set on &vpll2, the board's own .usb kept;
#     omap4_pmic_get_config() on TWL data without an initializer: the
#     TWL6030 LDOs' voltages, &mmc1 vmmc-supply, &dsi1 vdd-supply.
#
#   bash omap_legacy.sh BOARD2DTS SOURCE_DIR      (run by ctest; exit 77 = skipped)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init omap_legacy.sh "$@"
b2d_shared_cache
b2d_tmpdir b2d-omap-legacy
C=$SRC/samples/board-omap3-terminal.c

has() { # file text
	if grep -qF -- "$2" "$1"; then b2d_ok "$(basename "$1"): $2"; else b2d_bad "$(basename "$1"): lacks $2"; fi
}
lacks() {
	if grep -qF -- "$2" "$1"; then b2d_bad "$(basename "$1"): has $2"; else b2d_ok "$(basename "$1"): no $2"; fi
}
# block FILE LABEL: the text of the overlay &LABEL { ... };
block() { awk -v l="&$2 {" 'index($0, l) == 1 {on = 1} on {print} on && /^};/ {exit}' "$1"; }
# has_in FILE LABEL TEXT: the overlay &LABEL of FILE has TEXT
has_in() { block "$1" "$2" >"$1.$2"; has "$1.$2" "$3"; }
# acme DIR NAME KERNEL: convert DIR/board-acme-NAME.c to DIR/NAME.dts and,
# comments and trailing blanks dropped, DIR/NAME.plain
acme() {
	"$BIN" convert "$1/board-acme-$2.c" --kernel "$3" -q -o "$1/$2.dts" 2>/dev/null &&
		sed 's@/\*.*\*/@@; s/[[:space:]]*$//' "$1/$2.dts" >"$1/$2.plain"
}

check_tree() { # kernel-tree tag
	local k=$1 t=$2 out=$TMP/term.$2.dts
	if ! "$BIN" convert "$C" --kernel "$k" -q -o "$out" --dtb "$TMP/term.$t.dtb" 2>"$TMP/err.$t"; then
		b2d_bad "$t: convert failed"; cat "$TMP/err.$t"; return
	fi
	sed 's@/\*.*\*/@@' "$out" >"$TMP/plain.$t"
	local P=$TMP/plain.$t
	has "$P" 'compatible = "ti,twl4030";'
	has "$P" 'twl4030.dtsi"'
	block "$P" twl_keypad >"$TMP/kp.$t"
	[ "$(grep -o 'MATRIX_KEY(' "$TMP/kp.$t" | wc -l)" = 5 ] && b2d_ok "$t: 5 keys in &twl_keypad" ||
		b2d_bad "$t: &twl_keypad has not 5 keys: $(cat "$TMP/kp.$t")"
	has "$TMP/kp.$t" 'MATRIX_KEY(2, 2, 0)'
	has "$TMP/kp.$t" 'keypad,num-rows = <3>;'
	has "$TMP/kp.$t" 'keypad,num-columns = <3>;'
	lacks "$P" 'no such node'
	block "$P" vio | grep -q 'regulator-max-microvolt = <1800000>;' && b2d_ok "$t: &vio" || b2d_bad "$t: &vio lacks its voltage"
	block "$P" mcspi1 >"$TMP/spi.$t"
	has "$TMP/spi.$t" 'touchscreen@0 {'
	has "$TMP/spi.$t" 'ti,x-max = /bits/ 16 <0xfff>;'
	has "$TMP/spi.$t" 'ti,debounce-tol = /bits/ 16 <3>;'
	# the legacy driver read the line as !gpio_get_value(): pen down is low
	has "$TMP/spi.$t" 'pendown-gpio = <&gpio4 18 GPIO_ACTIVE_LOW>;'
	has "$TMP/spi.$t" 'vcc-supply = <&vio>;'
	lacks "$P" '&spi1'
	block "$P" usbhshost >"$TMP/uh.$t"
	has "$TMP/uh.$t" 'port1-mode = "ehci-phy";'
	lacks "$TMP/uh.$t" 'port2-mode'
	# the port's PHY reset line: a usb-nop-xceiv PHY node, phys on &usbhsehci
	has "$out" 'hsusb1_phy: hsusb1_phy {'
	has "$out" 'compatible = "usb-nop-xceiv";'
	lacks "$out" 'USB port PHY reset GPIO'
	block "$P" usbhsehci | grep -q 'phys = <&hsusb1_phy>;' && b2d_ok "$t: &usbhsehci phys" || b2d_bad "$t: &usbhsehci has no phys = <&hsusb1_phy>"
	block "$P" usbhsehci | grep -q 'status = "okay";' && b2d_ok "$t: &usbhsehci okay" || b2d_bad "$t: &usbhsehci not enabled"
	block "$P" usbhsohci | grep -q 'status = "disabled";' && b2d_ok "$t: &usbhsohci disabled" || b2d_bad "$t: &usbhsohci not disabled"
	block "$P" usb_otg_hs >"$TMP/otg.$t"
	has "$TMP/otg.$t" 'power = <50>;'
	has "$TMP/otg.$t" 'mode = <3>;'
	has "$TMP/otg.$t" 'interface-type = <0>;'
	# its PHY: the TWL4030's USB transceiver of twl4030.dtsi, as upstream links it
	has "$TMP/otg.$t" 'phys = <&usb2_phy>;'
	has "$TMP/otg.$t" 'usb-phy = <&usb2_phy>;'
	has "$TMP/otg.$t" 'phy-names = "usb2-phy";'
	block "$P" dss | grep -q 'status = "okay";' && b2d_ok "$t: &dss okay" || b2d_bad "$t: &dss not enabled"
	block "$P" dss >"$TMP/dss.$t"
	has "$TMP/dss.$t" 'remote-endpoint = <&encoder0_in>;'
	has "$TMP/dss.$t" 'data-lines = <24>;'
	block "$P" venc >"$TMP/venc.$t"
	has "$TMP/venc.$t" 'ti,channels = <1>;'
	has "$TMP/venc.$t" 'vdda-supply = <&vdac>;'
	has "$TMP/venc.$t" 'remote-endpoint = <&connector1_in>;'
	has "$P" 'compatible = "ti,tfp410";'
	has "$P" 'powerdown-gpios = <&gpio5 29 GPIO_ACTIVE_LOW>;'
	has "$P" 'compatible = "dvi-connector";'
	has "$P" 'compatible = "composite-video-connector";'
	has "$out" '.name = "lcd": a panel of its own (LCD, DSI)'
	has "$P" 'display1 = &connector0;'
	has "$P" 'display2 = &connector1;'
	has "$out" 'the board file does not say which OMAP3 it carries'
	"$BIN" convert "$SRC/samples/board-omap3-mediabox.c" --kernel "$k" -q -o "$TMP/mb.$t.dts" 2>/dev/null ||
		b2d_bad "$t: mediabox convert failed"
	lacks "$TMP/mb.$t.dts" 'which OMAP3 it carries'
	# gpmc_smsc911x_init(): ethernet@gpmc on CS5, its GPIO interrupt, and
	# the target's omap-gpmc-smsc911x.dtsi included for the rest
	block "$TMP/mb.$t.dts" gpmc >"$TMP/gpmc.$t"
	has "$TMP/gpmc.$t" 'reg = <5 0x0 0xff>;'
	has "$TMP/gpmc.$t" 'interrupt-parent = <&gpio6>;'
	has "$TMP/gpmc.$t" 'interrupts = <16 IRQ_TYPE_LEVEL_LOW>;'
	has "$TMP/mb.$t.dts" 'omap-gpmc-smsc911x.dtsi"'
	# the board's &gpmc after that include: what the board says (16-bit
	# access: reg-io-width = <2>) wins over the include's defaults
	[ "$(grep -n 'omap-gpmc-smsc911x.dtsi"' "$TMP/mb.$t.dts" | cut -d: -f1)" -lt \
	  "$(grep -n '^&gpmc {' "$TMP/mb.$t.dts" | cut -d: -f1)" ] 2>/dev/null ||
		b2d_bad "$t: mediabox: &gpmc comes before the omap-gpmc-smsc911x.dtsi include"
	# its dummy vddvario/vdd33a: the supplies omap-gpmc-smsc911x.dtsi gives it (covered_by:)
	lacks "$TMP/mb.$t.dts" 'supply "vddvario"'
	lacks "$TMP/mb.$t.dts" 'vddvario-supply = <&lark_lan_supplies>'
	has "$P" 'reg-io-width = <4>;'
	# omap_ads7846_init(): the touch controller with the helper's defaults
	block "$TMP/mb.$t.dts" mcspi1 | sed 's@/\*.*\*/@@; s/[[:space:]]*$//' >"$TMP/spi.$t"
	has "$TMP/spi.$t" 'touchscreen@0 {'
	has "$TMP/spi.$t" 'compatible = "ti,ads7846";'
	has "$TMP/spi.$t" 'spi-max-frequency = <1500000>;'
	has "$TMP/spi.$t" 'interrupt-parent = <&gpio4>;'
	has "$TMP/spi.$t" 'pendown-gpio = <&gpio4 18 GPIO_ACTIVE_LOW>;'
	has "$TMP/spi.$t" 'ti,x-plate-ohms = /bits/ 16 <180>;'
	has "$TMP/spi.$t" 'ti,keep-vref-on;'
	lacks "$TMP/mb.$t.dts" 'no rule for call omap_ads7846_init'
	# usb_musb_init(NULL): the helper's defaults (ULPI, OTG, 100 mA)
	block "$TMP/mb.$t.dts" usb_otg_hs | sed 's@/\*.*\*/@@; s/[[:space:]]*$//' >"$TMP/otg.$t"
	has "$TMP/otg.$t" 'interface-type = <0>;'
	has "$TMP/otg.$t" 'mode = <3>;'
	has "$TMP/otg.$t" 'power = <50>;'
	has "$P" 'smsc,save-mac-address;'
	# boards that name their OMAP3 variant (written here: 3.x style, own code)
	mkdir -p "$TMP/v.$t"
	printf '%s\n' '#include <linux/init.h>' '#include <asm/mach/arch.h>' \
		'static void __init evm_init(void) { omap_serial_init(); }' \
		'MACHINE_START(OMAP3517EVM, "Acme AM3517 EVM")' '	.init_machine = evm_init,' \
		'MACHINE_END' >"$TMP/v.$t/board-acme-am3517.c"
	sed 's/OMAP3517EVM, "Acme AM3517 EVM"/ACME_T3730, "Acme OMAP3730 module"/' \
		"$TMP/v.$t/board-acme-am3517.c" >"$TMP/v.$t/board-acme-t37.c"
	if "$BIN" convert "$TMP/v.$t/board-acme-am3517.c" --kernel "$k" -q -o "$TMP/v.$t/am.dts" 2>/dev/null &&
	   "$BIN" convert "$TMP/v.$t/board-acme-t37.c" --kernel "$k" -q -o "$TMP/v.$t/t37.dts" 2>/dev/null; then
		has "$TMP/v.$t/am.dts" 'am3517.dtsi"'
		has "$TMP/v.$t/am.dts" '"board2dts,omap3517evm", "ti,am3517", "ti,omap3";'
		lacks "$TMP/v.$t/am.dts" 'ti,omap3430'
		lacks "$TMP/v.$t/am.dts" 'which OMAP3 it carries'
		has "$TMP/v.$t/t37.dts" 'omap36xx.dtsi"'
		has "$TMP/v.$t/t37.dts" '"ti,omap3630", "ti,omap36xx", "ti,omap3";'
	else
		b2d_bad "$t: the AM3517 / OMAP3730 boards do not convert"
	fi
	# a board of its own name that spells the AM35xx-only macros (3.1
	# board-cm-t3517.c: AM35XX_IPSS_HECC_BASE, INT_35XX_HECC0_IRQ) and calls
	# the generic OMAP3 init is an AM3517 too
	printf '%s
' '#include <linux/init.h>' '#include <asm/mach/arch.h>' \
		'static struct resource hecc_res[] = { { .start = AM35XX_IPSS_HECC_BASE, .flags = IORESOURCE_MEM }, { .start = INT_35XX_HECC0_IRQ, .flags = IORESOURCE_IRQ } };' \
		'static void __init m_init(void) { omap_serial_init(); }' \
		'MACHINE_START(ACME_CMT, "Acme CM module")' '	.init_machine = m_init,' \
		'MACHINE_END' >"$TMP/v.$t/board-acme-cmt.c"
	if "$BIN" convert "$TMP/v.$t/board-acme-cmt.c" --kernel "$k" -q -o "$TMP/v.$t/cmt.dts" 2>/dev/null; then
		has "$TMP/v.$t/cmt.dts" 'am3517.dtsi"'
		lacks "$TMP/v.$t/cmt.dts" 'which OMAP3 it carries'
	else
		b2d_bad "$t: the AM35xx-spelling board does not convert"
	fi
	# omap3_mux_init()'s package: OMAP_PACKAGE_CBP is the OMAP3630's (3.x
	# board-zoom.c), CBB the OMAP34xx/35xx's (no variant said: the TODO);
	# the variant's assume: decides cpu_is_omap3630()
	for pkg in CBP CBB; do
		printf '%s\n' '#include <linux/init.h>' '#include <asm/mach/arch.h>' \
			'static struct omap_board_mux board_mux[] __initdata = { { .reg_offset = OMAP_MUX_TERMINATOR } };' \
			"static void __init m_init(void) { omap3_mux_init(board_mux, OMAP_PACKAGE_$pkg); if (cpu_is_omap3630()) omap_serial_init(); }" \
			'MACHINE_START(ACME_Z, "Acme Z")' '	.init_machine = m_init,' 'MACHINE_END' \
			>"$TMP/v.$t/board-acme-$pkg.c"
		"$BIN" convert "$TMP/v.$t/board-acme-$pkg.c" --kernel "$k" -q -o "$TMP/v.$t/$pkg.dts" 2>/dev/null ||
			b2d_bad "$t: the $pkg board does not convert"
	done
	has "$TMP/v.$t/CBP.dts" 'omap36xx.dtsi"'
	has "$TMP/v.$t/CBP.dts" '"ti,omap3630", "ti,omap36xx", "ti,omap3";'
	lacks "$TMP/v.$t/CBP.dts" 'which OMAP3 it carries'
	has "$TMP/v.$t/CBB.dts" 'omap34xx.dtsi"'
	has "$TMP/v.$t/CBB.dts" 'which OMAP3 it carries'
	# the variant decides the board's cpu_is_omap3630() branch (a TODO says so)
	has "$TMP/v.$t/CBP.dts" "assumed cpu_is_omap3630() = 1, as omap36xx.dtsi says"
	lacks "$TMP/v.$t/CBP.dts" 'only when cpu_is_omap3630()'
	has "$TMP/v.$t/CBB.dts" 'only when cpu_is_omap3630()'
	# one file, two modules (3.x board-cm-t35.c): the OMAP3630 one's
	# init_early does not decide the OMAP3530 one's .dtsi, but its own
	printf '%s\n' '#include <linux/init.h>' '#include <asm/mach/arch.h>' \
		'static void __init m_init(void) { omap_serial_init(); }' \
		'MACHINE_START(ACME_T35, "Acme T35")' '	.init_early = omap35xx_init_early,' \
		'	.init_machine = m_init,' 'MACHINE_END' \
		'MACHINE_START(ACME_T37, "Acme T37")' '	.init_early = omap3630_init_early,' \
		'	.init_machine = m_init,' 'MACHINE_END' >"$TMP/v.$t/board-acme-two.c"
	if "$BIN" convert "$TMP/v.$t/board-acme-two.c" --kernel "$k" -q -o "$TMP/v.$t/two/" 2>/dev/null; then
		has "$TMP/v.$t/two/board-acme-two.ACME_T35.dts" 'omap34xx.dtsi"'
		lacks "$TMP/v.$t/two/board-acme-two.ACME_T35.dts" 'which OMAP3 it carries'
		has "$TMP/v.$t/two/board-acme-two.ACME_T37.dts" 'omap36xx.dtsi"'
		has "$TMP/v.$t/two/board-acme-two.ACME_T37.dts" '"ti,omap3630", "ti,omap36xx", "ti,omap3";'
		lacks "$TMP/v.$t/two/board-acme-two.ACME_T37.dts" 'which OMAP3 it carries'
		lacks "$TMP/v.$t/two/board-acme-two.ACME_T37.dts" 'omap34xx.dtsi"'
	else
		b2d_bad "$t: the two-module file does not convert"
	fi
	# an OMAP2430 board: the TWL4030 on the INTC's SYS_NIRQ (7), the MUSB's
	# interface and mode (the omap2430 pack's values of irqs.h, usb-musb.h)
	cat >"$TMP/v.$t/board-acme-2430.c" <<'C'
#include <linux/init.h>
#include <linux/i2c.h>
#include <linux/i2c/twl.h>
#include <asm/mach/arch.h>
static int acme_batt_table[] = { 30800, 29500, 28300 };
static struct twl4030_bci_platform_data acme_bci = {
	.battery_tmp_tbl = acme_batt_table, .tblsize = ARRAY_SIZE(acme_batt_table),
	.bb_uvolt = 3200000, .bb_uamp = 150,
};
static struct twl4030_platform_data acme_twl = { .irq_base = 0, .bci = &acme_bci };
static struct i2c_board_info __initdata acme_i2c1[] = {
	{ I2C_BOARD_INFO("twl4030", 0x48), .flags = I2C_CLIENT_WAKE, .irq = INT_24XX_SYS_NIRQ,
	  .platform_data = &acme_twl },
};
static struct musb_hdrc_platform_data acme_musb = {
	.interface_type = MUSB_INTERFACE_ULPI, .mode = MUSB_OTG, .power = 100,
};
static struct omap_smc91x_platform_data acme_smc91x = {
	.cs = 5, .gpio_irq = 149,
	.flags = GPMC_MUX_ADD_DATA | GPMC_TIMINGS_SMC91C96 | IORESOURCE_IRQ_LOWLEVEL,
};
static void __init acme_init(void)
{
	omap_register_i2c_bus(1, 100, acme_i2c1, ARRAY_SIZE(acme_i2c1));
	usb_musb_init(&acme_musb);
	gpmc_smc91x_init(&acme_smc91x);
}
MACHINE_START(OMAP_2430SDP, "OMAP2430 acme board")
	.init_machine = acme_init,
MACHINE_END
C
	if "$BIN" convert "$TMP/v.$t/board-acme-2430.c" --kernel "$k" -q -o "$TMP/v.$t/2430.dts" 2>/dev/null; then
		has "$TMP/v.$t/2430.dts" 'omap2430.dtsi"'
		has "$TMP/v.$t/2430.dts" 'interrupts = <7>;	/* board-acme-2430.c:12 .irq = INT_24XX_SYS_NIRQ */'
		has "$TMP/v.$t/2430.dts" 'interface-type = <0>;'
		has "$TMP/v.$t/2430.dts" 'mode = <3>;'
		lacks "$TMP/v.$t/2430.dts" 'TODO board-acme-2430.c:12'
		# gpmc_smc91x_init(): the LAN91C96 at 0x300 of CS5, GPIO 149 level low
		block "$TMP/v.$t/2430.dts" gpmc | sed 's@/\*.*\*/@@; s/[[:space:]]*$//' >"$TMP/v.$t/gpmc"
		has "$TMP/v.$t/gpmc" 'compatible = "smsc,lan91c94";'
		has "$TMP/v.$t/gpmc" 'reg = <5 0x300 0xf>;'
		has "$TMP/v.$t/gpmc" 'interrupt-parent = <&gpio5>;'
		has "$TMP/v.$t/gpmc" 'interrupts = <21 IRQ_TYPE_LEVEL_LOW>;'
		has "$TMP/v.$t/gpmc" 'gpmc,mux-add-data = <2>;'
		lacks "$TMP/v.$t/2430.dts" 'no rule for call gpmc_smc91x_init'
		# the TWL4030 charger's backup battery (&charger of twl4030.dtsi);
		# its temperature table has no DT property: a TODO
		block "$TMP/v.$t/2430.dts" charger | sed 's@/\*.*\*/@@; s/[[:space:]]*$//' >"$TMP/v.$t/bci"
		has "$TMP/v.$t/bci" 'ti,bb-uvolt = <3200000>;'
		has "$TMP/v.$t/bci" 'ti,bb-uamp = <150>;'
		has "$TMP/v.$t/2430.dts" 'battery temperature table: no DT property'
		lacks "$TMP/v.$t/2430.dts" 'no rule for field .bci'
	else
		b2d_bad "$t: the OMAP2430 board does not convert"
	fi
	# an OMAP2420 board (3.x board-n8x0.c style): a companion chip on the
	# INTC's SYS_NIRQ (INT_24XX_SYS_NIRQ, 7), the TLV320AIC3x codec's
	# aic3x_pdata: its reset line active low, GPIO functions, micbias
	cat >"$TMP/v.$t/board-acme-2420.c" <<'C'
#include <linux/init.h>
#include <linux/i2c.h>
#include <sound/tlv320aic3x.h>
#include <asm/mach/arch.h>
static struct aic3x_setup_data acme_aic3x_setup = { .gpio_func = { 1, 2 } };
static struct aic3x_pdata acme_aic3x = {
	.gpio_reset = 118, .setup = &acme_aic3x_setup, .micbias_vg = 2,	/* AIC3X_MICBIAS_2_5V: 6.12 has no <sound/tlv320aic3x.h> */
};
static struct i2c_board_info __initdata acme_i2c2[] = {
	{ I2C_BOARD_INFO("tlv320aic3x", 0x18), .platform_data = &acme_aic3x },
	{ I2C_BOARD_INFO("tmp105", 0x48), .irq = INT_24XX_SYS_NIRQ },
};
static void __init acme_init(void)
{
	omap_register_i2c_bus(2, 400, acme_i2c2, ARRAY_SIZE(acme_i2c2));
}
MACHINE_START(NOKIA_N810, "Acme OMAP2420 tablet")
	.init_early = omap2420_init_early,
	.init_machine = acme_init,
MACHINE_END
C
	if acme "$TMP/v.$t" 2420 "$k"; then
		has "$TMP/v.$t/2420.plain" 'omap2420.dtsi"'
		has "$TMP/v.$t/2420.plain" 'reset-gpios = <&gpio4 22 GPIO_ACTIVE_LOW>;'
		awk '/audio-codec@18 \{/ {on = 1} on' "$TMP/v.$t/2420.plain" >"$TMP/v.$t/2420.codec"
		has "$TMP/v.$t/2420.codec" 'ai3x-gpio-func = <1 2>;'
		has "$TMP/v.$t/2420.plain" 'ai3x-micbias-vg = <2>;'
		has "$TMP/v.$t/2420.plain" 'interrupts = <7>;'
		lacks "$TMP/v.$t/2420.dts" 'no rule for struct aic3x'
		lacks "$TMP/v.$t/2420.dts" 'not known at build time'
	else
		b2d_bad "$t: the OMAP2420 board does not convert"
	fi
	# an AM3517 board: am35xx_emac_init() enables &davinci_emac and
	# &davinci_mdio (its bus_freq), a HECC device of the file's own at the
	# 3.x AM35XX_IPSS_HECC_BASE is am3517.dtsi's &hecc; its TPS65910 (3.9
	# board-am3517crane.c style) is a pmic node on INTC line 7 with the
	# tps65910_board flags, its VDD1 init data tps65910.dtsi's &vdd1_reg;
	# an SDIO slot's omap2_hsmmc_info: max-frequency, keep-power-in-suspend,
	# omap_hsmmc_late_init() of the same table registering nothing more
	cat >"$TMP/v.$t/board-acme-am35.c" <<'C'
#include <linux/init.h>
#include <linux/i2c.h>
#include <linux/mfd/tps65910.h>
#include <linux/mmc/host.h>
#include <linux/mmc/pm.h>
#include <linux/platform_device.h>
#include <linux/regulator/machine.h>
#include <asm/mach/arch.h>
static struct regulator_init_data acme_vdd1 = {
	.constraints = { .min_uV = 600000, .max_uV = 1500000, .always_on = 1 },
};
static struct tps65910_board acme_tps = {
	.irq = 7 + OMAP_INTC_START,
	.en_ck32k_xtal = true,
	.pm_off = true,
	.slp_keepon = { .therm_keepon = 1 },
	.tps65910_pmic_init_data[TPS65910_REG_VDD1] = &acme_vdd1,
};
static struct i2c_board_info __initdata acme_i2c1[] = {
	{ I2C_BOARD_INFO("tps65910", 0x2d), .platform_data = &acme_tps },
};
/* 3.x omap2_hsmmc_info of an SDIO WLAN slot: its Linux name and power
 * saving have no property, its frequency cap and PM capabilities do */
static struct omap2_hsmmc_info acme_mmc[] = {
	{ .mmc = 2, .caps = MMC_CAP_4_BIT_DATA, .gpio_cd = -EINVAL, .gpio_wp = -EINVAL,
	  .name = "wl1271", .power_saving = true, .max_freq = 24000000,
	  .pm_caps = MMC_PM_KEEP_POWER },
	{}
};
static struct resource acme_hecc_resources[] = {
	{ .start = AM35XX_IPSS_HECC_BASE, .end = AM35XX_IPSS_HECC_BASE + 0x3FFF, .flags = IORESOURCE_MEM },
	{ .start = INT_35XX_HECC0_IRQ, .end = INT_35XX_HECC0_IRQ, .flags = IORESOURCE_IRQ },
};
static struct platform_device acme_hecc_device = {
	.name = "ti_hecc", .id = -1,
	.num_resources = ARRAY_SIZE(acme_hecc_resources), .resource = acme_hecc_resources,
};
static void __init acme_init(void)
{
	omap_register_i2c_bus(1, 2600, acme_i2c1, ARRAY_SIZE(acme_i2c1));
	omap_hsmmc_init(acme_mmc);
	omap_hsmmc_late_init(acme_mmc);
	am35xx_emac_init(AM35XX_DEFAULT_MDIO_FREQUENCY, 1);
	platform_device_register(&acme_hecc_device);
}
MACHINE_START(CRANEBOARD, "AM3517/05 CRANEBOARD")
	.init_early = am35xx_init_early,
	.init_machine = acme_init,
MACHINE_END
C
	if "$BIN" convert "$TMP/v.$t/board-acme-am35.c" --kernel "$k" -q -o "$TMP/v.$t/am35.dts" 2>/dev/null; then
		has "$TMP/v.$t/am35.dts" 'am3517.dtsi"'
		block "$TMP/v.$t/am35.dts" davinci_mdio | sed 's@/\*.*\*/@@; s/[[:space:]]*$//' >"$TMP/v.$t/mdio"
		has "$TMP/v.$t/mdio" 'bus_freq = <1000000>;'
		has "$TMP/v.$t/mdio" 'status = "okay";'
		block "$TMP/v.$t/am35.dts" davinci_emac | sed 's@/\*.*\*/@@; s/[[:space:]]*$//' >"$TMP/v.$t/emac"
		has "$TMP/v.$t/emac" 'status = "okay";'
		lacks "$TMP/v.$t/emac" 'bus_freq'
		block "$TMP/v.$t/am35.dts" hecc | sed 's@/\*.*\*/@@; s/[[:space:]]*$//' >"$TMP/v.$t/hecc"
		has "$TMP/v.$t/hecc" 'status = "okay";'
		lacks "$TMP/v.$t/am35.dts" 'no rule for call am35xx_emac_init'
		lacks "$TMP/v.$t/am35.dts" 'resource start not known'
		sed 's@/\*.*\*/@@; s/[[:space:]]*$//' "$TMP/v.$t/am35.dts" >"$TMP/v.$t/am35.plain"
		has "$TMP/v.$t/am35.plain" 'tps: pmic@2d {'
		has "$TMP/v.$t/am35.plain" 'compatible = "ti,tps65910";'
		has "$TMP/v.$t/am35.plain" 'interrupts = <7>;'
		has "$TMP/v.$t/am35.plain" 'interrupt-parent = <&intc>;'
		has "$TMP/v.$t/am35.plain" 'ti,en-ck32k-xtal;'
		has "$TMP/v.$t/am35.plain" 'ti,system-power-controller;'
		has "$TMP/v.$t/am35.plain" 'ti,sleep-keep-therm;'
		lacks "$TMP/v.$t/am35.plain" 'ti,sleep-keep-ck32k'
		has "$TMP/v.$t/am35.plain" 'tps65910.dtsi"'
		block "$TMP/v.$t/am35.dts" vdd1_reg | sed 's@/\*.*\*/@@; s/[[:space:]]*$//' >"$TMP/v.$t/vdd1"
		has "$TMP/v.$t/vdd1" 'regulator-min-microvolt = <600000>;'
		has "$TMP/v.$t/vdd1" 'regulator-always-on;'
		lacks "$TMP/v.$t/am35.dts" 'no rule for struct tps65910_board'
		block "$TMP/v.$t/am35.dts" mmc2 | sed 's@/\*.*\*/@@; s/[[:space:]]*$//' >"$TMP/v.$t/mmc2"
		has "$TMP/v.$t/mmc2" 'max-frequency = <24000000>;'
		has "$TMP/v.$t/mmc2" 'keep-power-in-suspend;'
		has "$TMP/v.$t/mmc2" 'bus-width = <4>;'
		lacks "$TMP/v.$t/mmc2" 'wakeup-source'
		lacks "$TMP/v.$t/am35.dts" 'no rule for field .name'
		lacks "$TMP/v.$t/am35.dts" 'no rule for field .power_saving'
		# omap_hsmmc_late_init() (3.3 - 3.x) names the same table again: no
		# other controller, so &mmc3 is still disabled
		lacks "$TMP/v.$t/am35.dts" 'no rule for call omap_hsmmc_late_init'
		block "$TMP/v.$t/am35.dts" mmc3 | grep -q 'status = "disabled";' ||
			b2d_bad "$t: &mmc3 is not disabled (omap_hsmmc_late_init)"
	else
		b2d_bad "$t: the AM3517 board does not convert"
	fi
	# 3.2 - 3.x omap3_pmic_get_config(): the TWL data its flags name, and the
	# board left empty, is twl-common.c's (audio module, VDAC and VPLL2 with
	# their consumers); the board's own .usb stays; a store through the
	# .vpll2 pointer it set lands on &vpll2
	cat >"$TMP/v.$t/board-acme-beagle.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: a 3.4-style OMAP3 board with twl-common's helper. */
#include <linux/init.h>
#include <linux/i2c/twl.h>
#include <asm/mach/arch.h>
#include "common.h"
#include "twl-common.h"
static struct twl4030_usb_data acme_usb = { .usb_mode = T2_USB_MODE_CEA2011_3PIN };
static struct twl4030_platform_data acme_twldata = { .usb = &acme_usb };
static void __init acme_init(void)
{
	omap3_pmic_get_config(&acme_twldata, TWL_COMMON_PDATA_USB | TWL_COMMON_PDATA_MADC |
			      TWL_COMMON_PDATA_AUDIO,
			      TWL_COMMON_REGULATOR_VDAC | TWL_COMMON_REGULATOR_VPLL2);
	acme_twldata.vpll2->constraints.name = "VDVI";
	omap3_pmic_init("twl4030", &acme_twldata);
}
MACHINE_START(OMAP3_BEAGLE, "Acme OMAP3 board")
	.init_early = omap3_init_early,
	.init_machine = acme_init,
MACHINE_END
C
	if acme "$TMP/v.$t" beagle "$k"; then
		has "$TMP/v.$t/beagle.plain" 'compatible = "ti,twl4030-audio";'
		lacks "$TMP/v.$t/beagle.dts" 'no rule for call omap3_pmic_get_config'
		lacks "$TMP/v.$t/beagle.dts" 'store through a pointer member'
		has_in "$TMP/v.$t/beagle.plain" venc 'vdda-supply = <&vdac>;'
		has_in "$TMP/v.$t/beagle.plain" dss 'vdds_dsi-supply = <&vpll2>;'
		has_in "$TMP/v.$t/beagle.plain" vpll2 'regulator-name = "VDVI";'
		has_in "$TMP/v.$t/beagle.plain" vpll2 'regulator-min-microvolt = <1800000>;'
		has_in "$TMP/v.$t/beagle.plain" usb2_phy 'usb_mode = <2>;'
	else
		b2d_bad "$t: the omap3_pmic_get_config() board does not convert"
	fi
	# omap4_pmic_get_config() on an OMAP4 board whose TWL data has no
	# initializer: twl6030.dtsi's LDOs with the helper's voltages, VMMC
	# feeding &mmc1, VCXIO the DSI pads
	cat >"$TMP/v.$t/board-acme-panda.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: a 3.4-style OMAP4 board with twl-common's helper. */
#include <linux/init.h>
#include <linux/i2c/twl.h>
#include <asm/mach/arch.h>
#include "common.h"
#include "twl-common.h"
static struct twl4030_platform_data acme_twldata;
static void __init acme_init(void)
{
	omap4_pmic_get_config(&acme_twldata, TWL_COMMON_PDATA_USB,
			      TWL_COMMON_REGULATOR_VMMC | TWL_COMMON_REGULATOR_VCXIO |
			      TWL_COMMON_REGULATOR_VANA);
	omap4_pmic_init("twl6030", &acme_twldata, NULL, 0);
}
MACHINE_START(OMAP4_PANDA, "Acme OMAP4 board")
	.init_early = omap4430_init_early,
	.init_machine = acme_init,
MACHINE_END
C
	if acme "$TMP/v.$t" panda "$k"; then
		has_in "$TMP/v.$t/panda.plain" mmc1 'vmmc-supply = <&vmmc>;'
		has_in "$TMP/v.$t/panda.plain" vmmc 'regulator-max-microvolt = <3000000>;'
		has_in "$TMP/v.$t/panda.plain" dsi1 'vdd-supply = <&vcxio>;'
		has_in "$TMP/v.$t/panda.plain" vcxio 'regulator-always-on;'
		has_in "$TMP/v.$t/panda.plain" vana 'regulator-min-microvolt = <2100000>;'
		lacks "$TMP/v.$t/panda.dts" 'no rule for call omap4_pmic_get_config'
		lacks "$TMP/v.$t/panda.dts" 'not the board'"'"'s own variable'
	else
		b2d_bad "$t: the omap4_pmic_get_config() board does not convert"
	fi
	if "$BIN" diff "$TMP/term.$t.dtb" "$out" --kernel "$k" >"$TMP/diff.$t" 2>&1; then
		b2d_ok "$t: the .dtb equals the .dts"
	else
		b2d_bad "$t: the .dtb differs from the .dts"; head -20 "$TMP/diff.$t"
	fi
}

# A 3.x TI81xx (DM816x) board calls the OMAP3 helpers too (omap_serial_init)
# but is no OMAP3: no pack (its .dtsi is dm816x.dtsi), never omap34xx.dtsi's nodes.
# convert_one KERNEL BOARD OUT.dts WHAT: convert, or a failure naming WHAT (status 1)
convert_one() {
	"$BIN" convert --kernel "$1" "$2" -o "$3" 2>"$3.err" && return 0
	b2d_bad "$4: convert failed: $(head -3 "$3.err")"
	return 1
}

ti81xx() { # kernel
	cat >"$TMP/board-acme816x.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: a 3.x TI8168 board of the omap2 tree. */
#include <linux/init.h>
#include <asm/mach/arch.h>
static void __init acme816x_init(void)
{
	omap_serial_init();
}
MACHINE_START(TI8168EVM, "Acme TI8168 board")
	.map_io		= ti81xx_map_io,
	.init_early	= ti81xx_init_early,
	.init_irq	= ti81xx_init_irq,
	.init_machine	= acme816x_init,
MACHINE_END
C
	if convert_one "$1" "$TMP/board-acme816x.c" "$TMP/ti816x.dts" "TI81xx board"; then
		lacks "$TMP/ti816x.dts" 'omap34xx.dtsi'
		has "$TMP/ti816x.dts" 'no SoC rule pack matched'
	fi
}

# A 2.6.3x OMAP3 board outside mach-omap2/ (a vendor tree's copy), told by
# its .map_io's omap2_set_globals_343x() alone: the OMAP3 pack.
globals343x() { # kernel
	mkdir -p "$TMP/vendor"
	cat >"$TMP/vendor/board-acmephone.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: a 2.6.3x phone file out of its tree. */
#include <linux/init.h>
#include <asm/mach/arch.h>
static void __init acmephone_map_io(void)
{
	omap2_set_globals_343x();
	omap2_map_common_io();
}
static void __init acmephone_init(void)
{
}
MACHINE_START(ACMEPHONE, "Acme phone")
	.map_io		= acmephone_map_io,
	.init_machine	= acmephone_init,
MACHINE_END
C
	if convert_one "$1" "$TMP/vendor/board-acmephone.c" "$TMP/acmephone.dts" acmephone; then
		has "$TMP/acmephone.dts" 'omap34xx.dtsi"'
		lacks "$TMP/acmephone.dts" 'no SoC rule pack matched'
	fi
}

if b2d_kernel; then check_tree "$KERNEL" 6.1; ti81xx "$KERNEL"; globals343x "$KERNEL"; else b2d_skip_part "no 6.1 kernel tree (B2D_KERNEL)"; fi
if b2d_kernel612; then check_tree "$KERNEL612" 6.12; else b2d_skip_part "no 6.12 kernel tree (B2D_KERNEL_612)"; fi
b2d_exit "$B2D_FAIL"
