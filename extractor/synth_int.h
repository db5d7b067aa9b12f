/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The synthesized declarations of tolerant mode: shapes of initializers
 * and the tags, shared by synth.c and its steps (synth_missing.c,
 * synth_init.c, synth_vars.c, synth_emit.c: declarations for unknown
 * structs) and synth_grow.c (fields for known structs that lack them).
 */
#ifndef B2D_SYNTH_INT_H
#define B2D_SYNTH_INT_H

#include "ex_internal.h"

#define MAX_DEPTH	32

struct grow;

/* Scalar kinds in increasing strength: merging two keeps the stronger. */
enum sk {
	SK_NONE, SK_NULL, SK_INT, SK_STR, SK_PTR,
	SK_LLPTR,	/* long long *: indexed through a member, p->f[i] */
	SK_FUNC,	/* long long (*)(): called through a member, p->f(x) */
	SK_STRUCT, SK_ARRAY,
};

struct shape;

struct sfield {
	const char *name;
	struct shape *sh;
};

struct shape {
	enum sk kind;
	const char *name;	/* its tag, should it become a struct */
	const char *named;	/* type written in the source (compound literal) */
	bool top;		/* a tag of its own: positional members are fields */
	bool is_ptr;		/* SK_STRUCT reached through `->`: a pointer to it */
	struct sfield **f;	/* SK_STRUCT */
	size_t nf;
	struct shape *elem;	/* SK_ARRAY */
	long len;
	bool unk_index;		/* an index we could not evaluate */
	bool emitted;
};

enum tag_kind { TAG_STRUCT, TAG_TYPEDEF, TAG_ENUM };

struct tag {
	const char *name;
	struct shape *sh;
	enum tag_kind kind;	/* struct tag, unknown type name, enum tag */
};

struct ident {
	const char *name;
	bool object;		/* &X, X.f, X->f, X = v somewhere */
	bool indexed;		/* X[i] somewhere */
	bool type;		/* (X)expr: a cast, so a type name (unless value) */
	bool value;		/* X, / X; / X + ...: a value somewhere, so no type */
	struct shape *sh;	/* X.a.b / X->f: the members used, a struct of its own */
};

struct tvar {
	const char *name;	/* a main-file variable of a synthesized type */
	struct tag *t;
};

struct synth {
	struct ex *x;
	struct ptrvec vars;	/* struct tvar * */
	struct arena a;
	struct ptrvec tags;	/* struct tag * */
	struct ptrvec idents;	/* struct ident * */
	struct ptrvec decls;	/* names the main file declares */
	struct ptrvec funcs;	/* function names anywhere in the TU */
	char **w;		/* words of the declaration being read */
	int n, i;
	int nenums;
	struct grow *grow;	/* synth_grow.c: model structs to extend */
};

/* synth.c: the tags, and helpers the steps share */
bool sy_in(const struct ptrvec *pv, const char *s);
struct tag *sy_find_tag(struct synth *s, const char *name);
/* The tag `name`, made (with an empty shape) on first use. */
struct tag *sy_add_tag(struct synth *s, const char *name, enum tag_kind kind);
struct shape *sy_shape_new(struct synth *s, enum sk kind, const char *name);
bool sy_ident_char(char c);
/* `X =`, `X |=`, `X++`... at p: an assignment (not `X == y`). */
bool sy_assigned(const char *p, const char *end);
/* Is the declaration c written (expanded) in the main file? */
bool sy_main_decl(struct synth *s, CXCursor c);
/* The main-file offsets [*off, *limit) of top-level declaration i, its
 * start read as a file (expansion: expansion) location; false when it is
 * not in the main file or spans no text or more than 256 KiB. */
bool sy_decl_span(struct synth *s, struct cvec *top, size_t i, bool expansion,
		  unsigned *off, unsigned *limit);
/* Index in s->w of the word `name` at bracket depth 0 (not_tag: not
 * after struct/union/enum, a tag spelled the same), or s->n. */
int sy_name_index(struct synth *s, const char *name, bool not_tag);
/* sh's scalar kind, the stronger of its own and k (structs stay). */
void sy_merge_scalar(struct shape *sh, enum sk k);

/* synth_missing.c: what the first parse was missing */
/* The declarations and enum constants of the main file, and all functions. */
void sy_scan_names(struct synth *s, struct cvec *top);
/* Tags and identifiers from the first parse's errors in the main file. */
void sy_scan_diagnostics(struct synth *s);
/* The tag of an invalid variable whose struct has no definition. */
void sy_incomplete_type(struct synth *s, CXCursor var);

/* synth_init.c: shapes from initializers */
bool sy_at(struct synth *s, const char *t);
/* A brace list at s->w[s->i] into sh. */
void sy_list(struct synth *s, struct shape *sh, int depth);
/* The member `name` of struct shape sh, made on first use. */
struct shape *sy_field(struct synth *s, struct shape *sh, const char *name);
/* One initializer at s->w[s->i] (a brace list or an expression) into sh. */
void sy_init(struct synth *s, struct shape *sh, int depth);
/* A member chain `.a.b = v` / `->f(` in source text at p, into sh. */
void sy_chain(struct synth *s, struct shape *sh, const char *p, const char *end);
bool sy_is_ident(const char *t);

/* synth_vars.c: the main file's variables of the synthesized types */
void sy_scan_vars(struct synth *s, struct cvec *top);
/* Members the functions use on those variables. */
void sy_scan_members(struct synth *s);

/* synth_emit.c */
/* The declaration of a scalar of kind k named d, without ';'. */
void sy_scalar_decl(struct strbuf *sb, enum sk k, const char *d);
/* The header's text (malloc'd). */
char *sy_emit(struct synth *s);

/* synth_grow.c */
/* Scan the main file's initializers of complete structs for designators
 * the struct lacks; called before the header is emitted. */
void sy_grow_scan(struct synth *s, struct cvec *top);
/* Overlays of the headers defining those structs (fields appended). */
void sy_grow_emit(struct synth *s, struct ex_overlays *out);

#endif
