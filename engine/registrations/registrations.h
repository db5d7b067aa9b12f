/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The registration kinds (`register:` in a call rule): one file each in this
 * folder, registered in the table of engine/engine_register.c; the Marvell
 * MBus windows in marvell_mbus.c. A kind gets the call being converted and
 * returns true when it handled it (the fact is converted or a TODO).
 */
#ifndef B2D_REGISTRATIONS_H
#define B2D_REGISTRATIONS_H

#include "../engine_register.h"

/* helpers.c */
char *arena_node_name(struct conv *c, const char *s);
void add_interrupt(struct conv *c, struct dt_node *n, const struct value *irq,
			  unsigned type);
void constant_props(struct conv *c, struct dt_node *n, const struct rnode *props,
		    const struct srcpos *pos, bool keep);

struct fact *entry_fact(struct conv *c, const char *what, const struct value *e,
			const char *became, const char *reason);
const char *entry_what(struct conv *c, const struct variable *arr, const struct value *e);
size_t table_len(const struct variable *arr, const struct value *count);
/* Values a helper fixes: a member, a struct of the rule's map (`default:`). */
struct value *reg_new_value(struct conv *c, enum value_kind kind, const struct srcpos *pos,
			    const char *spelling);
void reg_add_member(struct conv *c, struct value *list, struct value *v, const char *field);
struct value *reg_fixed_struct(struct reg_ctx *r, const char *type, const struct rnode *map);
/* &object: a struct (map, or NULL: empty) or array (sequence) the helper defines, as a variable */
struct value *reg_fixed_pointer(struct reg_ctx *r, const char *field, const struct rnode *val);

/* platform_device.c */
const struct rnode *soc_device_rule(const struct conv *c, const char *var);
void resources(struct conv *c, struct dt_node *n, const struct value *dev, bool mem,
	       const char *irq_note);
const struct rnode *platform_rule(const struct conv *c, const char *name);
struct dt_node *soc_platform_device(struct conv *c, const struct variable *dev,
					   const struct rnode *rule, struct fact *f);
struct dt_node *conv_platform_device(struct conv *c, const struct variable *dev, struct fact *f);
struct dt_node *platform_one(struct reg_ctx *r, const struct value *ptr);

/* platform.c */
bool reg_platform(struct reg_ctx *r);

/* platform_list.c */
bool reg_platform_list(struct reg_ctx *r);

/* amba.c */
bool reg_amba(struct reg_ctx *r);

/* bus_device.c */
struct dt_node *bus_device(struct conv *c, struct dt_node *bus, const char *type,
				  long long reg, const struct value *e, const char *what);
const char *bus_alias(const struct conv *c, const char *label);
const char *bus_label(struct reg_ctx *r, const char *key, const char *dflt);

/* i2c.c */
bool reg_i2c(struct reg_ctx *r);

/* add_data.c */
bool reg_add_data(struct reg_ctx *r);

/* pdata_bits.c */
bool reg_pdata_bits(struct reg_ctx *r);

/* i2c_device.c */
bool reg_i2c_device(struct reg_ctx *r);

/* spi.c */
bool reg_spi(struct reg_ctx *r);
struct dt_node *spi_entry(struct conv *c, const struct value *e, const char *what, struct fact *f);

/* spi_device.c */
bool reg_spi_device(struct reg_ctx *r);

/* gpio_hog.c */
bool reg_gpio_hog(struct reg_ctx *r);
bool reg_gpio_hog_array(struct reg_ctx *r);

/* gpio_claim.c */
bool reg_gpio_claim(struct reg_ctx *r);

/* fixed_regulator.c */
bool reg_fixed_regulator(struct reg_ctx *r);

/* children.c */
bool reg_children(struct reg_ctx *r);

/* struct_array.c */
bool reg_struct_array(struct reg_ctx *r);

/* gpmc_nand.c */
bool reg_gpmc_nand(struct reg_ctx *r);

/* fixed_clock.c */
bool reg_fixed_clock(struct reg_ctx *r);
/* clock_rates.c: a helper's reference clock rates on the .dtsi's fixed clocks, by path */
bool reg_clock_rates(struct reg_ctx *r);

