// SPDX-License-Identifier: GPL-2.0
/*
 * `register: imx_iomux`: the i.MX iomux-v3 calls of 2.6.3x - 3.x board files,
 *
 *	mxc_iomux_v3_setup_multiple_pads(pads, ARRAY_SIZE(pads))	{pads: pads, count: count}
 *	mxc_iomux_v3_setup_pad(MX51_PAD_GPIO1_7__GPIO1_7)		{pad: pad}
 *
 * with pads[] a table of iomux_v3_cfg_t words named by the board API's pad
 * macros (iomux-mx51.h: MX51_PAD_EIM_D16__I2C1_SDA). Those headers left the
 * kernel with the board files; the target's <soc>-pinfunc.h (the pack's
 * `pinctrl: pinfunc:`, kernel/imx_pinfunc.c) defines the same names for the
 * fsl,imx pinctrl binding, so each pad becomes the entry
 * `<MX51_PAD_EIM_D16__I2C1_SDA ctrl>` of an fsl,pins group (the .dtsi
 * includes the header). The pad control: from the word's MUX_PAD_CTRL bits
 * when a build directory gives its value (NO_PAD_CTRL: 0x80000000, SION:
 * 0x40000000); in tolerant mode it is not known, 0x80000000 ("do not
 * touch") is written and the group carries a TODO. The function after "__"
 * names the consumer: a GPIOb_n pad goes to the device using <&gpio<b> n>,
 * another to the device its first word names (I2C1 -> &i2c1; the pack's
 * `pinctrl: devices:` maps the letters, `{SD: "esdhc{n}", AUD: audmux}`),
 * in the pad pass (engine/engine_pinmux_omap.c). With `iomux: v1` the
 * words are the i.MX27 iomux-v1 pins of mxc_gpio_setup_multiple_pins(pins,
 * count, label) (PE12_PF_UART1_TXD), the target's imx27-pinfunc.h
 * macros with a pull-up config cell (v1_pad()).
 */
#include "registrations.h"

#include <ctype.h>
#include <stdio.h>
#include <strings.h>
#include <string.h>

#include "../../common/util.h"
#include "../../kernel/imx_pinfunc.h"

#define NO_PAD_CTRL	(1u << 16)
#define IMX_NO_PAD_CTL	0x80000000u
#define IMX_PAD_SION	0x40000000u

/* The first pad macro of the target's header the spelling names ("NEW_PAD_CTRL(MX51_PAD_X, ...)"). */
static const struct imx_pad *pad_in_spelling(const struct imx_pinfunc *pf, const char *s)
{
	while (s && *s) {
		size_t n = 0;

		if (!isalpha((unsigned char)*s) && *s != '_') {
			s++;
			continue;
		}
		while (isalnum((unsigned char)s[n]) || s[n] == '_')
			n++;
		if (n < 64) {
			char id[64];
			const char *name;
			const struct imx_pad *p;

			memcpy(id, s, n);
			id[n] = '\0';
			name = id + strspn(id, "_");	/* _MX51_PAD_...: the pad with its own control */
			if ((p = imx_pinfunc_find(pf, name)) ||
			    (strstr(name, "_PAD_") && (p = imx_pinfunc_era(pf, name))))
				return p;
		}
		s += n;
	}
	return NULL;
}

/* "I2C1" -> "i2c1"; the pack's devices: {SD: "esdhc{n}"} maps "SD1" -> "esdhc1". */
static const char *device_of(struct conv *c, const char *word, size_t len)
{
	const struct rnode *map = rn_get(rn_get(c->soc, "pinctrl"), "devices");
	size_t alpha = 0;
	char *lower = arena_strndup(c->a, word, len);

	while (alpha < len && isalpha((unsigned char)word[alpha]))
		alpha++;
	for (char *q = lower; *q; q++)
		*q = (char)tolower((unsigned char)*q);
	for (size_t i = 0; map && map->kind == RN_MAP && i < map->n; i++) {
		const char *to = map->items[i]->scalar, *n;

		if (strlen(map->keys[i]) != alpha || strncasecmp(map->keys[i], word, alpha) || !to)
			continue;
		if (!(n = strstr(to, "{n}")))
			return to;
		return arena_printf(c->a, "%.*s%.*s%s", (int)(n - to), to, (int)(len - alpha),
				    word + alpha, n + 3);
	}
	return lower;
}

