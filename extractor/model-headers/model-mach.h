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

/*
 * The fields of every kernel from about 2.6.20 to today, so that a board
 * file of any era parses. Where a field's meaning changed, the comment says
 * so; fields a file uses beyond these still parse (extractor/synth_grow.c).
 */
/*
 * <= 3.15: the memory banks a .fixup callback fills in (its last
 * parameter); 3.16+ calls memblock_add() instead. 2.6.x banks have no
 * .highmem, 3.x ones no .node: the union of both.
 */
struct membank {
	phys_addr_t start;
	phys_addr_t size;
	unsigned int highmem;
	int node;
};
struct meminfo {
	int nr_banks;
	struct membank bank[8];
};

struct sys_timer {			/* <= 3.3; .init_time since 3.4 */
	void (*init)(void);
	void (*suspend)(void);
	void (*resume)(void);
	unsigned long (*offset)(void);	/* <= 2.6.3x */
};

struct machine_desc {
	unsigned int nr;
	unsigned int phys_io;		/* <= 2.6.37: physical address of the debug UART's I/O */
	unsigned int io_pg_offst;	/* <= 2.6.37: its page-table offset, (virt >> 18) & 0xfffc */
	const char *name;
	unsigned long boot_params;	/* <= 3.1: physical ADDRESS of the ATAGs (0x80000100);
					 * 3.2+ .atag_offset is an OFFSET from PHYS_OFFSET (0x100) */
	unsigned long atag_offset;	/* 3.2+ */
	struct sys_timer *timer;	/* <= 3.3: a struct of timer hooks; 3.4+ .init_time is a function */
	unsigned char soft_reboot;	/* <= 3.2: reboot by jumping to 0; later restart_mode 's' */
	char restart_mode;		/* 3.3 - 3.15: 'h' hard, 's' soft; then .reboot_mode (an enum) */
	void (*init_meminfo)(void);	/* 3.16 - 4.x: LPAE memory fix-ups */
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
	void (*restart)(int, const char *);	/* 3.3+: (char mode, cmd); 3.16+: (enum reboot_mode, cmd) */
	void (*handle_irq)(struct pt_regs *);
};

/* No .nr: the MACH_TYPE_ numbers come from a generated header. */
#define MACHINE_START(_type, _name)			\
static const struct machine_desc __mach_desc_##_type	\
 __used = {						\
	.name = _name,

#define MACHINE_END	};

/* As the kernel's: .nr = ~0 marks a DT machine (a MACHINE_START may have .dt_compat too). */
#define DT_MACHINE_START(_name, _namestr)		\
static const struct machine_desc __mach_desc_##_name	\
 __used = {						\
	.nr = ~0,					\
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
extern int irq_set_irq_wake(unsigned int irq, unsigned int on);
/* <= 2.6.38 names of the same helpers (renamed irq_set_* in 2.6.39 - 3.0) */
#define set_irq_type(irq, type)		irq_set_irq_type(irq, type)
#define set_irq_wake(irq, on)		irq_set_irq_wake(irq, on)

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
