// SPDX-License-Identifier: GPL-2.0
/*
 * `register: pxa_mfp`: pxa2xx_mfp_config(table, count), the PXA25x/PXA27x
 * MFP tables. Each word is built by the board API's MFP_CFG_IN/OUT(pin, af)
 * (mach-pxa/mfp-pxa2xx.h over linux/soc/pxa/mfp.h): pin in bits 0-9 (pin n
 * is GPIO n on the PXA2xx), alternate function in bits 10-12, direction in
 * bit 23. The driver's select value for a pin is dir | af << 1 (its muxval),
 * and the function name for (pin, muxval) comes from the target's driver
 * table (kernel/pin_functions.c reads drivers/pinctrl/pxa/pinctrl-pxa27x.c);
 * the pins become pin groups in the pinmux pass (engine/engine_pinmux.c),
 * each with the device its macro names (GPIO32_MMC_CLK: MMC).
 *
 * The PXA3xx tables, whose controller is pinctrl-single, are pxa3xx_mfp.c's.
 */
#include "registrations.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "../../common/util.h"
#include "../../kernel/pin_functions.h"

#define MFP_PIN(w)	((unsigned)((w) & 0x3ff))
#define MFP_AF(w)	((unsigned)(((w) >> 10) & 0x7))
#define MFP_LPM(w)	((unsigned)(((w) >> 16) & 0x7))
#define MFP_DIR(w)	((unsigned)(((w) >> 23) & 0x1))

static const char *const lpm_names[8] = {
	NULL, "DRIVE_LOW", "DRIVE_HIGH", "PULL_LOW", "PULL_HIGH", "FLOAT", "INPUT", "7",
};

/*
 * The words of the macro name after the pin: GPIO23_SSP1_SCLK -> "SSP1_SCLK",
 * GPIOxx_LCD_TFT_16BPP -> "LCD_TFT_16BPP", GPIO0_2_USBH_PEN -> "USBH_PEN"; NULL
 * for another spelling.
 */
const char *pxa_macro_rest(const char *s)
{
	if (!s || strncmp(s, "GPIO", 4))
		return NULL;
	s += 4;
	if (!strncmp(s, "xx", 2))
		s += 2;
	else if (!isdigit((unsigned char)*s))
		return NULL;
	while (isdigit((unsigned char)*s))
		s++;
	if (!strncmp(s, "_2_", 3))	/* PXA3xx's second bank: GPIO0_2_USBH_PEN */
		s += 2;
	return *s == '_' && (isalnum((unsigned char)s[1])) ? s + 1 : NULL;
}

/* The first word of rest, in lower case ("ssp1"): the device the macro names. */
const char *pxa_device_word(struct conv *c, const char *rest)
{
	size_t n = 0;
	char *w;

	if (!rest)
		return NULL;
	while (isalnum((unsigned char)rest[n]))
		n++;
	w = arena_strndup(c->a, rest, n);
	for (char *q = w; *q; q++)
		*q = (char)tolower((unsigned char)*q);
	return !strcmp(w, "gpio") ? NULL : w;
}

/* Lower-case letters and digits only: "PWM_OUT<2>" -> "pwmout2". */
static void squash(const char *s, char *out, size_t size)
{
	size_t n = 0;

	for (; *s && n + 1 < size; s++)
		if (isalnum((unsigned char)*s))
			out[n++] = (char)tolower((unsigned char)*s);
	out[n] = '\0';
}

/*
 * Of the driver's functions at one (pin, muxval) (GPIO11 AF1 out is both
 * "CHOUT<0>" and "PWM_OUT<2>", the same register setting), the one sharing
 * most letter and digit runs with the macro's words (PWM2_OUT); the first
 * on a tie.
 */
