// SPDX-License-Identifier: GPL-2.0
/*
 * Which SoC pack a board is (`match:` paths, calls, unless_calls) and the
 * meaning of callback parameters (`callbacks:`), before any conversion.
 */
#include "engine_int.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../common/util.h"
#include "../kernel/soc_dtsi.h"

/* --- SoC choice ---------------------------------------------------------- */

static bool board_calls(const struct board *b, const char *callee)
{
	for (size_t i = 0; i < b->nfuncs; i++)
		for (size_t j = 0; j < b->funcs[i]->ncalls; j++)
			if (str_eq(b->funcs[i]->calls[j]->callee, callee))
				return true;
	return false;
}

/*
 * A MACHINE_START record names the function (`.init_irq = pxa27x_init_irq`)
 * or the SoC's object (`.timer = &omap1_timer`, the 2.6.x-3.x `struct
 * sys_timer`). In tolerant mode the SoC header that declares it may be
 * missing: the field is then an unknown value spelled as the bare name (or
 * `&name`), which counts too.
 */
static bool record_field_names(const struct value *f, const char *fn)
{
	const char *sp = f->spelling;

	if (f->kind == VAL_FUNC || f->kind == VAL_ADDR)
		return str_eq(f->text, fn);
	if (f->kind != VAL_UNKNOWN || !sp)
		return false;
	while (*sp == '&' || *sp == ' ')
		sp++;
	return str_eq(sp, fn);
}

static bool record_refs(const struct machine *m, const char *fn)
{
	const struct value *r = m->record;

	for (size_t k = 0; r && r->kind == VAL_LIST && k < r->nkids; k++)
		if (record_field_names(r->kids[k], fn))
			return true;
	return false;
}

static bool board_record_refs(const struct board *b, const char *fn)
{
	for (size_t i = 0; i < b->nmachines; i++)
		if (record_refs(b->machines[i], fn))
			return true;
	return false;
}

/* Does the file's code call one of these, or machine m's record name one? */
bool engine_machine_calls_any(const struct board *b, const struct machine *m,
			      const struct rnode *calls)
{
	for (size_t i = 0; calls && i < calls->n; i++)
		if (board_calls(b, calls->items[i]->scalar) || record_refs(m, calls->items[i]->scalar))
			return true;
	return false;
}

/*
 * Does the file's code call one of these, or does every machine record of
 * it name one? (board-cm-t35.c: CM_T3730's .init_early is
 * omap3630_init_early, CM_T35's omap35xx_init_early: not every machine's.)
 */
bool engine_every_machine_calls(const struct board *b, const struct rnode *calls)
{
	for (size_t i = 0; calls && i < calls->n; i++)
		if (board_calls(b, calls->items[i]->scalar))
			return true;
	for (size_t m = 0; calls && m < b->nmachines; m++) {
		bool named = false;

		for (size_t i = 0; i < calls->n && !named; i++)
			named = record_refs(b->machines[m], calls->items[i]->scalar);
		if (!named)
			return false;
	}
	return calls && b->nmachines;
}

bool engine_soc_path_matches(const struct rnode *soc, const char *path)
{
	const struct rnode *paths = rn_get(rn_get(soc, "match"), "paths");

	for (size_t i = 0; paths && i < paths->n; i++)
		if (paths->items[i]->scalar && strstr(path, paths->items[i]->scalar))
			return true;
	return false;
}

/* The first `match: calls:` entry the board calls (or its machine record names), or NULL. */
static const char *called(const struct board *b, const struct rnode *calls)
{
	for (size_t i = 0; calls && i < calls->n; i++)
		if (board_calls(b, calls->items[i]->scalar) ||
		    board_record_refs(b, calls->items[i]->scalar))
			return calls->items[i]->scalar;
	return NULL;
}

/* Does the board call (or its machine record name) one of these functions? */
bool engine_board_calls_any(const struct board *b, const struct rnode *calls)
{
	return called(b, calls) != NULL;
}

/* A pack's `match: model:` strings. */
static const struct rnode *models_of(const struct rnode *soc)
{
	return rn_get(rn_get(soc, "match"), "model");
}

