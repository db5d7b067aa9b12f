// SPDX-License-Identifier: GPL-2.0
/*
 * Registration calls: where board structs attach in the tree.
 *
 * A call rule names its arguments and a registration kind; each kind is one
 * function in the table at the bottom (platform devices, I2C and SPI board
 * info, GPIO hogs, fixed regulators, arrays of SoC platform data).
 */
#include "engine_int.h"
#include "engine_register.h"
#include "../kernel/soc_dtsi.h"
#include "registrations/registrations.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../common/util.h"

/* The call argument that the rule's `args:` names `name` (or `register: {name: arg}`). */
const struct value *reg_arg(const struct reg_ctx *r, const char *name)
{
	const struct rnode *names = rn_get(r->rule, "args");
	const char *alias = r->reg && r->reg->kind == RN_MAP ? rn_str(r->reg, name) : NULL;

	if (alias)
		name = alias;
	for (size_t i = 0; names && i < names->n && i < r->call->nargs; i++)
		if (str_eq(names->items[i]->scalar, name))
			return conv_param_value(r->c, r->call->args[i]);
	return NULL;
}

void reg_converted(struct reg_ctx *r, const char *became)
{
	r->f->fate = FACT_CONVERTED;
	r->f->became = became;
}

void reg_todo(struct reg_ctx *r, const char *reason)
{
	r->f->fate = FACT_TODO;
	r->f->reason = reason;
	dt_node_add_todo(r->c->t, NULL, &r->call->pos,
			 r->call->spelling ? r->call->spelling : r->call->callee, reason);
}

/* --- interrupts ------------------------------------------------------------ */

/*
 * Append one interrupt to n's interrupts-extended (the passes turn a single
 * controller into interrupt-parent + interrupts). False, with nothing
 * added, when no controller provides it.
 */
bool conv_add_interrupt(struct conv *c, struct dt_node *n, const struct value *irq, unsigned type)
{
	struct dt_prop *p = dt_prop_find(n, "interrupts-extended");
	struct dt_chunk *ch;

	if (!p) {
		p = dt_prop_set(c->t, n, "interrupts-extended");
		p->pos = irq->pos;
		p->origin = conv_origin(c, irq);
	}
	ch = dt_prop_add_cells(c->t, p);
	if (conv_irq_cells(c, irq, type, ch))
		return true;
	/* Roll back the empty group: an unresolved IRQ is a TODO, not a bad cell. */
	p->nchunks--;
	if (!p->nchunks)
		dt_prop_del(n, "interrupts-extended");
	return false;
}

static const struct {
	const char *kind;
	bool (*fn)(struct reg_ctx *r);
	int phase;	/* 1: a consumer lookup table, after every registration;
			 * -1: a helper that fills the board's data, before its stores */
} registrations[] = {
	{ "platform", reg_platform },
	{ "platform_list", reg_platform_list },
	{ "amba", reg_amba },
	{ "platform_named", reg_platform_named },
	{ "i2c", reg_i2c },
	{ "i2c_device", reg_i2c_device },
	{ "pdata_bits", reg_pdata_bits, -1 },
	{ "add_data", reg_add_data, -1 },
	{ "spi", reg_spi },
	{ "spi_device", reg_spi_device },
	{ "gpio_hog", reg_gpio_hog },
	{ "gpio_hog_array", reg_gpio_hog_array },
	{ "gpio_claim", reg_gpio_claim },
	{ "fixed_regulator", reg_fixed_regulator },
	{ "struct_array", reg_struct_array },
	{ "children", reg_children },
	{ "gpiod_lookup", reg_gpiod_lookup, 1 },
	{ "pwm_lookup", reg_pwm_lookup, 1 },
	{ "fixed_clock", reg_fixed_clock },
	{ "clock_rates", reg_clock_rates },
	{ "gpmc_nand", reg_gpmc_nand },
	{ "memory", reg_memory },
	{ "reserved_memory", reg_reserved_memory },
	{ "serial_port", reg_serial_port },
	{ "stdout_path", reg_stdout_path },
	{ "irq_type", reg_irq_type },
	{ "mbus_window", reg_mbus_window },
	{ "mbus_ranges", reg_mbus_ranges },
	{ "marvell_mpp", reg_marvell_mpp },
	{ "davinci_mux", reg_davinci_mux },
	{ "pxa_mfp", reg_pxa_mfp },
	{ "pxa3xx_mfp", reg_pxa3xx_mfp },
	{ "pxafb", reg_pxafb },
	{ "omap_mux", reg_omap_mux },
	{ "tegra_pinmux", reg_tegra_pinmux },
	{ "tegra_drive", reg_tegra_drive },
	{ "at91_pin", reg_at91_pin },
	{ "imx_iomux", reg_imx_iomux },
};

