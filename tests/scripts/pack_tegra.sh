#!/usr/bin/env bash
# The Tegra 2 pack (rules/soc/tegra20.yaml, issue 11) on the sample
# samples/board-tegra20-tablet.c and on a small board of the test's own in
# the 3.x style (debug UART chosen by stores, PCIe, the PMU), against the
# 6.1 tree (flat arch/arm/boot/dts/tegra20.dtsi) and, when it is there, the
# 6.12 tree (nvidia/tegra20.dtsi). Most tegra20.dtsi nodes have no label:
# the SoC devices of devices.c are found by address and written as path
# references (&{/mmc@c8000400}); GPIO cells are the target's
# TEGRA_GPIO(port, n); platform data stored into a SoC device
# (tegra_sdhci_device3.dev.platform_data = &sdhci_pdata3) lands on its node;
# the tegra_pinmux_config_table() table becomes nvidia,tegra20-pinmux groups;
# the 3.1 - 3.4 USB platform data give dr_mode and the ULPI PHY's
# nvidia,phy-reset-gpio on &phy2.
# Every run compiles its output with dtc before writing it; the .dtb written
# with --dtb must equal the .dts (board2dts diff), path references included.
#
#   bash pack_tegra.sh BOARD2DTS SOURCE_DIR    (run by ctest; exit 77 = skipped)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init pack_tegra.sh "$@"
b2d_shared_cache
b2d_kernel || b2d_skip "pack_tegra.sh: no kernel tree (B2D_KERNEL; bash scripts/kernel-tree.sh)"
b2d_tmpdir b2d-tegra
fail=0
bad() { echo "FAIL: $*"; fail=1; }
has() { grep -F -- "$2" "$1" >/dev/null 2>&1 || bad "$(basename "$1"): missing: $2"; }
hasnt() { ! grep -F -- "$2" "$1" >/dev/null 2>&1 || bad "$(basename "$1"): unexpected: $2"; }
# block FILE HEAD TEXT: the block opened by the line HEAD holds TEXT
block() {
	awk -v h="$2" '$0 == h { on = 1 } on { print } on && /^};?$/ { exit }' "$1" |
		grep -F -- "$3" >/dev/null || bad "$(basename "$1"): $2 lacks: $3"
}

S=$SRC/samples/board-tegra20-tablet.c
O=$TMP/tablet.dts
if ! "$BIN" convert -q --kernel "$KERNEL" "$S" -o "$O" --dtb "$TMP/tablet.dtb" \
	--report "$TMP/tablet.json" 2>"$TMP/err"; then
	bad "sample: convert failed: $(head -3 "$TMP/err")"
