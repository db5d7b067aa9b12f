// SPDX-License-Identifier: GPL-2.0
/*
 * `board2dts check`: lint one compiled tree, dtc checks.c style. Each check
 * is one function over one property plus one line in `checks[]`; the driver
 * walks every property of every node, then prints the warnings sorted by
 * file and line as `file:line: warning: /node/path: prop: message [check]`.
 */
#include "review.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"

struct warning {
	char *file;
	unsigned line;
	char *text;
	bool error;	/* -W error=CHECK */
};

struct check_ctx {
	const struct rv_tree *t;
	const struct rv_check_opts *o;
	const char *check;	/* name of the running check */
	bool error;		/* its messages are errors */
	struct warning *w;
	size_t nw;
	char *input_real;	/* realpath of o->input, or NULL */
	char *hide_real;	/* realpath of o->hide_under, or NULL */
	unsigned hidden;
	struct rv_pinfn *pinfn;	/* with o->kernel_dir */
};

/*
 * The file a message names (malloc'd): the input as given when it is the
 * input, else path_display()'s; NULL when it lies under hide_under.
 */
static char *message_file(struct check_ctx *c, const char *file)
{
	char *real = realpath(file, NULL), *out;
	size_t n = c->hide_real ? strlen(c->hide_real) : 0;

	if (real && c->input_real && !strcmp(real, c->input_real)) {
		free(real);
		return xstrdup(c->o->input);	/* even when the input is in the kernel tree */
	}
	if (real && c->hide_real && !strncmp(real, c->hide_real, n) && real[n] == '/') {
		free(real);
		return NULL;
	}
	out = c->o->input ? path_display(file) : xstrdup(file);
	free(real);
	return out;
}

