#!/usr/bin/env bash
# Rule packs davinci-da8xx, davinci-da830, davinci-dm3xx on the real kernel
# corpus: every arch/arm/mach-davinci board file converts (exit 0), gives one
# .dts per MACHINE_START, every .dts compiles with the kernel's cpp + dtc,
# the report accounts for what `extract --json` lists, each file picks its SoC pack; exact checks of key
# properties (the EMAC's PHY and RMII mode the boards store through the
# SoC's davinci_soc_info, the console); board-da850-evm.c reaches recall >= 0.8 on its fact file.
#
#   bash pack_davinci.sh BOARD2DTS SOURCE_DIR      (run by ctest; exit 77 = skipped)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/pack_common.sh"
pack_setup pack_davinci.sh "$@"
MINE=$(printf '%s\n' "$LIST" | grep -E '/mach-davinci/board-[a-z0-9_-]+\.c$')
pack_start

expected_soc() {
	case $1 in
	*/board-da830-*) echo davinci-da830 ;;
	*/board-dm35[05]-*|*/board-dm365-*) echo davinci-dm3xx ;;
	*) echo davinci-da8xx ;;
	esac
}

pack_convert_all
[ "$nfiles" -ge 7 ] || bad "only $nfiles davinci board files in the corpus list (expected 7)"

# Key properties: DA850 EVM (da850.dtsi labels, bus 1 = &i2c0, GPIO_TO_PIN numbers).
E=$TMP/board-da850-evm/board-da850-evm.dts
has "$E" '#include "da850.dtsi"'
has "$E" 'clock-frequency = <100000>;'
has "$E" 'cd-gpios = <&gpio 64 GPIO_ACTIVE_LOW>;'
has "$E" 'wp-gpios = <&gpio 65 GPIO_ACTIVE_HIGH>;'
has "$E" 'serial-dir = <0 0 0 0 0 0 0 0 0 0 0 1 2 0 0 0>;'
has "$E" 'tps: tps@48 {'
has "$E" '#include "tps6507x.dtsi"'
has "$E" 'IOVDD-supply = <&vdcdc2_reg>;'
has "$E" 'cpu-supply = <&vdcdc3_reg>;'
has "$E" 'ti,defdcdc_default = <1>;'
has "$E" 'reg = <0x10000 0x80000>;'
enabled "$E" i2c0 da850-evm
enabled "$E" eth0 "da850-evm (initcall)"
# the MDIO bus at the legacy driver's default clock, as upstream da850-evm.dts
sed -n '/^&mdio {/,/^};/p' "$E" | grep -F 'bus_freq = <2200000>;' >/dev/null ||
	bad "da850-evm: &mdio has no bus_freq = <2200000>"
# soc_info->emac_pdata->phy_id = "davinci_mdio-0:00": the PHY at MDIO
# address 0 and the MAC's phy-handle (global_stores: struct emac_platform_data);
# add_preferred_console("ttyS", 2, "115200"): the .dtsi's serial2 alias
sed -n '/^&mdio {/,/^};/p' "$E" | grep -F 'ethphy0: ethernet-phy@0 {' >/dev/null ||
	bad "da850-evm: &mdio has no ethernet-phy@0 for the PHY id davinci_mdio-0:00"
sed -n '/^&eth0 {/,/^};/p' "$E" | grep -F 'phy-handle = <&ethphy0>;' >/dev/null ||
	bad "da850-evm: &eth0 has no phy-handle to the PHY"
