#!/usr/bin/env bash
# A board no SoC pack takes, whose own words name one SoC .dtsi of the
# target (pipeline/generic_pack.c): a SPEAr300 board of the test's own
# (`spear300_*` calls; no rules/soc pack for SPEAr) gets spear300.dtsi
# (which includes spear3xx.dtsi, also named by its words), the root
# compatible "st,spear300" from the target's DT machine, its I2C devices on
# &i2c0, its keyboard (a platform device at the .dtsi's kbd@a0000000) as
# that node enabled, not a second root node; a root TODO says what the
# pack made from the tree does not know. A board whose
# words name no .dtsi keeps the no-pack output, and so does one whose words
# name a .dtsi that refers to labels only a board .dts defines (an
# integrator_cp.c of the test's own in mach-integrator/: integrator.dtsi's
# timers name &pic of integratorcp.dts; included, the output did not
# compile and nothing was written). Each output compiles (the
# tool runs dtc).
#
#   bash generic_pack.sh BOARD2DTS SOURCE_DIR     (run by ctest)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init generic_pack.sh "$@"
b2d_kernel || b2d_skip "generic_pack.sh: no kernel tree (B2D_KERNEL; bash scripts/kernel-tree.sh)"
b2d_tmpdir b2d-generic-pack
export XDG_CACHE_HOME=$TMP/cache

cat >"$TMP/acme300_box.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: a SPEAr300 box in the style of the 2.6.3x SPEAr boards. */
#include <linux/i2c.h>
#include <linux/ioport.h>
#include <linux/platform_device.h>
#include <asm/mach/arch.h>

extern void spear300_init(void *mode, void *pmx);
extern void spear3xx_map_io(void);

static struct i2c_board_info acme_i2c[] __initdata = {
	{ I2C_BOARD_INFO("pcf8563", 0x51) },
};
static struct resource acme_kbd_res[] = {
	DEFINE_RES_MEM(0xa0000000, 0x1000),
};
static struct platform_device acme_kbd = {
	.name = "keyboard", .id = -1,
	.resource = acme_kbd_res, .num_resources = ARRAY_SIZE(acme_kbd_res),
};
static void __init acme300_init(void)
{
	spear300_init(NULL, NULL);
	i2c_register_board_info(0, acme_i2c, ARRAY_SIZE(acme_i2c));
	platform_device_register(&acme_kbd);
}
MACHINE_START(ACME300, "Acme SPEAr300 box")
	.map_io = spear3xx_map_io,
	.init_machine = acme300_init,
MACHINE_END
C
cd "$TMP" || exit 1
if "$BIN" convert -q --kernel "$KERNEL" acme300_box.c -o out/ --report out/r.json >log 2>&1; then
	D=out/acme300_box.dts
	b2d_has "$D" '#include "spear300.dtsi"'
	b2d_hasnt "$D" '#include "spear3xx.dtsi"'
	b2d_has "$D" 'compatible = "board2dts,acme300", "st,spear300";'
	b2d_has "$D" '&i2c0 {'
	b2d_has "$D" 'compatible = "nxp,pcf8563";'
	b2d_has "$D" 'the SoC is the target'"'"'s spear300.dtsi, named by the board'"'"'s own words'
	grep -q '"soc": "spear300"' out/r.json || b2d_bad "the report does not name the spear300 .dtsi as the SoC"
	# the keyboard is the .dtsi's kbd@a0000000, enabled, not a node of its own
	grep -q '^	keyboard' "$D" && b2d_bad "the keyboard is a root node of its own"
	b2d_has "$D" '&{/ahb/apb/kbd@a0000000} {'
	b2d_has "$D" "acme_kbd: the SoC .dtsi's &{/ahb/apb/kbd@a0000000} at 0xa0000000"
	b2d_ok "a SPEAr300 board gets spear300.dtsi"
else
	b2d_bad "convert failed: $(head -3 log)"
