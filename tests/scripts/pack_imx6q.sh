#!/usr/bin/env bash
# The i.MX6Q pack (rules/soc/imx6q.yaml) on a board of the test's own in the
# style of the 3.0.x vendor BSP (arch/arm/mach-mx6/board-mx6q_*.c; written
# here, in a temporary directory), against the 6.1 tree (flat imx6q.dtsi)
# and, when it is there, 6.12 (nxp/imx/): the pack is picked by the board's
# mx6_* / imx6q_add_* names; imx6q_add_*(id) are 0-based, the .dtsi labels
# 1-based (uart1, i2c2, usdhc3/4); IMX_GPIO_NR(bank, nr) is <&gpio<bank> nr>;
# the BSP's esdhc_platform_data fields become the mmc binding's words
# (support_8bit: bus-width = <8>, always_present: non-removable,
# keep_power_at_suspend: keep-power-in-suspend); imx6_init_fec(fec_data)
# takes its struct by value and its phy mode still converts. Each output
# compiles (the tool runs dtc). With the BSP's own devices-imx6q.h beside a
# board, the helpers the board wrote convert, not clang's expansion of them.
#
#   bash pack_imx6q.sh BOARD2DTS SOURCE_DIR    (run by ctest; exit 77 = skipped)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init pack_imx6q.sh "$@"
b2d_kernel || b2d_skip "pack_imx6q.sh: no kernel tree (B2D_KERNEL; bash scripts/kernel-tree.sh)"
b2d_tmpdir b2d-imx6q
export XDG_CACHE_HOME=$TMP/cache
fail=0
bad() { echo "FAIL: $*"; fail=1; }
has() { grep -F -- "$2" "$1" >/dev/null 2>&1 || bad "$(basename "$1"): missing: $2"; }
hasnt() { ! grep -F -- "$2" "$1" >/dev/null 2>&1 || bad "$(basename "$1"): unexpected: $2"; }

B=$TMP/board-mx6q_acme.c
cat >"$B" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: an i.MX6Q panel computer in the 3.0.x vendor BSP style. */
#include <linux/init.h>
#include <linux/platform_device.h>
#include <linux/i2c.h>
#include <linux/gpio.h>
#include <linux/gpio_keys.h>
#include <linux/input.h>
#include <linux/pwm_backlight.h>
#include <asm/mach/arch.h>
#include <mach/common.h>
#include <mach/hardware.h>
#include <mach/mxc_asrc.h>
#include "devices-imx6q.h"

#define ACME_SD3_CD	IMX_GPIO_NR(2, 0)
#define ACME_SD3_WP	IMX_GPIO_NR(2, 1)
#define ACME_KEY_MENU	IMX_GPIO_NR(1, 4)

static const struct esdhc_platform_data acme_sd3_data __initconst = {
	.cd_gpio = ACME_SD3_CD,
	.wp_gpio = ACME_SD3_WP,
	.keep_power_at_suspend = 1,
	.support_8bit = 1,
};
static const struct esdhc_platform_data acme_sd4_data __initconst = {
	.always_present = 1,
	.support_8bit = 1,
	.cd_type = ESDHC_CD_PERMANENT,
};
static struct imxi2c_platform_data acme_i2c_data = {
	.bitrate = 400000,
};
static struct imxi2c_platform_data acme_i2c_more[] = {
	{ .bitrate = 100000, }, { .bitrate = 100000, },
};
static struct i2c_board_info acme_i2c1_devs[] __initdata = {
	{ I2C_BOARD_INFO("wm8962", 0x1a) },
};
static struct fec_platform_data fec_data __initdata = {
	.phy = PHY_INTERFACE_MODE_RGMII,
};
static struct gpio_keys_button acme_buttons[] = {
	{ .gpio = ACME_KEY_MENU, .code = KEY_MENU, .desc = "menu", .active_low = 1 },
};
static struct gpio_keys_platform_data acme_button_data = {
	.buttons = acme_buttons, .nbuttons = ARRAY_SIZE(acme_buttons),
};
static struct platform_pwm_backlight_data acme_bl_data = {
	.pwm_id = 0, .max_brightness = 255, .dft_brightness = 128, .pwm_period_ns = 50000,
};
static struct platform_device acme_button_device = {
	.name = "gpio-keys", .id = -1, .dev = { .platform_data = &acme_button_data },
};
/* a loop's index names the controller: no crash, a TODO */
static void __init acme_more_i2c(void)
{
	int i;

	for (i = 2; i < 4; i++)
		imx6q_add_imx_i2c(i, &acme_i2c_more[i - 2]);
}
static void __init acme_board_init(void)
{
	imx6q_add_imx_uart(0, NULL);
	imx6q_add_imx_i2c(1, &acme_i2c_data);
	i2c_register_board_info(1, acme_i2c1_devs, ARRAY_SIZE(acme_i2c1_devs));
	imx6_init_fec(fec_data);
	imx6q_add_sdhci_usdhc_imx(3, &acme_sd4_data);
	imx6q_add_sdhci_usdhc_imx(2, &acme_sd3_data);
	platform_device_register(&acme_button_device);
	imx6q_add_mxc_pwm_backlight(0, &acme_bl_data);
	acme_more_i2c();
}
static struct sys_timer acme_timer = {
	.init = acme_timer_init,
};
MACHINE_START(MX6Q_ACME, "Acme i.MX6Q panel")
	.boot_params = MX6_PHYS_OFFSET + 0x100,
	.map_io = mx6_map_io,
	.init_irq = mx6_init_irq,
	.init_machine = acme_board_init,
	.timer = &acme_timer,
