// SPDX-License-Identifier: GPL-2.0
/*
 * What check's pin-function check knows about a pin controller: the
 * function table of its driver in the kernel tree (kernel/pin_functions.c,
 * the MVEBU MPP and PXA2xx tables), found by the controller's compatible and
 * kept per compatible for the run. A group's `marvell,function` (or generic
 * `function`) must be one of the functions the driver lists for each of its
 * pins, at any select value and SoC variant.
 */
#include "review.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "common/util.h"
#include "kernel/pin_functions.h"

#define MAX_FUNCS 32

struct pinfn_entry {
	char *compat;
	struct pin_functions *table;	/* NULL: no driver of the tree has one */
};

struct rv_pinfn {
	char *kdir;
	struct pinfn_entry *v;
	size_t n;
};

struct rv_pinfn *rv_pinfn_new(const char *kdir)
{
	struct rv_pinfn *c = xcalloc(1, sizeof(*c));

	c->kdir = xstrdup(kdir);
	return c;
}

void rv_pinfn_free(struct rv_pinfn *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->n; i++) {
		free(c->v[i].compat);
		pin_functions_free(c->v[i].table);
	}
	free(c->v);
	free(c->kdir);
	free(c);
}

static const struct pin_functions *table_of(struct rv_pinfn *c, const char *compat)
{
	struct pin_functions *t = NULL;

	for (size_t i = 0; i < c->n; i++)
		if (!strcmp(c->v[i].compat, compat))
			return c->v[i].table;
	pin_functions_for_compatible(c->kdir, compat, &t);
	c->v = xrealloc(c->v, (c->n + 1) * sizeof(*c->v));
	c->v[c->n++] = (struct pinfn_entry){ xstrdup(compat), t };
	return t;
}

/* The first compatible of the controller whose driver has a table. */
static const struct pin_functions *controller_table(struct rv_pinfn *c, const struct rv_node *ctrl)
{
	const struct rv_prop *p = rv_prop(ctrl, "compatible");

	for (int i = 0; p && i < p->len; i += (int)strlen((const char *)p->val + i) + 1) {
		const struct pin_functions *t = table_of(c, (const char *)p->val + i);

		if (t)
			return t;
	}
	return NULL;
}

/*
 * The number of a pin named letters + digits ("mpp16", "P32"); false for
 * any other name (Dove's "mpp_uart1" groups are no numbered pins).
 */
static bool pin_number(const char *name, unsigned *out)
{
	size_t n = strlen(name), k = n;

	while (k > 0 && isdigit((unsigned char)name[k - 1]))
		k--;
	if (k == n || n - k > 4)
		return false;
	for (size_t i = 0; i < k; i++)
		if (!isalpha((unsigned char)name[i]))
			return false;
	*out = (unsigned)strtoul(name + k, NULL, 10);
	return true;
}

char *rv_pinfn_problem(struct rv_pinfn *c, const struct rv_node *ctrl, const char *pin,
		       const char *function)
{
	const struct pin_functions *t = c ? controller_table(c, ctrl) : NULL;
	const char *names[MAX_FUNCS], *near = NULL;
	struct strbuf sb;
	unsigned num;
	size_t n;
	int best = 3;

	if (!t || !pin_number(pin, &num))
		return NULL;
	if (!pin_functions_has_pin(t, num))
		return xasprintf("the pin controller's driver (%s) has no pin %s",
				 pin_functions_file(t), pin);
	n = pin_functions_of_pin(t, num, names, MAX_FUNCS);
	for (size_t i = 0; i < n; i++) {
		int d;

		if (!strcmp(names[i], function))
			return NULL;
		d = rv_edit_distance(names[i], function);
		if (d < best) {
			best = d;
			near = names[i];
		}
	}
	sb_init(&sb);
	sb_addf(&sb, "\"%s\" is not a function of %s in %s (", function, pin,
		pin_functions_file(t));
	for (size_t i = 0; i < n; i++)
		sb_addf(&sb, "%s\"%s\"", i ? ", " : "", names[i]);
	sb_addf(&sb, ")");
	if (near)
		sb_addf(&sb, "; did you mean \"%s\"?", near);
	return sb_detach(&sb);
}
