/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Extractor internals shared by its files: the per-parse context and the
 * small helpers every walker needs (positions, source text, new values).
 */
#ifndef B2D_EX_INTERNAL_H
#define B2D_EX_INTERNAL_H

#include <clang-c/Index.h>
#include <stdbool.h>
#include <stdlib.h>

#include "extract.h"
#include "../common/limits.h"
#include "../common/util.h"

struct macro_tab;

struct ex {
	struct board *b;
	struct arena *a;
	CXTranslationUnit tu;
	CXFile main_file;
	const char *path;		/* main file as given to extract_board */
	struct macro_tab *macros;	/* #defines seen in the TU, by name */
	struct function *fn;		/* function being walked (parameters) */
	CXCursor fn_cur;		/* its cursor, valid while fn != NULL */
	struct ptrvec known_funcs;	/* main-file function names, for recovery */
	struct ptrvec known_vars;	/* main-file variable names, for recovery */
	const char **init_funcs;	/* external NAME_init(void) definitions (init_machine.c) */
	size_t ninit_funcs;
	struct srcpos init_pos;		/* where the last of them is */
	CXFile synth_file;		/* the synthesized header (second parse), or NULL */
	struct srcpos first_pos;	/* where clang's first error in the main file is */
	/* Limits (common/limits.h): current nesting, values made, and whether
	 * one was exceeded (reported once; extract_board then fails). */
	int value_depth, init_depth, walk_depth;
	int expr_depth;	/* walk(): expressions around the cursor */
	size_t nvalues;
	bool limit_hit;
};

/* One parse of a board file and its board (extract.c); extract_board() is machine_split.c. */
int ex_extract_one(const char *path, const struct extract_options *opt, struct board **out);

/* A cursor's children, collected once (libclang only offers a visitor). */
struct cvec {
	CXCursor *v;
	size_t n, cap;
};

/* init_machine.c: a file with no MACHINE_START whose one NAME_init(void) a DT machine calls */
void ex_init_machine_candidate(struct ex *x, CXCursor c, struct function *f);
void ex_init_machine(struct ex *x);

/* missing_headers.c: an inclusion directive by quotes that found no file, kept on the board */
void ex_note_missing_header(struct ex *x, CXCursor c);
void cvec_children(CXCursor c, struct cvec *out);
void cvec_free(struct cvec *cv);

struct srcpos ex_pos(struct ex *x, CXCursor c);
/* The file offset where c's extent starts (ex_util.c). */
unsigned ex_offset(CXCursor c);
struct srcpos ex_pos_loc(struct ex *x, CXSourceLocation loc);
char *ex_range_text(struct ex *x, CXSourceRange r);
char *ex_text(struct ex *x, CXCursor c);
/* The leftmost name of an lvalue (`a` of `a.b[0].c`, a DeclRefExpr), or a null cursor. */
CXCursor ex_base_ref(CXCursor lvalue);
char *ex_cxstr(struct ex *x, CXString s);	/* copies and disposes */
struct value *ex_new_value(struct ex *x, enum value_kind kind, CXCursor c);
/* A VAL_STRING's text from its unescaped bytes; a NUL inside is v->problem. Frees sb. */
void ex_string_text(struct ex *x, struct value *v, struct strbuf *sb);
/* Report, once per file, that limit `what` (e.g. "initializer nested deeper
 * than 64 levels") was exceeded at c; sets x->limit_hit. Returns false. */
bool ex_limit(struct ex *x, CXCursor c, const char *what, long limit);
void ex_value_push(struct ex *x, struct value *list, struct value *kid);
const char *ex_type_tag(struct ex *x, CXType t, bool *is_array);

/* eval.c; ex_cond and the operators: eval_cond.c */
struct value *ex_value(struct ex *x, CXCursor c);
/* A local integer's value at ref (its initializer, or its one assignment before ref), or NULL (eval_local.c). */
struct value *ex_local_value(struct ex *x, CXCursor ref, CXCursor decl);
struct value *ex_cond(struct ex *x, CXCursor c);
CXCursor ex_strip(CXCursor c);
/* The operator of a unary or binary operator cursor, NULL when unread. */
const char *ex_op_token(struct ex *x, CXCursor c);
/* compound_store.c: `*REG |= X` to what is not a local: a lost fact (a TODO) */
void ex_record_compound(struct ex *x, CXCursor c, const struct cvec *kids, struct guard **guards,
			const size_t *nguards);
/* The operator of a compound assignment cursor, "|=" ("?=" when not read). */
const char *ex_compound_op(struct ex *x, CXCursor c);
bool ex_op_is(struct ex *x, CXCursor c, const char *op);
/* An expression's operand (a cast's: after its TypeRef); !*ok when none. */
CXCursor ex_only_child(CXCursor c, bool *ok);

/* walk_init.c */
struct value *ex_init_list(struct ex *x, CXCursor list);

/* walk_func.c */
struct function *ex_function(struct ex *x, CXCursor fn);

/* tok_macro.c: the TU's macros; tokeval.c: evaluation; tok_recover.c:
 * initializers clang dropped */
struct macro_tab *macro_tab_new(void);
void macro_tab_free(struct macro_tab *t);
void macro_tab_add(struct macro_tab *t, CXCursor def);
bool tok_eval_range(struct ex *x, CXSourceRange r, long long *out,
		    const char **expansion);
bool tok_eval_text(struct ex *x, const char *text, long long *out,
		   const char **expansion);
