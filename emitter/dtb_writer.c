// SPDX-License-Identifier: GPL-2.0
/*
 * The .dtb writer. Three steps, so that nothing is written before every
 * reference is known to resolve:
 *
 *   1. build an in-memory tree: the base blob (SoC .dtsi compiled with
 *      dtc -@) if any, then the graph's root merged into /, then each
 *      &label overlay merged into the node its label names;
 *   2. encode every graph property to bytes, giving each phandle target a
 *      `phandle` property (the base's own when it has one, else max + 1);
 *   3. serialise with libfdt's sequential-write API, growing the buffer on
 *      -FDT_ERR_NOSPACE.
 *
 * Labels come from the base's /__symbols__ and from the graph's nodes; the
 * output's /__symbols__ is written anew from them (dtc -@), the base's
 * __fixups__/__local_fixups__ are not copied.
 * An unknown label is the error dtc itself would give: B2D_ERR_DTC.
 */
#include "emit.h"

#include <libfdt.h>
#include <stdlib.h>
#include <string.h>

#include "../common/util.h"

struct mprop {
	const char *name;
	const void *data;		/* encoded bytes (base value, or after step 2) */
	size_t len;
	const struct dt_prop *src;	/* graph property still to encode, or NULL */
};

struct mnode {
	const char *name;		/* "name@unit"; "" for the root */
	struct mnode *parent;
	struct mprop **props;
	size_t nprops;
	struct mnode **children;
	size_t nchildren;
	uint32_t phandle;		/* 0: none yet */
};

struct mlabel {
	const char *label;
	struct mnode *node;
};

struct dtb {
	struct arena a;
	struct mnode *root;
	struct mlabel **labels;
	size_t nlabels;
	uint32_t max_phandle;
	int err;
	const char *hint;	/* appended to "unknown label" errors */
};

/* ---- the in-memory tree ---- */

static struct mnode *mnode_new(struct dtb *d, struct mnode *parent, const char *name)
{
	struct mnode *m = arena_alloc(&d->a, sizeof(*m));

	m->name = arena_strdup(&d->a, name);
	m->parent = parent;
	if (parent)
		arena_push(&d->a, (void ***)&parent->children, &parent->nchildren, m);
	return m;
}

static struct mnode *mnode_child(const struct mnode *m, const char *name)
{
	for (size_t i = 0; i < m->nchildren; i++)
		if (strcmp(m->children[i]->name, name) == 0)
			return m->children[i];
	return NULL;
}

/* A property of that name is replaced where it stands, else appended. */
static struct mprop *mprop_set(struct dtb *d, struct mnode *m, const char *name)
{
	struct mprop *p;

	for (size_t i = 0; i < m->nprops; i++) {
		if (strcmp(m->props[i]->name, name) == 0) {
			memset(m->props[i], 0, sizeof(*p));
			m->props[i]->name = name;
			return m->props[i];
		}
	}
	p = arena_alloc(&d->a, sizeof(*p));
	p->name = name;
	arena_push(&d->a, (void ***)&m->props, &m->nprops, p);
	return p;
}

static void add_label(struct dtb *d, const char *label, struct mnode *m)
{
	struct mlabel *l = arena_alloc(&d->a, sizeof(*l));

	l->label = label;
	l->node = m;
	arena_push(&d->a, (void ***)&d->labels, &d->nlabels, l);
}

/* A path reference's node: "{/soc/mmc@c8000000}" (dtc's &{/path}), or NULL. */
static struct mnode *find_path_ref(const struct dtb *d, const char *ref)
{
	size_t len = strlen(ref);
	struct mnode *m = d->root;
	const char *p = ref + 2;

	if (len < 3 || ref[0] != '{' || ref[1] != '/' || ref[len - 1] != '}')
		return NULL;
	while (m && *p && *p != '}') {
		size_t n = strcspn(p, "/}");
		char name[256];

		if (!n || n >= sizeof(name))
			return NULL;
		memcpy(name, p, n);
		name[n] = 0;
		m = mnode_child(m, name);
		p += n + (p[n] == '/');
	}
	return m;
}

static struct mnode *find_label(const struct dtb *d, const char *label)
{
	if (label && label[0] == '{')
		return find_path_ref(d, label);
	for (size_t i = 0; i < d->nlabels; i++)
		if (str_eq(d->labels[i]->label, label))
			return d->labels[i]->node;
	return NULL;
}

