/* SPDX-License-Identifier: GPL-2.0 */
/* board2dts model: I2C and SPI board info. */
#ifndef BOARD2DTS_MODEL_BUS_H
#define BOARD2DTS_MODEL_BUS_H

#define _LINUX_I2C_H
#define __LINUX_SPI_H

#define I2C_NAME_SIZE	20
#define SPI_NAME_SIZE	32

struct i2c_client;
struct i2c_adapter;
struct spi_device;

struct i2c_board_info {
	char type[I2C_NAME_SIZE];
	unsigned short flags;
	unsigned short addr;
	const char *dev_name;
	void *platform_data;
	struct device_node *of_node;
	struct fwnode_handle *fwnode;
	const struct software_node *swnode;
	const struct resource *resources;
	unsigned int num_resources;
	int irq;
};

#define I2C_BOARD_INFO(dev_type, dev_addr) \
	.type = dev_type, .addr = (dev_addr)

#define I2C_CLIENT_PEC		0x04
#define I2C_CLIENT_TEN		0x10
#define I2C_CLIENT_SLAVE	0x20
#define I2C_CLIENT_HOST_NOTIFY	0x40
#define I2C_CLIENT_WAKE		0x80

extern int i2c_register_board_info(int busnum,
		struct i2c_board_info const *info, unsigned n);
extern struct i2c_client *i2c_new_client_device(struct i2c_adapter *adap,
		struct i2c_board_info const *info);
extern struct i2c_adapter *i2c_get_adapter(int nr);

/*
 * A transfer a board's helper makes at run time (3.x board-dm644x-evm.c
 * reads its MSP430 with i2c_transfer()): include/uapi/linux/i2c.h, so that
 * its local messages parse; they are no board facts.
 */
struct i2c_msg {
	__u16 addr;
	__u16 flags;
#define I2C_M_RD		0x0001
#define I2C_M_TEN		0x0010
#define I2C_M_DMA_SAFE		0x0200
#define I2C_M_RECV_LEN		0x0400
#define I2C_M_NO_RD_ACK		0x0800
#define I2C_M_IGNORE_NAK	0x1000
#define I2C_M_REV_DIR_ADDR	0x2000
#define I2C_M_NOSTART		0x4000
#define I2C_M_STOP		0x8000
	__u16 len;
	__u8 *buf;
};
extern int i2c_transfer(struct i2c_adapter *adap, struct i2c_msg *msgs, int num);
extern s32 i2c_smbus_read_byte_data(const struct i2c_client *client, u8 command);
extern s32 i2c_smbus_write_byte_data(const struct i2c_client *client, u8 command, u8 value);
extern s32 i2c_smbus_read_byte(const struct i2c_client *client);
extern s32 i2c_smbus_write_byte(const struct i2c_client *client, u8 value);

struct i2c_gpio_platform_data {
	int udelay;
	int timeout;
	unsigned int sda_is_open_drain:1;
	unsigned int sda_has_no_pullup:1;
	unsigned int scl_is_open_drain:1;
	unsigned int scl_has_no_pullup:1;
};

struct spi_board_info {
	char modalias[SPI_NAME_SIZE];
	const void *platform_data;
	const struct software_node *swnode;
	void *controller_data;
	int irq;
	u32 max_speed_hz;
	u16 bus_num;
	u16 chip_select;
	u32 mode;
};

#define SPI_CPHA	0x01
#define SPI_CPOL	0x02
#define SPI_MODE_0	(0 | 0)
#define SPI_MODE_1	(0 | SPI_CPHA)
#define SPI_MODE_2	(SPI_CPOL | 0)
#define SPI_MODE_3	(SPI_CPOL | SPI_CPHA)
#define SPI_CS_HIGH	0x04
#define SPI_LSB_FIRST	0x08
#define SPI_3WIRE	0x10
#define SPI_LOOP	0x20
#define SPI_NO_CS	0x40
#define SPI_READY	0x80

extern int spi_register_board_info(struct spi_board_info const *info,
		unsigned n);

struct spi_gpio_platform_data {
	u16 num_chipselect;
};

/*
 * <linux/i2c/at24.h> (2.6.x - 4.x, then platform_data/at24.h, gone in 5.x):
 * the I2C EEPROM's size, page size and flags, which boards of that era give
 * the generic "at24" device. Both include guards are defined.
 */
#define _LINUX_AT24_H
#define _LINUX_PLATFORM_DATA_AT24_H
struct memory_accessor;
struct nvmem_device;
struct at24_platform_data {
	u32 byte_len;
	u16 page_size;
	u8 flags;
	void (*setup)(void *mem, void *context);
	void *context;
};
#define AT24_FLAG_ADDR16	0x80
#define AT24_FLAG_READONLY	0x40
#define AT24_FLAG_IRUGO		0x20
#define AT24_FLAG_TAKE8ADDR	0x10
#define AT24_FLAG_SERIAL	0x08
#define AT24_FLAG_MAC		0x04
#define AT24_FLAG_NO_RDROL	0x02

#endif
