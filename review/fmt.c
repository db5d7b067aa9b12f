// SPDX-License-Identifier: GPL-2.0
/*
 * Property values as a reviewer reads them: strings as strings, phandles as
 * &label, each specifier split with its provider's #cells, GPIO flags and
 * interrupt types by their dt-bindings names. Values no rule explains are
 * printed like dtc's `-O dts` (hex cells, or bytes).
 */
#define _GNU_SOURCE
#include "review.h"

#include <ctype.h>
#include <string.h>

#include "emitter/emit.h"

static const char *const irq_types[] = {
	[0] = "IRQ_TYPE_NONE", [1] = "IRQ_TYPE_EDGE_RISING", [2] = "IRQ_TYPE_EDGE_FALLING",
	[3] = "IRQ_TYPE_EDGE_BOTH", [4] = "IRQ_TYPE_LEVEL_HIGH", [8] = "IRQ_TYPE_LEVEL_LOW",
};

static const char *const gpio_flag_bits[] = {
	"GPIO_SINGLE_ENDED", "GPIO_LINE_OPEN_DRAIN", "GPIO_TRANSITORY", "GPIO_PULL_UP",
	"GPIO_PULL_DOWN",
};

void rv_fmt_ref(const struct rv_node *n, struct strbuf *out)
{
	if (n->labels.len)
		sb_addf(out, "&%s", (const char *)n->labels.items[0]);
	else
		sb_addf(out, "&{%s}", n->path);
}

static void fmt_gpio_flags(uint32_t v, struct strbuf *out)
{
	uint32_t rest = v >> 1;
	bool many = rest != 0;

	if (rest >> 5) {
		sb_addf(out, "0x%x", v);
		return;
	}
	if (many)
		sb_addc(out, '(');
	sb_add(out, v & 1 ? "GPIO_ACTIVE_LOW" : "GPIO_ACTIVE_HIGH");
	for (int b = 0; b < 5; b++)
		if (rest & (1u << b))
			sb_addf(out, " | %s", gpio_flag_bits[b]);
	if (many)
		sb_addc(out, ')');
}

static bool fmt_irq_type(uint32_t v, struct strbuf *out)
{
	if (v >= sizeof(irq_types) / sizeof(irq_types[0]) || !irq_types[v])
		return false;
	sb_add(out, irq_types[v]);
	return true;
}

static bool is_gic(const struct rv_node *n)
{
	const struct rv_prop *c = n ? rv_prop(n, "compatible") : NULL;

	return c && memmem(c->val, (size_t)c->len, "gic", 3);
}

/* One argument cell, named when the provider's meaning is known. */
static void fmt_arg(const char *cells, const struct rv_spec *s, int i, struct strbuf *out)
{
	uint32_t v = s->args[i];

	if (!strcmp(cells, "#gpio-cells") && i == s->nargs - 1 && s->nargs >= 2) {
		fmt_gpio_flags(v, out);
		return;
	}
	if (!strcmp(cells, "#interrupt-cells")) {
		if (s->nargs == 3 && i == 0 && is_gic(s->prov) && v < 2) {
			sb_add(out, v ? "GIC_PPI" : "GIC_SPI");
			return;
		}
		if (s->nargs >= 2 && i == s->nargs - 1 && fmt_irq_type(v, out))
			return;
	}
	if (!strcmp(cells, "#pwm-cells") && i == 2 && v == 1) {
		sb_add(out, "PWM_POLARITY_INVERTED");
		return;
	}
	sb_addf(out, v < 1024 ? "%u" : "0x%x", v);
}

static void fmt_spec(const char *cells, const struct rv_spec *s, bool with_ref,
		     rv_ref_namer namer, struct strbuf *out)
{
	sb_addc(out, '<');
	if (with_ref) {
		if (s->prov)
			namer(s->prov, out);
		else
			sb_addf(out, "0x%x", s->phandle);
	}
	for (int i = 0; i < s->nargs; i++) {
		if (with_ref || i)
			sb_addc(out, ' ');
		fmt_arg(cells, s, i, out);
	}
	sb_addc(out, '>');
}