static void mnode_path(const struct mnode *m, struct strbuf *sb)
{
	if (!m->parent) {
		sb_addc(sb, '/');
		return;
	}
	mnode_path(m->parent, sb);
	if (m->parent->parent)
		sb_addc(sb, '/');
	sb_add(sb, m->name);
}

/* ---- step 1a: the base blob ---- */

static bool skipped_base_node(const struct mnode *parent, const char *name)
{
	return !parent->parent && (strcmp(name, "__symbols__") == 0 ||
				   strcmp(name, "__fixups__") == 0 ||
				   strcmp(name, "__local_fixups__") == 0);
}

static void load_prop(struct dtb *d, struct mnode *m, const char *name,
		      const void *val, int len)
{
	struct mprop *p = mprop_set(d, m, arena_strdup(&d->a, name));

	p->data = val;
	p->len = (size_t)len;
	if ((strcmp(name, "phandle") == 0 || strcmp(name, "linux,phandle") == 0) && len == 4) {
		m->phandle = fdt32_ld(val);
		if (m->phandle > d->max_phandle && m->phandle != (uint32_t)-1)
			d->max_phandle = m->phandle;
	}
}

static void load_node(struct dtb *d, const void *fdt, int off, struct mnode *m)
{
	int poff, child;

	fdt_for_each_property_offset(poff, fdt, off) {
		const char *name;
		int len;
		const void *val = fdt_getprop_by_offset(fdt, poff, &name, &len);

		if (val)
			load_prop(d, m, name, val, len);
	}
	fdt_for_each_subnode(child, fdt, off) {
		const char *name = fdt_get_name(fdt, child, NULL);

		if (!name || skipped_base_node(m, name))
			continue;
		load_node(d, fdt, child, mnode_new(d, m, name));
	}
}

static struct mnode *find_path(struct mnode *m, const char *path)
{
	while (m && *path) {
		const char *end;
		char *part;

		while (*path == '/')
			path++;
		if (!*path)
			break;
		end = strchr(path, '/');
		part = end ? xstrndup(path, (size_t)(end - path)) : xstrdup(path);
		m = mnode_child(m, part);
		free(part);
		path = end ? end : path + strlen(path);
	}
	return m;
}

static void load_symbols(struct dtb *d, const void *fdt)
{
	int off = fdt_path_offset(fdt, "/__symbols__"), poff;

	if (off < 0)
		return;
	fdt_for_each_property_offset(poff, fdt, off) {
		const char *label;
		int len;
		const char *path = fdt_getprop_by_offset(fdt, poff, &label, &len);
		struct mnode *m;

		if (!path || len < 1 || path[len - 1] != '\0')
			continue;
		m = find_path(d->root, path);
		if (m)
			add_label(d, arena_strdup(&d->a, label), m);
	}
}

static int load_base(struct dtb *d, const void *base)
{
	if (fdt_check_header(base) != 0) {
		diag_error(NULL, "base device tree blob is not a valid fdt");
		return B2D_ERR_PARSE;
	}
	load_node(d, base, 0, d->root);
	load_symbols(d, base);
	return B2D_OK;
}

/* ---- step 1b: the graph merged in ---- */

static void merge(struct dtb *d, struct mnode *m, const struct dt_node *n);

static void merge_child(struct dtb *d, struct mnode *m, const struct dt_node *c)
{
	char *name = c->unit ? arena_printf(&d->a, "%s@%s", c->name, c->unit)
			     : arena_strdup(&d->a, c->name);
	struct mnode *mc = mnode_child(m, name);

	if (!mc)
		mc = mnode_new(d, m, name);
	if (c->label)
		add_label(d, c->label, mc);
	merge(d, mc, c);
}

static void merge(struct dtb *d, struct mnode *m, const struct dt_node *n)
{
	for (size_t i = 0; i < n->nprops; i++)
		mprop_set(d, m, n->props[i]->name)->src = n->props[i];
	for (size_t i = 0; i < n->nchildren; i++)
		merge_child(d, m, n->children[i]);
}

/*
 * An overlay may target a label another overlay defines (&twl inside &i2c1,
 * then &twl_gpio), so overlays are merged in rounds until none is left or a
 * round makes no progress; what is left names unknown labels.
 */
