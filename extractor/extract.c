// SPDX-License-Identifier: GPL-2.0
/*
 * ex_extract_one(): parse one file with libclang and build its board model.
 *
 * One pass over the translation unit's top-level cursors: #defines go to
 * the macro table (for token evaluation), main-file declarations become
 * variables, machines and functions.
 */
#include "ex_internal.h"
#include "config.h"
#include "../common/paths.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static bool in_unsaved(const char *path, const struct extract_options *opt)
{
	for (size_t i = 0; i < opt->nunsaved; i++)
		if (str_eq(opt->unsaved[i].path, path))
			return true;
	return false;
}

static bool not_found(const char *msg)
{
	size_t n = strlen(msg);

	return n >= 14 && !strcmp(msg + n - 14, "file not found");
}

/*
 * The text of a real error (its position to x->first_pos): a missing header
 * is normal in tolerant mode.
 */
static char *first_error(struct ex *x, CXDiagnostic d, unsigned line, unsigned col)
{
	CXString s = clang_getDiagnosticSpelling(d);
	const char *t = clang_getCString(s);
	char *r = !t || not_found(t) ? NULL : xstrdup(t);

	clang_disposeString(s);
	if (r)
		x->first_pos = (struct srcpos){ x->path, line, col };
	return r;
}

/*
 * Tolerant mode: errors that only guessed declarations cause (a macro of a
 * header the model lacks parsed as a call or a number, a struct the model
 * has without that field or at all). Kernel code compiles, so these say
 * nothing about the board file; token recovery, the lost-field TODOs or a
 * "not known at build time" TODO already cover what they touch.
 */
static bool tolerant_artefact(const char *msg)
{
	static const char *const guessed[] = {
		"initializer element is not a compile-time constant",
		"called object type", "is not an integer constant expression",
		"incomplete type", "should not return a value",
		"does not refer to any field", "no member named",
	};

	for (size_t i = 0; i < sizeof(guessed) / sizeof(guessed[0]); i++)
		if (strstr(msg, guessed[i]))
			return true;
	return false;
}

/* Keep an error clang reported in the board file, for the user and the report. */
static void keep_main_error(struct ex *x, CXDiagnostic d, unsigned line, unsigned col)
{
	CXString s = clang_getDiagnosticSpelling(d);
	const char *m = clang_getCString(s);
	struct clang_error *e;

	if (!m || (x->b->tolerant && (not_found(m) || tolerant_artefact(m)))) {
		clang_disposeString(s);
		return;
	}
	e = arena_alloc(x->a, sizeof(*e));
	e->pos = (struct srcpos){ x->path, line, col };
	e->message = arena_strdup(x->a, m);
	/* KeepGoing makes clang's fatal errors plain ones: known by their text. */
	e->fatal = str_starts(m, "bracket nesting level exceeded");
	arena_push(x->a, (void ***)&x->b->main_errors, &x->b->nmain_errors, e);
	clang_disposeString(s);
}

/*
 * Count error diagnostics; keep the text of the first one in the main file
 * (caller frees): errors in headers of a tree that was never configured
 * are expected and say nothing about the board file itself.
 */
static unsigned count_errors(struct ex *x, char **first)
{
	unsigned n = clang_getNumDiagnostics(x->tu), errors = 0;

	*first = NULL;
	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(x->tu, i);

		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
			CXFile f;
			unsigned line, col;

			clang_getFileLocation(clang_getDiagnosticLocation(d), &f,
					      &line, &col, NULL);
			errors++;
			if (!*first && f && clang_File_isEqual(f, x->main_file))
				*first = first_error(x, d, line, col);
		}
		clang_disposeDiagnostic(d);
	}
	return errors;
}

/* Every error in the board file itself, after the last parse. */
static void keep_main_errors(struct ex *x)
{
	unsigned n = clang_getNumDiagnostics(x->tu);

	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(x->tu, i);
		CXFile f;
		unsigned line, col;

		clang_getFileLocation(clang_getDiagnosticLocation(d), &f, &line, &col, NULL);
		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error && f &&
		    clang_File_isEqual(f, x->main_file))
			keep_main_error(x, d, line, col);
		clang_disposeDiagnostic(d);
	}
}