fi

# words that name no .dtsi: no pack made, the no-pack output as before
sed -e 's/spear300_init/acmesoc_init/; s/spear3xx_map_io/acmesoc_map_io/' acme300_box.c >acme_other.c
if "$BIN" convert -q --kernel "$KERNEL" acme_other.c -o out2/ >log2 2>&1; then
	b2d_hasnt out2/acme_other.dts '#include "spear'
	b2d_has out2/acme_other.dts 'no SoC rule pack matched (use --soc): SoC nodes, GPIO and IRQ numbers are left as TODOs'
	b2d_ok "a board naming no .dtsi keeps the no-pack output"
else
	b2d_bad "convert (no .dtsi named) failed: $(head -3 log2)"
fi

# words that name a .dtsi no output can include alone: no pack, an output
mkdir -p mach-integrator
cat >mach-integrator/integrator_cp.c <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: an ARM Integrator/CP, 3.x mach-integrator style. */
#include <linux/init.h>
#include <linux/platform_device.h>
#include <asm/mach/arch.h>
#include "common.h"

static struct resource acme_eth_res[] = {
	{ .start = 0xc8000000, .end = 0xc800000f, .flags = IORESOURCE_MEM },
};
static struct platform_device acme_eth = {
	.name = "smc91x", .id = 0,
	.num_resources = ARRAY_SIZE(acme_eth_res), .resource = acme_eth_res,
};
static void __init intcp_init(void)
{
	platform_device_register(&acme_eth);
}
MACHINE_START(CINTEGRATOR, "ARM-IntegratorCP")
	.reserve = integrator_reserve,
	.init_early = integrator_init_early,
	.init_machine = intcp_init,
MACHINE_END
C
if "$BIN" convert -q --kernel "$KERNEL" mach-integrator/integrator_cp.c -o out3/ >log3 2>&1; then
	b2d_hasnt out3/integrator_cp.dts '#include "integrator.dtsi"'
	b2d_has out3/integrator_cp.dts 'compatible = "smsc,lan91c111";'
	b2d_ok "a .dtsi that needs a board's labels is no pack"
else
	b2d_bad "convert (integrator.dtsi named) failed: $(head -3 log3)"
fi

# A board whose directory names its SoC (mach-s5pc100) when the target has
# no .dtsi for it: a shared helper's word (plat-samsung's
# s3c24xx_init_clocks(), .timer = &s3c24xx_timer) names another SoC's
# s3c24xx.dtsi, which is not the board's. Converted from inside its
# directory, by a relative name, as a user would.
mkdir -p mach-s5pc100
cat >mach-s5pc100/mach-acmec100.c <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: an S5PC100 board in the style of 3.x mach-s5pc100. */
#include <linux/init.h>
#include <linux/platform_device.h>
#include <asm/mach/arch.h>
#include "common.h"

static void __init acmec100_map_io(void)
{
	s5pc100_init_io(NULL, 0);
	s3c24xx_init_clocks(12000000);
}
static void __init acmec100_init(void)
{
	s3c_i2c0_set_platdata(NULL);
}
MACHINE_START(ACMEC100, "ACME C100")
	.init_irq = s5pc100_init_irq,
	.map_io = acmec100_map_io,
	.init_machine = acmec100_init,
	.timer = &s3c24xx_timer,
MACHINE_END
C
if (cd mach-s5pc100 && "$BIN" convert -q --kernel "$KERNEL" mach-acmec100.c -o ../out4/) >log4 2>&1; then
	b2d_hasnt out4/mach-acmec100.dts '#include "s3c24xx.dtsi"'
	b2d_has out4/mach-acmec100.dts 'model = "ACME C100";'
	b2d_ok "a board whose directory names a SoC without a .dtsi takes no other SoC's"
else
	b2d_bad "convert (mach-s5pc100) failed: $(head -3 log4)"
fi
b2d_exit $B2D_FAIL