/* memory.c */
bool reg_memory(struct reg_ctx *r);
bool reg_reserved_memory(struct reg_ctx *r);

/* serial_port.c */
bool reg_serial_port(struct reg_ctx *r);
bool reg_stdout_path(struct reg_ctx *r);

/* irq_type.c */
bool reg_irq_type(struct reg_ctx *r);

/* platform_named.c */
bool reg_platform_named(struct reg_ctx *r);

/* marvell_mpp.c */
bool reg_marvell_mpp(struct reg_ctx *r);

/* davinci_mux.c */
bool reg_davinci_mux(struct reg_ctx *r);

/* pxa_mfp.c */
bool reg_pxa_mfp(struct reg_ctx *r);
/* The words of an MFP macro after its pin (GPIO23_SSP1_SCLK: "SSP1_SCLK"), and their device ("ssp1"). */
const char *pxa_macro_rest(const char *s);
const char *pxa_device_word(struct conv *c, const char *rest);
/* pxa3xx_mfp.c */
bool reg_pxa3xx_mfp(struct reg_ctx *r);
/* pxafb.c */
bool reg_pxafb(struct reg_ctx *r);
/* omap_mux.c */
bool reg_omap_mux(struct reg_ctx *r);
/* imx_iomux.c */
bool reg_imx_iomux(struct reg_ctx *r);
/* tegra_pinmux.c: the Tegra 2 pin groups of the driver (MUX_PG, PULL_PG, DRV_PG lines) */
#define TEGRA_FUNCS	4
struct tegra_group {
	char name[24];
	char funcs[TEGRA_FUNCS][24];	/* lower case; none for a PULL_PG or DRV_PG group */
	bool pull_only;			/* PULL_PG(ck32, ...): a pull setting, no mux */
	bool drive;			/* DRV_PG(sdio1, ...): the group "drive_sdio1" */
};

bool reg_tegra_pinmux(struct reg_ctx *r);
struct tegra_group *tegra_read_groups(struct conv *c, const char *driver, size_t *n);
/* The enumerator's name after prefix, in lower case; NULL if it is not one. */
char *tegra_lower_after(struct conv *c, const struct value *v, const char *prefix);
/* Entry e's field name, or its i-th element when positional. */
const struct value *tegra_entry_field(const struct value *e, size_t i, const char *name);
void tegra_entry_fact(struct conv *c, const struct variable *arr, const struct value *e,
		      const char *became, const char *reason);
/* The controller's default state node (pinctrl-0), made on first use. */
struct dt_node *tegra_default_state(struct conv *c, const char *ctrl_label,
				    const struct srcpos *pos, const char *origin);
/* A group's property: the string str, or the macro cell; annotated with field k. */
void tegra_group_prop(struct conv *c, struct dt_node *n, const char *name, const struct value *e,
		      size_t k, const char *str, const char *macro, uint32_t v);

/* at91_pin.c */
bool reg_at91_pin(struct reg_ctx *r);

struct dt_node *tegra_group_node(struct conv *c, const struct variable *arr, const struct value *e,
				 struct dt_node **st, const char *label, const struct call *call,
				 const char *group);
/* One table entry: its group in the default state *st (1), or a TODO (0). */
typedef int (*tegra_entry_fn)(struct conv *c, const struct variable *arr, const struct value *e,
			      const struct tegra_group *groups, size_t ng, struct dt_node **st,
			      const char *label, const struct call *call);
bool tegra_table(struct reg_ctx *r, tegra_entry_fn entry, const char *unknown, const char *kind);

/* tegra_drive.c */
bool reg_tegra_drive(struct reg_ctx *r);

/* marvell_mbus.c */
void mbus_range(struct conv *c, const char *bus, unsigned t, unsigned a, long long base,
		       long long size, const struct srcpos *pos, const char *origin);
bool reg_mbus_window(struct reg_ctx *r);
bool reg_mbus_ranges(struct reg_ctx *r);
struct dt_node *conv_mbus_place(struct conv *c, struct dt_node *n, const struct rnode *rule);

#endif
