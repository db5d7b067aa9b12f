#include <linux/i2c.h>
#define I2C_BOARD_INFO(dev_type, dev_addr) .type = dev_type, .addr = (dev_addr)
#define MY_IRQ(x)	(IRQ_BASE + (x))
static struct i2c_board_info __initdata i2c_devs[] = {
	{ I2C_BOARD_INFO("wm8580", 0x1b), .irq = MY_IRQ(3) },
	{ I2C_BOARD_INFO("24c08", 0x50), .platform_data = &undeclared_pdata },
};
static void __init b_init(void) { i2c_register_board_info(0, i2c_devs, ARRAY_SIZE(i2c_devs)); }
MACHINE_START(REC, "rec")
	.init_machine = b_init,
MACHINE_END