MACHINE_END
C

check() {	# check KERNEL OUT.dts INCLUDE
	if ! "$BIN" convert -q --kernel "$1" "$B" -o "$2" --report "$2.json" 2>"$TMP/err"; then
		bad "$(basename "$2"): convert failed: $(head -3 "$TMP/err")"
		return
	fi
	grep -q '"soc": "imx6q"' "$2.json" || bad "$(basename "$2"): the imx6q pack is not picked"
	has "$2" "#include \"$3\""
	has "$2" 'compatible = "board2dts,mx6q-acme", "fsl,imx6q";'
	has "$2" '&uart1 {'
	has "$2" '&i2c2 {'
	has "$2" 'clock-frequency = <400000>;'
	has "$2" 'compatible = "wlf,wm8962";'
	has "$2" 'phy-mode = "rgmii";'
	has "$2" 'cd-gpios = <&gpio2 0 GPIO_ACTIVE_LOW>;'
	has "$2" 'wp-gpios = <&gpio2 1 GPIO_ACTIVE_HIGH>;'
	has "$2" 'keep-power-in-suspend;'
	has "$2" 'bus-width = <8>;'
	has "$2" 'non-removable;'
	has "$2" 'gpios = <&gpio1 4 GPIO_ACTIVE_LOW>;'
	has "$2" 'pwms = <&pwm1 0 50000 0>;'
	has "$2" 'cannot tell which i2c{id+1}'
	hasnt "$2" 'no SoC rule pack matched'
	hasnt "$2" 'not registered by this machine'
	hasnt "$2" 'no rule for field'
	[ "$(grep -c '&usdhc[34] {' "$2")" = 2 ] || bad "$(basename "$2"): not both &usdhc3 and &usdhc4"
}

check "$KERNEL" "$TMP/acme61.dts" imx6q.dtsi
if b2d_kernel612; then
	check "$KERNEL612" "$TMP/acme612.dts" nxp/imx/imx6q.dtsi
else
	b2d_skip_part "pack_imx6q.sh: no 6.12 tree: the 6.12 half not run"
fi

# The BSP's own devices-imx6q.h beside the board (stop 47): its helpers are
# macros, and clang records imx6q_add_vpu() as imx_add_vpu(&imx6q_vpu_data),
# a name no rule knows; the call the board wrote is the one converted.
# imx6q_add_mxc_pwm_backlight(id, pdata) is a "pwm-backlight" device, its
# .pwm_id the id of an mxc_pwm device (0-based): 3 is &pwm4.
mkdir -p "$TMP/bsp"
cat >"$TMP/bsp/devices-imx6q.h" <<'H'
#include <mach/devices-common.h>
extern const struct imx_vpu_data imx6q_vpu_data __initconst;
#define imx6q_add_vpu() imx_add_vpu(&imx6q_vpu_data)
extern const struct imx_dma_data imx6q_dma_data __initconst;
#define imx6q_add_dma()	imx_add_dma(&imx6q_dma_data);
extern const struct imx_snvs_rtc_data imx6q_imx_snvs_rtc_data __initconst;
#define imx6q_add_imx_snvs_rtc()	\
	imx_add_snvs_rtc(&imx6q_imx_snvs_rtc_data)
extern const struct imx_imx_uart_1irq_data imx6q_imx_uart_data[] __initconst;
#define imx6q_add_imx_uart(id, pdata)	\
	imx_add_imx_uart_1irq(&imx6q_imx_uart_data[id], pdata)
#define imx6q_add_mxc_pwm_backlight(id, pdata)	   \
	platform_device_register_resndata(NULL, "pwm-backlight",\
			id, NULL, 0, pdata, sizeof(*pdata));
H
B2=$TMP/bsp/board-mx6q_widget.c
cat >"$B2" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: the BSP's devices-imx6q.h beside it. */
#include <linux/init.h>
#include <linux/platform_device.h>
#include <linux/pwm_backlight.h>
#include <asm/mach/arch.h>
#include <mach/common.h>
#include "devices-imx6q.h"

static struct platform_pwm_backlight_data widget_bl_data = {
	.pwm_id = 3,
	.max_brightness = 255,
	.dft_brightness = 128,
	.pwm_period_ns = 50000,
};
static void __init widget_board_init(void)
{
	imx6q_add_imx_uart(1, NULL);
	imx6q_add_imx_snvs_rtc();
	imx6q_add_vpu();
	imx6q_add_dma();
	imx6q_add_mxc_pwm_backlight(3, &widget_bl_data);
}
MACHINE_START(MX6Q_WIDGET, "Widget i.MX6Q")
	.map_io = mx6_map_io,
	.init_irq = mx6_init_irq,
	.init_machine = widget_board_init,
MACHINE_END
C
if "$BIN" convert -q --kernel "$KERNEL" "$B2" -o "$TMP/widget61.dts" 2>"$TMP/err"; then
	for want in '&uart2 {' '&snvs {' '&vpu {' '&sdma {' 'compatible = "pwm-backlight";' \
		    'pwms = <&pwm4 0 50000 0>;' 'default-brightness-level = <128>;'; do
		has "$TMP/widget61.dts" "$want"
	done
	hasnt "$TMP/widget61.dts" 'no rule for call imx_add_'
	hasnt "$TMP/widget61.dts" 'pwm_ids: does not number it'
else
	bad "widget61.dts: convert failed: $(head -3 "$TMP/err")"
fi

[ $fail = 0 ] && echo "ok: pack_imx6q.sh"
b2d_exit $fail
