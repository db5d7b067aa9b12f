// SPDX-License-Identifier: GPL-2.0
/*
 * The worker side of `board2dts batch`: one board file through the same steps
 * as `convert -o DIR/ --report` (parse once for all its machines, with the
 * rule packs the scheduler loaded before forking and this worker's CXIndex),
 * then the kernel's cpp + dtc on every .dts written when --kernel is given,
 * and the file's state record.
 *
 * Diagnostics of the file go to DIR/.batch/<base>.log (the scheduler points
 * the worker's stderr there); the first error line becomes the message.
 */
#include "batch.h"
#include "pipeline.h"
#include "convert_core.h"
#include "convert_html.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/diag.h"
#include "kernel/kernel_dt.h"
#include "kernel/mfp_addr.h"
#include "kernel/mux_cfg.h"
#include "kernel/pin_functions.h"
#include "kernel/imx_pinfunc.h"
#include "kernel/omap_pads.h"
#include "common/runlimit.h"
#include "emitter/emit.h"
#include "emitter/out_txn.h"
#include "extractor/model.h"
#include "kernel/compat_map.h"
#include "engine/engine.h"
#include "engine/rules.h"
#include "kernel/soc_dtsi.h"

/* ---- the worker ---- */

/* SoC .dtsi blobs, loaded once per worker process. */
struct dtsi_cache {
	char *name;
	struct soc_dtsi *dtsi;	/* NULL: failed to load, or no .dtsi for the SoC */
	int err;
};
static struct dtsi_cache *dcache;
static size_t ndcache;

static int get_dtsi(const struct batch_ctx *c, const struct rnode *soc, const struct board *b,
		    const struct soc_dtsi **out)
{
	/* one .dtsi per pack, or per dtsi variant of it */
	const char *variant = soc ? conv_dtsi_variant(soc, b) : NULL;
	const char *name = variant ? variant : soc ? rn_str(soc, "soc") : NULL;
	struct soc_dtsi *d = NULL;
	int err;

	*out = NULL;
	if (!name || !c->kernel_dir)
		return B2D_OK;
	for (size_t i = 0; i < ndcache; i++)
		if (!strcmp(dcache[i].name, name)) {
			*out = dcache[i].dtsi;
			return dcache[i].err;
		}
	err = conv_dtsi_load(c->kernel_dir, soc, b, &d);
	dcache = xrealloc(dcache, (ndcache + 1) * sizeof(*dcache));
	dcache[ndcache++] = (struct dtsi_cache){ xstrdup(name), d, err };
	*out = d;
	return err;
}

void batch_worker_end(struct batch_ctx *c)
{
	for (size_t i = 0; i < ndcache; i++) {
		free(dcache[i].name);
		if (dcache[i].dtsi)
			soc_dtsi_free(dcache[i].dtsi);
	}
	free(dcache);
	dcache = NULL;
	ndcache = 0;
}

char *batch_log_message(const struct batch_ctx *c, const struct batch_job *jb, bool last_line)
{
	char *path = xasprintf("%s/%s.log", c->state_dir, jb->base);
	char *text = read_file(path, NULL), *line, *save = NULL, *last = NULL, *r = NULL;

	free(path);
	if (!text)
		return NULL;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (strstr(line, "error:")) {
			r = xstrdup(line);
			break;
		}
		last = line;
	}
	if (!r && last && last_line)
		r = xstrdup(last);
	free(text);
	return r;
}

/* B2D_TEST_CRASH=<basename>[:SIGNAL]: die on that file (tests/scripts/batch_kill.sh). */
static void test_crash_hook(const struct batch_job *jb)
{
	const char *env = getenv("B2D_TEST_CRASH");
	const char *colon;
	size_t n;
	int sig = SIGSEGV;

	if (!env || !*env)
		return;
	colon = strchr(env, ':');
	n = colon ? (size_t)(colon - env) : strlen(env);
	if (strlen(path_basename(jb->path)) != n || strncmp(path_basename(jb->path), env, n))
		return;
	if (colon && (!strcmp(colon + 1, "KILL") || !strcmp(colon + 1, "SIGKILL")))
		sig = SIGKILL;
	else if (colon && (!strcmp(colon + 1, "ABRT") || !strcmp(colon + 1, "SIGABRT")))
		sig = SIGABRT;
	fflush(NULL);
	raise(sig);
}

