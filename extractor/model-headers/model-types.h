/* SPDX-License-Identifier: GPL-2.0 */
/* board2dts model: basic types, annotations and size helpers. */
#ifndef BOARD2DTS_MODEL_TYPES_H
#define BOARD2DTS_MODEL_TYPES_H

#define _LINUX_INIT_H
#define __LINUX_SIZES_H__
#define __LINUX_BITS_H

#ifndef NULL
#define NULL ((void *)0)
#endif

typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;
typedef signed char s8;
typedef short s16;
typedef int s32;
typedef long long s64;
typedef u8 __u8;
typedef u16 __u16;
typedef u32 __u32;
typedef u64 __u64;
typedef unsigned long size_t;
typedef long ssize_t;
typedef u32 phys_addr_t;
typedef u32 dma_addr_t;
typedef phys_addr_t resource_size_t;
typedef _Bool bool;
typedef unsigned int gfp_t;
#define true 1
#define false 0

/* Section and attribute annotations: nothing to the model. */
#define __init
#define __exit
#define __initdata
#define __initconst
#define __exitdata
#define __refdata
#define __ref
#define __devinit
#define __devinitdata
#define __devexit
#define __cpuinit
#define __cpuinitdata
#define __maybe_unused __attribute__((unused))
#define __used __attribute__((used))
#define __always_unused __attribute__((unused))
#define __iomem
#define __user
#define __force
#define __packed __attribute__((packed))
#define __aligned(x) __attribute__((aligned(x)))
#define __section(s)
#define __weak __attribute__((weak))
#define likely(x) (x)
#define unlikely(x) (x)
#define __stringify_1(x) #x
#define __stringify(x) __stringify_1(x)

/*
 * <linux/kconfig.h> (the kernel build force-includes it): IS_ENABLED(CONFIG_X)
 * is 1 when CONFIG_X (or CONFIG_X_MODULE) is defined as 1, in #if and in C.
 */
#ifndef __LINUX_KCONFIG_H
#define __LINUX_KCONFIG_H
#define __B2D_ONE_1 0,
#define __b2d_second(ignored, val, ...) val
#define __b2d_is_one3(arg_or_junk) __b2d_second(arg_or_junk 1, 0)
#define __b2d_is_one2(val) __b2d_is_one3(__B2D_ONE_##val)
#define __b2d_is_one(x) __b2d_is_one2(x)
#define IS_BUILTIN(option) __b2d_is_one(option)
#define IS_MODULE(option) __b2d_is_one(option##_MODULE)
#define IS_REACHABLE(option) IS_BUILTIN(option)
#define IS_ENABLED(option) (IS_BUILTIN(option) || IS_MODULE(option))
#endif

/*
 * Initcalls: a static pointer named __initcall_<fn><level>, as the kernel's
 * own macros make, so the engine runs fn with every machine of the file
 * (device_initcall(da850_evm_config_emac) registers the EMAC).
 */
typedef int (*initcall_t)(void);
#define __b2d_initcall(fn, id) \
	static initcall_t __initcall_##fn##id __attribute__((__used__)) = (initcall_t)(fn)
#define __initcall(fn)		__b2d_initcall(fn, 6)
#define core_initcall(fn)	__b2d_initcall(fn, 1)
#define postcore_initcall(fn)	__b2d_initcall(fn, 2)
#define arch_initcall(fn)	__b2d_initcall(fn, 3)
#define arch_initcall_sync(fn)	__b2d_initcall(fn, 3s)
#define subsys_initcall(fn)	__b2d_initcall(fn, 4)
#define fs_initcall(fn)		__b2d_initcall(fn, 5)
#define device_initcall(fn)	__b2d_initcall(fn, 6)
#define late_initcall(fn)	__b2d_initcall(fn, 7)
#define console_initcall(fn)	__b2d_initcall(fn, con)
/*
 * Kernel command-line options (__setup("mini6410=", fn), early_param()): a
 * struct obs_kernel_param, as <linux/init.h> makes it, so the option is a
 * fact of the board (its choices are made at boot) and the line parses.
 */
