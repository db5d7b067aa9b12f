// SPDX-License-Identifier: GPL-2.0
/*
 * Rule engine fixtures: one file per converter (`as:`) and per registration
 * kind (`register:`) under tests/fixtures/{convert,register}/, each a small
 * board file, the rules it needs (instead of the bundled packs) and the .dts
 * lines it must produce. One cmocka test per file, found at run time, plus a
 * test that every name in the engine's tables has a fixture. Format:
 * docs/rules.md, "Fixture tests". `test_fixtures convert/gpio` runs one.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/util.h"
#include "emitter/emit.h"
#include "extractor/extract.h"
#include "engine/engine.h"
#include "kernel/mux_cfg.h"
#include "kernel/imx_pinfunc.h"
#include "kernel/omap_pads.h"
#include "kernel/pin_functions.h"
#include "kernel/soc_dtsi.h"

#define FIXTURE_DIR TEST_SOURCE_DIR "/tests/fixtures"
#define MODEL_DIR TEST_SOURCE_DIR "/extractor/model-headers"
#define MAX_KINDS 64
#define MAX_RULES 4
#define MAX_ASSUME 8

static const char *const kind_dirs[] = { "convert", "register" };

/*
 * One parsed fixture file. Section texts are padded with newlines so that
 * YAML and C line numbers (in diagnostics and TODOs) are the fixture's own.
 */
struct fixture {
	const char *path;
	char *text;			/* the whole file */
	char *c, *dtsi, *args, *expect, *expect_todo, *expect_absent, *pinctrl, *muxcfg;
	char *omap_dts, *omap_h;	/* '--- omap-dts' and '--- omap-header' */
	char *pinfunc;			/* '--- pinfunc': an i.MX <soc>-pinfunc.h */
	char *rules[MAX_RULES];
	size_t nrules;
};

/* Whitespace-trimmed copy of [s, e). */
static char *trimmed(const char *s, const char *e)
{
	while (s < e && (*s == ' ' || *s == '\t'))
		s++;
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		e--;
	return xstrndup(s, (size_t)(e - s));
}

/* A section's body [s, e), preceded by one newline per line above it in the file. */
static char *padded(const char *s, const char *e, unsigned first_line)
{
	struct strbuf sb;

	sb_init(&sb);
	for (unsigned i = 1; i < first_line; i++)
		sb_addc(&sb, '\n');
	sb_addn(&sb, s, (size_t)(e - s));
	return sb_detach(&sb);
}

/* The slot a `--- NAME` header fills, or NULL for an unknown section name. */
static char **section_slot(struct fixture *fx, const char *name)
{
	if (str_eq(name, "rules"))
		return fx->nrules < MAX_RULES ? &fx->rules[fx->nrules++] : NULL;
	if (str_eq(name, "c"))
		return &fx->c;
	if (str_eq(name, "dtsi"))
		return &fx->dtsi;
	if (str_eq(name, "args"))
		return &fx->args;
	if (str_eq(name, "pinctrl"))
		return &fx->pinctrl;
	if (str_eq(name, "muxcfg"))
		return &fx->muxcfg;
	if (str_eq(name, "omap-dts"))
		return &fx->omap_dts;
	if (str_eq(name, "omap-header"))
		return &fx->omap_h;
	if (str_eq(name, "pinfunc"))
		return &fx->pinfunc;
	if (str_eq(name, "expect"))
		return &fx->expect;
	if (str_eq(name, "expect-todo"))
		return &fx->expect_todo;
	if (str_eq(name, "expect-absent"))
		return &fx->expect_absent;
	return NULL;
}

