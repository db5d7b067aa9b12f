#!/usr/bin/env bash
# Tolerant mode loses nothing in silence (a board file of the test's own,
# against the target tree): the 2.6.x - 4.14 four-argument DEFINE_TIMER
# parses (extractor/model-headers/linux/timer.h), so no clang error; a line
# clang cannot parse (a macro of a header that is not there) is a
# "(not parsed)" TODO with clang's message; a condition written over lines
# with a comment on each is spelled without the comments, so the --assume
# the TODO suggests decides it; a DB5500 board of mach-ux500 gets no DB8500
# pack (rules/soc/db8500.yaml unless_calls); a file with no MACHINE_START
# whose one NAME_init(void) a DT machine calls converts as machine NAME.
#
#   bash tolerant_lost.sh BOARD2DTS SOURCE_DIR     (run by ctest)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init tolerant_lost.sh "$@"
b2d_kernel || b2d_skip "tolerant_lost.sh: no kernel tree (B2D_KERNEL; bash scripts/kernel-tree.sh)"
b2d_tmpdir b2d-tolerant-lost
export XDG_CACHE_HOME=$TMP/cache

cat >"$TMP/acme-nas-setup.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: a 3.x NAS with a polled power button. */
#include <linux/gpio.h>
#include <linux/timer.h>
#include <linux/platform_device.h>
#include <asm/mach/arch.h>

#define ACME_PB_GPIO	14

static int acme_sw(int n);
static void acme_power_handler(unsigned long data)
{
	if (gpio_get_value(ACME_PB_GPIO))
		pr_info("power button\n");
}
static DEFINE_TIMER(acme_power_timer, acme_power_handler, 0, 0);
static DECLARE_ACME_THING(1, flash, 3);

static void __init acme_init(void)
{
	if (acme_sw(1) &&	/* S38.3 = ON */
	    acme_sw(9))		/* S39.6 = ON */
		gpio_request_one(5, GPIOF_OUT_INIT_HIGH, "switched");
	mod_timer(&acme_power_timer, jiffies + 5);
}
MACHINE_START(ACME_NAS, "Acme NAS")
	.init_machine = acme_init,
MACHINE_END
C
cd "$TMP" || exit 1
if "$BIN" convert -q --kernel "$KERNEL" acme-nas-setup.c -o out/ >log 2>&1; then
	D=out/acme-nas-setup.dts
	grep -q "acme-nas-setup.c:16" log && b2d_bad "DEFINE_TIMER(name, fn, 0, 0) is a clang error: $(grep ':16' log | head -1)"
	b2d_has "$D" 'acme-nas-setup.c:17: (not parsed): clang:'
	b2d_has "$D" "only when acme_sw(1) && acme_sw(9)"
	b2d_hasnt "$D" 'S38.3'
	b2d_ok "DEFINE_TIMER parses; the unparsed line is a TODO; the guard has no comments"
else
	b2d_bad "convert failed: $(head -3 log)"
fi
# the suggested --assume decides the guard
if "$BIN" convert -q --kernel "$KERNEL" acme-nas-setup.c -o out2/ \
	--assume 'acme_sw(1) && acme_sw(9)=1' >log2 2>&1; then
	# taken: no pack gives GPIO 5 a controller, so that is what the TODO says now
	b2d_has out2/acme-nas-setup.dts '"switched"): GPIO 5: no controller provides it'
	b2d_hasnt out2/acme-nas-setup.dts 'only when acme_sw'
	grep -q "matches no if () guard" log2 && b2d_bad "the suggested --assume matches no guard"
else
	b2d_bad "convert --assume failed: $(head -3 log2)"
fi

mkdir -p old/arch/arm/mach-ux500
cat >old/arch/arm/mach-ux500/board-u5500.c <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: a DB5500 board of 3.x mach-ux500. */
#include <asm/mach/arch.h>

extern void u5500_map_io(void);
extern void ux500_init_irq(void);
extern void u5500_init_devices(void);
static void __init acme5500_init(void)
{
	u5500_init_devices();
}
MACHINE_START(U5500, "Acme DB5500")
	.map_io = u5500_map_io,
	.init_irq = ux500_init_irq,
	.init_machine = acme5500_init,
