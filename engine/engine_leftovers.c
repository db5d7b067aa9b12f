// SPDX-License-Identifier: GPL-2.0
/*
 * After the machine's calls: every variable nothing registered, every member
 * clang could not read, and every overlay whose label nothing defines become
 * facts (TODOs, or SoC code), never silent drops.
 */
#include "engine_int.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../common/util.h"
#include "../kernel/soc_dtsi.h"

/* --- Leftovers: variables nothing registered ------------------------------- */

static bool is_machine_record(const struct board *b, const struct variable *v)
{
	for (size_t i = 0; i < b->nmachines; i++)
		if (b->machines[i]->record == v->init)
			return true;
	return false;
}

/*
 * An array of numbers, not of structs: a scalar element type (every word a C
 * integer type word or a kernel fixed-width type) and entries without field
 * names. `struct omap_board_mux m[] = { OMAP3_MUX(...) }` is no such array.
 */
static bool plain_array(const struct variable *v)
{
	static const char *const words[] = { "unsigned", "signed", "int", "char", "short", "long",
					     "u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64",
					     "const", "__initdata" };
	const struct value *first = v->is_array && v->init->nkids ? v->init->kids[0] : NULL;
	char *t, *save = NULL;
	bool scalar = v->type != NULL;

	if (!first || first->kind == VAL_LIST || first->field || !scalar)
		return false;
	t = xstrdup(v->type);
	for (char *w = strtok_r(t, " ", &save); w && scalar; w = strtok_r(NULL, " ", &save)) {
		bool known = false;

		for (size_t i = 0; i < sizeof(words) / sizeof(words[0]) && !known; i++)
			known = str_eq(w, words[i]);
		scalar = known;
	}
	free(t);
	return scalar;
}

/* The machine_desc field whose value is &v (`.timer = &board_timer`), or NULL. */
static const char *machine_field_of(const struct machine *m, const struct variable *v)
{
	const struct value *rec = m->record;

	for (size_t i = 0; rec && i < rec->nkids; i++)
		if (rec->kids[i]->kind == VAL_ADDR && str_eq(rec->kids[i]->text, v->name))
			return rec->kids[i]->field;
	return NULL;
}

static const char *var_what(struct conv *c, const struct variable *v)
{
	return arena_printf(c->a, plain_array(v) ? "%s %s[]" : "struct %s %s", v->type ? v->type : "?",
			    v->name);
}

/* Members clang dropped because the model header lacks them (tolerant mode). */
static size_t lost_members(const struct board *b)
{
	size_t n = 0;

	for (size_t i = 0; i < b->nlost; i++)
		n += !b->lost[i]->reason && !b->lost[i]->kind;
	return n;
}

/* A variable of a struct some rule reads that no machine's code names. */
static const char *unregistered(struct conv *c, const struct variable *v)
{
	size_t lost = lost_members(c->b);

	if (lost && !conv_named_by_any(c, v->name))	/* `.partitions = parts` may be one of them */
		return arena_printf(c->a, "named by nothing clang read: %zu initializer member%s not "
				    "read in tolerant mode (the model header lacks %s) may name it: "
				    "convert with -p", lost, lost == 1 ? "" : "s",
				    lost == 1 ? "it" : "them");
	if (c->b->nmachines > 1 && !conv_named_by_any(c, v->name))
		return "not registered by the code of any MACHINE_START in this file";
	return "not registered by this machine's code";
}

