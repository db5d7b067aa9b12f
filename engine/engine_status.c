// SPDX-License-Identifier: GPL-2.0
/*
 * The status pass: a board-level controller of the target's SoC .dtsi that
 * the .dtsi leaves enabled and the machine never registers gets
 * `&label { status = "disabled"; }`, annotated "not registered by
 * MACHINE_START(ID)" (the second and third MMC controllers of OMAP3, which
 * omap3.dtsi enables and a board with one SD slot does not use).
 *
 * Registered means: the conversion overlaid the label (status = "okay" from
 * the registering call, properties, children) or refers to it (a phandle or
 * a path reference). Board-level classes are the generic node names of the
 * bindings (`mmc`, `i2c`, `spi`, `serial`, `usb`, ...), listed as data under
 * `board_level:` in the binding packs and extended by the SoC pack; SoC
 * infrastructure (interrupt controllers, timers, GPIO banks, pin
 * controllers, clocks, DMA) is never in the list and is left alone, and so
 * is a node the kernel binds as its system timer (soc_timers.c: Samsung's
 * `pwm` block is the S3C clocksource). A node a TODO struct may register
 * (todo_struct_for) keeps the .dtsi's status, with a TODO.
 */
#include "engine_int.h"

#include <libfdt.h>
#include <stdlib.h>
#include <string.h>

#include "../common/util.h"
#include "../kernel/soc_dtsi.h"

/* Is the node name's stem (before '@') `stem`, or `stem` plus digits? */
static bool stem_matches(const char *name, const char *stem)
{
	size_t k = strlen(stem), n = strcspn(name, "@");

	if (n < k || strncmp(name, stem, k))
		return false;
	return strspn(name + k, "0123456789") == n - k;
}

static bool in_list(const struct rnode *l, const char *name)
{
	for (size_t i = 0; l && l->kind == RN_SEQ && i < l->n; i++)
		if (l->items[i]->kind == RN_SCALAR && stem_matches(name, l->items[i]->scalar))
			return true;
	return false;
}

/* board_level: of the binding packs and of the chosen SoC pack. */
static bool board_level(const struct conv *c, const char *name)
{
	for (size_t i = 0; i < c->rs->nfiles; i++) {
		const struct rnode *root = c->rs->files[i]->root;

		if (!rn_get(root, "soc") && in_list(rn_get(root, "board_level"), name))
			return true;
	}
	return c->soc && in_list(rn_get(c->soc, "board_level"), name);
}

static bool disabled_at(const void *fdt, int off)
{
	int len;
	const char *s = fdt_getprop(fdt, off, "status", &len);

	return s && len > 0 && strcmp(s, "okay") && strcmp(s, "ok");
}

/* Enabled in the .dtsi: no "disabled" status on the node or an ancestor. */
static bool enabled(const void *fdt, int off)
{
	for (; off >= 0; off = fdt_parent_offset(fdt, off))
		if (disabled_at(fdt, off))
			return false;
	return true;
}

/*
 * A device of the SoC: a node with reg on a bus that maps it (its parent has
 * ranges, or is the root). Channels of an i2c-mux, ports of a switch and
 * other children addressed inside their parent are not.
 */
static bool soc_device(const void *fdt, int off)
{
	int parent = fdt_parent_offset(fdt, off);

	return fdt_getprop(fdt, off, "reg", NULL) &&
	       (parent == 0 || (parent > 0 && fdt_getprop(fdt, parent, "ranges", NULL)));
}

static bool prop_refers(const struct dt_prop *p, const char *label)
{
	for (size_t i = 0; i < p->nchunks; i++) {
		const struct dt_chunk *ch = p->chunks[i];

		if (ch->kind == CHUNK_REF_PATH && str_eq(ch->str, label))
			return true;
		for (size_t k = 0; ch->kind == CHUNK_CELLS && k < ch->ncells; k++)
			if (ch->cells[k].kind == CELL_REF && str_eq(ch->cells[k].text, label))
				return true;
	}
	return false;
}

static bool node_refers(const struct dt_node *n, const char *label)
{
	for (size_t i = 0; i < n->nprops; i++)
		if (prop_refers(n->props[i], label))
			return true;
	for (size_t i = 0; i < n->nchildren; i++)
		if (node_refers(n->children[i], label))
			return true;
	return false;
}

