/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Rule engine internals, shared by engine*.c only.
 */
#ifndef B2D_ENGINE_INT_H
#define B2D_ENGINE_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "engine.h"

/* An MBus window the board opened (mvebu_mbus_add_window_by_id): CPU addresses -> a devbus node. */
struct mbus_window {
	long long base, size;
	unsigned target, attr;
	const char *label;	/* devbus node label, or NULL when no rule names one */
	const char *keep;	/* `keep_config:`: the property the node gets when a device
				 * goes under it ("devbus,keep-config": the C opens the
				 * window and keeps the boot loader's timings) */
};

/* gpio_request_one() flags (include/linux/gpio.h) */
#define GPIOF_DIR_IN		(1 << 0)
#define GPIOF_INIT_HIGH		(1 << 1)
#define GPIOF_ACTIVE_LOW	(1 << 2)

/* A block of GPIO numbers served by one controller label. */
struct gpio_space {
	const char *provider;	/* "twl4030-gpio", or NULL for SoC banks */
	long long base;		/* first Linux GPIO number; -1 when unknown */
	long long count;
	const char *label;	/* controller label in the .dts */
	bool after_tail;	/* label comes from a tail include (&twl_gpio) */
	const struct value *owner;	/* board-info entry of an expander whose node gets the label */
	const char *macro;		/* cells_macro: TEGRA_GPIO -> TEGRA_GPIO(V, 5) */
	const char **ports;		/* port names by number, from the target's header */
	size_t nports;
	long long per_port;
};

/* A value a store put into a struct member, per conversion (the model stays untouched). */
struct field_override {
	const struct value *list;	/* the struct initializer written to */
	const char *field;
	struct value *value;		/* the value chosen (unguarded / else / assumed) */
	struct value **alts;		/* guarded alternatives (value->spelling + guard text) */
	const char **alt_conds;
	size_t nalts;
	const char *condition;		/* guard text of the chosen value, if any */
	const struct store *store;
};

/* A supply to attach once every node exists: REGULATOR_SUPPLY("vmmc", "omap_hsmmc.0"). */
struct pending_supply {
	const char *supply;
	const char *dev_name;
	const char *var;		/* the regulator_consumer_supply variable, */
	long index;			/* and its element (-1: not an array) */
	const char *reg_label;
	struct srcpos pos;
	const char *origin;
	struct fact *fact;
};

/* A device name -> node, for supplies and lookup tables ("1-0048", "omap_hsmmc.0"). */
struct dev_binding {
	const char *dev_name;
	struct dt_node *node;
};

/*
 * One pin a mux table configures, for the pinmux pass: an MPP table
 * (registrations/marvell_mpp.c) or a PXA2xx MFP table (registrations/pxa_mfp.c).
 */
struct mpp_pin {
	unsigned pin;			/* mpp16, P32 */
	const char *function;		/* "uart1", "MMCLK": from the target's pin-controller driver */
	const struct value *v;		/* the mode word (MPP16_UART, GPIO32_MMC_CLK) */
	const struct call *call;	/* orion5x_mpp_conf(...), pxa2xx_mfp_config(...) */
	bool generic;			/* the generic binding (pins = "P32"; function = ...) */
	const char *device;		/* generic: the device the word names ("mmc"), NULL: none */
};

/* The pins one davinci_cfg_reg*() call muxes (registrations/davinci_mux.c). */
struct mux_group {
	const char *name;		/* the list variable, or the one pin's enumerator */
	struct mux_cfg **cfgs;		/* kernel/mux_cfg.h */
	size_t n;
	const struct call *call;
};

/*
 * One pad a mux table or call sets: an OMAP pad (registrations/omap_mux.c,
 * a pinctrl-single,pins entry) or an i.MX iomux-v3 pad
 * (registrations/imx_iomux.c, an fsl,pins entry: `cells` set).
 */