/* The function after "__": a GPIO line (GPIO3_13) or the device its first word names. */
static void consumer_of(struct conv *c, struct omap_pin *p)
{
	const char *f = p->function;
	size_t word = strcspn(f, "_");
	unsigned bank, line;
	int used = 0;

	if (sscanf(f, "GPIO%u_%u%n", &bank, &line, &used) == 2 && !f[used]) {
		p->gpio_label = arena_printf(c->a, "gpio%u", bank);
		p->gpio_line = line;
		return;
	}
	p->device = device_of(c, f, word);
}

/*
 * The mode word of a pin name (PD0_AIN_FEC_TXD0): PF/AF the primary or
 * alternate function (any direction); AIN/BIN/CIN a GPIO-mode output
 * driven by peripheral A/B/C (mux ids 0x006, 0x016, 0x026), AOUT/BOUT a
 * GPIO-mode input feeding one (0x002).
 */
static const struct {
	const char *name;
	uint32_t function;
	long mux;
} v1_kinds[] = {
	{ "PF", 0, -1 }, { "AF", 1, -1 }, { "AIN", 2, 0x006 }, { "BIN", 2, 0x016 },
	{ "CIN", 2, 0x026 }, { "AOUT", 2, 0x002 }, { "BOUT", 2, 0x002 },
};

/*
 * An iomux-v1 pin word of iomux-mx27.h (gone from the kernel with the
 * board files): PE12_PF_UART1_TXD = GPIO_PORTE | GPIO_PF | GPIO_OUT | 12.
 * The name gives the pin (port * 32 + n) and the mode; a build directory's
 * number gives the whole mux id (imx27-pinfunc.h: function + direction << 2
 * + the GPIO config fields) and the pull-up (GPIO_PUEN, config 1). The
 * target's macro is the one of that pin and mode.
 */
static const struct imx_pad *v1_pad(const struct imx_pinfunc *pf, const struct value *e,
				    uint32_t *config)
{
	const char *s = e->spelling ? e->spelling + strspn(e->spelling, " (") : "";
	long mux = -1;
	unsigned n = 0, fn;
	char port = 0, kind[5] = "";
	int used = 0;

	*config = 0;
	if (e->kind == VAL_INT) {
		unsigned long long w = (unsigned long long)e->ival;
		const struct imx_pad *d;

		fn = w & (1u << 10) ? 0 : w & (1u << 11) ? 1 : 2;
		mux = (long)(fn | ((w >> 8) & 1) << 2 | ((w >> 12) & 3) << 4 |
			     ((w >> 14) & 3) << 8 | ((w >> 16) & 3) << 10);
		*config = (w >> 9) & 1;
		d = imx_pinfunc_v1(pf, (uint32_t)(w & 0xff), fn, mux);
		/* GPIO_GPIO | GPIO_OUT: imx27-pinfunc.h has one GPIO macro per pin
		 * (MX27_PAD_USB_PWR__GPIO2_23 0x37 0x032), the input's mux id; the
		 * GPIO driver sets the direction */
		if (!d && fn == 2 && ((w >> 12) & 3) == 3)
			d = imx_pinfunc_v1(pf, (uint32_t)(w & 0xff), fn, mux & ~4L);
		return d;
	}
	if (sscanf(s, "P%c%u_%4[A-Z]_%n", &port, &n, kind, &used) != 3 || !used ||
	    port < 'A' || port > 'F' || n > 31)
		return NULL;
	for (size_t i = 0; i < sizeof(v1_kinds) / sizeof(v1_kinds[0]); i++)
		if (!strcmp(kind, v1_kinds[i].name))
			return imx_pinfunc_v1(pf, (uint32_t)(port - 'A') * 32 + n,
					      v1_kinds[i].function, v1_kinds[i].mux);
	return NULL;
}

/* An iomux-v3 pad word: the pad macro it spells, or a build directory's number's. */
static const struct imx_pad *v3_pad(const struct imx_pinfunc *pf, const struct value *e)
{
	const struct imx_pad *d = pad_in_spelling(pf, e->spelling);
	unsigned long long w = (unsigned long long)e->ival;

	if (!d && e->kind == VAL_UNKNOWN)	/* a local: "stp -> MX51_PAD_..." (eval_local.c) */
		d = pad_in_spelling(pf, e->expansion);
	if (d || e->kind != VAL_INT)
		return d;
	return imx_pinfunc_at(pf, (uint32_t)(w & 0xfff), (uint32_t)((w >> 36) & 0xf),
			      (uint32_t)((w >> 24) & 0xfff));
}

