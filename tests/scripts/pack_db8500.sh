#!/usr/bin/env bash
# The ST-Ericsson U8500 pack (rules/soc/db8500.yaml), a short pack over the
# target's ste-db8500.dtsi, on a board of the test's own in the style of the
# 3.x mach-ux500 files (written here, in a temporary directory), against the
# 6.1 tree and 6.12 (st/): the pack is picked by the SoC helpers the board
# calls; db8500_add_i2cN() enables &i2cN with the clock-frequency of its
# nmk_i2c_controller data (its FIFO and timing fields accounted, not TODOs);
# i2c_register_board_info(2, ...) puts the devices on &i2c2, and
# NOMADIK_GPIO_TO_IRQ(217) is line 25 of &gpio6; a gpio-keys button's GPIO
# 91 is <&gpio2 27>; the UART's DMA settings and the stedma40_chan_cfg
# tables are the .dtsi's dmas (converted, no TODO); gpio_request_array()
# makes one hog per struct gpio element; an LP5521 of the 3.x layout
# (rules/bindings/lp55xx.yaml: lp5521_platform_data read by the device
# rule's lp55xx_platform_data, LP5521_CLOCK_EXT by name) is a led-controller
# with clock-mode and a led@N per channel. Each output compiles (the tool
# runs dtc).
#
#   bash pack_db8500.sh BOARD2DTS SOURCE_DIR    (run by ctest; exit 77 = skipped)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init pack_db8500.sh "$@"
b2d_kernel || b2d_skip "pack_db8500.sh: no kernel tree (B2D_KERNEL; bash scripts/kernel-tree.sh)"
b2d_tmpdir b2d-db8500
export XDG_CACHE_HOME=$TMP/cache

mkdir -p "$TMP/mach-ux500"
cat >"$TMP/mach-ux500/board-acme8500.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: a U8500 data logger, 3.x mach-ux500 style. */
#include <linux/init.h>
#include <linux/i2c.h>
#include <linux/gpio.h>
#include <linux/gpio_keys.h>
#include <linux/input.h>
#include <linux/amba/serial.h>
#include <linux/platform_data/i2c-nomadik.h>
#include <linux/leds-lp5521.h>
#include <asm/mach/arch.h>
#include <plat/ste_dma40.h>
#include <mach/devices.h>
#include <mach/irqs.h>
#include "devices-db8500.h"

static struct nmk_i2c_controller acme_i2c0_data = {
	.slsu = 0xe,
	.tft = 1,
	.rft = 8,
	.clk_freq = 400000,
	.timeout = 200,
};
static struct lp5521_led_config acme_lp5521_led[] = {
	{ .chan_nr = 0, .led_current = 0x2f, .max_current = 0x5f },
	{ .chan_nr = 1, .led_current = 0x2f, .max_current = 0x5f },
};
static struct lp5521_platform_data acme_lp5521_data = {
	.label = "lp5521_pri",
	.led_config = &acme_lp5521_led[0],
	.num_channels = 2,
	.clock_mode = LP5521_CLOCK_EXT,
};
static struct i2c_board_info __initdata acme_i2c2_devices[] = {
	{
		I2C_BOARD_INFO("bh1780", 0x29),
		.irq = NOMADIK_GPIO_TO_IRQ(217),
	},
	{
		I2C_BOARD_INFO("lp5521", 0x33),
		.platform_data = &acme_lp5521_data,
	},
};
static struct gpio_keys_button acme_keys[] = {
	{
		.gpio = 91,
		.code = KEY_POWER,
		.desc = "power",
		.active_low = 1,
	},
};
static struct gpio_keys_platform_data acme_keys_data = {
	.buttons = acme_keys,
	.nbuttons = ARRAY_SIZE(acme_keys),
};
static struct platform_device acme_keys_device = {
	.name = "gpio-keys",
	.id = -1,
	.dev = { .platform_data = &acme_keys_data },
};
static struct stedma40_chan_cfg acme_uart2_dma_rx = {
	.mode = STEDMA40_MODE_LOGICAL,
	.dir = STEDMA40_PERIPH_TO_MEM,
};
static struct amba_pl011_data acme_uart2_plat = {
	.dma_filter = stedma40_filter,
	.dma_rx_param = &acme_uart2_dma_rx,
};
static struct gpio acme_gpios[] __initdata = {
	{ 142, GPIOF_OUT_INIT_HIGH, "modem-power" },
	{ 31, GPIOF_IN, "board-id" },
};
static void __init acme8500_init(void)
{
	struct device *parent = u8500_init_devices();

	db8500_add_i2c0(parent, &acme_i2c0_data);
	db8500_add_i2c2(parent, NULL);
	db8500_add_uart2(parent, &acme_uart2_plat);
	i2c_register_board_info(2, acme_i2c2_devices, ARRAY_SIZE(acme_i2c2_devices));
	platform_device_register(&acme_keys_device);
	gpio_request_array(acme_gpios, ARRAY_SIZE(acme_gpios));
}
MACHINE_START(ACME8500, "Acme U8500 logger")
	.map_io = u8500_map_io,
	.init_irq = ux500_init_irq,
	.init_machine = acme8500_init,