struct omap_pin {
	const char *label;		/* its controller, "omap3_pmx_core" */
	const char *macro;		/* "OMAP3_CORE1_IOPAD" */
	unsigned addr, base;		/* 0x2144, and the macro's base 0x2030 */
	const char *flags;		/* "PIN_INPUT_PULLUP | MUX_MODE0" (dt-bindings/pinctrl/omap.h) */
	uint32_t val;			/* its value */
	const char *function;		/* "sdmmc1_clk", "gpio_7" */
	long gpio;			/* the GPIO line of a gpio_N function, else -1 */
	const struct value *v;		/* the table entry or the call's argument */
	const struct call *call;
	/* i.MX: macro is the pad ("MX51_PAD_EIM_D16__I2C1_SDA"), addr its mux
	 * register, val its pad control (flags its text), function "I2C1_SDA" */
	const uint32_t *cells;		/* the pinfunc macro's five cells; NULL: OMAP */
	const char *device;		/* the device label the function names ("i2c1"), or NULL */
	const char *gpio_label;		/* a GPIOb_n function: "gpio<b>", line gpio_line */
	unsigned gpio_line;
	bool ctrl_unknown;		/* pad control not known: 0x80000000 written, a TODO */
	/* PXA3xx (registrations/pxa3xx_mfp.c): macro "MFP_PIN_PXA300(3)", addr its
	 * MFPR offset, flags "MFP_AF1", val the AF; mfp_conf the word's drive
	 * strength, pull and low-power bits, which the group's properties give */
	bool mfp;
	uint32_t mfp_conf;
	/* AT91 (registrations/at91_pin.c): macro "AT91_PIOA", addr the pin (bank * 32
	 * + line), val the AT91_PERIPH_* number (flags its name), mfp_conf the
	 * AT91_PINCTRL_* bits; written <AT91_PIOA 30 AT91_PERIPH_GPIO conf> */
	bool at91;
};

struct refs;

/*
 * `tegra_sdhci_device3.dev.platform_data = &sdhci_pdata3;`: platform data
 * stored into a SoC device (soc_devices:) defined outside the board file;
 * applied to its node when the machine registers it.
 */
struct soc_pdata {
	const struct store *store;
	struct fact *fact;
	bool done;	/* the device's registration decided it */
};