/* The `register:` kinds in table order: up to max into names; returns how many there are. */
size_t engine_register_kind_names(const char **names, size_t max)
{
	size_t n = sizeof(registrations) / sizeof(registrations[0]);

	for (size_t i = 0; i < n && i < max; i++)
		names[i] = registrations[i].kind;
	return n;
}

/* The registration kind of a call rule (`register: i2c` or `register: {kind: i2c}`). */
static const char *rule_kind(const struct rnode *rule)
{
	const struct rnode *reg = rn_get(rule, "register");

	return reg && reg->kind == RN_MAP ? rn_str(reg, "kind") : reg ? reg->scalar : NULL;
}

/*
 * Consumer lookup tables (gpiod, pwm) name their device by string, so the
 * kernel lets them come before the device: the engine runs them after every
 * other call of the machine.
 */
int conv_register_phase(const struct rnode *rule)
{
	const char *kind = rule_kind(rule);

	for (size_t i = 0; kind && i < sizeof(registrations) / sizeof(registrations[0]); i++)
		if (str_eq(registrations[i].kind, kind))
			return registrations[i].phase;
	return 0;
}

bool engine_known_registration(const char *kind)
{
	for (size_t i = 0; i < sizeof(registrations) / sizeof(registrations[0]); i++)
		if (str_eq(registrations[i].kind, kind))
			return true;
	return false;
}

/*
 * `node: label` or `node: [l1, l2]`: the call enables SoC nodes; `props:` from args.
 * False when a label cannot be told (an index not known at build time: a loop's
 * `imx6q_add_sdhci_usdhc_imx(i, &data[i])`): a TODO, and the call goes no further.
 */
static bool enable_nodes(struct reg_ctx *r, const struct rnode *node)
{
	struct conv *c = r->c;
	const struct rnode *props = rn_get(r->rule, "props");
	size_t n = node->kind == RN_SEQ ? node->n : 1;
	const char *first = NULL;

	for (size_t i = 0; i < n; i++) {
		const char *tmpl = node->kind == RN_SEQ ? node->items[i]->scalar : node->scalar;
		size_t len = tmpl ? strlen(tmpl) : 0;
		bool optional = len > 1 && tmpl[len - 1] == '?';
		const char *label = conv_template(c, optional ? arena_strndup(c->a, tmpl, len - 1) : tmpl,
						  NULL, r->call, rn_get(r->rule, "args"));
		struct dt_node *dn;

		/* "uart4?": only where the target's .dtsi has it (omap36xx.dtsi, not omap34xx.dtsi) */
		if (optional && label && !(c->opt->dtsi && soc_dtsi_has_label(c->opt->dtsi, label)))
			continue;
		if (!label) {
			reg_todo(r, arena_printf(c->a, "cannot tell which %s", tmpl));
			return false;
		}
		first = first ? first : label;
		dn = conv_enable(c, label, &r->call->pos, r->call->spelling);
		for (size_t k = 0; props && k < props->n; k++) {
			const char *arg = rn_str(props->items[k], "arg"), *on = rn_str(props->items[k], "node");

			if (on ? !str_eq(on, tmpl) : i != 0)
				continue;	/* on the first node, or the one `node:` names */
			/* `string: "fsl,imx28-mmc"`: the role a multi-role block takes (i.MX28 SSP) */
			if (rn_str(props->items[k], "string")) {
				struct dt_prop *sp = dt_prop_set(c->t, dn, rn_str(props->items[k], "prop"));

				dt_prop_add_string(c->t, sp, rn_str(props->items[k], "string"));
				sp->pos = r->call->pos;
				sp->origin = r->call->spelling;
				continue;
			}
			const struct value *v = arg ? reg_arg(r, arg) : NULL;
			long long scale = 1;
			struct value fixed = { .kind = VAL_INT, .pos = r->call->pos };
			struct dt_prop *p;

			/* `value: N`: what the helper fixes (omap3_pmic_init's 2.6 MHz bus) */
			if (!arg && rn_get_long(props->items[k], "value", &fixed.ival))
				v = &fixed;
			if (v && v->kind != VAL_INT)	/* a macro of a header tolerant mode lacks */
				dt_node_add_todo(c->t, dn, &v->pos, v->spelling ? v->spelling : arg,
						 arena_printf(c->a, "%s: value not known at build time",
							      rn_str(props->items[k], "prop")));
			if (!v || v->kind != VAL_INT)
				continue;
			rn_get_long(props->items[k], "scale", &scale);
			p = dt_prop_set(c->t, dn, rn_str(props->items[k], "prop"));
			dt_chunk_add_num(c->t, dt_prop_add_cells(c->t, p), (uint32_t)(v->ival * scale),
				 scale == 1 ? conv_c_base(v) : 0);
			p->pos = v->pos;
			p->origin = r->call->spelling;
		}
	}
	/* `node_todo:` what is still by hand once the nodes are enabled (DSS panels) */
	if (rn_str(r->rule, "node_todo") && !rule_kind(r->rule))
		reg_todo(r, arena_printf(c->a, "&%s enabled; %s", first, rn_str(r->rule, "node_todo")));
	else
		reg_converted(r, arena_printf(c->a, "&%s", first));
	return true;
}

