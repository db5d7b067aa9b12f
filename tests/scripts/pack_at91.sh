#!/usr/bin/env bash
# The AT91 packs' MMC slots (rules/bindings/at91.yaml) on boards of the
# test's own (written here, in a temporary directory, 2.6.3x - 3.x
# mach-at91 style), against the 6.1 tree: the controller's pinctrl-0 is
# the pin groups its .dtsi defines for the slot the board wired and its
# width, as upstream boards select them (at91sam9260.dtsi: &mmc0's
# pinctrl_mmc0_clk, _slot1_cmd_dat0, and _slot1_dat1_3 for 4 bits), for
# at91_add_device_mmc()'s at91_mmc_data (.slot_b, .wire4) and
# at91_add_device_mci()'s mci_platform_data (.slot[N].bus_width): a 1-bit
# slot takes no dat1_3 group, the AT91SAM9G45's HSMCI its
# _slot0_clk_cmd_dat0 and, 8 bits wide, _dat4_7; a slot whose groups the
# .dtsi lacks is a TODO. A GPIO numbered from NR_BUILTIN_GPIO (3.x: past
# the PIO lines) is a line of the expander the board bases there; the
# UDC's .vbus_active_low and .vbus_polled are the VBUS line's polarity and
# atmel,vbus-polled, .pullup_active_low the pull-up line's; a pin the
# enabled debug UART's .dtsi group sets is not hogged again; the devices
# i2c_register_board_info() puts on bus 0 share at91_add_device_i2c()'s
# bus (&i2c_gpio0 on the 9260); a w1-gpio device is an "onewire" node with its line
# (w1_gpio_platform_data .pin, .is_open_drain). A board whose file or machine names a "G20" gets
# at91sam9g20.dtsi; in a file of a 9260 and a G20 machine, the G20 alone.
# Where the .dtsi leaves the pin controller unlabelled (9G45, RM9200) the
# pin calls' groups go under it by path; an RM9200 UART's modem-line
# options are the .dtsi's pinctrl_uart1_* groups. Each output compiles (the tool runs dtc).
#
#   bash pack_at91.sh BOARD2DTS SOURCE_DIR    (run by ctest; exit 77 = skipped)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init pack_at91.sh "$@"
b2d_kernel || b2d_skip "pack_at91.sh: no kernel tree (B2D_KERNEL; bash scripts/kernel-tree.sh)"
b2d_tmpdir b2d-at91
export XDG_CACHE_HOME=$TMP/cache

mkdir -p "$TMP/mach-at91"
# An AT91SAM9260 board, 2.6.3x: one slot B, 4 bits, and NAND partitions
# a .partition_info callback returns; an AT91SAM9G20 board, 3.x:
# mci_platform_data, slot B, 1 bit.
cat >"$TMP/mach-at91/board-acme9260.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: an AT91SAM9260 logger, 2.6.3x mach-at91 style. */
#include <linux/init.h>
#include <asm/mach/arch.h>
#include <mach/board.h>
#include <mach/gpio.h>
#include <mach/at91sam9260.h>