struct conv {
	const struct board *b;
	const struct machine *m;	/* the machine being converted */
	const struct ruleset *rs;
	const struct rnode *soc;
	const struct engine_options *opt;
	struct dt_tree *t;
	struct arena *a;		/* t->arena */
	struct gpio_space **gpio;
	size_t ngpio;
	struct field_override **ovr;
	size_t novr;
	struct pending_supply **supplies;
	size_t nsupplies;
	const char *gpio_macro_header;	/* "<dt-bindings/gpio/tegra-gpio.h>" (cells_macro) */
	struct soc_pdata **soc_pdata;	/* SOC_DEV.dev.platform_data = &pd stores */
	size_t nsoc_pdata;
	struct dev_binding **devs;
	size_t ndevs;
	struct i2c_pending **i2c_buses;	/* buses i2c_register_board_info() filled (engine_i2c_gpio.c) */
	size_t ni2c_buses;
	const char **used_vars;		/* variables a registration consumed */
	size_t nused_vars;
	const struct function **reach;	/* functions reachable from the machine */
	size_t nreach;
	long long *irq_nums;		/* irq_set_irq_type(n, type) seen in the machine's code */
	const char **irq_spellings;	/* ... or the spelling of a run-time IRQ value (gpio_to_irq(..)) */
	unsigned *irq_types;
	size_t nirq_types;
	struct mbus_window **windows;	/* MBus windows, in call order */
	size_t nwindows;
	long long part_end;		/* end of the last MTD partition (MTDPART_OFS_APPEND) */
	struct mpp_pin **mpp;		/* pins the MPP tables configure, in table order */
	size_t nmpp;
	struct mux_group **muxg;	/* pin lists the DaVinci mux calls set, in call order */
	size_t nmuxg;
	struct cs_move **cs_moves;	/* devices on a chip select the board requests itself
					 * (`cs_request:`, engine_bus_windows.c) */
	size_t ncs_moves;
	struct omap_pin **opins;	/* OMAP pads the mux tables and calls set, in order */
	size_t nopins;
	struct ranks *exec_order;	/* engine_exec_order.c, made on first use */
	const struct function *cur_fn;	/* the function whose call is being converted */
	const struct function *guard_fn;	/* the function whose guards are being decided: its
					 * parameters read as its one caller passes them */
	struct refs **mrefs;		/* engine_refs.c: what each machine's code names */
	struct board *own_board;	/* engine_grow.c: c->b once a store grew a variable */
	const struct store **whole_stores;	/* stores of a whole element, now in it */
	const struct value **whole_values;	/* ... and the element each now holds */
	size_t nwhole_stores;
	const char *role_names[6];	/* engine_props_down.c: `on: ROLE` targets */
	struct dt_node *role_nodes[6];
	const char *mach_types;		/* engine_guards.c: the target's mach-types, read once */
	bool mach_types_read;
	size_t nroles;
	struct hook **hooks;		/* engine_hooks.c: hook stores waiting for the calls */
	size_t nhooks;
	struct made_hook **made_hooks;	/* ... and the nodes made for hook functions */
	size_t nmade_hooks;
	struct native_cs **native_cs;	/* engine_spi_native.c: controllers to renumber */
	size_t nnative_cs;
	struct dt_node **unbound;	/* engine_compat.c: device nodes nothing in the target binds */
	size_t nunbound;
	struct dt_node **drafts;	/* bus_device.c: disabled, their platform data not converted */
	size_t ndrafts;
	const char **lookup_devs;	/* engine_lookup.c: dev_ids of the GPIO lookup tables seen */
	const char **lookup_tabs;	/* ... and the table of each */
	size_t nlookup_devs;
	struct dt_node **required;	/* device nodes whose rule `requires:` properties */
	const struct rnode **required_rule;	/* ... and that rule (engine_leftovers.c) */
	size_t nrequired;
};

/*
 * engine_spi_native.c: the controller ctrl's chip-select table (signal[i]:
 * the native signal of logical chip select i, -1 for a GPIO), noted by the
 * gpio_array converter; the pass renumbers its devices' reg and prop.
 */
void conv_note_native_cs(struct conv *c, struct dt_node *ctrl, const char *prop,
			 const long long *signal, size_t n);
void conv_spi_native_pass(struct conv *c);

/*
 * engine_hooks.c: `pm_power_off = board_off` waits for the calls (fact f,
 * the rule's todo); a node made for what board_off drives converts it.
 */
void conv_hook_store(struct conv *c, const struct store *s, struct fact *f, const char *todo);
void conv_hook_made(struct conv *c, const char *fn, const char *became);
void conv_finish_hooks(struct conv *c);
/* registrations/gpio_hog.c: a gpio-poweroff node on line (a <&ctrl N> chunk) for hook; its path */
const char *conv_gpio_poweroff(struct conv *c, const struct dt_chunk *line, const struct call *w,
			       bool low, const char *hook);
/* The ignore rule of a call: by its callee, or by the macro the board file wrote (pr_info) */
const struct rnode *conv_ignore_rule_call(const struct conv *c, const struct call *call);
/* gpio_set_value(N, level) at boot on a line nothing else names: a gpio-hog (gpio_hog.c) */
bool conv_boot_gpio_write(struct conv *c, const struct function *fn, const struct call *call,
			  struct fact *f);

