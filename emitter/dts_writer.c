// SPDX-License-Identifier: GPL-2.0
/*
 * The .dts writer: the node graph as kernel-style DTS text.
 *
 * Layout: SPDX line, header comment, /dts-v1/, #includes, the root node,
 * the &label overlays (in tree order: the sort_overlays pass makes that
 * deterministic), the tail #includes, overlays of labels those define, and
 * the tree-level TODOs in one block comment; the dt-bindings #includes come
 * before the SoC .dtsi's. Inside a node: properties (each followed by its
 * alternatives; "status" last), then the node's TODOs, then the children,
 * each child preceded by a blank line unless it opens the node body.
 *
 * Every byte of C text that reaches a comment goes through comment_text(), so
 * no board file can end a comment early or break a line.
 */
#include "emit.h"

#include <string.h>

#include "../common/util.h"

#define COMMENT_TEXT_MAX 100	/* longer C text is cut at a space and ends in " ..." */
#define WRAP_COLUMN 100		/* long values continue on the next line */

/*
 * One line, no comment terminators: control bytes and whitespace runs become
 * one space, "*" "/" pairs are split, bytes that are not UTF-8 (a Latin-1
 * vendor string) are written as \xNN. max == 0 means no length cap.
 */
static void comment_text(struct strbuf *out, const char *s, size_t max)
{
	size_t n = 0, start = out->len, last_space = 0;
	bool space = false;

	for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
		if (*p <= ' ' || *p == 0x7f) {
			space = n > 0;
			continue;
		}
		if (max && n >= max) {
			/* Cut at a space, never inside a word or a macro call. */
			if (last_space > start + max / 2) {
				out->len = last_space;
				out->buf[out->len] = '\0';
			}
			sb_add(out, " ...");
			return;
		}
		if (space) {
			last_space = out->len;
			sb_addc(out, ' ');
			n++;
			space = false;
		}
		if (*p >= 0x80) {
			size_t u = utf8_len(p);

			if (u) {
				sb_addn(out, (const char *)p, u);
				p += u - 1;
			} else {
				sb_addf(out, "\\x%02x", *p);
			}
			n++;
			continue;
		}
		sb_addc(out, (char)*p);
		n++;
		/* "*" then "/" ends a comment; "/" then "*" opens a nested one. */
		if ((*p == '*' && p[1] == '/') || (*p == '/' && p[1] == '*')) {
			sb_addc(out, ' ');
			n++;
		}
	}
}

static void indent(struct strbuf *out, int depth)
{
	for (int i = 0; i < depth; i++)
		sb_addc(out, '\t');
}

static void write_pos(struct strbuf *out, const struct srcpos *pos)
{
	comment_text(out, path_basename(pos->file), 0);
	if (pos->line)
		sb_addf(out, ":%u", pos->line);
}

static bool has_suffix(const char *s, const char *suffix)
{
	size_t ls = strlen(s), lx = strlen(suffix);

	return ls >= lx && strcmp(s + ls - lx, suffix) == 0;
}

/* Addresses, sizes and masks: hex is how datasheets and the kernel write them. */
static bool address_like(const char *prop)
{
	static const char *const names[] = { "reg", "ranges", "dma-ranges", "pinctrl-single,bits",
					      "pinctrl-single,pins" };
	static const char *const suffixes[] = { "-addr", "-address", "-base", "-mask", "-offset" };

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(prop, names[i]) == 0)
			return true;
	for (size_t i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++)
		if (has_suffix(prop, suffixes[i]))
			return true;
	return false;
}

/* Physical quantities (Hz, volts, times) read best in decimal, however large. */
static bool quantity_like(const char *prop)
{
	static const char *const suffixes[] = {
		"frequency", "-freq", "_freq", "-hz", "-khz", "-mhz", "-microvolt", "-microamp",
		"-microwatt", "-ohms", "-us", "-ms", "-ns", "-ps", "-sec", "-celsius",
		"-interval", "-delay", "baud", "-speed", "-rate", "-bits",
		"pwms",	/* <&pwm0 78770>: the period in ns */
		"-level", "-levels", "-steps", "-brightness",
	};

	for (size_t i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++)
		if (has_suffix(prop, suffixes[i]))
			return true;
	return false;
}

/*
 * Number format: the board file's base when the cell knows it (dt_cell.base),
 * else a function of (property name, <> group) only:
 *   address-like properties (reg, ranges, *-mask ...): a group holding a
 *     value of 10 or more is an address/size pair and is all hex
 *     (<0x18000000 0x2>, <0x50>); small ones are indices (reg = <1>);
 *   quantity-like properties (*-frequency, *-microvolt, *-ms ...): decimal;
 *   anything else: decimal below 0x100, hex from there.
 */
