/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the SoC .dtsi says, learned from the kernel tree rather than copied
 * into rules: labels, node paths, reg addresses, #*-cells. The .dtsi is
 * compiled with `dtc -@` (so __symbols__ maps labels to paths) and read with
 * libfdt.
 */
#ifndef B2D_SOC_DTSI_H
#define B2D_SOC_DTSI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct soc_dtsi;

/*
 * Compile KDIR/arch/arm/boot/dts/<dtsi> (dtsi may have a vendor directory,
 * see dtsi_find.h; cached under cache_dir when not NULL,
 * keyed by path and mtime). Returns B2D_OK or a negative b2d_err with a
 * one-line diagnostic.
 */
int soc_dtsi_load(const char *kernel_dir, const char *dtsi, const char *cache_dir,
		  struct soc_dtsi **out);
void soc_dtsi_free(struct soc_dtsi *s);

const void *soc_dtsi_fdt(const struct soc_dtsi *s);
bool soc_dtsi_has_label(const struct soc_dtsi *s, const char *label);
/* Does the .dtsi refer to this label (a phandle dtc -@ left in __fixups__)? */
bool soc_dtsi_references(const struct soc_dtsi *s, const char *label);
/* The name it was loaded by: relative to arch/arm/boot/dts ("samsung/s3c6410.dtsi"). */
const char *soc_dtsi_name(const struct soc_dtsi *s);
/* The directory of the .dtsi (where the includes it and its board use are). */
const char *soc_dtsi_dir(const struct soc_dtsi *s);
/*
 * Its source text as loaded (the files of a stack one after the other), for
 * what the blob does not keep: the macros (kernel/dt_macro.h). NULL: unreadable.
 */
const char *soc_dtsi_text(const struct soc_dtsi *s);
/* The kernel tree it was loaded from (--kernel). */
const char *soc_dtsi_kernel_dir(const struct soc_dtsi *s);
const char *soc_dtsi_label_path(const struct soc_dtsi *s, const char *label);	/* or NULL */
/* The first label of the node at offset off of soc_dtsi_fdt(), or NULL. */
const char *soc_dtsi_label_of(const struct soc_dtsi *s, int off);
/* Label of the node whose first reg entry starts at addr (CPU address, after ranges). */
const char *soc_dtsi_label_at(const struct soc_dtsi *s, uint64_t addr);
/* The same among the nodes named name ("usb": usb@c5008000, not usb-phy@c5008000). */
const char *soc_dtsi_label_at_named(const struct soc_dtsi *s, uint64_t addr, const char *name);
/* The name of the labelled node at addr that is compatible with compat (with its "@unit"), or NULL. */
const char *soc_dtsi_name_at_compatible(const struct soc_dtsi *s, uint64_t addr, const char *compat);
/* A "#gpio-cells"-style property of the labelled node, or -1. */
/* The labelled node `name`@... whose first interrupts cell is irq, or NULL (none or several). */
const char *soc_dtsi_label_irq(const struct soc_dtsi *s, const char *name, uint32_t irq);
int soc_dtsi_cells(const struct soc_dtsi *s, const char *label, const char *cells_prop);
/* Labels of nodes whose compatible list contains compat, in tree order. */
const char **soc_dtsi_labels_compatible(const struct soc_dtsi *s, const char *compat, size_t *n);
/*
 * The groups the labelled node's pinctrl-0 selects, as labels (or "{/path}"
 * for a group without one), at most max, malloc'd; 0 when it has none.
 */
size_t soc_dtsi_pinctrl0(const struct soc_dtsi *s, const char *label, char **refs, size_t max);
/* Is the node at this offset of soc_dtsi_fdt() the kernel's system timer? */
bool soc_dtsi_is_timer(const struct soc_dtsi *s, int node);

#endif