static void warn(struct check_ctx *c, const struct rv_node *n, const struct rv_prop *p,
		 const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void warn(struct check_ctx *c, const struct rv_node *n, const struct rv_prop *p,
		 const char *fmt, ...)
{
	const char *loc = rv_srcmap_find(c->o->srcmap, n->path, p->name);
	struct strbuf sb;
	struct warning w = { 0 };
	const char *colon;
	va_list ap;

	if (!loc)
		loc = rv_srcmap_find(c->o->srcmap, n->path, NULL);
	colon = loc ? strrchr(loc, ':') : NULL;
	if (colon) {
		char *raw = xstrndup(loc, (size_t)(colon - loc));

		w.file = message_file(c, raw);
		free(raw);
	} else {
		w.file = xstrdup(c->o->input ? c->o->input : c->t->file);
	}
	if (!w.file) {
		c->hidden++;	/* the kernel's own .dtsi: --all-files shows it */
		return;
	}
	w.line = colon ? (unsigned)strtoul(colon + 1, NULL, 10) : 0;
	w.error = c->error;
	sb_init(&sb);
	sb_addf(&sb, "%s: %s: ", n->path, p->name);
	va_start(ap, fmt);
	sb_vaddf(&sb, fmt, ap);
	va_end(ap);
	sb_addf(&sb, " [%s]", c->check);
	w.text = sb_detach(&sb);
	c->w = xrealloc(c->w, (c->nw + 1) * sizeof(*c->w));
	c->w[c->nw++] = w;
}

/* Deprecated spellings and what replaced them (gpio and *-gpio by rule). */
static const struct {
	const char *name, *use;
} deprecated[] = {
	{ "gpio-key,wakeup", "wakeup-source" },
	{ "linux,wakeup", "wakeup-source" },
	{ "enable-sdio-wakeup", "wakeup-source" },
	{ "linux,stdout-path", "stdout-path" },
	{ "fsl,uart-has-rtscts", "uart-has-rtscts" },
	{ "at25,byte-len", "size" },
	{ "at25,addr-mode", "address-width" },
	{ "at25,page-size", "pagesize" },
	{ "regulator-compatible", "the node name" },
};

/* The replacement of a deprecated name (malloc'd), or NULL. */
static char *deprecated_use(const char *name)
{
	size_t n = strlen(name);

	for (size_t i = 0; i < sizeof(deprecated) / sizeof(deprecated[0]); i++)
		if (!strcmp(name, deprecated[i].name))
			return xstrdup(deprecated[i].use);
	if (!strcmp(name, "gpio") || (n > 5 && !strcmp(name + n - 5, "-gpio")))
		return xasprintf("%ss", name);
	return NULL;
}

static bool singular_gpio(const char *name)
{
	char *use = deprecated_use(name);
	bool r = use && str_eq(name + strlen(name) - 4, "gpio");

	free(use);
	return r;
}

/*
 * A singular `gpio`/`*-gpio` that a binding schema documents (regulator-fixed's
 * `gpio`) is that binding's name, not a deprecated spelling. A schema's
 * `deprecated: true` is per binding, and check does not know which binding a
 * node follows: only vendor-prefixed names (unique to one binding) use it.
 */
static void check_deprecated(struct check_ctx *c, const struct rv_node *n,
			     const struct rv_prop *p)
{
	unsigned flags = c->o->vocab ? rv_vocab_flags(c->o->vocab, p->name) : 0;
	char *use = deprecated_use(p->name);

	if (use && singular_gpio(p->name) && (flags & RV_WORD_BINDING)) {
		free(use);
		return;
	}
	if (use)
		warn(c, n, p, "deprecated, use %s", use);
	else if ((flags & RV_WORD_DEPRECATED) && strchr(p->name, ','))
		warn(c, n, p, "deprecated in the kernel's binding schemas");
	free(use);
}

static bool free_names_node(const struct rv_node *n)
{
	return !strcmp(n->path, "/aliases") || !strcmp(n->path, "/__overrides__");
}

/*
 * Without the kernel's list a vendor's names are mostly unknown; a name a
 * few edits from a known name of the same vendor (`linux,cdoe`) is a typo.
 */
static bool same_vendor(const char *name, const char *known)
{
	size_t n = strcspn(name, ",");

	return known && name[n] == ',' && !strncmp(name, known, n + 1);
}

static void check_unknown(struct check_ctx *c, const struct rv_node *n, const struct rv_prop *p)
{
	const struct rv_vocab *v = c->o->vocab;
	const char *s;
	char *use;

	if (!v || free_names_node(n) || rv_vocab_has(v, p->name))
		return;
	use = deprecated_use(p->name);
	free(use);
	if (use)
		return;		/* check_deprecated says more */
	s = rv_vocab_suggest(v, p->name);
	if (strchr(p->name, ',') && !rv_vocab_has_kernel(v) && !same_vendor(p->name, s))
		return;		/* vendor property: only the kernel's list knows them all */
	if (s)
		warn(c, n, p, "unknown property, did you mean %s?", s);
	else
		warn(c, n, p, "unknown property");
}

static void spec_text(const struct rv_prop *p, const struct rv_spec *s, struct strbuf *sb)
{
	int end = s->pos + 1 + s->nargs;

	sb_addc(sb, '<');
	if (s->prov)
		rv_fmt_ref(s->prov, sb);
	else
		sb_addf(sb, "0x%x", s->phandle);
	for (int i = s->pos + 1; i < end && i < rv_ncells(p); i++)
		sb_addf(sb, " %u", rv_cell(p, i));
	sb_addc(sb, '>');
}

static void spec_error(struct check_ctx *c, const struct rv_node *n, const struct rv_prop *p,
		       const char *cells, int err, const struct rv_spec *s)
{
	struct strbuf sb;
	uint32_t want = 0;

	sb_init(&sb);
	spec_text(p, s, &sb);
	if (err == RV_SPEC_NOPROV)
		warn(c, n, p, "cell %d (0x%x) is not the phandle of any node", s->pos,
		     s->phandle);
	else if (err == RV_SPEC_NOCELLS)
		warn(c, n, p, "%s: the provider has no %s", sb.buf, cells);
	else if (rv_prop_u32(s->prov, cells, &want))
		warn(c, n, p, "%s: %d argument cell%s, but the provider's %s = <%u>", sb.buf,
		     s->nargs, s->nargs == 1 ? "" : "s", cells, want);
	sb_free(&sb);
}

static void check_specs(struct check_ctx *c, const struct rv_node *n, const struct rv_prop *p)
{
	struct rv_kindinfo k = rv_prop_kind(p->name);
	struct rv_spec s;
	int pos = 0, err;

	if (k.kind != RV_SPECS || p->len % 4 || !p->len || rv_prop(n, "gpio-hog"))
		return;		/* a hog's gpios have no phandle */
	/* A singular "gpio" may hold a plain number in old bindings. */
	if (singular_gpio(p->name) && !rv_by_phandle(c->t, rv_cell(p, 0)))
		return;
	while (pos < rv_ncells(p)) {
		err = rv_next_spec(c->t, p, k.cells, &pos, &s);
		if (err < 0) {
			spec_error(c, n, p, k.cells, err, &s);
			return;
		}
	}
	/* Too many cells show up as a short or unresolved specifier after the last. */
}

static void check_irqs(struct check_ctx *c, const struct rv_node *n, const struct rv_prop *p)
{
	const struct rv_node *ip;
	uint32_t want;

	if (strcmp(p->name, "interrupts"))
		return;
	ip = rv_irq_parent(c->t, n);
	if (!ip) {
		warn(c, n, p, "no interrupt parent: no interrupt-parent here or in any "
			      "ancestor, and no ancestor is an interrupt controller");
		return;
	}
	if (rv_prop_u32(ip, "#interrupt-cells", &want) && want && rv_ncells(p) % want) {
		struct strbuf sb;

		sb_init(&sb);
		rv_fmt_ref(ip, &sb);
		warn(c, n, p, "%d cells, not a multiple of %s's #interrupt-cells = <%u>",
		     rv_ncells(p), sb.buf, want);
		sb_free(&sb);
	}
}

/* --- pin controllers (issue 12) ----------------------------------------------- */

static bool has_string(const struct rv_prop *p, const char *s)
{
	for (int i = 0; p && i < p->len; i += (int)strlen((const char *)p->val + i) + 1)
		if (!strcmp((const char *)p->val + i, s))
			return true;
	return false;
}

/* A pin controller: a compatible naming one, or the pinctrl-single/#pinctrl-cells shape. */
static bool is_pin_controller(const struct rv_node *n)
{
	const struct rv_prop *c = n ? rv_prop(n, "compatible") : NULL;

	if (!n)
		return false;
	if (rv_prop(n, "#pinctrl-cells") || rv_prop(n, "pinctrl-single,register-width"))
		return true;
	for (int i = 0; c && i < c->len; i += (int)strlen((const char *)c->val + i) + 1) {
		const char *s = (const char *)c->val + i;

		if (strstr(s, "pinctrl") || strstr(s, "pinmux") || strstr(s, "pin-controller"))
			return true;
	}
	return false;
}

static bool is_pinctrl_n(const char *name)
{
	const char *d = name + 8;

	return !strncmp(name, "pinctrl-", 8) && *d && strspn(d, "0123456789") == strlen(d);
}

/* Is n disabled (status other than "okay"/"ok"), itself or through an ancestor? */
static bool node_disabled(const struct rv_node *n)
{
	for (; n; n = n->parent) {
		const struct rv_prop *s = rv_prop(n, "status");

		if (s && s->len > 0 && !has_string(s, "okay") && !has_string(s, "ok"))
			return true;
	}
	return false;
}

/* Does a pinctrl-N property of some enabled node name g? */
static bool group_in_use(const struct rv_tree *t, const struct rv_node *g)
{
	for (size_t i = 0; g->phandle && i < t->all.len; i++) {
		const struct rv_node *n = t->all.items[i];

		if (node_disabled(n))
			continue;
		for (size_t j = 0; j < n->nprops; j++)
			for (int k = 0; is_pinctrl_n(n->props[j].name) && k < rv_ncells(&n->props[j]); k++)
				if (rv_cell(&n->props[j], k) == g->phandle)
					return true;
	}
	return false;
}

/* pinctrl-N points at pin groups; pinctrl-names names only states that exist. */
static void check_pin_refs(struct check_ctx *c, const struct rv_node *n, const struct rv_prop *p)
{
	if (!strcmp(p->name, "pinctrl-names")) {
		int k = 0;

		for (int i = 0; i < p->len; i += (int)strlen((const char *)p->val + i) + 1, k++) {
			char name[24];

			snprintf(name, sizeof(name), "pinctrl-%d", k);
			if (!rv_prop(n, name))
				warn(c, n, p, "state \"%s\" has no %s", (const char *)p->val + i, name);
		}
		return;
	}
	if (!is_pinctrl_n(p->name))
		return;
	for (int i = 0; i < rv_ncells(p); i++) {
		const struct rv_node *g = rv_by_phandle(c->t, rv_cell(p, i));
		struct strbuf sb;

		if (!g) {
			warn(c, n, p, "cell %d (0x%x) is not the phandle of any node", i, rv_cell(p, i));
			continue;
		}
		if (is_pin_controller(g->parent) ||
		    (g->parent && is_pin_controller(g->parent->parent)) || is_pin_controller(g))
			continue;
		sb_init(&sb);
		rv_fmt_ref(g, &sb);
		warn(c, n, p, "%s is not a pin group: no pin controller above it", sb.buf);
		sb_free(&sb);
	}
}

/* Pin names, as the Marvell and Samsung bindings and the generic "pins" give them. */
static bool pin_list_prop(const char *name)
{
	return !strcmp(name, "marvell,pins") || !strcmp(name, "samsung,pins") ||
	       !strcmp(name, "pins");
}

/* A pin in two groups of one controller that enabled nodes both use. */
static void check_pin_twice(struct check_ctx *c, const struct rv_node *n, const struct rv_prop *p)
{
	const struct rv_node *parent = n->parent;

	if (!pin_list_prop(p->name) || !parent || !group_in_use(c->t, n))
		return;
	for (size_t k = 0; k < parent->kids.len && parent->kids.items[k] != n; k++) {
		const struct rv_node *s = parent->kids.items[k];
		const struct rv_prop *q = rv_prop(s, p->name);

		if (!q || !group_in_use(c->t, s))
			continue;
		for (int i = 0; i < p->len; i += (int)strlen((const char *)p->val + i) + 1)
			if (has_string(q, (const char *)p->val + i))
				warn(c, n, p, "%s is also in %s, and both groups are in use",
				     (const char *)p->val + i, s->path);
	}
}

/* The pin controller a group node n belongs to (its parent or grandparent), or NULL. */
static const struct rv_node *group_controller(const struct rv_node *n)
{
	if (n->parent && is_pin_controller(n->parent))
		return n->parent;
	if (n->parent && n->parent->parent && is_pin_controller(n->parent->parent))
		return n->parent->parent;
	return NULL;
}

/* A group's function is one its controller's driver (in --kernel) lists for each of its pins. */
static void check_pin_function(struct check_ctx *c, const struct rv_node *n, const struct rv_prop *p)
{
	const char *pins = !strcmp(p->name, "marvell,function") ? "marvell,pins" :
			   !strcmp(p->name, "function") ? "pins" : NULL;
	const struct rv_prop *q = pins ? rv_prop(n, pins) : NULL;
	const struct rv_node *ctrl = q ? group_controller(n) : NULL;

	if (!ctrl || !c->pinfn || p->len < 2 || ((const char *)p->val)[p->len - 1])
		return;
	for (int i = 0; i < q->len; i += (int)strlen((const char *)q->val + i) + 1) {
		char *msg = rv_pinfn_problem(c->pinfn, ctrl, (const char *)q->val + i,
					     (const char *)p->val);

		if (msg)
			warn(c, n, p, "%s", msg);
		free(msg);
	}
}

typedef void (*check_fn)(struct check_ctx *c, const struct rv_node *n, const struct rv_prop *p);

static const struct {
	const char *name;
	check_fn fn;
} checks[] = {
	{ "unknown-property", check_unknown },
	{ "deprecated-property", check_deprecated },
	{ "specifier-cells", check_specs },
	{ "interrupt-parent", check_irqs },
	{ "pinctrl-ref", check_pin_refs },
	{ "pin-twice", check_pin_twice },
	{ "pin-function", check_pin_function },
};

static int cmp_warning(const void *x, const void *y)
{
	const struct warning *a = x, *b = y;
	int r = strcmp(a->file, b->file);

	if (r)
		return r;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return strcmp(a->text, b->text);
}

static void print_warnings(struct check_ctx *c, struct strbuf *out, struct rv_check_result *res)
{
	if (c->nw)
		qsort(c->w, c->nw, sizeof(*c->w), cmp_warning);
	for (size_t i = 0; i < c->nw; i++) {
		const char *kind = c->w[i].error ? "error" : "warning";

		if (c->w[i].line)
			sb_addf(out, "%s:%u: %s: %s\n", c->w[i].file, c->w[i].line, kind,
				c->w[i].text);
		else
			sb_addf(out, "%s: %s: %s\n", c->w[i].file, kind, c->w[i].text);
		if (c->w[i].error)
			res->errors++;
		else
			res->warnings++;
		free(c->w[i].file);
		free(c->w[i].text);
	}
	free(c->w);
}

size_t rv_check_names(const char **names, size_t max)
{
	size_t n = sizeof(checks) / sizeof(checks[0]);

	for (size_t i = 0; i < n && i < max; i++)
		names[i] = checks[i].name;
	return n;
}

void rv_check_run(const struct rv_tree *t, const struct rv_check_opts *o, struct strbuf *out,
		  struct rv_check_result *res)
{
	struct check_ctx c = { t, o, NULL, false, NULL, 0, NULL, NULL, 0, NULL };

	memset(res, 0, sizeof(*res));
	c.input_real = o->input ? realpath(o->input, NULL) : NULL;
	c.hide_real = o->hide_under ? realpath(o->hide_under, NULL) : NULL;
	c.pinfn = o->kernel_dir ? rv_pinfn_new(o->kernel_dir) : NULL;
	for (size_t k = 0; k < sizeof(checks) / sizeof(checks[0]); k++) {
		unsigned char level = o->levels ? o->levels[k] : RV_CHECK_WARNING;

		if (level == RV_CHECK_OFF)
			continue;
		c.check = checks[k].name;
		c.error = level == RV_CHECK_ERROR;
		for (size_t i = 0; i < t->all.len; i++) {
			const struct rv_node *node = t->all.items[i];

			if (rv_node_is_meta(node))
				continue;
			for (size_t j = 0; j < node->nprops; j++)
				checks[k].fn(&c, node, &node->props[j]);
		}
	}
	print_warnings(&c, out, res);
	res->hidden = c.hidden;
	free(c.input_real);
	free(c.hide_real);
	rv_pinfn_free(c.pinfn);
}

unsigned rv_check(const struct rv_tree *t, const struct rv_check_opts *o, struct strbuf *out)
{
	struct rv_check_result res;

	rv_check_run(t, o, out, &res);
	return res.warnings + res.errors;
}
