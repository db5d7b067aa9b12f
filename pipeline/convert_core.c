// SPDX-License-Identifier: GPL-2.0
/*
 * The per-machine conversion loop and output naming shared by `convert` and
 * `batch` (see convert_core.h).
 */
#include "convert_core.h"
#include "dtc_cache.h"
#include "pipeline.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/diag.h"
#include "common/json.h"
#include "kernel/compat_map.h"
#include "kernel/kernel_dt.h"
#include "emitter/emit.h"
#include "extractor/model.h"
#include "engine/engine.h"
#include "kernel/soc_dtsi.h"
#include "kernel/dtsi_find.h"
#include "kernel/mfp_addr.h"
#include "kernel/mux_cfg.h"
#include "kernel/pin_functions.h"
#include "kernel/imx_pinfunc.h"
#include "kernel/omap_pads.h"

/*
 * A file whose machines are of different variants of the SoC (board-usb-a926x.c:
 * USB_A9260, USB_A9G20; board-cm-t35.c: CM_T35, CM_T3730) names no
 * `dtsi_variants:` entry as a whole; a machine whose own id, name or record
 * names one gets that entry's .dtsi, loaded here; NULL: the file's.
 */
static struct soc_dtsi *machine_dtsi(const struct pipeline_session *s, const struct board *b,
				     const struct machine *m, const struct engine_options *eo)
{
	struct machine *only = (struct machine *)m;
	struct board one;
	struct soc_dtsi *d = NULL;

	if (!eo->kernel_dir || !s->soc || b->nmachines < 2 ||
	    conv_dtsi_variant(s->soc, s->board))
		return NULL;
	one = *b;
	one.machines = &only;
	one.nmachines = 1;
	if (!conv_dtsi_variant(s->soc, &one) || conv_dtsi_load(eo->kernel_dir, s->soc, &one, &d))
		return NULL;
	return d;
}

int conv_machines(const struct pipeline_session *s, struct machine *const *sel, size_t nsel,
		  const struct engine_options *eo, bool annotate, const char *source,
		  struct conv_run *r)
{
	struct dts_options dopt = { .annotate = annotate };
	struct json j;

	memset(r, 0, sizeof(*r));
	sb_init(&r->report);
	json_init(&j, &r->report);
	report_begin(&j, source, pipeline_soc_name(s->soc), (unsigned)s->board->nmain_errors);
	r->v = xcalloc(nsel ? nsel : 1, sizeof(*r->v));
	for (size_t i = 0; i < nsel; i++) {
		const struct machine *m = sel[i];
		/* the machine's own parse (extractor/machine_split.c) */
		const struct board *b = m->board ? m->board : s->board;
		struct conv_machine *cm = &r->v[r->n];
		struct dt_tree *t = NULL;
		struct engine_options own = *eo;
		int err;

		cm->dtsi = machine_dtsi(s, b, m, eo);
		if (cm->dtsi)
			own.dtsi = cm->dtsi;
		err = engine_convert(b, s->rules, m, &own, &t);

		if (err != B2D_OK || !t) {
			r->err = err != B2D_OK ? err : B2D_ERR_PARSE;
			r->failed = m;
			r->message = xasprintf("machine %s: conversion failed: %s", m->id,
					       b2d_strerror(r->err));
			if (t)
				dt_tree_free(t);
			if (cm->dtsi)
				soc_dtsi_free(cm->dtsi);
			cm->dtsi = NULL;
			break;
		}
		graph_normalise(t);
		cm->m = m;
		cm->t = t;
		sb_init(&cm->dts);
		dts_write(t, &dopt, &cm->dts);
		report_add_machine(&j, t);
		r->n++;
	}
	report_end(&j);
	if (!r->report.len || r->report.buf[r->report.len - 1] != '\n')
		sb_addc(&r->report, '\n');
	return r->err;
}

void conv_run_free(struct conv_run *r)
{
	for (size_t i = 0; i < r->n; i++) {
		dt_tree_free(r->v[i].t);
		sb_free(&r->v[i].dts);
		if (r->v[i].dtsi)
			soc_dtsi_free(r->v[i].dtsi);
	}
	free(r->v);
	sb_free(&r->report);
	free(r->message);
	memset(r, 0, sizeof(*r));
}

char *conv_input_base(const char *input)
{
	const char *b = path_basename(input);
	size_t n = strlen(b);

	if (n > 2 && !strcmp(b + n - 2, ".c"))
		n -= 2;
	return xstrndup(b, n);
}