/* a PCA9555 expander numbered past the PIO lines, the UDC's VBUS on its line 5 */
#define ACME_EXP_GPIO(x)	(NR_BUILTIN_GPIO + (x))
static struct pca953x_platform_data acme_exp_data = {
	.gpio_base	= ACME_EXP_GPIO(0),
};
static struct i2c_board_info __initdata acme_i2c_devices[] = {
	{ I2C_BOARD_INFO("pca9555", 0x20), .platform_data = &acme_exp_data },
};
/* and an RTC on the same bus 0, registered on its own (3.6 board-snapper9260.c) */
static struct i2c_board_info __initdata acme_rtc_info = {
	I2C_BOARD_INFO("isl1208", 0x6f),
};
static struct at91_udc_data __initdata acme_udc_data = {
	.vbus_pin		= ACME_EXP_GPIO(5),
	.vbus_active_low	= 1,
	.vbus_polled		= 1,
	.pullup_pin		= AT91_PIN_PC4,
	.pullup_active_low	= 1,
};
/* a 1-Wire bus on PA29, open drain */
static struct w1_gpio_platform_data acme_w1_data = {
	.pin		= AT91_PIN_PA29,
	.is_open_drain	= 1,
};
static struct platform_device acme_w1 = {
	.name			= "w1-gpio",
	.id			= -1,
	.dev.platform_data	= &acme_w1_data,
};
static struct at91_mmc_data __initdata acme_mmc_data = {
	.slot_b		= 1,
	.wire4		= 1,
	.det_pin	= AT91_PIN_PC8,
};
/* NAND partitions handed over by a callback (2.6.x - 3.0 .partition_info) */
static struct mtd_partition __initdata acme_nand_partition[] = {
	{ .name = "bootstrap", .offset = 0, .size = SZ_4M },
	{ .name = "rootfs", .offset = MTDPART_OFS_NXTBLK, .size = 60 * SZ_1M },
};
static struct mtd_partition * __init nand_partitions(int size, int *num_partitions)
{
	*num_partitions = ARRAY_SIZE(acme_nand_partition);
	return acme_nand_partition;
}
static struct atmel_nand_data __initdata acme_nand_data = {
	.ale		= 21,
	.cle		= 22,
	.rdy_pin	= AT91_PIN_PC13,
	.enable_pin	= AT91_PIN_PC14,
	.partition_info	= nand_partitions,
};
static void __init acme_init_early(void)
{
	at91sam9260_initialize(18432000);
}
static void __init acme_board_init(void)
{
	at91_add_device_serial();
	at91_register_uart(0, 0, 0);
	/* the debug UART's pins, as pinctrl_dbgu sets them (PB14 with its
	 * pull-up) and not (PB15 with one) */
	at91_set_A_periph(AT91_PIN_PB14, 1);
	at91_set_A_periph(AT91_PIN_PB15, 1);
	at91_add_device_mmc(0, &acme_mmc_data);
	at91_add_device_i2c(acme_i2c_devices, ARRAY_SIZE(acme_i2c_devices));
	i2c_register_board_info(0, &acme_rtc_info, 1);
	at91_add_device_udc(&acme_udc_data);
	platform_device_register(&acme_w1);
	at91_add_device_nand(&acme_nand_data);
}
MACHINE_START(ACME9260, "Acme AT91SAM9260 logger")
	.map_io		= acme_init_early,
	.init_machine	= acme_board_init,
MACHINE_END
C
cat >"$TMP/mach-at91/board-acmegw.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: an AT91SAM9G20 gateway, 3.x mach-at91 style. */
#include <linux/init.h>
#include <asm/mach/arch.h>
#include <mach/board.h>
#include <mach/at91sam9260.h>
#include "board.h"

static struct mci_platform_data __initdata acme_mci0_data = {
	.slot[1] = {
		.bus_width	= 1,
		.detect_pin	= -EINVAL,
		.wp_pin		= -EINVAL,
	},
};
static void __init acme_board_init(void)
{
	at91_add_device_serial();
	at91_add_device_mci(0, &acme_mci0_data);
}
MACHINE_START(ACMEGW, "Acme gateway G20")
	.init_early	= at91_initialize,
	.init_machine	= acme_board_init,
MACHINE_END
C
# One file, two machines: an AT91SAM9260 board and its G20 twin (as
# board-usb-a926x.c's USB_A9260 and USB_A9G20): each machine its own .dtsi.
cat >"$TMP/mach-at91/board-acmeduo.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: one board, built with an AT91SAM9260 or a 9G20. */
#include <linux/init.h>
#include <asm/mach/arch.h>
#include <mach/board.h>
#include <mach/at91sam9260.h>
#include "board.h"

static void __init duo_board_init(void)
{
	at91_add_device_serial();
}
MACHINE_START(ACMEDUO, "Acme duo 9260")
	.init_early	= at91_initialize,
	.init_machine	= duo_board_init,
MACHINE_END
MACHINE_START(ACMEDUO_G20, "Acme duo G20")
	.init_early	= at91_initialize,
	.init_machine	= duo_board_init,
