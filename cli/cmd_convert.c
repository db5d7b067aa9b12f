// SPDX-License-Identifier: GPL-2.0
/*
 * `board2dts convert`: every selected machine through engine -> normalise ->
 * writers. All outputs are built in memory first and written only when every
 * step succeeded, as one output transaction (emitter/out_txn.h: every file
 * staged, then all committed) and never over the input, so a failure leaves
 * no output file behind.
 */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/diag.h"
#include "kernel/kernel_dt.h"
#include "kernel/mfp_addr.h"
#include "kernel/mux_cfg.h"
#include "kernel/pin_functions.h"
#include "kernel/imx_pinfunc.h"
#include "kernel/omap_pads.h"
#include "common/runlimit.h"
#include "common/util.h"
#include "emitter/emit.h"
#include "emitter/out_txn.h"
#include "extractor/extract.h"
#include "kernel/compat_map.h"
#include "review/against.h"
#include "engine/engine.h"
#include "engine/rules.h"
#include "kernel/soc_dtsi.h"
#include "pipeline/convert_core.h"
#include "pipeline/convert_html.h"
#include "pipeline/pipeline.h"

/* One file to write at the end. path NULL: stdout. */
struct output {
	char *path;
	void *data;
	size_t len;
	bool in_dir;	/* under a -o/--dtb DIR/, which may be created */
	char *note;	/* what the `wrote` line says of it, or NULL */
};

struct plan {
	struct output *outs;
	size_t nouts;
	bool stdout_used;
};

static void plan_add(struct plan *p, char *path, void *data, size_t len, bool in_dir)
{
	p->outs = xrealloc(p->outs, (p->nouts + 1) * sizeof(*p->outs));
	p->outs[p->nouts++] = (struct output){ path, data, len, in_dir };
}

static void plan_free(struct plan *p)
{
	for (size_t i = 0; i < p->nouts; i++) {
		free(p->outs[i].path);
		free(p->outs[i].data);
		free(p->outs[i].note);
	}
	free(p->outs);
}

