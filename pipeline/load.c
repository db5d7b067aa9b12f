// SPDX-License-Identifier: GPL-2.0
/*
 * The step every command shares: load the rule packs once, check the input
 * file, parse it with the SoC pack's `defines:` (tolerant mode), and bind
 * callback parameters to their meaning.
 *
 * The SoC choice and the parse depend on each other: the engine picks a pack
 * from the board's calls, but the parse needs the pack's defines. So without
 * --soc the pack is first guessed from the file path, the file parsed, and
 * when the engine then picks another pack (by calls) the file is parsed again
 * with that pack's defines (tolerant mode only: a build directory's flags
 * already define everything).
 */
#include "pipeline.h"
#include "prescan.h"
#include "siblings.h"
#include "convert_core.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/diag.h"
#include "common/util.h"
#include "extractor/extract.h"
#include "engine/engine.h"
#include "engine/rules.h"
#include "common/paths.h"

const char *pipeline_soc_name(const struct rnode *soc)
{
	return soc ? rn_str(soc, "soc") : NULL;
}

const char *pipeline_rules_dir(const char *rules_dir)
{
	const char *env = getenv("BOARD2DTS_RULES");

	if (rules_dir)
		return rules_dir;
	if (env && *env)
		return env;
	return B2D_RULES_DIR;
}

const char *pipeline_model_dir(void)
{
	const char *env = getenv("BOARD2DTS_MODEL");

	return env && *env ? env : B2D_MODEL_DIR;
}

/* A regular, readable file; otherwise one diagnostic naming it. */
static int check_input(const char *path)
{
	struct srcpos pos = { path, 0, 0 };
	struct stat st;
	FILE *f;

	if (stat(path, &st) != 0) {
		diag_error(&pos, "cannot open: %s", strerror(errno));
		return PL_FAIL;
	}
	if (S_ISDIR(st.st_mode)) {
		diag_error(&pos, "is a directory, not a board file");
		return PL_FAIL;
	}
	if (!S_ISREG(st.st_mode)) {
		diag_error(&pos, "not a regular file");
		return PL_FAIL;
	}
	f = fopen(path, "r");
	if (!f) {
		diag_error(&pos, "cannot open: %s", strerror(errno));
		return PL_FAIL;
	}
	fclose(f);
	if (st.st_size == 0) {
		diag_error(&pos, "empty file: no MACHINE_START record found");
		return PL_FAIL;
	}
	return prescan_board(path);	/* an #include of a FIFO, a macro of 2^31 tokens */
}

/* The first SoC pack (in rule-file order) whose match.paths the file path contains. */
static const struct rnode *soc_from_path(const struct ruleset *rs, const char *path)
{
	char *abs = realpath(path, NULL);
	const struct rnode *found = NULL;

	for (size_t i = 0; i < rs->nsocs && !found; i++)
		if (engine_soc_path_matches(rs->socs[i], path) ||
		    (abs && engine_soc_path_matches(rs->socs[i], abs)))
			found = rs->socs[i];
	free(abs);
	return found;
}

/*
 * `define_series: [{macro: "AT91_PIN_P{bank}{n}", banks: [A, B, C], count: 32,
 * first: 32}]`: one define per bank and line, numbered bank by bank from
 * `first` (AT91_PIN_PA0=32 ... AT91_PIN_PC31=127), as the SoC's gpio.h does.
 */
static size_t series_size(const struct rnode *series)
{
	size_t total = 0;

	for (size_t i = 0; series && series->kind == RN_SEQ && i < series->n; i++) {
		const struct rnode *banks = rn_get(series->items[i], "banks");
		long long count = 0;

		if (banks && banks->kind == RN_SEQ && rn_get_long(series->items[i], "count", &count) &&
		    count > 0 && count <= 1024)
			total += banks->n * (size_t)count;
	}
	return total;
}

static void add_series(const struct rnode *e, const char **out, size_t *n)
{
	const char *macro = rn_str(e, "macro");
	const char *bank = macro ? strstr(macro, "{bank}") : NULL;
	const char *line = macro ? strstr(macro, "{n}") : NULL;
	const struct rnode *banks = rn_get(e, "banks");
	long long count = 0, first = 0;

	if (!bank || !line || line < bank || !banks || banks->kind != RN_SEQ ||
	    !rn_get_long(e, "count", &count) || count <= 0 || count > 1024)
		return;
	rn_get_long(e, "first", &first);
	for (size_t b = 0; b < banks->n; b++)
		for (long long k = 0; k < count; k++)
			out[(*n)++] = xasprintf("%.*s%s%.*s%lld%s=%lld", (int)(bank - macro), macro,
						banks->items[b]->scalar ? banks->items[b]->scalar : "",
						(int)(line - bank - 6), bank + 6, k, line + 3,
						first + (long long)b * count + k);
}