/* Split the file at `--- NAME` lines; text before the first is a description. */
static void parse_fixture(struct fixture *fx, const char *path)
{
	char **slot = NULL, *body = NULL;
	unsigned lineno = 1, body_line = 0;

	memset(fx, 0, sizeof(*fx));
	fx->path = path;
	fx->text = read_file(path, NULL);
	if (!fx->text)
		fail_msg("%s: cannot read", path);
	for (char *line = fx->text, *next; *line; line = next, lineno++) {
		char *nl = strchr(line, '\n');
		char *name;

		next = nl ? nl + 1 : line + strlen(line);
		if (strncmp(line, "--- ", 4) != 0)
			continue;
		if (slot)
			*slot = padded(body, line, body_line);
		name = trimmed(line + 4, nl ? nl : next);
		slot = section_slot(fx, name);
		if (!slot || *slot)
			fail_msg("%s:%u: unknown, repeated or one too many section '%s'", path, lineno,
				 name);
		free(name);
		body = next;
		body_line = lineno + 1;
	}
	if (slot)
		*slot = padded(body, body + strlen(body), body_line);
	if (!fx->c || !fx->nrules || !fx->expect)
		fail_msg("%s: a fixture needs '--- c', '--- rules' and '--- expect' sections", path);
}

static void free_fixture(struct fixture *fx)
{
	free(fx->c);
	free(fx->dtsi);
	free(fx->pinctrl);
	free(fx->muxcfg);
	free(fx->omap_dts);
	free(fx->omap_h);
	free(fx->pinfunc);
	free(fx->args);
	free(fx->expect);
	free(fx->expect_todo);
	free(fx->expect_absent);
	for (size_t i = 0; i < fx->nrules; i++)
		free(fx->rules[i]);
	free(fx->text);
}

/*
 * `--- args`: `soc=NAME`, `machine=ID` (else the first record), `assume
 * NAME=VALUE` and `annotate` (the .dts with its comments) lines.
 */
struct fixture_args {
	const char *soc, *machine;
	struct assumption assume[MAX_ASSUME];
	size_t nassume;
	bool annotate;
};

static void parse_args(const struct fixture *fx, char *args, struct fixture_args *a)
{
	for (char *l = strtok(args, "\n"); l; l = strtok(NULL, "\n")) {
		char *eq = strchr(l, '=');

		l += strspn(l, " \t");
		if (!*l)
			continue;
		if (str_starts(l, "soc=")) {
			a->soc = l + 4;
		} else if (str_starts(l, "machine=")) {
			a->machine = l + 8;
		} else if (str_eq(l, "annotate")) {
			a->annotate = true;
		} else if (str_starts(l, "assume ") && eq && a->nassume < MAX_ASSUME) {
			*eq = '\0';
			a->assume[a->nassume++] = (struct assumption){ l + 7, eq + 1 };
		} else {
			fail_msg("%s: bad args line '%s' (soc=NAME, machine=ID, assume NAME=VALUE, annotate)",
				 fx->path, l);
		}
	}
}

static const char *const dts_dirs[] = { "arch", "arch/arm", "arch/arm/boot", "arch/arm/boot/dts" };

/*
 * The fixture's SoC .dtsi, compiled from a temporary kernel tree
 * (/tmp/b2d-fixture.XXXXXX/arch/arm/boot/dts/NAME) removed again at once.
 */
static struct soc_dtsi *load_dtsi(const struct fixture *fx, const char *name)
{
	char kdir[] = "/tmp/b2d-fixture.XXXXXX";
	struct soc_dtsi *s = NULL;
	char *file, *dir;
	FILE *f;
	int rc = -1;

	if (!name || strchr(name, '/'))
		fail_msg("%s: '--- dtsi' needs a SoC pack with 'dtsi: NAME' (a file name)", fx->path);
	assert_non_null(mkdtemp(kdir));
	for (size_t i = 0; i < 4; i++) {
		dir = xasprintf("%s/%s", kdir, dts_dirs[i]);
		mkdir(dir, 0755);
		free(dir);
	}
	file = xasprintf("%s/%s/%s", kdir, dts_dirs[3], name);
	f = fopen(file, "w");
	if (f && fputs(fx->dtsi, f) >= 0 && fclose(f) == 0)
		rc = soc_dtsi_load(kdir, name, NULL, &s);
	else if (f)
		fclose(f);
	unlink(file);
	free(file);
	for (size_t i = 4; i-- > 0;) {
		dir = xasprintf("%s/%s", kdir, dts_dirs[i]);
		rmdir(dir);
		free(dir);
	}
	rmdir(kdir);
	if (rc != B2D_OK)
		fail_msg("%s: the '--- dtsi' section does not compile", fx->path);
	return s;
}

