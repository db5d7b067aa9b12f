/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The node graph: device tree nodes and properties built by the rule engine,
 * before any text is written. Every property keeps the srcpos and C text it
 * came from, so writers can annotate it. Allocation is from tree->arena.
 *
 * Order is insertion order everywhere except overlays (&label { }), which the
 * writers sort by label: the same board model always gives the same output.
 */
#ifndef B2D_GRAPH_H
#define B2D_GRAPH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../common/arena.h"
#include "../common/diag.h"

enum dt_cell_kind {
	CELL_U32,	/* plain number */
	CELL_REF,	/* phandle reference to a label: text = "gpio5" */
	CELL_MACRO,	/* a dt-bindings macro: text = "GPIO_ACTIVE_LOW", val = its value */
};

struct dt_cell {
	enum dt_cell_kind kind;
	uint32_t val;
	const char *text;
	unsigned char base;	/* CELL_U32: 16 or 10 as the board file wrote it; 0: by name */
};

enum dt_chunk_kind {
	CHUNK_STRING,	/* "text" */
	CHUNK_CELLS,	/* <cells...> */
	CHUNK_REF_PATH,	/* &label as a path reference (e.g. in aliases) */
};

/* A property value is a comma-separated list of chunks: "a", "b" or <1 2>, <3 4>. */
struct dt_chunk {
	enum dt_chunk_kind kind;
	const char *str;	/* CHUNK_STRING bytes (unescaped); CHUNK_REF_PATH label */
	struct dt_cell *cells;	/* CHUNK_CELLS */
	size_t ncells;
	unsigned bits;		/* CHUNK_CELLS: 16 for `/bits/ 16 <...>`; 0: 32-bit cells */
};

struct dt_prop {
	const char *name;
	struct dt_chunk **chunks;	/* none: a boolean (empty) property */
	size_t nchunks;
	struct srcpos pos;		/* board-file line it came from */
	const char *origin;		/* C text for the annotation, e.g. ".gpio = 150" */
	const char *condition;		/* guard text: of an alternative, or the path
					 * it was converted on ([if ...] annotation) */
	struct dt_prop **alts;		/* values under other guard branches (comments) */
	size_t nalts;
};

/* Something not converted, written as a comment where it belongs. */
struct dt_todo {
	struct srcpos pos;
	const char *text;	/* the C text */
	const char *reason;	/* why it was not converted */
};

struct dt_node {
	const char *name;	/* "led-0"; "" for the root */
	const char *unit;	/* unit address ("50"), or NULL */
	const char *label;	/* label defined on this node, or NULL */
	const char *ref;	/* overlays only: the label after '&' */
	struct dt_node *parent;
	struct dt_prop **props;
	size_t nprops;
	struct dt_node **children;
	size_t nchildren;
	struct dt_todo **todos;
	size_t ntodos;
	struct srcpos pos;
	const char *origin;	/* C text that created the node */
	bool after_tail_includes;	/* overlay of a label a tail include defines (&twl_gpio) */
	bool exact_name;	/* a valid name whose case a driver matches ("LDO2"): kept as it is */
};

/* What happened to one fact of the board model (the report's unit). */
enum fact_fate {
	FACT_CONVERTED,
	FACT_TODO,
};

struct fact {
	const char *kind;	/* "variable", "call", "store", "machine" */
	const char *what;	/* short C text: "gpio_led beagle_leds[0]" */
	struct srcpos pos;
	enum fact_fate fate;
	const char *became;	/* converted: node path or &label and property */
	const char *reason;	/* todo: why */
	struct srcpos rule;	/* the rule that decided (rule file:line), file NULL: none */
};

/* A board function the machine's code reaches (the report lists them). */
struct dt_func {
	const char *name;
	struct srcpos pos;
};

struct dt_tree {
	struct arena arena;
	const char *machine_id;		/* MACHINE_START id */
	bool machine_dt;		/* a DT_MACHINE_START (boots with a device tree already) */
	const char *source;		/* board file path */
	const char **includes;		/* "<dt-bindings/gpio/gpio.h>", "\"omap34xx.dtsi\"" */
	size_t nincludes;
	const char **tail_includes;	/* included after the overlays ("twl4030.dtsi" needs &twl) */
	size_t ntail_includes;
	struct dt_node *root;
	struct dt_node **overlays;	/* nodes with ref set: &label { ... } */
	size_t noverlays;
	struct dt_node **dropped;	/* overlays of labels the target lacks: written as
					 * // comments after the TODOs, for writing by hand */
	size_t ndropped;
	struct dt_todo **todos;		/* TODOs with no better place (end of file) */
	size_t ntodos;
	struct fact **facts;
	size_t nfacts;
	struct dt_func **funcs;		/* reached board functions, in reach order */
	size_t nfuncs;
	/*
	 * Labels dtc finds outside the graph, for the reference check
	 * (graph_normalise): label_known(label_ctx, l) asks the target's .dtsi;
	 * ext_labels are those the tail includes define. label_known NULL: the
	 * target is not known (no kernel tree) and references are not checked.
	 */
	bool (*label_known)(const void *ctx, const char *label);
	const void *label_ctx;
	const char **ext_labels;
	size_t next_labels;
	size_t nunresolved;	/* references the check turned into TODOs */
	/* Tolerant mode (extractor/config.h): the CONFIG_ source, for the header and report. */
	bool tolerant;
	const char *config_file;	/* --config FILE, or NULL */
	const char **assumed_config;	/* without it: the symbols assumed enabled */
	size_t nassumed_config;
	/*
	 * While the engine converts a call on a default path (the else of a
	 * condition nothing decides, engine/engine_default_path.c): that
	 * path's condition, given to each property set meanwhile.
	 */
	const char *default_condition;
	size_t ndefault_props;		/* properties set under it, so far */
};

