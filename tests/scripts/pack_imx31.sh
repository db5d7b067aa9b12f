#!/usr/bin/env bash
# Freescale MC13783 PMIC platform data (rules/bindings/fsl-pmic.yaml) on an
# i.MX31 board of the test's own in the style of the 3.x mach-imx files
# (written here, in a temporary directory), against the 6.1 tree and 6.12
# (nxp/imx/): the SPI board-info entry is the fsl,mc13783 node on &spi2,
# .flags gives the fsl,mc13xxx-uses-* properties it sets (and not the
# others), and each mc13xxx_regulator_init_data is a child of `regulators`
# named as drivers/regulator/mc13783-regulator.c names its id
# (MC13783_REG_VMMC1 -> vmmc1, MC13783_REG_SW1A -> sw1a) with its
# constraints; the SPI controller's chip selects are cs-gpios (a native
# one <0>) and the keypad's keymap data its linux,keymap. The 3.x
# iomux-mx3.h pin names (the pack's defines): IOMUX_TO_IRQ(MX31_PIN_GPIO1_3)
# is the PMIC's interrupt <&gpio1 3>, IOMUX_TO_GPIO(MX31_PIN_GPIO3_1) a
# key's <&gpio3 1>, and an IRQ resource the machine stores at run time
# (gpio_to_irq(IOMUX_TO_GPIO(MX31_PIN_SFS6))) the LAN chip's <&gpio1 26>;
# the MC13783_USE_* flags of 2.6.33 - 3.x (the tolerant-mode model headers)
# are known, _REGULATOR read; an "mtd-ram" device is physmap's mtd-ram
# node (bank-width); MX31_CS4_BASE_ADDR is the WEIM's CS4 window
# (0xb4000000): the devices on the WEIM's chip selects are children of
# &weim (imx31.dtsi's ranges), each with a TODO for its fsl,weim-cs-timing
# (pack bus_child_todo:), and the LAN chip's run-time IRQ is level low as its
# .irq_polarity says; a "mxc-mmc.0" consumer supply is &sdhci1's (the pack's dev_names).
# A NOR flash registered by platform_device_register_resndata() (no struct
# platform_device in the file) is a cfi-flash node on CS0 with its
# partitions; the RTC "s35390a", whose driver lists "s35390a" and
# "sii,s35390a", is "sii,s35390a" (the vendorless one is the legacy spelling).
# Each output compiles (the tool runs dtc).
#
#   bash pack_imx31.sh BOARD2DTS SOURCE_DIR    (run by ctest; exit 77 = skipped)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init pack_imx31.sh "$@"
b2d_kernel || b2d_skip "pack_imx31.sh: no kernel tree (B2D_KERNEL; bash scripts/kernel-tree.sh)"
b2d_tmpdir b2d-imx31
export XDG_CACHE_HOME=$TMP/cache
fail=0
bad() { echo "FAIL: $*"; fail=1; }
has() { grep -F -- "$2" "$1" >/dev/null 2>&1 || bad "$(basename "$1"): missing: $2"; }
hasnt() { ! grep -F -- "$2" "$1" >/dev/null 2>&1 || bad "$(basename "$1"): unexpected: $2"; }

mkdir -p "$TMP/mach-imx"
cat >"$TMP/mach-imx/mach-acme31.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: an i.MX31 logger with an MC13783 PMIC, 3.x mach-imx style. */
#include <linux/init.h>
#include <linux/spi/spi.h>
#include <linux/mfd/mc13xxx.h>
#include <linux/regulator/machine.h>
#include <asm/mach/arch.h>
#include <linux/gpio.h>
#include <linux/gpio_keys.h>
#include <linux/smsc911x.h>
#include <linux/i2c.h>
#include <linux/mtd/physmap.h>
#include <linux/mtd/partitions.h>
#include <mach/common.h>
#include <mach/iomux-mx3.h>
#include "devices-imx31.h"