/*
 * `node_flags: {port0: pcie0, port1: pcie1}`: each named argument says
 * whether the helper registers that node (dove_pcie_init(1, 1)): a nonzero
 * constant enables it, after the rule's `node:` (the controller); one not
 * known at build time is a TODO.
 */
static void enable_flags(struct reg_ctx *r, const struct rnode *nf)
{
	struct conv *c = r->c;
	const char *became = r->f->became;

	for (size_t i = 0; nf->kind == RN_MAP && i < nf->n; i++) {
		const struct value *v = reg_arg(r, nf->keys[i]);

		if (!v || v->kind != VAL_INT) {
			reg_todo(r, arena_printf(c->a, "%s: whether the helper registers &%s is not "
						 "known at build time", nf->keys[i], nf->items[i]->scalar));
			return;
		}
		if (!v->ival)
			continue;
		conv_enable(c, nf->items[i]->scalar, &r->call->pos, r->call->spelling);
		became = arena_printf(c->a, "%s%s&%s", became ? became : "", became ? " " : "",
				      nf->items[i]->scalar);
	}
	reg_converted(r, became);
}

/*
 * `node_bits: {arg: ports, bits: {"0x1": pcie0, "0x2": pcie1}, none: [pcie0]}`:
 * the helper's argument is a mask of the devices it registers
 * (kirkwood_pcie_init(KW_PCIE0 | KW_PCIE1)); each set bit enables its node,
 * after the rule's `node:` (the controller). A call without the argument (the
 * older helper took none) enables `none:`; a mask that is no constant, or a
 * bit no entry names, is a TODO.
 */
static void enable_bits(struct reg_ctx *r, const struct rnode *nb)
{
	struct conv *c = r->c;
	const struct rnode *bits = rn_get(nb, "bits"), *none = rn_get(nb, "none");
	const struct value *v = reg_arg(r, rn_str(nb, "arg"));
	const char *became = r->f->became;
	unsigned long long left;

	if (!v && r->call->nargs == 0 && none && none->kind == RN_SEQ) {
		for (size_t i = 0; i < none->n; i++) {
			conv_enable(c, none->items[i]->scalar, &r->call->pos, r->call->spelling);
			became = arena_printf(c->a, "%s%s&%s", became ? became : "", became ? " " : "",
					      none->items[i]->scalar);
		}
		reg_converted(r, arena_printf(c->a, "%s (no argument: the older helper's one device)",
					      became));
		return;
	}
	if (!v || v->kind != VAL_INT) {
		reg_todo(r, arena_printf(c->a, "%s: the device mask is not known at build time",
					 rn_str(nb, "arg")));
		return;
	}
	left = (unsigned long long)v->ival;
	for (size_t i = 0; bits && bits->kind == RN_MAP && i < bits->n; i++) {
		char *end;
		long long b = strtoll(bits->keys[i], &end, 0);

		if (*end || !(left & (unsigned long long)b))
			continue;
		left &= ~(unsigned long long)b;
		conv_enable(c, bits->items[i]->scalar, &r->call->pos, r->call->spelling);
		became = arena_printf(c->a, "%s%s&%s", became ? became : "", became ? " " : "",
				      bits->items[i]->scalar);
	}
	if (left)
		reg_todo(r, arena_printf(c->a, "mask bits %#llx: no node for them", left));
	else
		reg_converted(r, became);
}

