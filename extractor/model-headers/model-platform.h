/* SPDX-License-Identifier: GPL-2.0 */
/* board2dts model: resources, platform devices, MTD partitions. */
#ifndef BOARD2DTS_MODEL_PLATFORM_H
#define BOARD2DTS_MODEL_PLATFORM_H

#define _LINUX_IOPORT_H
#define _PLATFORM_DEVICE_H_
#define MTD_PARTITIONS_H
#define _LINUX_SERIAL_8250_H
#define _LINUX_PROPERTY_H_

struct resource {
	resource_size_t start;
	resource_size_t end;
	const char *name;
	unsigned long flags;
	unsigned long desc;
	struct resource *parent, *sibling, *child;
};

#define IORESOURCE_BITS		0x000000ff
#define IORESOURCE_TYPE_BITS	0x00001f00
#define IORESOURCE_IO		0x00000100
#define IORESOURCE_MEM		0x00000200
#define IORESOURCE_REG		0x00000300
#define IORESOURCE_IRQ		0x00000400
#define IORESOURCE_DMA		0x00000800
#define IORESOURCE_BUS		0x00001000
#define IORESOURCE_PREFETCH	0x00002000
#define IORESOURCE_READONLY	0x00004000
#define IORESOURCE_CACHEABLE	0x00008000
#define IORESOURCE_SHADOWABLE	0x00010000
#define IORESOURCE_DISABLED	0x10000000
#define IORESOURCE_UNSET	0x20000000
#define IORESOURCE_IRQ_HIGHEDGE		(1 << 0)
#define IORESOURCE_IRQ_LOWEDGE		(1 << 1)
#define IORESOURCE_IRQ_HIGHLEVEL	(1 << 2)
#define IORESOURCE_IRQ_LOWLEVEL		(1 << 3)
#define IORESOURCE_IRQ_SHAREABLE	(1 << 4)
#define IORESOURCE_IRQ_OPTIONAL		(1 << 5)
#define IORESOURCE_MEM_8BIT		(0 << 3)
#define IORESOURCE_MEM_16BIT		(1 << 3)
#define IORESOURCE_MEM_32BIT		(3 << 3)

#define DEFINE_RES_NAMED(_start, _size, _name, _flags)			\
	(struct resource) {						\
		.start = (_start),					\
		.end = (_start) + (_size) - 1,				\
		.name = (_name),					\
		.flags = (_flags),					\
	}
#define DEFINE_RES_MEM_NAMED(_start, _size, _name)			\
	DEFINE_RES_NAMED((_start), (_size), (_name), IORESOURCE_MEM)
#define DEFINE_RES_MEM(_start, _size)					\
	DEFINE_RES_MEM_NAMED((_start), (_size), NULL)
#define DEFINE_RES_IRQ_NAMED(_irq, _name)				\
	DEFINE_RES_NAMED((_irq), 1, (_name), IORESOURCE_IRQ)
#define DEFINE_RES_IRQ(_irq)						\
	DEFINE_RES_IRQ_NAMED((_irq), NULL)
#define DEFINE_RES_IO_NAMED(_start, _size, _name)			\
	DEFINE_RES_NAMED((_start), (_size), (_name), IORESOURCE_IO)
#define DEFINE_RES_IO(_start, _size)					\
	DEFINE_RES_IO_NAMED((_start), (_size), NULL)
#define DEFINE_RES_DMA_NAMED(_dma, _name)				\
	DEFINE_RES_NAMED((_dma), 1, (_name), IORESOURCE_DMA)
#define DEFINE_RES_DMA(_dma)						\
	DEFINE_RES_DMA_NAMED((_dma), NULL)

extern int request_resource(struct resource *root, struct resource *new);
extern struct resource iomem_resource;

struct device_dma_parameters;

struct device {
	struct device *parent;
	const char *init_name;
	void *platform_data;
	u64 *dma_mask;
	u64 coherent_dma_mask;
	struct device_node *of_node;
	struct fwnode_handle *fwnode;
	void (*release)(struct device *dev);
};

struct platform_device_id {
	char name[20];
	unsigned long driver_data;
};

struct platform_device {
	const char *name;
	int id;
	bool id_auto;
	struct device dev;
	u64 platform_dma_mask;
	u32 num_resources;
	struct resource *resource;
	const struct platform_device_id *id_entry;
};

#define PLATFORM_DEVID_NONE	(-1)
#define PLATFORM_DEVID_AUTO	(-2)

struct platform_device_info {
	struct device *parent;
	struct fwnode_handle *fwnode;
	const char *name;
	int id;
	const struct resource *res;
	unsigned int num_res;
	const void *data;
	size_t size_data;
	u64 dma_mask;
	const struct property_entry *properties;
};

extern int platform_device_register(struct platform_device *pdev);
extern void platform_device_unregister(struct platform_device *pdev);
extern int platform_add_devices(struct platform_device **devs, int num);
extern struct platform_device *platform_device_alloc(const char *name, int id);
extern int platform_device_add(struct platform_device *pdev);
extern int platform_device_add_resources(struct platform_device *pdev,
		const struct resource *res, unsigned int num);