static bool is_dir_arg(const char *path)
{
	struct stat st;
	size_t n = strlen(path);

	if (n && path[n - 1] == '/')
		return true;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static void list_machines(const struct board *b, struct strbuf *sb)
{
	for (size_t i = 0; i < b->nmachines; i++)
		sb_addf(sb, "%s%s", i ? ", " : "", b->machines[i]->id);
}

/*
 * --machine NAME: the MACHINE_START id in any case, with the prefix of its
 * other spellings (MACH_TYPE_MINI6410, CONFIG_MACH_MINI6410, MACH_MINI6410),
 * or the record's name string ("FriendlyARM Mini6410"); NULL: none.
 */
static struct machine *find_machine(const struct board *b, const char *name)
{
	static const char *const prefixes[] = { "MACH_TYPE_", "CONFIG_MACH_", "MACH_", "" };
	struct machine *m = board_find_machine(b, name);

	for (size_t p = 0; !m && p < sizeof(prefixes) / sizeof(*prefixes); p++) {
		size_t n = strlen(prefixes[p]);

		if (strncasecmp(name, prefixes[p], n))
			continue;
		for (size_t i = 0; !m && i < b->nmachines; i++)
			if (!strcasecmp(b->machines[i]->id, name + n))
				m = b->machines[i];
	}
	for (size_t i = 0; !m && i < b->nmachines; i++)
		if (b->machines[i]->name && !strcasecmp(b->machines[i]->name, name))
			m = b->machines[i];
	return m;
}

/* The machines to convert, or an exit status. */
static int select_machines(const struct cli_options *o, const struct board *b,
			   struct machine ***sel, size_t *nsel)
{
	struct srcpos pos = { o->input, 0, 0 };

	if (!b->nmachines) {
		diag_error(&pos, "no MACHINE_START record found");
		return EXIT_FAIL;
	}
	if (o->machine) {
		struct machine *m = find_machine(b, o->machine);

		if (!m) {
			struct strbuf sb;

			sb_init(&sb);
			list_machines(b, &sb);
			diag_error(NULL, "unknown machine '%s': %s defines %s", o->machine,
				   o->input, sb.buf);
			sb_free(&sb);
			return EXIT_USAGE;
		}
		*sel = xmalloc(sizeof(**sel));
		(*sel)[0] = m;
		*nsel = 1;
		return EXIT_OK;
	}
	*sel = xmalloc(b->nmachines * sizeof(**sel));
	memcpy(*sel, b->machines, b->nmachines * sizeof(**sel));
	*nsel = b->nmachines;
	return EXIT_OK;
}

/* Output destinations, checked before any work so usage errors come first. */
struct dests {
	bool dts_stdout, dts_dir, dtb_dir, html_dir;
};

/* An output option given a file (not a directory) when several machines are converted. */
static bool one_file_ok(const char *opt, const char *val, bool is_dir, const char *input,
		       size_t nsel, const char *ids)
{
	if (!val || nsel < 2 || is_dir)
		return true;
	diag_error(NULL, "%s %s: %s defines %zu machines (%s): choose one with --machine ID or "
		   "give a directory", opt, val, input, nsel, ids);
	return false;
}

static int check_dests(const struct cli_options *o, const struct board *b, size_t nsel,
		       struct dests *d)
{
	struct strbuf sb;
	int rc = EXIT_OK;

	memset(d, 0, sizeof(*d));
	d->dts_stdout = !o->out || !strcmp(o->out, "-");
	d->dts_dir = !d->dts_stdout && is_dir_arg(o->out);
	d->dtb_dir = o->dtb && is_dir_arg(o->dtb);
	d->html_dir = o->html && is_dir_arg(o->html);
	sb_init(&sb);
	list_machines(b, &sb);
	if (nsel > 1 && !d->dts_dir) {
		diag_error(NULL, "%s defines %zu machines (%s): choose one with --machine ID "
			   "or write each with -o DIR/", o->input, nsel, sb.buf);
		rc = EXIT_USAGE;
	} else if (o->dtb && !strcmp(o->dtb, "-")) {
		diag_error(NULL, "--dtb: refusing to write a binary .dtb to stdout");
		rc = EXIT_USAGE;
	} else if (!one_file_ok("--dtb", o->dtb, d->dtb_dir, o->input, nsel, sb.buf) ||
		   !one_file_ok("--html", o->html, d->html_dir, o->input, nsel, sb.buf)) {
		rc = EXIT_USAGE;
	} else if (o->html && !strcmp(o->html, "-")) {
		diag_error(NULL, "--html: give a file or a directory (the page is not written to stdout)");
		rc = EXIT_USAGE;
	} else if (o->report && !strcmp(o->report, "-") && d->dts_stdout) {
		diag_error(NULL, "--report -: stdout already receives the .dts");
		rc = EXIT_USAGE;
	} else if (o->against && nsel > 1) {
		diag_error(NULL, "--against: %s defines %zu machines (%s): choose one with "
			   "--machine ID", o->input, nsel, sb.buf);
		rc = EXIT_USAGE;
	} else if (o->against && d->dts_stdout && (!o->against_out || !strcmp(o->against_out, "-"))) {
		diag_error(NULL, "--against: stdout already receives the .dts: give -o or --against-out");
		rc = EXIT_USAGE;
	}
	sb_free(&sb);
	return rc;
}

/* Refuse outputs that name the input or each other, before writing anything. */
static int check_paths(const struct cli_options *o, const struct plan *p)
{
	struct stat in, st;
	bool have_in = stat(o->input, &in) == 0;

	for (size_t i = 0; i < p->nouts; i++) {
		const char *path = p->outs[i].path;

		if (!path)
			continue;
		if (str_eq(path, o->input) ||
		    (have_in && stat(path, &st) == 0 && st.st_dev == in.st_dev &&
		     st.st_ino == in.st_ino)) {
			diag_error(NULL, "refusing to overwrite the input file %s with output %s",
				   o->input, path);
			return EXIT_USAGE;
		}
		for (size_t k = 0; k < i; k++)
			if (str_eq(p->outs[k].path, path)) {
				diag_error(NULL, "two outputs would be written to %s", path);
				return EXIT_USAGE;
			}
	}
	return EXIT_OK;
}

static int load_dtsi(const struct cli_options *o, const struct rnode *soc, const struct board *b,
		     struct soc_dtsi **out)
{
	*out = NULL;
	if (conv_dtsi_load(o->kernel_dir, soc, b, out) != B2D_OK)
		return EXIT_FAIL;	/* the loader printed why */
	return EXIT_OK;
}

/*
 * --against / --validate for one machine: review the .dts text just built
 * (review/against.c, review/validate.c). The report joins the plan; the
 * validation diagnostics go to stderr now, their error count to *verrors.
 */
static int review_machine(const struct cli_options *o, const struct dt_tree *t,
			  const char *text, const char *name, const struct soc_dtsi *dtsi,
			  struct plan *p, unsigned *verrors, struct rv_against_result **keep)
{
	struct strbuf ann, out;
	struct rv_gen g = { name, text, text, o->kernel_dir, dtsi ? soc_dtsi_fdt(dtsi) : NULL };
	int rc = EXIT_OK;

	sb_init(&ann);
	if (!o->annotate) {
		dts_write(t, &(struct dts_options){ .annotate = true }, &ann);
		g.annotated = ann.buf;
	}
	sb_init(&out);
	if (o->validate) {
		struct rv_validate_result res;
		char *cache = conv_cache_dir();

		if (rv_validate(&g, &(struct rv_validate_opts){ .cache_dir = cache }, &out,
				&res) != B2D_OK) {
			diag_error(NULL, "%s: validation could not run (dt-validate or a "
				   "temporary file failed)", name);
			rc = EXIT_FAIL;
		}
		fputs(out.buf ? out.buf : "", stderr);
		*verrors += res.errors + res.dtc_errors;
		free(cache);
		sb_free(&out);
		sb_init(&out);
	}
	if (o->against) {
		const char *f = o->against_format;
		struct rv_against_opts ao = { o->against, NULL, 0,
			!f || !strcmp(f, "text") ? RV_FMT_TEXT : !strcmp(f, "json") ? RV_FMT_JSON
										: RV_FMT_MARKDOWN };
		char *errors = NULL;
		struct rv_against_result *res = NULL;

		if (rv_against_run(&g, &ao, &res, &errors) < 0) {
			fputs(errors ? errors : "board2dts: error: --against failed\n", stderr);
			rc = EXIT_FAIL;
			sb_free(&out);
		} else {
			rv_against_write(&g, &ao, res, &out);
			plan_add(p, o->against_out && strcmp(o->against_out, "-") ?
				 xstrdup(o->against_out) : NULL, out.buf, out.len, false);
		}
		if (keep)
			*keep = res;
		else
			rv_against_free(res);
		free(errors);
	} else {
		sb_free(&out);
	}
	sb_free(&ann);
	return rc;
}

static int err_status(int err)
{
	return err == B2D_ERR_USAGE || err == B2D_ERR_RULES ? EXIT_USAGE : EXIT_FAIL;
}

/* What every machine's outputs share. */
struct mach_ctx {
	const struct cli_options *o;
	const struct dests *d;
	const struct soc_dtsi *dtsi;
	const char *base;
	bool several;
	const struct conv_html *html;	/* --html: the board file, else NULL */
};

/* --html: the machine's review page joins the plan. */
static void html_output(const struct mach_ctx *c, const struct conv_machine *cm,
			const struct rv_against_result *res, struct plan *p)
{
	struct strbuf page;

	sb_init(&page);
	conv_html_page(c->html, cm, c->o->annotate, c->o->against, res, &page);
	if (c->d->html_dir)
		plan_add(p, conv_output_name(c->o->html, c->base, cm->m->id, c->several, "html"),
			 page.buf, page.len, true);
	else
		plan_add(p, xstrdup(c->o->html), page.buf, page.len, false);
}

/* One machine's .dts (taken from cm), review, .dtb and page into the plan. */
static int machine_outputs(const struct mach_ctx *c, struct conv_machine *cm, struct plan *p,
			   unsigned *verrors)
{
	const struct cli_options *o = c->o;
	const struct machine *m = cm->m;
	const struct dt_tree *t = cm->t;
	const struct soc_dtsi *dtsi = cm->dtsi ? cm->dtsi : c->dtsi;
	struct strbuf dts = cm->dts;
	struct rv_against_result *res = NULL;
	int rc;

	sb_init(&cm->dts);	/* the plan owns the text */
	diag_time("machine converted");
	rc = conv_dtc_check(o->kernel_dir, m, &dts);
	diag_time("dtc check");
	if (c->d->dts_stdout)
		plan_add(p, NULL, dts.buf, dts.len, false);
	else if (c->d->dts_dir)
		plan_add(p, conv_output_name(o->out, c->base, m->id, c->several, "dts"), dts.buf,
			 dts.len, true);
	else
		plan_add(p, xstrdup(o->out), dts.buf, dts.len, false);
	p->outs[p->nouts - 1].note = cli_dts_summary(t);
	if (rc == EXIT_OK && (o->against || o->validate)) {
		const char *name = p->outs[p->nouts - 1].path;

		rc = review_machine(o, t, dts.buf, name ? name : "<stdout>", dtsi, p, verrors,
				    c->html ? &res : NULL);
	}
	if (rc == EXIT_OK && o->dtb) {
		void *blob = NULL, *owned;
		size_t len = 0;
		const void *fdt = conv_dtb_base(o->kernel_dir, t, &dts, dtsi, &owned);
		int err = dtb_write(t, fdt, &blob, &len);

		free(owned);
		if (err != B2D_OK)
			rc = err_status(err);
		else if (c->d->dtb_dir)
			plan_add(p, conv_output_name(o->dtb, c->base, m->id, c->several, "dtb"), blob,
				 len, true);
		else
			plan_add(p, xstrdup(o->dtb), blob, len, false);
		if (err == B2D_OK)
			p->outs[p->nouts - 1].note = xasprintf("%zu bytes", len);
	}
	if (rc == EXIT_OK && c->html)
		html_output(c, cm, res, p);
	rv_against_free(res);
	return rc;
}

/* Convert every selected machine into the plan (nothing written yet). */
static int build_outputs(const struct cli_options *o, const struct pipeline_session *s,
			 struct machine **sel, size_t nsel, const struct dests *d,
			 const struct soc_dtsi *dtsi, struct plan *p, unsigned *verrors)
{
	struct assumption *assume = xcalloc(o->nassume + 1, sizeof(*assume));
	struct engine_options eo = { 0 };
	struct compat_map *compat;
	struct pin_functions *pins;
	struct mux_cfg_table *mux;
	struct mfp_addr_table *mfpa;
	struct omap_pads *opads;
	struct imx_pinfunc *ipads;
	char *hint;
	struct conv_run run;
	struct conv_html html;
	char *base = conv_input_base(o->input);
	/* A file with several machines names each output by id, even with --machine. */
	bool several = s->board->nmachines > 1;
	int rc = EXIT_OK;

	for (size_t i = 0; i < o->nassume; i++)
		assume[i] = (struct assumption){ o->assume_names[i], o->assume_values[i] };
	eo.soc = s->soc_given ? s->soc_given : pipeline_soc_name(s->soc);
	eo.soc_given = s->soc_given != NULL;
	eo.soc_picked = true;
	eo.soc_pack = s->generic ? s->soc : NULL;
	eo.assume = assume;
	eo.nassume = o->nassume;
	eo.dtsi = dtsi;
	eo.target_tree = o->kernel_dir != NULL;
	eo.kernel_dir = o->kernel_dir;
	eo.compat = compat = conv_compat_open(o->kernel_dir);
	eo.pins = pins = conv_pins_open(o->kernel_dir, s->soc);
	eo.mux = mux = conv_mux_open(o->kernel_dir, s->board->path, s->soc);
	eo.mfp_addr = mfpa = conv_mfp_addr_open(o->kernel_dir, s->board->path, s->soc);
	eo.omap_pads = opads = conv_omap_pads_open(o->kernel_dir, s->soc);
	eo.imx_pads = ipads = conv_imx_pads_open(o->kernel_dir, s->soc);
	eo.no_pack_hint = hint = s->soc ? NULL : conv_no_pack_hint(o->kernel_dir, s->board);
	conv_machines(s, sel, nsel, &eo, o->annotate, o->input, &run);

	if (o->html)
		conv_html_open(&html, s, o->input);
	for (size_t i = 0; i < run.n && rc == EXIT_OK; i++) {
		struct mach_ctx mc = { o, d, dtsi, base, several, o->html ? &html : NULL };

		rc = machine_outputs(&mc, &run.v[i], p, verrors);
	}
	if (o->html)
		conv_html_close(&html);
	if (rc == EXIT_OK && run.failed) {
		diag_error(&run.failed->pos, "%s", run.message);
		rc = err_status(run.err);
	}
	if (rc == EXIT_OK && o->verbose)
		cli_explain_run(&run);
	if (rc == EXIT_OK && o->report) {
		plan_add(p, strcmp(o->report, "-") ? xstrdup(o->report) : NULL,
			 run.report.buf, run.report.len, false);
		p->outs[p->nouts - 1].note = cli_report_summary(&run);
		sb_init(&run.report);	/* the plan owns the report */
	}
	conv_run_free(&run);
	compat_map_free(compat);
	pin_functions_free(pins);
	mux_cfg_free(mux);
	mfp_addr_free(mfpa);
	omap_pads_free(opads);
	imx_pinfunc_free(ipads);
	free(hint);
	free(base);
	free(assume);
	return rc;
}

/* The directory of an output under -o/--dtb DIR/, created (and recorded in made). */
static int mkdir_for(const char *path, struct ptrvec *made)
{
	const char *slash = strrchr(path, '/');
	struct stat st;
	char *dir;

	if (!slash || slash == path)
		return B2D_OK;
	dir = xstrndup(path, (size_t)(slash - path));
	if (stat(dir, &st) == 0) {
		free(dir);
		return B2D_OK;
	}
	if (mkdir(dir, 0777) != 0) {
		diag_error(NULL, "cannot create directory %s: %s", dir, strerror(errno));
		free(dir);
		return B2D_ERR_IO;
	}
	pv_push(made, dir);
	return B2D_OK;
}

static int write_stdout_outputs(const struct plan *p)
{
	for (size_t i = 0; i < p->nouts; i++) {
		const struct output *out = &p->outs[i];

		if (out->path)
			continue;
		if (fwrite(out->data, 1, out->len, stdout) != out->len) {
			diag_error(NULL, "cannot write to stdout: %s", strerror(errno));
			return EXIT_FAIL;
		}
	}
	if (fflush(stdout) != 0) {
		diag_error(NULL, "cannot write to stdout: %s", strerror(errno));
		return EXIT_FAIL;
	}
	return EXIT_OK;
}

/*
 * Every output file is staged, then all are committed together (out_txn.h):
 * one that cannot be written leaves every other untouched, and a directory
 * made for them is removed again. Standard output comes last.
 */
static int write_outputs(const struct cli_options *o, const struct plan *p)
{
	const char *inputs[] = { o->input };
	struct out_txn *t = out_txn_new(inputs, 1);
	struct ptrvec made = { 0 };
	int err = B2D_OK;

	for (size_t i = 0; i < p->nouts && err == B2D_OK; i++) {
		const struct output *out = &p->outs[i];

		if (!out->path)
			continue;
		if (out->in_dir)
			err = mkdir_for(out->path, &made);
		if (err == B2D_OK)
			err = out_txn_stage(t, out->path, out->data, out->len);
	}
	if (err == B2D_OK)
		err = out_txn_commit(t);	/* out_txn_* printed why */
	out_txn_free(t);
	for (size_t i = made.len; i-- > 0;) {
		if (err != B2D_OK)
			rmdir(made.items[i]);
		free(made.items[i]);
	}
	pv_free(&made);
	return err != B2D_OK ? err_status(err) : write_stdout_outputs(p);
}

/* An --assume that no guard of the file names (a typo) would decide nothing. */
static void warn_unused_assume(const struct cli_options *o, const struct board *b)
{
	for (size_t i = 0; i < o->nassume; i++)
		if (!board_guard_names(b, o->assume_names[i]))
			diag_warning(NULL, "--assume %s matches no if () guard in %s",
				     o->assume_names[i], o->input);
}

int cmd_convert(const struct cli_options *o)
{
	struct pipeline_session s;
	struct machine **sel = NULL;
	size_t nsel = 0;
	struct soc_dtsi *dtsi = NULL;
	struct plan plan = { 0 };
	struct dests d;
	unsigned verrors = 0;
	struct pipeline_options po;
	int rc;

	cli_pipeline_options(o, &po);
	rc = pipeline_load(&po, &s);

	if (rc == EXIT_OK)
		rc = select_machines(o, s.board, &sel, &nsel);
	diag_time("select");
	if (rc == EXIT_OK)
		warn_unused_assume(o, s.board);
	if (rc == EXIT_OK)
		rc = check_dests(o, s.board, nsel, &d);
	if (rc == EXIT_OK)
		rc = load_dtsi(o, s.soc, s.board, &dtsi);
	diag_time("load_dtsi");
	if (rc == EXIT_OK)
		rc = build_outputs(o, &s, sel, nsel, &d, dtsi, &plan, &verrors);
	diag_time("build_outputs");
	if (rc == EXIT_OK)
		rc = check_paths(o, &plan);
	rl_stop();	/* --timeout bounds the conversion, not the commit */
	if (rc == EXIT_OK)
		rc = write_outputs(o, &plan);
	diag_time("write_outputs");
	for (size_t i = 0; rc == EXIT_OK && !o->quiet && i < plan.nouts; i++)
		cli_print_written(plan.outs[i].path, plan.outs[i].note);
	if (rc == EXIT_OK && o->strict && verrors)
		rc = EXIT_FAIL;	/* --validate --strict: outputs written, errors found */
	plan_free(&plan);
	if (dtsi)
		soc_dtsi_free(dtsi);
	free(sel);
	pipeline_session_free(&s);
	diag_time("end");
	return rc;
}
