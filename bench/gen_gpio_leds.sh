#!/bin/bash
# bench/gen_gpio_leds.sh N [GPIO0] > FILE.c: a board file registering one
# gpio_led array of N entries (gpio_led_platform_data + platform_add_devices);
# the first entry's .gpio is GPIO0 when given (a C expression). Used by
# bench/bench.py (large arrays) and tests/scripts/bad_input_limits.sh.
set -eu
N=$1
GPIO0=${2:-1}
cat <<'H'
#include <linux/leds.h>
#include <linux/platform_device.h>
#include <asm/mach/arch.h>
static struct gpio_led big_leds[] = {
H
printf '\t{ .name = "led0", .gpio = %s, .active_low = 1 },\n' "$GPIO0"
for ((i=1;i<N;i++)); do printf '\t{ .name = "led%d", .gpio = %d, .active_low = 1 },\n' $i $((i+1)); done
cat <<'T'
};
static struct gpio_led_platform_data big_led_data = {
	.num_leds = ARRAY_SIZE(big_leds),
	.leds = big_leds,
};
static struct platform_device big_leds_device = {
	.name = "leds-gpio",
	.id = -1,
	.dev = { .platform_data = &big_led_data, },
};
static struct platform_device *big_devices[] __initdata = { &big_leds_device, };
static void __init big_init(void)
{
	platform_add_devices(big_devices, ARRAY_SIZE(big_devices));
}
MACHINE_START(BIG, "big")
	.init_machine = big_init,
MACHINE_END
T
