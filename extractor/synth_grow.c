// SPDX-License-Identifier: GPL-2.0
/*
 * Growing the model to fit the file (tolerant mode).
 *
 * A board file written for another kernel names fields that the model
 * header's struct (or the --kernel tree's) lacks: `.boot_params` and
 * `.timer` in a 2.6.3x MACHINE_START, `.codec` in twl4030_platform_data.
 * Clang then rejects the whole initializer, not just that member, and a
 * machine record without `.init_machine` converts to an empty board.
 *
 * So before the second parse we read the designators of every main-file
 * initializer whose struct is complete, walk them against the struct's
 * real fields (nested braces into nested structs, through anonymous
 * members), and append the missing ones to the struct's definition, typed
 * from their initializers as synth.c types the fields of unknown structs.
 * The header is not changed on disk: the second parse gets an in-memory
 * copy (a libclang unsaved file) with the fields added on the line of the
 * closing brace, so every other position stays where it was.
 *
 * The extractor then lists each value of a grown field as a lost fact
 * (ex_note_grown): kept, with its value, and reported as a TODO.
 */
#include "synth_int.h"

#include <string.h>

struct gstruct {
	CXCursor def;		/* the struct's definition */
	const char *tag;	/* its name, as ex_type_tag spells it */
	struct shape *add;	/* SK_STRUCT: the fields it lacks */
};

struct grow {
	struct ptrvec structs;	/* struct gstruct * */
};

/* ---- the struct's own fields ---- */

struct ffind {
	const char *name;
	CXType type;
	bool found;
};

static enum CXVisitorResult field_visit(CXCursor c, CXClientData data)
{
	struct ffind *f = data;
	CXString s = clang_getCursorSpelling(c);
	const char *n = clang_getCString(s);
	CXType t = clang_getCanonicalType(clang_getCursorType(c));

	if (n && !strcmp(n, f->name)) {
		f->type = clang_getCursorType(c);
		f->found = true;
	} else if (clang_Cursor_isAnonymousRecordDecl(clang_getTypeDeclaration(t))) {
		/* `union { int a; int b; };`: its members are the struct's */
		clang_Type_visitFields(t, field_visit, f);
	}
	clang_disposeString(s);
	return f->found ? CXVisit_Break : CXVisit_Continue;
}

static bool find_field(CXType rec, const char *name, CXType *out)
{
	struct ffind f = { .name = name };

	clang_Type_visitFields(clang_getCanonicalType(rec), field_visit, &f);
	*out = f.type;
	return f.found;
}

/*
 * A record type with a valid definition, arrays stripped; kind Invalid if
 * not. An invalid one (a member of a type no header here defines: 6.1's
 * pca9532_platform_data when <linux/leds.h> did not parse) lists no fields,
 * which would make every designator "another kernel's"; its values come
 * from the tokens instead (extract.c).
 */
static CXType complete_record(CXType t)
{
	CXType c = clang_getCanonicalType(t), none = { .kind = CXType_Invalid };
	CXCursor def;

	while (c.kind == CXType_ConstantArray || c.kind == CXType_IncompleteArray)
		c = clang_getCanonicalType(clang_getArrayElementType(c));
	if (c.kind != CXType_Record)
		return none;
	def = clang_getCursorDefinition(clang_getTypeDeclaration(c));
	if (clang_Cursor_isNull(def) || clang_isInvalidDeclaration(def))
		return none;
	return c;
}

/* ---- what to add ---- */

static struct gstruct *gstruct_of(struct synth *s, CXType rec)
{
	CXCursor def = clang_getCursorDefinition(clang_getTypeDeclaration(rec));
	struct gstruct *g;

	for (size_t i = 0; i < s->grow->structs.len; i++) {
		g = s->grow->structs.items[i];
		if (clang_equalCursors(g->def, def))
			return g;
	}
	g = arena_alloc(&s->a, sizeof(*g));
	g->def = def;
	g->tag = ex_type_tag(s->x, rec, NULL);
	g->add = sy_shape_new(s, SK_STRUCT, "");
	pv_push(&s->grow->structs, g);
	return g;
}