static int merge_overlays(struct dtb *d, const struct dt_tree *t)
{
	bool *done = xcalloc(t->noverlays ? t->noverlays : 1, sizeof(*done));
	bool progress = true;
	int err = B2D_OK;

	while (progress) {
		progress = false;
		for (size_t i = 0; i < t->noverlays; i++) {
			struct mnode *m = done[i] ? NULL : find_label(d, t->overlays[i]->ref);

			if (!m)
				continue;
			merge(d, m, t->overlays[i]);
			done[i] = progress = true;
		}
	}
	for (size_t i = 0; i < t->noverlays; i++) {
		if (done[i])
			continue;
		diag_error(&t->overlays[i]->pos, "unknown label &%s%s", t->overlays[i]->ref,
			   t->overlays[i]->after_tail_includes ?
			   " (defined by a tail include, not in the SoC .dtsi blob)" : d->hint);
		err = B2D_ERR_DTC;
	}
	free(done);
	return err;
}

/* ---- step 2: encoding ---- */

static uint32_t phandle_of(struct dtb *d, struct mnode *m)
{
	if (!m->phandle) {
		struct mprop *p = mprop_set(d, m, "phandle");
		fdt32_t *v = arena_alloc(&d->a, sizeof(*v));

		m->phandle = ++d->max_phandle;
		*v = cpu_to_fdt32(m->phandle);
		p->data = v;
		p->len = sizeof(*v);
	}
	return m->phandle;
}

static void add_cell(struct strbuf *sb, uint32_t v)
{
	fdt32_t be = cpu_to_fdt32(v);

	sb_addn(sb, (const char *)&be, sizeof(be));
}

static struct mnode *resolve(struct dtb *d, const struct dt_prop *p, const char *label)
{
	struct mnode *m = find_label(d, label);

	if (!m) {
		diag_error(&p->pos, "unknown label &%s in property %s%s", label, p->name, d->hint);
		d->err = B2D_ERR_DTC;
	}
	return m;
}

static void encode_cells(struct dtb *d, const struct dt_prop *p, const struct dt_chunk *c,
			 struct strbuf *sb)
{
	for (size_t i = 0; i < c->ncells; i++) {
		const struct dt_cell *cell = &c->cells[i];
		struct mnode *m;

		if (cell->kind != CELL_REF && c->bits == 16) {
			fdt16_t be16 = cpu_to_fdt16((uint16_t)cell->val);

			sb_addn(sb, (const char *)&be16, sizeof(be16));
			continue;
		}
		if (cell->kind != CELL_REF) {
			add_cell(sb, cell->val);
			continue;
		}
		m = resolve(d, p, cell->text);
		add_cell(sb, m ? phandle_of(d, m) : 0);
	}
}

/* Chunks are concatenated as dtc does: strings NUL-terminated, cells big-endian. */
static void encode_prop(struct dtb *d, struct mprop *mp)
{
	const struct dt_prop *p = mp->src;
	struct strbuf sb;

	sb_init(&sb);
	for (size_t i = 0; i < p->nchunks; i++) {
		const struct dt_chunk *c = p->chunks[i];
		struct mnode *m;

		if (c->kind == CHUNK_STRING) {
			sb_addn(&sb, c->str, strlen(c->str) + 1);
		} else if (c->kind == CHUNK_REF_PATH) {
			m = resolve(d, p, c->str);
			if (m)
				mnode_path(m, &sb);
			sb_addc(&sb, '\0');
		} else {
			encode_cells(d, p, c, &sb);
		}
	}
	mp->data = arena_strndup(&d->a, sb.buf, sb.len);
	mp->len = sb.len;
	mp->src = NULL;
	sb_free(&sb);
}

static void encode_tree(struct dtb *d, struct mnode *m)
{
	for (size_t i = 0; i < m->nprops; i++)
		if (m->props[i]->src)
			encode_prop(d, m->props[i]);
	for (size_t i = 0; i < m->nchildren; i++)
		encode_tree(d, m->children[i]);
}

/*
 * /__symbols__ as `dtc -@` writes it (label = "/path/of/node"), so that the
 * .dtb carries the labels its .dts has: `board2dts diff out.dtb out.dts` is
 * then empty, and overlays can be applied to it.
 */
static void add_symbols(struct dtb *d)
{
	struct mnode *s;

	if (!d->nlabels)
		return;
	s = mnode_new(d, d->root, "__symbols__");
	for (size_t i = 0; i < d->nlabels; i++) {
		struct mprop *p = mprop_set(d, s, d->labels[i]->label);
		struct strbuf sb;

		sb_init(&sb);
		mnode_path(d->labels[i]->node, &sb);
		p->data = arena_strndup(&d->a, sb.buf, sb.len + 1);
		p->len = sb.len + 1;
		sb_free(&sb);
	}
}

/* ---- step 3: serialisation ---- */

