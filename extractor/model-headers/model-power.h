/* SPDX-License-Identifier: GPL-2.0 */
/* board2dts model: regulators, the TWL4030 PMIC, OMAP HSMMC. */
#ifndef BOARD2DTS_MODEL_POWER_H
#define BOARD2DTS_MODEL_POWER_H

#define __LINUX_REGULATOR_MACHINE_H_
#define __REGULATOR_FIXED_H
#define __LINUX_REGULATOR_CONSUMER_H_
#define __TWL_H_

struct regulator;
struct regulator_dev;

struct regulator_consumer_supply {
	const char *dev_name;
	const char *supply;
	struct device *dev;	/* <= 2.6.3x (first there): the consumer device itself
				 * (.dev = &foo.dev); later only .dev_name, its name */
};

#define REGULATOR_SUPPLY(_name, _dev_name)	\
{						\
	.supply		= _name,		\
	.dev_name	= _dev_name,		\
}

#define REGULATOR_CHANGE_VOLTAGE	0x1
#define REGULATOR_CHANGE_CURRENT	0x2
#define REGULATOR_CHANGE_MODE		0x4
#define REGULATOR_CHANGE_STATUS		0x8
#define REGULATOR_CHANGE_DRMS		0x10
#define REGULATOR_CHANGE_BYPASS		0x20

#define REGULATOR_MODE_INVALID		0x0
#define REGULATOR_MODE_FAST		0x1
#define REGULATOR_MODE_NORMAL		0x2
#define REGULATOR_MODE_IDLE		0x4
#define REGULATOR_MODE_STANDBY		0x8

struct regulator_state {
	int uV;
	int min_uV;
	int max_uV;
	unsigned int mode;
	int enabled;
	bool changeable;
};

struct regulation_constraints {
	const char *name;
	int min_uV;
	int max_uV;
	int uV_offset;
	int min_uA;
	int max_uA;
	int ilim_uA;
	int system_load;
	u32 max_spread;
	int max_uV_step;
	unsigned int valid_modes_mask;
	unsigned int valid_ops_mask;
	int input_uV;
	struct regulator_state state_disk;
	struct regulator_state state_mem;
	struct regulator_state state_standby;
	unsigned int initial_state;
	unsigned int initial_mode;
	unsigned int ramp_delay;
	unsigned int settling_time;
	unsigned int settling_time_up;
	unsigned int settling_time_down;
	unsigned int enable_time;
	unsigned int active_discharge;
	unsigned always_on:1;
	unsigned boot_on:1;
	unsigned apply_uV:1;
	unsigned ramp_disable:1;
	unsigned soft_start:1;
	unsigned pull_down:1;
	unsigned over_current_protection:1;
};

struct regulator_init_data {
	const char *supply_regulator;
	struct regulation_constraints constraints;
	int num_consumer_supplies;
	struct regulator_consumer_supply *consumer_supplies;
	int (*regulator_init)(void *driver_data);
	void *driver_data;
};

struct fixed_voltage_config {
	const char *supply_name;
	const char *input_supply;
	int microvolts;
	int gpio;		/* pre-4.x layout, still in vendor trees */
	unsigned startup_delay;
	unsigned enable_high:1;	/* pre-4.x layout */
	unsigned int off_on_delay;
	unsigned enabled_at_boot:1;
	struct regulator_init_data *init_data;
};

extern struct platform_device *regulator_register_always_on(int id,
		const char *name, struct regulator_consumer_supply *supplies,
		int num_supplies, int uv);
extern struct platform_device *regulator_register_fixed(int id,
		struct regulator_consumer_supply *supplies, int num_supplies);
extern void regulator_has_full_constraints(void);
extern struct regulator *regulator_get(struct device *dev, const char *id);
extern int regulator_enable(struct regulator *regulator);

/*
 * The MC13783/MC13xxx platform-data flags of 2.6.33 - 3.x (<linux/mfd/mc13783.h>,
 * 3.1+ <linux/mfd/mc13xxx.h>). 6.1 keeps MC13XXX_USE_TOUCHSCREEN .. _RTC (bits
 * 0-3, the same values); the MC13783_ names and the REGULATOR and LED bits
 * are gone, so an old board's .flags would be unknown without them.
 */
#define MC13783_USE_TOUCHSCREEN	(1 << 0)
#define MC13783_USE_CODEC	(1 << 1)
#define MC13783_USE_ADC		(1 << 2)
#define MC13783_USE_RTC		(1 << 3)
#define MC13783_USE_REGULATOR	(1 << 4)
#define MC13783_USE_LED		(1 << 5)
#define MC13XXX_USE_REGULATOR	(1 << 4)
#define MC13XXX_USE_LED		(1 << 5)

/* TWL4030/TPS659x0 companion chip. */
struct twl4030_gpio_platform_data {
	bool use_leds;
	u8 mmc_cd;
	u32 debounce;
	u32 pullups;
	u32 pulldowns;
	int gpio_base;
	int irq_base;
	int irq_end;
	int (*setup)(struct device *dev, unsigned gpio, unsigned ngpio);
	int (*teardown)(struct device *dev, unsigned gpio, unsigned ngpio);
};

