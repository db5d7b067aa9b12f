// SPDX-License-Identifier: GPL-2.0
/*
 * `register: pxa3xx_mfp`: pxa3xx_mfp_config(table, count), the PXA3xx MFP
 * tables, as pinctrl-single groups under the .dtsi's pin controller, in the
 * form of upstream pxa300-raumfeld-*.dts:
 *
 *	&pinctrl {
 *		mmc0_pins: mmc0-pins {
 *			pinctrl-single,pins = <MFP_PIN_PXA300(3) MFP_AF1>, ...;
 *			pinctrl-single,drive-strength = <0x800 0x1c00>;
 *		};
 *	};
 *
 * A word (linux/soc/pxa/mfp.h) holds the pin (bits 0-9: GPIO n is n, GPIOn_2
 * is 256 + n), the alternate function (10-12), the drive strength (13-15),
 * the low-power state (16-18) and edge (19-20), the pull (21-23). A
 * pinctrl-single cell is the pin's MFPR offset, which differs between the
 * PXA300, PXA310 and PXA320: the pack's `pinctrl: mfpr:` says which `#include`
 * of the board file names which variant and its macro, and the macro's value
 * is computed from the target's .dtsi itself (kernel/dt_macro.h), which also
 * says whether the target has it. A variant with an `alt:` (PXA300 boards may
 * be PXA310s: one header) writes a pin whose offset differs between the two
 * only when `--assume` decides it. The drive strength, pull and low-power
 * bits become the group's pinconf-single properties, with the dtsi's
 * MFP_DS*X / MPF_PULL_* / MFP_LPM() values (one group per consumer and
 * configuration); a pull pinctrl-single cannot express (float, both) is a
 * TODO. The groups are attached by the OMAP pinmux pass
 * (engine_pinmux_omap.c): a pin whose macro names a device of the output
 * (GPIO3_MMC1_DAT0: MMC1, through the pack's `pinctrl: devices:`) goes to
 * its pinctrl-0, a GPIO-mode pin (GPIOn_GPIO) to its GPIO's user, the rest
 * is hogged by the controller.
 */
#include "registrations.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/util.h"
#include "../../kernel/dt_macro.h"
#include "../../kernel/mfp_addr.h"
#include "../../kernel/soc_dtsi.h"

#define W_PIN(w)	((unsigned)((w) & 0x3ff))
#define W_AF(w)		((unsigned)(((w) >> 10) & 0x7))
#define W_DS(w)		((unsigned)(((w) >> 13) & 0x7))
#define W_LPM(w)	((unsigned)(((w) >> 16) & 0x7))
#define W_EDGE(w)	((unsigned)(((w) >> 19) & 0x3))
#define W_PULL(w)	((unsigned)(((w) >> 21) & 0x7))
#define W_CONF_MASK	(0x7u << 13 | 0x7u << 16 | 0x3u << 19 | 0x7u << 21)
#define PIN_GPIO2_BASE	256	/* MFP_PIN_GPIO0_2 */
#define PIN_GPIO2_COUNT	18

/* The MFPR bits of pxa3xx.dtsi's MFP_LPM_* (by state) and MFP_LPM_EDGE_* (by edge). */
static const uint32_t lpm_bits[7] = { 0, 0x2000, 0x4100, 0x2080, 0x4180, 0x0080, 0x0000 };
static const char *const lpm_names[7] = {
	NULL, "MFP_LPM_DRIVE_LOW", "MFP_LPM_DRIVE_HIGH", "MFP_LPM_PULL_LOW",
	"MFP_LPM_PULL_HIGH", "MFP_LPM_FLOAT", "MFP_LPM_INPUT",
};
static const uint32_t edge_bits[4] = { 0, 0x10, 0x20, 0x30 };
static const char *const ds_names[8] = {
	"MFP_DS01X", "MFP_DS02X", "MFP_DS03X", "MFP_DS04X", "MFP_DS06X", "MFP_DS08X",
	"MFP_DS10X", "MFP_DS13X",
};

static struct dt_prop *cells(struct conv *c, struct dt_node *n, const char *name,
			     const uint32_t *v, size_t nv, const struct omap_pin *p,
			     const char *what)
{
	struct dt_prop *prop = dt_prop_set(c->t, n, name);
	struct dt_chunk *ch = dt_prop_add_cells(c->t, prop);

	for (size_t i = 0; i < nv; i++)
		dt_chunk_add_num(c->t, ch, v[i], 16);
	prop->pos = p->v->pos;
	prop->origin = arena_strdup(c->a, what);
	return prop;
}

