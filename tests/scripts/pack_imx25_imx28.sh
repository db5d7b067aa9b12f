#!/usr/bin/env bash
# The i.MX25 and i.MX28 packs (rules/soc/imx25.yaml, imx28.yaml) on two
# boards of the test's own in the style of their 2.6.3x - 3.x board files
# (written here, in a temporary directory), against the 6.1 tree and, when
# it is there, 6.12 (nxp/imx/, nxp/mxs/). i.MX25: imx25_add_imx_uart0() /
# imx25_add_imx_i2c0() / imx25_add_sdhci_esdhc_imx(0) are &uart1, &i2c1,
# &esdhc1 (1-based labels; ESDHC_WP_CONTROLLER is fsl,wp-controller),
# IMX_GPIO_NR(2, 1) is <&gpio2 1 ...>, the FEC's
# phy mode converts, the USB device port's fsl_usb2_platform_data and the
# host port's mxc_usbh_platform_data give &usbotg and &usbhost1 their
# dr_mode and phy_type. i.MX28: mx28_add_auart0() and mx28_add_mxs_mmc(1) are
# &auart0 and &ssp1 (0-based labels; the SSP an MMC host, "fsl,imx28-mmc"), MXS_GPIO_NR(0, 28) is <&gpio0 28 ...>,
# SLOTF_8_BIT_CAPABLE is bus-width = <8>, and mx28_add_fec(0, &pd[0]) and
# mx28_add_fec(1, &pd[1]) give each MAC its own entry (an RMII and an MII
# port). Each output compiles (the tool runs dtc).
#
#   bash pack_imx25_imx28.sh BOARD2DTS SOURCE_DIR    (run by ctest; exit 77 = skipped)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init pack_imx25_imx28.sh "$@"
b2d_kernel || b2d_skip "pack_imx25_imx28.sh: no kernel tree (B2D_KERNEL; bash scripts/kernel-tree.sh)"
b2d_tmpdir b2d-imx2x
export XDG_CACHE_HOME=$TMP/cache
fail=0
bad() { echo "FAIL: $*"; fail=1; }
has() { grep -F -- "$2" "$1" >/dev/null 2>&1 || bad "$(basename "$1"): missing: $2"; }
hasnt() { ! grep -F -- "$2" "$1" >/dev/null 2>&1 || bad "$(basename "$1"): unexpected: $2"; }

mkdir -p "$TMP/mach-imx" "$TMP/mach-mxs"
cat >"$TMP/mach-imx/mach-acme25.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: an i.MX25 terminal in the 2.6.3x mach-imx style. */
#include <linux/init.h>
#include <linux/platform_device.h>
#include <linux/i2c.h>
#include <asm/mach/arch.h>
#include <mach/hardware.h>
#include <mach/common.h>
#include "devices-imx25.h"

#define ACME_SD_CD	IMX_GPIO_NR(2, 1)

static const struct imxuart_platform_data uart_pdata __initconst = {
	.flags = IMXUART_HAVE_RTSCTS,
};
static const struct fec_platform_data acme_fec_pdata __initconst = {
	.phy = PHY_INTERFACE_MODE_RMII,
};
static const struct imxi2c_platform_data acme_i2c0_data __initconst = {
	.bitrate = 100000,
};
static const struct esdhc_platform_data acme_esdhc_pdata __initconst = {
	.cd_gpio = ACME_SD_CD,
	.wp_type = ESDHC_WP_CONTROLLER,
	.cd_type = ESDHC_CD_GPIO,
};
static const struct fsl_usb2_platform_data acme_otg_pdata __initconst = {
	.operating_mode = FSL_USB2_DR_DEVICE,
	.phy_mode = FSL_USB2_PHY_UTMI,
};
static struct mxc_usbh_platform_data acme_usbh2_pdata __initdata = {
	.portsc = MXC_EHCI_MODE_SERIAL,
};
static void __init acme25_init(void)
{
	imx25_soc_init();
	imx25_add_imx_uart0(&uart_pdata);
	imx25_add_fec(&acme_fec_pdata);
	imx25_add_sdhci_esdhc_imx(0, &acme_esdhc_pdata);
	imx25_add_imx_i2c0(&acme_i2c0_data);
	imx25_add_fsl_usb2_udc(&acme_otg_pdata);
	imx25_add_mxc_ehci_hs(&acme_usbh2_pdata);
}
MACHINE_START(ACME25, "Acme i.MX25 terminal")
	.map_io = mx25_map_io,
	.init_early = imx25_init_early,
	.init_irq = mx25_init_irq,
	.init_machine = acme25_init,
MACHINE_END
C
cat >"$TMP/mach-mxs/mach-acme28.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: an i.MX28 gateway in the 3.x mach-mxs style. */
#include <linux/init.h>
#include <linux/platform_device.h>
#include <asm/mach/arch.h>
#include <mach/common.h>
#include <mach/iomux-mx28.h>
#include "devices-mx28.h"

#define ACME_MMC1_WP	MXS_GPIO_NR(0, 28)

static struct fec_platform_data acme_fec_pdata[] __initdata = {
	{ .phy = PHY_INTERFACE_MODE_RMII, },
	{ .phy = PHY_INTERFACE_MODE_MII, },
};
static struct mxs_mmc_platform_data acme_mmc_pdata __initdata = {
	.wp_gpio = ACME_MMC1_WP,
	.flags = SLOTF_8_BIT_CAPABLE,
};
static void __init acme28_init(void)
{
	mx28_add_duart();
	mx28_add_auart0();
	mx28_add_fec(0, &acme_fec_pdata[0]);
	mx28_add_fec(1, &acme_fec_pdata[1]);
	mx28_add_mxs_mmc(1, &acme_mmc_pdata);
}
static void __init acme28_timer_init(void)
{
	mx28_clocks_init();
}
static struct sys_timer acme28_timer = {
	.init = acme28_timer_init,
};
MACHINE_START(ACME28, "Acme i.MX28 gateway")
	.map_io = mx28_map_io,
	.init_irq = mx28_init_irq,
	.init_machine = acme28_init,
	.timer = &acme28_timer,
