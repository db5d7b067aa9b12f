// SPDX-License-Identifier: GPL-2.0
/*
 * `register: {kind: clock_rates, nodes: {ckih1: /clocks/ckih1, ...}}`: a SoC
 * helper that sets the board's reference clocks (2.6.3x - 3.x i.MX5
 * mx51_clocks_init(32768, 24000000, 22579200, 0): ckil, osc, ckih1, ckih2)
 * where the target's .dtsi has a fixed clock of each, at a default rate
 * (imx51.dtsi: ckih1 and ckih2 at 0). Each argument the map names that
 * differs from its node's clock-frequency overrides it, as upstream
 * imx51-babbage.dts does (`&{/clocks/ckih1} { clock-frequency = <22579200>; }`);
 * one equal to it, or 0 (the helper's "none"), needs nothing; a rate clang
 * cannot compute, or a node the target lacks, is a TODO.
 */
#include "registrations.h"

#include <libfdt.h>

#include "../../common/util.h"
#include "../../kernel/soc_dtsi.h"

/* The .dtsi's clock-frequency of the node at path: 1, 0 (none), -1 (no such node). */
static int dtsi_rate(const struct conv *c, const char *path, uint32_t *hz)
{
	const void *fdt = c->opt && c->opt->dtsi ? soc_dtsi_fdt(c->opt->dtsi) : NULL;
	int off = fdt ? fdt_path_offset(fdt, path) : -1, len = 0;
	const fdt32_t *p = off >= 0 ? fdt_getprop(fdt, off, "clock-frequency", &len) : NULL;

	if (off < 0)
		return -1;
	if (!p || len != 4)
		return 0;
	*hz = fdt32_to_cpu(*p);
	return 1;
}

bool reg_clock_rates(struct reg_ctx *r)
{
	struct conv *c = r->c;
	const struct rnode *nodes = rn_get(r->reg, "nodes");
	struct strbuf done, todo;

	sb_init(&done);
	sb_init(&todo);
	for (size_t i = 0; nodes && nodes->kind == RN_MAP && i < nodes->n; i++) {
		const char *arg = nodes->keys[i], *path = nodes->items[i]->scalar;
		const struct value *v = reg_arg(r, arg);
		uint32_t hz = 0;
		int has = path ? dtsi_rate(c, path, &hz) : -1;
		struct dt_prop *p;

		if (!v || v->kind != VAL_INT) {
			sb_addf(&todo, "%s%s: rate not known at build time", todo.len ? "; " : "", arg);
			continue;
		}
		if (has < 0) {
			sb_addf(&todo, "%s%s = %lld: the target's .dtsi has no %s", todo.len ? "; " : "",
				arg, v->ival, path ? path : "node for it");
			continue;
		}
		if ((has && hz == (uint32_t)v->ival) || !v->ival) {	/* 0: none given */
			sb_addf(&done, "%s%s as the .dtsi", done.len ? ", " : "", arg);
			continue;
		}
		p = dt_prop_set(c->t, dt_overlay(c->t, arena_printf(c->a, "{%s}", path)),
				"clock-frequency");
		dt_chunk_add_num(c->t, dt_prop_add_cells(c->t, p), (uint32_t)v->ival, 10);
		p->pos = v->pos;
		p->origin = arena_printf(c->a, "%s: %s", r->call->spelling, arg);
		sb_addf(&done, "%s%s on &{%s}", done.len ? ", " : "", arg, path);
	}
	if (todo.len)
		reg_todo(r, arena_strdup(c->a, todo.buf));
	else
		reg_converted(r, arena_printf(c->a, "reference clocks: %s", done.len ? done.buf : "none"));
	sb_free(&done);
	sb_free(&todo);
	return true;
}