fi
grep -q '"soc": "tegra20"' "$TMP/tablet.json" 2>/dev/null || bad "sample: the tegra20 pack is not picked"
has "$O" '#include "tegra20.dtsi"'
has "$O" '#include <dt-bindings/gpio/tegra-gpio.h>'
has "$O" 'compatible = "board2dts,tegra-slate", "nvidia,tegra20";'
# SDMMC3 (0xc8000400, no label in tegra20.dtsi): its stored platform data
block "$O" '&{/mmc@c8000400} {' 'cd-gpios = <&gpio TEGRA_GPIO(V, 5) GPIO_ACTIVE_LOW>;'
block "$O" '&{/mmc@c8000400} {' 'wp-gpios = <&gpio TEGRA_GPIO(H, 1) GPIO_ACTIVE_HIGH>;'
block "$O" '&{/mmc@c8000400} {' 'power-gpios = <&gpio TEGRA_GPIO(I, 6) GPIO_ACTIVE_HIGH>;'
block "$O" '&{/mmc@c8000400} {' 'status = "okay";'
block "$O" '&{/mmc@c8000600} {' 'bus-width = <8>;'
block "$O" '&{/mmc@c8000000} {' 'power-gpios = <&gpio TEGRA_GPIO(K, 6) GPIO_ACTIVE_HIGH>;'
hasnt "$O" '&{/mmc@c8000200}'
# I2C bus 0 is i2c@7000c000, bus 2 i2c@7000c500 (bus_at:), with their rates
block "$O" '&{/i2c@7000c000} {' 'clock-frequency = <400000>;'
block "$O" '&{/i2c@7000c000} {' 'wm8903_1a: audio-codec@1a {'
# the codec's interrupt: level-high for .irq_active_low = 0 (wm8903.c)
block "$O" '&{/i2c@7000c000} {' 'interrupts = <TEGRA_GPIO(X, 3) IRQ_TYPE_LEVEL_HIGH>;'
block "$O" '&{/i2c@7000c500} {' 'clock-frequency = <100000>;'
block "$O" '&{/i2c@7000c500} {' 'accelerometer@18 {'
# the 8250 debug port at TEGRA_UARTD_BASE is uartd's node, enabled; the
# controller's compatible, reg and interrupts (GIC_SPI 90, level high) stay
# the .dtsi's, not the board's ns16550a, 0x20 bytes and IRQ_TYPE_NONE, and
# so does its clock: no clock-frequency from .uartclk beside the .dtsi's
# clocks (8250.yaml takes one or the other)
block "$O" '	serial@70006300 {' 'its compatible, reg, interrupts'
hasnt "$O" 'compatible = "ns16550a"'
hasnt "$O" 'clock-frequency = <216000000>;'
hasnt "$O" 'interrupts = <GIC_SPI 90 IRQ_TYPE_NONE>;'
block "$O" '	serial@70006300 {' 'status = "okay";'
# EHCI3: usb@c5008000 and its PHY (the labelled phy3 at the same address)
block "$O" '&{/usb@c5008000} {' 'status = "okay";'
block "$O" '&phy3 {' 'status = "okay";'
block "$O" '&tegra_i2s1 {' 'status = "okay";'
has "$O" 'gpios = <TEGRA_GPIO(D, 0) GPIO_ACTIVE_HIGH>;'
has "$O" 'nvidia,spkr-en-gpios = <&wm8903_1a 2 GPIO_ACTIVE_HIGH>;'
# the headphone-detect line: active low, as the 3.x tegra_wm8903.c read it (.invert = 1)
has "$O" 'nvidia,hp-det-gpios = <&gpio TEGRA_GPIO(W, 2) GPIO_ACTIVE_LOW>;'
# the WM8903's GPIO configuration: C's 0 ("don't touch") is 0xffffffff, its
# WM8903_GPIO_CONFIG_ZERO 0, the two pins the initializer leaves out 0xffffffff
has "$O" 'gpio-cfg = <0xffffffff 0xffffffff 0x0 0xffffffff 0xffffffff>;'
has "$O" 'clk32k_in: clock-32k {'
# the pin-mux table: groups of &pinmux's default state, names checked against
# the target's pinctrl-tegra20.c
block "$O" '&pinmux {' 'pinctrl-0 = <&state_default>;'
block "$O" '&pinmux {' 'nvidia,pins = "ata";'
block "$O" '&pinmux {' 'nvidia,function = "ide";'
block "$O" '&pinmux {' 'nvidia,function = "sdio4";'
block "$O" '&pinmux {' 'nvidia,pull = <TEGRA_PIN_PULL_UP>;'
block "$O" '&pinmux {' 'nvidia,tristate = <TEGRA_PIN_DISABLE>;'
# the function the board's name begins, reserved ones aside: i2c1 on rm, i2cp on i2cp
block "$O" '&pinmux {' 'nvidia,function = "i2c1";	/* board-tegra20-tablet.c:84 TEGRA_MUX_I2C: the driver'"'"'s i2c1 on group rm */'
block "$O" '&pinmux {' 'nvidia,function = "i2cp";'
hasnt "$O" 'pick the one the board meant'
# a PULL_PG group of the driver (ck32): its pull alone, no function, no tristate
awk '/^\t\tck32 \{/,/^\t\t\};/' "$O" >"$TMP/ck32"
has "$TMP/ck32" 'nvidia,pull = <TEGRA_PIN_PULL_NONE>;'
hasnt "$TMP/ck32" 'nvidia,function'
hasnt "$TMP/ck32" 'nvidia,tristate'
# the drive table: a DRV_PG group of the driver, drive_sdio1
awk '/^\t\tdrive_sdio1 \{/,/^\t\t\};/' "$O" >"$TMP/drive"
has "$TMP/drive" 'nvidia,pins = "drive_sdio1";'
has "$TMP/drive" 'nvidia,low-power-mode = <TEGRA_PIN_LP_DRIVE_DIV_1>;'
has "$TMP/drive" 'nvidia,pull-down-strength = <31>;'
has "$TMP/drive" 'nvidia,slew-rate-falling = <TEGRA_PIN_SLEW_RATE_SLOWEST>;'
hasnt "$O" 'tegra_gpio_table'
hasnt "$O" 'names not checked'
hasnt "$O" 'does not register'
hasnt "$O" 'no node at'
if [ -f "$TMP/tablet.dtb" ]; then
	"$BIN" diff "$O" "$TMP/tablet.dtb" --kernel "$KERNEL" >"$TMP/diff" 2>&1 ||
		bad "sample: the .dtb differs from the .dts: $(head -5 "$TMP/diff")"
