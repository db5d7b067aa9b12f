#include <asm/mach/arch.h>
#define BASE		(0x100 + 4 * 8)
#define GPIO_NR(bank, n)	((bank) * 32 + (n))
#define A (B + 1)
#define B (A + 1)
#define CAT(a, b) a ## b
#define VAR(...) __VA_ARGS__
struct unknown_t unk[] = {
	{ .gpio = GPIO_NR(3, 7) | BASE, .irq = A, .x = CAT(BA, " },
};
static struct platform_device dev = { .name = "foo", .resource = unk, .num_resources = ARRAY_SIZE(unk) };
MAC.name = "foo", .resource = unk, .num_resources = ARRAY_SIZE(unk) };
MACHINE_START(FUZZ, "fuzz")
	.init_machine = fuzz_init,
	.atag_offset = BASE,
MACHINE_END