static int emit_node(void *fdt, const struct mnode *m)
{
	int err = fdt_begin_node(fdt, m->name);

	for (size_t i = 0; !err && i < m->nprops; i++)
		err = fdt_property(fdt, m->props[i]->name, m->props[i]->data,
				   (int)m->props[i]->len);
	for (size_t i = 0; !err && i < m->nchildren; i++)
		err = emit_node(fdt, m->children[i]);
	return err ? err : fdt_end_node(fdt);
}

static int emit_blob(const struct mnode *root, const void *base, void *fdt, int size)
{
	int err = fdt_create(fdt, size);
	int n = base ? fdt_num_mem_rsv(base) : 0;

	for (int i = 0; !err && i < n; i++) {
		uint64_t addr, len;

		err = fdt_get_mem_rsv(base, i, &addr, &len);
		if (!err)
			err = fdt_add_reservemap_entry(fdt, addr, len);
	}
	if (!err)
		err = fdt_finish_reservemap(fdt);
	if (!err)
		err = emit_node(fdt, root);
	if (!err)
		err = fdt_finish(fdt);
	if (!err && base)
		fdt_set_boot_cpuid_phys(fdt, fdt_boot_cpuid_phys(base));
	return err;
}

static int serialise(const struct mnode *root, const void *base, void **blob, size_t *len)
{
	int size = 16 * 1024 + (base ? (int)fdt_totalsize(base) * 2 : 0);

	for (;;) {
		void *fdt = xmalloc((size_t)size);
		int err = emit_blob(root, base, fdt, size);

		if (!err) {
			*blob = fdt;
			*len = fdt_totalsize(fdt);
			return B2D_OK;
		}
		free(fdt);
		if (err != -FDT_ERR_NOSPACE || size > (1 << 29)) {
			diag_error(NULL, "cannot build device tree blob: %s", fdt_strerror(err));
			return B2D_ERR_LIMIT;
		}
		size *= 2;
	}
}

/*
 * The base's __fixups__: a .dtsi compiled as a plugin (docs/rules.md) records
 * each phandle to a label it leaves to the board (tegra20.dtsi's
 * <&clk32k_in>) as "path:property:offset" and writes 0xffffffff there. A
 * label the board now defines gets its node's phandle written in, as dtc
 * does when it compiles the .dts; the others stay as they are.
 */
static void apply_base_fixups(struct dtb *d, const void *base)
{
	int fix = fdt_path_offset(base, "/__fixups__"), poff;

	if (fix < 0)
		return;
	fdt_for_each_property_offset(poff, base, fix) {
		const char *label, *v;
		int len;
		struct mnode *target;

		v = fdt_getprop_by_offset(base, poff, &label, &len);
		target = v && len > 0 ? find_label(d, label) : NULL;
		for (const char *e = v, *end = v ? v + len : NULL; target && e < end; e += strlen(e) + 1) {
			char *path = xstrdup(e), *pname = strchr(path, ':'), *offs;
			struct mnode *m;
			unsigned long off;

			offs = pname ? strchr(pname + 1, ':') : NULL;
			if (offs) {
				*pname++ = 0;
				*offs++ = 0;
				off = strtoul(offs, NULL, 10);
				m = find_path(d->root, path);
				for (size_t i = 0; m && i < m->nprops; i++) {
					struct mprop *mp = m->props[i];

					if (strcmp(mp->name, pname) || mp->src || off + 4 > mp->len)
						continue;
					void *copy = arena_alloc(&d->a, mp->len);

					memcpy(copy, mp->data, mp->len);
					fdt32_st((char *)copy + off, phandle_of(d, target));
					mp->data = copy;
				}
			}
			free(path);
		}
	}
}

int dtb_write(const struct dt_tree *t, const void *base, void **blob, size_t *len)
{
	struct dtb d = { 0 };
	int err = B2D_OK;

	*blob = NULL;
	*len = 0;
	arena_init(&d.a);
	d.root = mnode_new(&d, NULL, "");
	d.hint = base ? "" : " (no SoC .dtsi blob to resolve it against)";
	if (base)
		err = load_base(&d, base);
	if (!err) {
		merge(&d, d.root, t->root);
		/* The root's own label (rare) names / itself. */
		if (t->root->label)
			add_label(&d, t->root->label, d.root);
		err = merge_overlays(&d, t);
	}
	if (!err) {
		encode_tree(&d, d.root);
		err = d.err;
	}
	if (!err && base)
		apply_base_fixups(&d, base);
	if (!err)
		add_symbols(&d);
	if (!err)
		err = serialise(d.root, base, blob, len);
	arena_free(&d.a);
	return err;
}
