/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Device names to compatibles, learned from the target kernel's drivers:
 * a driver file that has an `i2c_device_id` / `spi_device_id` /
 * `platform_device_id` table (or a platform driver `.name`) and an
 * `of_device_id` table says which compatibles its old names became. Cached
 * per tree (like the check vocabulary). Hand-written rules stay overrides.
 */
#ifndef B2D_COMPAT_MAP_H
#define B2D_COMPAT_MAP_H

#include <stdbool.h>
#include <stddef.h>

struct compat_map;

struct compat_hit {
	const char *compat;	/* "maxim,max8925" */
	const char *file;	/* "drivers/mfd/max8925-i2c.c" */
	bool exact;		/* the compatible names the device ("vendor,name") */
	const char *instead;	/* the exact compatible this one replaces: no binding
				 * documents it, the driver's one documented one is
				 * this ("atmel,atmel_mxt_ts" -> "atmel,maxtouch") */
};

/*
 * Scan KDIR/drivers and KDIR/sound (or read the cache under cache_dir, keyed
 * by the tree's path and the mtime of its Makefile). Returns B2D_OK, or
 * B2D_ERR_IO when the tree has no drivers/ (then *out is NULL).
 */
int compat_map_load(const char *kdir, const char *cache_dir, struct compat_map **out);
void compat_map_free(struct compat_map *m);

/*
 * The distinct compatibles the tree gives for the device name on a bus
 * ("i2c", "spi", "platform"): those whose part after the vendor prefix is
 * the name itself (how the I2C/SPI cores match a compatible to an id table
 * entry) or its words in another order, marked exact; else every compatible
 * of the driver files naming it, as candidates. One exact compatible no
 * binding document names gives way to the driver's one compatible a
 * binding names (the driver lists the other as deprecated).
 * Up to max hits; returns how many there are in all.
 */
size_t compat_map_find(const struct compat_map *m, const char *bus, const char *name,
		       struct compat_hit *hits, size_t max);

/*
 * The node name the target tree's arch/arm/boot/dts files give the
 * compatible most often ("atmel,24c512" -> "eeprom"), when at least min
 * nodes do; else NULL.
 */
const char *compat_map_node_name(const struct compat_map *m, const char *compat, size_t min);

/*
 * The driver file whose of_device_id table lists the compatible
 * ("samsung,s3c2440-nand" -> "drivers/mtd/nand/raw/s3c2410.c"), or NULL.
 */
const char *compat_map_driver_of(const struct compat_map *m, const char *compat);

/* For tests: build a map from the text of one driver file. */
struct compat_map *compat_map_from_text(const char *file, const char *text);

/*
 * The compatibles the target's DT machines match (the `.dt_compat` arrays of
 * arch/arm/mach-X/, kernel/dt_machines.c) and the file of each: n, the two
 * arrays malloc'd (free them; their strings are the map's).
 */
size_t compat_map_machines(const struct compat_map *cm, const char ***compat, const char ***file);

/*
 * The boards the target's .dts files describe (kernel/board_compats.c): each
 * one's root compatible (first string), its file and, when model is not
 * NULL, its model ("-" for none), as compat_map_machines().
 */
size_t compat_map_boards(const struct compat_map *cm, const char ***compat, const char ***file,
			 const char ***model);

#endif