MACHINE_END
C

check() {	# check KERNEL SUFFIX DTSDIR
	local o=$TMP/acme8500$2.dts
	b2d_convert_pack "$1" "$TMP/mach-ux500/board-acme8500.c" "$o" db8500 || return
	b2d_has "$o" "#include \"$3ste-db8500.dtsi\""
	grep -A3 '^&i2c0 {' "$o" | grep -q 'clock-frequency = <400000>;' || b2d_bad "$(basename "$o"): &i2c0 has not its clock-frequency"
	grep -A6 '^&i2c2 {' "$o" | grep -q 'bh1780@29 {' || b2d_bad "$(basename "$o"): no bh1780@29 on &i2c2"
	b2d_has "$o" 'interrupt-parent = <&gpio6>;'
	b2d_has "$o" 'interrupts = <25 IRQ_TYPE_NONE>;'
	b2d_has "$o" 'gpios = <&gpio2 27 GPIO_ACTIVE_LOW>;'
	grep -A1 '^&serial2 {' "$o" | grep -q 'status = "okay";' || b2d_bad "$(basename "$o"): &serial2 is not enabled"
	grep -A3 'modem-power-hog {' "$o" | grep -q 'gpios = <14 GPIO_ACTIVE_HIGH>;' || b2d_bad "$(basename "$o"): no modem-power hog at &gpio4 14"
	grep -A3 'board-id-hog {' "$o" | grep -q 'gpios = <31 GPIO_ACTIVE_HIGH>;' || b2d_bad "$(basename "$o"): no board-id hog at &gpio0 31"
	b2d_hasnt "$o" 'no rule for struct'
	grep -q 'led-controller@33{compatible="national,lp5521";reg=<0x33>;#address-cells=<1>;#size-cells=<0>;label="lp5521_pri";clock-mode=/bits/8<2>;led@0{reg=<0>;led-cur=/bits/8<0x2f>;max-cur=/bits/8<0x5f>;};led@1{reg=<1>;' "$o.flat" ||
		b2d_bad "$(basename "$o"): the LP5521 is not a led-controller with its clock mode and led@0/led@1"
	b2d_hasnt "$o" 'no SoC rule pack'
	b2d_hasnt "$o" 'no rule for call db8500'
	python3 - "$o.json" <<'PY' || b2d_bad "$(basename "$o"): the i2c0 data or DMA tables are not all converted"
import json, sys
facts = json.load(open(sys.argv[1]))['machines'][0]['facts']
want = [f for f in facts if f['what'].startswith(('acme_i2c0_data', 'acme_uart2', 'struct stedma40', 'struct amba_pl011'))]
sys.exit(0 if want and all(f['fate'] == 'converted' for f in want) else 1)
PY
}

check "$KERNEL" 61 ""
if b2d_kernel612; then
	check "$KERNEL612" 612 st/
else
	b2d_skip_part "pack_db8500.sh: no 6.12 tree (bash scripts/kernel-tree.sh --version 6.12): the 6.12 half"
fi

[ $B2D_FAIL = 0 ] && echo "ok: pack_db8500.sh"
b2d_exit $B2D_FAIL