static bool group_is_hex(const char *prop, const struct dt_chunk *c)
{
	if (!address_like(prop))
		return false;
	for (size_t i = 0; i < c->ncells; i++)
		if (c->cells[i].kind == CELL_U32 && c->cells[i].val >= 10)
			return true;
	return false;
}

static void write_u32(struct strbuf *out, const char *prop, bool hex_group, uint32_t v,
		      unsigned base)
{
	bool hex;

	if (base)	/* the board file's own base (kernel DTS style) */
		hex = base == 16;
	else if (address_like(prop))
		hex = hex_group;
	else if (quantity_like(prop))
		hex = false;
	else
		hex = v >= 0x100;
	sb_addf(out, hex ? "0x%x" : "%u", v);
}

/* Display column of the end of `out` (tabs to multiples of 8). */
static size_t current_column(const struct strbuf *out)
{
	size_t start = out->len, col = 0;

	while (start > 0 && out->buf[start - 1] != '\n')
		start--;
	for (size_t i = start; i < out->len; i++)
		col = out->buf[i] == '\t' ? (col / 8 + 1) * 8 : col + 1;
	return col;
}

/* A new line, indented with tabs and spaces to `col` (kernel style). */
static void newline_to_column(struct strbuf *out, size_t col)
{
	sb_addc(out, '\n');
	for (size_t i = 0; i < col / 8; i++)
		sb_addc(out, '\t');
	for (size_t i = 0; i < col % 8; i++)
		sb_addc(out, ' ');
}

static void write_cell(struct strbuf *out, const char *prop, bool hex_group,
		       const struct dt_cell *cell)
{
	if (cell->kind == CELL_REF)
		sb_addf(out, "&%s", cell->text);
	else if (cell->kind == CELL_MACRO && cell->text)
		sb_add(out, cell->text);
	else
		write_u32(out, prop, hex_group, cell->val, cell->base);
}

/* <cells>, wrapped before a cell that would pass WRAP_COLUMN, aligned after '<'. */
static void write_cells(struct strbuf *out, const char *prop, const struct dt_chunk *c)
{
	bool hex_group = group_is_hex(prop, c);
	size_t align;
	struct strbuf cell = { 0 };

	if (c->bits && c->bits != 32)
		sb_addf(out, "/bits/ %u ", c->bits);
	sb_addc(out, '<');
	align = current_column(out);
	for (size_t i = 0; i < c->ncells; i++) {
		cell.len = 0;
		write_cell(&cell, prop, hex_group, &c->cells[i]);
		/* "": a cell of the macro before it (MX51_PAD_EIM_D16__I2C1_SDA is five) */
		if (!cell.len && c->cells[i].kind == CELL_MACRO)
			continue;
		if (i && current_column(out) + 1 + cell.len + 2 > WRAP_COLUMN)
			newline_to_column(out, align);
		else if (i)
			sb_addc(out, ' ');
		sb_addn(out, cell.buf, cell.len);
	}
	sb_addc(out, '>');
	sb_free(&cell);
}

static void write_chunk(struct strbuf *out, const char *prop, const struct dt_chunk *c)
{
	if (c->kind == CHUNK_STRING)
		dts_escape_string(out, c->str);
	else if (c->kind == CHUNK_REF_PATH)
		sb_addf(out, "&%s", c->str);
	else
		write_cells(out, prop, c);
}

/*
 * "name = value;" or "name;" for an empty (boolean) property. A value list
 * that would pass WRAP_COLUMN puts each further value on its own line,
 * aligned under the first.
 */
static void write_assignment(struct strbuf *out, const struct dt_prop *p)
{
	size_t align = 0;
	struct strbuf chunk = { 0 };

	sb_add(out, p->name);
	if (p->nchunks) {
		sb_add(out, " = ");
		align = current_column(out);
	}
	for (size_t i = 0; i < p->nchunks; i++) {
		chunk.len = 0;
		write_chunk(&chunk, p->name, p->chunks[i]);
		if (i)
			sb_addc(out, ',');
		if (i && current_column(out) + 1 + chunk.len + 1 > WRAP_COLUMN)
			newline_to_column(out, align);
		else if (i)
			sb_addc(out, ' ');
		if (chunk.len && !memchr(chunk.buf, '\n', chunk.len))
			sb_addn(out, chunk.buf, chunk.len);
		else	/* a wrapped cell list: rewrite it at its real column */
			write_chunk(out, p->name, p->chunks[i]);
	}
	sb_addc(out, ';');
	sb_free(&chunk);
}

static void write_annotation(struct strbuf *out, const struct dt_prop *p)
{
	bool sep = false;

	if (!p->pos.file && !p->origin && !p->condition)
		return;
	sb_add(out, "\t/* ");
	if (p->pos.file) {
		write_pos(out, &p->pos);
		sep = true;
	}
	if (p->origin) {
		if (sep)
			sb_addc(out, ' ');
		comment_text(out, p->origin, COMMENT_TEXT_MAX);
		sep = true;
	}
	if (p->condition) {
		sb_add(out, sep ? " [if " : "[if ");
		comment_text(out, p->condition, COMMENT_TEXT_MAX);
		sb_addc(out, ']');
	}
	sb_add(out, " */");
}