MACHINE_END
C
# An AT91SAM9G45 board: HSMCI0 slot A 8 bits wide, HSMCI1 slot B (no
# groups in at91sam9g45.dtsi).
cat >"$TMP/mach-at91/board-acme9g45.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: an AT91SAM9G45 panel, 3.x mach-at91 style. */
#include <linux/init.h>
#include <asm/mach/arch.h>
#include <mach/board.h>
#include <mach/at91sam9g45.h>

static struct mci_platform_data __initdata acme_mci0_data = {
	.slot[0] = {
		.bus_width	= 8,
		.detect_pin	= AT91_PIN_PD10,
		.wp_pin		= -EINVAL,
	},
};
static struct mci_platform_data __initdata acme_mci1_data = {
	.slot[1] = {
		.bus_width	= 4,
		.detect_pin	= AT91_PIN_PD11,
		.wp_pin		= -EINVAL,
	},
};
/* a DataFlash on SPI0 chip select 0, which the SoC code drove as PB3 */
static struct spi_board_info acme_spi_devices[] = {
	{ .modalias = "mtd_dataflash", .chip_select = 0, .max_speed_hz = 15000000, .bus_num = 0 },
};
static void __init acme_board_init(void)
{
	at91_add_device_serial();
	at91_add_device_spi(acme_spi_devices, ARRAY_SIZE(acme_spi_devices));
	at91_add_device_mci(0, &acme_mci0_data);
	at91_add_device_mci(1, &acme_mci1_data);
	at91_set_gpio_input(AT91_PIN_PD10, 1);
	at91_set_deglitch(AT91_PIN_PD10, 1);
}
MACHINE_START(AT91SAM9G45EKES, "Acme AT91SAM9G45 panel")
	.init_machine	= acme_board_init,
MACHINE_END
C

# An AT91RM9200 board: at91rm9200.dtsi names &usart1's option groups after
# its default one (pinctrl_uart1_cts ...), and leaves &pinctrl unlabelled.
cat >"$TMP/mach-at91/board-rm9200acme.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: an AT91RM9200 modem board, 3.x mach-at91 style. */
#include <linux/init.h>
#include <asm/mach/arch.h>
#include <mach/board.h>

static void __init acme_init_early(void)
{
	at91_register_uart(AT91RM9200_ID_US1, 1, ATMEL_UART_CTS | ATMEL_UART_RTS | ATMEL_UART_RI);
}
static struct i2c_board_info __initdata acme_i2c_devices[] = {
	{ I2C_BOARD_INFO("ds1672", 0x68) },
};
static void __init acme_board_init(void)
{
	at91_add_device_serial();
	at91_set_gpio_input(AT91_PIN_PB27, 1);
	at91_add_device_i2c(acme_i2c_devices, ARRAY_SIZE(acme_i2c_devices));
}
MACHINE_START(AT91RM9200EK, "Acme RM9200 modem")
	.init_early	= acme_init_early,
	.init_machine	= acme_board_init,
MACHINE_END
C
O=$TMP/acmerm9200.dts
if b2d_convert_pack "$KERNEL" "$TMP/mach-at91/board-rm9200acme.c" "$O" at91rm9200; then
	# the .dtsi's uart1 option groups; PB27 under the unlabelled pin controller
	b2d_flat_has "$O" '&usart1{pinctrl-0=<&pinctrl_uart1&pinctrl_uart1_cts&pinctrl_uart1_rts&pinctrl_uart1_ri>;'
	b2d_flat_has "$O" 'atmel,pins=<AT91_PIOB27AT91_PERIPH_GPIOAT91_PINCTRL_PULL_UP>'
	# at91rm9200_devices.c's i2c-gpio bus: the .dtsi's unlabelled i2c-gpio-0
	b2d_flat_has "$O" '&{/i2c-gpio-0}{status="okay";rtc@68{'
	b2d_hasnt "$O" '&i2c0 {'
	# the 32768 Hz slow clock the old clock code hard-coded, which at91rm9200.dtsi leaves at 0
	b2d_flat_has "$O" '&slow_xtal{clock-frequency=<32768>;}'
fi