/*
 * `at: 0x80010000` (or a list): the SoC devices the helper registers, found
 * by bus address in the target's .dtsi (labels differ between kernel
 * versions, addresses do not). All found: the nodes are enabled, and
 * `node_todo:` says what is still by hand. One missing (no .dtsi in the
 * target, or no node there): the rule's `todo:`, and nothing is enabled.
 * Returns AT_NONE when the rule has no `at:`, AT_KIND when its registration
 * kind still has to run, AT_DONE otherwise.
 */
enum at_result { AT_NONE, AT_KIND, AT_DONE };

static enum at_result register_at(struct reg_ctx *r)
{
	struct conv *c = r->c;
	const struct rnode *at = rn_get(r->rule, "at");
	size_t n = at && at->kind == RN_SEQ ? at->n : 1;
	const char *labels[8], *became = NULL;

	if (!at)
		return AT_NONE;
	for (size_t i = 0; i < n && i < 8; i++) {
		long long addr = -1;

		rn_long(at->kind == RN_SEQ ? at->items[i] : at, &addr);
		labels[i] = c->opt && c->opt->dtsi && addr >= 0 ?
			    soc_dtsi_label_at(c->opt->dtsi, (uint64_t)addr) : NULL;
		if (!labels[i]) {
			reg_todo(r, rn_str(r->rule, "todo") ? rn_str(r->rule, "todo") :
				    arena_printf(c->a, "no node at %#llx in the target's SoC .dtsi", addr));
			return AT_DONE;
		}
	}
	for (size_t i = 0; i < n && i < 8; i++) {
		conv_enable(c, labels[i], &r->call->pos, r->call->spelling);
		became = became ? arena_printf(c->a, "%s &%s", became, labels[i]) :
				  arena_printf(c->a, "&%s", labels[i]);
	}
	if (rn_str(r->rule, "node_todo"))
		reg_todo(r, arena_printf(c->a, "%s enabled; %s", became, rn_str(r->rule, "node_todo")));
	else
		reg_converted(r, became);
	return !rule_kind(r->rule) || rn_str(r->rule, "node_todo") ? AT_DONE : AT_KIND;
}

/*
 * `ignore_when: {args: {event: S3C24XX_PWM3, source: S3C24XX_PWM4}, note}`:
 * arguments for which the call states what the DT driver does by itself
 * (the Samsung PWM timer takes the two highest channels not used as PWM
 * outputs). Each named argument must be spelled so, or have that value.
 */
static bool args_match(const struct reg_ctx *r, const struct rnode *args)
{
	for (size_t i = 0; args && i < args->n; i++) {
		const struct value *v = reg_arg(r, args->keys[i]);
		const char *want = args->items[i]->scalar;
		char *end;
		long long n;

		if (!v || !want)
			return false;
		n = strtoll(want, &end, 0);
		if (str_eq(v->spelling, want) || (!*end && v->kind == VAL_INT && v->ival == n))
			continue;
		return false;
	}
	return args && args->n > 0;
}

/*
 * A call in a condition whose rule is a TODO (`mv78xx0_core_index()`: which
 * core runs Linux) that the user decided: an --assume naming it
 * (`--assume 'mv78xx0_core_index() == 0=1'`); its assumption, or NULL.
 */
static const struct assumption *assumed_call(const struct conv *c, const struct call *call)
{
	for (size_t i = 0; c->opt && call->spelling && i < c->opt->nassume; i++)
		if (c->opt->assume[i].name && strstr(c->opt->assume[i].name, call->spelling))
			return &c->opt->assume[i];
	return NULL;
}

