// SPDX-License-Identifier: GPL-2.0
/*
 * `register: at91_pin`: the AT91 pin calls of 2.6.x - 3.x board files,
 *
 *	at91_set_gpio_input(AT91_PIN_PA30, 1)	{pin: pin, periph: gpio, pullup: use_pullup}
 *	at91_set_B_periph(AT91_PIN_PC1, 0)	{pin: pin, periph: b, pullup: use_pullup}
 *	at91_set_deglitch(AT91_PIN_PA30, 1)	{pin: pin, conf: deglitch, on: is_on}
 *	at91_set_multi_drive(AT91_PIN_PA23, 1)	{pin: pin, conf: multi_drive, on: is_on}
 *
 * Each pin becomes an entry <AT91_PIOA 30 AT91_PERIPH_GPIO conf> of the
 * atmel,at91rm9200-pinctrl binding (dt-bindings/pinctrl/at91.h); a later
 * call on the same pin adds to its configuration (the pull-up and the
 * deglitch filter of a button). The pad pass (engine/engine_pinmux_omap.c)
 * groups them in a function node `board` under &pinctrl, as upstream AT91
 * boards write them: a GPIO pin in the group of the device using its line
 * (gpio-keys, an MMC slot's cd-gpios), the rest hogged by &pinctrl.
 */
#include "registrations.h"

#include <string.h>

#include "../../common/util.h"
#include "../../kernel/soc_dtsi.h"

static const char *const periphs[] = { "AT91_PERIPH_GPIO", "AT91_PERIPH_A", "AT91_PERIPH_B",
				       "AT91_PERIPH_C", "AT91_PERIPH_D" };
static const struct { const char *name, *macro; uint32_t bit; } confs[] = {
	{ "pull_up", "AT91_PINCTRL_PULL_UP", 1 << 0 },
	{ "multi_drive", "AT91_PINCTRL_MULTI_DRIVE", 1 << 1 },
	{ "deglitch", "AT91_PINCTRL_DEGLITCH", 1 << 2 },
	{ "pull_down", "AT91_PINCTRL_PULL_DOWN", 1 << 3 },
};

static uint32_t conf_bit(const char *name)
{
	for (size_t i = 0; i < sizeof(confs) / sizeof(confs[0]); i++)
		if (str_eq(confs[i].name, name))
			return confs[i].bit;
	return 0;
}

/* AT91_PINCTRL_PULL_UP | AT91_PINCTRL_DEGLITCH, parenthesized when several. */
const char *at91_conf_text(struct conv *c, uint32_t conf)
{
	struct strbuf sb;
	const char *t;
	size_t n = 0;

	sb_init(&sb);
	for (size_t i = 0; i < sizeof(confs) / sizeof(confs[0]); i++)
		if (conf & confs[i].bit)
			sb_addf(&sb, "%s%s", n++ ? " | " : "", confs[i].macro);
	t = !n ? "AT91_PINCTRL_NONE" : n == 1 ? arena_strdup(c->a, sb.buf)
	    : arena_printf(c->a, "(%s)", sb.buf);
	sb_free(&sb);
	return t;
}

/* The pin already set by an earlier call, or NULL. */
static struct omap_pin *earlier(struct conv *c, const char *label, unsigned pin)
{
	for (size_t i = 0; i < c->nopins; i++)
		if (c->opins[i]->at91 && c->opins[i]->addr == pin && str_eq(c->opins[i]->label, label))
			return c->opins[i];
	return NULL;
}

/* An argument that is 0 or 1 (use_pullup, is_on); -1 when not a constant. */
static int flag_arg(struct reg_ctx *r, const char *name)
{
	const struct value *v = name ? reg_arg(r, name) : NULL;

	return !name ? 0 : v && v->kind == VAL_INT ? v->ival != 0 : -1;
}

/*
 * The pin controller: the rule's `label:` (pinctrl), or, where the target's
 * .dtsi leaves it unlabelled (at91rm9200, at91sam9261/9263/9g45.dtsi), the
 * one node compatible with the rule's `compatible:`, by path
 * (&{/ahb/apb/pinctrl@fffff400}); NULL when neither.
 */
