/* SPDX-License-Identifier: GPL-2.0 */
/* board2dts model: legacy GPIO numbers, lookup tables, expanders. */
#ifndef BOARD2DTS_MODEL_GPIO_H
#define BOARD2DTS_MODEL_GPIO_H

#define __LINUX_GPIO_H
#define __LINUX_GPIO_MACHINE_H
#define __LINUX_GPIO_CONSUMER_H
#define _LINUX_PCA953X_H

#define GPIOF_DIR_OUT		(0 << 0)
#define GPIOF_DIR_IN		(1 << 0)
#define GPIOF_INIT_LOW		(0 << 1)
#define GPIOF_INIT_HIGH		(1 << 1)
#define GPIOF_IN		(GPIOF_DIR_IN)
#define GPIOF_OUT_INIT_LOW	(GPIOF_DIR_OUT | GPIOF_INIT_LOW)
#define GPIOF_OUT_INIT_HIGH	(GPIOF_DIR_OUT | GPIOF_INIT_HIGH)
#define GPIOF_ACTIVE_LOW	(1 << 2)
#define GPIOF_OPEN_DRAIN	(1 << 3)
#define GPIOF_OPEN_SOURCE	(1 << 4)
#define GPIOF_EXPORT		(1 << 5)
#define GPIOF_EXPORT_CHANGEABLE	(1 << 6)
#define GPIOF_EXPORT_DIR_FIXED	(GPIOF_EXPORT)
#define GPIOF_EXPORT_DIR_CHANGEABLE (GPIOF_EXPORT | GPIOF_EXPORT_CHANGEABLE)

struct gpio {
	unsigned gpio;
	unsigned long flags;
	const char *label;
};

struct gpio_desc;
struct gpio_chip;

extern int gpio_request(unsigned gpio, const char *label);
extern void gpio_free(unsigned gpio);
extern int gpio_request_one(unsigned gpio, unsigned long flags,
		const char *label);
extern int gpio_request_array(const struct gpio *array, size_t num);
extern int gpio_direction_input(unsigned gpio);
extern int gpio_direction_output(unsigned gpio, int value);
extern void gpio_set_value(unsigned gpio, int value);
extern int gpio_get_value(unsigned gpio);
extern void gpio_set_value_cansleep(unsigned gpio, int value);
extern int gpio_get_value_cansleep(unsigned gpio);
extern int gpio_export(unsigned gpio, bool direction_may_change);
extern int gpio_to_irq(unsigned gpio);
extern int gpio_is_valid(int number);
extern int devm_gpio_request_one(struct device *dev, unsigned gpio,
		unsigned long flags, const char *label);

enum gpio_lookup_flags {
	GPIO_ACTIVE_HIGH = (0 << 0),
	GPIO_ACTIVE_LOW = (1 << 0),
	GPIO_OPEN_DRAIN = (1 << 1),
	GPIO_OPEN_SOURCE = (1 << 2),
	GPIO_PERSISTENT = (0 << 3),
	GPIO_TRANSITORY = (1 << 3),
	GPIO_PULL_UP = (1 << 4),
	GPIO_PULL_DOWN = (1 << 5),
	GPIO_LOOKUP_FLAGS_DEFAULT = GPIO_ACTIVE_HIGH | GPIO_PERSISTENT,
};

/* include/linux/gpio/consumer.h (4.x+): a line's direction and initial level */
#define GPIOD_FLAGS_BIT_DIR_SET		(1 << 0)
#define GPIOD_FLAGS_BIT_DIR_OUT		(1 << 1)
#define GPIOD_FLAGS_BIT_DIR_VAL		(1 << 2)
#define GPIOD_FLAGS_BIT_OPEN_DRAIN	(1 << 3)
#define GPIOD_FLAGS_BIT_NONEXCLUSIVE	(1 << 4)