O=$TMP/acme9260.dts
if b2d_convert_pack "$KERNEL" "$TMP/mach-at91/board-acme9260.c" "$O" at91sam9260; then
	grep -q '&mmc0{pinctrl-names="default";pinctrl-0=<&pinctrl_mmc0_clk&pinctrl_mmc0_slot1_cmd_dat0&pinctrl_mmc0_slot1_dat1_3>;status="okay";slot@1{reg=<1>;bus-width=<4>;' "$O.flat" ||
		b2d_bad "acme9260: &mmc0 has not slot B's 4-bit pin groups"
	b2d_has "$O" '#include "at91sam9260.dtsi"'
	b2d_has "$O" 'clock-frequency = <32768>;	/* board-acme9260.c:'
	b2d_has "$O" "at91sam9260: the SoC's fixed 32768 Hz crystal, AT91_SLOW_CLOCK of 2.6.x - 3.x mach-at91/clock.c; ..."
	# at91_add_device_i2c(): the bit-banged bus the 3.x SoC code preferred, not the TWI
	grep -q '&i2c_gpio0{status="okay";pca9555_20:gpio@20{' "$O.flat" ||
		b2d_bad "acme9260: the I2C devices are not on &i2c_gpio0"
	# i2c_register_board_info(0, ...): bus 0 is that same adapter, one node
	grep -q '&i2c_gpio0{status="okay";pca9555_20:gpio@20{.*rtc@6f{' "$O.flat" ||
		b2d_bad "acme9260: the RTC registered on bus 0 is not on &i2c_gpio0 with the others"
	b2d_hasnt "$O" '&i2c0 {'
	# NR_BUILTIN_GPIO + 5: line 5 of the expander whose base it is
	b2d_has "$O" 'atmel,vbus-gpio = <&pca9555_20 5 GPIO_ACTIVE_LOW>;'
	b2d_has "$O" 'atmel,vbus-polled = <1>;'
	b2d_has "$O" 'atmel,pullup-gpio = <&pioC 4 GPIO_ACTIVE_LOW>;'
	grep -q 'onewire{compatible="w1-gpio";gpios=<&pioA29GPIO_ACTIVE_HIGH>;linux,open-drain;}' "$O.flat" ||
		b2d_bad "acme9260: the 1-Wire bus is not an onewire node with its line, open drain"
	# .partition_info = nand_partitions: the table the callback returns
	grep -q 'partitions{compatible="fixed-partitions";#address-cells=<1>;#size-cells=<1>;partition@0{label="bootstrap";reg=<0x00x400000>;};partition@400000{label="rootfs";reg=<0x4000000x3c00000>;};};' "$O.flat" ||
		b2d_bad "acme9260: the NAND has not the partitions its .partition_info callback returns"
	b2d_hasnt "$O" 'no rule for field .partition_info'
	# a pin the enabled &dbgu's .dtsi group already sets is no &pinctrl hog
	# (the core would refuse &dbgu's claim); other options than the group's: a TODO
	b2d_hasnt "$O" 'AT91_PIOB 14'
	b2d_hasnt "$O" 'AT91_PIOB 15'
	b2d_has "$O" 'sets PB15 with other options (AT91_PINCTRL_PULL_UP here): override the group by hand'
fi
O=$TMP/acme9g20.dts
if b2d_convert_pack "$KERNEL" "$TMP/mach-at91/board-acmegw.c" "$O" at91sam9260; then
	grep -q '&mmc0{pinctrl-names="default";pinctrl-0=<&pinctrl_mmc0_clk&pinctrl_mmc0_slot1_cmd_dat0>;' "$O.flat" ||
		b2d_bad "acme9g20: &mmc0 has not slot B's 1-bit pin groups"
	b2d_hasnt "$O" 'dat1_3'
	# "G20" in the machine's name: the AT91SAM9G20's own .dtsi
	b2d_has "$O" '#include "at91sam9g20.dtsi"'
fi
mkdir "$TMP/duo"
if "$BIN" convert -q --kernel "$KERNEL" "$TMP/mach-at91/board-acmeduo.c" -o "$TMP/duo/" 2>"$TMP/err"; then
	O=$TMP/duo/board-acmeduo.ACMEDUO.dts
	b2d_has "$O" '#include "at91sam9260.dtsi"'
	b2d_hasnt "$O" 'at91sam9g20'
	O=$TMP/duo/board-acmeduo.ACMEDUO_G20.dts
	b2d_has "$O" '#include "at91sam9g20.dtsi"'
	b2d_has "$O" '"atmel,at91sam9g20"'
	b2d_hasnt "$O" 'at91sam9260.dtsi'
