/* SPDX-License-Identifier: GPL-2.0 */
/*
 * board2dts model: AMBA PrimeCell devices (linux/amba/bus.h) and the
 * platform data of the PrimeCells board files configure (mmci.h, pl061.h;
 * pl022.h is the target tree's own), with the fields of the 2.6.x-3.x kernels that board files
 * were written for.
 *
 * The macros expand as those kernels' headers did, so that the extractor
 * sees the struct initializers (res.start, irq[], periphid, platform_data):
 *  - 3.2 on: AMBA_APB_DEVICE(name, busid, id, base, irqs, data) and
 *    AMBA_AHB_DEVICE() define `struct amba_device name##_device` (bus.h);
 *  - 2.6.x-3.x ARM boards (Versatile, RealView): AMBA_DEVICE(name, busid,
 *    base, plat) from the machine's core.h, with the base address
 *    `<MACH>_##base##_BASE` and the interrupts `base##_IRQ`. The machine
 *    prefix is AMBA_DEVICE_BASE(base): a SoC pack defines it
 *    (`"AMBA_DEVICE_BASE(b)": "REALVIEW_##b##_BASE"`); the default,
 *    `base##_BASE`, names the base alone;
 *  - 3.2-3.x RealView: APB_DEVICE() / AHB_DEVICE() of core.h, the same
 *    over AMBA_APB_DEVICE() / AMBA_AHB_DEVICE().
 */
#ifndef BOARD2DTS_MODEL_AMBA_H
#define BOARD2DTS_MODEL_AMBA_H

#define ASMARM_AMBA_H
#define AMBA_MMCI_H

#define AMBA_NR_IRQS	9

#ifndef NO_IRQ
#define NO_IRQ	((unsigned int)(-1))
#endif

struct clk;

struct amba_device {
	struct device dev;
	struct resource res;
	struct clk *pclk;
	u64 dma_mask;			/* <= 3.x */
	unsigned int periphid;
	unsigned int cid;
	unsigned int irq[AMBA_NR_IRQS];
	const char *driver_override;
};

extern int amba_device_register(struct amba_device *dev, struct resource *parent);
extern int amba_device_add(struct amba_device *dev, struct resource *parent);
extern void amba_device_unregister(struct amba_device *dev);

#define __AMBA_DEV(busid, data, mask)					\
	.dev = {							\
		.coherent_dma_mask = mask,				\
		.init_name = busid,					\
		.platform_data = data,					\
	}

#define AMBA_APB_DEVICE(name, busid, id, base, irqs, data)		\
struct amba_device name##_device = {					\
	__AMBA_DEV(busid, data, 0),					\
	.res = DEFINE_RES_MEM(base, SZ_4K),				\
	.irq = irqs,							\
	.periphid = id,							\
}

#define AMBA_AHB_DEVICE(name, busid, id, base, irqs, data)		\
struct amba_device name##_device = {					\
	__AMBA_DEV(busid, data, ~0ULL),					\
	.res = DEFINE_RES_MEM(base, SZ_4K),				\
	.irq = irqs,							\
	.periphid = id,							\
}

#ifndef AMBA_DEVICE_BASE
#define AMBA_DEVICE_BASE(base)	base##_BASE
#endif

#define AMBA_DEVICE(name, busid, base, plat)				\
static struct amba_device name##_device = {				\
	.dev = {							\
		.coherent_dma_mask = ~0,				\
		.init_name = busid,					\
		.platform_data = plat,					\
	},								\
	.res = {							\
		.start = AMBA_DEVICE_BASE(base),			\
		.end = (AMBA_DEVICE_BASE(base)) + SZ_4K - 1,		\
		.flags = IORESOURCE_MEM,				\
	},								\
	.dma_mask = ~0,							\
	.irq = base##_IRQ,						\
}

/*
 * 3.2-3.x RealView / Versatile core.h: the same with a zero periphid, in
 * the 3.2 bus.h's APB and AHB forms.
 */
#ifndef APB_DEVICE
#define APB_DEVICE(name, busid, base, plat)				\
static AMBA_APB_DEVICE(name, busid, 0, AMBA_DEVICE_BASE(base), base##_IRQ, plat)
#endif
#ifndef AHB_DEVICE
#define AHB_DEVICE(name, busid, base, plat)				\
static AMBA_AHB_DEVICE(name, busid, 0, AMBA_DEVICE_BASE(base), base##_IRQ, plat)
#endif

/* linux/amba/mmci.h (PL180/PL181 MMCI), 2.6.3x-3.x fields */
struct mmc_ios;

struct mmci_platform_data {
	unsigned int f_max;
	unsigned int ocr_mask;
	u32 (*translate_vdd)(struct device *, unsigned int);	/* <= 2.6.3x */
	int (*ios_handler)(struct device *, struct mmc_ios *);
	unsigned int (*status)(struct device *);
	int gpio_wp;
	int gpio_cd;
	bool cd_invert;
	unsigned long capabilities;
	unsigned long capabilities2;
	u32 sigdir;
	bool (*dma_filter)(void *chan, void *filter_param);
	void *dma_rx_param;
	void *dma_tx_param;
};

/* linux/amba/pl061.h */
struct pl061_platform_data {
	unsigned gpio_base;
	unsigned irq_base;
	u8 directions;
	u8 values;
};

#endif
