// SPDX-License-Identifier: GPL-2.0
/*
 * `register: serial_port` and `register: stdout_path`: UARTs a SoC helper
 * picks by peripheral id, and the console.
 *
 *   at91_register_uart(AT91SAM9260_ID_US0, 1, ATMEL_UART_CTS | ATMEL_UART_RTS)
 *   -> &usart0 { pinctrl-0 = <&pinctrl_usart0 &pinctrl_usart0_cts
 *                             &pinctrl_usart0_rts>; status = "okay"; };
 *      aliases { serial1 = &usart0; };
 *   at91_set_serial_console(0) -> chosen { stdout-path = "serial0"; };
 *   add_preferred_console("ttyS", 2, "115200") (DaVinci, `options: options`)
 *   -> chosen { stdout-path = "serial2:115200"; };
 *
 * The node is the target .dtsi's `name:` node whose first interrupts cell is
 * the id (AT91 peripheral ids are AIC interrupt numbers), or `zero:` for id
 * 0 (the DBGU). `alias:` names the port-number argument, `flags:` the
 * argument whose bits (`flag_groups: {0x01: cts}`) add the .dtsi's
 * pinctrl_<label>_<group> groups (or <default group>_<group>) to the node's
 * default pinctrl-0.
 *
 *   register: {kind: serial_port, id: id, name: serial, zero: dbgu, alias: portnr,
 *              flags: pins, flag_groups: {"0x01": cts, "0x02": rts}}
 */
#include <libfdt.h>
#include <stdlib.h>

#include "registrations.h"

#include "../../common/util.h"
#include "../../kernel/soc_dtsi.h"

static const char *alias_stem(const struct reg_ctx *r)
{
	return rn_str(r->reg, "stem") ? rn_str(r->reg, "stem") : "serial";
}

/* The labels the .dtsi's pinctrl-0 of `label` points at, appended to p. */
static void dtsi_default_pins(struct conv *c, const char *label, struct dt_chunk *ch, size_t *n)
{
	const void *fdt = soc_dtsi_fdt(c->opt->dtsi);
	const char *path = soc_dtsi_label_path(c->opt->dtsi, label);
	int off = path ? fdt_path_offset(fdt, path) : -1, len = 0;
	const fdt32_t *v = off >= 0 ? fdt_getprop(fdt, off, "pinctrl-0", &len) : NULL;

	for (int i = 0; v && i < len / 4; i++) {
		int target = fdt_node_offset_by_phandle(fdt, fdt32_to_cpu(v[i]));
		const char *l = target >= 0 ? soc_dtsi_label_of(c->opt->dtsi, target) : NULL;

		if (l) {
			dt_chunk_add_ref(c->t, ch, l);
			(*n)++;
		}
	}
}

/*
 * The .dtsi's group for an option of the port: pinctrl_<label>_<group>, or
 * the port's default group's name with _<group> (at91rm9200.dtsi's &usart1
 * selects pinctrl_uart1 and names its options pinctrl_uart1_cts ...);
 * the first spelling when the .dtsi has neither.
 */
static const char *option_group(struct conv *c, const char *label, const char *group)
{
	const char *g = arena_printf(c->a, "pinctrl_%s_%s", label, group), *alt = NULL;
	char *dflt[1];

	if (soc_dtsi_has_label(c->opt->dtsi, g) || !soc_dtsi_pinctrl0(c->opt->dtsi, label, dflt, 1))
		return g;
	if (dflt[0][0] != '{')
		alt = arena_printf(c->a, "%s_%s", dflt[0], group);
	free(dflt[0]);
	return alt && soc_dtsi_has_label(c->opt->dtsi, alt) ? alt : g;
}

