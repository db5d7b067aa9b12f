/* SPDX-License-Identifier: GPL-2.0 */
/* board2dts model: MACHINE_START records and common board hooks. */
#ifndef BOARD2DTS_MODEL_MACH_H
#define BOARD2DTS_MODEL_MACH_H

struct tag;
struct pt_regs;
struct smp_operations;
struct map_desc {
	unsigned long virtual;
	unsigned long pfn;
	unsigned long length;
	unsigned int type;
};

#define MT_DEVICE		0
#define __phys_to_pfn(p)	((unsigned long)((p) >> 12))
#define __pfn_to_phys(p)	((phys_addr_t)(p) << 12)
extern void iotable_init(struct map_desc *io_desc, int nr);

struct machine_desc {
	unsigned int nr;
	const char *name;
	unsigned long atag_offset;
	const char *const *dt_compat;
	unsigned int nr_irqs;
	phys_addr_t dma_zone_size;
	unsigned int video_start;
	unsigned int video_end;
	unsigned char reserve_lp0;
	unsigned char reserve_lp1;
	unsigned char reserve_lp2;
	int reboot_mode;
	unsigned l2c_aux_val;
	unsigned l2c_aux_mask;
	void (*l2c_write_sec)(unsigned long, unsigned);
	const struct smp_operations *smp;
	bool (*smp_init)(void);
	void (*fixup)(struct tag *, char **);
	void (*dt_fixup)(void);
	long long (*pv_fixup)(void);
	void (*reserve)(void);
	void (*map_io)(void);
	void (*init_early)(void);
	void (*init_irq)(void);
	void (*init_time)(void);
	void (*init_machine)(void);
	void (*init_late)(void);
	void (*restart)(int, const char *);
	void (*handle_irq)(struct pt_regs *);
};

/* No .nr: the MACH_TYPE_ numbers come from a generated header. */
#define MACHINE_START(_type, _name)			\
static const struct machine_desc __mach_desc_##_type	\
 __used = {						\
	.name = _name,

#define MACHINE_END	};

#define DT_MACHINE_START(_name, _namestr)		\
static const struct machine_desc __mach_desc_##_name	\
 __used = {						\
	.name = _namestr,

extern int machine_is_any(void);
extern void pm_power_off_set(void (*fn)(void));
extern void (*pm_power_off)(void);
extern int omap_register_i2c_bus(int bus_id, u32 clkrate,
		struct i2c_board_info const *info, unsigned len);
extern void omap_serial_init(void);
extern void omap_sdrc_init(void *sdrc_cs0, void *sdrc_cs1);
extern void usb_musb_init(void *board_data);
extern int irq_set_irq_type(unsigned int irq, unsigned int type);

#define IRQ_TYPE_NONE		0x00000000
#define IRQ_TYPE_EDGE_RISING	0x00000001
#define IRQ_TYPE_EDGE_FALLING	0x00000002
#define IRQ_TYPE_EDGE_BOTH	(IRQ_TYPE_EDGE_FALLING | IRQ_TYPE_EDGE_RISING)
#define IRQ_TYPE_LEVEL_HIGH	0x00000004
#define IRQ_TYPE_LEVEL_LOW	0x00000008
#define IRQF_TRIGGER_NONE	0x00000000
#define IRQF_TRIGGER_RISING	0x00000001
#define IRQF_TRIGGER_FALLING	0x00000002
#define IRQF_TRIGGER_HIGH	0x00000004
#define IRQF_TRIGGER_LOW	0x00000008

#endif