/* engine_guards.c: a root TODO for each `assume:` default of the pack a guard used */
void conv_note_pack_assumptions(struct conv *c);
/* engine_guards.c: the guards as one condition, "a && b" */
const char *conv_guard_text(struct conv *c, struct guard **g, size_t n);
/* "--assume: taken with --assume 'nandcs < GPMC_CS_NUM=1'", or "--assume": how to decide them */
const char *conv_guard_hint(struct conv *c, struct guard **g, size_t n);
/* engine_grow.c: stores the machine certainly makes add the members they name */
void conv_grow_stores(struct conv *c);
void conv_add_var(struct conv *c, struct variable *var);
bool conv_store_was_whole(const struct conv *c, const struct store *s);
/* An array, or a list whose kids have no member names (tolerant mode's synthesized structs). */
bool conv_list_indexed(const struct value *list);
/* One step of a store path, "[3]" (*name NULL) or ".name"; false when it is neither. */
bool conv_path_step(struct conv *c, const char **p, long *index, const char **name, bool *deref);
/* The kid of list at index (name NULL) or named name: its position, or -1. */
long conv_find_kid(const struct value *list, long index, const char *name);
/* engine_values.c: the struct list and last member a store's path names, when they exist. */
bool conv_store_target(const struct conv *c, const struct store *s,
		       const struct value **list, const char **field);

/* engine_compat.c: a compatible for a device name no rule maps, from the kernel's drivers */
const char *conv_learned_compatible(struct conv *c, struct dt_node *n, const char *bus,
				    const char *name, const char *what, const struct srcpos *pos,
				    const char **origin);

/* engine_pinmux.c: the MPP pins become pin groups, each on its consumer or hogged */
void conv_pinmux_pass(struct conv *c);
/* Keep pin for the pass; NULL when an earlier table set it to another function. */
struct mpp_pin *conv_add_pin(struct conv *c, unsigned pin, const char *function,
			     const struct value *v, const struct call *call);
struct dt_node *conv_pin_group_node(struct conv *c, struct dt_node *ctrl, const char *base);
void conv_attach_pins(struct conv *c, struct dt_node *n, const char *label,
		      const struct srcpos *pos, const char *origin);
/* engine_pinmux_single.c: the DaVinci mux lists become pinctrl-single groups */
void conv_pinmux_single_pass(struct conv *c);
/* The output's overlay &label, or NULL. */
struct dt_node *conv_overlay_of(const struct conv *c, const char *label);

/* engine_pinmux_omap.c: the OMAP pads become pinctrl-single,pins groups, the i.MX pads fsl,pins groups */
void conv_pinmux_omap_pass(struct conv *c);
/* Keep a pad for that pass; a later setting of the same pad replaces it (a TODO when it differs). */
void conv_add_pad(struct conv *c, struct omap_pin *pin);
/* AT91_PINCTRL_* names of an AT91 pin's configuration bits (registrations/at91_pin.c). */
const char *at91_conf_text(struct conv *c, uint32_t conf);
/* engine_pinmux_at91_dtsi.c: does a .dtsi group of an enabled device set AT91 pin p? */
bool conv_at91_pin_taken(struct conv *c, const struct omap_pin *p);
/* pxa3xx_mfp.c: a PXA3xx group's pin configuration properties (pinconf-single). */
void conv_mfp_conf_props(struct conv *c, struct dt_node *n, const struct omap_pin *p);
/* engine_pinmux.c: the device node using <&label line> (overlays too), or NULL */
struct dt_node *conv_line_user(struct conv *c, const char *label, uint32_t line);
/* engine_pinmux.c: the device node using GPIO n (its nearest node with a compatible), or NULL */
struct dt_node *conv_gpio_user(struct conv *c, long gpio);
/*
 * The SoC .dtsi's pin group under &ctrl_label with p's function and pin
 * (engine/engine_pinmux_dtsi.c): *attached when the output enables the
 * device the .dtsi gives it to, else only when the table sets all its pins
 * (*device: the enabled device its function names, or NULL: hogged); NULL: none.
 * *override: the board routes that enabled device's function to other pins
 * (the group's marvell,pins become the table's: conv_dtsi_override_pin).
 */
const char *conv_dtsi_pin_group(struct conv *c, const char *ctrl_label, const struct mpp_pin *p,
				bool *attached, struct dt_node **device, bool *override);