static void fail(struct batch_result *r, char *msg)
{
	free(r->status);
	r->status = xstrdup("failed");
	if (!r->message)
		r->message = msg;
	else
		free(msg);
}

/* Compile one written .dts with the kernel's cpp + dtc. */
static void dtc_check(const struct batch_ctx *c, const char *path, struct batch_result *r)
{
	void *blob = NULL;
	size_t len = 0;
	char *errors = NULL;
	int err = kernel_dts_compile(c->kernel_dir, NULL, 0, path, false, &blob, &len, &errors);

	free(blob);
	if (err != B2D_OK && strcmp(r->dtc, "failed")) {
		char *nl = errors ? strchr(errors, '\n') : NULL;

		if (nl)
			*nl = '\0';
		free(r->dtc);
		r->dtc = xstrdup("failed");
		r->dtc_message = xasprintf("%s: %s", path_basename(path),
					   errors && *errors ? errors : b2d_strerror(err));
	}
	free(errors);
}

/*
 * Stage one output of the file (name under DIR); on failure the file fails.
 * Nothing is written until commit_outputs().
 */
static bool stage(struct batch_ctx *c, struct out_txn *t, struct batch_result *r,
		  struct ptrvec *names, char *name, const struct strbuf *sb)
{
	char *path = xasprintf("%s/%s", c->out_dir, name);
	bool ok = out_txn_stage(t, path, sb->buf, sb->len) == B2D_OK;

	if (ok)
		pv_push(names, name);
	else {
		fail(r, xasprintf("cannot write %s", path));
		free(name);
	}
	free(path);
	return ok;
}

/* A file that converted commits all its outputs, then dtc checks the .dts. */
static void commit_outputs(struct batch_ctx *c, struct out_txn *t, struct batch_result *r,
			   struct ptrvec *names, size_t ndts)
{
	bool ok = !strcmp(r->status, "ok");

	rl_stop();	/* --timeout bounds the conversion, never cuts a commit short */
	if (ok && out_txn_commit(t) != B2D_OK) {
		fail(r, xasprintf("cannot write its outputs in %s", c->out_dir));
		ok = false;
	}
	for (size_t i = 0; i < names->len; i++) {
		char *name = names->items[i];

		if (!ok) {
			free(name);
			continue;
		}
		pv_push(&r->outputs, name);
		if (c->kernel_dir && i < ndts) {
			char *path = xasprintf("%s/%s", c->out_dir, name);

			dtc_check(c, path, r);
			free(path);
		}
	}
	pv_free(names);
}

/* --html: each machine's review page, DIR/<base>[.<ID>].html. */
static void stage_pages(struct batch_ctx *c, struct out_txn *txn, struct batch_result *r,
			struct ptrvec *names, const struct pipeline_session *s,
			const struct batch_job *jb, const struct conv_run *run)
{
	bool several = s->board->nmachines > 1;
	struct conv_html h;

	conv_html_open(&h, s, jb->path);
	for (size_t i = 0; i < run->n; i++) {
		struct strbuf page;
		bool ok;

		sb_init(&page);
		conv_html_page(&h, &run->v[i], c->annotate, NULL, NULL, &page);
		ok = stage(c, txn, r, names, conv_output_name(NULL, jb->base, run->v[i].m->id,
							      several, "html"), &page);
		sb_free(&page);
		if (!ok)
			break;
	}
	conv_html_close(&h);
}