void conv_mfp_conf_props(struct conv *c, struct dt_node *n, const struct omap_pin *p)
{
	uint32_t w = p->mfp_conf;
	uint32_t ds[2] = { W_DS(w) << 10, 0x7 << 10 };

	cells(c, n, "pinctrl-single,drive-strength", ds, 2, p, ds_names[W_DS(w)]);
	if (W_PULL(w) == 1) {
		uint32_t v[4] = { 0x5 << 13, 0x5 << 13, 0, 0x7 << 13 };

		cells(c, n, "pinctrl-single,bias-pulldown", v, 4, p, "MFP_PULL_LOW");
	} else if (W_PULL(w) == 2) {
		uint32_t v[4] = { 0x6 << 13, 0x6 << 13, 0, 0x7 << 13 };

		cells(c, n, "pinctrl-single,bias-pullup", v, 4, p, "MFP_PULL_HIGH");
	}
	if (W_LPM(w) || W_EDGE(w)) {
		uint32_t v[2] = { lpm_bits[W_LPM(w)] | edge_bits[W_EDGE(w)], 0xe1f0 };

		cells(c, n, "pinctrl-single,low-power-mode", v, 2, p,
		      W_LPM(w) ? lpm_names[W_LPM(w)] : "MFP_LPM_EDGE");
	}
}

/* The pack's `mfpr:` entry whose `includes:` the board file includes, or NULL. */
static const struct rnode *variant(struct conv *c, const struct rnode *mfpr)
{
	for (size_t i = 0; mfpr && i < mfpr->n; i++) {
		const struct rnode *inc = rn_get(mfpr->items[i], "includes");

		for (size_t k = 0; inc && k < inc->n; k++)
			for (size_t b = 0; b < c->b->nincludes; b++)
				if (str_eq(path_basename(c->b->includes[b]), inc->items[k]->scalar))
					return mfpr->items[i];
	}
	return NULL;
}

/* The --assume value of name: 1 true, 0 false, -1 not given. */
static int assumed(const struct conv *c, const char *name)
{
	for (size_t i = 0; name && i < c->opt->nassume; i++)
		if (str_eq(c->opt->assume[i].name, name) ||
		    (!strncmp(c->opt->assume[i].name, name, strlen(name)) &&
		     str_eq(c->opt->assume[i].name + strlen(name), "()")))
			return strcmp(c->opt->assume[i].value, "0") != 0;
	return -1;
}

/* The macro call for pin: "MFP_PIN_PXA300(3)" and its value; NULL and *why otherwise. */
static const char *pin_cell(struct conv *c, const char *dtsi, const struct rnode *v, unsigned pin,
			    long long *off, const char **why, const char **brief)
{
	const char *macro = rn_str(v, "macro");
	const struct rnode *alt = rn_get(v, "alt");
	const char *sfx = pin < 128 ? "" : "_2";
	long long arg = pin < 128 ? pin : pin - PIN_GPIO2_BASE, other;

	if (pin >= 128 && (pin < PIN_GPIO2_BASE || pin >= PIN_GPIO2_BASE + PIN_GPIO2_COUNT)) {
		*why = arena_printf(c->a, "pin %u: not a GPIO pin, no %s macro of the .dtsi names it",
				    pin, macro);
		return NULL;
	}
	if (!dt_macro_eval(dtsi, arena_printf(c->a, "%s%s", macro, sfx), arg, off)) {
		*why = arena_printf(c->a, "the target's %s has no %s%s() macro",
				    soc_dtsi_name(c->opt->dtsi), macro, sfx);
		return NULL;
	}
	if (!*off) {
		*why = arena_printf(c->a, "%s%s(%lld) is 0: no such pin on this SoC", macro, sfx, arg);
		return NULL;
	}
	if (alt && dt_macro_eval(dtsi, arena_printf(c->a, "%s%s", rn_str(alt, "macro"), sfx), arg,
				 &other) && other != *off) {
		int a = assumed(c, rn_str(alt, "assume"));

		if (a < 0) {
			*brief = arena_printf(c->a, "offsets that differ between %s and %s (one header "
					      "for both SoCs): decide with --assume %s=0 or 1", macro,
					      rn_str(alt, "macro"), rn_str(alt, "assume"));
			*why = arena_printf(c->a, "%s%s(%lld) = %#llx but %s%s(%lld) = %#llx (one "
					    "header for both SoCs): decide with --assume %s=0 or 1",
					    macro, sfx, arg, *off, rn_str(alt, "macro"), sfx, arg, other,
					    rn_str(alt, "assume"));
			return NULL;
		}
		if (a) {
			macro = rn_str(alt, "macro");
			*off = other;
		}
	}
	return arena_printf(c->a, "%s%s(%lld)", macro, sfx, arg);
}