/*
 * A designator naming a field the model header's struct lacks (an older
 * layout: fixed_voltage_config.gpio) makes clang drop that member. Keep each
 * such error so the engine can list it as a TODO instead of losing it.
 */
static void record_lost(struct ex *x)
{
	unsigned n = clang_getNumDiagnostics(x->tu);

	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(x->tu, i);
		CXString msg = clang_getDiagnosticSpelling(d);
		const char *m = clang_getCString(msg);
		CXSourceLocation loc = clang_getDiagnosticLocation(d);
		CXFile f;
		unsigned line, col;

		clang_getFileLocation(loc, &f, &line, &col, NULL);
		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error && f &&
		    clang_File_isEqual(f, x->main_file) && m &&
		    (strstr(m, "does not refer to any field") || strstr(m, "no member named"))) {
			struct lost_fact *l = arena_alloc(x->a, sizeof(*l));

			l->pos = (struct srcpos){ x->path, line, col };
			l->message = arena_strdup(x->a, m);
			arena_push(x->a, (void ***)&x->b->lost, &x->b->nlost, l);
		}
		clang_disposeString(msg);
		clang_disposeDiagnostic(d);
	}
}

char *ex_synth_path(const struct extract_options *opt)
{
	return xasprintf("%s/__b2d_synth.h", opt->model_dir ? opt->model_dir : B2D_MODEL_DIR);
}

static CXCursor init_expr(CXCursor var)
{
	struct cvec kids;
	CXCursor r = clang_getNullCursor();

	cvec_children(var, &kids);
	if (kids.n && clang_isExpression(clang_getCursorKind(kids.v[kids.n - 1])))
		r = kids.v[kids.n - 1];
	cvec_free(&kids);
	return r;
}

static unsigned file_offset(CXCursor c)
{
	unsigned off;
	CXFile f;

	clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(c)),
			      &f, NULL, NULL, &off);
	return off;
}

/* A struct, union or enum without a name: part of another declaration. */
static bool anonymous_tag(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	return (k == CXCursor_StructDecl || k == CXCursor_UnionDecl ||
		k == CXCursor_EnumDecl) && clang_Cursor_isAnonymous(c);
}

/*
 * Where the next declaration starts: the end of a dropped initializer. An
 * anonymous struct does not start one: the struct of BUILD_BUG_ON_ZERO()
 * inside an initializer's ARRAY_SIZE() is a file-scope declaration in the
 * middle of the initializer.
 */
unsigned ex_next_offset(struct ex *x, struct cvec *top, size_t i)
{
	unsigned off = file_offset(top->v[i]);
	size_t size;

	for (size_t k = i + 1; k < top->n; k++) {
		enum CXCursorKind kind = clang_getCursorKind(top->v[k]);
		unsigned o;

		if (kind == CXCursor_MacroExpansion ||
		    kind == CXCursor_InclusionDirective || anonymous_tag(top->v[k]))
			continue;
		o = file_offset(top->v[k]);
		if (o > off)
			return o;
	}
	clang_getFileContents(x->tu, x->main_file, &size);
	return (unsigned)size;
}

/*
 * An initializer list clang kept but could not type (a member with an
 * error): its designators are lost, the tokens still have them. (One
 * clang could not build at all is an unknown value: tokens again.)
 */
static bool broken_list(CXCursor init)
{
	enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(init)).kind;

	return clang_getCursorKind(init) == CXCursor_InitListExpr &&
	       k != CXType_Record && k != CXType_ConstantArray &&
	       k != CXType_IncompleteArray;
}

/*
 * A DT_MACHINE_START record (the kernel's, and the model's, sets .nr = ~0):
 * already a DT machine. A MACHINE_START record may have a .dt_compat too (a
 * 3.x board file that boots either way): it is a board file's machine.
 * A DT machine is kept only when the file has no other (keep_dt_machines()):
 * 3.x files of the move to device tree (shmobile's board-armadillo800eva.c)
 * have one DT_MACHINE_START whose .init_machine still registers the board's
 * devices from C.
 */
static bool is_dt_machine(const struct value *rec)
{
	const struct value *nr = value_field(rec, "nr");

	return nr && nr->kind == VAL_INT && (nr->ival == -1 || nr->ival == 0xffffffffLL);
}