static bool fmt_specs(const struct rv_tree *t, const struct rv_prop *p, const char *cells,
		      rv_ref_namer namer, struct strbuf *out)
{
	struct strbuf tmp;
	struct rv_spec s;
	int pos = 0;

	sb_init(&tmp);
	while (pos < rv_ncells(p)) {
		if (rv_next_spec(t, p, cells, &pos, &s) < 0) {
			sb_free(&tmp);
			return false;
		}
		if (tmp.len)
			sb_add(&tmp, ", ");
		fmt_spec(cells, &s, true, namer, &tmp);
	}
	sb_add(out, tmp.buf);
	sb_free(&tmp);
	return true;
}

static bool fmt_irqs(const struct rv_tree *t, const struct rv_node *n, const struct rv_prop *p,
		     struct strbuf *out)
{
	const struct rv_node *ip = rv_irq_parent(t, n);
	uint32_t want;
	struct rv_spec s = { .prov = ip };

	if (!ip || !rv_prop_u32(ip, "#interrupt-cells", &want) || !want || want > 16 ||
	    rv_ncells(p) % want)
		return false;
	s.nargs = (int)want;
	for (int pos = 0; pos < rv_ncells(p); pos += (int)want) {
		for (int i = 0; i < s.nargs; i++)
			s.args[i] = rv_cell(p, pos + i);
		if (pos)
			sb_add(out, ", ");
		fmt_spec("#interrupt-cells", &s, false, NULL, out);
	}
	return true;
}

static bool fmt_phandles(const struct rv_tree *t, const struct rv_prop *p, rv_ref_namer namer,
			 struct strbuf *out)
{
	size_t start = out->len;

	sb_addc(out, '<');
	for (int i = 0; i < rv_ncells(p); i++) {
		const struct rv_node *n = rv_by_phandle(t, rv_cell(p, i));

		if (!n) {
			out->len = start;
			out->buf[start] = '\0';
			return false;
		}
		if (i)
			sb_addc(out, ' ');
		namer(n, out);
	}
	sb_addc(out, '>');
	return true;
}

static bool looks_like_strings(const struct rv_prop *p)
{
	if (p->len < 1 || p->val[p->len - 1] || !p->val[0])
		return false;
	for (int i = 0; i < p->len - 1; i++) {
		if (!p->val[i] && !p->val[i + 1])
			return false;
		if (p->val[i] && !isprint(p->val[i]) && !isspace(p->val[i]))
			return false;
	}
	return true;
}

static void fmt_plain(const struct rv_prop *p, struct strbuf *out)
{
	if (looks_like_strings(p)) {
		for (int i = 0; i < p->len; i += (int)strlen((const char *)p->val + i) + 1) {
			if (i)
				sb_add(out, ", ");
			dts_escape_string(out, (const char *)p->val + i);
		}
	} else if (p->len % 4 == 0) {
		sb_addc(out, '<');
		for (int i = 0; i < rv_ncells(p); i++)
			sb_addf(out, i ? " 0x%x" : "0x%x", rv_cell(p, i));
		sb_addc(out, '>');
	} else {
		sb_addc(out, '[');
		for (int i = 0; i < p->len; i++)
			sb_addf(out, i ? " %02x" : "%02x", p->val[i]);
		sb_addc(out, ']');
	}
}

void rv_fmt_value_with(const struct rv_tree *t, const struct rv_node *n,
		       const struct rv_prop *p, rv_ref_namer namer, struct strbuf *out)
{
	struct rv_kindinfo k = rv_prop_kind(p->name);

	if (!p->len)
		return;
	if (p->len % 4 == 0) {
		if (k.kind == RV_SPECS && fmt_specs(t, p, k.cells, namer, out))
			return;
		if (k.kind == RV_IRQS && fmt_irqs(t, n, p, out))
			return;
		if (k.kind == RV_PHANDLES && fmt_phandles(t, p, namer, out))
			return;
	}
	fmt_plain(p, out);
}

void rv_fmt_value(const struct rv_tree *t, const struct rv_node *n, const struct rv_prop *p,
		  struct strbuf *out)
{
	rv_fmt_value_with(t, n, p, rv_fmt_ref, out);
}

void rv_fmt_prop(struct strbuf *out, const char *name, const char *val)
{
	if (*val)
		sb_addf(out, "%s = %s;", name, val);
	else
		sb_addf(out, "%s;", name);
}