has "$E" 'stdout-path = "serial2:115200";'
# ... an alias da850.dtsi lacks for its serial2 node: the board's, as upstream's
has "$E" 'serial2 = &serial2;'
hasnt "$E" 'store into davinci_soc_info'
has "$TMP/board-da830-evm/board-da830-evm.dts" 'ti,davinci-rmii-en = /bits/ 8 <1>;'
# the SPI flash's last partition (MTDPART_SIZ_FULL) ends at the W25X32's
# end, 4 MiB, as the target's spi-nor tables size it
has "$TMP/board-da830-evm/board-da830-evm.dts" 'reg = <0x44000 0x3bc000>;'
# Stop 46: the EDMA reserved PaRAM slots and channels (edma_rsv_info; rsv[i]
# of da850_register_edma() is &edma<i>'s, devices-da8xx.c): the slots as
# ti,edma-reserved-slot-ranges, the channels cleared from dma-channel-mask
# (drivers/dma/ti/edma.c reads both; dma/ti-edma.txt)
in_node() { # dts label text
	sed -n "/^&$2 {/,/^};/p" "$1" | grep -F -- "$3" >/dev/null || bad "$(basename "$1"): &$2 lacks $3"
}
in_node "$E" edma0 'ti,edma-reserved-slot-ranges = <8 6>, <24 4>, <30 50>;'
in_node "$E" edma0 'dma-channel-mask = <0x30ffc0ff>;'
in_node "$E" edma1 'ti,edma-reserved-slot-ranges = <0 28>, <30 90>;'
in_node "$E" edma1 'dma-channel-mask = <0x30000000>;'
in_node "$TMP/board-da830-evm/board-da830-evm.dts" edma0 'dma-channel-mask = <0x30ffccff>;'
hasnt "$E" 'no rule for struct edma_rsv_info'
# the USB 1.1 OHCI ("ohci-da8xx", &usb1): the board's "vbus" supply without a
# device and its "oc" GPIO lookup, both of which ohci-da8xx.c asks for
H=$TMP/board-omapl138-hawk/board-omapl138-hawk.dts
in_node "$H" usb1 'vbus-supply = <&hawk_usb_supplies>;'
in_node "$H" usb1 'oc-gpios = <&gpio 109 GPIO_ACTIVE_HIGH>;'
in_node "$TMP/board-da830-evm/board-da830-evm.dts" usb1 'vbus-supply = <&da830_evm_usb_supplies>;'
# MTDPART_SIZ_FULL on a NAND: size 0, the rest of the device (drivers/mtd/mtdpart.c)
has "$TMP/board-dm355-evm/board-dm355-evm.dts" 'reg = <0x20600000 0>;'
pack_recall da850-evm.facts "$E"
# Pin mux (issue 12): the DA850 EVM's davinci_cfg_reg_list() pins, through
# da850.c's MUX_CFG table, cover da850.dtsi's named pinctrl-single groups;
# each such group on a device's pinctrl-0 must be what the upstream
# da850-evm.dts puts there (mmc0_pins on &mmc0, i2c0_pins on &i2c0, ...).
pins_by_node() { # dts -> "label group" lines, from &label { pinctrl-0 = <&a &b>, <&c>; }
	python3 - "$1" <<'PY'
import re, sys
t = re.sub(r'/\*.*?\*/', '', open(sys.argv[1]).read(), flags=re.S)
for m in re.finditer(r'^&(\w+) \{(.*?)^\};', t, re.S | re.M):
    p = re.search(r'^\tpinctrl-0 = ([^;]*);', m.group(2), re.M)
    for g in re.findall(r'&(\w+)', p.group(1) if p else ''):
        print(m.group(1), g)
PY
}
pins_by_node "$E" | grep -v '^pmx_core ' | sort >"$TMP/evm.pins"
pins_by_node "$K/arch/arm/boot/dts/da850-evm.dts" | sort >"$TMP/evm.up"
agree=$(comm -12 "$TMP/evm.pins" "$TMP/evm.up" | wc -l)
extra=$(comm -23 "$TMP/evm.pins" "$TMP/evm.up")
[ "$agree" -ge 3 ] || bad "da850-evm: only $agree device pin groups agree with da850-evm.dts (mmc0, i2c0, mdio)"
[ -z "$extra" ] || bad "da850-evm: device pin groups upstream does not have: $extra"
grep -q 'pinctrl-single,bits = <0x28 ' "$E" || bad "da850-evm: MMC0 card-detect pins not in a group at 0x28"
hasnt "$E" 'pin mux list not found'
E=$TMP/board-da830-evm/board-da830-evm.dts
has "$E" '"board2dts,davinci-da830-evm", "ti,da830"'
has "$E" 'McASP: DA830 boards use McASP1/2'
E=$TMP/board-omapl138-hawk/board-omapl138-hawk.dts
has "$E" '#include "da850.dtsi"'
# NAND platform data (rules/bindings/davinci.yaml): the ti,davinci-* properties
# davinci_nand.c's DT path reads, and the partitions.
E=$TMP/board-dm355-evm/board-dm355-evm.dts
has "$E" 'compatible = "ti,davinci-nand";'
has "$E" 'ti,davinci-chipselect = <0>;'
has "$E" 'ti,davinci-mask-chipsel = <0x4000>;'
has "$E" 'ti,davinci-ecc-mode = "hw";'
has "$E" 'ti,davinci-ecc-bits = <4>;'
has "$E" 'ti,davinci-nand-use-bbt;'
has "$E" 'label = "bootloader";'
hasnt "$E" 'no rule for struct davinci_nand_pdata'
E=$TMP/board-dm365-evm/board-dm365-evm.dts
has "$E" 'I2C devices on the SoC bus: no .dtsi for this SoC'
grep -q '^#include "' "$E" && bad "dm365-evm: includes a .dtsi (the kernel has none for DM365)"