static struct regulator_consumer_supply acme_mmc_consumers[] = {
	REGULATOR_SUPPLY("vmmc", "mxc-mmc.0"),
};
static struct regulator_init_data acme_vmmc1 = {
	.constraints = {
		.min_uV = 1600000,
		.max_uV = 3000000,
		.valid_ops_mask = REGULATOR_CHANGE_VOLTAGE | REGULATOR_CHANGE_STATUS,
	},
	.num_consumer_supplies = ARRAY_SIZE(acme_mmc_consumers),
	.consumer_supplies = acme_mmc_consumers,
};
static struct regulator_init_data acme_sw1a = {
	.constraints = {
		.min_uV = 1200000,
		.max_uV = 1200000,
		.always_on = 1,
	},
};
static struct mc13xxx_regulator_init_data acme_regulators[] = {
	{ .id = MC13783_REG_VMMC1, .init_data = &acme_vmmc1 },
	{ .id = MC13783_REG_SW1A, .init_data = &acme_sw1a },
};
static struct mc13xxx_platform_data acme_pmic = {
	.regulators = {
		.regulators = acme_regulators,
		.num_regulators = ARRAY_SIZE(acme_regulators),
	},
	/* 2.6.33 - 3.x names, which the target no longer has; REGULATOR (1 << 4) too */
	.flags = MC13783_USE_RTC | MC13783_USE_ADC | MC13783_USE_REGULATOR,
};
static struct spi_board_info acme_spi_info[] __initdata = {
	{
		.modalias = "mc13783",
		.max_speed_hz = 1000000,
		.bus_num = 1,
		.chip_select = 0,
		.platform_data = &acme_pmic,
		.mode = SPI_CS_HIGH,
		.irq = IOMUX_TO_IRQ(MX31_PIN_GPIO1_3),
	},
};
static struct gpio_keys_button acme_buttons[] = {
	{ .gpio = IOMUX_TO_GPIO(MX31_PIN_GPIO3_1), .code = KEY_POWER, .desc = "power" },
};
static const struct gpio_keys_platform_data acme_keys __initconst = {
	.buttons = acme_buttons,
	.nbuttons = ARRAY_SIZE(acme_buttons),
};
static struct smsc911x_platform_config acme_lan_config = {
	.flags = SMSC911X_USE_16BIT,
};
static struct resource acme_lan_resources[] = {
	{ .start = MX31_CS4_BASE_ADDR, .end = MX31_CS4_BASE_ADDR + 0xff, .flags = IORESOURCE_MEM },
	{ .flags = IORESOURCE_IRQ },	/* assigned at run time */
};
static struct platform_device acme_lan = {
	.name = "smsc911x",
	.id = -1,
	.num_resources = ARRAY_SIZE(acme_lan_resources),
	.resource = acme_lan_resources,
	.dev = { .platform_data = &acme_lan_config },
};
static int acme_spi1_cs[] = { MXC_SPI_CS(0), IMX_GPIO_NR(2, 4) };
static const struct spi_imx_master acme_spi1_pdata __initconst = {
	.chipselect = acme_spi1_cs,
	.num_chipselect = ARRAY_SIZE(acme_spi1_cs),
};
static const uint32_t acme_keymap[] = {
	KEY(0, 0, KEY_UP),
	KEY(0, 1, KEY_DOWN),
};
static const struct matrix_keymap_data acme_keymap_data __initconst = {
	.keymap = acme_keymap,
	.keymap_size = ARRAY_SIZE(acme_keymap),
};
/* 512 KiB of SRAM on CS5, an MTD (plat-ram.c's "mtd-ram") */
static struct platdata_mtd_ram acme_sram_data = {
	.bankwidth = 2,
};
static struct resource acme_sram_resource = {
	.start = MX31_CS5_BASE_ADDR,
	.end = MX31_CS5_BASE_ADDR + 512 * 1024 - 1,
	.flags = IORESOURCE_MEM,
};
static struct platform_device acme_sram = {
	.name = "mtd-ram",
	.id = 0,
	.num_resources = 1,
	.resource = &acme_sram_resource,
	.dev = { .platform_data = &acme_sram_data },
};
static struct mtd_partition acme_nor_parts[] = {
	{ .name = "boot", .offset = 0, .size = 0x40000 },
	{ .name = "system", .offset = MTDPART_OFS_APPEND, .size = MTDPART_SIZ_FULL },
};
static const struct physmap_flash_data acme_nor_data __initconst = {
	.width = 2,
	.parts = acme_nor_parts,
	.nr_parts = ARRAY_SIZE(acme_nor_parts),
};
static const struct resource acme_nor_resource __initconst = {
	.start = MX31_CS0_BASE_ADDR,
	.end = MX31_CS0_BASE_ADDR + SZ_32M - 1,
	.flags = IORESOURCE_MEM,
};
static struct i2c_board_info acme_i2c_devices[] = {
	{ I2C_BOARD_INFO("s35390a", 0x30) },
};
static int acme_sdhc1_get_ro(struct device *dev)
{
	return gpio_get_value(IOMUX_TO_GPIO(MX31_PIN_SFS6));
}
static int acme_sdhc1_init(struct device *dev, irq_handler_t detect_irq, void *data)
{
	return request_irq(IOMUX_TO_IRQ(MX31_PIN_SCK6), detect_irq, IRQF_TRIGGER_FALLING,
			   "sdhc-detect", data);
}
static const struct imxmmc_platform_data acme_sdhc_pdata __initconst = {
	.get_ro = acme_sdhc1_get_ro,
	.init = acme_sdhc1_init,
};
static void __init acme31_init(void)
{
	imx31_soc_init();
	imx31_add_spi_imx1(&acme_spi1_pdata);
	imx31_add_imx_keypad(&acme_keymap_data);
	imx31_add_mxc_mmc(0, NULL);
	imx31_add_mxc_mmc(1, &acme_sdhc_pdata);
	imx_add_gpio_keys(&acme_keys);
	acme_lan_resources[1].start = gpio_to_irq(IOMUX_TO_GPIO(MX31_PIN_SFS6));
	acme_lan_resources[1].end = gpio_to_irq(IOMUX_TO_GPIO(MX31_PIN_SFS6));
	platform_device_register(&acme_lan);
	platform_device_register(&acme_sram);
	spi_register_board_info(acme_spi_info, ARRAY_SIZE(acme_spi_info));
	platform_device_register_resndata(NULL, "physmap-flash", -1, &acme_nor_resource, 1,
					  &acme_nor_data, sizeof(acme_nor_data));
	i2c_register_board_info(1, acme_i2c_devices, ARRAY_SIZE(acme_i2c_devices));
	imx31_add_imx_i2c1(NULL);
}
MACHINE_START(ACME31, "Acme i.MX31 logger")
	.init_machine = acme31_init,