/*
 * The offset of pin from the SoC file's MFP address map (`addr_map:`), as a
 * number: "0x2e0"; NULL and *why otherwise. A pin the alt table (PXA935)
 * places elsewhere is written only when --assume decides which SoC it is.
 */
static const char *addr_cell(struct conv *c, const struct rnode *v, unsigned pin,
			     long long *off, const char **why, const char **brief)
{
	const struct mfp_addr_table *t = c->opt->mfp_addr;
	const struct rnode *alt = rn_get(rn_get(v, "addr_map"), "alt");
	const char *name = mfp_addr_pin_name(t, pin);
	unsigned o, other;

	if (!mfp_addr_find(t, pin, false, &o)) {
		*why = arena_printf(c->a, "pin %s: not in %s of %s", name ? name : "?",
				    mfp_addr_table_name(t, false), path_basename(mfp_addr_file(t)));
		return NULL;
	}
	if (alt && mfp_addr_find(t, pin, true, &other) && other != o) {
		int a = assumed(c, rn_str(alt, "assume"));

		if (a < 0) {
			*brief = arena_printf(c->a, "offsets that differ between %s and %s of %s: "
					      "decide with --assume %s=0 or 1",
					      mfp_addr_table_name(t, false), mfp_addr_table_name(t, true),
					      path_basename(mfp_addr_file(t)), rn_str(alt, "assume"));
			*why = arena_printf(c->a, "pin %s is at %#x in %s but %#x in %s: decide with "
					    "--assume %s=0 or 1", name ? name : "?", o,
					    mfp_addr_table_name(t, false), other,
					    mfp_addr_table_name(t, true), rn_str(alt, "assume"));
			return NULL;
		}
		if (a)
			o = other;
	}
	*off = o;
	return arena_printf(c->a, "%#x", o);
}

/* The label the macro's device word names: MMC1 -> mmc0 through `devices:`, else the word. */
static const char *device_label(struct conv *c, const char *word)
{
	const struct rnode *map = rn_get(rn_get(c->soc, "pinctrl"), "devices");
	char *up;

	if (!word)
		return NULL;
	up = arena_strdup(c->a, word);
	for (char *q = up; *q; q++)
		*q = (char)toupper((unsigned char)*q);
	return rn_str(map, up) ? rn_str(map, up) : word;
}

static bool one_word(struct conv *c, const char *dtsi, const struct rnode *v,
		     const struct value *e, const struct call *call, const char **became,
		     const char **why, const char **brief)
{
	const char *label = rn_str(rn_get(c->soc, "pinctrl"), "label");
	const char *rest = e->spelling ? pxa_macro_rest(e->spelling) : NULL, *cell;
	uint32_t w;
	long long off;
	struct omap_pin *p;

	if (e->kind != VAL_INT || e->ival < 0) {
		*why = "not a constant MFP word";
		return false;
	}
	w = (uint32_t)e->ival;
	if (W_PULL(w) > 2) {
		*why = arena_printf(c->a, "pull %s: pinctrl-single has no bias property for it",
				    W_PULL(w) == 3 ? "MFP_PULL_BOTH" : "MFP_PULL_FLOAT");
		return false;
	}
	if (W_LPM(w) > 6) {
		*why = "low-power state 7: not one the SoC has";
		return false;
	}
	cell = rn_get(v, "addr_map") ? addr_cell(c, v, W_PIN(w), &off, why, brief)
				     : pin_cell(c, dtsi, v, W_PIN(w), &off, why, brief);
	if (!cell)
		return false;
	p = arena_alloc(c->a, sizeof(*p));
	memset(p, 0, sizeof(*p));
	p->label = label ? label : "pinctrl";
	p->macro = cell;
	p->addr = (unsigned)off;
	/* the .dtsi's MFP_AFn where it has one (pxa3xx.dtsi stops at MFP_AF6) */
	p->flags = arena_printf(c->a, "MFP_AF%u", W_AF(w));
	if (!dt_macro_defined(dtsi, p->flags))
		p->flags = arena_printf(c->a, "%u", W_AF(w));
	p->val = W_AF(w);
	p->function = e->spelling ? arena_strndup(c->a, e->spelling, strcspn(e->spelling, " |("))
		      : cell;
	p->gpio = rest && !strncmp(rest, "GPIO", 4) && !isalnum((unsigned char)rest[4]) &&
		  W_PIN(w) < 128 ? (long)W_PIN(w) : -1;
	p->device = p->gpio < 0 ? device_label(c, pxa_device_word(c, rest)) : NULL;
	p->v = e;
	p->call = call;
	p->mfp = true;
	p->mfp_conf = w & W_CONF_MASK;
	conv_add_pad(c, p);
	*became = arena_printf(c->a, "&%s: <%s %s>, %s%s%s%s%s", p->label, cell, p->flags,
			       ds_names[W_DS(w)], W_PULL(w) ? (W_PULL(w) == 1 ? ", pull-down" : ", pull-up")
			       : "", W_LPM(w) ? ", " : "", W_LPM(w) ? lpm_names[W_LPM(w)] : "",
			       rn_get(v, "addr_map") ? arena_printf(c->a, " (MFPR offset: %s, %s)",
			       mfp_addr_table_name(c->opt->mfp_addr, false),
			       path_basename(mfp_addr_file(c->opt->mfp_addr))) : "");
	return true;
}