static void grow_field(struct synth *s, CXType rec, const struct sfield *f)
{
	struct gstruct *g = gstruct_of(s, rec);

	for (size_t i = 0; i < g->add->nf; i++)
		if (!strcmp(g->add->f[i]->name, f->name))
			return;	/* the first use types it */
	arena_push(&s->a, (void ***)&g->add->f, &g->add->nf, (void *)f);
}

/* The designators of shape sh against record type rec, recursively. */
static void compare(struct synth *s, struct shape *sh, CXType rec, int depth)
{
	for (size_t i = 0; sh->kind == SK_STRUCT && i < sh->nf && depth < MAX_DEPTH; i++) {
		const struct sfield *f = sh->f[i];
		struct shape *fs = f->sh;
		CXType ft, inner;

		if (!strncmp(f->name, "__b2d_p", 7))
			continue;	/* positional: nothing to check by name */
		if (!find_field(rec, f->name, &ft)) {
			grow_field(s, rec, f);
			continue;
		}
		while (fs->kind == SK_ARRAY && fs->elem)
			fs = fs->elem;
		inner = complete_record(ft);
		if (fs->kind == SK_STRUCT && inner.kind == CXType_Record)
			compare(s, fs, inner, depth + 1);
	}
}

/* ---- the file's initializers ---- */

/* Index of `=` after the declared name (depth 0), or -1. */
static int initializer_start(struct synth *s, const char *name)
{
	int p = sy_name_index(s, name, false), d = 0;

	for (p++; p < s->n; p++) {
		const char *w = s->w[p];

		if (!strcmp(w, "(") || !strcmp(w, "["))
			d++;
		else if (!strcmp(w, ")") || !strcmp(w, "]"))
			d--;
		else if (d == 0 && !strcmp(w, "="))
			return p;
		else if (d == 0 && (!strcmp(w, ";") || !strcmp(w, "{")))
			return -1;
	}
	return -1;
}

/*
 * The initializer of one variable into a shape. A declaration a macro
 * writes (MACHINE_START(ID, "name") ... MACHINE_END) has its name in the
 * expansion only: expand the words and look again.
 */
static void scan_one(struct synth *s, CXCursor var, CXType rec, unsigned off,
		     unsigned limit)
{
	const char *name = ex_cxstr(s->x, clang_getCursorSpelling(var));
	CXType vt = clang_getCanonicalType(clang_getCursorType(var));
	bool is_array = vt.kind == CXType_ConstantArray || vt.kind == CXType_IncompleteArray;
	struct shape *sh = sy_shape_new(s, SK_NONE, "");
	int eq;

	s->w = tok_words(s->x, off, limit, &s->n);
	eq = initializer_start(s, name);
	if (eq < 0) {
		int n;
		char **x = tok_expand_words(s->x, s->w, s->n, &n);

		tok_words_free(s->w, s->n);
		s->w = x;
		s->n = n;
		eq = initializer_start(s, name);
	}
	sh->top = true;
	s->i = eq + 1;
	if (eq >= 0 && is_array && s->i < s->n && !strcmp(s->w[s->i], "{")) {
		struct shape arr = { .kind = SK_ARRAY, .name = "", .elem = sh };

		sy_init(s, &arr, 0);
	} else if (eq >= 0 && !is_array) {
		sy_init(s, sh, 0);
	}
	if (eq >= 0)
		compare(s, sh, rec, 0);
	tok_words_free(s->w, s->n);
	s->w = NULL;
	s->n = 0;
}

static bool in_main_file(struct synth *s, CXCursor c, bool expansion)
{
	CXSourceLocation l = clang_getCursorLocation(c);
	CXFile f;

	if (expansion)
		clang_getExpansionLocation(l, &f, NULL, NULL, NULL);
	else
		clang_getFileLocation(l, &f, NULL, NULL, NULL);
	return f && clang_File_isEqual(f, s->x->main_file);
}