static bool label_used(const struct dt_tree *t, const char *label)
{
	if (node_refers(t->root, label))
		return true;
	for (size_t i = 0; i < t->noverlays; i++)
		if (str_eq(t->overlays[i]->ref, label) || node_refers(t->overlays[i], label))
			return true;
	return false;
}

/* Any label of the node at path (a node may have several) is used. */
static bool used(const struct dt_tree *t, const void *fdt, int sym, const char *path)
{
	int po;

	fdt_for_each_property_offset(po, fdt, sym) {
		const char *label, *v;
		int len;

		v = fdt_getprop_by_offset(fdt, po, &label, &len);
		if (v && len > 0 && v[len - 1] == '\0' && !strcmp(v, path) && label_used(t, label))
			return true;
	}
	return false;
}

static void disable(struct conv *c, const struct machine *m, const char *label, const char *path)
{
	struct dt_node *n = dt_overlay(c->t, label);
	struct dt_prop *p = dt_prop_set(c->t, n, "status");

	dt_prop_add_string(c->t, p, "disabled");
	n->pos = m->pos;
	n->origin = arena_printf(c->a, "%s in the SoC .dtsi", path);
	p->pos = m->pos;
	p->origin = arena_printf(c->a, "not registered by MACHINE_START(%s)", m->id);
}

/*
 * A struct no rule knows (a TODO "no rule for struct X") whose type names the node's class
 * (`struct omap_mmc_config h4_mmc_config`, handed to the SoC code through
 * a 2.6 omap_board_config tag, for an `mmc@` node), or a call no rule knows
 * whose function names it (3.x board-n8x0.c's `omap_serial_init_port(&bdata)`
 * for the `serial@` nodes), may be what registers it: the node is not
 * disabled then, a TODO says why. `serial` nodes also answer to `uart`.
 */
static const struct fact *todo_struct_for(const struct conv *c, const char *name)
{
	size_t n = strcspn(name, "@");
	char *stem;

	while (n && strchr("0123456789", name[n - 1]))
		n--;
	stem = arena_strndup(c->a, name, n);

	for (size_t i = 0; n && i < c->t->nfacts; i++) {
		const struct fact *f = c->t->facts[i];
		bool var = str_eq(f->kind, "variable"), call = str_eq(f->kind, "call");
		const char *type = var && f->what && !strncmp(f->what, "struct ", 7) ? f->what + 7
			: call ? f->what : NULL;
		size_t tl = type ? strcspn(type, var ? " " : "(") : 0;
		char *t = type ? arena_strndup(c->a, type, tl) : NULL;

		/* no rule knows what it is; a known table nothing registers is no such thing */
		if (f->fate == FACT_TODO && t && f->reason &&
		    !strncmp(f->reason, var ? "no rule for struct " : "no rule for call ",
			     var ? 19 : 17) &&
		    (strstr(t, stem) || (str_eq(stem, "serial") && strstr(t, "uart"))))
			return f;
	}
	return NULL;
}

/*
 * What describes the controller itself (compatible, reg, interrupts, its
 * clock) stays the .dtsi's where a board node merges into one of its device
 * nodes: the board's
 * generic "ns16550a", a register size guessed from regshift and a legacy IRQ
 * without its trigger type would otherwise replace the SoC's own values.
 * The board's copies are dropped (their facts stay converted: the merged
 * node states them); returns their names for the annotation, or NULL.
 */
static const char *dtsi_owned_props(struct conv *c, struct dt_node *n, const void *fdt, int off)
{
	/* The engine states interrupts as interrupts-extended (graph/passes.c
	 * splits it into interrupt-parent + interrupts when written). */
	static const char *const owned[][2] = {
		{ "compatible", "compatible" }, { "reg", "reg" },
		{ "interrupts-extended", "interrupts" }, { "interrupts", "interrupts" },
		{ "interrupt-parent", "interrupts" },
		/* the .dtsi's clock gives the rate (3.x Tegra's 8250 .uartclk = 216 MHz
		 * beside tegra20.dtsi's clocks: 8250.yaml takes one or the other) */
		{ "clock-frequency", "clocks" },
	};
	const char *kept = NULL;

	/* A device node only: memory@ (no compatible) takes the board's reg. */
	if (!fdt_getprop(fdt, off, "compatible", NULL))
		return NULL;
	for (size_t i = 0; i < sizeof(owned) / sizeof(owned[0]); i++) {
		const char *mine = owned[i][0], *dtsi = owned[i][1];

		bool has = fdt_getprop(fdt, off, dtsi, NULL) ||
			   (str_eq(dtsi, "interrupts") && fdt_getprop(fdt, off, "interrupts-extended", NULL));

		if (!has || !dt_prop_find(n, mine))
			continue;
		dt_prop_del(n, mine);
		if (!kept || !strstr(kept, dtsi))
			kept = kept ? arena_printf(c->a, "%s, %s", kept, dtsi) : dtsi;
	}
	return kept;
}

