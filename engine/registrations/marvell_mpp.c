// SPDX-License-Identifier: GPL-2.0
/*
 * `register: marvell_mpp`: orion5x_mpp_conf(modes), kirkwood_mpp_conf(modes),
 * mv78xx0_mpp_conf(modes): a 0-terminated array of MPP mode words, each
 * built by the board API's MPP() macro (arch/arm/plat-orion/mpp.h,
 * mach-orion5x/mpp.h): pin number in bits 0-7, select value in bits 8-11.
 * The function name for (pin, select) comes from the target's pin-controller
 * driver (kernel/pin_functions.c); the pins are kept in the conversion and
 * become pin groups in the pinmux pass (engine/engine_pinmux.c), once every
 * GPIO consumer is in the tree. A mode whose macro name contains the
 * register rule's `unused:` text (MPP4_UNUSED) configures nothing. The
 * 2.6.2x - 2.6.3x orion5x {pin, type} pairs are read as the words they name.
 */
#include "registrations.h"

#include <stdio.h>
#include <string.h>

#include "../../common/util.h"
#include "../../kernel/pin_functions.h"

#define MPP_PIN(w)	((unsigned)((w) & 0xff))
#define MPP_SEL(w)	((unsigned)(((w) >> 8) & 0xf))

static bool add_pin(struct conv *c, unsigned pin, const char *function, const struct value *v,
		    const struct call *call)
{
	return conv_add_pin(c, pin, function, v, call) != NULL;
}

/*
 * A mode word clang could not evaluate (the board API's mpp.h is not in the
 * target tree, as for every Kirkwood board file): its macro name says the
 * pin and the function, MPP21_GPIO or MPP12_SATA_LED; the function is the
 * pin's one function in the driver starting with the name's first word, or
 * with the word the pack's `pinctrl: words:` gives for it (NF: nand).
 */
static const char *by_name(struct conv *c, const struct pin_functions *pf, const char *name,
			   unsigned *pin, bool *unused, const char *unused_text)
{
	char word[32];
	size_t n = 0;
	int used = 0;

	if (!name || sscanf(name, "MPP%u_%n", pin, &used) != 1 || !used)
		return NULL;
	*unused = unused_text && strstr(name, unused_text);
	while (name[used + n] && name[used + n] != '_' && n + 1 < sizeof(word)) {
		word[n] = name[used + n];
		n++;
	}
	word[n] = '\0';
	/* `pinctrl: words: {NF: nand}`: a board API word that begins no function name */
	const struct rnode *words = rn_get(rn_get(c->soc, "pinctrl"), "words");

	for (size_t i = 0; words && words->kind == RN_MAP && i < words->n; i++)
		if (!strcmp(words->keys[i], word) && words->items[i]->kind == RN_SCALAR)
			return pin_functions_guess(pf, *pin, words->items[i]->scalar);
	return pin_functions_guess(pf, *pin, word);
}

/*
 * 2.6.2x - 2.6.3x orion5x tables are {pin, type} pairs, `{ 12, MPP_SATA_LED }`
 * ending with `{ -1 }`: the entry stands for the word MPP12_SATA_LED, read
 * by its name (by_name()). The pair as a value of that spelling; e itself
 * when it is no such pair; *end at the terminator.
 */
static const struct value *pair_word(struct conv *c, const struct value *e, bool *end)
{
	const struct value *pin = e->kind == VAL_LIST && e->nkids ? e->kids[0] : NULL;
	const struct value *type = pin && e->nkids > 1 ? e->kids[1] : NULL;
	struct value *w;

	*end = pin && pin->kind == VAL_INT && pin->ival < 0;
	if (*end || !pin || pin->kind != VAL_INT || !type || !type->spelling ||
	    strncmp(type->spelling, "MPP_", 4))
		return e;
	w = arena_alloc(c->a, sizeof(*w));
	*w = *e;
	w->kind = VAL_UNKNOWN;
	w->spelling = arena_printf(c->a, "MPP%lld_%s", pin->ival, type->spelling + 4);
	return w;
}

bool reg_marvell_mpp(struct reg_ctx *r)
{
	struct conv *c = r->c;
	const struct variable *arr = conv_deref(c, reg_arg(r, "modes"));
	const char *unused = rn_str(r->reg, "unused");
	const struct pin_functions *pf = c->opt->pins;
	struct strbuf missing;
	size_t used = 0, skipped = 0;

	if (!arr || !arr->init || !arr->is_array || !pf) {
		reg_todo(r, !arr || !arr->init || !arr->is_array ? "MPP mode table not found"
			 : c->opt->target_tree ? "MPP table: the target tree has no MPP function "
			 "table for this SoC (the pack's pinctrl: functions:)"
			 : "MPP table: give --kernel to learn the pin functions from the target tree");
		return true;
	}
	conv_mark_var(c, arr->name);
	sb_init(&missing);
	for (size_t i = 0; i < arr->init->nkids; i++) {
		const struct value *e = arr->init->kids[i];
		const char *fn, *why = NULL;
		bool end;

		if (e->kind == VAL_INT && !e->ival)
			break;
		e = pair_word(c, e, &end);
		if (end)
			break;
		if (e->kind != VAL_INT) {
			unsigned pin = 0;
			bool is_unused = false;

			fn = by_name(c, pf, e->spelling, &pin, &is_unused, unused);
			if (is_unused) {
				entry_fact(c, entry_what(c, arr, e), e, arena_printf(c->a, "mpp%u unused: nothing to "
								   "configure", pin), NULL);
				skipped++;
				continue;
			}
			if (!fn)
				why = "not a constant, and its name says no function of the driver";
			else if (!add_pin(c, pin, fn, e, r->call))
				why = arena_printf(c->a, "mpp%u already set to another function", pin);
			if (!why) {
				entry_fact(c, entry_what(c, arr, e), e, arena_printf(c->a, "&pinctrl: mpp%u, function "
								   "\"%s\" (by its name)", pin, fn),
					   NULL);
				used++;
				continue;
			}
		} else if (unused && e->spelling && strstr(e->spelling, unused)) {
			entry_fact(c, entry_what(c, arr, e), e, arena_printf(c->a, "mpp%u unused: nothing to configure",
						      MPP_PIN(e->ival)), NULL);
			skipped++;
			continue;
		} else if (!(fn = pin_functions_name(pf, MPP_PIN(e->ival), MPP_SEL(e->ival)))) {
			why = arena_printf(c->a, "mpp%u select %u: %s has no such function",
					   MPP_PIN(e->ival), MPP_SEL(e->ival), pin_functions_file(pf));
		} else if (!add_pin(c, MPP_PIN(e->ival), fn, e, r->call)) {
			why = arena_printf(c->a, "mpp%u already set to another function",
					   MPP_PIN(e->ival));
		}
		if (why) {
			sb_addf(&missing, "%s%s (%s)", missing.len ? ", " : "", e->spelling, why);
			entry_fact(c, entry_what(c, arr, e), e, NULL, arena_printf(c->a, "%s: write this pin group by hand", why));
			continue;
		}
		entry_fact(c, entry_what(c, arr, e), e, arena_printf(c->a, "&pinctrl: mpp%u, function \"%s\"",
					      MPP_PIN(e->ival), fn), NULL);
		used++;
	}
	if (missing.len)
		reg_todo(r, arena_printf(c->a, "pins not in groups: %s; write those by hand",
					 missing.buf));
	else
		reg_converted(r, arena_printf(c->a, "%zu pins in pin groups (%zu unused)", used,
					      skipped));
	sb_free(&missing);
	return true;
}