void conv_dtsi_override_pin(struct conv *c, const char *group, const struct mpp_pin *p);
/* Does the .dtsi have a node name under &ctrl_label? */
bool conv_dtsi_has_node(const struct conv *c, const char *ctrl_label, const char *name);

/* engine_memory.c: RAM banks and reserved ranges */
enum memory_kind { MEMORY_RAM, MEMORY_RESERVED, MEMORY_NOMAP };
const char *conv_memory_range(struct conv *c, const struct value *base, const struct value *size,
			      enum memory_kind kind, const struct srcpos *pos, const char *origin,
			      const char **why);
bool conv_meminfo_store(struct conv *c, const struct function *fn, const struct store *s,
			struct fact *f);

/* engine_status.c: disable the unregistered board-level nodes of the .dtsi */
void conv_status_pass(struct conv *c, const struct machine *m);
/* Root nodes in a chip-select window of the .dtsi's external bus, moved under it
 * (engine_bus_windows.c). */
void conv_bus_windows(struct conv *c);
/*
 * A MEM resource whose start is the window the board requested for a chip
 * select (the pack's `cs_request:`, gpmc_cs_request(cs, size, &base), then
 * res.start = base + off): reg = <off size> on n, moved under the bus by
 * conv_bus_windows as <cs off size>. The reg, or NULL (not such a start).
 */
struct dt_prop *conv_cs_window_reg(struct conv *c, struct dt_node *n, const struct value *res,
				   const struct value *start, const struct value *end);
/*
 * I2C bus N of the board's own i2c-gpio device (platform device "i2c-gpio"
 * with .id = N): engine_i2c_gpio.c. conv_i2c_gpio_bus() is that node when it
 * exists already; conv_i2c_note_bus() records a bus filled on a SoC label and
 * conv_i2c_gpio_pass() moves its devices when the i2c-gpio device came later.
 */
struct dt_node *conv_i2c_gpio_bus(struct conv *c, long long busno);
void conv_i2c_note_bus(struct conv *c, long long busno, struct dt_node *bus, bool created);
void conv_i2c_gpio_pass(struct conv *c);

/* engine_root.c: the root node (includes, model, compatible, aliases) */
void conv_build_root(struct conv *c, const struct machine *m);
const char *conv_dtsi_name(const struct conv *c);	/* the .dtsi the output includes, or NULL */
/* The pack's `dtsi_variants:` entry whose .dtsi the output includes, or NULL. */
const struct rnode *conv_chosen_variant(const struct conv *c);
/* engine_refs.c: why a variable no registration consumed was not converted */
const char *conv_elsewhere(struct conv *c, const struct machine *m, const char *var);
bool conv_named_by_any(struct conv *c, const char *var);
const char *conv_unregistered_why(struct conv *c, const struct machine *m, const char *var);
/* engine_leftovers.c */
void conv_account_unused_vars(struct conv *c, const struct machine *m);
void conv_account_lost(struct conv *c);
void conv_drop_unknown_overlays(struct conv *c);
void conv_account_unbound(struct conv *c);
/* A device node whose rule says `requires:`: checked once everything is written. */
void conv_note_requires(struct conv *c, struct dt_node *n, const struct rnode *drule);
/* engine_usb_phy.c: a board's USB transceiver and the SoC pack's `usb_phy_user:` controller */
struct dt_node *conv_usb_phy_user(struct conv *c);
/* n, the node of a `usb_phy:` device named name: a PHY, or false: a draft (no compatible) */
bool conv_usb_phy(struct conv *c, struct dt_node *n, const struct rnode *rule, const char *name);
void conv_usb_phy_requires(struct conv *c);
/* engine.c */
bool conv_reached(const struct conv *c, const struct function *f);
/*
 * The condition of the guarded store that put v in its element
 * (engine_grow.c: `if (rev >= GEN_2) ... else pdata.reset_gpio_port[1] = 135;`,
 * the default path taken), for the property's `[if ...]`; NULL: none.
 */