/*
 * A node the board writes at a path the SoC .dtsi already has (an 8250
 * port at TEGRA_UARTD_BASE: /serial@70006300, uartd's node) is merged into
 * the .dtsi's node by dtc; when the .dtsi leaves that node disabled, the
 * board's device would stay off: it gets status = "okay", as a
 * registration's overlay does.
 */
static void enable_merged_nodes(struct conv *c, const void *fdt)
{
	const struct dt_node *root = c->t->root;

	for (size_t i = 0; i < root->nchildren; i++) {
		struct dt_node *n = root->children[i];
		const char *path;
		struct dt_prop *p;
		int off;

		if (!n->unit)
			continue;
		path = arena_printf(c->a, "/%s@%s", n->name, n->unit);
		off = fdt_path_offset(fdt, path);
		if (off < 0)
			continue;
		const char *kept = dtsi_owned_props(c, n, fdt, off);

		if (dt_prop_find(n, "status") || (enabled(fdt, off) && !kept))
			continue;
		p = dt_prop_set(c->t, n, "status");
		dt_prop_add_string(c->t, p, "okay");
		p->pos = n->pos;
		p->origin = arena_printf(c->a, "%s: the SoC .dtsi's %s%s%s%s", n->origin ? n->origin : n->name,
					 path, enabled(fdt, off) ? "" : ", disabled there",
					 kept ? "; its " : "", kept ? kept : "");
	}
}

/*
 * A node the board writes at the root for a device the .dtsi has elsewhere
 * (an 8250 port at 0xc8000000, the .dtsi's &uart0 under /soc): a second
 * node for one device, and the status pass would disable the .dtsi's. Found
 * by address among the .dtsi's labelled nodes of the same name, it becomes
 * that label's overlay (the .dtsi's compatible, reg and interrupts kept).
 * A node with a label of its own stays: something may point at it.
 */
static void fold_into_labelled(struct conv *c, const void *fdt)
{
	struct dt_node *root = c->t->root;

	for (size_t i = 0; i < root->nchildren; i++) {
		struct dt_node *n = root->children[i], *ov;
		const char *label, *kept;
		char *end;
		unsigned long long addr;
		int off;

		if (!n->unit || n->label || fdt_path_offset(fdt, arena_printf(c->a, "/%s@%s", n->name,
									       n->unit)) >= 0)
			continue;
		addr = strtoull(n->unit, &end, 16);
		label = *end ? NULL : soc_dtsi_label_at_named(c->opt->dtsi, addr, n->name);
		off = label ? fdt_path_offset(fdt, soc_dtsi_label_path(c->opt->dtsi, label)) : -1;
		if (off < 0)
			continue;
		kept = dtsi_owned_props(c, n, fdt, off);
		ov = dt_overlay(c->t, label);
		for (size_t j = 0; j < n->nprops; j++)
			arena_push(c->a, (void ***)&ov->props, &ov->nprops, n->props[j]);
		for (size_t j = 0; j < n->nchildren; j++) {
			n->children[j]->parent = ov;
			arena_push(c->a, (void ***)&ov->children, &ov->nchildren, n->children[j]);
		}
		for (size_t j = 0; j < n->ntodos; j++)
			arena_push(c->a, (void ***)&ov->todos, &ov->ntodos, n->todos[j]);
		if (!dt_prop_find(ov, "status")) {
			struct dt_prop *p = dt_prop_set(c->t, ov, "status");

			dt_prop_add_string(c->t, p, "okay");
			p->pos = n->pos;
			p->origin = arena_printf(c->a, "%s: the SoC .dtsi's &%s at 0x%llx%s%s",
						 n->origin ? n->origin : n->name, label, addr,
						 kept ? "; its " : "", kept ? kept : "");
		}
		memmove(&root->children[i], &root->children[i + 1],
			(root->nchildren - i - 1) * sizeof(root->children[0]));
		root->nchildren--;
		i--;
	}
}