const char **pipeline_soc_defines(const struct rnode *soc, size_t *n)
{
	const struct rnode *defs = rn_get(soc, "defines");
	const struct rnode *series = rn_get(soc, "define_series");
	size_t ndefs = defs && defs->kind == RN_MAP ? defs->n : 0;
	size_t total = ndefs + series_size(series);
	const char **out;

	*n = 0;
	if (!total)
		return NULL;
	out = xcalloc(total, sizeof(*out));
	for (size_t i = 0; i < ndefs; i++) {
		const struct rnode *v = defs->items[i];

		if (!defs->keys[i] || !v || v->kind != RN_SCALAR)
			continue;
		out[(*n)++] = xasprintf("%s=%s", defs->keys[i], v->scalar ? v->scalar : "");
	}
	for (size_t i = 0; series && series->kind == RN_SEQ && i < series->n; i++)
		add_series(series->items[i], out, n);
	return out;
}

void pipeline_defines_free(const char **d, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free((char *)d[i]);
	free(d);
}

/* Would the two packs parse the board alike (same `defines:`)? */
/*
 * The pack's arch/arm/mach-X/: the directory of its first `match: paths:`
 * entry that names one ("mach-davinci/board-dm644x" -> "mach-davinci"),
 * malloc'd; NULL when none does.
 */
static char *soc_mach(const struct rnode *soc)
{
	const struct rnode *paths = rn_get(rn_get(soc, "match"), "paths");

	for (size_t i = 0; paths && paths->kind == RN_SEQ && i < paths->n; i++) {
		const char *p = paths->items[i]->scalar;

		if (p && !strncmp(p, "mach-", 5))
			return xstrndup(p, strcspn(p, "/"));
	}
	return NULL;
}

/* The pack's `headers:` (tolerant mode, args.c), pointers into the rules; free() the array. */
static const char **soc_headers(const struct rnode *soc, size_t *n)
{
	const struct rnode *h = rn_get(soc, "headers");
	const char **out;

	*n = 0;
	if (!h || h->kind != RN_SEQ || !h->n)
		return NULL;
	out = xcalloc(h->n, sizeof(*out));
	for (size_t i = 0; i < h->n; i++)
		if (h->items[i]->kind == RN_SCALAR)
			out[(*n)++] = h->items[i]->scalar;
	return out;
}

/* Would soc a and b parse the file alike (the same defines, headers and mach-X/)? */
static bool same_defines(const struct rnode *a, const struct rnode *b)
{
	size_t na, nb, nha, nhb;
	const char **da = pipeline_soc_defines(a, &na), **db = pipeline_soc_defines(b, &nb);
	const char **ha = soc_headers(a, &nha), **hb = soc_headers(b, &nhb);
	char *ma = soc_mach(a), *mb = soc_mach(b);
	bool same = na == nb && nha == nhb && (ma && mb ? !strcmp(ma, mb) : ma == mb);

	for (size_t i = 0; same && i < na; i++)
		same = !strcmp(da[i], db[i]);
	for (size_t i = 0; same && i < nha; i++)
		same = !strcmp(ha[i], hb[i]);
	pipeline_defines_free(da, na);
	pipeline_defines_free(db, nb);
	free(ha);
	free(hb);
	free(ma);
	free(mb);
	return same;
}

/* The extractor's options of a parse with soc's `defines:` (parse_opts_free). */
struct parse_opts {
	struct extract_options eo;
	char *bodies, *parses, *links, *mach;
};

