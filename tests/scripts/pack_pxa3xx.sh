#!/usr/bin/env bash
# PXA3xx on a lone board file of the test's own in the style of the 2.6.3x-4.x
# mach-pxa boards (written here, in a temporary directory that has none of
# the headers it includes by quotes), against the 6.1 tree and, when it is
# there, 6.12 (intel/pxa/):
# - its "pxa300.h", "generic.h", "devices.h" are read from the target's
#   arch/arm/mach-pxa/ (the one mach directory that has them all), so the
#   MFP pin names are known;
# - the MFP table becomes pinctrl-single groups <MFP_PIN_PXA300(n) MFP_AFa>
#   (the variant of the header it includes), the MMC pins on &mmc0 with the
#   words' low-power state, the USB host's GPIOn_2 pins MFP_PIN_PXA300_2();
# - the LCD pins, whose MFPR offsets the PXA300 and PXA310 disagree on, are
#   a TODO naming --assume cpu_is_pxa310; with =0 they are MFP_PIN_PXA300()
#   on &lcdc, with =1 MFP_PIN_PXA310();
# - pxa_set_fb_info(): &lcdc's endpoint (bus-width) to a /panel node whose
#   display-timings is the mode (clock-frequency = 10^12 / pixclock);
# - the 2.6.3x-4.x pxamci fields .gpio_card_detect / .gpio_card_ro are
#   cd-gpios (active low) / wp-gpios (active high: pxamci_get_ro() reads
#   the card read-only while the line is high, without .gpio_card_ro_invert);
# - pxa_set_mci_info(&info), one argument against 6.12's two-argument
#   prototype (a clang error), is still the call that enables &mmc0;
# - the OHCI flags of <mach/ohci.h> (2.6.3x-3.6; the target lacks it) are
#   known from the pack's defines: marvell,enable-port1 and kin.
# Each output compiles (the tool runs dtc).
#
#   bash pack_pxa3xx.sh BOARD2DTS SOURCE_DIR    (run by ctest; exit 77 = skipped)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init pack_pxa3xx.sh "$@"
b2d_kernel || b2d_skip "pack_pxa3xx.sh: no kernel tree (B2D_KERNEL; bash scripts/kernel-tree.sh)"
b2d_tmpdir b2d-pxa3xx
export XDG_CACHE_HOME=$TMP/cache
fail=0
bad() { echo "FAIL: $*"; fail=1; }
has() { grep -F -- "$2" "$1" >/dev/null 2>&1 || bad "$(basename "$1"): missing: $2"; }
hasnt() { ! grep -F -- "$2" "$1" >/dev/null 2>&1 || bad "$(basename "$1"): unexpected: $2"; }

B=$TMP/acme-kiosk.c
cat >"$B" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: a PXA300 kiosk in the 2.6.3x-4.x mach-pxa style. */
#include <linux/init.h>
#include <linux/platform_device.h>
#include <asm/mach/arch.h>

#include "pxa300.h"
#include <linux/platform_data/video-pxafb.h>
#include <linux/platform_data/mmc-pxamci.h>
#include <mach/ohci.h>

#include "generic.h"
#include "devices.h"

static mfp_cfg_t kiosk_pin_config[] __initdata = {
	GPIO3_MMC1_DAT0,
	GPIO4_MMC1_DAT1,
	GPIO5_MMC1_DAT2,
	GPIO6_MMC1_DAT3,
	GPIO7_MMC1_CLK,
	GPIO8_MMC1_CMD,
	GPIO0_2_USBH_PEN,
	GPIO1_2_USBH_PWR,
	GPIO54_LCD_LDD_0,
	GPIO55_LCD_LDD_1,
	GPIO74_LCD_PCLK,
};

static struct pxafb_mode_info kiosk_mode = {
	.pixclock	= 100000,
	.xres		= 320,
	.yres		= 240,
	.bpp		= 16,
	.hsync_len	= 8,
	.left_margin	= 16,
	.right_margin	= 24,
	.vsync_len	= 2,
	.upper_margin	= 4,
	.lower_margin	= 6,
};

static struct pxafb_mach_info kiosk_lcd_info = {
	.modes		= &kiosk_mode,
	.num_modes	= 1,
	.lcd_conn	= LCD_COLOR_TFT_16BPP | LCD_PCLK_EDGE_FALL,
};

static struct pxamci_platform_data kiosk_mci_info = {
	.detect_delay_ms	= 250,
	.gpio_card_detect	= 12,
	.gpio_card_ro		= 13,
	.gpio_power		= -1,
};

/* the USB host, its flags from the 2.6.3x-3.6 <mach/ohci.h> the target lacks */
static struct pxaohci_platform_data kiosk_ohci_info = {
	.port_mode	= PMM_PERPORT_MODE,
	.flags		= ENABLE_PORT1 | POWER_CONTROL_LOW,
};