/* One pad word: kept for the pass (true), or *why not. */
static bool one_pad(struct conv *c, const struct value *e, const struct call *call,
		    bool v1, const char **became, const char **why)
{
	const struct imx_pinfunc *pf = c->opt->imx_pads;
	uint32_t v1_config = 0;
	const struct imx_pad *d = v1 ? v1_pad(pf, e, &v1_config) : v3_pad(pf, e);
	struct omap_pin *p;
	const char *fn;

	if (!d) {
		*why = arena_printf(c->a, v1 ? "%s: no pin of %s in this mode (a plain GPIO, or "
					       "a pin held in a variable)"
					     : "%s: no pad macro of %s, in this or an older "
					       "spelling (a pad held in a variable is not followed)",
				    e->spelling ? e->spelling : "?", imx_pinfunc_file(pf));
		return false;
	}
	p = arena_alloc(c->a, sizeof(*p));
	fn = strstr(d->name, "__");
	p->label = rn_str(rn_get(c->soc, "pinctrl"), "label");
	p->label = p->label ? p->label : "iomuxc";
	p->macro = arena_strdup(c->a, d->name);
	p->cells = d->cells;
	p->addr = d->cells[0];
	p->function = fn ? fn + 2 : p->macro;
	p->gpio = -1;
	p->v = e;
	p->call = call;
	if (v1) {
		p->val = v1_config;	/* fsl,imx27-pinctrl: 1 = pull-up enabled */
	} else if (e->kind == VAL_INT) {
		unsigned long long w = (unsigned long long)e->ival;
		uint32_t ctrl = (uint32_t)((w >> 41) & 0x1ffff);

		p->val = ctrl & NO_PAD_CTRL ? IMX_NO_PAD_CTL : ctrl;
		if ((w >> 36) & 0x10)
			p->val |= IMX_PAD_SION;
	} else {
		p->val = IMX_NO_PAD_CTL;
		p->ctrl_unknown = true;
	}
	p->flags = arena_printf(c->a, "0x%x", p->val);
	consumer_of(c, p);
	conv_add_pad(c, p);
	*became = arena_printf(c->a, "&%s: fsl,pins %s %s%s", p->label, p->macro, p->flags,
			       p->ctrl_unknown ? " (pad control not known: not touched, a TODO)" : "");
	return true;
}

static const char *missing(const struct conv *c)
{
	const char *name = rn_str(rn_get(c->soc, "pinctrl"), "pinfunc");

	if (c->opt->imx_pads)
		return NULL;
	if (!name)
		return "IOMUX pads: the SoC pack names no pinfunc header (pinctrl: pinfunc:)";
	return c->opt->target_tree ? arena_printf(c->a, "IOMUX pads: the kernel tree has no %s; "
						  "write &iomuxc pin groups (fsl,pins) by hand", name)
	       : "IOMUX pads: give --kernel to learn the pad names from the tree's pinfunc header";
}

bool reg_imx_iomux(struct reg_ctx *r)
{
	struct conv *c = r->c;
	const struct value *pad = reg_arg(r, "pad"), *count = reg_arg(r, "count");
	const struct variable *arr = pad ? NULL : conv_deref(c, reg_arg(r, "pads"));
	const char *became = NULL, *why = NULL;
	bool v1 = str_eq(rn_str(r->reg, "iomux"), "v1");
	struct strbuf bad;
	size_t n, used = 0;

	if (missing(c)) {
		reg_todo(r, missing(c));
		return true;
	}
	if (pad) {
		if (one_pad(c, pad, r->call, v1, &became, &why))
			reg_converted(r, became);
		else
			reg_todo(r, arena_printf(c->a, "IOMUX pad %s; write it by hand", why));
		return true;
	}
	if (!arr || !arr->init || !arr->is_array) {
		reg_todo(r, "IOMUX pad table not found in the board file");
		return true;
	}
	conv_mark_var(c, arr->name);
	n = table_len(arr, count);
	sb_init(&bad);
	for (size_t i = 0; i < n; i++) {
		const struct value *e = arr->init->kids[i];

		became = why = NULL;
		if (one_pad(c, e, r->call, v1, &became, &why)) {
			entry_fact(c, entry_what(c, arr, e), e, became, NULL);
			used++;
			continue;
		}
		sb_addf(&bad, "%s%s", bad.len ? "; " : "", why);
		entry_fact(c, entry_what(c, arr, e), e, NULL,
			   arena_printf(c->a, "%s: write this pad by hand", why));
	}
	if (bad.len)
		reg_todo(r, arena_printf(c->a, "IOMUX pads not in pin groups: %s", bad.buf));
	else
		reg_converted(r, arena_printf(c->a, "%zu pads in fsl,pins groups", used));
	sb_free(&bad);
	return true;
}