static void add_var(struct ex *x, struct cvec *top, size_t i)
{
	CXCursor c = top->v[i], init = init_expr(c);
	struct variable *v = arena_alloc(x->a, sizeof(*v));
	struct value *val = NULL;
	struct machine *m;

	if (!clang_Cursor_isNull(init) && !broken_list(init))
		val = ex_value(x, init);
	if ((!val || val->kind == VAL_UNKNOWN || tok_fields_lost(val)) && x->b->clang_errors) {
		struct value *r = tok_recover_init(x, c, ex_next_offset(x, top, i));

		if (r && (!val || (r->kind != VAL_UNKNOWN && !(tok_fields_lost(val) && tok_fields_lost(r)))))
			val = r;
	}
	if (!val)
		return;
	v->name = ex_cxstr(x, clang_getCursorSpelling(c));
	v->type = ex_type_tag(x, clang_getCursorType(c), &v->is_array);
	v->pos = ex_pos(x, c);
	v->init = val;
	if (val->kind == VAL_LIST && !val->type) {
		val->type = v->type;
		val->is_array = v->is_array;
	}
	if (!str_starts(v->name, "__mach_desc_")) {
		arena_push(x->a, (void ***)&x->b->vars, &x->b->nvars, v);
		return;
	}
	m = arena_alloc(x->a, sizeof(*m));
	m->dt = is_dt_machine(val);
	m->id = v->name + strlen("__mach_desc_");
	m->name = value_field_str(val, "name");
	m->record = val;
	m->pos = v->pos;
	arena_push(x->a, (void ***)&x->b->machines, &x->b->nmachines, m);
}

/*
 * By expansion location: MACHINE_START pastes the variable's name, whose
 * spelling then lives in clang's scratch buffer, not in the main file.
 */
static bool main_file_decl(struct ex *x, CXCursor c)
{
	CXFile f;

	clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
	return f && clang_File_isEqual(f, x->main_file);
}

/* Names first, so that token recovery can tell functions from numbers. */
static size_t note_names(struct ex *x, struct cvec *top)
{
	size_t decls = 0;

	for (size_t i = 0; i < top->n; i++) {
		CXCursor c = top->v[i];
		enum CXCursorKind k = clang_getCursorKind(c);

		if (k == CXCursor_MacroDefinition) {
			macro_tab_add(x->macros, c);
			continue;
		}
		if (!clang_isDeclaration(k) || !main_file_decl(x, c))
			continue;
		decls++;
		if (k == CXCursor_FunctionDecl)
			pv_push(&x->known_funcs, ex_cxstr(x, clang_getCursorSpelling(c)));
		else if (k == CXCursor_VarDecl)
			pv_push(&x->known_vars, ex_cxstr(x, clang_getCursorSpelling(c)));
	}
	return decls;
}

/*
 * MACHINE_START records clang dropped (an unknown name in the record loses
 * the whole variable, and libclang then shows no cursor for it at all):
 * find them in the file text and recover them from the tokens.
 */
static void recover_machines(struct ex *x)
{
	size_t size;
	const char *buf = clang_getFileContents(x->tu, x->main_file, &size);
	const char *p = buf, *end;

	while (buf && (p = strstr(p, "MACHINE_START(")) &&
	       (end = strstr(p, "MACHINE_END"))) {
		struct machine *m = arena_alloc(x->a, sizeof(*m));

		m->record = tok_recover_machine(x, (unsigned)(p - buf),
				(unsigned)(end - buf + strlen("MACHINE_END")),
				&m->id, &m->name);
		bool dt = p - buf >= 3 && !strncmp(p - 3, "DT_", 3);

		if (m->record && !board_find_machine(x->b, m->id)) {
			m->dt = dt;
			m->record->type = "machine_desc";
			m->pos = ex_pos_loc(x, clang_getLocationForOffset(x->tu,
					x->main_file, (unsigned)(p - buf)));
			arena_push(x->a, (void ***)&x->b->machines,
				   &x->b->nmachines, m);
		}
		p = end;
	}
}

/*
 * DT_MACHINE_START records go when the file has a board machine (the DT
 * twin of a board that boots either way); a file with only DT machines
 * keeps them, marked.
 */