void sy_grow_scan(struct synth *s, struct cvec *top)
{
	if (!s->grow) {
		s->grow = arena_alloc(&s->a, sizeof(*s->grow));
		memset(s->grow, 0, sizeof(*s->grow));
	}
	for (size_t i = 0; i < top->n; i++) {
		CXCursor c = top->v[i], def;
		CXType rec;
		unsigned off, limit;

		if (clang_getCursorKind(c) != CXCursor_VarDecl || !in_main_file(s, c, true))
			continue;
		rec = complete_record(clang_getCursorType(c));
		if (rec.kind != CXType_Record)
			continue;
		def = clang_getCursorDefinition(clang_getTypeDeclaration(rec));
		if (in_main_file(s, def, false))
			continue;	/* the board's own struct: nothing to grow */
		if (!sy_decl_span(s, top, i, true, &off, &limit))
			continue;
		scan_one(s, c, rec, off, limit);
	}
}

/* ---- the overlays ---- */

/* One member declaration for shape sh named d, nested structs inline. */
static void member(struct strbuf *sb, const struct shape *sh, const char *d, int depth)
{
	if (sh->kind == SK_ARRAY && depth < MAX_DEPTH) {
		char *dd = xasprintf("%s[%ld]", d, sh->len > 0 ? sh->len : 1);
		struct shape none = { .kind = SK_INT };

		member(sb, sh->elem ? sh->elem : &none, dd, depth + 1);
		free(dd);
		return;
	}
	if (sh->kind == SK_STRUCT && depth < MAX_DEPTH) {
		sb_add(sb, "struct { ");
		for (size_t i = 0; i < sh->nf; i++)
			member(sb, sh->f[i]->sh, sh->f[i]->name, depth + 1);
		if (!sh->nf)
			sb_add(sb, "long long __b2d_p0; ");
		sb_addf(sb, "} %s; ", d);
		return;
	}
	sy_scalar_decl(sb, sh->kind, d);
	sb_add(sb, "; ");
}

/* Offset of the struct's closing brace in its file's text, or -1. */
static long closing_brace(struct synth *s, const struct gstruct *g, CXFile *file,
			  const char **buf, size_t *size)
{
	CXSourceLocation end = clang_getRangeEnd(clang_getCursorExtent(g->def));
	unsigned off;
	long o;

	clang_getFileLocation(end, file, NULL, NULL, &off);
	*buf = *file ? clang_getFileContents(s->x->tu, *file, size) : NULL;
	if (!*buf || off > *size)
		return -1;
	for (o = (long)off - (off == *size); o >= 0 && (*buf)[o] != '}'; o--)
		if (o < (long)off - 1 && (*buf)[o] != ' ' && (*buf)[o] != '\t')
			return -1;	/* the brace is not here: a macro wrote it */
	return o;
}

struct insertion {
	long off;
	char *text;
};

static void add_overlay(struct ex_overlays *out, const char *path, const char *buf,
			size_t size, struct insertion *ins, size_t n)
{
	struct strbuf sb;
	size_t at = 0;

	/* ascending offsets; two structs never share a brace */
	for (size_t i = 1; i < n; i++)
		for (size_t k = i; k > 0 && ins[k - 1].off > ins[k].off; k--) {
			struct insertion t = ins[k];

			ins[k] = ins[k - 1];
			ins[k - 1] = t;
		}
	sb_init(&sb);
	for (size_t i = 0; i < n; i++) {
		sb_addn(&sb, buf + at, (size_t)ins[i].off - at);
		sb_add(&sb, ins[i].text);
		at = (size_t)ins[i].off;
	}
	sb_addn(&sb, buf + at, size - at);
	pv_push(&out->paths, xstrdup(path));
	pv_push(&out->texts, sb_detach(&sb));
}