/*
 * A board init helper the machine calls that is not read: no rule knows
 * it, the file does not define it, and the board's own headers are not
 * here (3.x board-3630sdp.c calls zoom_peripherals_init() of
 * board-zoom-peripherals.c, declared in the missing "board-zoom.h"; it
 * registers the UARTs, the I2C buses and the MMC slots). Its fact, or NULL.
 */
static const struct fact *unread_init(const struct conv *c)
{
	for (size_t i = 0; c->b->nmissing_headers && i < c->t->nfacts; i++) {
		const struct fact *f = c->t->facts[i];
		size_t n = f->what ? strcspn(f->what, "(") : 0;

		if (str_eq(f->kind, "call") && f->fate == FACT_TODO && f->reason &&
		    !strncmp(f->reason, "no rule for call ", 17) && n > 5 && f->what[n] == '(' &&
		    !strncmp(f->what + n - 5, "_init", 5))
			return f;
	}
	return NULL;
}

void conv_status_pass(struct conv *c, const struct machine *m)
{
	const void *fdt = c->opt && c->opt->dtsi ? soc_dtsi_fdt(c->opt->dtsi) : NULL;
	int sym = fdt ? fdt_path_offset(fdt, "/__symbols__") : -1;
	const struct fact *unread = unread_init(c);
	bool generic = rn_str(c->soc, "generic") != NULL;
	struct strbuf kept;
	int po;

	if (fdt) {
		fold_into_labelled(c, fdt);
		conv_bus_windows(c);
		enable_merged_nodes(c, fdt);
	}
	if (sym < 0)
		return;
	sb_init(&kept);
	fdt_for_each_property_offset(po, fdt, sym) {
		const char *label, *path;
		const struct fact *f;
		int len, off;

		path = fdt_getprop_by_offset(fdt, po, &label, &len);
		if (!path || len <= 1 || path[len - 1] != '\0')
			continue;
		off = fdt_path_offset(fdt, path);
		if (off < 0 || !board_level(c, fdt_get_name(fdt, off, NULL)) || !soc_device(fdt, off) ||
		    !enabled(fdt, off) ||
		    soc_dtsi_is_timer(c->opt->dtsi, off) || used(c->t, fdt, sym, path))
			continue;
		if ((f = todo_struct_for(c, fdt_get_name(fdt, off, NULL)))) {
			dt_node_add_todo(c->t, NULL, &f->pos, arena_printf(c->a, "&%s", label),
					 arena_printf(c->a, "left as the SoC .dtsi has it: %s (a TODO) "
						      "may register it", f->what));
			continue;
		}
		/* what it registers is not known, or the file only completes a device tree
		 * (no MACHINE_START: 3.5 - 3.8 board-dnskw.c beside kirkwood-dns320.dts):
		 * nothing disabled */
		if (unread || generic || m->init_only) {
			sb_addf(&kept, "%s&%s", kept.len ? ", " : "", label);
			continue;
		}
		disable(c, m, label, path);
	}
	if (kept.len && m->init_only && !unread)
		dt_node_add_todo(c->t, NULL, &m->pos, kept.buf,
				 "left as the SoC .dtsi has them: this file has no MACHINE_START, it "
				 "completed a device tree, whose .dts enabled what it does not register; "
				 "disable those the board does not use");
	else if (kept.len && !unread)	/* a pack made from the target tree (pipeline/generic_pack.c) */
		dt_node_add_todo(c->t, NULL, &m->pos, kept.buf,
				 "left as the SoC .dtsi has them: no SoC pack knows which of them "
				 "the board's SoC helpers register; disable those the board does not use");
	else if (kept.len)
		dt_node_add_todo(c->t, NULL, &unread->pos, kept.buf,
				 arena_printf(c->a, "left as the SoC .dtsi has them: %s is not read (its "
					      "file and the board's headers are not here) and may "
					      "register them; disable those the board does not use",
					      unread->what));
	sb_free(&kept);
}
