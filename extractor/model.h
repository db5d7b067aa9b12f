/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The board model: what a board file says, as the extractor found it.
 *
 * It is plain data with provenance (every value has a srcpos and its C
 * spelling) and no knowledge of device tree. The extractor builds it from
 * libclang; the rule engine reads it; `board2dts extract --json` dumps it.
 * Everything is allocated from board->arena.
 */
#ifndef B2D_MODEL_H
#define B2D_MODEL_H

#include <stdbool.h>
#include <stddef.h>

#include "../common/arena.h"
#include "../common/diag.h"

enum value_kind {
	VAL_INT,	/* integer with a known value (ival) */
	VAL_SYMBOLIC,	/* integer = callback parameter `sym` + ival */
	VAL_STRING,	/* string literal; text holds the bytes, unescaped */
	VAL_ADDR,	/* &name, or an array/function name decayed to a pointer: text = name */
	VAL_FUNC,	/* reference to a function: text = function name */
	VAL_LIST,	/* brace initializer: struct (type) or array (is_array) */
	VAL_NULL,	/* NULL pointer */
	VAL_EXPR,	/* operator over kids (guards only): text = op ("==", "&&", "!", ...) */
	VAL_UNKNOWN,	/* could not evaluate: spelling is all we have */
};

struct value {
	enum value_kind kind;
	const char *field;	/* designator or declared field name; NULL in arrays */
	long index;		/* position in the parent list (array index for arrays) */
	const char *type;	/* VAL_LIST: struct tag without "struct " (element tag for arrays) */
	bool is_array;		/* VAL_LIST: array rather than struct */
	long long ival;		/* VAL_INT: value; VAL_SYMBOLIC: offset from sym */
	const char *text;	/* VAL_STRING bytes, VAL_ADDR/VAL_FUNC name, VAL_EXPR op */
	const char *sym;	/* VAL_SYMBOLIC: parameter name */
	int sym_index;		/* VAL_SYMBOLIC: parameter position (0-based) */
	const char *sym_meaning;	/* VAL_SYMBOLIC: set by rules, e.g. "twl4030-gpio" */
	const char *spelling;	/* C source text of the expression, as written */
	const char *expansion;	/* macro chain, e.g. "GPIO_X -> A + B -> 210"; may be NULL */
	const char *problem;	/* why the value cannot be converted as it is (a string
				 * with a NUL inside); the engine makes it a TODO. NULL: none */
	struct srcpos pos;
	struct value **kids;	/* VAL_LIST members / VAL_EXPR operands */
	size_t nkids;
};

/* A condition on the path to a call or store: `cond` is true (or false when negated). */
struct guard {
	struct value *cond;
	bool negated;
	bool exit;		/* !cond of an early `if (cond) return;` (walk_func.c) */
	const char *text;	/* C text of the condition, "!(...)" added when negated */
};

struct call {
	const char *callee;
	struct value **args;
	size_t nargs;
	struct guard **guards;	/* outermost first; empty when unconditional */
	size_t nguards;
	struct srcpos pos;
	const char *spelling;	/* whole call as written, for annotations */
	bool nested;		/* inside another expression: its value is used there */
	struct call *written;	/* from a header macro's expansion: NAME(args) as the board
				 * file wrote them (tok_written_call()), or NULL */
};

/* An assignment `var.path = rhs` / `var[i].f = rhs` / `p->f = rhs` inside a function. */
struct store {
	const char *var;	/* base variable (file-scope or local/param name) */
	const char *path;	/* member path after var: "[0].gpio_cd", ".vpll2"; "" for var itself */
	struct value *rhs;
	struct guard **guards;
	size_t nguards;
	struct srcpos pos;
	const char *spelling;	/* whole assignment as written */
	bool global;		/* var is an object of file scope this file does not
				 * define (SoC or kernel code), not a local or the file's own */
	const char *op;		/* compounds only: "|=", "+=", ... */
};

struct function {
	const char *name;
	const char **params;	/* parameter names (NULL for unnamed) */
	size_t nparams;
	struct call **calls;	/* in source order */
	size_t ncalls;
	struct store **stores;	/* in source order */
	size_t nstores;
	struct store **compounds;	/* `*REG |= X`, `pd.flags |= X` to what is not a local
					 * (compound_store.c): path is the whole lvalue, rhs the
					 * operand, op the operator; in source order */
	size_t ncompounds;
	struct value *returns;	/* a body of one `return EXPR;`: EXPR as a
				 * guard condition (walk_func.c); NULL otherwise */
	struct srcpos pos;
};

/* A file-scope variable with an initializer. */
struct variable {
	const char *name;
	const char *type;	/* struct tag (element tag for arrays), or the C type spelling */
	bool is_array;
	struct value *init;	/* VAL_LIST for aggregates; NULL when no initializer */
	struct srcpos pos;
};

