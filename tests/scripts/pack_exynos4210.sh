#!/usr/bin/env bash
# The Exynos4210 pack (rules/soc/exynos4210.yaml) on a board of the test's
# own in the style of the 3.x mach-exynos board files (written here, in a
# temporary directory), against the 6.1 tree and, when it is there, 6.12
# (samsung/): the pack is picked by the board's exynos4_* helpers;
# EXYNOS4_GPX2(1) is <&gpx2 1 ...>, EXYNOS4_GPK2(2) <&gpk2 2 ...> (the
# banks as mach/gpio.h numbered them, one spare number between banks);
# IRQ_EINT(4) is line 4 of &gpx0's interrupt domain; the UART config array
# enables &serial_0 and &serial_2; the sdhci platdata lands on &sdhci_2
# with its bus width and card-detect line, &sdhci_0's 8 bits (set after
# the device is registered) replace the historic default 4 that &sdhci_3,
# without platform data, keeps; i2c_register_board_info(0) is
# &i2c_0; the MAX8997's regulators are LDO1 and BUCK1 under its
# `regulators` node, the names the target's regulator driver gives their ids,
# and its DVS voltages the one cell each the driver reads without GPIO DVS.
# samsung_keypad_set_platdata() is &keypad's rows, columns and key nodes.
# Each output compiles (the tool runs dtc).
#
#   bash pack_exynos4210.sh BOARD2DTS SOURCE_DIR    (run by ctest; exit 77 = skipped)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init pack_exynos4210.sh "$@"
b2d_kernel || b2d_skip "pack_exynos4210.sh: no kernel tree (B2D_KERNEL; bash scripts/kernel-tree.sh)"
b2d_tmpdir b2d-exynos4
export XDG_CACHE_HOME=$TMP/cache
fail=0
bad() { echo "FAIL: $*"; fail=1; }
has() { grep -F -- "$2" "$1" >/dev/null 2>&1 || bad "$(basename "$1"): missing: $2"; }
hasnt() { ! grep -F -- "$2" "$1" >/dev/null 2>&1 || bad "$(basename "$1"): unexpected: $2"; }

B=$TMP/mach-acmepad.c
cat >"$B" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: an Exynos4210 tablet in the 3.x mach-exynos style. */
#include <linux/init.h>
#include <linux/platform_device.h>
#include <linux/i2c.h>
#include <linux/gpio_keys.h>
#include <linux/input.h>
#include <asm/mach/arch.h>
#include <mach/map.h>
#include <plat/devs.h>
#include <plat/sdhci.h>
#include <plat/keypad.h>
#include <plat/iic.h>
#include <plat/regs-serial.h>
#include <linux/mfd/max8997.h>
#include <linux/regulator/machine.h>