extern int platform_device_add_data(struct platform_device *pdev,
		const void *data, size_t size);
extern struct platform_device *platform_device_register_full(
		const struct platform_device_info *pdevinfo);
extern struct platform_device *platform_device_register_simple(
		const char *name, int id, const struct resource *res,
		unsigned int num);
extern struct platform_device *platform_device_register_data(
		struct device *parent, const char *name, int id,
		const void *data, size_t size);
extern struct platform_device *platform_device_register_resndata(
		struct device *parent, const char *name, int id,
		const struct resource *res, unsigned int num,
		const void *data, size_t size);

/* MTD partitions and physmap flash. */
struct mtd_partition {
	const char *name;
	const char *const *types;
	u64 size;
	u64 offset;
	u32 mask_flags;
	u32 add_flags;
	struct device_node *of_node;
};

#define MTDPART_OFS_RETAIN	(-3)
#define MTDPART_OFS_NXTBLK	(-2)
#define MTDPART_OFS_APPEND	(-1)
#define MTDPART_SIZ_FULL	(0)
#define MTD_WRITEABLE		0x400
#define MTD_POWERUP_LOCK	0x2000

struct physmap_flash_data {
	unsigned int width;
	int (*init)(struct platform_device *);
	void (*exit)(struct platform_device *);
	void (*set_vpp)(struct platform_device *, int);
	unsigned int nr_parts;
	unsigned int pfow_base;
	char *probe_type;
	struct mtd_partition *parts;
	const char * const *part_probe_types;
};

struct flash_platform_data {
	const char *name;
	unsigned int width;
	unsigned int interleave;
	struct mtd_partition *parts;
	unsigned int nr_parts;
	char *type;
	const char *map_name;
	int (*init)(void);
	void (*exit)(void);
	void (*set_vpp)(int on);
	void (*mmcsd_reset)(void);
};

/* <linux/serial_8250.h>: one UART of a "serial8250" device (the fields boards set). */
struct plat_serial8250_port {
	unsigned long iobase;
	void *membase;
	resource_size_t mapbase;
	resource_size_t mapsize;
	unsigned int uartclk;
	unsigned int irq;
	unsigned long irqflags;
	unsigned char regshift;
	unsigned char iotype;
	unsigned char hub6;
	unsigned char has_sysrq;
	unsigned long flags;
	unsigned int type;
	void *private_data;
};

enum { PLAT8250_DEV_LEGACY = -1, PLAT8250_DEV_PLATFORM, PLAT8250_DEV_PLATFORM1,
       PLAT8250_DEV_PLATFORM2 };

/* I/O access kinds (UPIO_*) and the UPF_* flags boards use. */
#define UPIO_PORT		0
#define UPIO_HUB6		1
#define UPIO_MEM		2
#define UPIO_MEM32		3
#define UPIO_AU			4
#define UPIO_TSI		5
#define UPIO_MEM32BE		6
#define UPIO_MEM16		7
#define UPF_FOURPORT		(1UL << 1)
#define UPF_SAK			(1UL << 2)
#define UPF_SPD_HI		(1UL << 4)
#define UPF_SPD_VHI		(1UL << 5)
#define UPF_SKIP_TEST		(1UL << 6)
#define UPF_AUTO_IRQ		(1UL << 7)
#define UPF_HARDPPS_CD		(1UL << 11)
#define UPF_LOW_LATENCY		(1UL << 13)
#define UPF_BUGGY_UART		(1UL << 14)
#define UPF_SHARE_IRQ		(1UL << 24)
#define UPF_FIXED_PORT		(1UL << 29)
#define UPF_IOREMAP		(1UL << 31)
#define UPF_BOOT_AUTOCONF	(1UL << 28)
#define UPF_FIXED_TYPE		(1UL << 27)

/* <linux/dm9000.h> */
#define __DM9000_PLATFORM_DATA
#define DM9000_PLATF_8BITONLY	(0x0001)
#define DM9000_PLATF_16BITONLY	(0x0002)
#define DM9000_PLATF_32BITONLY	(0x0004)
#define DM9000_PLATF_EXT_PHY	(0x0008)
#define DM9000_PLATF_NO_EEPROM	(0x0010)
#define DM9000_PLATF_SIMPLE_PHY	(0x0020)
struct dm9000_plat_data {
	unsigned int flags;
	unsigned char dev_addr[6];
	void (*inblk)(void *reg, void *data, int len);
	void (*outblk)(void *reg, void *data, int len);
	void (*dumpblk)(void *reg, int len);
};


/* linux/property.h: a software node's properties (4.x - 6.x board files). */
enum dev_prop_type {
	DEV_PROP_U8,
	DEV_PROP_U16,
	DEV_PROP_U32,
	DEV_PROP_U64,
	DEV_PROP_STRING,
	DEV_PROP_REF,
};