/* Bits of the flags argument -> extra pin groups; false (with a TODO) when one is missing. */
static bool flag_pins(struct reg_ctx *r, struct dt_node *n, const char *label)
{
	struct conv *c = r->c;
	const struct value *flags = rn_str(r->reg, "flags") ? reg_arg(r, "flags") : NULL;
	const struct rnode *groups = rn_get(r->reg, "flag_groups");
	struct dt_prop *p;
	struct dt_chunk *ch;
	size_t n0 = 0;
	long long rest;

	if (!flags || (flags->kind == VAL_INT && flags->ival == 0))
		return true;
	if (flags->kind != VAL_INT || !groups) {
		reg_todo(r, arena_printf(c->a, "&%s enabled; its pin options %s: not known at "
					 "build time", label, flags->spelling ? flags->spelling : "?"));
		return false;
	}
	p = dt_prop_set(c->t, n, "pinctrl-0");
	ch = dt_prop_add_cells(c->t, p);
	/* `replace_pins: true`: the selected groups are all the pins (an SSC's
	 * ATMEL_SSC_TX is its tx group alone, not the .dtsi's tx + rx) */
	if (!str_eq(rn_str(r->reg, "replace_pins"), "true"))
		dtsi_default_pins(c, label, ch, &n0);
	rest = flags->ival;
	for (size_t i = 0; i < groups->n; i++) {
		long long bit;
		const char *g;

		if (!rn_long(&(struct rnode){ .kind = RN_SCALAR, .scalar = groups->keys[i] }, &bit) ||
		    !(flags->ival & bit))
			continue;
		rest &= ~bit;
		g = option_group(c, label, groups->items[i]->scalar);
		/* DTR and DSR share one group: add it once. */
		bool dup = false;

		for (size_t k = 0; k < ch->ncells; k++)
			dup = dup || str_eq(ch->cells[k].text, g);
		if (dup)
			continue;
		if (!soc_dtsi_has_label(c->opt->dtsi, g)) {
			dt_prop_del(n, "pinctrl-0");
			reg_todo(r, arena_printf(c->a, "&%s enabled; the target's .dtsi has no %s "
						 "group for %s: add its pins by hand", label, g,
						 flags->spelling));
			return false;
		}
		dt_chunk_add_ref(c->t, ch, g);
	}
	if (rest) {
		dt_prop_del(n, "pinctrl-0");
		reg_todo(r, arena_printf(c->a, "&%s enabled; pin option bits %#llx of %s: no "
					 "rule names their group", label, rest, flags->spelling));
		return false;
	}
	p->pos = flags->pos;
	p->origin = r->call->spelling;
	return true;
}

bool reg_serial_port(struct reg_ctx *r)
{
	struct conv *c = r->c;
	const struct value *id = reg_arg(r, "id"), *port = reg_arg(r, "alias");
	const char *label = NULL;
	struct dt_node *n;

	if (!id || id->kind != VAL_INT) {
		reg_todo(r, "UART peripheral id not known at build time");
		return true;
	}
	if (id->ival == 0 && rn_str(r->reg, "zero"))
		label = rn_str(r->reg, "zero");
	else if (c->opt && c->opt->dtsi && id->ival > 0)
		label = soc_dtsi_label_irq(c->opt->dtsi, rn_str(r->reg, "name") ?
					   rn_str(r->reg, "name") : "serial", (uint32_t)id->ival);
	if (!label || (c->opt && c->opt->dtsi && !soc_dtsi_has_label(c->opt->dtsi, label))) {
		reg_todo(r, arena_printf(c->a, "no %s node with interrupt %lld (peripheral id %s) "
					 "in the target's SoC .dtsi", rn_str(r->reg, "name") ?
					 rn_str(r->reg, "name") : "serial", id->ival,
					 id->spelling ? id->spelling : "?"));
		return true;
	}
	n = conv_enable(c, label, &r->call->pos, r->call->spelling);
	if (!flag_pins(r, n, label))
		return true;
	if (port && port->kind == VAL_INT && port->ival >= 0)
		conv_set_alias(c, arena_printf(c->a, "%s%lld", alias_stem(r), port->ival), label,
			       &port->pos, r->call->spelling);
	reg_converted(r, arena_printf(c->a, "&%s", label));
	return true;
}

/* at91_set_serial_console(0): chosen { stdout-path = "serial0"; } (the port's alias). */
bool reg_stdout_path(struct reg_ctx *r)
{
	struct conv *c = r->c;
	const struct value *port = reg_arg(r, "alias");
	/* `options:` add_preferred_console("ttyS", 2, "115200")'s options: "serial2:115200" */
	const struct value *opts = rn_str(r->reg, "options") ? reg_arg(r, "options") : NULL;
	struct dt_node *ch, *an;
	struct dt_prop *p;
	const char *alias;
	const void *fdt;

	if (!port || port->kind != VAL_INT || port->ival < 0) {
		reg_todo(r, "console port not known at build time");
		return true;
	}
	alias = arena_printf(c->a, "%s%lld", alias_stem(r), port->ival);
	/* an alias the .dtsi lacks for a node it labels so (da850.dtsi's serial2): the board's */
	fdt = c->opt && c->opt->dtsi ? soc_dtsi_fdt(c->opt->dtsi) : NULL;
	an = dt_child(c->t->root, "aliases", NULL);
	if (fdt && !fdt_get_alias(fdt, alias) && !(an && dt_prop_find(an, alias)) &&
	    soc_dtsi_has_label(c->opt->dtsi, alias))
		conv_set_alias(c, alias, alias, &port->pos,
			       arena_printf(c->a, "%s: the console's alias", r->call->spelling));
	ch = dt_child(c->t->root, "chosen", NULL);
	if (!ch)
		ch = dt_node_add(c->t, c->t->root, "chosen", NULL);
	p = dt_prop_set(c->t, ch, "stdout-path");
	dt_prop_add_string(c->t, p, arena_printf(c->a, "%s%s%s", alias,
						 opts && opts->kind == VAL_STRING && *opts->text ? ":" : "",
						 opts && opts->kind == VAL_STRING ? opts->text : ""));
	p->pos = port->pos;
	p->origin = r->call->spelling;
	reg_converted(r, "/chosen stdout-path");
	return true;
}