struct obs_kernel_param {
	const char *str;
	int (*setup_func)(char *);
	int early;
};
#define __setup_param(str, unique_id, fn, early) \
	static const char __setup_str_##unique_id[] = str; \
	static struct obs_kernel_param __setup_##unique_id __attribute__((__used__)) = \
		{ __setup_str_##unique_id, fn, early }
#define __setup(str, fn) __setup_param(str, fn, fn, 0)
#define early_param(str, fn) __setup_param(str, fn, fn, 1)
#define EXPORT_SYMBOL(sym)
#define EXPORT_SYMBOL_GPL(sym)

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
/* The machine's private common.h / generic.h (mach-kirkwood, pxa, mmp), absent in tolerant mode. */
#ifndef ARRAY_AND_SIZE
#define ARRAY_AND_SIZE(x) (x), ARRAY_SIZE(x)
#endif
#define BIT(n) (1UL << (n))
#define GENMASK(h, l) (((~0UL) << (l)) & (~0UL >> (31 - (h))))
#define KHZ 1000
#define MHZ 1000000
#define min(a, b) ((a) < (b) ? (a) : (b))
#define max(a, b) ((a) > (b) ? (a) : (b))

#define SZ_1 0x00000001
#define SZ_2 0x00000002
#define SZ_4 0x00000004
#define SZ_8 0x00000008
#define SZ_16 0x00000010
#define SZ_32 0x00000020
#define SZ_64 0x00000040
#define SZ_128 0x00000080
#define SZ_256 0x00000100
#define SZ_512 0x00000200
#define SZ_1K 0x00000400
#define SZ_2K 0x00000800
#define SZ_4K 0x00001000
#define SZ_8K 0x00002000
#define SZ_16K 0x00004000
#define SZ_32K 0x00008000
#define SZ_64K 0x00010000
#define SZ_128K 0x00020000
#define SZ_256K 0x00040000
#define SZ_512K 0x00080000
#define SZ_1M 0x00100000
#define SZ_2M 0x00200000
#define SZ_4M 0x00400000
#define SZ_8M 0x00800000
#define SZ_16M 0x01000000
#define SZ_32M 0x02000000
#define SZ_64M 0x04000000
#define SZ_128M 0x08000000
#define SZ_256M 0x10000000
#define SZ_512M 0x20000000
#define SZ_1G 0x40000000
#define SZ_2G 0x80000000

struct device;
struct device_node;
struct clk;
struct module;
struct fwnode_handle;
struct property_entry;
struct software_node;

#define KERN_EMERG ""
#define KERN_ALERT ""
#define KERN_CRIT ""
#define KERN_ERR ""
#define KERN_WARNING ""
#define KERN_NOTICE ""
#define KERN_INFO ""
#define KERN_DEBUG ""
#define KERN_CONT ""
extern int printk(const char *fmt, ...);
#define pr_err(...) printk(__VA_ARGS__)
#define pr_warn(...) printk(__VA_ARGS__)
#define pr_info(...) printk(__VA_ARGS__)
#define pr_debug(...) printk(__VA_ARGS__)
#define pr_warning(...) printk(__VA_ARGS__)
extern void mdelay(unsigned long ms);
extern void msleep(unsigned int ms);
extern void udelay(unsigned long us);
extern void *ioremap(phys_addr_t addr, size_t size);
extern void iounmap(void *addr);
extern u32 readl(const volatile void *addr);
extern void writel(u32 v, volatile void *addr);
extern u16 readw(const volatile void *addr);
extern void writew(u16 v, volatile void *addr);
extern u8 readb(const volatile void *addr);
extern void writeb(u8 v, volatile void *addr);
extern u32 __raw_readl(const volatile void *addr);
extern void __raw_writel(u32 v, volatile void *addr);

/* errno values boards use as "no GPIO" markers (.gpio_wp = -EINVAL) */
#define EPERM		1
#define ENOENT		2
#define EIO		5
#define ENXIO		6
#define ENOMEM		12
#define EBUSY		16
#define ENODEV		19
#define EINVAL		22
#define ENOSYS		38

#endif