char *conv_output_name(const char *dir, const char *base, const char *id, bool several,
		       const char *ext)
{
	size_t n = dir ? strlen(dir) : 0;
	const char *sep = !dir || (n && dir[n - 1] == '/') ? "" : "/";

	if (several)
		return xasprintf("%s%s%s.%s.%s", dir ? dir : "", sep, base, id, ext);
	return xasprintf("%s%s%s.%s", dir ? dir : "", sep, base, ext);
}

char *conv_cache_dir(void)
{
	const char *xdg = getenv("XDG_CACHE_HOME");
	const char *home = getenv("HOME");
	char *dir, *parent;

	if (xdg && *xdg)
		parent = xstrdup(xdg);
	else if (home && *home)
		parent = xasprintf("%s/.cache", home);
	else
		return NULL;
	dir = xasprintf("%s/board2dts", parent);
	(void)mkdir(parent, 0755);
	if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
		free(dir);
		dir = NULL;	/* no cache: compile every time */
	}
	free(parent);
	return dir;
}

struct compat_map *conv_compat_open(const char *kernel_dir)
{
	struct compat_map *m = NULL;
	char *cache;

	if (!kernel_dir)
		return NULL;
	cache = conv_cache_dir();
	compat_map_load(kernel_dir, cache, &m);
	free(cache);
	return m;
}

/*
 * The SoC's pin functions from the target's pin-controller driver (the
 * pack's `pinctrl: functions:`), or NULL without a tree, a pack key or a
 * readable table (the MPP registration then says which).
 */
struct pin_functions *conv_pins_open(const char *kernel_dir, const struct rnode *soc)
{
	const char *rel = rn_str(rn_get(soc, "pinctrl"), "functions");
	struct pin_functions *p = NULL;

	if (kernel_dir && rel)
		pin_functions_load(kernel_dir, rel, &p);
	return p;
}

/*
 * The SoC's MUX_CFG table (the pack's `pinctrl: mux_table:`, a file of the
 * board's own kernel): from the tree the board file lies in (its path up to
 * /arch/arm/), else from the target tree; NULL when neither has it.
 */
struct mux_cfg_table *conv_mux_open(const char *kernel_dir, const char *board,
				    const struct rnode *soc)
{
	const char *rel = rn_str(rn_get(soc, "pinctrl"), "mux_table");
	const char *arch = board ? strstr(board, "/arch/arm/") : NULL;
	struct mux_cfg_table *t = NULL;

	if (!rel)
		return NULL;
	if (arch) {
		char *root = xstrndup(board, (size_t)(arch - board));

		mux_cfg_load(root, rel, &t);
		free(root);
	}
	if (!t && kernel_dir)
		mux_cfg_load(kernel_dir, rel, &t);
	return t;
}

/*
 * The PXA MFP address map (the pack's `pinctrl: mfpr:` entry with an
 * `addr_map:`, a SoC file of the board's own kernel): from the tree the
 * board file lies in, else from the target tree; NULL when neither has it.
 */
struct mfp_addr_table *conv_mfp_addr_open(const char *kernel_dir, const char *board,
					  const struct rnode *soc)
{
	const struct rnode *mfpr = rn_get(rn_get(soc, "pinctrl"), "mfpr"), *am = NULL, *hs;
	const char *arch = board ? strstr(board, "/arch/arm/") : NULL;
	const char *hdrs[8];
	size_t nh = 0;
	struct mfp_addr_table *t = NULL;

	for (size_t i = 0; mfpr && !am && i < mfpr->n; i++)
		am = rn_get(mfpr->items[i], "addr_map");
	if (!am)
		return NULL;
	hs = rn_get(am, "enum");
	for (size_t i = 0; hs && i < hs->n && nh < 8; i++)
		hdrs[nh++] = hs->items[i]->scalar;
	if (arch) {
		char *root = xstrndup(board, (size_t)(arch - board));

		t = mfp_addr_load(root, rn_str(am, "file"), rn_str(am, "table"),
				  rn_str(rn_get(am, "alt"), "table"), hdrs, nh);
		free(root);
	}
	if (!t && kernel_dir)
		t = mfp_addr_load(kernel_dir, rn_str(am, "file"), rn_str(am, "table"),
				  rn_str(rn_get(am, "alt"), "table"), hdrs, nh);
	return t;
}