const char *conv_grown_condition(struct conv *c, const struct value *v);
/*
 * Where call runs among the machine's calls (a board function's calls run
 * at its call site: engine_exec_order.c); -1 for a call it does not reach.
 */
long conv_call_rank(struct conv *c, const struct call *call);
const char *conv_initcall(const struct variable *v);
bool conv_var_used(const struct conv *c, const char *name);
void conv_mark_var(struct conv *c, const char *name);
const struct rnode *conv_find_rule(const struct conv *c, struct rnode **list, size_t n,
				   const char *key, const char *value);
/* The SoC pack's `section` entry whose `key` is value, else conv_find_rule(list). */
const struct rnode *conv_soc_rule(const struct conv *c, const char *section,
				  struct rnode **list, size_t n, const char *key, const char *value);
const struct rnode *conv_device_rule(const struct conv *c, const char *type);
const struct rnode *conv_struct_rule(const struct conv *c, const char *type);
char *conv_template(struct conv *c, const char *tmpl, const struct value *list,
		    const struct call *call, const struct rnode *argnames);
void conv_bind_dev(struct conv *c, const char *dev_name, struct dt_node *node);
struct dt_node *conv_dev_node(const struct conv *c, const char *dev_name);
struct dt_node *conv_enable(struct conv *c, const char *label, const struct srcpos *pos,
			    const char *origin);
const char *conv_origin(struct conv *c, const struct value *v);
const char *conv_label(struct conv *c, const char *text);

/* engine_values.c: a call argument that is a parameter of its function, as its caller passed it */
const struct value *conv_param_value(const struct conv *c, const struct value *v);
const struct value *conv_param_value_in(const struct conv *c, const struct function *fn,
					const struct value *v);
size_t conv_param_sites(struct conv *c, const struct function *fn, const struct value *v,
			const struct call ***sites, const struct function ***ins);
const struct value *conv_param_at(const struct conv *c, const struct function *fn,
				  const struct call *site, const struct function *in,
				  const struct value *v);
/*
 * `ek_udc_data.pullup_pin`, `pins[1]`: a read of a member or element of a
 * file variable no function of the file writes, as its initializer has it
 * (engine_reads.c); NULL when v is no such read.
 */
const struct value *conv_read_value(const struct conv *c, const struct value *v);
/* 16 or 10: the base v's C text wrote it in (engine_base.c); 0: not told. */
unsigned conv_c_base(const struct value *v);

/* engine_values.c: field reads through store overrides */
struct value *conv_field(const struct conv *c, const struct value *list, const char *field);
bool conv_when_holds(struct conv *c, const struct rnode *when, const struct value *list);
struct field_override *conv_override(const struct conv *c, const struct value *list,
				     const char *field);
const struct variable *conv_deref(const struct conv *c, const struct value *v);
const struct variable *conv_element(const struct conv *c, const struct variable *arr, long index);
const struct variable *conv_deref_one(const struct conv *c, const struct value *v);
void conv_set_field(struct conv *c, const struct value *list, const char *field, struct value *v);
bool value_is_zero(const struct value *v);
void conv_apply_stores(struct conv *c);
void conv_finish_soc_pdata(struct conv *c);
bool conv_soc_pdata_store(struct conv *c, const struct store *s, struct fact *f);
void conv_board_clocks(struct conv *c, const struct machine *m);	/* engine_soc_setup.c */
/* engine_nested_macro.c: an undefined macro inside another call's argument, covered by that call */
bool conv_nested_macro_call(struct conv *c, const struct function *fn, const struct call *call,
			    struct fact *f);