MACHINE_END
C

check() {	# check KERNEL SUFFIX DTSDIR
	local o=$TMP/acme31$2.dts
	if ! "$BIN" convert -q --kernel "$1" "$TMP/mach-imx/mach-acme31.c" -o "$o" --report "$o.json" \
		2>"$TMP/err"; then
		bad "$(basename "$o"): convert failed: $(head -3 "$TMP/err")"
		return
	fi
	grep -q '"soc": "imx31"' "$o.json" || bad "$(basename "$o"): the imx31 pack is not picked"
	has "$o" "#include \"$3imx31.dtsi\""
	grep -A6 '^&spi2 {' "$o" | grep -Eq '(mc13783|pmic)@0 {' || bad "$(basename "$o"): no mc13783@0 (or pmic@0, the generic name the target's .dts files give it) on &spi2"
	has "$o" 'compatible = "fsl,mc13783";'
	has "$o" 'spi-cs-high;'
	has "$o" 'fsl,mc13xxx-uses-adc;'
	has "$o" 'fsl,mc13xxx-uses-rtc;'
	hasnt "$o" 'fsl,mc13xxx-uses-touch'
	hasnt "$o" 'fsl,mc13xxx-uses-codec'
	hasnt "$o" 'value not known at build time'
	hasnt "$o" 'of .flags: no rule reads them'
	tr -d '\n' <"$o" | sed 's|/\*[^*]*\*/||g; s/[[:space:]]//g' >"$TMP/flat"
	grep -q 'regulators{acme_mmc_consumers:vmmc1{regulator-min-microvolt=<1600000>;regulator-max-microvolt=<3000000>;};sw1a{regulator-min-microvolt=<1200000>;regulator-max-microvolt=<1200000>;regulator-always-on;};};' "$TMP/flat" ||
		bad "$(basename "$o"): the regulators node is not vmmc1 + sw1a with their constraints"
	hasnt "$o" 'no rule for struct mc13xxx'
	# the SPI chip selects: MXC_SPI_CS(0) is the controller's own (<0>), then a
	# GPIO, active low: no device with SPI_CS_HIGH is on chip select 1
	has "$o" 'cs-gpios = <0>, <&gpio2 4 GPIO_ACTIVE_LOW>;'
	grep -A1 '^&kpp {' "$o" | grep -q 'linux,keymap = <MATRIX_KEY(0, 0, KEY_UP) MATRIX_KEY(0, 1, KEY_DOWN)>;' ||
		bad "$(basename "$o"): &kpp has not the keymap"
	hasnt "$o" 'no rule for struct regulator_init_data'
	# iomux-mx3.h pins, their GPIOs and interrupts
	grep -EA12 '(mc13783|pmic)@0 {' "$o" | grep -q 'interrupt-parent = <&gpio1>;' ||
		bad "$(basename "$o"): the PMIC's interrupt is not GPIO1_3's"
	grep -EA12 '(mc13783|pmic)@0 {' "$o" | grep -q 'interrupts = <3 ' ||
		bad "$(basename "$o"): the PMIC's interrupt is not GPIO1_3's"
	has "$o" 'gpios = <&gpio3 1 GPIO_ACTIVE_HIGH>;'
	# on CS4 of the WEIM (imx31.dtsi's ranges): under &weim, reg <4 0 0x100>
	grep -A4 'ethernet@4,0 {' "$o" | grep -q 'interrupt-parent = <&gpio1>;' ||
		bad "$(basename "$o"): the LAN chip's run-time IRQ is not on &gpio1"
	grep -A4 'ethernet@4,0 {' "$o" | grep -q 'interrupts = <26 IRQ_TYPE_LEVEL_LOW>;' ||
		bad "$(basename "$o"): the LAN chip's run-time IRQ is not SFS6's GPIO 26, level low (.irq_polarity 0)"
	has "$o" 'reg = <0x4 0x0 0x100>;'
	grep 'TODO' "$o" | grep -q 'IOMUX_TO' && bad "$(basename "$o"): a TODO on IOMUX_TO_*"
	# "mxc-mmc.0" is &sdhci1
	grep -A3 '^&sdhci1 {' "$o" | grep -q 'vmmc-supply = <&acme_mmc_consumers>;' ||
		bad "$(basename "$o"): &sdhci1 has not its vmmc supply"
	hasnt "$o" 'device not in the tree'
	# plat-ram.c's "mtd-ram": physmap-core.c's DT compatible, on CS5 (under &weim)
	tr -d '\n' <"$o" | sed 's|/\*[^*]*\*/||g; s/[[:space:]]//g' >"$TMP/flat"
	grep -q 'sram@5,0{compatible="mtd-ram";reg=<0x50x00x80000>;bank-width=<2>;}' "$TMP/flat" ||
		bad "$(basename "$o"): the SRAM is not an mtd-ram node on CS5 with its bank width"
	grep -q 'flash@0,0{compatible="cfi-flash";reg=<0x00x00x2000000>;bank-width=<2>;partitions{compatible="fixed-partitions";#address-cells=<1>;#size-cells=<1>;partition@0{label="boot";reg=<0x00x40000>;};' "$TMP/flat" ||
		bad "$(basename "$o"): the resndata NOR flash is not a cfi-flash node on CS0 with its partitions"
	hasnt "$o" 'platform_device_register_resndata'
	grep -q '&weim{status="okay";' "$TMP/flat" || bad "$(basename "$o"): &weim is not enabled for its devices"
	# the WEIM child's chip-select timing, which only the boot loader knew: a TODO in each
	[ "$(grep -c 'fsl,weim-cs-timing: this chip select' "$o")" -ge 3 ] ||
		bad "$(basename "$o"): not every &weim child has the fsl,weim-cs-timing TODO"
	# mxc-mmc's board callbacks: get_ro reading one GPIO is wp-gpios (SFS6 is
	# GPIO1 26), the init callback's card-detect interrupt a TODO
	grep -A6 '^&sdhci2 {' "$o" | grep -q 'wp-gpios = <&gpio1 26 GPIO_ACTIVE_HIGH>;' ||
		bad "$(basename "$o"): &sdhci2 has not the get_ro callback's GPIO as wp-gpios"
	has "$o" 'slot set up by a board callback (the card-detect interrupt it requests)'
	hasnt "$o" 'no rule for struct imxmmc_platform_data'
	has "$o" 'compatible = "sii,s35390a";'
	hasnt "$o" 'pick one'
}

check "$KERNEL" 61 ""
if b2d_kernel612; then
	check "$KERNEL612" 612 nxp/imx/
else
	b2d_skip_part "pack_imx31.sh: no 6.12 tree (bash scripts/kernel-tree.sh --version 6.12): the 6.12 half"
fi

[ $fail = 0 ] && echo "ok: pack_imx31.sh"
b2d_exit $fail