bool conv_register_call(struct conv *c, const struct call *call, const struct rnode *rule,
			struct fact *f)
{
	struct reg_ctx r = { c, call, rule, rn_get(rule, "register"), f };
	const char *kind = rule_kind(rule);
	enum at_result at = register_at(&r);

	if (at == AT_DONE)
		return true;
	if (rn_get(rule, "ignore_when") && args_match(&r, rn_get(rn_get(rule, "ignore_when"), "args"))) {
		reg_converted(&r, arena_printf(c->a, "no DT equivalent: %s",
					       rn_str(rn_get(rule, "ignore_when"), "note")));
		return true;
	}
	const struct assumption *as = at == AT_NONE && call->nested ? assumed_call(c, call) : NULL;

	if (as && rn_str(rule, "todo")) {
		reg_converted(&r, arena_printf(c->a, "decided by --assume '%s=%s'", as->name, as->value));
		return true;
	}
	if (at == AT_NONE && rn_str(rule, "todo")) {
		reg_todo(&r, rn_str(rule, "todo"));
		return true;
	}
	if (rn_str(rule, "ignore")) {
		reg_converted(&r, arena_printf(c->a, "no DT equivalent: %s", rn_str(rule, "ignore")));
		return true;
	}
	if (rn_get(rule, "node") && !enable_nodes(&r, rn_get(rule, "node")))
		return true;
	if (rn_get(rule, "node_bits") && f->fate != FACT_TODO) {
		enable_bits(&r, rn_get(rule, "node_bits"));
		return true;
	}
	if (rn_get(rule, "node_flags") && f->fate != FACT_TODO) {
		enable_flags(&r, rn_get(rule, "node_flags"));
		return true;
	}
	if (rn_get(rule, "node") && str_eq(kind, "struct_array") && !rn_get(rule, "props"))
		f->became = NULL;
	for (size_t i = 0; kind && i < sizeof(registrations) / sizeof(registrations[0]); i++)
		if (str_eq(registrations[i].kind, kind))
			return registrations[i].fn(&r) || (f->reason = "arguments not understood", false);
	return rn_get(rule, "node") != NULL;
}

/*
 * `supply_consumers: [{supply: cvdd, label: cpu, prop: cpu}]`: a supply the
 * board names without a device (the SoC driver asks for it) -> that node.
 */
static const struct rnode *supply_consumer(const struct conv *c, const struct pending_supply *s)
{
	const struct rnode *l = rn_get(c->soc, "supply_consumers");

	for (size_t i = 0; l && s->supply && i < l->n; i++)
		if (str_eq(rn_str(l->items[i], "supply"), s->supply) &&
		    (!rn_str(l->items[i], "dev_name") || str_eq(rn_str(l->items[i], "dev_name"), s->dev_name)))
			return l->items[i];
	return NULL;
}

/*
 * `vmmc1_supply.dev = mmc[0].dev;` (the OMAP3 boards of 2.6.3x-3.x, in their
 * twl4030 GPIO setup callback): a supply named without a device, whose
 * consumer is the device the platform data mmc[0] made. That element's rule
 * overlays a node (omap2_hsmmc_info: "mmc{mmc}"); the output's overlay of
 * that label, or NULL.
 */
static struct dt_node *supply_dev_store(struct conv *c, const struct pending_supply *s)
{
	const char *want = s->index < 0 ? ".dev" : arena_printf(c->a, "[%ld].dev", s->index);

	for (size_t i = 0; s->var && i < c->nreach; i++)
		for (size_t j = 0; j < c->reach[i]->nstores; j++) {
			const struct store *st = c->reach[i]->stores[j];
			const char *rhs = st->rhs ? st->rhs->spelling : NULL, *open;
			const struct variable *arr, *el;
			char *end;
			long idx;

			if (!str_eq(st->var, s->var) || !str_eq(st->path, want) || !rhs ||
			    !(open = strchr(rhs, '[')))
				continue;
			idx = strtol(open + 1, &end, 10);
			if (end == open + 1 || strcmp(end, "].dev") ||
			    !(arr = board_find_var(c->b, arena_strndup(c->a, rhs, (size_t)(open - rhs)))) ||
			    !(el = conv_element(c, arr, idx)))
				continue;
			const char *tmpl = rn_str(conv_struct_rule(c, arr->type), "overlay");
			const char *label = tmpl ? conv_template(c, tmpl, el->init, NULL, NULL) : NULL;

			if (label && conv_overlay_of(c, label))
				return conv_overlay_of(c, label);
		}
	return NULL;
}