/* The call the rules know: clang's, or the board file's NAME(args) its macro expansion came from. */
const struct call *conv_ruled_call(const struct conv *c, const struct call *call);
void conv_base_layer(struct conv *c, const struct machine *m);	/* engine_base_layer.c */
/* engine_props_down.c: `on: children` props of node moved to its children from first_child on */
/* engine_node_name.c: an array entry's node name, "timing{n}" -> timing0, else name-index */
const char *conv_indexed_name(struct conv *c, const char *tmpl, const char *name, long index);
/* engine_root.c: /aliases { name = &label; } */
struct dt_prop *conv_set_alias(struct conv *c, const char *name, const char *label,
			       const struct srcpos *pos, const char *origin);
/* engine_call_guards.c: a function called from one guarded place takes that place's guards */
void conv_inherit_guards(struct conv *c);
void conv_resolve_local_aliases(struct conv *c);
/* engine_hog_users.c: gpio-hogs on lines a device's GPIO property names are dropped */
void conv_drop_used_hogs(struct conv *c);
/* `on: ROLE`: the node a multi-node converter registered for a role, else node */
void conv_set_role(struct conv *c, const char *role, struct dt_node *n);
void conv_clear_roles(struct conv *c);
struct dt_node *conv_on_node(const struct conv *c, struct dt_node *node, const struct rnode *pr);
/* engine_struct.c: non-zero members of list that `used` lacks -> TODOs (why: the reason) */
void conv_leftover_fields(struct conv *c, struct dt_node *node, const struct value *list,
			  const char **used, size_t nused, const char *what, bool has_rule,
			  const char *why);
/* engine_base_layer.c: a rule map's properties in DTS syntax on n */
void conv_layer_props(struct conv *c, const struct srcpos *pos, struct dt_node *n,
		      const struct rnode *props, const char *header, const char *why);
void conv_props_down(struct conv *c, struct dt_node *node, const struct rnode *props,
		     size_t first_child);
/* engine_base_layer.c: the layer's node for SoC device var the .dtsi lacks, or NULL (*why) */
struct dt_node *conv_layer_device(struct conv *c, const char *var, const struct srcpos *pos,
				  const char **why);
int conv_guard_state(const struct conv *c, struct guard **g, size_t n);	/* 1 true, 0 false, -1 unknown */
int conv_guard_state_in(struct conv *c, const struct function *fn, struct guard **g, size_t n);
/* engine_compounds.c: the compound assignments of the functions the machine runs: TODOs */
void conv_account_compounds(struct conv *c);

/* engine_success.c: a condition's leaf that tests whether a setup call failed: it did not */
bool conv_success_leaf(const struct conv *c, const char *spelling, long long *out);
/* A file variable the records' .init_machine functions set (engine_machine_vars.c). */
bool conv_machine_var(const struct conv *c, const char *name, long long *out);
/* Is fn the parser of a kernel command-line option (__setup / early_param)? (engine_guards.c) */
bool conv_is_setup_handler(const struct conv *c, const char *fn);
/* A spelling that is a call's result, `f(...)`, not a parenthesized expression. */
bool conv_call_result(const char *spelling);

/* engine_default_path.c: the guards of fn's call that are the else of an undecided condition */
const char *conv_default_path(struct conv *c, const struct function *fn, struct guard **g,
			      size_t n);
/*
 * A call or store whose guards are false: converted ("not taken: ..."), or a
 * TODO at pos when only tolerant mode's assumption of CONFIG_ symbols made
 * them false (its other arm was converted under it).
 */
void conv_not_taken(struct conv *c, struct fact *f, struct guard **g, size_t n,
		    const struct srcpos *pos);

/* engine_resolve.c: the one GPIO resolver and the one IRQ resolver */
void conv_setup_gpio_spaces(struct conv *c);
void conv_gpio_line_cell(struct conv *c, const struct gpio_space *s, struct dt_chunk *chunk,
			 long long line);
bool conv_gpio_cells(struct conv *c, const struct value *v, struct dt_chunk *chunk,
		     bool active_low);
