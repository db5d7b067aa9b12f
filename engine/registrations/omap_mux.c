// SPDX-License-Identifier: GPL-2.0
/*
 * `register: omap_mux`: the OMAP2+ mux calls of 2.6.3x - 3.x board files,
 *
 *	omap3_mux_init(board_mux, OMAP_PACKAGE_CBB)	{kind: omap_mux, table: board_mux}
 *	omap_mux_init_signal("sdmmc1_clk", OMAP_PIN_INPUT_PULLUP)	{signal: name, flags: val}
 *	omap_mux_init_gpio(157, OMAP_PIN_OUTPUT)	{gpio: gpio, flags: val}
 *
 * with board_mux[] a table of OMAP3_MUX(SYS_NIRQ, OMAP_MUX_MODE0 | ...)
 * entries up to { .reg_offset = OMAP_MUX_TERMINATOR }. Pad names and
 * modes come from the target tree's .dts comments (kernel/omap_pads.c,
 * the pack's `pinctrl: pads:`), the flags from dt-bindings/pinctrl/omap.h:
 * OMAP_PIN_INPUT_PULLUP -> PIN_INPUT_PULLUP, OMAP_WAKEUP_EN -> WAKEUP_EN,
 * OMAP_MUX_MODE4 -> MUX_MODE4 (the name without OMAP_, when the header
 * defines it). The pads are kept in the conversion and become
 * pinctrl-single groups in the pass (engine/engine_pinmux_omap.c).
 */
#include "registrations.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/util.h"
#include "../../kernel/omap_pads.h"
#include "../../kernel/soc_dtsi.h"

/* The reason of a pad the target's .dts comments never name, before the name. */
#define UNNAMED "no .dts of the target tree names the pad of "

/* The flags of a mux value as dt-bindings text and value; mode: the given one, or -1 to read it. */
static bool flags_dt(struct conv *c, const char *spelling, int mode, struct omap_pin *pin,
		     const char **why)
{
	const struct omap_pads *pads = c->opt->omap_pads;
	char *s = xstrdup(spelling ? spelling : "0"), *save = NULL;
	struct strbuf text;
	uint32_t v, val = 0;
	bool ok = true;

	sb_init(&text);
	for (char *q = s; *q; q++)
		*q = *q == '(' || *q == ')' ? ' ' : *q;
	for (char *t = strtok_r(s, "|", &save); t && ok; t = strtok_r(NULL, "|", &save)) {
		size_t n;

		t += strspn(t, " \t\n");
		n = strcspn(t, " \t\n");
		if (t[n] && t[n + strspn(t + n, " \t\n")]) {	/* A & ~B, A << 2: not a flag */
			*why = arena_printf(c->a, "%s is not an OR of OMAP_* flags", spelling);
			ok = false;
			break;
		}
		t[n] = '\0';
		if (!strcmp(t, "0") || !*t)
			continue;
		if (!strncmp(t, "OMAP_MUX_MODE", 13) && isdigit((unsigned char)t[13]) && !t[14]) {
			mode = mode < 0 ? t[13] - '0' : mode;
			continue;
		}
		if (!strncmp(t, "OMAP_", 5) && omap_pads_define(pads, t + 5, &v)) {
			sb_addf(&text, "%s | ", t + 5);
			val |= v;
			continue;
		}
		*why = arena_printf(c->a, "%s has no equivalent in %s", t, omap_pads_header(pads));
		ok = false;
	}
	free(s);
	if (ok) {
		mode = mode < 0 ? 0 : mode;
		sb_addf(&text, "MUX_MODE%d", mode);
		pin->flags = arena_strdup(c->a, text.buf);
		pin->val = val | (uint32_t)mode;
	}
	sb_free(&text);
	return ok;
}

/*
 * The IOPAD macro for the target's controller: the .dts comments may name
 * a pad with another SoC's macro (OMAP3630_CORE2_IOPAD where omap34xx.dtsi's
 * core2 controller is pinmux@480025d8: OMAP3430_CORE2_IOPAD).
 */
static const char *target_macro(struct conv *c, const struct omap_pad *pad, unsigned *base)
{
	const char *path = c->opt->dtsi ? soc_dtsi_label_path(c->opt->dtsi, pad->label) : NULL;
	const char *at = path ? strrchr(path, '@') : NULL;
	unsigned unit = at ? (unsigned)strtoul(at + 1, NULL, 16) : 0;
	const char *other;

	if (!at || (unit & 0xfff) == (*base & 0xfff))
		return pad->macro;
	other = omap_pads_macro_at(c->opt->omap_pads, pad->macro, unit, base);
	return other ? other : pad->macro;
}

