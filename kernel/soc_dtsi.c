// SPDX-License-Identifier: GPL-2.0
/*
 * SoC facts from the kernel's own .dtsi: compiled once with `dtc -@`, cached,
 * then indexed so every query is a binary search:
 *   - labels (from __symbols__) sorted by name -> path and node offset;
 *   - labelled nodes by CPU address of their first reg entry;
 *   - (compatible, tree order) -> label.
 * Label strings point into the blob, which lives as long as the struct.
 */
#define _GNU_SOURCE	/* strcasestr */
#include "soc_dtsi.h"
#include "soc_dtsi_int.h"
#include "soc_timers.h"
#include "../common/diag.h"
#include "kernel_dt.h"
#include "../common/util.h"

#include <errno.h>
#include <libfdt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_DEPTH 32
#define MAX_CELLS 4

struct sym {
	const char *label;
	const char *path;
	int off;
};

struct addr_ent {
	uint64_t addr;
	bool device;	/* has a compatible */
	int depth;
	int order;
	int off;
	const char *label;
};

struct compat_ent {
	const char *compat;
	int order;
	const char *label;
};

struct soc_dtsi {
	void *blob;
	size_t len;
	struct sym *syms;	/* by label */
	size_t nsyms;
	struct sym *by_off;	/* same entries, by node offset */
	struct addr_ent *addrs;	/* by address, then deepest, then tree order */
	size_t naddrs;
	struct compat_ent *compats;	/* by compatible, then tree order */
	const char **compat_labels;	/* compats[i].label, contiguous for returning */
	size_t ncompats;
	char *dir;		/* the .dtsi's directory: where its includes are */
	char *name;		/* as loaded: relative to arch/arm/boot/dts, or absolute */
	char *kdir;		/* the kernel tree it was loaded from */
	char *text;		/* the source files' text, NULL: unreadable */
	struct ptrvec timers;	/* the kernel's system-timer compatibles (soc_timers.c) */
	struct ptrvec path_refs;	/* "{/path}" strings of unlabelled devices (owned) */
};

/* ---- indexing ---- */

static int sym_by_label(const void *a, const void *b)
{
	return strcmp(((const struct sym *)a)->label, ((const struct sym *)b)->label);
}

static int sym_by_off(const void *a, const void *b)
{
	const struct sym *x = a, *y = b;

	if (x->off != y->off)
		return x->off < y->off ? -1 : 1;
	return strcmp(x->label, y->label);
}

/*
 * A device node the .dtsi gives no label (tegra20.dtsi's mmc@c8000000,
 * i2c@7000c000, pmu) is still addressable: dtc takes a path reference,
 * `&{/mmc@c8000000} { ... }` and `<&{/mmc@c8000000}>`, wherever a label
 * goes. Such nodes (a compatible, no label) get the
 * pseudo-label "{/path}", so that lookups by address (`at:`), label checks
 * and #cells queries treat them as labelled ones. They are not in the
 * blob's /__symbols__, which the status pass reads: it leaves them alone.
 */
static bool has_real_label(const struct sym *syms, size_t n, int off)
{
	for (size_t i = 0; i < n; i++)
		if (syms[i].off == off)
			return true;
	return false;
}

static void add_path_refs(struct soc_dtsi *s)
{
	const void *fdt = s->blob;
	size_t nreal = s->nsyms;
	int depth = 0;
	char path[512];

	for (int off = fdt_next_node(fdt, 0, &depth); off >= 0 && depth > 0;
	     off = fdt_next_node(fdt, off, &depth)) {
		char *ref, *copy;

		if (!fdt_getprop(fdt, off, "compatible", NULL) ||
		    has_real_label(s->syms, nreal, off) ||
		    fdt_get_path(fdt, off, path, sizeof(path)) < 0)
			continue;
		ref = xasprintf("{%s}", path);
		copy = xstrdup(path);
		pv_push(&s->path_refs, ref);
		pv_push(&s->path_refs, copy);
		s->syms = xrealloc(s->syms, (s->nsyms + 1) * sizeof(*s->syms));
		s->syms[s->nsyms++] = (struct sym){ ref, copy, off };
	}
}