# Tolerant mode (no build dir): the board file tests CONFIG_MMC_DAVINCI
# (HAS_MMC = IS_ENABLED(CONFIG_MMC_DAVINCI)), so it is assumed enabled, the
# header says so and the MMC calls convert (docs/eras.md, "#if CONFIG_ in
# tolerant mode"). With -UCONFIG_MMC_DAVINCI it is unknown, so the MMC calls
# are TODOs to decide, not silently false; --assume HAS_MMC=1 converts them.
# device_initcall() functions run (da850_evm_config_emac registers the EMAC).
DA850=$(printf '%s\n' "$MINE" | cut -f2 | grep '/board-da850-evm\.c$')
[ -n "$DA850" ] || bad "board-da850-evm.c is not in the corpus list"
T=$TMP/tolerant-da850
mkdir -p "$T"
"$BIN" convert --kernel "$K" "$DA850" -o "$T/plain.dts" 2>"$T/err" || bad "da850 tolerant: $(head -c 300 "$T/err")"
has "$T/plain.dts" 'CONFIG_MMC_DAVINCI'
has "$T/plain.dts" 'bus-width = <4>;'
hasnt "$T/plain.dts" 'only when HAS_MMC'
has "$T/plain.dts" '&eth0 {'
"$BIN" convert --kernel "$K" "$DA850" -o "$T/undef.dts" -- -UCONFIG_MMC_DAVINCI 2>"$T/err" ||
	bad "da850 tolerant -U: $(head -c 300 "$T/err")"
has "$T/undef.dts" "da8xx_register_mmcsd0(&da850_mmc_config): only when HAS_MMC (decide with --assume: taken with --assume 'HAS_MMC=1')"
"$BIN" convert --kernel "$K" "$DA850" --assume HAS_MMC=1 -o "$T/mmc.dts" -- -UCONFIG_MMC_DAVINCI 2>"$T/err" ||
	bad "da850 tolerant --assume: $(head -c 300 "$T/err")"
has "$T/mmc.dts" 'bus-width = <4>;'
hasnt "$T/mmc.dts" 'only when HAS_MMC'
for dts in "$T"/*.dts; do
	b2d_dts_compile "$K" "$dts" "$T/cpp.err" "$T/dtc.err" ||
		bad "da850 tolerant: $(basename "$dts") does not compile: $(head -c 300 "$T/dtc.err")"
done

# A lone 3.x DA830 board (not under mach-davinci/, no da830_register_gpio of
# 6.1): its da830_init() and DA830_* pins pick the DA830 pack, not the DA8xx
# one whose DA850 mux tables would leave every pin a TODO.
mkdir -p "$TMP/lone"
cat >"$TMP/lone/board-acme-l137.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: a 3.x DA830 board of its own tree. */
#include <linux/init.h>
#include <asm/mach/arch.h>
#include <mach/da8xx.h>
#include <mach/mux.h>
static const short acme_i2c_pins[] __initconst = { DA830_I2C0_SDA, DA830_I2C0_SCL, -1 };
static void __init acme_map_io(void)
{
	da830_init();
}
static void __init acme_init(void)
{
	davinci_cfg_reg_list(acme_i2c_pins);
	da8xx_register_i2c(0, NULL);
}
MACHINE_START(ACME_L137, "Acme OMAP-L137 board")
	.map_io		= acme_map_io,
	.init_machine	= acme_init,
MACHINE_END
C
if "$BIN" convert --kernel "$K" "$TMP/lone/board-acme-l137.c" -o "$TMP/lone/l137.dts" \
	--report "$TMP/lone/l137.json" 2>"$TMP/lone/err"; then
	grep -q '"soc": "davinci-da830"' "$TMP/lone/l137.json" || bad "lone DA830: the davinci-da830 pack is not picked"
	has "$TMP/lone/l137.dts" '"ti,da830"'
else
	bad "lone DA830: convert failed: $(head -c 300 "$TMP/lone/err")"
fi

