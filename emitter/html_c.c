// SPDX-License-Identifier: GPL-2.0
/*
 * HTML text of the review page (html.h): escaping, the C highlighter (a
 * line tokenizer: comments, strings and characters, numbers, keywords,
 * preprocessor lines), and the reason classes TODOs are coloured by.
 *
 * Whatever the board file holds (any byte, `</script>`, quotes), what goes
 * out is text: every byte of C and of the .dts passes through html_escape().
 */
#include "html.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "../common/util.h"

void html_escape(struct strbuf *out, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + n;

	while (p < end) {
		size_t u;

		switch (*p) {
		case '&': sb_add(out, "&amp;"); break;
		case '<': sb_add(out, "&lt;"); break;
		case '>': sb_add(out, "&gt;"); break;
		case '"': sb_add(out, "&quot;"); break;
		case '\'': sb_add(out, "&#39;"); break;
		case '\t': sb_addc(out, '\t'); break;
		default:
			if (*p < ' ' || *p == 0x7f) {
				sb_add(out, "\xef\xbf\xbd");
			} else if (*p < 0x80) {
				sb_addc(out, (char)*p);
			} else if ((u = utf8_len(p)) && u <= (size_t)(end - p)) {
				sb_addn(out, (const char *)p, u);
				p += u;
				continue;
			} else {
				sb_add(out, "\xef\xbf\xbd");
			}
		}
		p++;
	}
}

/* ---- the C highlighter ---- */

enum { ST_CODE = 0, ST_COMMENT = 1, ST_PP = 2 };

static const char *const keywords[] = {
	"auto", "break", "case", "char", "const", "continue", "default", "do", "double",
	"else", "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long",
	"register", "return", "short", "signed", "sizeof", "static", "struct", "switch",
	"typedef", "union", "unsigned", "void", "volatile", "while", "bool", "true", "false",
	"NULL", "__init", "__initdata", "__initconst", "__maybe_unused",
};

static bool is_keyword(const char *s, size_t n)
{
	for (size_t i = 0; i < sizeof(keywords) / sizeof(*keywords); i++)
		if (strlen(keywords[i]) == n && !memcmp(keywords[i], s, n))
			return true;
	return false;
}

static void span(struct strbuf *out, const char *cls, const char *s, size_t n)
{
	sb_addf(out, "<span class=\"%s\">", cls);
	html_escape(out, s, n);
	sb_add(out, "</span>");
}

/* Length of the quoted literal at s (to its closing quote, or the line's end). */
static size_t quoted_len(const char *s, size_t n)
{
	size_t i = 1;

	while (i < n && s[i] != s[0])
		i += s[i] == '\\' && i + 1 < n ? 2 : 1;
	return i < n ? i + 1 : n;
}

/* Length of the block comment body at s up to and including its end; n when it goes on. */
static size_t comment_len(const char *s, size_t n, bool *closed)
{
	for (size_t i = 0; i + 1 < n; i++)
		if (s[i] == '*' && s[i + 1] == '/') {
			*closed = true;
			return i + 2;
		}
	*closed = false;
	return n;
}

/* One token of code at s; returns its length. */
static size_t code_token(struct strbuf *out, const char *s, size_t n, int *state)
{
	size_t k = 1;
	bool closed;

	if (n >= 2 && s[0] == '/' && s[1] == '/') {
		span(out, "cm", s, n);
		return n;
	}
	if (n >= 2 && s[0] == '/' && s[1] == '*') {
		k = 2 + comment_len(s + 2, n - 2, &closed);
		if (!closed)
			*state = ST_COMMENT;
		span(out, "cm", s, k);
		return k;
	}
	if (s[0] == '"' || s[0] == '\'') {
		k = quoted_len(s, n);
		span(out, "st", s, k);
		return k;
	}
	if (isdigit((unsigned char)s[0])) {
		while (k < n && (isalnum((unsigned char)s[k]) || s[k] == '.' || s[k] == '_'))
			k++;
		span(out, "nu", s, k);
		return k;
	}
	if (isalpha((unsigned char)s[0]) || s[0] == '_') {
		while (k < n && (isalnum((unsigned char)s[k]) || s[k] == '_'))
			k++;
		if (is_keyword(s, k))
			span(out, "kw", s, k);
		else
			html_escape(out, s, k);
		return k;
	}
	html_escape(out, s, 1);
	return 1;
}

void html_c_line(struct strbuf *out, const char *s, size_t n, int *state)
{
	size_t i = 0, lead = 0;
	bool closed;

	if (*state == ST_COMMENT) {
		i = comment_len(s, n, &closed);
		span(out, "cm", s, i);
		*state = closed ? ST_CODE : ST_COMMENT;
	}
	while (lead < n && (s[lead] == ' ' || s[lead] == '\t'))
		lead++;
	if (*state == ST_PP || (i == 0 && lead < n && s[lead] == '#')) {
		span(out, "pp", s + i, n - i);
		*state = n && s[n - 1] == '\\' ? ST_PP : ST_CODE;
		return;
	}
	while (i < n && *state == ST_CODE)
		i += code_token(out, s + i, n - i, state);
	if (i < n)	/* a comment opened and the line ends in it */
		span(out, "cm", s + i, n - i);
}

/* ---- reason classes ---- */

struct reason_class {
	const char *id, *label;
	const char *const *words;	/* lower-case substrings of the reason */
};

static const char *const w_cond[] = { "only when", "--assume", "skipped", "config_",
				      "guard", "if (", NULL };
static const char *const w_target[] = { "no node", "node in", ".dtsi", "defined nowhere",
					"no dt binding", "binding", "not in the tree", NULL };
static const char *const w_rule[] = { "no rule", "no converter", "unknown device",
				      "no compatible", NULL };
static const char *const w_unreg[] = { "not registered", "never registered", "unused",
				       "nothing registered", NULL };
static const char *const w_value[] = { "cannot be evaluated", "not evaluated", "unknown",
				       "symbolic", "not a constant", "no field", "out of range",
				       "error value", NULL };
static const char *const w_hand[] = { "by hand", "replace", "set ", "find ", "configure",
				      "choose", "write ", "schematic", "not described", "describe ",
				      "enable ", "on the consumer", NULL };
static const char *const w_none[] = { NULL };

static const struct reason_class classes[] = {
	{ "cond", "conditional (decide with --assume or --config)", w_cond },
	{ "target", "missing in the target (.dtsi, binding, label)", w_target },
	{ "rule", "no rule for it", w_rule },
	{ "unreg", "not registered by the machine", w_unreg },
	{ "value", "value not evaluated", w_value },
	{ "hand", "to write by hand", w_hand },
	{ "other", "other", w_none },
};
#define NCLASSES (sizeof(classes) / sizeof(*classes))

static bool contains_ci(const char *hay, const char *word)
{
	size_t n = strlen(word);

	for (; *hay; hay++)
		if (!strncasecmp(hay, word, n))
			return true;
	return false;
}

size_t html_reason_class(const char *reason)
{
	for (size_t c = 0; reason && c + 1 < NCLASSES; c++)
		for (const char *const *w = classes[c].words; *w; w++)
			if (contains_ci(reason, *w))
				return c;
	return NCLASSES - 1;
}

const char *html_reason_id(size_t cls)
{
	return classes[cls < NCLASSES ? cls : NCLASSES - 1].id;
}

const char *html_reason_label(size_t cls)
{
	return classes[cls < NCLASSES ? cls : NCLASSES - 1].label;
}

size_t html_reason_count(void)
{
	return NCLASSES;
}