/* The first of models that machine m's name contains, or NULL. */
static const char *machine_named(const struct machine *m, const struct rnode *models)
{
	for (size_t i = 0; models && i < models->n; i++)
		if (models->items[i]->scalar && m->name && strstr(m->name, models->items[i]->scalar))
			return models->items[i]->scalar;
	return NULL;
}

/* How many of the board's machines a pack's `match: model:` names. */
static size_t machines_named(const struct board *b, const struct rnode *soc)
{
	size_t n = 0;

	for (size_t m = 0; m < b->nmachines; m++)
		n += machine_named(b->machines[m], models_of(soc)) != NULL;
	return n;
}

/* The first `match: model:` entry a machine's name contains ("OMAP2420 H4 board"), or NULL. */
static const char *named(const struct board *b, const struct rnode *models)
{
	for (size_t i = 0; models && i < models->n; i++)
		for (size_t m = 0; m < b->nmachines; m++)
			if (models->items[i]->scalar && b->machines[m]->name &&
			    strstr(b->machines[m]->name, models->items[i]->scalar))
				return models->items[i]->scalar;
	return NULL;
}

/* --- Evidence of last resort: the SoC's own macros ------------------------ */

/* Does `text` spell `name(` as a whole identifier followed by a '('? */
static bool spells_call(const char *text, const char *name, size_t n)
{
	for (const char *p = text ? strstr(text, name) : NULL; p; p = strstr(p + 1, name)) {
		const char *q = p + n;

		if (p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))
			continue;
		while (*q == ' ')
			q++;
		if (*q == '(')
			return true;
	}
	return false;
}

/* What a board may spell: `name(` (a macro call), or an identifier starting with `name`. */
struct spelling {
	const char *name;
	size_t n;
	bool prefix;
};