const char *conv_provider_label(const struct conv *c, const struct value *entry);
struct dt_node *conv_controller_overlay(struct conv *c, const char *label);
void conv_collect_irq_types(struct conv *c);
unsigned conv_irq_board_type(const struct conv *c, const struct value *v);
bool conv_irq_cells(struct conv *c, const struct value *v, unsigned type, struct dt_chunk *chunk);
bool conv_gpio_irq_callee(const struct conv *c, const char *name);
/* A call of fn (NULL: none of the file's) as the machine's own (engine.c). */
void conv_convert_call(struct conv *c, const struct function *fn, const struct call *call);
/* SoC helpers a record names, with a pack call rule that enables nodes (engine_soc_setup.c). */
void conv_record_helpers(struct conv *c, const struct machine *m);
bool conv_soc_setup_call(struct conv *c, const struct function *fn, const struct call *call,
			 struct fact *f);

/* engine_struct.c: struct bindings and property converters */
void conv_apply_struct(struct conv *c, struct dt_node *node, const struct rnode *rule,
		       const struct value *list, const char *what);
struct dt_node *conv_struct_node(struct conv *c, struct dt_node *parent, const struct rnode *rule,
				 const struct value *list, const char *what, long index);
/* engine_struct.c: the props: entry of rule reading field; a field's `absent:` value */
const struct rnode *conv_prop_rule_of(const struct rnode *rule, const char *field);
const struct value *conv_absent_value(struct conv *c, const struct rnode *pr,
				      const struct value *list);
/* engine_node_name.c: a struct node's name and unit */
const char *conv_node_name(struct conv *c, const char *tmpl, const struct value *list);
const char *conv_node_unit(struct conv *c, const struct rnode *rule, const struct value *list,
			   long index);
const char *conv_regulator_name(struct conv *c, const char *tmpl, const struct value *list,
				const char **origin, const char **why);
struct dt_node *conv_regulator(struct conv *c, struct dt_node *parent, const struct value *init,
			       const char *label, const char *what);

/* engine_register.c: registration calls */
bool conv_register_call(struct conv *c, const struct call *call, const struct rnode *rule,
			struct fact *f);
struct dt_node *conv_platform_device(struct conv *c, const struct variable *dev, struct fact *f);
bool conv_add_interrupt(struct conv *c, struct dt_node *n, const struct value *irq, unsigned type);
/* engine_resolve.c: a copy of one cell (number, macro or reference) appended to ch */
void conv_add_cell(struct conv *c, struct dt_chunk *ch, const struct dt_cell *cell);
/* engine_resolve.c: "IRQ_TYPE_LEVEL_LOW" for 8 (a dt-bindings IRQ_TYPE_* value), else IRQ_TYPE_NONE */
const char *conv_irq_type_macro(unsigned type);
/* engine_register.c: when a call of this rule registers: -1 before the board's stores
 * (pdata_bits: it fills the data they write into), 0 in order, 1 after every other */
int conv_register_phase(const struct rnode *rule);
void conv_finish_supplies(struct conv *c);

/* engine_labels.c: what the reference check knows of labels outside the graph */
bool conv_label_usable(struct conv *c, const char *label);	/* engine_labels.c */
void conv_label_check_setup(struct conv *c);
/* engine_children.c: one child node per entry of arr (up to count), in container. */
/* A fact for field value v of struct `what` (engine_struct.c): converted to p on node, or a TODO. */
void conv_field_fact(struct conv *c, const struct value *v, const char *what,
		     const struct dt_node *node, const struct dt_prop *p, const char *reason);
/* A struct rule's `children:` on node (engine_children.c). */
void conv_apply_children(struct conv *c, struct dt_node *node, const struct rnode *ch,
			 const struct value *list, const char *what);
void conv_add_children(struct conv *c, struct dt_node *node, const struct variable *arr,
		       const struct value *count, const struct rnode *rule,
		       const struct rnode *container);
const char *conv_include_path(struct conv *c, const char *name);
struct dt_node *conv_mbus_place(struct conv *c, struct dt_node *n, const struct rnode *rule);

#endif