static void parse_opts_init(struct parse_opts *p, const struct pipeline_options *o,
			    const struct rnode *soc, void *index)
{
	char *cache = getenv("B2D_PARSE_HEADER_BODIES") ? NULL : conv_cache_dir();

	memset(p, 0, sizeof(*p));
	p->eo.build_dir = o->build_dir;
	p->eo.kernel_dir = o->kernel_dir;
	p->eo.model_dir = pipeline_model_dir();
	p->eo.config_file = o->config_file;	/* extractor/config.h */
	p->eo.defines = pipeline_soc_defines(soc, &p->eo.ndefines);
	p->eo.headers = soc_headers(soc, &p->eo.nheaders);
	p->eo.pack_mach = p->mach = soc_mach(soc);
	p->eo.clang_args = o->clang_args;
	p->eo.nclang_args = o->nclang_args;
	p->eo.index = index;
	if (cache)
		p->eo.bodies_cache = p->bodies = xasprintf("%s/bodies-%d", cache,
							   B2D_BODIES_CACHE_VERSION);
	if (cache)
		p->eo.mach_links = p->links = xasprintf("%s/mach-links", cache);
	if (cache && !getenv("B2D_NO_PARSE_CACHE"))
		p->eo.parse_cache = p->parses = xasprintf("%s/parse-%d", cache,
							  B2D_PARSE_CACHE_VERSION);
	free(cache);
}

static void parse_opts_free(struct parse_opts *p)
{
	free(p->parses);
	free(p->links);
	free(p->mach);
	free(p->bodies);
	pipeline_defines_free(p->eo.defines, p->eo.ndefines);
	free(p->eo.headers);
}

static int parse_with(const struct pipeline_options *o, const struct rnode *soc, void *index,
		      struct board **out)
{
	struct parse_opts p;
	int err;

	parse_opts_init(&p, o, soc, index);
	err = extract_board(o->input, &p.eo, out);
	diag_time("extract_board");
	parse_opts_free(&p);
	if (err != B2D_OK) {
		*out = NULL;
		return err == B2D_ERR_USAGE ? PL_USAGE : PL_FAIL;
	}
	return PL_OK;
}

