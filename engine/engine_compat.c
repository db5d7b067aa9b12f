// SPDX-License-Identifier: GPL-2.0
/*
 * A device name no rule maps: its compatible from the target kernel's own
 * drivers (kernel/compat_map.c). One compatible that names the device is
 * the answer, annotated with the driver file it came from; several, or one
 * under another name, are listed in a TODO; none leaves a TODO.
 */
#include "engine_int.h"

#include <string.h>

#include "../common/util.h"
#include "../kernel/compat_map.h"

#define MAX_CANDIDATES 6	/* listed in a TODO */
#define MAX_SCAN 32		/* searched for the one that names the SoC */

/*
 * rtc-s35390a.c's of_match_table lists "s35390a" and "sii,s35390a": the same
 * part, the bare name kept for old trees. When every candidate names the
 * device and exactly one carries a vendor prefix, that one is the answer:
 * its index, else k.
 */
static size_t vendor_spelling(const struct compat_hit *hits, size_t k)
{
	size_t one = k;

	if (k < 2 || k > MAX_CANDIDATES)
		return k;
	for (size_t i = 0; i < k; i++) {
		if (!hits[i].exact)
			return k;
		if (strchr(hits[i].compat, ',')) {
			if (one < k)
				return k;
			one = i;
		}
	}
	return one;
}

/*
 * Does a compatible's part (after the vendor) name the same part as the
 * device name? "bh1780" and "rohm,bh1780gli", "st1232-ts" and
 * "sitronix,st1232": one is the other's start; "tc3589x" and
 * "toshiba,tc35892": the name's 'x' stands for any one character. Not
 * "alc5621" and "realtek,alc5623", another part the driver also serves.
 */
static bool same_part(const char *compat, const char *name)
{
	const char *comma = strchr(compat, ',');
	const char *part = comma ? comma + 1 : compat;
	size_t pl = strlen(part), nl = strlen(name), i;

	if (!pl || !nl)
		return false;
	if (pl != nl || !strchr(name, 'x')) {
		size_t n = pl < nl ? pl : nl;

		return n >= 4 && !strncmp(part, name, n);
	}
	for (i = 0; i < nl && (name[i] == part[i] || name[i] == 'x'); i++)
		;
	return i == nl;
}

/*
 * Among candidates none of which is spelled like the name, those that name
 * the same part: their count, and the last one's index in *one.
 */
static size_t same_parts(const struct compat_hit *hits, size_t k, const char *name, size_t *one)
{
	size_t r = 0;

	for (size_t i = 0; i < k && i < MAX_CANDIDATES; i++)
		if (same_part(hits[i].compat, name)) {
			*one = i;
			r++;
		}
	return r;
}

/* "sh_mobile_sdhi": 16 candidates, one of which names the SoC ("renesas,sdhi-sh73a0") */
static const char *soc_named(struct conv *c, const struct compat_hit *hits, size_t k,
			     const char *name, const char **origin)
{
	const char *soc = rn_str(c->soc, "soc");
	size_t named = 0, at = 0;

	for (size_t i = 0; soc && strlen(soc) >= 4 && k > 1 && i < k && i < MAX_SCAN; i++)
		if (strstr(hits[i].compat, soc)) {
			named++;
			at = i;
		}
	if (named != 1 || k > MAX_SCAN)
		return NULL;
	*origin = arena_printf(c->a, "\"%s\" -> %s (the one of its %zu compatibles that names the "
			       "SoC, %s)", name, hits[at].file, k, soc);
	return arena_strdup(c->a, hits[at].compat);
}

const char *conv_learned_compatible(struct conv *c, struct dt_node *n, const char *bus,
				    const char *name, const char *what, const struct srcpos *pos,
				    const char **origin)
{
	struct compat_hit hits[MAX_SCAN];
	size_t k = c->opt ? compat_map_find(c->opt->compat, bus, name, hits, MAX_SCAN) : 0;
	const char *named;
	struct strbuf sb;

	size_t one = k == 1 && hits[0].exact ? 0 : vendor_spelling(hits, k);

	if (one < k) {
		*origin = k == 1 && hits[0].instead
			? arena_printf(c->a, "\"%s\" -> %s (its binding's; \"%s\" is in no binding)",
				       name, hits[0].file, hits[0].instead)
			: k == 1 ? arena_printf(c->a, "\"%s\" -> %s", name, hits[0].file)
			: arena_printf(c->a, "\"%s\" -> %s (\"%s\" without a vendor is its legacy spelling)",
				       name, hits[one].file, name);
		return arena_strdup(c->a, hits[one].compat);
	}
	if (k == 0) {
		bool plat = str_eq(bus, "platform");

		dt_node_add_todo(c->t, n, pos, what,
				 !(c->opt && c->opt->compat)
				 ? (plat ? "no rule maps this driver name to a compatible"
					 : "no rule for this device name: add the vendor prefix")
				 : (plat ? "no rule maps this driver name to a compatible, and no driver of the kernel tree has an of_match_table for it"
					 : "no rule for this device name and no driver of the kernel tree names it: add the vendor prefix"));
		if (plat && n && c->opt && c->opt->compat)	/* conv_account_unbound */
			arena_push(c->a, (void ***)&c->unbound, &c->nunbound, n);
		return NULL;
	}
	size_t sp = 0, parts = str_eq(bus, "platform") ? 0 : same_parts(hits, k, name, &sp);

	if (parts == 1) {
		*origin = arena_printf(c->a, "\"%s\" -> %s (its id table; the compatible of its part)",
				       name, hits[sp].file);
		return arena_strdup(c->a, hits[sp].compat);
	}
	/*
	 * "alc5621": the driver's id table has the name, its of_match_table only
	 * "realtek,alc5623". The I2C and SPI cores match the part of a
	 * compatible after the vendor prefix against the id table, so
	 * "realtek,alc5621" binds that driver (the target's kirkwood-t5325.dts
	 * writes it): the candidates' one vendor before the board's name.
	 */
	const char *vendor = NULL;
	size_t vlen = 0;

	for (size_t i = 0; i < k && i < MAX_CANDIDATES && !str_eq(bus, "platform"); i++) {
		const char *comma = strchr(hits[i].compat, ',');
		size_t len = comma ? (size_t)(comma - hits[i].compat) : 0;

		if (hits[i].exact || !len || (vendor && (len != vlen || strncmp(vendor, hits[i].compat, len)))) {
			vendor = NULL;
			break;
		}
		vendor = hits[i].compat;
		vlen = len;
	}
	if (vendor && !parts && k <= MAX_CANDIDATES && !strchr(name, ',')) {
		*origin = arena_printf(c->a, "\"%s\" -> %s (its id table; the vendor of \"%s\")", name,
				       hits[0].file, hits[0].compat);
		return arena_printf(c->a, "%.*s,%s", (int)vlen, vendor, name);
	}
	if ((named = soc_named(c, hits, k, name, origin)))
		return named;
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