static void __init kiosk_init(void)
{
	pxa3xx_mfp_config(ARRAY_AND_SIZE(kiosk_pin_config));
	pxa_set_ohci_info(&kiosk_ohci_info);
	pxa_set_ffuart_info(NULL);
	pxa_set_mci_info(&kiosk_mci_info);
	pxa_set_fb_info(NULL, &kiosk_lcd_info);
}

MACHINE_START(ACME_KIOSK, "Acme PXA300 kiosk")
	.atag_offset	= 0x100,
	.init_machine	= kiosk_init,
	.map_io		= pxa3xx_map_io,
	.init_irq	= pxa3xx_init_irq,
	.handle_irq	= pxa3xx_handle_irq,
	.init_time	= pxa_timer_init,
MACHINE_END
C

convert() {	# convert KERNEL OUT.dts [ARGS...]
	local k=$1 out=$2
	shift 2
	if ! "$BIN" convert -q --kernel "$k" "$B" -o "$out" --report "$out.json" "$@" 2>"$TMP/err"; then
		bad "$(basename "$out"): convert failed: $(head -3 "$TMP/err")"
		return 1
	fi
}

check() {	# check KERNEL TAG INCLUDE
	local o=$TMP/kiosk-$2.dts
	convert "$1" "$o" || return
	has "$o" "#include \"$3\""
	has "$o" 'pinctrl-single,pins = <MFP_PIN_PXA300(3) MFP_AF4>, <MFP_PIN_PXA300(4) MFP_AF4>,'
	has "$o" 'pinctrl-single,low-power-mode = <0x4100 0xe1f0>;'	# MMC1_DAT0: LPM DRIVE_HIGH
	has "$o" '<MFP_PIN_PXA300_2(0) MFP_AF1>, <MFP_PIN_PXA300_2(1) MFP_AF1>'
	sed -n '/^&mmc0 {/,/^};/p' "$o" | grep -F 'pinctrl-0 = <&mmc0_pins>;' >/dev/null ||
		bad "kiosk-$2.dts: &mmc0 has no pinctrl-0 = <&mmc0_pins>"
	has "$o" 'GPIO54_LCD_LDD_0, GPIO55_LCD_LDD_1, GPIO74_LCD_PCLK (offsets that differ between MFP_PIN_PXA300 and MFP_PIN_PXA310'
	has "$o" 'decide with --assume cpu_is_pxa310=0 or 1'
	hasnt "$o" 'not a constant MFP word'
	# the LCD controller and its panel
	has "$o" 'remote-endpoint = <&panel_in>;'
	has "$o" 'bus-width = <16>;'
	has "$o" 'clock-frequency = <10000000>;'
	has "$o" 'hactive = <320>;'
	has "$o" 'pixelclk-active = <0>;'
	# the OHCI flags of <mach/ohci.h>, which the target lacks: the pack's defines
	has "$o" 'marvell,enable-port1;'
	has "$o" 'marvell,power-control-low;'
	has "$o" 'marvell,port-mode = <3>;'
	# 2.6.3x-4.x pxamci GPIO fields
	has "$o" 'cd-gpios = <&gpio 12 GPIO_ACTIVE_LOW>;'
	has "$o" 'wp-gpios = <&gpio 13 GPIO_ACTIVE_HIGH>;'
	hasnt "$o" 'has no field .gpio_card_detect in this kernel'
	# the variant decided: the LCD pins on &lcdc, with that variant's macro
	convert "$1" "$TMP/kiosk-$2-300.dts" --assume cpu_is_pxa310=0 || return
	has "$TMP/kiosk-$2-300.dts" '<MFP_PIN_PXA300(54) MFP_AF1>'
	sed -n '/^&lcdc {/,/^};/p' "$TMP/kiosk-$2-300.dts" | grep -F 'pinctrl-0 = <&lcdc_pins' >/dev/null ||
		bad "kiosk-$2-300.dts: &lcdc has no pinctrl-0 = <&lcdc_pins>"
	convert "$1" "$TMP/kiosk-$2-310.dts" --assume cpu_is_pxa310=1 || return
	has "$TMP/kiosk-$2-310.dts" '<MFP_PIN_PXA310(54) MFP_AF1>'
	has "$TMP/kiosk-$2-310.dts" '<MFP_PIN_PXA300(3) MFP_AF4>'	# the same offset on both
	hasnt "$TMP/kiosk-$2-310.dts" 'decide with --assume'
}

check "$KERNEL" 61 pxa3xx.dtsi
if b2d_kernel612; then
	check "$KERNEL612" 612 intel/pxa/pxa3xx.dtsi
else
	b2d_skip_part "pack_pxa3xx.sh: no 6.12 tree: the 6.12 half not run"
fi

[ $fail = 0 ] && echo "ok: pack_pxa3xx.sh"
b2d_exit $fail