static void convert_machines(struct batch_ctx *c, struct batch_job *jb,
			     const struct pipeline_session *s, const struct soc_dtsi *dtsi)
{
	struct batch_result *r = &jb->r;
	struct engine_options eo = { 0 };
	struct compat_map *compat;
	struct pin_functions *pins;
	struct mux_cfg_table *mux;
	struct mfp_addr_table *mfpa;
	struct omap_pads *opads;
	struct imx_pinfunc *ipads;
	char *hint;
	const char *inputs[] = { jb->path };
	bool several = s->board->nmachines > 1;
	struct out_txn *txn = out_txn_new(inputs, 1);
	struct ptrvec names = { 0 };
	struct conv_run run;
	size_t ndts;

	eo.soc = pipeline_soc_name(s->soc);
	eo.soc_picked = true;
	eo.soc_pack = s->generic ? s->soc : NULL;
	eo.dtsi = dtsi;
	eo.target_tree = c->kernel_dir != NULL;
	eo.kernel_dir = c->kernel_dir;
	eo.compat = compat = conv_compat_open(c->kernel_dir);
	eo.pins = pins = conv_pins_open(c->kernel_dir, s->soc);
	eo.mux = mux = conv_mux_open(c->kernel_dir, s->board->path, s->soc);
	eo.mfp_addr = mfpa = conv_mfp_addr_open(c->kernel_dir, s->board->path, s->soc);
	eo.omap_pads = opads = conv_omap_pads_open(c->kernel_dir, s->soc);
	eo.imx_pads = ipads = conv_imx_pads_open(c->kernel_dir, s->soc);
	eo.no_pack_hint = hint = s->soc ? NULL : conv_no_pack_hint(c->kernel_dir, s->board);
	conv_machines(s, s->board->machines, s->board->nmachines, &eo, c->annotate, jb->path,
		      &run);
	for (size_t i = 0; i < run.n; i++) {
		const struct machine *m = run.v[i].m;
		const struct dt_tree *t = run.v[i].t;

		if (!stage(c, txn, r, &names, conv_output_name(NULL, jb->base, m->id, several, "dts"),
			   &run.v[i].dts))
			break;
		pv_push(&r->ids, xstrdup(m->id));
		r->machines++;
		r->facts += (long)t->nfacts;
		for (size_t k = 0; k < t->nfacts; k++)
			if (t->facts[k]->fate == FACT_CONVERTED)
				r->converted++;
		r->todo += (long)dt_tree_todos(t, NULL);	/* the report's counts.todo */
	}
	if (run.failed) {
		fail(r, run.message);
		run.message = NULL;
	}
	/* The batch report has always ended with a blank line (convert's does not). */
	sb_addc(&run.report, '\n');
	ndts = names.len;
	if (!strcmp(r->status, "ok"))
		stage(c, txn, r, &names, xasprintf("%s.report.json", jb->base), &run.report);
	if (c->html && !strcmp(r->status, "ok"))
		stage_pages(c, txn, r, &names, s, jb, &run);
	commit_outputs(c, txn, r, &names, ndts);
	out_txn_free(txn);
	conv_run_free(&run);
	compat_map_free(compat);
	pin_functions_free(pins);
	mux_cfg_free(mux);
	mfp_addr_free(mfpa);
	omap_pads_free(opads);
	imx_pinfunc_free(ipads);
	free(hint);
}

void batch_convert(struct batch_ctx *c, struct batch_job *jb)
{
	struct batch_result *r = &jb->r;
	struct pipeline_options o = { 0 };
	struct pipeline_session s;
	double t0 = batch_now();
	int rc;

	memset(r, 0, sizeof(*r));
	r->status = xstrdup("ok");
	r->dtc = xstrdup(c->kernel_dir ? "ok" : "not run");
	r->options = batch_fingerprint(c, jb);
	o.input = jb->path;
	o.build_dir = jb->build_dir;
	o.kernel_dir = c->kernel_dir;
	o.rules_dir = c->rules_dir;
	o.config_file = o.build_dir ? NULL : c->config_file;	/* tolerant jobs only */
	o.clang_args = c->clang_args;
	o.nclang_args = c->nclang_args;

	test_crash_hook(jb);
	rc = pipeline_load_board(&o, c->rules, c->index, &s);
	if (rc == PL_OK && !s.board->nmachines) {
		diag_error(&(struct srcpos){ jb->path, 0, 0 }, "no MACHINE_START record found");
		rc = PL_FAIL;
	}
	if (rc == PL_OK) {
		const struct soc_dtsi *dtsi = NULL;

		r->soc = pipeline_soc_name(s.soc) ? xstrdup(pipeline_soc_name(s.soc)) : NULL;
		if (get_dtsi(c, s.soc, s.board, &dtsi) != B2D_OK) {
			diag_error(&(struct srcpos){ jb->path, 0, 0 },
				   "cannot compile the SoC .dtsi %s", rules_soc_dtsi(s.soc));
			rc = PL_FAIL;
		} else {
			convert_machines(c, jb, &s, dtsi);
		}
	}
	fflush(stderr);
	if (rc != PL_OK) {
		char *msg = batch_log_message(c, jb, true);

		fail(r, msg ? msg : xstrdup("conversion failed"));
	}
	s.rules = NULL;	/* shared by every file */
	pipeline_session_free(&s);
	r->time = batch_now() - t0;
	r->valid = true;
	batch_state_write(c, jb);
}