/*
 * A supply name a binding could use before "-supply": letters, digits, '-',
 * '_', '.', ',' ("vmmc", "AVDD"); not "RESET#" (a pin name in a board file).
 */
static bool supply_name_ok(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && !strchr("-_.,", *s))
			return false;
	return true;
}

/*
 * `{supply: vddvario, dev_name: smsc911x.0, covered_by: omap-gpmc-smsc911x.dtsi}`:
 * the output's tail include of that name gives the device that supply
 * itself (3.x OMAP boards fed the LAN9221 a dummy regulator for it); the
 * include, or NULL.
 */
static const char *covered_by(const struct conv *c, const struct rnode *named)
{
	const char *inc = rn_str(named, "covered_by");
	size_t n = inc ? strlen(inc) : 0;

	/* written "\"omap-gpmc-smsc911x.dtsi\"", or with the tree's directory */
	for (size_t i = 0; inc && i < c->t->ntail_includes; i++) {
		const char *t = c->t->tail_includes[i];
		size_t len = strlen(t);

		if (len > n + 1 && t[len - 1] == '"' && !strncmp(t + len - 1 - n, inc, n) &&
		    (t[len - 2 - n] == '"' || t[len - 2 - n] == '/'))
			return inc;
	}
	return NULL;
}

/* REGULATOR_SUPPLY("vmmc", "omap_hsmmc.0"): vmmc-supply = <&reg> on that device's node. */
void conv_finish_supplies(struct conv *c)
{
	const struct rnode *names = rn_get(c->soc, "dev_names");

	for (size_t i = 0; i < c->nsupplies; i++) {
		struct pending_supply *s = c->supplies[i];
		struct dt_node *n = conv_dev_node(c, s->dev_name);
		const char *label = n ? NULL : rn_str(names, s->dev_name ? s->dev_name : "");
		const struct rnode *named = n || label ? NULL : supply_consumer(c, s);
		struct dt_prop *p;

		if (named && covered_by(c, named)) {
			s->fact->fate = FACT_CONVERTED;
			s->fact->became = arena_printf(c->a, "no property: the target's %s gives the "
						       "device its %s supply", covered_by(c, named),
						       s->supply);
			continue;
		}
		if (named) {
			label = rn_str(named, "label");
			s->supply = rn_str(named, "prop") ? rn_str(named, "prop") : s->supply;
		}
		if (!n && label)
			n = dt_overlay(c->t, label);
		if (!n && !s->dev_name)
			n = supply_dev_store(c, s);
		if (n && s->supply && s->reg_label && !supply_name_ok(s->supply)) {
			s->fact->fate = FACT_TODO;
			s->fact->reason = arena_printf(c->a, "supply \"%s\" for device \"%s\": not a "
						       "property name (%s-supply): name the supply "
						       "after the device's binding", s->supply,
						       s->dev_name ? s->dev_name : "(any)", s->supply);
			dt_node_add_todo(c->t, n, &s->pos, s->origin, s->fact->reason);
			continue;
		}
		if (!n || !s->supply || !s->reg_label) {
			s->fact->fate = FACT_TODO;
			s->fact->reason = arena_printf(c->a, "supply \"%s\" for device \"%s\": device not in the tree",
						       s->supply ? s->supply : "?",
						       s->dev_name ? s->dev_name : "(any)");
			dt_node_add_todo(c->t, NULL, &s->pos, s->origin, s->fact->reason);
			continue;
		}
		p = dt_prop_set(c->t, n, arena_printf(c->a, "%s-supply", s->supply));
		dt_chunk_add_ref(c->t, dt_prop_add_cells(c->t, p), s->reg_label);
		p->pos = s->pos;
		p->origin = s->origin;
		s->fact->fate = FACT_CONVERTED;
		s->fact->became = arena_printf(c->a, "%s %s", dt_node_path(c->t, n), p->name);
	}
}