# A lone 3.x DA850 board: card detect and write protect read by MMC
# callbacks, an SPI flash registered by the 3.x da8xx_register_spi(), the
# SoC's da850_i2c0_pins list named through a header tolerant mode lacks.
cat >"$TMP/lone/board-acme-l138.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: a 3.x DA850 board, MMC callbacks and SPI flash. */
#include <linux/init.h>
#include <linux/gpio.h>
#include <linux/spi/spi.h>
#include <linux/spi/flash.h>
#include <asm/mach/arch.h>
#include <mach/da8xx.h>
#define ACME_CD_PIN	GPIO_TO_PIN(4, 0)
#define ACME_WP_PIN	GPIO_TO_PIN(4, 1)
static int acme_get_cd(int index)
{
	return !gpio_get_value(ACME_CD_PIN);
}
static int acme_get_ro(int index)
{
	return gpio_get_value(ACME_WP_PIN);
}
static struct davinci_mmc_config acme_mmc = {
	.get_cd = acme_get_cd, .get_ro = acme_get_ro, .wires = 4, .version = MMC_CTLR_VERSION_2,
};
static struct flash_platform_data acme_flash = { .type = "m25p64" };
static struct spi_board_info acme_spi_info[] = {
	{ .modalias = "m25p80", .platform_data = &acme_flash, .max_speed_hz = 30000000,
	  .bus_num = 1, .chip_select = 0 },
};
static void __init acme_init(void)
{
	da850_register_gpio();
	davinci_cfg_reg_list(da850_i2c0_pins);
	da8xx_register_i2c(0, NULL);
	da8xx_register_mmcsd0(&acme_mmc);
	da8xx_register_spi(1, acme_spi_info, ARRAY_SIZE(acme_spi_info));
}
MACHINE_START(ACME_L138, "Acme OMAP-L138 board")
	.map_io		= da850_init,
	.init_machine	= acme_init,
MACHINE_END
C
if "$BIN" convert --kernel "$K" "$TMP/lone/board-acme-l138.c" -o "$TMP/lone/l138.dts" 2>"$TMP/lone/err"; then
	has "$TMP/lone/l138.dts" 'cd-gpios = <&gpio 64 GPIO_ACTIVE_LOW>;'
	has "$TMP/lone/l138.dts" 'wp-gpios = <&gpio 65 GPIO_ACTIVE_HIGH>;'
	has "$TMP/lone/l138.dts" 'num-cs = <1>;'
	has "$TMP/lone/l138.dts" 'flash@0 {'
	has "$TMP/lone/l138.dts" 'pinctrl-0 = <&i2c0_pins>;'
	hasnt "$TMP/lone/l138.dts" 'pin mux list not found'
	hasnt "$TMP/lone/l138.dts" 'TODO.*version'
	b2d_dts_compile "$K" "$TMP/lone/l138.dts" "$T/cpp.err" "$T/dtc.err" ||
		bad "lone DA850: l138.dts does not compile: $(head -c 300 "$T/dtc.err")"
else
	bad "lone DA850: convert failed: $(head -c 300 "$TMP/lone/err")"
fi

# A lone 3.x DA850 board whose NAND sets NAND_BBT_USE_FLASH through the
# <linux/mtd/nand.h> of its era (today's <linux/mtd/rawnand.h>; the model's
# <linux/mtd/nand.h> includes both): the flag is known, the property set.
cat >"$TMP/lone/board-acme-nand.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: a 3.x DA850 board with a NAND flash. */
#include <linux/init.h>
#include <linux/platform_device.h>
#include <linux/mtd/mtd.h>
#include <linux/mtd/nand.h>
#include <linux/mtd/partitions.h>
#include <asm/mach/arch.h>
#include <mach/da8xx.h>
#include <mach/nand.h>
static struct davinci_nand_pdata acme_nand_data = {
	.bbt_options	= NAND_BBT_USE_FLASH,
};
static struct resource acme_nand_resources[] = {
	{ .start = DA8XX_AEMIF_CS3_BASE, .end = DA8XX_AEMIF_CS3_BASE + SZ_512K + 2 * SZ_1K - 1,
	  .flags = IORESOURCE_MEM },
	{ .start = DA8XX_AEMIF_CTL_BASE, .end = DA8XX_AEMIF_CTL_BASE + SZ_32K - 1,
	  .flags = IORESOURCE_MEM },
};
static struct platform_device acme_nand_device = {
	.name		= "davinci_nand",
	.id		= 1,
	.num_resources	= ARRAY_SIZE(acme_nand_resources),
	.resource	= acme_nand_resources,
	.dev		= { .platform_data = &acme_nand_data },
};
static void __init acme_init(void)
{
	platform_device_register(&acme_nand_device);
}
MACHINE_START(ACME_NAND, "Acme OMAP-L138 NAND board")
	.map_io		= da850_init,
	.init_machine	= acme_init,
MACHINE_END
C
if "$BIN" convert --kernel "$K" "$TMP/lone/board-acme-nand.c" -o "$TMP/lone/nand.dts" 2>"$TMP/lone/err"; then
	has "$TMP/lone/nand.dts" 'ti,davinci-nand-use-bbt;'
	hasnt "$TMP/lone/nand.dts" 'NAND_BBT_USE_FLASH: value not known'
else
	bad "lone DA850 NAND: convert failed: $(head -c 300 "$TMP/lone/err")"
fi

[ "$fail" = 0 ] && echo "pack_davinci.sh: $nfiles board files OK"
exit "$fail"