/* The rule files as they are now (a pick noted under other rules is not used); NULL: unknown. */
static char *rules_stamp(const struct ruleset *rs)
{
	struct strbuf sb;
	struct stat st;

	sb_init(&sb);
	for (size_t i = 0; i < rs->nfiles; i++) {
		if (!rs->files[i]->path || stat(rs->files[i]->path, &st) != 0) {
			sb_free(&sb);
			return NULL;
		}
		sb_addf(&sb, "rules %s %lld %lld.%09ld\n", rs->files[i]->path,
			(long long)st.st_size, (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
	}
	return sb_detach(&sb);
}

/*
 * The pack the board's calls picked the last time it was parsed with the
 * guess's defines (a note in the parse cache, valid while that parse and the
 * rules are unchanged), or NULL; with pick set, that note is written instead.
 */
static const struct rnode *noted_pick(const struct pipeline_options *o,
				      const struct ruleset *rs, const struct rnode *guess,
				      const struct rnode *pick)
{
	char *stamp = rules_stamp(rs), *note = NULL;
	const struct rnode *found = NULL;
	struct parse_opts p;

	parse_opts_init(&p, o, guess, NULL);
	if (stamp && pick) {
		note = xasprintf("%ssoc %s\n", stamp, pipeline_soc_name(pick));
		extract_cache_set_note(o->input, &p.eo, "pick", note);
	} else if (stamp && (note = extract_cache_note(o->input, &p.eo, "pick")) &&
		   str_starts(note, stamp) && str_starts(note + strlen(stamp), "soc ")) {
		char *name = note + strlen(stamp) + 4, *nl = strchr(name, '\n');

		if (nl)
			*nl = '\0';
		found = rules_soc(rs, name);
	}
	free(note);
	free(stamp);
	parse_opts_free(&p);
	return found;
}

int pipeline_load(const struct pipeline_options *o, struct pipeline_session *s)
{
	const char *dir = pipeline_rules_dir(o->rules_dir);

	memset(s, 0, sizeof(*s));
	if (o->build_dir || o->kernel_dir) {
		const char *d = o->build_dir ? o->build_dir : o->kernel_dir;
		struct stat st;

		if (stat(d, &st) != 0 || !S_ISDIR(st.st_mode)) {
			diag_error(NULL, "%s: '%s' is not a directory",
				   o->build_dir ? "-p" : "--kernel", d);
			return PL_USAGE;
		}
		if (o->build_dir) {
			char *db = xasprintf("%s/compile_commands.json", o->build_dir);
			int err = regular_file_error(db);
			bool ok = !err;
			struct srcpos pos = { db, 0, 0 };

			/* Checked here: libclang would print its own multi-line complaint. */
			if (err == B2D_ENOTREG)
				diag_error(&pos, "not a regular file");
			else if (!ok)
				diag_error(NULL, "-p: %s not found (generate it with the kernel's "
					   "scripts/clang-tools/gen_compile_commands.py)", db);
			free(db);
			if (!ok)
				return PL_USAGE;
		}
		if (o->build_dir && o->kernel_dir &&
		    (stat(o->kernel_dir, &st) != 0 || !S_ISDIR(st.st_mode))) {
			diag_error(NULL, "--kernel: '%s' is not a directory", o->kernel_dir);
			return PL_USAGE;
		}
	}
	if (rules_load_dir(dir, &s->rules) != B2D_OK) {
		s->rules = NULL;
		return PL_USAGE;	/* the loader printed file:line: error: ... */
	}
	diag_time("rules loaded");
	return pipeline_load_board(o, s->rules, NULL, s);
}

/* Clang errors shown without -v; the rest are counted. */
#define CLANG_ERRORS_SHOWN 3

/*
 * Errors clang reported in the board file itself: what they touch may be
 * missing from the output or a TODO, so they are shown (as warnings: the
 * conversion goes on), a count and the first few, all with -v. Not when the
 * file has no MACHINE_START: nothing is converted, one error says so.
 */
static void show_clang_errors(const struct pipeline_options *o, const struct board *b)
{
	size_t n = b->nmain_errors, shown = o->verbose || n <= CLANG_ERRORS_SHOWN
					    ? n : CLANG_ERRORS_SHOWN;
	struct srcpos file = { o->input, 0, 0 };

	if (!n || !b->nmachines)
		return;	/* no MACHINE_START: the run fails with its own one-line error */
	diag_warning(&file, "clang reported %zu error%s in this file: what %s may be "
		     "missing from the output", n, n == 1 ? "" : "s", n == 1 ? "it touches" : "they touch");
	for (size_t i = 0; i < shown; i++)
		diag_warning(&b->main_errors[i]->pos, "%s", b->main_errors[i]->message);
	if (shown < n)
		diag_warning(&file, "%zu more; -v shows all", n - shown);
}

/*
 * Tolerant mode: the board's own headers (#include "board-harmony.h") found
 * neither beside it nor in the target: their macros are unknowns, which the
 * output's TODOs show one by one, and one TODO says why; -v says it here.
 */
static void show_missing_headers(const struct pipeline_options *o, const struct board *b)
{
	struct strbuf names;

	if (!o->verbose || !b->nmissing_headers || !b->nmachines)
		return;
	sb_init(&names);
	for (size_t i = 0; i < b->nmissing_headers; i++)
		sb_addf(&names, "%s\"%s\"", i ? ", " : "", b->missing_headers[i]->message);
	diag_note(&b->missing_headers[0]->pos, "%s not found beside the board file nor in the "
		     "target tree: what %s (GPIO numbers, addresses) is unknown here; put %s "
		     "beside the board file", names.buf,
		     b->nmissing_headers == 1 ? "it defines" : "they define",
		     b->nmissing_headers == 1 ? "it" : "them");
	sb_free(&names);
}

/* -v: which SoC pack, why, and whether the file was parsed again for it. */
static void explain_soc(const struct pipeline_options *o, const struct pipeline_session *s,
			const struct rnode *guess, bool reparsed)
{
	struct srcpos file = { o->input, 0, 0 };
	struct strbuf why;
	char *rules;

	if (!s->soc) {
		diag_note(&file, "no SoC pack matches the path or the calls (choose one with --soc)");
		return;
	}
	sb_init(&why);
	engine_soc_why(s->board, s->rules, s->soc, o->soc != NULL, &why);
	rules = path_display(s->soc->pos.file);
	diag_note(&file, "SoC pack '%s' (%s): %s", pipeline_soc_name(s->soc), rules, why.buf);
	if (reparsed)
		diag_note(&file, "parsed again with the defines of '%s' (the path suggested '%s')",
			  pipeline_soc_name(s->soc), guess ? pipeline_soc_name(guess) : "none");
	free(rules);
	sb_free(&why);
}

/*
 * Parse with the guess's defines, and when the board's calls pick a pack
 * with other defines (tolerant mode) again with those. The pick noted by an
 * earlier conversion of the same file goes straight to the second parse.
 */
static int parse_for_soc(const struct pipeline_options *o, struct pipeline_session *s,
			 const struct rnode *guess, void *index, bool *reparsed)
{
	bool tolerant = !o->soc && !o->build_dir;
	const struct rnode *pick = tolerant ? noted_pick(o, s->rules, guess, NULL) : NULL;
	int rc;

	diag_time("noted pick read");

	if (pick && pick != guess && !same_defines(pick, guess)) {
		s->soc = pick;
	} else {
		rc = parse_with(o, guess, index, &s->board);
		if (rc)
			return rc;
		s->soc = engine_pick_soc(s->board, s->rules, o->soc);
		if (tolerant && s->soc)
			noted_pick(o, s->rules, guess, s->soc);
		diag_time("pick");
		/*
		 * The board's calls name another SoC: parse again with its defines
		 * (not when they are the same: the parse would be identical, and it
		 * doubles the time of a tolerant-mode conversion).
		 */
		if (!tolerant || !s->soc || s->soc == guess || same_defines(s->soc, guess))
			return PL_OK;
		board_free(s->board);
		s->board = NULL;
	}
	rc = parse_with(o, s->soc, index, &s->board);
	if (rc)
		return rc;
	s->soc = engine_pick_soc(s->board, s->rules, NULL);
	*reparsed = true;
	return PL_OK;
}

/* A call rule for name (engine_knows_call), for the family files' search. */
static bool has_rule(const char *name, void *ctx)
{
	const struct pipeline_session *s = ctx;

	return engine_knows_call(s->rules, s->soc, name);
}

/* The functions the board calls but lacks, from the files beside it. */
static void merge_siblings(const struct pipeline_options *o, struct pipeline_session *s,
			   void *index)
{
	struct parse_opts p;
	struct sibling_rules sr = { has_rule, s };

	parse_opts_init(&p, o, s->soc, index);
	pipeline_merge_siblings(s->board, &p.eo, &sr, o->verbose);
	parse_opts_free(&p);
	diag_time("siblings");
}

int pipeline_load_board(const struct pipeline_options *given, struct ruleset *rules, void *index,
		   struct pipeline_session *s)
{
	struct pipeline_options hinted = *given;
	const struct pipeline_options *o = &hinted;
	const struct rnode *guess;
	bool reparsed = false, exact;
	const char *hint;
	int rc;

	s->rules = rules;
	s->board = NULL;
	s->soc = NULL;
	s->generic = NULL;
	/* --soc is a hint: a pack's name, one a pack covers, or nothing (soc_hint.c) */
	hint = pipeline_soc_hint(rules, given->soc, &exact);

	s->soc_given = hinted.soc = exact ? hint : NULL;
	s->soc_fallback = exact ? NULL : hint;
	rc = check_input(o->input);
	if (rc == PL_OK && !o->build_dir)
		rc = prescan_model_dir(pipeline_model_dir());	/* libclang would block on a FIFO there */
	if (rc)
		return rc;

	guess = o->soc ? rules_soc(s->rules, o->soc) : soc_from_path(s->rules, o->input);
	if (!guess && s->soc_fallback)
		guess = rules_soc(s->rules, s->soc_fallback);
	extract_cache_session(true);	/* an entry's dependencies checked once for this file */
	rc = parse_for_soc(o, s, guess, index, &reparsed);
	extract_cache_session(false);
	if (rc)
		return rc;
	merge_siblings(o, s, index);
	if (!s->soc && s->soc_fallback)
		s->soc = rules_soc(s->rules, s->soc_fallback);
	if (!s->soc && !o->soc)
		s->soc = pipeline_generic_pack(o->kernel_dir, s->board, &s->generic);
	show_clang_errors(o, s->board);
	show_missing_headers(o, s->board);
	if (o->verbose)
		explain_soc(o, s, guess, reparsed);
	engine_bind_callbacks(s->board, s->rules);
	diag_time("bind callbacks");
	return PL_OK;
}

void pipeline_session_free(struct pipeline_session *s)
{
	if (s->board)
		board_free(s->board);
	if (s->rules)
		ruleset_free(s->rules);
	if (s->generic)
		ruleset_free(s->generic);
	memset(s, 0, sizeof(*s));
}