/* Does `text` spell an identifier that starts with `prefix` (AT91SAM9261_)? */
static bool spells_prefix(const char *text, const char *prefix)
{
	for (const char *p = text ? strstr(text, prefix) : NULL; p; p = strstr(p + 1, prefix))
		if (p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_'))
			return true;
	return false;
}

static bool value_spells(const struct value *v, const struct spelling *sp)
{
	if (!v)
		return false;
	if (v->kind != VAL_LIST && (sp->prefix ? spells_prefix(v->spelling, sp->name)
					       : spells_call(v->spelling, sp->name, sp->n)))
		return true;
	for (size_t i = 0; i < v->nkids; i++)
		if (value_spells(v->kids[i], sp))
			return true;
	return false;
}

/* Does an initializer, a machine record, a call's argument or a store of the board spell it? */
static bool board_spells(const struct board *b, const struct spelling *sp)
{
	for (size_t i = 0; i < b->nvars; i++)
		if (value_spells(b->vars[i]->init, sp))
			return true;
	for (size_t i = 0; i < b->nmachines; i++)
		if (value_spells(b->machines[i]->record, sp))
			return true;
	for (size_t i = 0; i < b->nfuncs; i++) {
		const struct function *f = b->funcs[i];

		for (size_t j = 0; j < f->ncalls; j++)
			for (size_t k = 0; k < f->calls[j]->nargs; k++)
				if (value_spells(f->calls[j]->args[k], sp))
					return true;
		for (size_t j = 0; j < f->nstores; j++)
			if (value_spells(f->stores[j]->rhs, sp))
				return true;
	}
	return false;
}

bool engine_board_spells_any(const struct board *b, const struct rnode *names)
{
	for (size_t i = 0; b && names && i < names->n; i++) {
		const char *w = names->items[i]->scalar;

		if (w && board_spells(b, &(struct spelling){ w, strlen(w), true }))
			return true;
	}
	return false;
}

/* Is NAME( a function-like define of another pack too (IRQ_EINT, IO_ADDRESS)? */
static bool defined_elsewhere(const struct ruleset *rs, const struct rnode *soc,
			      const char *name, size_t n)
{
	for (size_t i = 0; i < rs->nsocs; i++) {
		const struct rnode *defs = rn_get(rs->socs[i], "defines");

		for (size_t k = 0; rs->socs[i] != soc && defs && k < defs->n; k++)
			if (!strncmp(defs->keys[k], name, n) && defs->keys[k][n] == '(')
				return true;
	}
	return false;
}

/*
 * How many function-like `defines:` of this pack that no other pack
 * defines (S3C64XX_GPN(n)) the board spells. The first one found is left
 * in *first.
 */
static size_t macros_spelled(const struct board *b, const struct ruleset *rs,
			     const struct rnode *soc, const char **first)
{
	const struct rnode *defs = rn_get(soc, "defines");
	size_t hits = 0;

	for (size_t i = 0; defs && i < defs->n; i++) {
		const char *key = defs->keys[i], *paren = key ? strchr(key, '(') : NULL;
		char *name;

		if (!paren || paren == key)
			continue;
		name = xstrndup(key, (size_t)(paren - key));
		if (!defined_elsewhere(rs, soc, name, strlen(name)) &&
		    board_spells(b, &(struct spelling){ name, strlen(name), false }) &&
		    !hits++ && first)
			*first = key;
		free(name);
	}
	return hits;
}

/* The first `match: spells:` prefix the board spells, or NULL. */
static const char *spelled_prefix(const struct board *b, const struct rnode *prefixes)
{
	for (size_t p = 0; prefixes && p < prefixes->n; p++) {
		const char *pre = prefixes->items[p]->scalar;

		if (pre && board_spells(b, &(struct spelling){ pre, strlen(pre), true }))
			return pre;
	}
	return NULL;
}

/* Fewer own macros than this are no evidence (one could be a coincidence). */
#define MIN_OWN_MACROS 2

/*
 * The pack whose own SoC macros the board spells most, at least
 * MIN_OWN_MACROS of them (mach-smartq7.c, whose machine record names only
 * helpers of mach-smartq.c, spells S3C64XX_GPN(8) and S3C64XX_GPL(14)); a
 * macro other packs define too (IRQ_EINT(x), IMX_GPIO_NR(bank, nr)) is no
 * evidence, an Exynos board's IRQ_EINT(x) must not make it an S3C64xx one,
 * and a tie picks none.
 */
static const struct rnode *pick_by_macros(const struct board *b, const struct ruleset *rs)
{
	const struct rnode *best = NULL;
	size_t most = MIN_OWN_MACROS - 1;
	bool tie = false;

	for (size_t i = 0; i < rs->nsocs; i++) {
		size_t n = macros_spelled(b, rs, rs->socs[i], NULL);

		if (n > most) {
			most = n;
			best = rs->socs[i];
			tie = false;
		} else if (n == most && best) {
			tie = true;
		}
	}
	return tie ? NULL : best;
}

/*
 * A pack matches a board when a machine's name contains one of its `model`
 * strings, the board calls one of its `calls` or the file's path contains
 * one of its `paths`, unless it calls one of its `unless_calls`
 * (mach-omap2/ holds OMAP2, OMAP3 and OMAP4 boards: the OMAP3 pack steps
 * aside for a board that calls omap4_mux_init(), and the OMAP2 packs come
 * first in file order and claim "OMAP2420 H4 board").
 */
enum match_by { BY_MODEL, BY_PATH, BY_SPELLS, BY_CALLS };

static bool soc_matches(const struct board *b, const struct rnode *soc, enum match_by by)
{
	const struct rnode *match = rn_get(soc, "match");
	bool hit = by == BY_MODEL ? named(b, rn_get(match, "model")) != NULL
		 : by == BY_PATH ? engine_soc_path_matches(soc, b->path)
		 : by == BY_SPELLS ? spelled_prefix(b, rn_get(match, "spells")) != NULL
		 : engine_board_calls_any(b, rn_get(match, "calls"));

	return hit && !engine_board_calls_any(b, rn_get(match, "unless_calls"));
}

/*
 * --soc, else the first pack (in file order) that matches the board by a
 * machine's name, else by the path, else by an identifier prefix of its
 * `spells:` (AT91SAM9261_ID_IRQ0), else by a call, else by the SoC macros
 * it spells: the more specific evidence first. AT91 boards of 3.x all call
 * at91_initialize(), which the AT91SAM9260 pack claims; "Atmel
 * AT91SAM9263-EK", board-sam9263ek.c or AT91SAM9261_ID_* still go to
 * their own packs.
 */
const struct rnode *engine_pick_soc(const struct board *b, const struct ruleset *rs,
				    const char *soc)
{
	const struct rnode *most = NULL;
	size_t nmost = 0;

	if (soc)
		return rules_soc(rs, soc);
	/* By the machines' names: the pack that names most of them (a file of
	 * several SoCs' boards, board-usb-a926x.c: two AT91SAM9260s, one 9263). */
	for (size_t i = 0; i < rs->nsocs; i++) {
		size_t n = soc_matches(b, rs->socs[i], BY_MODEL) ? machines_named(b, rs->socs[i]) : 0;

		if (n > nmost) {
			nmost = n;
			most = rs->socs[i];
		}
	}
	if (most)
		return most;
	for (int by = BY_PATH; by <= BY_CALLS; by++)
		for (size_t i = 0; i < rs->nsocs; i++)
			if (soc_matches(b, rs->socs[i], (enum match_by)by))
				return rs->socs[i];
	return pick_by_macros(b, rs);
}

void engine_soc_why(const struct board *b, const struct ruleset *rs,
		    const struct rnode *soc, bool forced, struct strbuf *sb)
{
	const struct rnode *match = rn_get(soc, "match"), *paths = rn_get(match, "paths");
	const char *call = called(b, rn_get(match, "calls")), *macro = NULL;
	const char *spelled = spelled_prefix(b, rn_get(match, "spells"));

	if (forced) {
		sb_add(sb, "given with --soc");
		return;
	}
	for (size_t i = 0; paths && i < paths->n; i++)
		if (paths->items[i]->scalar && strstr(b->path, paths->items[i]->scalar)) {
			sb_addf(sb, "the path contains '%s'", paths->items[i]->scalar);
			return;
		}
	if (named(b, rn_get(match, "model")))
		sb_addf(sb, "a machine's name contains '%s'", named(b, rn_get(match, "model")));
	else if (spelled)
		sb_addf(sb, "the board spells %s...", spelled);
	else if (call)
		sb_addf(sb, "the board calls %s()", call);
	else if (macros_spelled(b, rs, soc, &macro))
		sb_addf(sb, "the board spells its macro %s", macro);
	else
		sb_add(sb, "its match: rules");
}

/*
 * Another pack whose `match: model:` machine m's name contains, when the
 * pack the file converts with (soc) does not name m: that machine is of
 * another SoC. NULL: none.
 */
const struct rnode *engine_machine_other_soc(const struct ruleset *rs, const struct rnode *soc,
					     const struct machine *m)
{
	if (!soc || machine_named(m, models_of(soc)))
		return NULL;
	for (size_t i = 0; i < rs->nsocs; i++)
		if (rs->socs[i] != soc && machine_named(m, models_of(rs->socs[i])))
			return rs->socs[i];
	return NULL;
}

/* --- SoC names, for a board no pack takes ---------------------------------- */

/* A word of a C name that looks like a SoC's: letters and digits, 4 chars at least. */
static bool soc_like(const char *w, size_t n)
{
	bool digit = false, alpha = false;

	for (size_t i = 0; i < n; i++) {
		digit |= isdigit((unsigned char)w[i]) != 0;
		alpha |= isalpha((unsigned char)w[i]) != 0;
	}
	return n >= 4 && digit && alpha;
}

static void push_word(struct ptrvec *words, struct ptrvec *from, const char *w, size_t n,
		      const char *name)
{
	char *word = xstrndup(w, n);

	for (char *c = word; *c; c++)
		*c = (char)tolower((unsigned char)*c);
	for (size_t i = 0; i < words->len; i++)
		if (str_eq(words->items[i], word)) {
			free(word);
			return;
		}
	pv_push(words, word);
	pv_push(from, xstrdup(name));
}

/* The SoC-like words of one C name (s5pv210_init_io -> s5pv210). */
static void name_words(struct ptrvec *words, struct ptrvec *from, const char *name)
{
	const char *p = name;

	while (p && *p) {
		size_t n = strcspn(p, "_&* ");

		if (soc_like(p, n))
			push_word(words, from, p, n, name);
		p += n;
		p += strspn(p, "_&* ");
	}
}

/*
 * The SoC's own setup in a record (`.map_io = gemini_map_io`, `.init_irq`,
 * `.init_early`, `.init_time`, `.timer`): the first word of the function's
 * name is the SoC's, digits or not ("gemini" names gemini.dtsi).
 */
static void setup_word(struct ptrvec *words, struct ptrvec *from, const char *field,
		       const char *name)
{
	static const char *const fields[] = { "map_io", "init_irq", "init_early", "init_time",
					      "timer" };
	size_t n = name ? strcspn(name, "_") : 0;
	bool setup = false;

	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++)
		setup |= str_eq(field, fields[i]);
	for (size_t i = 0; setup && i < n; i++)
		setup = isalnum((unsigned char)name[i]) != 0;
	if (setup && n >= 4 && name[n] == '_')
		push_word(words, from, name, n, name);
}