static void keep_dt_machines(struct board *b)
{
	size_t n = 0;
	bool board_machine = false;

	for (size_t i = 0; i < b->nmachines; i++)
		board_machine |= !b->machines[i]->dt;
	for (size_t i = 0; i < b->nmachines; i++)
		if (!board_machine || !b->machines[i]->dt)
			b->machines[n++] = b->machines[i];
	b->nmachines = n;
}

static void build(struct ex *x, struct cvec *top)
{
	for (size_t i = 0; i < top->n && !x->limit_hit; i++) {
		CXCursor c = top->v[i];
		enum CXCursorKind k = clang_getCursorKind(c);

		if (!main_file_decl(x, c))
			continue;
		if (k == CXCursor_InclusionDirective) {
			CXString s = clang_getCursorSpelling(c);

			arena_push(x->a, (void ***)&x->b->includes, &x->b->nincludes,
				   arena_strdup(x->a, clang_getCString(s)));
			clang_disposeString(s);
			ex_note_missing_header(x, c);
		} else if (k == CXCursor_VarDecl)
			add_var(x, top, i);
		else if (k == CXCursor_FunctionDecl && clang_isCursorDefinition(c))
			ex_init_machine_candidate(x, c, ex_function(x, c));
	}
	if (x->b->clang_errors)
		recover_machines(x);
	keep_dt_machines(x->b);
	ex_init_machine(x);
}

static int not_c(const struct ex *x, const char *path, const char *first)
{
	struct srcpos file = { path, 0, 0 };

	if (first)
		diag_error(&x->first_pos, "%s", first);
	else
		diag_error(&file, "no C declarations found");
	return B2D_ERR_PARSE;
}

/*
 * A fatal error in the board file (bracket nesting beyond clang's 256, an
 * initializer 300 levels deep): clang made nothing of the rest of that
 * declaration and what follows it, which would be lost without a word.
 * Reported; true when there was one.
 */
static bool stopped(const struct board *b)
{
	for (size_t i = 0; i < b->nmain_errors; i++)
		if (b->main_errors[i]->fatal) {
			diag_error(&b->main_errors[i]->pos, "%s: clang cannot read the file past this point",
				   b->main_errors[i]->message);
			return true;
		}
	return false;
}

/* Set up x over a parsed TU: a new board, the macro table, the names. */
static size_t ex_open(struct ex *x, const char *path,
		      const struct extract_options *opt, CXTranslationUnit tu,
		      struct cvec *top, char **first)
{
	struct board *b = xcalloc(1, sizeof(*b));

	arena_init(&b->arena);
	b->path = arena_strdup(&b->arena, path);
	b->tolerant = !opt->build_dir;
	*x = (struct ex){ .b = b, .a = &b->arena, .tu = tu, .path = b->path,
			  .main_file = clang_getFile(tu, path),
			  .macros = macro_tab_new() };
	b->clang_errors = count_errors(x, first);
	if (b->clang_errors)
		record_lost(x);
	cvec_children(clang_getTranslationUnitCursor(tu), top);
	return note_names(x, top);
}

/* Everything but the board. */
static void ex_close(struct ex *x, struct cvec *top)
{
	cvec_free(top);
	macro_tab_free(x->macros);
	pv_free(&x->known_funcs);
	pv_free(&x->known_vars);
	clang_disposeTranslationUnit(x->tu);
}

/*
 * Tolerant mode, when the first parse had errors: parse once more with the
 * header that declares what was missing (synth.c) force-included and the
 * model structs the file's designators outrun (synth_grow.c) read from
 * memory. False, x untouched, when the parse fails.
 */
static bool reparse(struct ex *x, const char *path, const struct extract_options *opt,
		    CXIndex index, struct cvec *top, char **first, size_t *decls,
		    const char *hdr, const struct ex_overlays *ov)
{
	char *sp = ex_synth_path(opt);
	CXTranslationUnit tu2;
	bool ok;

	if (getenv("B2D_DEBUG_SYNTH"))
		fprintf(stderr, "%s", hdr ? hdr : "");
	ok = ex_parse(path, opt, index, hdr ? sp : NULL, hdr, ov, &tu2) == B2D_OK;
	diag_time("parse (reparse)");
	if (ok) {
		if (x->b) {
			board_free(x->b);
			ex_close(x, top);
		}
		free(*first);
		*decls = ex_open(x, path, opt, tu2, top, first);
		diag_time("ex_open");
		x->synth_file = hdr ? clang_getFile(tu2, sp) : NULL;
		x->b->reparsed = true;
	}
	free(sp);
	return ok;
}