fi

# Without --kernel: no .dtsi to find the nodes in, the devices and their
# platform data are TODOs, nothing is invented.
"$BIN" convert -q "$S" -o "$TMP/nokernel.dts" 2>/dev/null || bad "sample without --kernel: convert failed"
has "$TMP/nokernel.dts" "tegra_sdhci_device3: the SoC .dtsi's node at 0xc8000400 (needs --kernel)"
has "$TMP/nokernel.dts" "platform data of tegra_sdhci_device3, a SoC device left as a TODO"
hasnt "$TMP/nokernel.dts" 'cd-gpios'

# A board of the test's own, 3.x style: the debug port chosen by stores,
# tegra_pcie_init(), the PMU (a node with no reg: path /pmu), an SDHCI
# platform data stored into a device the machine never registers.
B=$TMP/board-tegra-test.c
cat >"$B" <<'EOF'
#include <linux/i2c.h>
#include <linux/mfd/tps6586x.h>
#include <linux/platform_device.h>
#include <linux/regulator/machine.h>
#include <linux/serial_8250.h>
#include <mach/iomap.h>
#include <mach/irqs.h>
#include <mach/sdhci.h>
#include "devices.h"
#include "gpio-names.h"

static struct plat_serial8250_port uart_data[] = {
	{
		.iotype		= UPIO_MEM,
		.regshift	= 2,
		.uartclk	= 216000000,
	}, {
		.flags		= 0,
	}
};

static struct platform_device uart = {
	.name	= "serial8250",
	.id	= PLAT8250_DEV_PLATFORM,
	.dev	= { .platform_data = uart_data },
};

static struct tegra_sdhci_platform_data sd2 = {
	.cd_gpio	= TEGRA_GPIO_PI5,
};

static struct tegra_ulpi_config ehci2_ulpi_phy_config = {
	.reset_gpio	= TEGRA_GPIO_PV1,
	.clk		= "cdev2",
};

static struct tegra_ehci_platform_data ehci2_ulpi_platform_data = {
	.operating_mode	= TEGRA_USB_HOST,
	.power_down_on_bus_suspend = 1,
	.phy_config	= &ehci2_ulpi_phy_config,
};

/* A TPS6586x of board-harmony-power.c's style: its regulators by a macro. */
static struct regulator_init_data sm0_data = {
	.constraints = { .min_uV = 725000, .max_uV = 1500000 },
};
static struct regulator_init_data ldo9_data = {
	.constraints = { .min_uV = 1250000, .max_uV = 3300000, .always_on = 1 },
};
#define TPS_REG(_id, _data) { .id = TPS6586X_ID_##_id, .name = "tps6586x-regulator", .platform_data = _data }
static struct tps6586x_subdev_info tps_devs[] = {
	TPS_REG(SM_0, &sm0_data),
	TPS_REG(LDO_9, &ldo9_data),
};
static struct tps6586x_platform_data tps_platform = {
	.irq_base = TEGRA_NR_IRQS,
	.num_subdevs = ARRAY_SIZE(tps_devs),
	.subdevs = tps_devs,
	.gpio_base = TEGRA_NR_GPIOS,
};
static struct i2c_board_info __initdata box_regulators[] = {
	{ I2C_BOARD_INFO("tps6586x", 0x34), .irq = INT_EXTERNAL_PMU, .platform_data = &tps_platform },
};

static struct platform_device *devs[] __initdata = {
	&uart,
	&tegra_pmu_device,
	&tegra_ehci1_device,
	&tegra_ehci2_device,
};