static struct s3c2410_uartcfg acmepad_uartcfgs[] __initdata = {
	{ .hwport = 0, .flags = 0, .ucon = 0x3c5, .ulcon = 0x03, .ufcon = 0x111 },
	{ .hwport = 2, .flags = 0, .ucon = 0x3c5, .ulcon = 0x03, .ufcon = 0x111 },
};
static struct s3c_sdhci_platdata acmepad_hsmmc2_pdata __initdata = {
	.cd_type = S3C_SDHCI_CD_GPIO,
	.ext_cd_gpio = EXYNOS4_GPK2(2),
	.ext_cd_gpio_invert = 1,
	.max_width = 4,
};
static struct s3c_sdhci_platdata acmepad_hsmmc0_pdata __initdata = {
	.cd_type = S3C_SDHCI_CD_PERMANENT,
	.max_width = 8,
};
static struct regulator_init_data acmepad_ldo1_data = {
	.constraints = {
		.name = "VDD_ABB_3.3V", .min_uV = 3300000, .max_uV = 3300000,
		.valid_ops_mask = REGULATOR_CHANGE_STATUS,
	},
};
static struct regulator_init_data acmepad_buck1_data = {
	.constraints = {
		.name = "VDD_ARM_1.2V", .min_uV = 950000, .max_uV = 1350000, .always_on = 1,
	},
};
static struct max8997_regulator_data acmepad_regulators[] = {
	{ MAX8997_LDO1, &acmepad_ldo1_data },
	{ MAX8997_BUCK1, &acmepad_buck1_data },
};
static struct max8997_platform_data acmepad_max8997_pdata = {
	.regulators = acmepad_regulators,
	.num_regulators = ARRAY_SIZE(acmepad_regulators),
	.buck1_voltage[0] = 1250000,
	.buck1_voltage[1] = 1100000,
	.buck2_voltage[0] = 1100000,
	.buck5_voltage[0] = 1100000,
};
static uint32_t acmepad_keymap[] __initdata = {
	KEY(0, 3, KEY_1), KEY(1, 7, KEY_A),
};
static struct matrix_keymap_data acmepad_keymap_data __initdata = {
	.keymap = acmepad_keymap,
	.keymap_size = ARRAY_SIZE(acmepad_keymap),
};
static struct samsung_keypad_platdata acmepad_keypad_data __initdata = {
	.keymap_data = &acmepad_keymap_data,
	.rows = 2,
	.cols = 8,
};
static struct i2c_board_info i2c0_devs[] __initdata = {
	{ I2C_BOARD_INFO("max8997", 0x66), .irq = IRQ_EINT(4), .platform_data = &acmepad_max8997_pdata },
};
static struct gpio_keys_button acmepad_buttons[] = {
	{ .code = KEY_POWER, .gpio = EXYNOS4_GPX2(1), .desc = "power", .active_low = 1 },
};
static struct gpio_keys_platform_data acmepad_keys_data = {
	.buttons = acmepad_buttons, .nbuttons = ARRAY_SIZE(acmepad_buttons),
};
static struct platform_device acmepad_keys = {
	.name = "gpio-keys", .dev = { .platform_data = &acmepad_keys_data },
};
static struct platform_device *acmepad_devices[] __initdata = {
	&s3c_device_hsmmc0, &s3c_device_hsmmc2, &s3c_device_hsmmc3, &s3c_device_i2c0, &s3c_device_rtc, &samsung_device_keypad, &acmepad_keys,
};
static void __init acmepad_map_io(void)
{
	exynos_init_io(NULL, 0);
	s3c24xx_init_clocks(24000000);
	s3c24xx_init_uarts(acmepad_uartcfgs, ARRAY_SIZE(acmepad_uartcfgs));
}
static void __init acmepad_machine_init(void)
{
	samsung_keypad_set_platdata(&acmepad_keypad_data);
	s3c_i2c0_set_platdata(NULL);
	i2c_register_board_info(0, i2c0_devs, ARRAY_SIZE(i2c0_devs));
	s3c_sdhci2_set_platdata(&acmepad_hsmmc2_pdata);
	platform_add_devices(acmepad_devices, ARRAY_SIZE(acmepad_devices));
	s3c_sdhci0_set_platdata(&acmepad_hsmmc0_pdata);
}
MACHINE_START(ACMEPAD, "Acme Exynos4210 pad")
	.atag_offset = 0x100,
	.init_irq = exynos4_init_irq,
	.map_io = acmepad_map_io,
	.init_machine = acmepad_machine_init,
	.timer = &exynos4_timer,
MACHINE_END
C

