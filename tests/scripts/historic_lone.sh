#!/usr/bin/env bash
# Lone historic board files (stop 47): files of 2.6.3x - 3.x vendor trees,
# converted in tolerant mode from a directory that is no kernel tree (the
# held-out boards come so), against 6.1 and 6.12. Each board here is the
# test's own, written in the way of the real file that showed the problem:
#  - a DA850 board that names its SoC only by da850_init() in its own .map_io
#    function and the DA850-only helpers (3.x TI board-omapl138-lcdk.c: a
#    GPIO-bitbanged I2C, no da8xx_register_i2c()): the DA8xx pack, not a
#    bare pack from the target tree whose helpers stay TODOs;
#  - da850_register_sata(rate): &sata_refclk, a fixed-clock, gets the rate
#    as clock-frequency (no clock registers without it);
#  - what 6.12's mach-davinci lost (da850.c's pin lists, da8xx.h's
#    <linux/platform_data/davinci_asp.h>) still converts against 6.12: the
#    pack's pinctrl: lists: and headers:;
#  - an OMAP4460 board (3.0 Variscite VAR_SOM_OM4460): omap4460.dtsi and
#    "ti,omap4460", as upstream omap4-var-som-om44.dtsi; its MMC .caps
#    (MMC_CAP_8_BIT_DATA | MMC_CAP_1_8V_DDR) from the target's
#    <linux/mmc/host.h> (the OMAP packs' headers:): bus-width, mmc-ddr-1_8v;
#  - an OMAP2420 board's omap_mux_init_signal()/omap_mux_init_gpio() pads
#    (3.10 board-h4.c): pads named by the target's omap2420 .dts comments
#    (eac_ac_sclk.mcbsp2_clkx, eac_ac_rst.gpio118: "gpioN" is the mux
#    framework's gpio_N) are pinctrl-single groups under &omap2420_pmx,
#    a pad none names a TODO saying so (was "no rule for call");
# and each output is the same for both targets but for the .dtsi's path.
#
#   bash historic_lone.sh BOARD2DTS SOURCE_DIR   (run by ctest; exit 77 = skipped)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init historic_lone.sh "$@"
b2d_shared_cache
b2d_kernel || b2d_skip "historic_lone.sh: no kernel tree (B2D_KERNEL)"
b2d_tmpdir b2d-historic-lone

cat >"$TMP/board-acme-lcdk.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: a 3.x DA850 board with a GPIO I2C bus and SATA. */
#include <linux/init.h>
#include <linux/i2c.h>
#include <linux/i2c-gpio.h>
#include <linux/platform_device.h>
#include <asm/mach/arch.h>
#include <mach/da8xx.h>
#include <mach/mux.h>

#define ACME_SATA_REFCLKPN_RATE	(100 * 1000 * 1000)

static struct i2c_board_info __initdata acme_i2c_devices[] = {
	{ I2C_BOARD_INFO("tlv320aic3x", 0x18), },
};
static struct i2c_gpio_platform_data acme_gpio_i2c_pdata = {
	.udelay = 2,
};
static struct platform_device acme_gpio_i2c = {
	.name = "i2c-gpio",
	.id = 1,
	.dev = { .platform_data = &acme_gpio_i2c_pdata },
};
static u8 acme_serializer_direction[] = {
	INACTIVE_MODE, TX_MODE, RX_MODE, INACTIVE_MODE,
};
static struct snd_platform_data acme_snd_data = {
	.op_mode	= DAVINCI_MCASP_IIS_MODE,
	.num_serializer	= ARRAY_SIZE(acme_serializer_direction),
	.tdm_slots	= 2,
	.serial_dir	= acme_serializer_direction,
};
static __init void acme_init(void)
{
	davinci_cfg_reg_list(da850_i2c0_pins);
	da8xx_register_mcasp(0, &acme_snd_data);
	platform_device_register(&acme_gpio_i2c);
	i2c_register_board_info(1, acme_i2c_devices, ARRAY_SIZE(acme_i2c_devices));
	da8xx_register_watchdog();
	da850_register_sata(ACME_SATA_REFCLKPN_RATE);
}
static void __init acme_map_io(void)
{
	da850_init();
}
MACHINE_START(ACME_LCDK, "Acme OMAP-L138 kit")
	.map_io		= acme_map_io,
	.init_machine	= acme_init,