/* Alternatives carry values the output does not use: always written. */
static void write_alt(struct strbuf *out, const struct dt_prop *alt, int depth)
{
	struct strbuf value;

	indent(out, depth);
	sb_add(out, "/* alternative");
	if (alt->condition) {
		sb_add(out, " if ");
		comment_text(out, alt->condition, COMMENT_TEXT_MAX);
	}
	if (alt->pos.file) {
		sb_addc(out, ' ');
		write_pos(out, &alt->pos);
	}
	sb_add(out, ": ");
	sb_init(&value);
	write_assignment(&value, alt);
	comment_text(out, value.buf, 0);
	sb_free(&value);
	sb_add(out, " */\n");
}

static void mark(const struct dts_options *o, const struct strbuf *out,
		 const struct dt_prop *p, const struct dt_todo *td)
{
	struct dts_marks *m = o->marks;

	if (!m)
		return;
	if (m->n == m->cap) {
		m->cap = m->cap ? 2 * m->cap : 64;
		m->v = xrealloc(m->v, m->cap * sizeof(*m->v));
	}
	m->v[m->n++] = (struct dts_mark){ out->len, p, td };
}

static void write_prop(struct strbuf *out, const struct dt_prop *p, int depth,
		       const struct dts_options *o)
{
	mark(o, out, p, NULL);
	indent(out, depth);
	write_assignment(out, p);
	if (o->annotate)
		write_annotation(out, p);
	sb_addc(out, '\n');
	for (size_t i = 0; i < p->nalts; i++)
		write_alt(out, p->alts[i], depth);
}

/* "TODO file:line: text: reason", shared by node and tree TODOs. */
static void write_todo_text(struct strbuf *out, const struct dt_todo *td)
{
	sb_add(out, "TODO");
	if (td->pos.file) {
		sb_addc(out, ' ');
		write_pos(out, &td->pos);
	}
	sb_addc(out, ':');
	if (td->text) {
		sb_addc(out, ' ');
		comment_text(out, td->text, COMMENT_TEXT_MAX);
		if (td->reason)
			sb_addc(out, ':');
	}
	if (td->reason) {
		sb_addc(out, ' ');
		comment_text(out, td->reason, 0);	/* a reason is read whole */
	}
}

static void write_node_head(struct strbuf *out, const struct dt_node *n)
{
	if (n->ref) {
		sb_addf(out, "&%s {\n", n->ref);
		return;
	}
	if (n->label)
		sb_addf(out, "%s: ", n->label);
	if (!n->parent && !*n->name)
		sb_addc(out, '/');
	sb_add(out, n->name);
	if (n->unit)
		sb_addf(out, "@%s", n->unit);
	sb_add(out, " {\n");
}

static void write_node(struct strbuf *out, const struct dt_node *n, int depth,
		       const struct dts_options *o)
{
	bool body = false;

	indent(out, depth);
	write_node_head(out, n);
	/* Kernel DTS style (dts-coding-style.rst): "status" last of the properties. */
	for (int last = 0; last <= 1; last++)
		for (size_t i = 0; i < n->nprops; i++)
			if (str_eq(n->props[i]->name, "status") == last) {
				write_prop(out, n->props[i], depth + 1, o);
				body = true;
			}
	for (size_t i = 0; i < n->ntodos; i++, body = true) {
		mark(o, out, NULL, n->todos[i]);
		indent(out, depth + 1);
		sb_add(out, "/* ");
		write_todo_text(out, n->todos[i]);
		sb_add(out, " */\n");
	}
	for (size_t i = 0; i < n->nchildren; i++, body = true) {
		if (body)
			sb_addc(out, '\n');
		write_node(out, n->children[i], depth + 1, o);
	}
	indent(out, depth);
	sb_add(out, "};\n");
}

static void write_include(struct strbuf *out, const char *inc)
{
	if (inc[0] == '<' || inc[0] == '"')
		sb_addf(out, "#include %s\n", inc);
	else
		sb_addf(out, "#include \"%s\"\n", inc);
}

const char *dts_model(const struct dt_tree *t)
{
	const struct dt_prop *p = dt_prop_find(t->root, "model");

	if (p && p->nchunks && p->chunks[0]->kind == CHUNK_STRING)
		return p->chunks[0]->str;
	return NULL;
}