void conv_account_unused_vars(struct conv *c, const struct machine *m)
{
	for (size_t i = 0; i < c->b->nvars; i++) {
		const struct variable *v = c->b->vars[i];
		const char *ids, *why;
		struct fact *f;

		if (conv_var_used(c, v->name) || is_machine_record(c->b, v))
			continue;
		if (!v->init || v->init->kind != VAL_LIST)
			continue;
		f = dt_add_fact(c->t, "variable", var_what(c, v), &v->pos);
		if (machine_field_of(m, v)) {	/* .timer = &board_timer (a 2.6/3.x sys_timer) */
			f->became = arena_printf(c->a, "no DT equivalent: the machine's .%s (SoC code; "
						 "its calls are converted where they are)",
						 machine_field_of(m, v));
			continue;
		}
		/* Another machine's data, like a call under its machine_is_*(): not taken here. */
		if ((ids = conv_elsewhere(c, m, v->name))) {
			f->became = arena_printf(c->a, "not taken: only the code of %s names it (see "
						 "that machine's output)", ids);
			continue;
		}
		why = conv_unregistered_why(c, m, v->name);
		if (why && !strncmp(why, "not taken: ", 11)) {	/* its call is not taken here */
			f->became = why;
			continue;
		}
		/* `no_dt:` / `todo:` struct rules: code, or what only a person can decide. */
		if (rn_str(conv_struct_rule(c, v->type), "no_dt")) {
			f->became = arena_printf(c->a, "no DT equivalent: %s",
						 rn_str(conv_struct_rule(c, v->type), "no_dt"));
			continue;
		}
		f->fate = FACT_TODO;
		if (rn_str(conv_struct_rule(c, v->type), "todo"))
			f->reason = rn_str(conv_struct_rule(c, v->type), "todo");
		else if (plain_array(v))	/* { MPP29_GPIO, MPP46_GPIO, 0 }: no struct at all */
			f->reason = arena_printf(c->a, "an array of %s that no rule reads",
						 v->type ? v->type : "?");
		else if (!conv_struct_rule(c, v->type))
			f->reason = arena_printf(c->a, "no rule for struct %s", v->type ? v->type : "?");
		else
			f->reason = why ? why : unregistered(c, v);
		dt_node_add_todo(c->t, NULL, &v->pos, f->what, f->reason);
	}
}

static bool same_pos(const struct srcpos *a, const struct srcpos *b)
{
	return a->line && a->line == b->line && a->col == b->col && str_eq(a->file, b->file);
}

/* Does a property of n or below come from the C text at pos? */
static bool prop_from(const struct dt_node *n, const struct srcpos *pos)
{
	for (size_t i = 0; i < n->nprops; i++)
		if (same_pos(&n->props[i]->pos, pos))
			return true;
	for (size_t i = 0; i < n->nchildren; i++)
		if (prop_from(n->children[i], pos))
			return true;
	return false;
}

/*
 * A member of another kernel's layout (a grown model struct: 2.6.x's
 * i2c_gpio_platform_data.sda_pin) that a rule converted all the same: into a
 * property, or into none by the rule's own decision (a GPIO of -1, "no
 * line": its field fact says so).
 */
static bool grown_converted(const struct conv *c, const struct lost_fact *l)
{
	if (!l->reason || l->kind)
		return false;
	if (prop_from(c->t->root, &l->pos))
		return true;
	for (size_t i = 0; i < c->t->nfacts; i++)
		if (c->t->facts[i]->fate == FACT_CONVERTED && str_eq(c->t->facts[i]->kind, "field") &&
		    same_pos(&c->t->facts[i]->pos, &l->pos))
			return true;
	for (size_t i = 0; i < c->t->noverlays; i++)
		if (prop_from(c->t->overlays[i], &l->pos))
			return true;
	return false;
}

/* Does a fact of this conversion come from the line of pos? */
static bool fact_on_line(const struct conv *c, const struct srcpos *pos)
{
	for (size_t i = 0; i < c->t->nfacts; i++)
		if (c->t->facts[i]->pos.line == pos->line && str_eq(c->t->facts[i]->pos.file, pos->file))
			return true;
	return false;
}

/*
 * A line of the board file clang could not parse and no fact comes from
 * (3.x spear300_evb.c's `DECLARE_SPI_CS_CONTROL(0, flash, RAS_GPIO_3)`, a
 * macro of a header that is not here): what it declares is in neither the
 * output nor the report, so a TODO shows the line and clang's message.
 */
static void account_unparsed(struct conv *c)
{
	for (size_t i = 0; i < c->b->nmain_errors; i++) {
		const struct clang_error *e = c->b->main_errors[i];
		bool again = false;

		for (size_t k = 0; k < i && !again; k++)
			again = c->b->main_errors[k]->pos.line == e->pos.line &&
				str_eq(c->b->main_errors[k]->pos.file, e->pos.file);
		if (again || !e->pos.line || fact_on_line(c, &e->pos))
			continue;
		dt_node_add_todo(c->t, NULL, &e->pos, "(not parsed)",
				 arena_printf(c->a, "clang: %s: what this line declares or does is "
					      "missing from the output; give clang the header that "
					      "defines it and convert again", e->message));
	}
}

