// SPDX-License-Identifier: GPL-2.0
/*
 * blank_bodies(): turn the function definitions of a header into
 * declarations, in place and offset for offset: `{ ... }` becomes `;` and
 * blanks, newlines kept, so that every position in the file stays where it
 * was. The extractor walks only the board file's own function bodies; the
 * thousands of static inline bodies of the kernel headers cost half of the
 * parse and give nothing (docs/performance.md, "Skipping header function
 * bodies"). skip_bodies.c serves the blanked copies to libclang.
 *
 * A text scan, so it is conservative: a body is blanked only when it
 * follows `)` at file scope (no `=` before it in the declaration: not a
 * compound literal), the parenthesis belongs to an identifier that is not a
 * keyword or an attribute, and the body holds no `#` (no directive, no
 * conditional around a brace). Preprocessor lines are never touched, so every
 * macro stays defined as before.
 */
#include "ex_internal.h"

#include <ctype.h>
#include <string.h>

struct scan {
	char *t;
	size_t n, i;
	int depth, parens;
	bool line_start;	/* only blanks and comments since the last newline */
	bool after_paren;	/* the last token was `)` */
	bool has_eq;		/* `=` at file scope in this declaration */
	bool owner_ok;		/* the last `(`...`)` follows a plain identifier */
	bool ident_last;	/* the last token was an identifier */
	char ident[32];		/* that identifier (truncated) */
	bool owners[64];	/* owner_ok of each open parenthesis */
	size_t body;		/* offset of the candidate body's `{` */
	bool candidate, dirty;
	size_t blanked;
};

static bool word_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* Keywords and attributes whose parenthesis may precede a `{` that is no body. */
static bool plain_owner(const char *id)
{
	static const char *const not_fn[] = {
		"if", "for", "while", "switch", "else", "do", "return", "sizeof",
		"typeof", "__typeof__", "__typeof", "__attribute__", "__attribute",
		"_Alignas", "__aligned", "__packed", "asm", "__asm__", "__asm",
		"_Static_assert", "__declspec",
	};

	if (!id[0] || isdigit((unsigned char)id[0]))
		return false;
	for (size_t k = 0; k < sizeof(not_fn) / sizeof(not_fn[0]); k++)
		if (!strcmp(id, not_fn[k]))
			return false;
	return true;
}

/* Past a comment, string or character literal at s->i, if there is one. */
static bool skip_lexical(struct scan *s)
{
	const char *t = s->t;
	size_t i = s->i;

	if (t[i] == '/' && i + 1 < s->n && t[i + 1] == '*') {
		const char *e = strstr(t + i + 2, "*/");

		s->i = e ? (size_t)(e - t) + 2 : s->n;
		return true;
	}
	if (t[i] == '/' && i + 1 < s->n && t[i + 1] == '/') {
		while (s->i < s->n && t[s->i] != '\n')
			s->i += 1 + (t[s->i] == '\\' && s->i + 1 < s->n);
		return true;
	}
	if (t[i] == '"' || t[i] == '\'') {
		for (s->i = i + 1; s->i < s->n && t[s->i] != t[i] && t[s->i] != '\n'; s->i++)
			s->i += t[s->i] == '\\';
		s->i++;
		s->after_paren = s->ident_last = false;
		return true;
	}
	return false;
}

/* A preprocessor line (with its continuations and comments) at s->i. */
static void skip_directive(struct scan *s)
{
	while (s->i < s->n && s->t[s->i] != '\n') {
		if (skip_lexical(s))
			continue;
		s->i += 1 + (s->t[s->i] == '\\' && s->i + 1 < s->n);
	}
}

static void blank(struct scan *s, size_t from, size_t to)
{
	s->t[from] = ';';
	for (size_t k = from + 1; k <= to; k++)
		if (s->t[k] != '\n')
			s->t[k] = ' ';
	s->blanked++;
}

/* A punctuation character at file scope (depth 0). */
static void file_scope(struct scan *s, char c)
{
	if (c == '(') {
		if (s->parens < 64)
			s->owners[s->parens] = s->ident_last && plain_owner(s->ident);
		s->parens++;
	} else if (c == ')' && s->parens > 0) {
		s->parens--;
		s->owner_ok = s->parens < 64 && s->owners[s->parens];
	} else if (c == '=' && !s->parens) {
		s->has_eq = true;
	} else if (c == ';' && !s->parens) {
		s->has_eq = false;
	} else if (c == '{') {
		s->candidate = s->after_paren && s->owner_ok && !s->has_eq && !s->parens;
		s->body = s->i;
		s->dirty = false;
		s->depth = 1;
	}
}

static void punct(struct scan *s, char c)
{
	if (!s->depth) {
		file_scope(s, c);
	} else if (c == '{') {
		s->depth++;
	} else if (c == '}' && --s->depth == 0) {
		if (s->candidate && !s->dirty)
			blank(s, s->body, s->i);
		s->candidate = false;
		s->has_eq = false;
	} else if (c == '#') {
		s->dirty = true;	/* `#` after a comment on its line: maybe a directive */
	}
	s->after_paren = c == ')';
	s->ident_last = false;
}

static void step(struct scan *s)
{
	char c = s->t[s->i];

	if (c == '\n') {
		s->line_start = true;
		s->i++;
		return;
	}
	if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' ||
	    (c == '\\' && s->i + 1 < s->n && s->t[s->i + 1] == '\n')) {
		s->i += c == '\\' ? 2 : 1;
		return;
	}
	if (skip_lexical(s))
		return;
	if (c == '#' && s->line_start) {
		s->dirty |= s->depth > 0;	/* a directive in a body: keep the body */
		skip_directive(s);
		return;
	}
	s->line_start = false;
	if (word_char(c)) {
		size_t b = s->i, len;

		while (s->i < s->n && word_char(s->t[s->i]))
			s->i++;
		len = s->i - b < sizeof(s->ident) - 1 ? s->i - b : sizeof(s->ident) - 1;
		memcpy(s->ident, s->t + b, len);
		s->ident[len] = '\0';
		s->ident_last = true;
		s->after_paren = false;
		return;
	}
	punct(s, c);
	s->i++;
}

size_t blank_bodies(char *text, size_t len)
{
	struct scan s = { .t = text, .n = len, .line_start = true };

	while (s.i < s.n)
		step(&s);
	return s.blanked;
}