/*
 * The pipeline: extract the board from the in-memory C (tolerant mode, the
 * SoC pack's defines), bind callbacks, convert its first machine (or
 * `machine=`'s), normalise,
 * write the .dts without annotations (with them for `annotate`). Returns the
 * text (caller frees).
 */
static char *run_pipeline(const char *cpath, const char *csrc, const struct ruleset *rs,
			  const struct fixture_args *a, const struct soc_dtsi *dtsi,
			  const struct pin_functions *pins, const struct mux_cfg_table *mux,
			  const struct omap_pads *opads, const struct imx_pinfunc *ipads)
{
	const struct rnode *d = rn_get(rules_soc(rs, a->soc), "defines");
	const char **defs = xcalloc(d ? d->n + 1 : 1, sizeof(*defs));
	struct unsaved_source u = { cpath, csrc, strlen(csrc) };
	struct extract_options o = { .model_dir = MODEL_DIR, .defines = defs,
				     .ndefines = d ? d->n : 0, .unsaved = &u, .nunsaved = 1 };
	struct engine_options eo = { .soc = a->soc, .assume = a->assume, .nassume = a->nassume,
				     .dtsi = dtsi, .pins = pins, .mux = mux,
				     .omap_pads = opads, .imx_pads = ipads };
	struct dts_options dopt = { .annotate = a->annotate };
	struct board *b = NULL;
	struct dt_tree *t = NULL;
	struct strbuf sb;

	for (size_t i = 0; d && i < d->n; i++)
		defs[i] = xasprintf("%s=%s", d->keys[i], d->items[i]->scalar);
	if (extract_board(u.path, &o, &b) != B2D_OK)
		fail_msg("%s: the extractor failed on the '--- c' section", cpath);
	engine_bind_callbacks(b, rs);
	if (b->nmachines < 1)
		fail_msg("%s: no MACHINE_START record", cpath);
	if (a->machine && !board_find_machine(b, a->machine))
		fail_msg("%s: no MACHINE_START(%s, ...)", cpath, a->machine);
	assert_int_equal(engine_convert(b, rs, a->machine ? board_find_machine(b, a->machine) :
					    b->machines[0], &eo, &t), B2D_OK);
	graph_normalise(t);
	sb_init(&sb);
	dts_write(t, &dopt, &sb);
	for (size_t i = 0; d && i < d->n; i++)
		free((void *)defs[i]);
	free(defs);
	dt_tree_free(t);
	board_free(b);
	return sb_detach(&sb);
}

/* The next line of *p, trimmed (NULL at the end); advances *p. */
static char *next_line(const char **p)
{
	const char *s = *p, *nl;

	if (!s || !*s)
		return NULL;
	nl = strchr(s, '\n');
	*p = nl ? nl + 1 : s + strlen(s);
	return trimmed(s, nl ? nl : *p);
}

/* Does an output line go on (a value the writer wrapped at its width)? */
static bool continues(const char *l)
{
	size_t n = strlen(l);

	if (!n || l[0] == '*' || str_starts(l, "/*") || str_starts(l, "//") ||
	    str_starts(l, "#include"))
		return false;
	return !strchr(";{}", l[n - 1]) && !(n >= 2 && !strcmp(l + n - 2, "*/"));
}

/* The output's lines, trimmed, a wrapped value joined back into one line. */
static void output_lines(const char *out, struct ptrvec *lines)
{
	const char *p = out;
	struct strbuf sb;
	char *l;

	sb_init(&sb);
	while ((l = next_line(&p))) {
		if (sb.len)
			sb_addc(&sb, ' ');
		sb_add(&sb, l);
		if (!continues(l))
			pv_push(lines, sb_detach(&sb));
		free(l);
	}
	if (sb.len)
		pv_push(lines, sb_detach(&sb));
	sb_free(&sb);
}

/* Every non-blank `--- expect` line equals an output line, in order. */
static void check_expect(const char *path, const char *out, const struct ptrvec *lines,
			 const char *expect)
{
	const char *ep = expect;
	size_t at = 0;
	char *want;

	while ((want = next_line(&ep))) {
		bool found = !*want;

		while (!found && at < lines->len)
			found = str_eq(lines->items[at++], want);
		if (!found) {
			fprintf(stderr, "%s\n", out);	/* in full: cmocka cuts long messages */
			fail_msg("%s: expected line not found (in order, output above):\n\t%s", path,
				 want);
		}
		free(want);
	}
}