static void __init box_init(void)
{
	uart_data[0].mapbase = TEGRA_UARTB_BASE;
	uart_data[0].irq = INT_UARTB;
	tegra_sdhci_device2.dev.platform_data = &sd2;
	tegra_ehci2_device.dev.platform_data = &ehci2_ulpi_platform_data;
	platform_add_devices(devs, ARRAY_SIZE(devs));
	i2c_register_board_info(3, box_regulators, 1);
	tegra_pcie_init(true, false);
}

MACHINE_START(TEGRA_BOX, "Tegra box")
	.atag_offset	= 0x100,
	.map_io		= tegra_map_common_io,
	.init_early	= tegra20_init_early,
	.init_irq	= tegra_init_irq,
	.init_machine	= box_init,
MACHINE_END
EOF
T=$TMP/box.dts
"$BIN" convert -q --kernel "$KERNEL" "$B" -o "$T" 2>"$TMP/err2" ||
	bad "test board: convert failed: $(head -3 "$TMP/err2")"
block "$T" '	serial@70006040 {' 'its compatible, reg, interrupts'
block "$T" '	serial@70006040 {' 'status = "okay";'
block "$T" '&{/pmu} {' 'status = "okay";'
block "$T" '&{/usb@c5000000} {' 'status = "okay";'
block "$T" '&phy1 {' 'status = "okay";'
block "$T" '&{/pcie@80003000} {' 'status = "okay";'
has "$T" 'tegra_pcie_init(true, false): &{/pcie@80003000} enabled; enable the root ports'
has "$T" 'tegra_sdhci_device2.dev.platform_data = &sd2: platform data of tegra_sdhci_device2, which this machine does not register'
hasnt "$T" 'cd-gpios'
# 3.1 - 3.4 USB platform data: the controller's mode, the ULPI PHY's reset
# line on USB2's PHY (&phy2), active low as upstream tegra20-harmony.dts
block "$T" '&{/usb@c5004000} {' 'dr_mode = "host";'
block "$T" '&phy2 {' 'nvidia,phy-reset-gpio = <&gpio TEGRA_GPIO(V, 1) GPIO_ACTIVE_LOW>;'
hasnt "$T" 'no rule for struct tegra_ulpi_config'
hasnt "$T" 'no rule for struct tegra_ehci_platform_data'
# the TPS6586x (3.x board-harmony-power.c): a pmic node on the fourth I2C
# bus, its regulators named as the target's tps6586x-regulator.c names
# the ids the board's macro hides (TPS6586X_ID_SM_0 -> sm0), with their
# init data; its GPIO base is the node's phandle
sed 's@/\*.*\*/@@; s/[[:space:]]*$//' "$T" >"$T.plain"
has "$T.plain" 'compatible = "ti,tps6586x";'
has "$T.plain" 'gpio-controller;'
awk '/regulators \{/ {on = 1} on' "$T.plain" >"$T.regs"
block "$T.regs" '			sm0 {' 'regulator-min-microvolt = <725000>;'
block "$T.regs" '			ldo9 {' 'regulator-always-on;'
hasnt "$T" 'no rule for struct tps6586x_platform_data'
hasnt "$T" 'no driver of the target tree'"'"'s drivers/regulator names it'

# 6.12: the .dtsi under nvidia/, the same nodes.
if b2d_kernel612; then
	O12=$TMP/tablet612.dts
	"$BIN" convert -q --kernel "$KERNEL612" "$S" -o "$O12" 2>"$TMP/err3" ||
		bad "sample against 6.12: convert failed: $(head -3 "$TMP/err3")"
	has "$O12" '#include "nvidia/tegra20.dtsi"'
	block "$O12" '&{/mmc@c8000400} {' 'cd-gpios = <&gpio TEGRA_GPIO(V, 5) GPIO_ACTIVE_LOW>;'
	block "$O12" '&{/i2c@7000c000} {' 'wm8903_1a: audio-codec@1a {'
	"$BIN" convert -q --kernel "$KERNEL612" "$B" -o "$TMP/box612.dts" 2>/dev/null ||
		bad "test board against 6.12: convert failed"
else
	b2d_skip_part "pack_tegra.sh: no 6.12 tree: the 6.12 part"
fi

[ $fail = 0 ] && echo "pack_tegra.sh: ok"
exit $fail