/*
 * The OMAP pad names of the target's .dts comments (the pack's `pinctrl:
 * pads:` file-name prefixes, `bindings:` header), cached per tree; NULL
 * without a tree, a pack key or any pad named.
 */
struct omap_pads *conv_omap_pads_open(const char *kernel_dir, const struct rnode *soc)
{
	const struct rnode *pc = rn_get(soc, "pinctrl");
	const struct rnode *pre = rn_get(pc, "pads");
	const char *hdr = rn_str(pc, "bindings");
	const char *prefixes[16];
	size_t n = 0;
	struct omap_pads *p = NULL;
	char *cache;

	if (!kernel_dir || !pre || pre->kind != RN_SEQ)
		return NULL;
	for (size_t i = 0; i < pre->n && n < 16; i++)
		if (pre->items[i]->scalar)
			prefixes[n++] = pre->items[i]->scalar;
	cache = conv_cache_dir();
	omap_pads_load(kernel_dir, prefixes, n, hdr ? hdr : "include/dt-bindings/pinctrl/omap.h",
		       cache, &p);
	free(cache);
	return p;
}

struct imx_pinfunc *conv_imx_pads_open(const char *kernel_dir, const struct rnode *soc)
{
	const char *name = rn_str(rn_get(soc, "pinctrl"), "pinfunc");
	struct imx_pinfunc *p = NULL;

	if (kernel_dir && name)
		imx_pinfunc_load(kernel_dir, name, &p);
	return p;
}

/*
 * A .dtsi found only by the SoC's name ("ep93xx.dtsi", not named in the
 * pack) counts when it has a node at one of the addresses the pack's rules
 * name (`at:`): s3c24xx.dtsi, a bare base without the SoC's devices, does not.
 */
static bool dtsi_confirmed(const struct soc_dtsi *d, const struct rnode *soc)
{
	unsigned long long addr[64];
	size_t n = rules_soc_addresses(soc, addr, 64);

	for (size_t i = 0; i < n; i++)
		if (soc_dtsi_label_at(d, addr[i]))
			return true;
	return false;
}

/*
 * The pack's `dtsi_variants:` entry the board names: one of its `match:`
 * words in the file's name, or in each machine's id or name
 * (board-sam9g20ek.c, AT91SAM9G20EK, "Atmel AT91SAM9G20-EK": "sam9g20"),
 * case-insensitive, or one of its `calls:` the board makes or its machine
 * record names (`.init_early = omap4430_init_early`), or one of its `spells:`
 * the board's code spells (omap3_mux_init(board_mux, OMAP_PACKAGE_CBP): the
 * OMAP3630's package); its `dtsi:` or NULL.
 */
const char *conv_dtsi_variant(const struct rnode *soc, const struct board *b)
{
	const struct rnode *vs = rn_get(soc, "dtsi_variants");

	for (size_t i = 0; b && vs && i < vs->n; i++) {
		const struct rnode *words = rn_get(vs->items[i], "match");

		if (engine_every_machine_calls(b, rn_get(vs->items[i], "calls")) ||
		    engine_board_spells_any(b, rn_get(vs->items[i], "spells")))
			return rn_str(vs->items[i], "dtsi");

		for (size_t k = 0; words && k < words->n; k++) {
			const char *w = words->items[k]->scalar;
			bool hit = w && str_contains_icase(path_basename(b->path), w);
			bool all = w && b->nmachines;

			/* one .dtsi serves every machine of the file: each must name it
			 * (board-cm-t35.c's CM_T3730 names the 3730, its CM_T35 not) */
			for (size_t m = 0; w && !hit && m < b->nmachines; m++)
				all &= str_contains_icase(b->machines[m]->id, w) ||
				       str_contains_icase(b->machines[m]->name, w);
			if (hit || all)
				return rn_str(vs->items[i], "dtsi");
		}
	}
	return NULL;
}

int conv_dtsi_load(const char *kernel_dir, const struct rnode *soc, const struct board *b,
		   struct soc_dtsi **out)
{
	struct ptrvec names = { 0 };
	const char *variant;
	char *cache, *found;
	int err = B2D_OK;