static const char *pinctrl_label(struct reg_ctx *r)
{
	const struct soc_dtsi *d = r->c->opt ? r->c->opt->dtsi : NULL;
	const char *label = rn_str(r->reg, "label") ? rn_str(r->reg, "label") : "pinctrl";
	const char **l;
	size_t n = 0;

	if (!d || soc_dtsi_has_label(d, label))
		return label;
	l = rn_str(r->reg, "compatible") ? soc_dtsi_labels_compatible(d, rn_str(r->reg, "compatible"), &n)
					 : NULL;
	return n == 1 ? l[0] : NULL;
}

bool reg_at91_pin(struct reg_ctx *r)
{
	struct conv *c = r->c;
	const char *label = pinctrl_label(r);
	const char *periph = rn_str(r->reg, "periph"), *conf = rn_str(r->reg, "conf");
	const struct value *pin = reg_arg(r, rn_str(r->reg, "pin"));
	int on = flag_arg(r, rn_str(r->reg, periph ? "pullup" : "on"));
	struct dt_chunk cells = { 0 };
	struct omap_pin *p;
	unsigned bank, num;

	if (!label) {
		reg_todo(r, arena_printf(c->a, "pin setting: the target's SoC .dtsi has no &%s, nor one "
					 "node compatible with \"%s\"", rn_str(r->reg, "label") ?
					 rn_str(r->reg, "label") : "pinctrl", rn_str(r->reg, "compatible") ?
					 rn_str(r->reg, "compatible") : "?"));
		return true;
	}
	if (!pin || !conv_gpio_cells(c, pin, &cells, false) || cells.ncells < 2 ||
	    cells.cells[0].kind != CELL_REF || strncmp(cells.cells[0].text, "pio", 3) ||
	    cells.cells[0].text[3] < 'A' || cells.cells[0].text[3] > 'E' || on < 0) {
		reg_todo(r, arena_printf(c->a, "pin setting: %s is not a constant AT91 pin and setting",
					 pin && pin->spelling ? pin->spelling : "the pin"));
		return true;
	}
	bank = (unsigned)(cells.cells[0].text[3] - 'A');
	num = bank * 32 + cells.cells[1].val;
	if (!(p = earlier(c, label, num))) {
		p = arena_alloc(c->a, sizeof(*p));
		p->at91 = true;
		p->label = label;
		p->macro = arena_printf(c->a, "AT91_PIO%c", 'A' + bank);
		p->addr = num;
		p->gpio = -1;
		p->gpio_line = cells.cells[1].val;
		p->function = arena_printf(c->a, "P%c%u", 'A' + bank, cells.cells[1].val);
		p->v = pin;
		p->call = r->call;
		p->flags = periphs[0];
		arena_push(c->a, (void ***)&c->opins, &c->nopins, p);
	}
	if (periph) {	/* gpio, a, b, c, d */
		p->val = str_eq(periph, "gpio") ? 0 : (uint32_t)(periph[0] - 'a' + 1);
		p->flags = periphs[p->val < 5 ? p->val : 0];
		p->mfp_conf = (p->mfp_conf & ~conf_bit("pull_up")) | (on ? conf_bit("pull_up") : 0);
		p->call = r->call;
		p->v = pin;
	} else {
		p->mfp_conf = (p->mfp_conf & ~conf_bit(conf)) | (on ? conf_bit(conf) : 0);
	}
	/* only a GPIO pin goes to its line's user; a peripheral's is hogged */
	p->gpio_label = p->val ? NULL : arena_strdup(c->a, cells.cells[0].text);
	dt_add_include(c->t, "<dt-bindings/pinctrl/at91.h>");
	reg_converted(r, arena_printf(c->a, "&%s atmel,pins <%s %u %s %s>", label, p->macro,
				      cells.cells[1].val, p->flags, at91_conf_text(c, p->mfp_conf)));
	return true;
}