bool engine_soc_like(const char *w)
{
	return w && soc_like(w, strlen(w));
}

void engine_soc_words(const struct board *b, struct ptrvec *words, struct ptrvec *from)
{
	/* the directory as the file system has it: `board2dts convert board.c` run in mach-X/ */
	char *real = b->path ? realpath(b->path, NULL) : NULL;
	const char *path = real ? real : b->path;
	const char *mach = path ? strstr(path, "mach-") : NULL;

	if (mach) {
		size_t n = strcspn(mach + 5, "/");

		if (n && mach[5 + n] == '/')
			push_word(words, from, mach + 5, n, "the path");
	}
	free(real);
	for (size_t i = 0; i < b->nmachines; i++) {
		const struct value *r = b->machines[i]->record;

		for (size_t k = 0; r && r->kind == VAL_LIST && k < r->nkids; k++) {
			const struct value *f = r->kids[k];

			const char *name = f->kind == VAL_FUNC || f->kind == VAL_ADDR ? f->text
					   : f->kind == VAL_UNKNOWN ? f->spelling : NULL;

			name_words(words, from, name);
			setup_word(words, from, f->field, name);
		}
	}
	for (size_t i = 0; i < b->nfuncs; i++)
		for (size_t j = 0; j < b->funcs[i]->ncalls; j++)
			name_words(words, from, b->funcs[i]->calls[j]->callee);
}