struct property_entry {
	const char *name;
	size_t length;
	bool is_inline;
	enum dev_prop_type type;
	union {
		const void *pointer;
		union {
			u8 u8_data[8];
			u16 u16_data[4];
			u32 u32_data[2];
			u64 u64_data[1];
			const char *str[sizeof(u64) / sizeof(char *)];
		} value;
	};
};

struct software_node {
	const char *name;
	const struct software_node *parent;
	const struct property_entry *properties;
};

#define __PROPERTY_ENTRY_ELEMENT_SIZE(_elem_) \
	sizeof(((struct property_entry *)0)->value._elem_[0])
#define __PROPERTY_ENTRY_ARRAY_ELSIZE_LEN(_name_, _elsize_, _Type_, _val_, _len_) \
	(struct property_entry) { .name = _name_, .length = (_len_) * (_elsize_), \
		.type = DEV_PROP_##_Type_, { .pointer = _val_ }, }
#define __PROPERTY_ENTRY_ARRAY_LEN(_name_, _elem_, _Type_, _val_, _len_) \
	__PROPERTY_ENTRY_ARRAY_ELSIZE_LEN(_name_, __PROPERTY_ENTRY_ELEMENT_SIZE(_elem_), _Type_, _val_, _len_)
#define PROPERTY_ENTRY_U8_ARRAY_LEN(_name_, _val_, _len_) __PROPERTY_ENTRY_ARRAY_LEN(_name_, u8_data, U8, _val_, _len_)
#define PROPERTY_ENTRY_U16_ARRAY_LEN(_name_, _val_, _len_) __PROPERTY_ENTRY_ARRAY_LEN(_name_, u16_data, U16, _val_, _len_)
#define PROPERTY_ENTRY_U32_ARRAY_LEN(_name_, _val_, _len_) __PROPERTY_ENTRY_ARRAY_LEN(_name_, u32_data, U32, _val_, _len_)
#define PROPERTY_ENTRY_U64_ARRAY_LEN(_name_, _val_, _len_) __PROPERTY_ENTRY_ARRAY_LEN(_name_, u64_data, U64, _val_, _len_)
#define PROPERTY_ENTRY_STRING_ARRAY_LEN(_name_, _val_, _len_) __PROPERTY_ENTRY_ARRAY_LEN(_name_, str, STRING, _val_, _len_)
#define PROPERTY_ENTRY_U8_ARRAY(_name_, _val_) PROPERTY_ENTRY_U8_ARRAY_LEN(_name_, _val_, ARRAY_SIZE(_val_))
#define PROPERTY_ENTRY_U16_ARRAY(_name_, _val_) PROPERTY_ENTRY_U16_ARRAY_LEN(_name_, _val_, ARRAY_SIZE(_val_))
#define PROPERTY_ENTRY_U32_ARRAY(_name_, _val_) PROPERTY_ENTRY_U32_ARRAY_LEN(_name_, _val_, ARRAY_SIZE(_val_))
#define PROPERTY_ENTRY_U64_ARRAY(_name_, _val_) PROPERTY_ENTRY_U64_ARRAY_LEN(_name_, _val_, ARRAY_SIZE(_val_))
#define PROPERTY_ENTRY_STRING_ARRAY(_name_, _val_) PROPERTY_ENTRY_STRING_ARRAY_LEN(_name_, _val_, ARRAY_SIZE(_val_))
#define __PROPERTY_ENTRY_ELEMENT(_name_, _elem_, _Type_, _val_) \
	(struct property_entry) { .name = _name_, .length = __PROPERTY_ENTRY_ELEMENT_SIZE(_elem_), \
		.is_inline = true, .type = DEV_PROP_##_Type_, { .value = { ._elem_[0] = _val_ } }, }
#define PROPERTY_ENTRY_U8(_name_, _val_) __PROPERTY_ENTRY_ELEMENT(_name_, u8_data, U8, _val_)
#define PROPERTY_ENTRY_U16(_name_, _val_) __PROPERTY_ENTRY_ELEMENT(_name_, u16_data, U16, _val_)
#define PROPERTY_ENTRY_U32(_name_, _val_) __PROPERTY_ENTRY_ELEMENT(_name_, u32_data, U32, _val_)
#define PROPERTY_ENTRY_U64(_name_, _val_) __PROPERTY_ENTRY_ELEMENT(_name_, u64_data, U64, _val_)
#define PROPERTY_ENTRY_STRING(_name_, _val_) __PROPERTY_ENTRY_ELEMENT(_name_, str, STRING, _val_)
#define PROPERTY_ENTRY_BOOL(_name_) (struct property_entry) { .name = _name_, .is_inline = true, }
#define PROPERTY_ENTRY_REF(_name_, _ref_, ...) \
	(struct property_entry) { .name = _name_, .type = DEV_PROP_REF, { .pointer = _ref_ }, }

#endif