/* Members clang could not read (tolerant mode): TODOs, never silently dropped. */
void conv_account_lost(struct conv *c)
{
	/* the board's own headers that were not found: why its macros are unknown */
	if (c->b->nmissing_headers) {
		struct strbuf names;

		sb_init(&names);
		for (size_t i = 0; i < c->b->nmissing_headers; i++)
			sb_addf(&names, "%s#include \"%s\"", i ? ", " : "",
				c->b->missing_headers[i]->message);
		dt_node_add_todo(c->t, NULL, &c->b->missing_headers[0]->pos, names.buf,
				 "not found beside the board file nor in the target tree: a macro "
				 "defined only there (a GPIO number, an address) is unknown here, "
				 "and a value that uses one is a TODO below; put the headers beside "
				 "the board file and convert again");
		sb_free(&names);
	}
	for (size_t i = 0; i < c->b->nlost; i++) {
		const struct lost_fact *l = c->b->lost[i];

		if (grown_converted(c, l))
			continue;	/* the property says it, annotated with the C text */
		struct fact *f = dt_add_fact(c->t, l->kind ? l->kind : "field", l->message, &l->pos);

		f->fate = FACT_TODO;
		f->reason = l->reason ? l->reason
			: "not read in tolerant mode (the model header lacks it): convert with -p or by hand";
		dt_node_add_todo(c->t, NULL, &l->pos, l->message, f->reason);
	}
	account_unparsed(c);
}

/*
 * Does &label exist for dtc? Labels the graph defines do; SoC labels do when
 * the loaded .dtsi has them, or (kernel tree unknown) when the pack names a
 * .dtsi at all. With no .dtsi, nothing outside the graph exists.
 */
static bool label_exists(const struct conv *c, const struct dt_node *ov)
{
	if (ov->after_tail_includes || dt_node_has_label(c->t->root, ov->ref))
		return true;
	for (size_t i = 0; i < c->t->noverlays; i++)
		for (size_t k = 0; k < c->t->overlays[i]->nchildren; k++)
			if (dt_node_has_label(c->t->overlays[i]->children[k], ov->ref))
				return true;
	if (c->opt->dtsi)
		return soc_dtsi_has_label(c->opt->dtsi, ov->ref);
	return conv_dtsi_name(c) != NULL;
}

static bool became_overlay(const struct fact *f, const char *label)
{
	size_t n = strlen(label);

	return f->became && f->became[0] == '&' && !strncmp(f->became + 1, label, n) &&
	       (!f->became[n + 1] || f->became[n + 1] == '/' || f->became[n + 1] == ' ');
}

/*
 * An overlay of a label no .dtsi defines would make dtc fail: it becomes a
 * TODO, and so do the facts that went into it; the overlay itself is kept in
 * t->dropped, which the writer prints commented out, so no value is lost.
 */
void conv_drop_unknown_overlays(struct conv *c)
{
	size_t kept = 0;

	for (size_t i = 0; i < c->t->noverlays; i++) {
		struct dt_node *ov = c->t->overlays[i];
		const char *reason;

		if (label_exists(c, ov)) {
			c->t->overlays[kept++] = ov;
			continue;
		}
		reason = arena_printf(c->a, "&%s: no such node (%s): describe the device by hand",
				      ov->ref, c->soc ? "the SoC .dtsi has no such label"
						      : "no SoC rule pack matched; try --soc");
		dt_node_add_todo(c->t, NULL, &ov->pos, arena_printf(c->a, "&%s { %zu properties, %zu nodes }",
				 ov->ref, ov->nprops, ov->nchildren),
				 arena_printf(c->a, "%s; it is written below the TODOs, commented out", reason));
		arena_push(c->a, (void ***)&c->t->dropped, &c->t->ndropped, ov);
		for (size_t k = 0; k < c->t->nfacts; k++)
			if (c->t->facts[k]->fate == FACT_CONVERTED && became_overlay(c->t->facts[k], ov->ref)) {
				c->t->facts[k]->fate = FACT_TODO;
				c->t->facts[k]->reason = reason;
			}
	}
	c->t->noverlays = kept;
}