else
	b2d_bad "acmeduo: convert failed: $(head -3 "$TMP/err")"
fi
# --machine picks the G20 alone: still its own .dtsi, and its .dtb built on it
if "$BIN" convert -q --kernel "$KERNEL" "$TMP/mach-at91/board-acmeduo.c" --machine ACMEDUO_G20 \
	-o "$TMP/duo/g20.dts" --dtb "$TMP/duo/g20.dtb" 2>"$TMP/err"; then
	b2d_has "$TMP/duo/g20.dts" '#include "at91sam9g20.dtsi"'
	dtc -I dtb -O dts "$TMP/duo/g20.dtb" >"$TMP/duo/g20.back.dts" 2>/dev/null
	grep -q 'atmel,at91sam9g20-i2c' "$TMP/duo/g20.back.dts" ||
		b2d_bad "acmeduo: the G20's .dtb is not built on at91sam9g20.dtsi"
else
	b2d_bad "acmeduo --machine ACMEDUO_G20: convert failed: $(head -3 "$TMP/err")"
fi
O=$TMP/acme9g45.dts
if b2d_convert_pack "$KERNEL" "$TMP/mach-at91/board-acme9g45.c" "$O" at91sam9g45; then
	# (and, last, the group of its card-detect pin the board sets up)
	grep -q '&mmc0{pinctrl-names="default";pinctrl-0=<&pinctrl_mmc0_slot0_clk_cmd_dat0&pinctrl_mmc0_slot0_dat1_3&pinctrl_mmc0_slot0_dat4_7&mmc0_pins>;' "$O.flat" ||
		b2d_bad "acme9g45: &mmc0 has not slot A's 8-bit pin groups and its card-detect pin's"
	b2d_has "$O" 'no pin group of &mmc1 for slot 1 in the target'"'"'s .dtsi: its pinctrl-0 by hand'
	b2d_hasnt "$O" 'pinctrl_mmc1_'
	# at91sam9g45.dtsi leaves its pin controller unlabelled: the pin calls'
	# groups go under it by path, not into a "no &pinctrl" TODO
	b2d_flat_has "$O" 'atmel,pins=<AT91_PIOD10AT91_PERIPH_GPIO(AT91_PINCTRL_PULL_UP|AT91_PINCTRL_DEGLITCH)>'
	b2d_has "$O" '&{/ahb/apb/pinctrl@fffff200} {'
	b2d_hasnt "$O" 'pin setting:'
	# at91sam9g45_devices.c's spi0_standard_cs[0]: the controller's cs-gpios
	b2d_has "$O" 'cs-gpios = <&pioB 3 GPIO_ACTIVE_LOW>;'
fi

# An AT91SAM9263 and an AT91SAM9261 board, 2.6.3x: at91sam926x_devices.c
# registered at91_add_device_i2c()'s bus as i2c-gpio, the .dtsi's unlabelled
# i2c-gpio-0 (upstream usb_a9263.dts enables it), not the TWI &i2c0; the
# shutdown controller's mode register write (board-usb-a9263.c) is a TODO
# with the shdwc node's properties, and AT91_SHDW_CPTWK0_(10), a macro
# tolerant mode lacks, no TODO of its own.
cat >"$TMP/mach-at91/board-acme9263.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: an AT91SAM9263 terminal, 2.6.3x mach-at91 style. */
#include <linux/init.h>
#include <asm/mach/arch.h>
#include <mach/board.h>
#include <mach/at91sam9263.h>
#include <mach/at91_shdwc.h>

static struct i2c_board_info __initdata acme_i2c_devices[] = {
	{ I2C_BOARD_INFO("24c512", 0x50) },
};
static void __init acme_init_early(void)
{
	at91sam9263_initialize(12000000);
}
static void __init acme_board_init(void)
{
	at91_add_device_serial();
	at91_add_device_i2c(acme_i2c_devices, ARRAY_SIZE(acme_i2c_devices));
	at91_sys_write(AT91_SHDW_MR, AT91_SHDW_CPTWK0_(10) | AT91_SHDW_WKMODE0_LOW | AT91_SHDW_RTTWKEN);
}
MACHINE_START(ACME9263, "Acme AT91SAM9263 terminal")
	.map_io		= acme_init_early,
	.init_machine	= acme_board_init,