static void index_symbols(struct soc_dtsi *s)
{
	const void *fdt = s->blob;
	int sym = fdt_path_offset(fdt, "/__symbols__");
	int prop;

	if (sym < 0)
		return;
	fdt_for_each_property_offset(prop, fdt, sym) {
		const char *name;
		int len;
		const char *val = fdt_getprop_by_offset(fdt, prop, &name, &len);
		int off = val && len > 0 ? fdt_path_offset(fdt, val) : -1;

		if (off < 0)
			continue;
		s->syms = xrealloc(s->syms, (s->nsyms + 1) * sizeof(*s->syms));
		s->syms[s->nsyms++] = (struct sym){ name, val, off };
	}
	add_path_refs(s);
	qsort(s->syms, s->nsyms, sizeof(*s->syms), sym_by_label);
	s->by_off = xmalloc((s->nsyms ? s->nsyms : 1) * sizeof(*s->by_off));
	memcpy(s->by_off, s->syms, s->nsyms * sizeof(*s->syms));
	qsort(s->by_off, s->nsyms, sizeof(*s->by_off), sym_by_off);
}

/* All labels of a node: a run in by_off. Returns the count, *first the start. */
static size_t labels_of(const struct soc_dtsi *s, int off, const struct sym **first)
{
	size_t lo = 0, hi = s->nsyms, n = 0;

	*first = NULL;
	if (!s->nsyms)		/* a .dtsi without labels */
		return 0;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (s->by_off[mid].off < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	*first = s->by_off + lo;
	while (lo + n < s->nsyms && s->by_off[lo + n].off == off)
		n++;
	return n;
}

/* An address as cells; the last two cells form the offset compared in ranges. */
struct addr {
	uint32_t c[MAX_CELLS];
	int n;
};

static uint64_t addr_low(const struct addr *a)
{
	uint64_t v = 0;

	for (int i = a->n > 2 ? a->n - 2 : 0; i < a->n; i++)
		v = v << 32 | a->c[i];
	return v;
}

static bool addr_read(struct addr *a, const fdt32_t *cells, int n)
{
	if (n < 1 || n > MAX_CELLS)
		return false;
	a->n = n;
	for (int i = 0; i < n; i++)
		a->c[i] = fdt32_to_cpu(cells[i]);
	return true;
}

static uint64_t cells_u64(const fdt32_t *cells, int n)
{
	uint64_t v = 0;

	for (int i = 0; i < n; i++)
		v = v << 32 | fdt32_to_cpu(cells[i]);
	return v;
}

/*
 * Map *a from bus's child address space to its parent's through bus's
 * `ranges`: absent ranges means not memory-mapped (false), empty means
 * identity. Cells above the low two (chip selects) must match exactly.
 */
static bool translate_one(const void *fdt, int bus, int parent, struct addr *a)
{
	int len, cac = fdt_address_cells(fdt, bus), csc = fdt_size_cells(fdt, bus);
	int pac = fdt_address_cells(fdt, parent);
	const fdt32_t *r = fdt_getprop(fdt, bus, "ranges", &len);
	int entry = cac + pac + csc;

	if (!r)
		return false;
	if (len == 0)
		return true;
	if (cac != a->n || entry <= 0 || cac > MAX_CELLS || pac > MAX_CELLS || csc > 2)
		return false;
	for (const fdt32_t *e = r; (e - r + entry) * 4 <= len; e += entry) {
		struct addr child;
		uint64_t base, size, off;

		if (!addr_read(&child, e, cac))
			return false;
		if (cac > 2 && memcmp(child.c, a->c, (cac - 2) * 4) != 0)
			continue;
		base = addr_low(&child);
		size = cells_u64(e + cac + pac, csc);
		off = addr_low(a) - base;
		if (addr_low(a) < base || (size && off >= size))
			continue;
		addr_read(a, e + cac, pac);
		/* Add the offset to the parent address's low cells. */
		off += addr_low(a);
		a->c[a->n - 1] = (uint32_t)off;
		if (a->n >= 2)
			a->c[a->n - 2] = (uint32_t)(off >> 32);
		return true;
	}
	return false;
}

/* CPU address of the node at stack[depth]'s first reg entry. */
static bool node_cpu_addr(const void *fdt, const int *stack, int depth, uint64_t *out)
{
	int len, ac;
	const fdt32_t *reg;
	struct addr a;

	if (depth < 1)
		return false;
	reg = fdt_getprop(fdt, stack[depth], "reg", &len);
	ac = fdt_address_cells(fdt, stack[depth - 1]);
	if (!reg || ac < 1 || len < ac * 4 || !addr_read(&a, reg, ac))
		return false;
	for (int d = depth - 1; d >= 1; d--)
		if (!translate_one(fdt, stack[d], stack[d - 1], &a))
			return false;
	if (a.n > 2)
		return false;
	*out = addr_low(&a);
	return true;
}

static void index_compatibles(struct soc_dtsi *s, int off, int order, const char *label)
{
	int len;
	const char *c = fdt_getprop(s->blob, off, "compatible", &len);

	for (const char *end = c ? c + len : NULL; c && c < end; c += strlen(c) + 1) {
		s->compats = xrealloc(s->compats, (s->ncompats + 1) * sizeof(*s->compats));
		s->compats[s->ncompats++] = (struct compat_ent){ c, order, label };
	}
}

static void index_node(struct soc_dtsi *s, const int *stack, int depth, int order)
{
	const struct sym *lab;
	size_t nlab = labels_of(s, stack[depth], &lab);
	uint64_t addr;

	if (!nlab)
		return;
	for (size_t i = 0; i < nlab; i++)
		index_compatibles(s, stack[depth], order, lab[i].label);
	if (!node_cpu_addr(s->blob, stack, depth, &addr))
		return;
	s->addrs = xrealloc(s->addrs, (s->naddrs + 1) * sizeof(*s->addrs));
	s->addrs[s->naddrs++] = (struct addr_ent){
		.addr = addr,
		.device = fdt_getprop(s->blob, stack[depth], "compatible", NULL) != NULL,
		.depth = depth,
		.order = order,
		.off = stack[depth],
		.label = lab[0].label,
	};
}

/*
 * Several labelled nodes can start at one address. A real label beats a
 * path reference (an unlabelled node keeps the lookups they gave before
 * path references existed); then a node with a compatible
 * (a device) beats one without (pxa2xx's gpio controller over its gcb0
 * register bank); then the deepest wins (omap's aes1 over the target-module
 * wrapping it).
 */
static int addr_cmp(const void *a, const void *b)
{
	const struct addr_ent *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	/* a label of the .dtsi's own before a path reference ("{/path}") */
	if ((x->label[0] == '{') != (y->label[0] == '{'))
		return x->label[0] == '{' ? 1 : -1;
	if (x->device != y->device)
		return x->device ? -1 : 1;
	if (x->depth != y->depth)
		return x->depth > y->depth ? -1 : 1;
	return x->order - y->order;
}

static int compat_cmp(const void *a, const void *b)
{
	const struct compat_ent *x = a, *y = b;
	int c = strcmp(x->compat, y->compat);

	return c ? c : x->order - y->order;
}

static void index_tree(struct soc_dtsi *s)
{
	int stack[MAX_DEPTH + 1];
	int depth = 0, order = 0;

	for (int off = 0; off >= 0 && depth >= 0; off = fdt_next_node(s->blob, off, &depth)) {
		if (depth > MAX_DEPTH)
			continue;
		stack[depth] = off;
		index_node(s, stack, depth, order++);
	}
	if (s->naddrs)	/* qsort(NULL, 0) is undefined */
		qsort(s->addrs, s->naddrs, sizeof(*s->addrs), addr_cmp);
	if (s->ncompats)
		qsort(s->compats, s->ncompats, sizeof(*s->compats), compat_cmp);
	s->compat_labels = xmalloc((s->ncompats ? s->ncompats : 1) * sizeof(char *));
	for (size_t i = 0; i < s->ncompats; i++)
		s->compat_labels[i] = s->compats[i].label;
}

/* ---- public API ---- */

int soc_dtsi_load(const char *kernel_dir, const char *dtsi, const char *cache_dir,
		  struct soc_dtsi **out)
{
	struct soc_dtsi *s;
	char *path;
	int rc;

	*out = NULL;
	if (!kernel_dir || !dtsi) {
		diag_error(NULL, "SoC .dtsi needs a kernel tree (--kernel)");
		return B2D_ERR_USAGE;
	}
	path = soc_dtsi_absolute_paths(kernel_dir, dtsi);
	s = xcalloc(1, sizeof(*s));
	rc = soc_dtsi_obtain_blob(kernel_dir, path, cache_dir, &s->blob, &s->len);
	if (rc < 0) {
		free(path);
		free(s);
		return rc;
	}
	s->text = soc_dtsi_read_texts(path);
	path[strcspn(path, " ")] = 0;	/* the first file's directory */
	*strrchr(path, '/') = 0;	/* absolute or under KDIR: has a '/' */
	s->dir = path;
	s->name = xstrdup(dtsi);
	s->kdir = xstrdup(kernel_dir);
	index_symbols(s);
	index_tree(s);
	soc_timers_scan(kernel_dir, &s->timers);
	*out = s;
	return B2D_OK;
}

void soc_dtsi_free(struct soc_dtsi *s)
{
	if (!s)
		return;
	free(s->compat_labels);
	free(s->compats);
	free(s->addrs);
	free(s->by_off);
	free(s->syms);
	free(s->blob);
	free(s->dir);
	free(s->text);
	free(s->name);
	free(s->kdir);
	for (size_t i = 0; i < s->timers.len; i++)
		free(s->timers.items[i]);
	pv_free(&s->timers);
	for (size_t i = 0; i < s->path_refs.len; i++)
		free(s->path_refs.items[i]);
	pv_free(&s->path_refs);
	free(s);
}

bool soc_dtsi_is_timer(const struct soc_dtsi *s, int node)
{
	int len;
	const char *c = fdt_getprop(s->blob, node, "compatible", &len);

	return c && len > 0 && soc_timers_has(&s->timers, c, (size_t)len);
}

const char *soc_dtsi_name(const struct soc_dtsi *s)
{
	return s->name;
}

const char *soc_dtsi_kernel_dir(const struct soc_dtsi *s)
{
	return s->kdir;
}

const char *soc_dtsi_dir(const struct soc_dtsi *s)
{
	return s->dir;
}

const char *soc_dtsi_text(const struct soc_dtsi *s)
{
	return s->text;
}

const void *soc_dtsi_fdt(const struct soc_dtsi *s)
{
	return s->blob;
}

static const struct sym *find_label(const struct soc_dtsi *s, const char *label)
{
	struct sym key = { .label = label };

	if (!label)
		return NULL;
	return bsearch(&key, s->syms, s->nsyms, sizeof(*s->syms), sym_by_label);
}

bool soc_dtsi_has_label(const struct soc_dtsi *s, const char *label)
{
	size_t n = label ? strlen(label) : 0;

	if (n > 2 && label[0] == '{' && label[n - 1] == '}')	/* a path reference */
		return fdt_path_offset_namelen(soc_dtsi_fdt(s), label + 1, (int)n - 2) >= 0;
	return find_label(s, label) != NULL;
}

const char *soc_dtsi_label_path(const struct soc_dtsi *s, const char *label)
{
	const struct sym *e = find_label(s, label);

	return e ? e->path : NULL;
}

const char *soc_dtsi_label_of(const struct soc_dtsi *s, int off)
{
	const struct sym *first;

	return labels_of(s, off, &first) ? first->label : NULL;
}

/* The first entry of s->addrs at or after addr (binary search). */
static size_t first_addr(const struct soc_dtsi *s, uint64_t addr)
{
	size_t lo = 0, hi = s->naddrs;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (s->addrs[mid].addr < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * The label of the node at addr whose name (before '@') is name: tegra20.dtsi
 * has usb@c5008000 and the labelled phy3: usb-phy@c5008000 at one address.
 */
const char *soc_dtsi_label_at_named(const struct soc_dtsi *s, uint64_t addr, const char *name)
{
	size_t lo, n = name ? strlen(name) : 0;

	if (!name)
		return soc_dtsi_label_at(s, addr);
	lo = first_addr(s, addr);
	for (; lo < s->naddrs && s->addrs[lo].addr == addr; lo++) {
		const char *nn = fdt_get_name(s->blob, s->addrs[lo].off, NULL);

		if (nn && !strncmp(nn, name, n) && (nn[n] == '@' || !nn[n]))
			return s->addrs[lo].label;
	}
	return NULL;
}

/* The name of the labelled node at addr compatible with compat, or NULL. */
const char *soc_dtsi_name_at_compatible(const struct soc_dtsi *s, uint64_t addr, const char *compat)
{
	for (size_t lo = first_addr(s, addr); compat && lo < s->naddrs && s->addrs[lo].addr == addr; lo++)
		if (s->addrs[lo].label && !fdt_node_check_compatible(s->blob, s->addrs[lo].off, compat))
			return fdt_get_name(s->blob, s->addrs[lo].off, NULL);
	return NULL;
}

const char *soc_dtsi_label_at(const struct soc_dtsi *s, uint64_t addr)
{
	size_t lo = first_addr(s, addr);

	return lo < s->naddrs && s->addrs[lo].addr == addr ? s->addrs[lo].label : NULL;
}

/*
 * The labelled node called `name` (before the '@') whose first interrupts
 * cell is irq: AT91's peripheral ids are the AIC interrupt numbers, so
 * at91_register_uart(AT91SAM9260_ID_US0 = 6, ...) names the serial node with
 * interrupts = <6 ...>. NULL when there is none or several.
 */
const char *soc_dtsi_label_irq(const struct soc_dtsi *s, const char *name, uint32_t irq)
{
	const char *found = NULL;
	size_t nlen = strlen(name);

	for (int off = fdt_next_node(s->blob, -1, NULL); off >= 0;
	     off = fdt_next_node(s->blob, off, NULL)) {
		const char *nn = fdt_get_name(s->blob, off, NULL);
		const fdt32_t *v;
		const char *label;
		int len;

		if (!nn || strncmp(nn, name, nlen) || (nn[nlen] && nn[nlen] != '@'))
			continue;
		v = fdt_getprop(s->blob, off, "interrupts", &len);
		if (!v || len < 4 || fdt32_to_cpu(v[0]) != irq || !(label = soc_dtsi_label_of(s, off)))
			continue;
		if (found)
			return NULL;
		found = label;
	}
	return found;
}

int soc_dtsi_cells(const struct soc_dtsi *s, const char *label, const char *cells_prop)
{
	const struct sym *e = find_label(s, label);
	const fdt32_t *v;
	int len;

	if (!e)
		return -1;
	v = fdt_getprop(s->blob, e->off, cells_prop, &len);
	return v && len == 4 ? (int)fdt32_to_cpu(*v) : -1;
}

const char **soc_dtsi_labels_compatible(const struct soc_dtsi *s, const char *compat,
					size_t *n)
{
	size_t lo = 0, hi = s->ncompats, end;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (strcmp(s->compats[mid].compat, compat) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (end = lo; end < s->ncompats && str_eq(s->compats[end].compat, compat); end++)
		;
	*n = end - lo;
	return *n ? s->compat_labels + lo : NULL;
}

bool soc_dtsi_references(const struct soc_dtsi *s, const char *label)
{
	int fix = fdt_path_offset(s->blob, "/__fixups__");

	return label && fix >= 0 && fdt_getprop(s->blob, fix, label, NULL) != NULL;
}