/* Did f go into the node at path (the node, a property of it, a node under it)? */
static bool became_node(const struct fact *f, const char *path)
{
	size_t n = strlen(path);

	return f->became && !strncmp(f->became, path, n) &&
	       (!f->became[n] || f->became[n] == ' ' || f->became[n] == '/' || f->became[n] == ',');
}

/* The facts that went into node n (not its resources' bare name): TODOs for reason. */
static void demote_node_facts(struct conv *c, struct dt_node *n, const char *reason)
{
	const char *path = dt_node_path(c->t, n), *bare;

	/* the resources' facts name the node as it was before its unit address */
	bare = n->unit ? arena_printf(c->a, "%.*s", (int)(strlen(path) - strlen(n->unit) - 1), path)
		       : path;
	for (size_t k = 0; k < c->t->nfacts; k++)
		if (c->t->facts[k]->fate == FACT_CONVERTED &&
		    (became_node(c->t->facts[k], path) || became_node(c->t->facts[k], bare))) {
			c->t->facts[k]->fate = FACT_TODO;
			c->t->facts[k]->reason = reason;
		}
}

void conv_note_requires(struct conv *c, struct dt_node *n, const struct rnode *drule)
{
	size_t k = c->nrequired;

	if (!rn_get(drule, "requires"))
		return;
	arena_push(c->a, (void ***)&c->required, &c->nrequired, n);
	arena_push(c->a, (void ***)&c->required_rule, &k, (void *)drule);
}

/*
 * `requires: [{prop, todo}]`: a property the target's driver cannot probe
 * without (6.1 max8925_dt_init(): maxim,tsc-irq; spi-gpio.c: sck-gpios).
 * A node that did not get it, from its platform data or a GPIO lookup
 * table, has the TODO, and the facts that went into it are not converted.
 */
static void check_requires(struct conv *c, struct dt_node *n, const struct rnode *drule)
{
	const struct rnode *req = rn_get(drule, "requires");

	for (size_t i = 0; req && i < req->n; i++) {
		const char *prop = rn_str(req->items[i], "prop");
		const char *todo = rn_str(req->items[i], "todo");

		if (!prop || dt_prop_find(n, prop))
			continue;
		todo = arena_printf(c->a, "no %s, which the target's driver requires%s%s", prop,
				    todo ? ": " : "", todo ? todo : "");
		dt_node_add_todo(c->t, n, &n->pos, n->origin ? n->origin : prop, todo);
		demote_node_facts(c, n, arena_printf(c->a, "went into %s, which has %s",
						     dt_node_path(c->t, n), todo));
	}
}

/*
 * A node made for a platform device whose driver name nothing in the target
 * binds (no rule maps it, no driver of the tree has an of_match_table for
 * it: engine_compat.c) and that got no compatible otherwise is a draft: it
 * stays in the .dts with its TODO, but the facts that went into it (the
 * registration, its name, resources and data) are not converted, for no
 * binding can check them and no driver reads them. So is a device node
 * without a property its device rule `requires:` (check_requires()), and an
 * I2C/SPI device
 * left disabled because its driver would probe without the platform data
 * no rule converts (bus_device.c: pdata_draft()).
 */
void conv_account_unbound(struct conv *c)
{
	for (size_t i = 0; i < c->nunbound; i++) {
		struct dt_node *n = c->unbound[i];

		if (dt_prop_find(n, "compatible"))
			continue;
		demote_node_facts(c, n, arena_printf(c->a, "went into %s, a draft: nothing in the "
						     "target binds it (its driver name has no "
						     "compatible: see the TODO there)",
						     dt_node_path(c->t, n)));
	}
	conv_usb_phy_requires(c);
	for (size_t i = 0; i < c->nrequired; i++)
		check_requires(c, c->required[i], c->required_rule[i]);
	for (size_t i = 0; i < c->ndrafts; i++)
		demote_node_facts(c, c->drafts[i], arena_printf(c->a, "went into %s, a draft: disabled, "
								"its driver would probe without the "
								"platform data no rule converts (see the "
								"TODO there)", dt_node_path(c->t, c->drafts[i])));
}