check() {	# check KERNEL OUT.dts INCLUDE
	if ! "$BIN" convert -q --kernel "$1" "$B" -o "$2" --report "$2.json" 2>"$TMP/err"; then
		bad "$(basename "$2"): convert failed: $(head -3 "$TMP/err")"
		return
	fi
	grep -q '"soc": "exynos4210"' "$2.json" || bad "$(basename "$2"): the exynos4210 pack is not picked"
	has "$2" "#include \"$3\""
	has "$2" '&serial_0 {'
	has "$2" '&serial_2 {'
	has "$2" '&sdhci_2 {'
	has "$2" 'bus-width = <4>;'
	has "$2" 'cd-gpios = <&gpk2 2 GPIO_ACTIVE_LOW>;'
	# the SD hosts' bus width: the historic default platform data's 4 bits
	# (sdhci-s3c.c takes 1 without bus-width), the board's own width wins
	sdhci() { awk -v h="&sdhci_$2 {" '$0 == h { on = 1 } on { print } on && /^};?$/ { exit }' "$1" | grep -F bus-width | tr -d '\t' | cut -d';' -f1 | tr '\n' ' '; }
	[ "$(sdhci "$2" 0)" = "bus-width = <8> " ] || bad "$(basename "$2"): &sdhci_0: $(sdhci "$2" 0), not bus-width = <8>"
	[ "$(sdhci "$2" 3)" = "bus-width = <4> " ] || bad "$(basename "$2"): &sdhci_3: $(sdhci "$2" 3), not bus-width = <4>"
	has "$2" 'gpios = <&gpx2 1 GPIO_ACTIVE_LOW>;'
	has "$2" '&i2c_0 {'
	has "$2" 'interrupt-parent = <&gpx0>;'
	has "$2" 'interrupts = <4 IRQ_TYPE_NONE>;'
	has "$2" '&rtc {'
	# the keypad as samsung-keypad.c's DT path reads it: rows, columns and
	# one child node per KEY(row, col, code)
	sed -n '/^&keypad {/,/^};/p' "$2" | tr -d '\t' | sed 's| */\*.*\*/||' | tr '\n' ' ' |
		grep -F 'samsung,keypad-num-rows = <2>; samsung,keypad-num-columns = <8>; status = "okay";  key-1 { keypad,row = <0>; keypad,column = <3>; linux,code = <KEY_1>; };  key-2 { keypad,row = <1>; keypad,column = <7>; linux,code = <KEY_A>; }; };' >/dev/null ||
		bad "$(basename "$2"): &keypad: not rows, columns and key-1/key-2 nodes"
	# the PMIC's regulators: children of its regulators node, named as the
	# target's drivers/regulator/max8997-regulator.c names their ids
	# "max8997" is the binding's "maxim,max8997-pmic" (the compatible of its part)
	has "$2" 'compatible = "maxim,max8997-pmic";'
	sed -n '/pmic@66 {/,/^	};/p' "$2" | tr -d '\t' | tr '\n' ' ' |
		grep -F 'regulators { LDO1 { regulator-name = "VDD_ABB_3.3V";' >/dev/null ||
		bad "$(basename "$2"): no LDO1 node with its constraints under the PMIC's regulators"
	has "$2" 'BUCK1 {'
	# the DVS voltages max8997-regulator.c's DT path needs: one cell each
	# without GPIO DVS (the one the C driver uses too)
	has "$2" 'max8997,pmic-buck1-dvs-voltage = <1250000>;'
	has "$2" 'max8997,pmic-buck2-dvs-voltage = <1100000>;'
	has "$2" 'max8997,pmic-buck5-dvs-voltage = <1100000>;'
	hasnt "$2" 'no rule for field .buck'
	has "$2" 'regulator-min-microvolt = <950000>;'
	hasnt "$2" 'no rule for struct max8997'
	hasnt "$2" 'no SoC rule pack matched'
	hasnt "$2" 'no such node'
	hasnt "$2" '&serial_1 {'
}

check "$KERNEL" "$TMP/acme61.dts" exynos4210.dtsi
if b2d_kernel612; then
	check "$KERNEL612" "$TMP/acme612.dts" samsung/exynos4210.dtsi
else
	b2d_skip_part "pack_exynos4210.sh: no 6.12 tree: the 6.12 half not run"
fi

# One file, two Exynos4x12 machines calling the same Exynos4 helpers (3.x
# mach-smdk4x12.c): not the Exynos4210 .dtsi; the 4412 gets exynos4412.dtsi,
# the 4212 too (the target has no exynos4212.dtsi) with a TODO saying so.
X=$TMP/mach-acme4x12.c
cat >"$X" <<'C'
// SPDX-License-Identifier: GPL-2.0
static struct platform_device *acme4x12_devices[] __initdata = {
	&s3c_device_hsmmc2,
	&s3c_device_rtc,
};
static void __init acme4x12_map_io(void)
{
	exynos_init_io(NULL, 0);
}
static void __init acme4x12_machine_init(void)
{
	platform_add_devices(acme4x12_devices, ARRAY_SIZE(acme4x12_devices));
}
MACHINE_START(ACME4212, "ACME4212")
	.init_irq	= exynos4_init_irq,
	.map_io		= acme4x12_map_io,
	.init_machine	= acme4x12_machine_init,
MACHINE_END
MACHINE_START(ACME4412, "ACME4412")
	.init_irq	= exynos4_init_irq,
	.map_io		= acme4x12_map_io,
	.init_machine	= acme4x12_machine_init,
MACHINE_END
C
if "$BIN" convert -q --kernel "$KERNEL" "$X" -o "$TMP/x4/" 2>"$TMP/err"; then
	for id in ACME4212 ACME4412; do
		has "$TMP/x4/mach-acme4x12.$id.dts" '#include "exynos4412.dtsi"'
		hasnt "$TMP/x4/mach-acme4x12.$id.dts" 'exynos4210'
		has "$TMP/x4/mach-acme4x12.$id.dts" '&sdhci_2 {'
	done
	has "$TMP/x4/mach-acme4x12.ACME4212.dts" 'an Exynos4212 (the machine'"'"'s name says 4212)'
	hasnt "$TMP/x4/mach-acme4x12.ACME4412.dts" 'Exynos4212'
else
	bad "mach-acme4x12.c: convert failed: $(head -3 "$TMP/err")"
fi

[ $fail = 0 ] && echo "ok: pack_exynos4210.sh"
b2d_exit $fail