/* Each non-blank line is a fragment of some TODO line (todo) or of no line (absent). */
static void check_fragments(const char *path, const char *out, const struct ptrvec *lines,
			    const char *frags, bool todo)
{
	const char *fp = frags;
	char *frag;

	while ((frag = next_line(&fp))) {
		bool found = false;

		for (size_t i = 0; *frag && !found && i < lines->len; i++)
			found = strstr(lines->items[i], frag) &&
				(!todo || strstr(lines->items[i], "TODO"));
		if (*frag && found != todo) {
			fprintf(stderr, "%s\n", out);
			fail_msg("%s: %s (output above):\n\t%s", path,
				 todo ? "expected TODO fragment not found" : "unexpected text present",
				 frag);
		}
		free(frag);
	}
}

static void test_fixture(void **state)
{
	const char *path = *state;
	struct fixture fx;
	struct fixture_args a = { 0 };
	struct ruleset *rs = ruleset_new();
	struct soc_dtsi *dtsi = NULL;
	struct pin_functions *pins = NULL;
	struct mux_cfg_table *mux = NULL;
	struct omap_pads *opads = NULL;
	struct imx_pinfunc *ipads = NULL;
	char *cpath = xasprintf("/fixtures/%s", path_basename(path));
	struct ptrvec lines = { 0 };
	char *out;

	parse_fixture(&fx, path);
	strcpy(strrchr(cpath, '.'), ".c");
	for (size_t i = 0; i < fx.nrules; i++)
		if (rules_load_text(rs, path, fx.rules[i], strlen(fx.rules[i])) != B2D_OK)
			fail_msg("%s: bad YAML in a '--- rules' section", path);
	if (rules_finish(rs) != B2D_OK)
		fail_msg("%s: the '--- rules' sections fail the rule schema", path);
	if (fx.args)
		parse_args(&fx, fx.args, &a);
	if (!a.soc && rs->nsocs)
		a.soc = rn_str(rs->socs[0], "soc");
	if (fx.dtsi)
		dtsi = load_dtsi(&fx, rules_soc_dtsi(rules_soc(rs, a.soc)));
	/* '--- pinctrl': the text of the SoC's pin-controller driver (its MPP tables). */
	if (fx.pinctrl && !(pins = pin_functions_parse(fx.pinctrl, "pinctrl-fixture.c")))
		fail_msg("%s: the '--- pinctrl' section has no pin function table (MPP_MODE, PXA_GPIO_PIN)", path);
	/* '--- muxcfg': the SoC file with the DaVinci MUX_CFG table and its pin lists. */
	if (fx.muxcfg && !(mux = mux_cfg_parse(fx.muxcfg, "muxcfg-fixture.c")))
		fail_msg("%s: the '--- muxcfg' section has no MUX_CFG entry", path);
	/* '--- omap-dts': board .dts text whose comments name OMAP pads; '--- omap-header' omap.h. */
	if (fx.omap_dts) {
		const char *texts[] = { fx.omap_dts };

		opads = omap_pads_parse(texts, 1, fx.omap_h ? fx.omap_h : "");
	}
	/* '--- pinfunc': the i.MX pad macros (the pack's pinctrl: pinfunc: header). */
	if (fx.pinfunc && !(ipads = imx_pinfunc_parse(fx.pinfunc, "pinfunc-fixture.h")))
		fail_msg("%s: the '--- pinfunc' section defines no pad macro", path);
	out = run_pipeline(cpath, fx.c, rs, &a, dtsi, pins, mux, opads, ipads);
	if (getenv("B2D_FIXTURE_SHOW"))
		fprintf(stderr, "%s\n", out);
	output_lines(out, &lines);
	check_expect(path, out, &lines, fx.expect);
	if (fx.expect_todo)
		check_fragments(path, out, &lines, fx.expect_todo, true);
	if (fx.expect_absent)
		check_fragments(path, out, &lines, fx.expect_absent, false);
	for (size_t i = 0; i < lines.len; i++)
		free(lines.items[i]);
	pv_free(&lines);
	soc_dtsi_free(dtsi);
	pin_functions_free(pins);
	mux_cfg_free(mux);
	omap_pads_free(opads);
	imx_pinfunc_free(ipads);
	free(out);
	free(cpath);
	free_fixture(&fx);
	ruleset_free(rs);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Fixture files of one kind directory, sorted: "DIR/NAME.fixture". */
static size_t list_fixtures(const char *kind_dir, char ***out)
{
	char *dir = xasprintf("%s/%s", FIXTURE_DIR, kind_dir);
	DIR *d = opendir(dir);
	struct dirent *de;
	struct ptrvec v = { 0 };

	while (d && (de = readdir(d))) {
		size_t n = strlen(de->d_name);

		if (n > 8 && !strcmp(de->d_name + n - 8, ".fixture") && de->d_name[0] != '.')
			pv_push(&v, xasprintf("%s/%s", dir, de->d_name));
	}
	if (d)
		closedir(d);
	free(dir);
	if (v.len)
		qsort(v.items, v.len, sizeof(void *), cmp_str);
	*out = (char **)v.items;
	return v.len;
}

/* The kind a fixture file tests: its name up to the first '-' or ".fixture". */
static char *fixture_kind(const char *path)
{
	const char *base = path_basename(path);

	return xstrndup(base, strcspn(base, "-."));
}

static bool in_list(const char *name, const char **names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (str_eq(names[i], name))
			return true;
	return false;
}

/* Every converter and registration kind has a fixture, and every fixture names one. */
static void test_every_kind_has_a_fixture(void **state)
{
	size_t (*tables[])(const char **, size_t) = { engine_converter_names,
						       engine_register_kind_names };
	struct strbuf bad;

	sb_init(&bad);
	for (size_t t = 0; t < 2; t++) {
		const char *names[MAX_KINDS];
		size_t n = tables[t](names, MAX_KINDS);
		const char *kinds[256];
		char **files;
		size_t nf = list_fixtures(kind_dirs[t], &files);

		assert_true(n <= MAX_KINDS && nf <= 256);
		for (size_t i = 0; i < nf; i++) {
			kinds[i] = fixture_kind(files[i]);
			if (!in_list(kinds[i], names, n))
				sb_addf(&bad, "\n\t%s: '%s' is no %s kind of the engine", files[i],
					kinds[i], kind_dirs[t]);
		}
		for (size_t i = 0; i < n; i++)
			if (!in_list(names[i], kinds, nf))
				sb_addf(&bad, "\n\tno fixture for '%s': add tests/fixtures/%s/%s.fixture",
					names[i], kind_dirs[t], names[i]);
		for (size_t i = 0; i < nf; i++) {
			free((void *)kinds[i]);
			free(files[i]);
		}
		free(files);
	}
	if (bad.len) {
		fprintf(stderr, "fixture coverage:%s\n", bad.buf);
		fail_msg("fixture coverage: see above");
	}
	sb_free(&bad);
}

int main(int argc, char **argv)
{
	struct CMUnitTest *tests = xcalloc(1, sizeof(*tests));
	size_t n = 1;
	int rc;

	tests[0] = (struct CMUnitTest)cmocka_unit_test(test_every_kind_has_a_fixture);
	for (size_t t = 0; t < 2; t++) {
		char **files;
		size_t nf = list_fixtures(kind_dirs[t], &files);

		tests = xrealloc(tests, (n + nf) * sizeof(*tests));
		for (size_t i = 0; i < nf; i++, n++) {
			char *name = xasprintf("%s/%s", kind_dirs[t], path_basename(files[i]));

			*strrchr(name, '.') = '\0';
			tests[n] = (struct CMUnitTest){ .name = name, .test_func = test_fixture,
							 .initial_state = files[i] };
		}
		free(files);
	}
	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	rc = _cmocka_run_group_tests("fixtures", tests, n, NULL, NULL);
	for (size_t i = 1; i < n; i++) {
		free((void *)tests[i].name);
		free(tests[i].initial_state);
	}
	free(tests);
	return rc;
}
