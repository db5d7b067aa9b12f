#!/usr/bin/env bash
# The IXP4xx pack (rules/soc/ixp4xx.yaml) on a 2.6.2x-style NAS board of the
# test's own (written here, in a temporary directory), against the 6.1 tree
# (flat intel-ixp42x.dtsi) and, when it is there, 6.12 (intel/ixp/): the pack
# is picked by the board's ixp4xx_* calls; its 8250 port at
# IXP4XX_UART1_BASE_PHYS lands on &uart0 (the .dtsi's compatible, reg and
# interrupts kept); GPIO 3 is <&gpio0 3 ...>; IRQ_IXP4XX_GPIO2 (19) is
# line 2 of &gpio0's interrupt domain; the i2c-gpio bus 0 gets its pins and
# its RTC; the root compatible ends with "intel,ixp42x"; the root has the
# address cells intel-ixp4xx.dtsi leaves out. Each output compiles
# (the tool runs dtc).
#
#   bash pack_ixp4xx.sh BOARD2DTS SOURCE_DIR    (run by ctest; exit 77 = skipped)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init pack_ixp4xx.sh "$@"
b2d_kernel || b2d_skip "pack_ixp4xx.sh: no kernel tree (B2D_KERNEL; bash scripts/kernel-tree.sh)"
b2d_tmpdir b2d-ixp4xx
export XDG_CACHE_HOME=$TMP/cache
fail=0
bad() { echo "FAIL: $*"; fail=1; }
has() { grep -F -- "$2" "$1" >/dev/null 2>&1 || bad "$(basename "$1"): missing: $2"; }
hasnt() { ! grep -F -- "$2" "$1" >/dev/null 2>&1 || bad "$(basename "$1"): unexpected: $2"; }

B=$TMP/acme-nas-setup.c
cat >"$B" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: an IXP42x NAS in the 2.6.2x style. */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/platform_device.h>
#include <linux/serial_8250.h>
#include <linux/leds.h>
#include <linux/i2c.h>
#include <linux/i2c-gpio.h>
#include <asm/mach/arch.h>

#define ACME_LED_DISK	3
#define ACME_SDA	7
#define ACME_SCL	6

static struct resource acme_uart_res = {
	.start = IXP4XX_UART1_BASE_PHYS,
	.end = IXP4XX_UART1_BASE_PHYS + 0x0fff,
	.flags = IORESOURCE_MEM,
};
static struct plat_serial8250_port acme_uart_data[] = {
	{
		.mapbase = IXP4XX_UART1_BASE_PHYS,
		.irq = IRQ_IXP4XX_UART1,
		.flags = UPF_BOOT_AUTOCONF,
		.iotype = UPIO_MEM,
		.regshift = 2,
		.uartclk = IXP4XX_UART_XTAL,
	},
	{ }
};
static struct platform_device acme_uart = {
	.name = "serial8250",
	.id = PLAT8250_DEV_PLATFORM,
	.dev.platform_data = acme_uart_data,
	.num_resources = 1,
	.resource = &acme_uart_res,
};
static struct gpio_led acme_leds[] = {
	{ .name = "acme:green:disk", .gpio = ACME_LED_DISK, .active_low = 1 },
};
static struct gpio_led_platform_data acme_led_data = {
	.leds = acme_leds, .num_leds = ARRAY_SIZE(acme_leds),
};
static struct platform_device acme_led_dev = {
	.name = "leds-gpio", .id = -1, .dev.platform_data = &acme_led_data,
};
static struct i2c_gpio_platform_data acme_i2c_data = {
	.sda_pin = ACME_SDA, .scl_pin = ACME_SCL,
};
static struct platform_device acme_i2c = {
	.name = "i2c-gpio", .id = 0, .dev.platform_data = &acme_i2c_data,
};
static struct i2c_board_info __initdata acme_i2c_devs[] = {
	{ I2C_BOARD_INFO("pcf8563", 0x51), .irq = IRQ_IXP4XX_GPIO2 },
};
static struct platform_device *acme_devices[] __initdata = {
	&acme_i2c, &acme_led_dev,
};
static void __init acme_init(void)
{
	ixp4xx_sys_init();
	i2c_register_board_info(0, acme_i2c_devs, ARRAY_SIZE(acme_i2c_devs));
	platform_device_register(&acme_uart);
	platform_add_devices(acme_devices, ARRAY_SIZE(acme_devices));
}
MACHINE_START(ACME_NAS, "Acme NAS")
	.map_io = ixp4xx_map_io,
	.init_irq = ixp4xx_init_irq,
	.timer = &ixp4xx_timer,
	.init_machine = acme_init,
MACHINE_END
C

check() {	# check KERNEL OUT.dts INCLUDE
	if ! "$BIN" convert -q --kernel "$1" "$B" -o "$2" --report "$2.json" 2>"$TMP/err"; then
		bad "$(basename "$2"): convert failed: $(head -3 "$TMP/err")"
		return
	fi
	grep -q '"soc": "ixp4xx"' "$2.json" || bad "$(basename "$2"): the ixp4xx pack is not picked"
	has "$2" "#include \"$3\""
	has "$2" 'compatible = "board2dts,acme-nas", "intel,ixp42x";'
	# the .dtsi leaves / without cells, as every IXP4xx board .dts sets them
	has "$2" '#address-cells = <1>;	/* the .dtsi leaves / without #address-cells */'
	has "$2" '#size-cells = <1>;	/* the .dtsi leaves / without #size-cells */'
	has "$2" '&uart0 {'
	has "$2" "the SoC .dtsi's &uart0 at 0xc8000000"
	has "$2" 'gpios = <&gpio0 3 GPIO_ACTIVE_LOW>;'
	has "$2" 'sda-gpios = <&gpio0 7 (GPIO_ACTIVE_HIGH|GPIO_OPEN_DRAIN)>;'
	has "$2" 'interrupt-parent = <&gpio0>;'
	has "$2" 'interrupts = <2 IRQ_TYPE_NONE>;'
	has "$2" 'compatible = "nxp,pcf8563";'
	hasnt "$2" 'no SoC rule pack matched'
	hasnt "$2" 'serial@c8000000'
}

check "$KERNEL" "$TMP/acme61.dts" intel-ixp42x.dtsi
if b2d_kernel612; then
	check "$KERNEL612" "$TMP/acme612.dts" intel/ixp/intel-ixp42x.dtsi
else
	b2d_skip_part "pack_ixp4xx.sh: no 6.12 tree: the 6.12 half not run"
fi

[ $fail = 0 ] && echo "ok: pack_ixp4xx.sh"
b2d_exit $fail
