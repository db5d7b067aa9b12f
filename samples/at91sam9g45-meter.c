// SPDX-License-Identifier: GPL-2.0
/*
 * A fictional energy meter concentrator on an Atmel AT91SAM9G45, written
 * for board2dts in the style of a 3.x mainline tree (arch/arm/mach-at91):
 * at91_initialize() in .init_early, at91_register_uart() by peripheral id
 * in .init_machine, the HSMCI slots of linux/atmel-mci.h written in place
 * (.slot[1] = { ... }), OHCI/EHCI sharing one at91_usbh_data, the USBA
 * gadget, macb_platform_data (3.2+), an I2C bus chosen by argument, and a
 * 2.6.x-style .fixup that fills struct meminfo.
 * AT91's board files left mainline before 6.1, at91sam9g45.dtsi did not.
 */
#include <linux/types.h>
#include <linux/init.h>
#include <linux/platform_device.h>
#include <linux/i2c.h>
#include <linux/atmel-mci.h>
#include <mach/hardware.h>
#include <asm/setup.h>
#include <asm/mach-types.h>
#include <asm/mach/arch.h>
#include "board.h"
#include "generic.h"

static void __init meter_init_early(void)
{
	/* 12 MHz crystal */
	at91_initialize(12000000);
}

/* 128 MB of DDR2 on CS6 */
static void __init meter_fixup(struct machine_desc *desc, struct tag *tags,
			       char **cmdline, struct meminfo *mi)
{
	mi->nr_banks = 1;
	mi->bank[0].start = 0x70000000;
	mi->bank[0].size = 128 * 1024 * 1024;
}

static struct at91_usbh_data __initdata meter_usbh_data = {
	.ports		= 2,
	/* both host ports' power switches enable on a low level */
	.vbus_pin	= { AT91_PIN_PD1, AT91_PIN_PD3 },
	.vbus_pin_active_low = { 1, 1 },
	.overcurrent_pin = { -EINVAL, -EINVAL },
};

static struct usba_platform_data __initdata meter_usba_data = {
	.vbus_pin	= AT91_PIN_PB19,
};

/* microSD on slot B of the second HSMCI, card detect active high */
static struct mci_platform_data __initdata meter_mci1_data = {
	.slot[1] = {
		.bus_width		= 4,
		.detect_pin		= AT91_PIN_PD11,
		.wp_pin			= -EINVAL,
		.detect_is_active_high	= true,
	},
};

static struct macb_platform_data __initdata meter_macb_data = {
	.is_rmii	= 1,
};

static struct i2c_board_info __initdata meter_i2c1_devices[] = {
	{
		I2C_BOARD_INFO("ds1339", 0x68),
	},
};

static void __init meter_board_init(void)
{
	/* DBGU on ttyS0, USART3 (RS-485 meter bus) on ttyS1 */
	at91_register_uart(0, 0, 0);
	at91_register_uart(AT91SAM9G45_ID_US3, 1, ATMEL_UART_RTS);
	at91_set_serial_console(0);
	at91_add_device_serial();
	at91_add_device_usbh_ohci(&meter_usbh_data);
	at91_add_device_usbh_ehci(&meter_usbh_data);
	at91_add_device_usba(&meter_usba_data);
	at91_add_device_mci(1, &meter_mci1_data);
	at91_add_device_eth(&meter_macb_data);
	at91_add_device_i2c(1, meter_i2c1_devices, ARRAY_SIZE(meter_i2c1_devices));
}

MACHINE_START(METER_CONCENTRATOR, "Acme meter concentrator (AT91SAM9G45)")
	.boot_params	= 0x70000100,
	.timer		= &at91sam926x_timer,
	.fixup		= meter_fixup,
	.map_io		= at91_map_io,
	.init_early	= meter_init_early,
	.init_irq	= at91_init_irq_default,
	.init_machine	= meter_board_init,
MACHINE_END