/* Why no word of the table can be a pin (every word a TODO), or NULL; *dtsi its text. */
static const char *no_groups(struct conv *c, const struct rnode *v, const char **dtsi)
{
	const struct rnode *am = rn_get(v, "addr_map");

	if (!c->opt->dtsi)
		return "MFP pin groups: give --kernel, whose SoC .dtsi gives the MFPR offsets";
	if (!v)
		return "MFP pin groups: the board file includes none of the headers that tell the "
		       "PXA3xx variant (the pack's `pinctrl: mfpr:`), whose MFP_PIN_ macro gives "
		       "the pins' offsets";
	if (rn_str(v, "why"))
		return rn_str(v, "why");
	if (am && !c->opt->mfp_addr)
		return arena_printf(c->a, "MFP pin groups: %s (table %s), which gives the pins' "
				    "MFPR offsets, is in neither the board's own tree nor the target",
				    rn_str(am, "file"), rn_str(am, "table"));
	if (!(*dtsi = soc_dtsi_text(c->opt->dtsi)))
		return "MFP pin groups: the SoC .dtsi could not be read";
	return NULL;
}

bool reg_pxa3xx_mfp(struct reg_ctx *r)
{
	struct conv *c = r->c;
	const struct variable *arr = conv_deref(c, reg_arg(r, "table"));
	const struct value *count = reg_arg(r, "count");
	const struct rnode *mfpr = rn_get(rn_get(c->soc, "pinctrl"), "mfpr");
	const struct rnode *v = variant(c, mfpr);
	const char *all = NULL;
	const char *dtsi = NULL;
	struct strbuf missing;
	const char **briefs = NULL;	/* the call's TODO: names per shared reason */
	struct strbuf *names = NULL;
	size_t n, used = 0, nbriefs = 0;

	if (!arr || !arr->init || !arr->is_array) {
		reg_todo(r, "MFP table not found");
		return true;
	}
	all = no_groups(c, v, &dtsi);
	conv_mark_var(c, arr->name);
	n = table_len(arr, count);
	sb_init(&missing);
	for (size_t i = 0; i < n; i++) {
		const struct value *e = arr->init->kids[i];
		const char *became = NULL, *why = all, *brief = NULL;
		const char *name = e->spelling ? e->spelling : "?";

		if (!why && one_word(c, dtsi, v, e, r->call, &became, &why, &brief)) {
			entry_fact(c, entry_what(c, arr, e), e, became, NULL);
			used++;
			continue;
		}
		if (!all && brief) {
			size_t k = 0;

			while (k < nbriefs && strcmp(briefs[k], brief))
				k++;
			if (k == nbriefs) {
				briefs = xrealloc(briefs, (nbriefs + 1) * sizeof(*briefs));
				names = xrealloc(names, (nbriefs + 1) * sizeof(*names));
				briefs[k] = brief;
				sb_init(&names[k]);
				nbriefs++;
			}
			sb_addf(&names[k], "%s%s", names[k].len ? ", " : "", name);
		} else if (!all) {
			sb_addf(&missing, "%s%s (%s)", missing.len ? ", " : "", name, why);
		}
		entry_fact(c, entry_what(c, arr, e), e, NULL,
			   all ? arena_printf(c->a, "MFP word not converted: %s", all)
			       : arena_printf(c->a, "%s: write this pin by hand", why));
	}
	for (size_t k = 0; k < nbriefs; k++) {
		sb_addf(&missing, "%s%s (%s)", missing.len ? "; " : "", names[k].buf, briefs[k]);
		sb_free(&names[k]);
	}
	free(names);
	free(briefs);
	if (all)
		reg_todo(r, all);
	else if (missing.len)
		reg_todo(r, arena_printf(c->a, "pins not in groups: %s", missing.buf));
	else
		reg_converted(r, arena_printf(c->a, "%zu pins in pin groups under &%s", used,
					      rn_str(rn_get(c->soc, "pinctrl"), "label")));
	sb_free(&missing);
	return true;
}