/* The pad of signal (or of the pad name with mode -1: read from the flags); NULL with *why. */
static struct omap_pin *one_pin(struct conv *c, const char *signal, int mode, const char *flags,
				const struct value *v, const struct call *call, const char **why)
{
	const struct omap_pads *pads = c->opt->omap_pads;
	struct omap_pin *pin = arena_alloc(c->a, sizeof(*pin));
	struct omap_pad pad;
	unsigned m = 0;

	if (mode >= 0 ? !omap_pads_signal(pads, signal, &pad, &m) : !omap_pads_pad(pads, signal, &pad)) {
		*why = arena_printf(c->a, "%s%s", UNNAMED, signal);
		return NULL;
	}
	if (!omap_pads_macro_base(pads, pad.macro, &pin->base)) {
		*why = arena_printf(c->a, "%s (the pad of %s) is not in %s", pad.macro, signal,
				    omap_pads_header(pads));
		return NULL;
	}
	if (!flags_dt(c, flags, mode >= 0 ? (int)m : -1, pin, why))
		return NULL;
	pin->label = arena_strdup(c->a, pad.label);
	pin->macro = arena_strdup(c->a, target_macro(c, &pad, &pin->base));
	pin->addr = pad.addr;
	pin->function = mode >= 0 ? arena_strdup(c->a, signal) : arena_strdup(c->a, pad.name);
	if (mode < 0 && (pin->val & 7)) {	/* a table entry in another mode: its function */
		const char *fn = omap_pads_function(pads, pad.name, pin->val & 7);

		pin->function = fn ? arena_strdup(c->a, fn)
				   : arena_printf(c->a, "%s.mode%u", pad.name, pin->val & 7);
	}
	pin->gpio = !strncmp(pin->function, "gpio_", 5) ? strtol(pin->function + 5, NULL, 10) : -1;
	pin->v = v;
	pin->call = call;
	conv_add_pad(c, pin);
	return pin;
}

static const char *became(struct conv *c, const struct omap_pin *p)
{
	return arena_printf(c->a, "&%s pinctrl-single,pins %s(%#x, %s)", p->label, p->macro,
			    p->addr, p->flags);
}

/* OMAP3_MUX(SYS_BOOT5, OMAP_MUX_MODE4 | ...): the pad name (lower case) and the flags. */
static bool table_entry(struct conv *c, const struct value *e, char **name, const char **flags)
{
	const char *s = e->spelling, *open = s ? strstr(s, "_MUX(") : NULL, *comma, *close;

	if (!open || !(comma = strchr(open, ',')) || !(close = strrchr(comma, ')')))
		return false;
	open += 5;
	open += strspn(open, " \t");
	*name = arena_strndup(c->a, open, strcspn(open, " \t,"));
	for (char *q = *name; *q; q++)
		*q = (char)tolower((unsigned char)*q);
	*flags = arena_strndup(c->a, comma + 1, (size_t)(close - comma - 1));
	return true;
}

static bool terminator(const struct value *e)
{
	const struct value *r = e->kind == VAL_LIST ? value_field(e, "reg_offset") : NULL;

	return r && ((r->spelling && strstr(r->spelling, "TERMINATOR")) ||
		     (r->kind == VAL_INT && r->ival == 0xffff));
}

/* An entry the board's own mux34xx.h expanded: .reg_offset (from the padconf base) and .value. */
static const char *expanded_name(struct conv *c, const struct value *e, const char **flags)
{
	const struct value *r = e->kind == VAL_LIST ? value_field(e, "reg_offset") : NULL;
	const struct value *v = e->kind == VAL_LIST ? value_field(e, "value") : NULL;
	const char *macro = rn_str(rn_get(c->soc, "pinctrl"), "offset_base");
	unsigned base = 0;
	struct omap_pad pad;

	if (!r || r->kind != VAL_INT || (macro && !omap_pads_macro_base(c->opt->omap_pads, macro, &base)) ||
	    !omap_pads_at(c->opt->omap_pads, (unsigned)r->ival + base, &pad))
		return NULL;
	*flags = v ? v->spelling : NULL;
	return arena_strdup(c->a, pad.name);
}

/*
 * The pack's note for a pad the bootloader sets and no .dts names
 * (`pinctrl: boot_pads: {sdrc_cke0: ...}`: the SDRAM clock enables), or NULL.
 */
static const char *boot_pad(struct conv *c, const char *name)
{
	const struct rnode *pads = rn_get(rn_get(c->soc, "pinctrl"), "boot_pads");
	const char *dot = name ? strchr(name, '.') : NULL;
	const char *note = name ? rn_str(pads, dot ? dot + 1 : name) : NULL;

	return note ? arena_printf(c->a, "no DT equivalent: %s", note) : NULL;
}

/* board_mux[]: each entry a fact; the TODOs' reasons collected in bad. */
static size_t table(struct conv *c, const struct variable *list, const struct call *call,
		    struct strbuf *bad, struct strbuf *unnamed)
{
	size_t n = 0;

