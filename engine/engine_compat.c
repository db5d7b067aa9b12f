// SPDX-License-Identifier: GPL-2.0
/*
 * A device name no rule maps: its compatible from the target kernel's own
 * drivers (kernel/compat_map.c). One compatible that names the device is
 * the answer, annotated with the driver file it came from; several, or one
 * under another name, are listed in a TODO; none leaves a TODO.
 */
#include "engine_int.h"

#include "../common/util.h"
#include "../kernel/compat_map.h"

#define MAX_CANDIDATES 6

const char *conv_learned_compatible(struct conv *c, struct dt_node *n, const char *bus,
				    const char *name, const char *what, const struct srcpos *pos,
				    const char **origin)
{
	struct compat_hit hits[MAX_CANDIDATES];
	size_t k = c->opt ? compat_map_find(c->opt->compat, bus, name, hits, MAX_CANDIDATES) : 0;
	struct strbuf sb;

	if (k == 1 && hits[0].exact) {
		*origin = arena_printf(c->a, "\"%s\" -> %s", name, hits[0].file);
		return arena_strdup(c->a, hits[0].compat);
	}
	if (k == 0) {
		bool plat = str_eq(bus, "platform");

		dt_node_add_todo(c->t, n, pos, what,
				 !(c->opt && c->opt->compat)
				 ? (plat ? "no rule maps this driver name to a compatible"
					 : "no rule for this device name: add the vendor prefix")
				 : (plat ? "no rule maps this driver name to a compatible, and no driver of the kernel tree has an of_match_table for it"
					 : "no rule for this device name and no driver of the kernel tree names it: add the vendor prefix"));
		return NULL;
	}
	sb_init(&sb);
	sb_addf(&sb, k == 1 ? "the kernel's drivers have one compatible for this name, under another name: check it:"
			    : "%zu compatibles in the kernel's drivers for this name, pick one:", k);
	for (size_t i = 0; i < k && i < MAX_CANDIDATES; i++)
		sb_addf(&sb, "%s \"%s\" (%s)", i ? "," : "", hits[i].compat, hits[i].file);
	if (k > MAX_CANDIDATES)
		sb_add(&sb, ", ...");
	dt_node_add_todo(c->t, n, pos, what, arena_strdup(c->a, sb.buf));
	sb_free(&sb);
	return NULL;
}