MACHINE_END
C

convert() {	# convert KERNEL BOARD OUT.dts SOC
	if ! "$BIN" convert -q --kernel "$1" "$2" -o "$3" --report "$3.json" 2>"$TMP/err"; then
		bad "$(basename "$3"): convert failed: $(head -3 "$TMP/err")"
		return 1
	fi
	grep -q "\"soc\": \"$4\"" "$3.json" || bad "$(basename "$3"): the $4 pack is not picked"
	hasnt "$3" 'no SoC rule pack matched'
	hasnt "$3" 'no such node'
}

check() {	# check KERNEL SUFFIX DIR25 DIR28
	local o25=$TMP/acme25$2.dts o28=$TMP/acme28$2.dts
	if convert "$1" "$TMP/mach-imx/mach-acme25.c" "$o25" imx25; then
		has "$o25" "#include \"$3imx25.dtsi\""
		has "$o25" 'compatible = "board2dts,acme25", "fsl,imx25";'
		has "$o25" '&uart1 {'
		has "$o25" 'uart-has-rtscts;'
		has "$o25" 'phy-mode = "rmii";'
		has "$o25" 'cd-gpios = <&gpio2 1 GPIO_ACTIVE_LOW>;'
		has "$o25" '&esdhc1 {'
		has "$o25" 'fsl,wp-controller;'
		has "$o25" '&i2c1 {'
		tr -d '\n' <"$o25" | sed 's|/\*[^*]*\*/||g; s/[[:space:]]//g' >"$TMP/flat25"
		grep -q '&usbotg{dr_mode="peripheral";phy_type="utmi";status="okay";}' "$TMP/flat25" ||
			bad "$(basename "$o25"): &usbotg is not a UTMI peripheral"
		grep -q '&usbhost1{dr_mode="host";phy_type="serial";status="okay";}' "$TMP/flat25" ||
			bad "$(basename "$o25"): &usbhost1 is not a serial-PHY host"
	fi
	if convert "$1" "$TMP/mach-mxs/mach-acme28.c" "$o28" imx28; then
		has "$o28" "#include \"$4imx28.dtsi\""
		has "$o28" '&duart {'
		has "$o28" '&auart0 {'
		has "$o28" 'wp-gpios = <&gpio0 28 GPIO_ACTIVE_HIGH>;'
		has "$o28" 'bus-width = <8>;'
		has "$o28" '&ssp1 {'
		# imx28.dtsi's SSPs have no compatible: an MMC host gets the role's
		grep -A1 '^&ssp1 {' "$o28" | grep -q 'compatible = "fsl,imx28-mmc";' ||
			bad "$(basename "$o28"): &ssp1 has no fsl,imx28-mmc compatible"
		grep -A1 '^&mac0 {' "$o28" | grep -q 'phy-mode = "rmii";' || bad "$(basename "$o28"): &mac0 is not rmii"
		grep -A1 '^&mac1 {' "$o28" | grep -q 'phy-mode = "mii";' || bad "$(basename "$o28"): &mac1 is not mii"
	fi
}

check "$KERNEL" 61 "" ""

# The same board with a devices-imx25.h of its own beside it, in the 3.x
# style: imx25_add_imx_uart0(pdata) is imx25_add_imx_uart(0, pdata), a call
# of a helper subscripting an array of a struct no header here defines, so
# clang drops the statement without an error in the board file. It is read
# from its tokens as written: &uart1 and &i2c1 as without the header.
mkdir -p "$TMP/own"
cp "$TMP/mach-imx/mach-acme25.c" "$TMP/own/"
cat >"$TMP/own/devices-imx25.h" <<'H'
/* SPDX-License-Identifier: GPL-2.0 */
/* board2dts test header: the two macro levels of 3.x mach-imx helpers. */
#include "devices/devices-common.h"
extern const struct imx_imx_uart_1irq_data imx25_imx_uart_data[];
#define imx25_add_imx_uart(id, pdata)	\
	imx_add_imx_uart_1irq(&imx25_imx_uart_data[id], pdata)
#define imx25_add_imx_uart0(pdata)	imx25_add_imx_uart(0, pdata)
extern const struct imx_imx_i2c_data imx25_imx_i2c_data[];
#define imx25_add_imx_i2c(id, pdata)	\
	imx_add_imx_i2c(&imx25_imx_i2c_data[id], pdata)
#define imx25_add_imx_i2c0(pdata)	imx25_add_imx_i2c(0, pdata)
H
if convert "$KERNEL" "$TMP/own/mach-acme25.c" "$TMP/own25.dts" imx25; then
	has "$TMP/own25.dts" '&uart1 {'
	has "$TMP/own25.dts" 'uart-has-rtscts;'
	has "$TMP/own25.dts" '&i2c1 {'
fi
if b2d_kernel612; then
	check "$KERNEL612" 612 nxp/imx/ nxp/mxs/
else
	b2d_skip_part "pack_imx25_imx28.sh: no 6.12 tree: the 6.12 half not run"
fi

[ $fail = 0 ] && echo "ok: pack_imx25_imx28.sh"
b2d_exit $fail