	conv_mark_var(c, list->name);
	for (size_t i = 0; i < list->init->nkids; i++) {
		const struct value *e = list->init->kids[i];
		const char *what = arena_printf(c->a, "%s[%zu] = %s", list->name, i,
						e->spelling ? e->spelling : "?");
		const char *flags = NULL, *why = NULL;
		char *name = NULL;
		struct omap_pin *p;

		if (terminator(e))
			break;
		if (!table_entry(c, e, &name, &flags) && !(name = (char *)expanded_name(c, e, &flags)))
			why = "not an OMAPn_MUX(pad, flags) entry";
		else if (boot_pad(c, name)) {
			entry_fact(c, what, e, boot_pad(c, name), NULL);
			continue;
		} else if ((p = one_pin(c, name, -1, flags, e, call, &why))) {
			entry_fact(c, what, e, became(c, p), NULL);
			n++;
			continue;
		}
		entry_fact(c, what, e, NULL, arena_printf(c->a, "%s: by hand", why));
		if (!strncmp(why, UNNAMED, strlen(UNNAMED)))
			sb_addf(unnamed, "%s%s", unnamed->len ? ", " : "", why + strlen(UNNAMED));
		else
			sb_addf(bad, "%s%s", bad->len ? "; " : "", why);
	}
	return n;
}

/* What the call needs that the conversion lacks, or NULL. */
static const char *missing(const struct conv *c)
{
	if (c->opt->omap_pads)
		return NULL;
	if (!rn_get(rn_get(c->soc, "pinctrl"), "pads"))
		return "pin mux: the SoC pack names no pad source (pinctrl: pads:)";
	return c->opt->target_tree ? "pin mux: no .dts of the kernel tree names OMAP pads in "
	       "comments (or dt-bindings/pinctrl/omap.h is missing); write pinctrl-single nodes by hand"
	       : "pin mux: give --kernel to learn the pad names from the tree's .dts files";
}

/* omap_mux_init_signal(name, flags) / omap_mux_init_gpio(n, flags). */
static void single(struct reg_ctx *r, const struct value *signal, const struct value *gpio,
		   const struct value *flags)
{
	struct conv *c = r->c;
	const char *name = signal && signal->kind == VAL_STRING ? signal->text : NULL;
	const char *why = NULL;
	struct omap_pin *p;

	if (gpio && gpio->kind == VAL_INT)
		name = arena_printf(c->a, "gpio_%lld", gpio->ival);
	if (!name) {
		reg_todo(r, arena_printf(c->a, "pin mux: %s is not a constant",
					 gpio ? (gpio->spelling ? gpio->spelling : "the GPIO")
					 : (signal && signal->spelling ? signal->spelling : "the signal")));
		return;
	}
	if (boot_pad(c, name)) {
		reg_converted(r, boot_pad(c, name));
		return;
	}
	if (!(p = one_pin(c, name, 0, flags ? flags->spelling : NULL, signal ? signal : gpio,
			  r->call, &why))) {
		reg_todo(r, arena_printf(c->a, "pin mux: %s; write it by hand", why));
		return;
	}
	reg_converted(r, became(c, p));
}

/* One table argument: its pads kept, the count added to *n; false: a TODO was written. */
static bool table_arg(struct reg_ctx *r, const struct value *arg, size_t *n, struct strbuf *bad,
		      struct strbuf *unnamed)
{
	struct conv *c = r->c;
	const struct variable *list = conv_deref(c, arg);

	if (arg->kind == VAL_NULL || value_is_zero(arg))
		return true;	/* no table: nothing to configure */
	if (!list || !list->init || !list->is_array) {
		reg_todo(r, arena_printf(c->a, "pin mux table %s not found in the board file",
					 arg->spelling ? arg->spelling : "?"));
		return false;
	}
	*n += table(c, list, r->call, bad, unnamed);
	return true;
}

bool reg_omap_mux(struct reg_ctx *r)
{
	struct conv *c = r->c;
	const struct value *arg = reg_arg(r, "table");
	/* omap4_mux_init(board_mux, wkup_mux, package) of 3.x; 2.6.3x passes the package second */
	const struct value *wkup = reg_arg(r, "wkup");
	struct strbuf bad, unnamed;
	size_t n = 0;

	if (missing(c)) {
		reg_todo(r, missing(c));
		return true;
	}
	if (!arg) {
		single(r, reg_arg(r, "signal"), reg_arg(r, "gpio"), reg_arg(r, "flags"));
		return true;
	}
	sb_init(&bad);
	sb_init(&unnamed);
	if (table_arg(r, arg, &n, &bad, &unnamed) &&
	    (!wkup || wkup->kind != VAL_ADDR || table_arg(r, wkup, &n, &bad, &unnamed))) {
		if (unnamed.len)
			sb_addf(&bad, "%sno .dts of the target tree names the pads of %s",
				bad.len ? "; " : "", unnamed.buf);
		if (bad.len)
			reg_todo(r, arena_printf(c->a, "pads not in pin groups: %s; write those by "
						 "hand", bad.buf));
		else if (!n)
			reg_converted(r, "the mux table sets no pad: nothing to configure");
		else
			reg_converted(r, arena_printf(c->a, "%zu pads in pinctrl-single groups", n));
	}
	sb_free(&unnamed);
	sb_free(&bad);
	return true;
}