/*
 * The parses of one file: the first, and in tolerant mode when it had
 * errors the second (reparse); the first is kept when there is nothing to
 * declare or the second fails. A cached header and overlays of an earlier
 * first parse (parse_cache.c) go straight to the second.
 */
static int parse_all(struct ex *x, const char *path, const struct extract_options *opt,
		     CXIndex index, struct cvec *top, char **first, size_t *decls,
		     struct ex_overlays *ov, struct ex_cache *c)
{
	CXTranslationUnit tu;
	int ret;

	if (c->hit && (c->hdr || ov->paths.len) &&
	    reparse(x, path, opt, index, top, first, decls, c->hdr, ov))
		return B2D_OK;
	c->hit = false;
	ex_overlays_free(ov);
	memset(ov, 0, sizeof(*ov));
	free(c->hdr);
	c->hdr = NULL;
	ret = ex_parse(path, opt, index, NULL, NULL, NULL, &tu);
	diag_time("parse (first)");
	if (ret)
		return ret;
	*decls = ex_open(x, path, opt, tu, top, first);
	c->deps = c->key ? pc_deps(tu, path, opt, NULL) : NULL;
	if (x->b->tolerant && x->b->clang_errors && *decls)
		c->hdr = ex_synth_header(x, top, ov);
	if ((c->hdr || ov->paths.len) && !reparse(x, path, opt, index, top, first, decls,
						  c->hdr, ov)) {
		free(c->deps);	/* not stored: the next conversion tries both parses again */
		c->deps = NULL;
	}
	return B2D_OK;
}

int ex_extract_one(const char *path, const struct extract_options *given,
		   struct board **out)
{
	struct extract_options o2 = *given, *opt = &o2;
	struct ex_config cfg = { 0 };
	CXIndex index = NULL;
	struct ex x = { 0 };
	struct cvec top;
	struct ex_overlays ov = { 0 };
	struct ex_cache cache = { 0 };
	char *first = NULL;
	size_t decls;
	int ret;

	*out = NULL;
	if (!in_unsaved(path, opt) && access(path, R_OK)) {
		diag_error(&(struct srcpos){ path, 0, 0 }, "cannot read file: %s", strerror(errno));
		ret = B2D_ERR_IO;
		goto done;
	}
	diag_time("extract start");
	ret = config_prepare(path, given, &cfg);	/* CONFIG_ symbols (config.h) */
	diag_time("config_prepare");
	o2.config_defines = (const char **)cfg.defines;
	o2.nconfig_defines = cfg.ndefines;
	if (ret == B2D_OK && (*out = ex_cached_board(path, opt, &cache, &ov)))
		goto done;
	index = opt->index ? opt->index : clang_createIndex(0, 0);
	if (ret == B2D_OK)
		ret = parse_all(&x, path, opt, index, &top, &first, &decls, &ov, &cache);
	if (ret)
		goto done;
	keep_main_errors(&x);
	if (!decls && first) {
		ret = not_c(&x, path, first);
	} else if (!stopped(x.b)) {
		build(&x, &top);
		diag_time("build board");
		ex_note_grown(&x, &ov.grown);
		config_note(&x, &cfg);
		if (x.limit_hit)	/* reported by ex_limit */
			ret = B2D_ERR_LIMIT;
		else
			*out = x.b;
	} else {
		ret = B2D_ERR_PARSE;
	}
	ex_cache_store(&x, path, opt, &cache, &ov, *out);
	if (!*out)
		board_free(x.b);
	ex_close(&x, &top);
	diag_time("ex_close");
done:
	ex_overlays_free(&ov);
	ex_cache_free(&cache);
	config_free(&cfg);
	free(first);
	if (index && !opt->index)
		clang_disposeIndex(index);
	return ret;
}