static const char *best_function(const char *const *fs, size_t n, const char *rest)
{
	const char *best = fs[0];
	int best_score = -1;

	for (size_t i = 0; rest && i < n; i++) {
		char name[64];
		int score = 0;

		squash(fs[i], name, sizeof(name));
		for (const char *r = rest; *r;) {
			char run[32];
			size_t k = 0;

			if (!isalnum((unsigned char)*r)) {
				r++;
				continue;
			}
			if (isdigit((unsigned char)*r))
				while (isdigit((unsigned char)*r) && k + 1 < sizeof(run))
					run[k++] = *r++;
			else
				while (isalpha((unsigned char)*r) && k + 1 < sizeof(run))
					run[k++] = (char)tolower((unsigned char)*r++);
			run[k] = '\0';
			while (isalnum((unsigned char)*r) && k == sizeof(run) - 1)
				r++;
			if (k && strstr(name, run))
				score++;
		}
		if (score > best_score) {
			best_score = score;
			best = fs[i];
		}
	}
	return best;
}


/* One MFP word: its pin kept for the pass (true), or *why it cannot be. */
static bool one_word(struct conv *c, const struct pin_functions *pf, const struct value *e,
		     const struct call *call, const char **became, const char **why)
{
	const char *fs[8], *rest = e->spelling ? pxa_macro_rest(e->spelling) : NULL, *fn;
	unsigned pin, af, dir, lpm;
	size_t n;
	struct mpp_pin *p;

	if (e->kind != VAL_INT || e->ival < 0) {
		*why = "not a constant MFP word";
		return false;
	}
	pin = MFP_PIN(e->ival);
	af = MFP_AF(e->ival);
	dir = MFP_DIR(e->ival);
	lpm = MFP_LPM(e->ival);
	if (!pin_functions_has_pin(pf, pin)) {
		*why = arena_printf(c->a, "pin %u: not a pin of %s", pin, pin_functions_file(pf));
		return false;
	}
	n = pin_functions_names(pf, pin, dir | af << 1, fs, 8);
	if (!n) {
		*why = arena_printf(c->a, "P%u AF%u %s: %s has no such function", pin, af,
				    dir ? "output" : "input", pin_functions_file(pf));
		return false;
	}
	fn = best_function(fs, n, rest);
	if (!(p = conv_add_pin(c, pin, fn, e, call))) {
		*why = arena_printf(c->a, "P%u already set to another function", pin);
		return false;
	}
	p->generic = true;
	p->device = pxa_device_word(c, rest);
	*became = arena_printf(c->a, "&pinctrl: P%u, function \"%s\"%s%s%s", pin, fn,
			       lpm ? " (low-power state " : "", lpm ? lpm_names[lpm] : "",
			       lpm ? ": no sleep pinctrl state written)" : "");
	return true;
}

bool reg_pxa_mfp(struct reg_ctx *r)
{
	struct conv *c = r->c;
	const struct variable *arr = conv_deref(c, reg_arg(r, "table"));
	const struct value *count = reg_arg(r, "count");
	const struct pin_functions *pf = c->opt->pins;
	struct strbuf missing;
	size_t used = 0, n;

	if (!arr || !arr->init || !arr->is_array) {
		reg_todo(r, "MFP table not found");
		return true;
	}
	if (!pf) {
		reg_todo(r, c->opt->target_tree ? "MFP table: the target tree has no pin function "
			 "table for this SoC (the pack's pinctrl: functions:)"
			 : "MFP table: give --kernel to learn the pin functions from the target tree");
		return true;
	}
	conv_mark_var(c, arr->name);
	n = table_len(arr, count);
	sb_init(&missing);
	for (size_t i = 0; i < n; i++) {
		const struct value *e = arr->init->kids[i];
		const char *became = NULL, *why = NULL;

		if (one_word(c, pf, e, r->call, &became, &why)) {
			entry_fact(c, entry_what(c, arr, e), e, became, NULL);
			used++;
			continue;
		}
		sb_addf(&missing, "%s%s (%s)", missing.len ? ", " : "",
			e->spelling ? e->spelling : "?", why);
		entry_fact(c, entry_what(c, arr, e), e, NULL, arena_printf(c->a, "%s: write this pin group by hand", why));
	}
	if (missing.len)
		reg_todo(r, arena_printf(c->a, "pins not in groups: %s; write those by hand",
					 missing.buf));
	else
		reg_converted(r, arena_printf(c->a, "%zu pins in pin groups under &pinctrl", used));
	sb_free(&missing);
	return true;
}