MACHINE_END
C

cat >"$TMP/board-acme-om44.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: a 3.0 OMAP4460 module. */
#include <linux/init.h>
#include <linux/gpio_keys.h>
#include <linux/input.h>
#include <linux/platform_device.h>
#include <asm/mach/arch.h>

static struct gpio_keys_button acme_buttons[] = {
	{ .code = KEY_BACK, .gpio = 184, .desc = "Back", .active_low = 1 },
};
static struct gpio_keys_platform_data acme_button_data = {
	.buttons = acme_buttons,
	.nbuttons = ARRAY_SIZE(acme_buttons),
};
static struct platform_device acme_keys = {
	.name = "gpio-keys",
	.id = -1,
	.dev = { .platform_data = &acme_button_data },
};
static struct omap2_hsmmc_info acme_mmc[] = {
	{
		.mmc		= 1,
		.caps		= MMC_CAP_4_BIT_DATA | MMC_CAP_8_BIT_DATA | MMC_CAP_1_8V_DDR |
				  MMC_CAP_MMC_HIGHSPEED,
		.gpio_cd	= -EINVAL,
		.gpio_wp	= -EINVAL,
	},
	{}
};
static void __init acme_om44_init(void)
{
	omap4_mux_init(NULL, NULL, OMAP_PACKAGE_CBS);
	platform_device_register(&acme_keys);
	omap2_hsmmc_init(acme_mmc);
}
static void __init acme_om44_map_io(void)
{
	omap2_set_globals_443x();
	omap44xx_map_common_io();
}
MACHINE_START(ACME_OM4460, "Acme-OM4460")
	.map_io		= acme_om44_map_io,
	.init_machine	= acme_om44_init,
MACHINE_END
C

cat >"$TMP/board-acme-h4.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: a 3.x OMAP2420 board setting pads by name. */
#include <linux/init.h>
#include <linux/leds.h>
#include <linux/platform_device.h>
#include <asm/mach/arch.h>
#include "mux.h"

static struct gpio_led acme_leds[] = {
	{ .name = "acme:green", .gpio = 118 },
};
static struct gpio_led_platform_data acme_led_data = {
	.leds = acme_leds,
	.num_leds = ARRAY_SIZE(acme_leds),
};
static struct platform_device acme_led_device = {
	.name = "leds-gpio",
	.id = -1,
	.dev = { .platform_data = &acme_led_data },
};
static void __init acme_h4_init(void)
{
	omap_mux_init_signal("eac_ac_sclk.mcbsp2_clkx", OMAP_PULL_ENA | OMAP_PULL_UP);
	omap_mux_init_gpio(118, 0);
	omap_mux_init_signal("gpio_88", OMAP_PULL_ENA | OMAP_PULL_UP);
	platform_device_register(&acme_led_device);
}
static void __init acme_h4_map_io(void)
{
	omap242x_map_io();
}
MACHINE_START(ACME_H4, "Acme OMAP2420 board")
	.map_io		= acme_h4_map_io,
	.init_machine	= acme_h4_init,
MACHINE_END
C

# convert TAG KDIR BOARD: $TMP/TAG.dts (failure: a FAIL line, status 1)
convert() {
	"$BIN" convert -v --kernel "$2" "$TMP/$3" -o "$TMP/$1.dts" 2>"$TMP/$1.err" && return 0
	b2d_bad "$1: convert failed: $(head -c 300 "$TMP/$1.err")"
	return 1
}
# node_has DTS LABEL TEXT: the &LABEL overlay of DTS holds TEXT
node_has() {
	sed -n "/^&$2 {/,/^};/p" "$1" | grep -F -- "$3" >/dev/null ||
		b2d_bad "$(basename "$1"): &$2 lacks $3"
}