struct twl4030_madc_platform_data {
	int irq_line;
};

struct twl4030_keypad_data {
	const void *keymap_data;
	unsigned rows;
	unsigned cols;
	bool rep;
};

struct twl4030_usb_data {
	int usb_mode;
	unsigned long features;
	int (*phy_init)(struct device *dev);
	int (*phy_exit)(struct device *dev);
	int (*phy_power)(struct device *dev, int iD, int on);
	int (*phy_set_clock)(struct device *dev, int on);
	int (*phy_suspend)(struct device *dev, int suspend);
};

struct twl4030_audio_data {
	unsigned int audio_mclk;
	void *codec;
	void *vibra;
	int audpwron_gpio;
	int naudint_irq;
	unsigned int irq_base;
};

struct twl4030_bci_platform_data {
	int *battery_tmp_tbl;
	unsigned int tblsize;
	int bb_uvolt;
	int bb_uamp;
};

struct twl4030_power_data;

struct twl4030_platform_data {
	unsigned irq_base, irq_end;	/* pre-3.x layout */
	struct twl4030_clock_init_data *clock;
	struct twl4030_bci_platform_data *bci;
	struct twl4030_gpio_platform_data *gpio;
	struct twl4030_madc_platform_data *madc;
	struct twl4030_keypad_data *keypad;
	struct twl4030_usb_data *usb;
	struct twl4030_power_data *power;
	struct twl4030_audio_data *audio;
	struct twl4030_audio_data *codec;	/* <= 3.0: the audio codec's data; 3.1+ .audio
						 * (struct twl4030_codec_data, then twl4030_audio_data) */
	struct regulator_init_data *vdac;
	struct regulator_init_data *vaux1;
	struct regulator_init_data *vaux2;
	struct regulator_init_data *vaux3;
	struct regulator_init_data *vdd1;
	struct regulator_init_data *vdd2;
	struct regulator_init_data *vdd3;
	struct regulator_init_data *vpll1;
	struct regulator_init_data *vpll2;
	struct regulator_init_data *vmmc1;
	struct regulator_init_data *vmmc2;
	struct regulator_init_data *vsim;
	struct regulator_init_data *vaux4;
	struct regulator_init_data *vio;
	struct regulator_init_data *vintana1;
	struct regulator_init_data *vintana2;
	struct regulator_init_data *vintdig;
	struct regulator_init_data *vusb1v5;
	struct regulator_init_data *vusb1v8;
	struct regulator_init_data *vusb3v1;
	/* 2.6.35 - 3.x: the TWL6030's LDOs in the same struct (OMAP4 boards) */
	struct regulator_init_data *vmmc;
	struct regulator_init_data *vpp;
	struct regulator_init_data *vusim;
	struct regulator_init_data *vana;
	struct regulator_init_data *vcxio;
	struct regulator_init_data *vusb;
	struct regulator_init_data *clk32kg;
	struct regulator_init_data *v1v8;
	struct regulator_init_data *v2v1;
};

#define TWL4030_GPIO_MAX_CD	2
#define TWL4030_USB		0x02

/* OMAP HSMMC board description (arch/arm/mach-omap2/hsmmc.h). */
struct omap2_hsmmc_info {
	u8 mmc;
	u32 caps;
	u32 pm_caps;
	bool nonremovable;
	bool no_off;
	bool no_off_init;
	bool deferred;
	int gpio_cd;
	int gpio_wp;
	char *name;
	struct platform_device *pdev;
	int ocr_mask;
	int max_freq;
	void (*init_card)(void *card);
	void (*remux)(struct device *dev, int power_on);
	struct device *dev;	/* 2.6.3x-3.x: the adapter, for `vmmc1_supply.dev = mmc[0].dev` */
	int wires;		/* 2.6.32-2.6.35: the bus width (before .caps) */
};

extern void omap_hsmmc_init(struct omap2_hsmmc_info *info);
extern void omap_hsmmc_late_init(struct omap2_hsmmc_info *info);

#define MMC_CAP_4_BIT_DATA	(1 << 0)
#define MMC_CAP_MMC_HIGHSPEED	(1 << 1)
#define MMC_CAP_SD_HIGHSPEED	(1 << 2)
#define MMC_CAP_SDIO_IRQ	(1 << 3)
#define MMC_CAP_SPI		(1 << 4)
#define MMC_CAP_NEEDS_POLL	(1 << 5)
#define MMC_CAP_8_BIT_DATA	(1 << 6)
#define MMC_CAP_NONREMOVABLE	(1 << 8)
#ifndef MMC_CAP_POWER_OFF_CARD	/* a SoC rule pack may give the old value */
#define MMC_CAP_POWER_OFF_CARD	(1 << 13)
#endif

#endif