MACHINE_END
C
sed 's/at91sam9263/at91sam9261/g; s/AT91SAM9263/AT91SAM9261/g; s/ACME9263/ACME9261/' \
	"$TMP/mach-at91/board-acme9263.c" >"$TMP/mach-at91/board-acme9261.c"
for soc in at91sam9263 at91sam9261; do
	O=$TMP/acme${soc#at91sam}.dts
	b2d_convert_pack "$KERNEL" "$TMP/mach-at91/board-acme${soc#at91sam}.c" "$O" $soc || continue
	b2d_flat_has "$O" '&{/i2c-gpio-0}{status="okay";eeprom@50{compatible="atmel,24c512";'
	b2d_hasnt "$O" '&i2c0 {'
	b2d_flat_has "$O" '&main_xtal{clock-frequency=<12000000>;'
	b2d_flat_has "$O" '&slow_xtal{clock-frequency=<32768>;}'
	b2d_has "$O" 'for AT91_SHDW_MR (the shutdown controller), write &{/ahb/apb/shdwc@fffffd10} { atmel,wakeup-mode = "low"; atmel,wakeup-counter = <N>; atmel,wakeup-rtt-timer; }'
	b2d_hasnt "$O" 'no rule for call AT91_SHDW_CPTWK0_'
	b2d_hasnt "$O" 'no rule for call at91_sys_write'
done

# Lone 3.x files outside mach-at91/ that name their SoC only through the
# machine record or a module's helpers (every 3.x AT91 board calls
# at91_initialize()): `.timer = &at91rm9200_timer` is an RM9200 (its PIOD
# exists there, not on the 9260), the taskit Stamp9G20 helpers a G20.
mkdir -p "$TMP/lone"
cat >"$TMP/lone/board-cms.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: an RM9200 module, 3.x style, named only by its timer. */
#include <linux/init.h>
#include <asm/mach/arch.h>
#include <mach/board.h>

static struct at91_mmc_data __initdata cms_mmc_data = {
	.det_pin	= AT91_PIN_PD5,
	.wire4		= 1,
};
static void __init cms_init_early(void)
{
	at91_initialize(3686400);
}
static void __init cms_board_init(void)
{
	at91_add_device_mmc(0, &cms_mmc_data);
}
MACHINE_START(CMS, "Acme CMS")
	.timer		= &at91rm9200_timer,
	.init_early	= cms_init_early,
	.init_machine	= cms_board_init,
MACHINE_END
C
cat >"$TMP/lone/board-stampbase.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/* board2dts test board: a baseboard of the taskit Stamp9G20 module, 3.x style. */
#include <linux/init.h>
#include <asm/mach/arch.h>
#include <mach/board.h>
#include <mach/stamp9g20.h>

static void __init base_init_early(void)
{
	stamp9g20_init_early();
}
static void __init base_board_init(void)
{
	stamp9g20_board_init();
	at91_add_device_serial();
}
MACHINE_START(STAMPBASE, "Acme baseboard")
	.timer		= &at91sam926x_timer,
	.init_early	= base_init_early,
	.init_machine	= base_board_init,
MACHINE_END
C
O=$TMP/cms.dts
if b2d_convert_pack "$KERNEL" "$TMP/lone/board-cms.c" "$O" at91rm9200; then
	b2d_has "$O" '#include "at91rm9200.dtsi"'
	b2d_has "$O" 'cd-gpios = <&pioD 5 GPIO_ACTIVE_HIGH>;'
fi
O=$TMP/stampbase.dts
if b2d_convert_pack "$KERNEL" "$TMP/lone/board-stampbase.c" "$O" at91sam9260; then
	b2d_has "$O" '#include "at91sam9g20.dtsi"'
fi

[ $B2D_FAIL = 0 ] && echo "ok: pack_at91.sh"
b2d_exit $B2D_FAIL