/* Tolerant mode: where the CONFIG_ symbols came from (extractor/config.h). */
static void write_config_note(struct strbuf *out, const struct dt_tree *t)
{
	size_t col = 0;

	if (t->config_file) {
		sb_add(out, " * CONFIG_ symbols from --config ");
		comment_text(out, path_basename(t->config_file), COMMENT_TEXT_MAX);
		sb_add(out, ".\n");
	}
	if (!t->nassumed_config)
		return;
	sb_add(out, " * Tolerant mode assumed these enabled (the board file tests them;\n"
		    " * pass --config FILE to decide):");
	col = 80;
	for (size_t i = 0; i < t->nassumed_config; i++) {
		size_t n = strlen(t->assumed_config[i]) + 2;

		if (col + n > 78) {
			sb_add(out, "\n *");
			col = 2;
		}
		sb_addc(out, ' ');
		comment_text(out, t->assumed_config[i], COMMENT_TEXT_MAX);
		sb_add(out, i + 1 < t->nassumed_config ? "," : ".");
		col += n;
	}
	sb_addc(out, '\n');
}

static void write_header(struct strbuf *out, const struct dt_tree *t)
{
	const char *model = dts_model(t);

	sb_add(out, "// SPDX-License-Identifier: GPL-2.0\n/*\n * Generated by board2dts");
	if (t->source) {
		sb_add(out, " from ");
		comment_text(out, path_basename(t->source), 0);
	}
	if (t->machine_id) {
		sb_add(out, ", machine ");
		comment_text(out, t->machine_id, COMMENT_TEXT_MAX);
	}
	if (model) {
		sb_add(out, " (\"");
		comment_text(out, model, COMMENT_TEXT_MAX);
		sb_add(out, "\")");
	}
	sb_add(out, ".\n");
	if (t->machine_dt)
		sb_add(out, " * A DT_MACHINE_START: the machine boots with a device tree already;\n"
			    " * this is what its C code registers besides.\n");
	write_config_note(out, t);
	sb_add(out, " * Review every TODO before use.\n */\n\n/dts-v1/;\n");
}

static void write_overlays(struct strbuf *out, const struct dt_tree *t,
			   const struct dts_options *o, bool after_tail)
{
	for (size_t i = 0; i < t->noverlays; i++) {
		if (t->overlays[i]->after_tail_includes != after_tail)
			continue;
		sb_addc(out, '\n');
		write_node(out, t->overlays[i], 0, o);
	}
}

static void write_tree_todos(struct strbuf *out, const struct dt_tree *t,
			     const struct dts_options *o)
{
	if (!t->ntodos)
		return;
	sb_add(out, "\n/*\n");
	for (size_t i = 0; i < t->ntodos; i++) {
		mark(o, out, NULL, t->todos[i]);
		sb_add(out, " * ");
		write_todo_text(out, t->todos[i]);
		sb_addc(out, '\n');
	}
	sb_add(out, " */\n");
}

/*
 * Overlays of labels the target lacks, as // comments (a // line may hold
 * the annotations' block comments), for the user to place by hand.
 */
static void write_dropped(struct strbuf *out, const struct dt_tree *t,
			  const struct dts_options *o)
{
	struct dts_options plain = { .annotate = o->annotate };
	struct strbuf node;

	if (!t->ndropped)
		return;
	sb_add(out, "\n// The overlays the TODOs above name (\"no such node\"), as they would read:\n");
	for (size_t i = 0; i < t->ndropped; i++) {
		sb_init(&node);
		write_node(&node, t->dropped[i], 0, &plain);
		sb_add(out, "//\n");
		for (const char *l = node.buf; l && *l;) {
			const char *e = strchr(l, '\n');
			size_t n = e ? (size_t)(e - l) : strlen(l);

			sb_add(out, n ? "// " : "//");
			sb_addn(out, l, n);
			sb_addc(out, '\n');
			l += n + (e != NULL);
		}
		sb_free(&node);
	}
}

void dts_write(const struct dt_tree *t, const struct dts_options *o, struct strbuf *out)
{
	static const struct dts_options defaults = { .annotate = true };

	if (!o)
		o = &defaults;
	write_header(out, t);
	if (t->nincludes)
		sb_addc(out, '\n');
	/* The dt-bindings headers (<...>) first, then the SoC .dtsi ("..."), as the kernel's .dts do. */
	for (int quoted = 0; quoted <= 1; quoted++)
		for (size_t i = 0; i < t->nincludes; i++)
			if ((t->includes[i][0] != '<') == quoted)
				write_include(out, t->includes[i]);
	sb_addc(out, '\n');
	write_node(out, t->root, 0, o);
	write_overlays(out, t, o, false);
	if (t->ntail_includes)
		sb_addc(out, '\n');
	for (size_t i = 0; i < t->ntail_includes; i++)
		write_include(out, t->tail_includes[i]);
	write_overlays(out, t, o, true);
	write_tree_todos(out, t, o);
	write_dropped(out, t, o);
}