struct value *tok_recover_init(struct ex *x, CXCursor var, unsigned limit);
/* The `NAME(args);` statements of a block's own level that none of its statements
 * (kids) stands for, from its tokens; their count. */
size_t tok_block_calls(struct ex *x, CXCursor block, const struct cvec *kids,
		       struct call ***out);
struct call *tok_written_call(struct ex *x, CXCursor c, const struct call *call);
unsigned tok_stmt_line(CXCursor c);	/* the line a statement starts on, in the main file */
/* A struct initializer clang kept without its fields (its definition invalid). */
bool tok_fields_lost(const struct value *v);
struct value *tok_recover_machine(struct ex *x, unsigned off, unsigned limit,
				  const char **id, const char **name);

/* tokeval.c: words (token texts) for synth*.c; tok_words_free in tok_macro.c */
char **tok_words(struct ex *x, unsigned off, unsigned limit, int *n);
char **tok_expand_words(struct ex *x, char **w, int n, int *nout);
bool tok_eval_words(struct ex *x, char **w, int n, long long *out);
void tok_words_free(char **w, int n);

/* extract.c */
unsigned ex_next_offset(struct ex *x, struct cvec *top, size_t i);

/* synth.c, synth_grow.c: what a second tolerant parse gets */
struct ex_overlays {
	struct ptrvec paths, texts;	/* headers replaced by an in-memory copy */
	struct ptrvec grown;		/* "tag.field": fields those copies add */
};

char *ex_synth_header(struct ex *x, struct cvec *top, struct ex_overlays *ov);
void ex_overlays_free(struct ex_overlays *ov);
/* Lost facts for the values of grown fields (after the second parse). */
void ex_note_grown(struct ex *x, const struct ptrvec *grown);
bool ex_is_synth(struct ex *x, CXCursor decl);
bool ex_refs_synth(struct ex *x, CXCursor expr);

/* blank_bodies.c: function bodies to blanks, in place; how many */
size_t blank_bodies(char *text, size_t len);

/*
 * skip_bodies.c: the overlay arguments that serve libclang the cached
 * headers without bodies (roots: the remapped directories, for sb_update);
 * after a parse, cache the headers it read: how many were stale copies.
 */
void sb_args(const char *cache, const char *main, const char *model_dir,
	     struct ptrvec *args, struct ptrvec *roots);
unsigned sb_update(CXTranslationUnit tu, const char *cache, const char *model_dir,
		   const struct ptrvec *roots);
/* Write path through a temporary file and a rename (workers share a cache); times: its mtime. */
struct stat;
bool ex_put_atomic(const char *path, const char *text, size_t len, const struct stat *times);

/*
 * parse_cache.c: tolerant mode's first parse skipped. pc_key: the cache
 * entry of this parse (NULL: not cached); pc_deps: after the first parse,
 * what it read; pc_store: its synthesized header and overlays; pc_load:
 * them again, when nothing the first parse read has changed.
 */
char *pc_key(const char *path, const struct extract_options *opt);
char *pc_deps(CXTranslationUnit tu, const char *path, const struct extract_options *opt,
	      const char *skip);
/* The dependency records of a and those of b that a lacks (both parses' reads). */
char *pc_deps_merge(const char *a, const char *b);
/* board: the extraction's result (board_store.h), or NULL when it failed. */
void pc_store(const char *key, const char *deps, const char *hdr, const struct ex_overlays *ov,
	      const char *board, size_t board_len);
/* The stored board's bytes (pc_load's board: NULL when not wanted). */
struct pc_board {
	char *bytes;
	size_t len;
};
bool pc_load(const char *key, char **hdr, struct ex_overlays *ov, struct pc_board *board);
/*
 * What the parse cache did in this process (tests): binary hashed, entries
 * checked in full, boards read.
 */
struct pc_stats {
	unsigned self_reads, validations;
	unsigned boards;	/* extractions answered by a stored board, no parse */
};
extern struct pc_stats pc_stats;

/* What the parse cache (parse_cache.c) holds for and learns from one extraction. */
struct ex_cache {
	char *key;		/* NULL: not cached */
	bool hit;		/* an entry with the synthesized header and overlays */
	char *deps;		/* the first parse's reads: it ran here, the entry is to write */
	char *hdr;		/* the synthesized header */
	struct pc_board board;	/* the entry's board */
};

/* The synthesized header's path (force-included by the second parse; in memory, synth.c). */
char *ex_synth_path(const struct extract_options *opt);

/* extract_cache.c: the entry's board (NULL: parse); the entry written after a parse. */
struct board *ex_cached_board(const char *path, const struct extract_options *opt,
			      struct ex_cache *c, struct ex_overlays *ov);
void ex_cache_store(const struct ex *x, const char *path, const struct extract_options *opt,
		    struct ex_cache *c, const struct ex_overlays *ov, const struct board *b);
void ex_cache_free(struct ex_cache *c);

/*
 * parse.c: parse path (synth_path/synth_text: a header force-included, the
 * second tolerant parse; ov: headers read from memory). B2D_OK or
 * B2D_ERR_PARSE after a diagnostic.
 */
int ex_parse(const char *path, const struct extract_options *opt, CXIndex index,
	     const char *synth_path, const char *synth_text,
	     const struct ex_overlays *ov, CXTranslationUnit *tu);

/* args.c */
int ex_build_args(const char *path, const struct extract_options *opt,
		  struct ptrvec *args);

#endif