/* The added members of g, on one line: `/ * board2dts: ... * / long long x; `. */
static char *added_text(struct synth *s, const struct gstruct *g, struct ex_overlays *out)
{
	struct strbuf sb;

	sb_init(&sb);
	sb_add(&sb, " /* board2dts: fields another kernel's layout has */ ");
	for (size_t i = 0; i < g->add->nf; i++) {
		member(&sb, g->add->f[i]->sh, g->add->f[i]->name, 0);
		pv_push(&out->grown, xasprintf("%s.%s", g->tag ? g->tag : "",
					       g->add->f[i]->name));
	}
	return sb_detach(&sb);
}

void sy_grow_emit(struct synth *s, struct ex_overlays *out)
{
	size_t n = s->grow ? s->grow->structs.len : 0;
	bool *done = xcalloc(n + 1, sizeof(*done));

	for (size_t i = 0; i < n; i++) {
		struct insertion *ins;
		size_t nins = 0, size = 0;
		const char *buf = NULL;
		CXFile file = NULL;
		CXString path;

		if (done[i])
			continue;
		ins = xcalloc(n, sizeof(*ins));
		for (size_t k = i; k < n; k++) {
			struct gstruct *g = s->grow->structs.items[k];
			CXFile f;
			const char *b;
			size_t sz;
			long o = closing_brace(s, g, &f, &b, &sz);

			if (done[k] || (file && !clang_File_isEqual(f, file)))
				continue;
			done[k] = true;
			if (o < 0)
				continue;
			file = f;
			buf = b;
			size = sz;
			ins[nins].off = o;
			ins[nins++].text = added_text(s, g, out);
		}
		if (nins) {
			path = clang_getFileName(file);
			add_overlay(out, clang_getCString(path), buf, size, ins, nins);
			clang_disposeString(path);
		}
		for (size_t k = 0; k < nins; k++)
			free(ins[k].text);
		free(ins);
	}
	free(done);
	if (s->grow)
		pv_free(&s->grow->structs);
}

void ex_overlays_free(struct ex_overlays *ov)
{
	struct ptrvec *all[] = { &ov->paths, &ov->texts, &ov->grown };

	for (size_t k = 0; k < sizeof(all) / sizeof(all[0]); k++) {
		for (size_t i = 0; i < all[k]->len; i++)
			free(all[k]->items[i]);
		pv_free(all[k]);
	}
}

/* ---- after the second parse: the values of grown fields ---- */

static bool grown_field(const struct ptrvec *grown, const char *tag, const char *field)
{
	size_t n = tag ? strlen(tag) : 0;

	for (size_t i = 0; tag && field && i < grown->len; i++) {
		const char *g = grown->items[i];

		if (!strncmp(g, tag, n) && g[n] == '.' && !strcmp(g + n + 1, field))
			return true;
	}
	return false;
}

static void note_value(struct ex *x, const struct ptrvec *grown, const struct value *v,
		       int depth)
{
	if (!v || v->kind != VAL_LIST || depth > MAX_DEPTH)
		return;
	for (size_t i = 0; i < v->nkids; i++) {
		const struct value *k = v->kids[i];

		if (!v->is_array && grown_field(grown, v->type, k->field)) {
			struct lost_fact *l = arena_alloc(x->a, sizeof(*l));

			l->pos = k->pos;
			l->message = arena_printf(x->a, ".%s = %s", k->field,
						  k->spelling ? k->spelling : "?");
			l->reason = arena_printf(x->a, "struct %s has no field .%s in this "
				"kernel (another kernel's layout): value kept, convert it by hand",
				v->type, k->field);
			arena_push(x->a, (void ***)&x->b->lost, &x->b->nlost, l);
			continue;
		}
		note_value(x, grown, k, depth + 1);
	}
}

void ex_note_grown(struct ex *x, const struct ptrvec *grown)
{
	if (!grown->len || !x->b->reparsed)
		return;
	for (size_t i = 0; i < x->b->nvars; i++)
		note_value(x, grown, x->b->vars[i]->init, 0);
	for (size_t i = 0; i < x->b->nmachines; i++)
		note_value(x, grown, x->b->machines[i]->record, 0);
}