enum gpiod_flags {
	GPIOD_ASIS = 0,
	GPIOD_IN = GPIOD_FLAGS_BIT_DIR_SET,
	GPIOD_OUT_LOW = GPIOD_FLAGS_BIT_DIR_SET | GPIOD_FLAGS_BIT_DIR_OUT,
	GPIOD_OUT_HIGH = GPIOD_FLAGS_BIT_DIR_SET | GPIOD_FLAGS_BIT_DIR_OUT |
			 GPIOD_FLAGS_BIT_DIR_VAL,
	GPIOD_OUT_LOW_OPEN_DRAIN = GPIOD_OUT_LOW | GPIOD_FLAGS_BIT_OPEN_DRAIN,
	GPIOD_OUT_HIGH_OPEN_DRAIN = GPIOD_OUT_HIGH | GPIOD_FLAGS_BIT_OPEN_DRAIN,
};

struct gpiod_lookup {
	const char *key;
	u16 chip_hwnum;
	const char *con_id;
	unsigned int idx;
	unsigned long flags;
};

struct gpiod_lookup_table {
	struct { void *next, *prev; } list;
	const char *dev_id;
	struct gpiod_lookup table[];
};

#define GPIO_LOOKUP_IDX(_key, _chip_hwnum, _con_id, _idx, _flags)	\
	(struct gpiod_lookup) {						\
		.key = _key,						\
		.chip_hwnum = _chip_hwnum,				\
		.con_id = _con_id,					\
		.idx = _idx,						\
		.flags = _flags,					\
	}
#define GPIO_LOOKUP(_key, _chip_hwnum, _con_id, _flags) \
	GPIO_LOOKUP_IDX(_key, _chip_hwnum, _con_id, 0, _flags)

extern void gpiod_add_lookup_table(struct gpiod_lookup_table *table);
extern void gpiod_add_lookup_tables(struct gpiod_lookup_table **tables,
		size_t n);
extern void gpiod_remove_lookup_table(struct gpiod_lookup_table *table);

struct pca953x_platform_data {
	unsigned gpio_base;
	int invert;
	int irq_base;
	void *context;
	int (*setup)(struct i2c_client *client, unsigned gpio, unsigned ngpio,
			void *context);
	void (*teardown)(struct i2c_client *client, unsigned gpio,
			unsigned ngpio, void *context);
	const char *const *names;
};

/* LEDs and buttons are GPIO consumers too. */
#define __LINUX_LEDS_H_INCLUDED
#define _GPIO_KEYS_H

enum led_brightness { LED_OFF = 0, LED_ON = 1, LED_HALF = 127, LED_FULL = 255 };

#define LEDS_GPIO_DEFSTATE_OFF		0
#define LEDS_GPIO_DEFSTATE_ON		1
#define LEDS_GPIO_DEFSTATE_KEEP		2

struct gpio_led {
	const char *name;
	const char *default_trigger;
	unsigned gpio;
	unsigned active_low : 1;
	unsigned retain_state_suspended : 1;
	unsigned panic_indicator : 1;
	unsigned default_state : 2;
	unsigned retain_state_shutdown : 1;
	struct gpio_desc *gpiod;
};

struct gpio_led_platform_data {
	int num_leds;
	const struct gpio_led *leds;
	int (*gpio_blink_set)(struct gpio_desc *desc, int state,
			unsigned long *delay_on, unsigned long *delay_off);
};

struct led_info {
	const char *name;
	const char *default_trigger;
	int flags;
};

struct led_platform_data {
	int num_leds;
	struct led_info *leds;
};

/* TCA6507 LED controller, pre-DT layout (removed from the kernel in 4.x). */
#define TCA6507_MAKE_GPIO	1
struct tca6507_platform_data {
	struct led_platform_data leds;
	int gpio_base;
	void (*setup)(unsigned gpio_base, unsigned ngpio);
};

struct gpio_keys_button {
	unsigned int code;
	int gpio;
	int active_low;
	const char *desc;
	unsigned int type;
	int wakeup;
	int wakeup_event_action;
	int debounce_interval;
	bool can_disable;
	int value;
	unsigned int irq;
};

struct gpio_keys_platform_data {
	const struct gpio_keys_button *buttons;
	int nbuttons;
	unsigned int poll_interval;
	unsigned int rep:1;
	int (*enable)(struct device *dev);
	void (*disable)(struct device *dev);
	const char *name;
};

#endif