/* One MACHINE_START record (a struct machine_desc named __mach_desc_<ID>). */
struct machine {
	const char *id;		/* "OMAP3_BEAGLE" */
	const char *name;	/* "OMAP3 Beagle Board" */
	struct value *record;	/* the machine_desc initializer (.init_machine etc.) */
	struct srcpos pos;
	bool dt;		/* a DT_MACHINE_START record, in a file that has no other:
				 * it boots with a device tree already (extract.c) */
	bool init_only;		/* no record: the file's one NAME_init(void), which a DT
				 * machine of its SoC calls (init_machine.c) */
	const struct board *board;	/* the parse this machine's code comes from when the
					 * file was parsed per machine (machine_split.c);
					 * NULL: the board that lists it */
};

/* Something clang could not read in the board file (tolerant mode), kept as a TODO. */
struct lost_fact {
	struct srcpos pos;
	const char *message;	/* clang's message, or what the value is */
	const char *reason;	/* why it is a TODO; NULL: the model lacks the field */
	const char *kind;	/* the fact's kind; NULL: "field" */
};

/* An error clang reported in the board file itself (not in a header). */
struct clang_error {
	struct srcpos pos;
	const char *message;	/* clang's text, without the location */
	bool fatal;		/* clang could not go on from there (bracket nesting > 256) */
};

struct board {
	struct arena arena;
	const char *path;	/* the board file as given */
	struct variable **vars;
	size_t nvars;
	struct function **funcs;
	size_t nfuncs;
	struct machine **machines;
	size_t nmachines;
	bool tolerant;		/* parsed without a compilation database */
	unsigned clang_errors;	/* errors clang reported (tolerant mode expects some) */
	struct clang_error **main_errors;	/* those in the board file ("file not found"
						 * excepted in tolerant mode), in clang's order */
	size_t nmain_errors;
	struct lost_fact **lost;	/* initializer members clang dropped (model header lacks the field) */
	size_t nlost;
	bool reparsed;		/* tolerant mode: parsed again with synthesized declarations */
	const char *config_file;	/* tolerant mode: --config FILE, or NULL */
	const char **assumed_config;	/* tolerant mode without --config: CONFIG_ symbols
					 * assumed enabled (extractor/config.h) */
	size_t nassumed_config;
	struct config_macro **config_macros;	/* tolerant mode without --config: macros the
						 * file defines under an #if of assumed symbols */
	size_t nconfig_macros;
	const char **includes;	/* the file's own #include names, as written ("pxa300.h"),
				 * in the regions the preprocessor kept */
	size_t nincludes;
	struct clang_error **missing_headers;	/* tolerant mode: #include "x.h" (quoted: the
						 * board's own headers) found nowhere; message
						 * is the name */
	size_t nmissing_headers;
	struct board **siblings;	/* the files beside it whose functions and variables
					 * joined these (pipeline/siblings.c), owned */
	size_t nsiblings;
	struct board **parses;	/* the file parsed for its other machines
				 * (machine_split.c), owned; they list the same
				 * machines and share the siblings' code */
	size_t nparses;
};

/* Lookups (linear; boards hold at most a few hundred items). */
struct variable *board_find_var(const struct board *b, const char *name);
struct function *board_find_func(const struct board *b, const char *name);
struct machine *board_find_machine(const struct board *b, const char *id);
/*
 * Is name (its first len bytes) a local variable, of no file scope, at least
 * one store of which exists and every store of which has a right-hand side
 * whose spelling satisfies rhs_ok? Stores are those of fn, or of every
 * function of the board when fn is NULL.
 */
bool board_local_stores_all(const struct board *b, const struct function *fn, const char *name,
			    size_t len, bool (*rhs_ok)(const char *spelling));
/* A condition's text past a leading `unlikely(`. */
const char *skip_unlikely(const char *spelling);

/* The member of a VAL_LIST with this field name, or NULL. */
struct value *value_field(const struct value *list, const char *field);
/* The integer value of a member, with a default when absent or not an integer. */
long long value_field_int(const struct value *list, const char *field, long long dflt);
/* The string of a member (VAL_STRING), or NULL. */
const char *value_field_str(const struct value *list, const char *field);

/*
 * Does some guard of a call or store spell `name`, whole or as a part of
 * its condition (what --assume NAME=VALUE can decide)?
 */
bool board_guard_names(const struct board *b, const char *name);

/*
 * Tolerant mode: do --config or the assumptions (extractor/config.h) decide
 * every CONFIG_ symbol `text` names (false when it names none)?
 */
bool board_config_decides(const struct board *b, const char *text);

/*
 * `#define HAS_ATA 1` under `#if defined(CONFIG_BLK_DEV_PALMCHIP_BK3710)`: a
 * macro of the board file that has its value only because tolerant mode
 * assumed the symbols its #if tests.
 */
struct config_macro {
	const char *name;
	const char *assumed;	/* those symbols, ", "-separated */
};

/*
 * Tolerant mode without --config: the assumed CONFIG_ symbols a condition's
 * text depends on, directly (`IS_ENABLED(CONFIG_X)`, every symbol assumed) or
 * through a config_macro it names (", "-separated, added to `out`); false
 * when it depends on none.
 */
struct strbuf;
bool board_guard_assumption(const struct board *b, const char *text, struct strbuf *out);

void board_free(struct board *b);

#endif
