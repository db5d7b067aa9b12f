#!/usr/bin/env bash
# The Renesas R8A7740 pack (rules/soc/r8a7740.yaml), a short pack over the
# target's r8a7740.dtsi, on a board of the test's own in the style of the
# 3.x mach-shmobile files (written here, in a temporary directory), against
# the 6.1 tree and 6.12 (renesas/): GPIO n is <&pfc n>; irq_pin(10) is
# line 2 of &irqpin1; i2c_register_board_info(0, ...) is &i2c0; and the
# board's own "sh_mobile_sdhi" platform device at 0xe6850000 is the .dtsi's
# SDHI0 node (its compatible one the driver of that name matches): it is
# enabled there with the board's supply, with no compatible to pick and no
# second node. Each output compiles (the tool runs dtc).
#
#   bash pack_r8a7740.sh BOARD2DTS SOURCE_DIR    (run by ctest; exit 77 = skipped)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init pack_r8a7740.sh "$@"
b2d_kernel || b2d_skip "pack_r8a7740.sh: no kernel tree (B2D_KERNEL; bash scripts/kernel-tree.sh)"
b2d_tmpdir b2d-r8a7740
export XDG_CACHE_HOME=$TMP/cache

mkdir -p "$TMP/mach-shmobile"
cat >"$TMP/mach-shmobile/board-acme7740.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: an R8A7740 panel, 3.x mach-shmobile style. */
#include <linux/init.h>
#include <linux/i2c.h>
#include <linux/gpio.h>
#include <linux/gpio_keys.h>
#include <linux/input.h>
#include <linux/platform_device.h>
#include <linux/regulator/fixed.h>
#include <linux/regulator/machine.h>
#include <linux/mmc/sh_mobile_sdhi.h>
#include <asm/mach/arch.h>
#include <mach/common.h>
#include <mach/irqs.h>
#include <mach/r8a7740.h>

static struct regulator_consumer_supply acme_sdhi0_supplies[] = {
	REGULATOR_SUPPLY("vmmc", "sh_mobile_sdhi.0"),
};
static struct resource sdhi0_resources[] = {
	{
		.start = 0xe6850000,
		.end = 0xe6850100 - 1,
		.flags = IORESOURCE_MEM,
	},
	{
		.start = gic_spi(118),
		.flags = IORESOURCE_IRQ,
	},
};
static struct platform_device sdhi0_device = {
	.name = "sh_mobile_sdhi",
	.id = 0,
	.num_resources = ARRAY_SIZE(sdhi0_resources),
	.resource = sdhi0_resources,
};
static struct gpio_keys_button acme_buttons[] = {
	{ .gpio = 99, .code = KEY_POWER, .desc = "power", .active_low = 1 },
};
static struct gpio_keys_platform_data acme_keys_pdata = {
	.buttons = acme_buttons,
	.nbuttons = ARRAY_SIZE(acme_buttons),
};
static struct platform_device acme_keys = {
	.name = "gpio-keys",
	.id = -1,
	.dev = { .platform_data = &acme_keys_pdata },
};
static struct platform_device *acme_devices[] __initdata = {
	&sdhi0_device,
	&acme_keys,
};
static struct i2c_board_info acme_i2c0_devices[] = {
	{
		I2C_BOARD_INFO("st1232-ts", 0x55),
		.irq = irq_pin(10),
	},
};
static void __init acme_init(void)
{
	r8a7740_pinmux_init();
	regulator_register_always_on(0, "sdhi0 Vcc", acme_sdhi0_supplies,
				     ARRAY_SIZE(acme_sdhi0_supplies), 3300000);
	i2c_register_board_info(0, acme_i2c0_devices, ARRAY_SIZE(acme_i2c0_devices));
	r8a7740_add_standard_devices();
	platform_add_devices(acme_devices, ARRAY_SIZE(acme_devices));
}
MACHINE_START(ACME7740, "acme7740")
	.map_io = r8a7740_map_io,
	.init_irq = r8a7740_init_irq,
	.init_machine = acme_init,
MACHINE_END
C

check() {	# check KERNEL SUFFIX DTSDIR
	local o=$TMP/acme7740$2.dts
	b2d_convert_pack "$1" "$TMP/mach-shmobile/board-acme7740.c" "$o" r8a7740 || return
	b2d_has "$o" "#include \"$3r8a7740.dtsi\""
	b2d_has "$o" 'gpios = <&pfc 99 GPIO_ACTIVE_LOW>;'
	grep -A8 '^&i2c0 {' "$o" | grep -q 'interrupt-parent = <&irqpin1>;' || b2d_bad "$(basename "$o"): the touchscreen is not on &irqpin1"
	b2d_has "$o" 'interrupts = <2 IRQ_TYPE_NONE>;'
	grep -Eq '(&sdhi0|mmc@e6850000)\{vmmc-supply=<&[a-z0-9_]+>;status="okay";\}' "$o.flat" ||
		b2d_bad "$(basename "$o"): the board's sh_mobile_sdhi is not the .dtsi's SDHI0 node with its supply"
	b2d_hasnt "$o" 'sh_mobile_sdhi@'
	b2d_hasnt "$o" 'compatibles in the kernel'
}

check "$KERNEL" 61 ""
if b2d_kernel612; then
	check "$KERNEL612" 612 renesas/
else
	b2d_skip_part "pack_r8a7740.sh: no 6.12 tree (bash scripts/kernel-tree.sh --version 6.12): the 6.12 half"
fi

[ $B2D_FAIL = 0 ] && echo "ok: pack_r8a7740.sh"
b2d_exit $B2D_FAIL