	*out = NULL;
	if (!kernel_dir || !soc)
		return B2D_OK;
	if ((variant = conv_dtsi_variant(soc, b)))
		pv_push(&names, xstrdup(variant));
	rules_soc_dtsi_names(soc, &names);
	found = dtsi_find(kernel_dir, (const char *const *)names.items, names.len);
	/* An older or newer target may lack it (s3c2416.dtsi left in 6.12). */
	if (!found && rules_soc_dtsi(soc))
		diag_warning(NULL, "%s/arch/arm/boot/dts has no %s (nor any other .dtsi the %s pack "
			     "names): the SoC's devices stay TODOs", kernel_dir, rules_soc_dtsi(soc),
			     rn_str(soc, "soc"));
	for (size_t i = 0; i < names.len; i++)
		free(names.items[i]);
	pv_free(&names);
	if (!found)
		return B2D_OK;
	cache = conv_cache_dir();
	err = soc_dtsi_load(kernel_dir, found, cache, out);
	free(cache);
	free(found);
	if (err != B2D_OK)
		*out = NULL;
	if (*out && !rules_soc_dtsi(soc) && !dtsi_confirmed(*out, soc)) {
		soc_dtsi_free(*out);
		*out = NULL;
	}
	return err;
}

/* At most this many .dtsi files named in a hint. */
#define HINT_MAX 4

char *conv_no_pack_hint(const char *kernel_dir, const struct board *b)
{
	struct ptrvec words = { 0 }, from = { 0 }, found = { 0 };
	size_t which[HINT_MAX];
	struct strbuf sb;

	if (!kernel_dir)
		return NULL;
	engine_soc_words(b, &words, &from);
	dtsi_named_by(kernel_dir, (const char *const *)words.items, words.len, &found, which,
		      HINT_MAX);
	sb_init(&sb);
	for (size_t i = 0; i < found.len; i++) {
		sb_addf(&sb, "%s%s (named by %s)", i ? ", " : "the target tree has ",
			(char *)found.items[i], (char *)from.items[which[i]]);
		free(found.items[i]);
	}
	if (found.len)
		sb_addf(&sb, ": a SoC pack over %s (rules/soc/, docs/rules.md) would put the "
			"SoC's devices on its nodes", found.len > 1 ? "one of them" : "it");
	for (size_t i = 0; i < words.len; i++) {
		free(words.items[i]);
		free(from.items[i]);
	}
	pv_free(&words);
	pv_free(&from);
	pv_free(&found);
	if (!sb.len) {
		sb_free(&sb);
		return NULL;
	}
	return sb_detach(&sb);
}

const void *conv_dtb_base(const char *kernel_dir, const struct dt_tree *t,
			  const struct strbuf *dts, const struct soc_dtsi *dtsi, void **owned)
{
	char *path;
	size_t len;
	char *errors = NULL;

	*owned = NULL;
	if (!t->ntail_includes || !kernel_dir)
		return dtsi ? soc_dtsi_fdt(dtsi) : NULL;
	path = temp_file_write("board2dts-dtb-", ".dts", dts->buf, dts->len);
	if (!path)
		return NULL;
	if (kernel_dts_compile(kernel_dir, NULL, 0, path, true, owned, &len, &errors) != B2D_OK)
		*owned = NULL;
	free(errors);
	unlink(path);
	free(path);
	return *owned;
}

int conv_dtc_check(const char *kernel_dir, const struct machine *m, const struct strbuf *dts)
{
	char *path, *cache, *key = NULL, *deps = NULL;
	char *errors = NULL, *nl;
	int err;

	if (!kernel_dir)
		return PL_OK;
	cache = dc_dir();	/* a check that passed with this text and these files: done */
	key = cache ? dc_key(kernel_dir, dts->buf, dts->len) : NULL;
	if (key && dc_hit(cache, key)) {
		free(key);
		free(cache);
		return PL_OK;
	}
	path = temp_file_write("board2dts-check-", ".dts", dts->buf, dts->len);
	if (!path) {
		diag_error(NULL, "machine %s: cannot write a temporary file to check the .dts", m->id);
		free(key);
		free(cache);
		return PL_FAIL;
	}
	err = kernel_dts_check(kernel_dir, path, &errors, key ? &deps : NULL);
	unlink(path);
	free(path);
	if (err == B2D_OK && deps)
		dc_store(cache, key, kernel_dir, deps);
	free(deps);
	free(key);
	free(cache);
	if (err != B2D_OK) {
		nl = errors ? strchr(errors, '\n') : NULL;
		if (nl)
			*nl = '\0';
		diag_error(&m->pos, "machine %s: the generated .dts does not compile (nothing written): %s",
			   m->id, errors && *errors ? errors : b2d_strerror(err));
	}
	free(errors);
	return err == B2D_OK ? PL_OK : PL_FAIL;
}