/* --- Callback parameters -------------------------------------------------- */

static void bind_function_params(struct board *b, const char *fname, long param,
				 const char *meaning)
{
	struct function *f = board_find_func(b, fname);

	if (!f)
		return;
	for (size_t i = 0; i < f->nstores; i++) {
		struct value *v = f->stores[i]->rhs;

		if (v && v->kind == VAL_SYMBOLIC && v->sym_index == param)
			v->sym_meaning = meaning;
	}
	for (size_t i = 0; i < f->ncalls; i++)
		for (size_t j = 0; j < f->calls[i]->nargs; j++) {
			struct value *v = f->calls[i]->args[j];

			if (v && v->kind == VAL_SYMBOLIC && v->sym_index == param)
				v->sym_meaning = meaning;
		}
}

static void bind_in_value(struct board *b, const struct value *v, const struct ruleset *rs)
{
	if (!v || v->kind != VAL_LIST)
		return;
	for (size_t i = 0; i < v->nkids; i++) {
		const struct value *k = v->kids[i];

		if (k->kind == VAL_FUNC && !v->is_array) {
			for (size_t r = 0; r < rs->ncallbacks; r++) {
				const struct rnode *cb = rs->callbacks[r];
				long long param;

				if (str_eq(rn_str(cb, "struct"), v->type) &&
				    str_eq(rn_str(cb, "field"), k->field) &&
				    rn_get_long(cb, "param", &param))
					bind_function_params(b, k->text, (long)param,
							     rn_str(cb, "provider"));
			}
		}
		bind_in_value(b, k, rs);
	}
}

void engine_bind_callbacks(struct board *b, const struct ruleset *rs)
{
	for (size_t i = 0; i < b->nvars; i++)
		bind_in_value(b, b->vars[i]->init, rs);
	for (size_t i = 0; i < b->nparses; i++)	/* the other machines' (machine_split.c) */
		engine_bind_callbacks(b->parses[i], rs);
}