targets="61:$KERNEL"
b2d_kernel612 && targets="$targets 612:$KERNEL612" || b2d_skip_part "no 6.12 tree: 6.1 only"
for t in $targets; do
	v=${t%%:*} k=${t#*:}
	if convert "lcdk-$v" "$k" board-acme-lcdk.c; then
		D=$TMP/lcdk-$v.dts
		grep -F "SoC pack 'davinci-da8xx'" "$TMP/lcdk-$v.err" >/dev/null ||
			b2d_bad "lcdk-$v: not the DA8xx pack: $(grep -F 'SoC pack' "$TMP/lcdk-$v.err")"
		grep -E '^#include "(ti/davinci/)?da850.dtsi"' "$D" >/dev/null || b2d_bad "lcdk-$v: no da850.dtsi"
		node_has "$D" wdt 'status = "okay";'
		node_has "$D" sata_refclk 'clock-frequency = <100000000>;'
		node_has "$D" sata 'status = "okay";'
		# the McASP's modes from <linux/platform_data/davinci_asp.h>, which
		# 6.12's mach-davinci/da8xx.h no longer includes (the pack's headers:)
		node_has "$D" mcasp0 'op-mode = <0>;'
		node_has "$D" mcasp0 'serial-dir = <0 1 2 0>;'
		# da850.c's own da850_i2c0_pins, which 6.12's da850.c lacks (the
		# pack's pinctrl: lists:), as the .dtsi's i2c0_pins group
		node_has "$D" pmx_core '&i2c0_pins'
		b2d_hasnt "$D" 'pin mux list not found'
		b2d_hasnt "$D" 'no rule for call da850_register_sata'
	fi
	if convert "om44-$v" "$k" board-acme-om44.c; then
		D=$TMP/om44-$v.dts
		grep -E '^#include "(ti/omap/)?omap4460.dtsi"' "$D" >/dev/null || b2d_bad "om44-$v: no omap4460.dtsi"
		b2d_has "$D" '"ti,omap4460", "ti,omap4";'
		b2d_hasnt "$D" '"ti,omap4430"'
		b2d_has "$D" 'gpios = <&gpio6 24 GPIO_ACTIVE_LOW>;'
		# .caps in the bits of the target's <linux/mmc/host.h> (the OMAP
		# packs' headers:; the board's "hsmmc.h" is not beside it)
		node_has "$D" mmc1 'bus-width = <8>;'
		node_has "$D" mmc1 'mmc-ddr-1_8v;'
		node_has "$D" mmc1 'cap-mmc-highspeed;'
		b2d_hasnt "$D" 'MMC_CAP_1_8V_DDR: value not known'
	fi
	if convert "h4-$v" "$k" board-acme-h4.c; then
		D=$TMP/h4-$v.dts
		node_has "$D" omap2420_pmx 'OMAP2420_CORE_IOPAD(0x124, PULL_ENA | PULL_UP | MUX_MODE1)'
		node_has "$D" omap2420_pmx 'leds_pins: leds-pins {'
		node_has "$D" omap2420_pmx 'OMAP2420_CORE_IOPAD(0x129, MUX_MODE3)'
		b2d_has "$D" 'pinctrl-0 = <&leds_pins>;'
		b2d_has "$D" 'no .dts of the target tree names the pad of gpio_88'
		b2d_hasnt "$D" 'no rule for call omap_mux'
	fi
done
# the two targets give one output but for the .dtsi's path
if [ -f "$TMP/lcdk-612.dts" ]; then
	for b in lcdk om44 h4; do
		sed 's|ti/[a-z]*/||g' "$TMP/$b-612.dts" | diff - "$TMP/$b-61.dts" >"$TMP/$b.diff" ||
			b2d_bad "$b: the 6.1 and 6.12 outputs differ: $(head -c 400 "$TMP/$b.diff")"
	done
fi
[ "$B2D_FAIL" = 0 ] && b2d_ok "historic_lone.sh: lone DA850, OMAP4460 and OMAP2420 boards"
b2d_exit "$B2D_FAIL"