MACHINE_END
C
if "$BIN" convert -q --kernel "$KERNEL" old/arch/arm/mach-ux500/board-u5500.c -o out3/ \
	--report out3/r.json >log3 2>&1; then
	b2d_hasnt out3/board-u5500.dts 'ste-db8500.dtsi'
	grep -q '"soc": "db8500"' out3/r.json && b2d_bad "the DB8500 pack took a DB5500 board"
	b2d_ok "a DB5500 board gets no DB8500 pack"
else
	b2d_bad "convert (u5500) failed: $(head -3 log3)"
fi
# A 3.6 Kirkwood board-*.c without MACHINE_START (board-dt.c calls its
# NAME_init()): converted as machine NAME with the Kirkwood pack, not
# refused with "no MACHINE_START record found".
cat >board-acmebox.c <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: a 3.6 Kirkwood box whose setup board-dt.c calls. */
#include <linux/gpio_keys.h>
#include <linux/input.h>
#include <linux/platform_device.h>

extern void kirkwood_mpp_conf(unsigned int *mpp_list);
extern void kirkwood_ehci_init(void);
static unsigned int acmebox_mpp_config[] __initdata = { 0 };
static struct gpio_keys_button acmebox_buttons[] = {
	{ .code = KEY_RESTART, .gpio = 12, .desc = "Reset Button", .active_low = 1 },
};
static struct gpio_keys_platform_data acmebox_button_data = {
	.buttons = acmebox_buttons, .nbuttons = ARRAY_SIZE(acmebox_buttons),
};
static struct platform_device acmebox_button_device = {
	.name = "gpio-keys", .id = -1, .dev = { .platform_data = &acmebox_button_data },
};
void __init acmebox_init(void)
{
	kirkwood_mpp_conf(acmebox_mpp_config);
	kirkwood_ehci_init();
	platform_device_register(&acmebox_button_device);
}
C
if "$BIN" convert -q --kernel "$KERNEL" board-acmebox.c -o out4/ --report out4/r.json >log4 2>&1; then
	b2d_has out4/board-acmebox.dts '#include "kirkwood.dtsi"'
	b2d_has out4/board-acmebox.dts 'gpios = <&gpio0 12 GPIO_ACTIVE_LOW>;'
	b2d_has out4/board-acmebox.dts 'the file has no MACHINE_START: acmebox_init(), which the SoC'
	grep -q '"machine": "ACMEBOX"' out4/r.json || b2d_bad "no machine ACMEBOX in the report"
	b2d_ok "a board file whose NAME_init() board-dt.c calls converts as machine NAME"
else
	b2d_bad "convert (no MACHINE_START) failed: $(head -3 log4)"
fi
# Such a file completes the target's .dts of the same board: a file whose
# NAME_init() is named as that .dts (kirkwood-ib62x0.dts: ib62x0_init())
# takes its model and every string of its root compatible, not a
# "board2dts,..." placeholder and the function's name.
mkdir -p out5
sed -e 's/acmebox/ib62x0/g' board-acmebox.c >board-ib62x0.c
if "$BIN" convert -q --kernel "$KERNEL" board-ib62x0.c -o out5/ >log5 2>&1; then
	b2d_has out5/board-ib62x0.dts 'model = "RaidSonic ICY BOX IB-NAS62x0 (Rev B)";'
	b2d_has out5/board-ib62x0.dts '"raidsonic,ib-nas6210-b", "raidsonic,ib-nas6220-b"'
	b2d_has out5/board-ib62x0.dts '"raidsonic,ib-nas62x0", "marvell,kirkwood-88f6281"'
	b2d_has out5/board-ib62x0.dts 'model and compatible are those of the target'
	grep -q 'board2dts,' out5/board-ib62x0.dts && b2d_bad "ib62x0: a board2dts placeholder compatible"
	b2d_ok "a file without MACHINE_START named as a target .dts takes its model and compatible"
else
	b2d_bad "convert (ib62x0_init) failed: $(head -3 log5)"
fi
b2d_exit $B2D_FAIL