struct dt_tree *dt_tree_new(void);
void dt_tree_free(struct dt_tree *t);

/* Take child out of parent's children (it stays allocated, for another parent). */
void dt_node_unlink(struct dt_node *parent, const struct dt_node *child);
struct dt_node *dt_node_add(struct dt_tree *t, struct dt_node *parent,
			    const char *name, const char *unit);
struct dt_node *dt_child(const struct dt_node *parent, const char *name, const char *unit);
/* The overlay for &label, created on first use. */
struct dt_node *dt_overlay(struct dt_tree *t, const char *label);
/* Whether n or a node below it defines label. */
bool dt_node_has_label(const struct dt_node *n, const char *label);
void dt_add_include(struct dt_tree *t, const char *include);	/* ignores duplicates */
void dt_add_tail_include(struct dt_tree *t, const char *include);

/* Adding a property whose name exists replaces its value (last one wins). */
struct dt_prop *dt_prop_set(struct dt_tree *t, struct dt_node *n, const char *name);
struct dt_prop *dt_prop_find(const struct dt_node *n, const char *name);
void dt_prop_del(struct dt_node *n, const char *name);
void dt_prop_add_string(struct dt_tree *t, struct dt_prop *p, const char *s);
/* A path reference (&label unbracketed, e.g. in /aliases): CHUNK_REF_PATH. */
void dt_prop_add_ref_path(struct dt_tree *t, struct dt_prop *p, const char *label);
/* A value under another guard branch, kept as a comment after p. */
struct dt_prop *dt_prop_add_alt(struct dt_tree *t, struct dt_prop *p, const char *condition);
struct dt_chunk *dt_prop_add_cells(struct dt_tree *t, struct dt_prop *p);	/* new <> group */
void dt_chunk_add_u32(struct dt_tree *t, struct dt_chunk *c, uint32_t v);
/* The same, written in base (16 or 10; 0: the writer's choice by property name). */
void dt_chunk_add_num(struct dt_tree *t, struct dt_chunk *c, uint32_t v, unsigned base);
void dt_chunk_add_ref(struct dt_tree *t, struct dt_chunk *c, const char *label);
void dt_chunk_add_macro(struct dt_tree *t, struct dt_chunk *c, const char *macro, uint32_t v);

void dt_node_add_todo(struct dt_tree *t, struct dt_node *n, const struct srcpos *pos,
		      const char *text, const char *reason);	/* n == NULL: tree level */
struct fact *dt_add_fact(struct dt_tree *t, const char *kind, const char *what,
			 const struct srcpos *pos);

void dt_add_func(struct dt_tree *t, const char *name, const struct srcpos *pos);

/* One TODO and the node it is written in (NULL: tree level, end of file). */
struct dt_todo_ref {
	const struct dt_todo *todo;
	const struct dt_node *node;
};
/*
 * Every TODO of the tree, in the order the report lists them (root subtree,
 * overlays, tree level): the one list behind the report's `todos` and its
 * `counts.todo`. Returns the count; *out is malloc'd (NULL when out is NULL).
 */
size_t dt_tree_todos(const struct dt_tree *t, struct dt_todo_ref **out);
/* The properties the tree writes (root subtree and overlays), for convert's summary line. */
size_t dt_tree_nprops(const struct dt_tree *t);

/* "/leds/led-0" or "&i2c1/eeprom@50" for reports and diagnostics. */
char *dt_node_path(struct dt_tree *t, const struct dt_node *n);
/* The same path appended to sb, for callers holding a const tree. */
struct strbuf;
void dt_node_path_sb(const struct dt_node *n, struct strbuf *sb);

/* Run every pass over the graph in order (graph/passes.c has the table). */
void graph_normalise(struct dt_tree *t);
/* The references pass (graph/references.c): a &label nothing defines becomes a TODO. */
void graph_references(struct dt_tree *t);
/* Does the graph, a tail include or the target's .dtsi define the label? (t->label_known set) */
bool dt_label_defined(const struct dt_tree *t, const char *label);
/* The unique_todos pass (graph/unique_todos.c): a TODO said twice is said once. */
void graph_unique_node_todos(struct dt_tree *t, struct dt_node *n);
void graph_unique_tree_todos(struct dt_tree *t);

/* A valid node name / label from arbitrary text ("DVI nPD" -> "dvi-npd"); malloc'd (naming.c). */
char *dts_node_name(const char *s);
char *dts_label(const char *s);

#endif
