// SPDX-License-Identifier: GPL-2.0
/*
 * GPIO banks of a Samsung pin controller from the target's driver source:
 * compatible -> match data -> controller -> bank table (see pin_banks.h).
 * A plain text scan: the tables are static initializers of a known shape.
 */
#include "pin_banks.h"

#include <ctype.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "../common/diag.h"
#include "../common/util.h"

static bool ident_char(char ch)
{
	return isalnum((unsigned char)ch) || ch == '_';
}

/* The identifier at p (copied, at most cap - 1 bytes) and the text after it. */
static const char *read_ident(const char *p, char *out, size_t cap)
{
	size_t n = 0;

	while (ident_char(*p) && n + 1 < cap)
		out[n++] = *p++;
	out[n] = '\0';
	return p;
}

/* The text after the '}' that closes the '{' at open (strings ignored). */
static const char *block_end(const char *open)
{
	int depth = 0;

	for (const char *p = open; *p; p++) {
		if (*p == '"')
			for (p++; *p && *p != '"'; p++)
				if (*p == '\\' && p[1])
					p++;
		if (*p == '{')
			depth++;
		else if (*p == '}' && --depth == 0)
			return p + 1;
	}
	return open + strlen(open);
}

/*
 * The '{' of the initializer that defines name (`name[] __initconst = {`,
 * `name = {`) in one of the texts, or NULL.
 */
static const char *definition(const char *const *texts, size_t n, const char *name, size_t *which)
{
	size_t len = strlen(name);

	for (size_t i = 0; i < n; i++)
		for (const char *p = strstr(texts[i], name); p; p = strstr(p + 1, name)) {
			const char *q = p + len;

			if ((p > texts[i] && (ident_char(p[-1]) || p[-1] == '&')) || ident_char(*q))
				continue;
			while (*q == ' ' || *q == '\t' || *q == '[' || *q == ']' || ident_char(*q))
				q++;	/* [], __initconst */
			if (*q != '=')
				continue;
			for (q++; isspace((unsigned char)*q); q++)
				;
			if (*q == '{') {
				*which = i;
				return q;
			}
		}
	return NULL;
}

/* In [from, to): the identifier assigned to field (".ctrl" -> "s3c2440_pin_ctrl"). */
static bool field_ident(const char *from, const char *to, const char *field, char *out, size_t cap)
{
	for (const char *p = strstr(from, field); p && p < to; p = strstr(p + 1, field)) {
		const char *q = p + strlen(field);

		if (ident_char(*q))
			continue;
		while (isspace((unsigned char)*q))
			q++;
		if (*q != '=')
			continue;
		for (q++; isspace((unsigned char)*q) || *q == '&' || *q == '('; q++)
			;
		read_ident(q, out, cap);
		return *out != '\0';
	}
	return false;
}

/* The banks of the table whose initializer starts at open. */
static void read_banks(struct pin_banks *pb, const char *open)
{
	const char *end = block_end(open);

	for (const char *p = open + 1; p < end; ) {
		char macro[64];
		const char *args, *close, *name = NULL;
		int depth = 0;

		if (!ident_char(*p) || (p > open && ident_char(p[-1]))) {
			p++;
			continue;
		}
		args = read_ident(p, macro, sizeof(macro));
		if (*args != '(' || (strncmp(macro, "PIN_BANK", 8) != 0 && !strstr(macro, "_PIN_BANK"))) {
			p = args > p ? args : p + 1;
			continue;
		}
		for (close = args; *close && close < end; close++) {
			if (*close == '"' && depth == 1)
				name = close;
			if (*close == '"')
				for (close++; *close && *close != '"'; close++)
					;
			if (*close == '(')
				depth++;
			else if (*close == ')' && --depth == 0)
				break;
		}
		if (name) {
			const char *q = strchr(name + 1, '"');

			pb->banks = xrealloc(pb->banks, (pb->n + 1) * sizeof(*pb->banks));
			pb->banks[pb->n].name = xstrndup(name + 1, (size_t)(q - name - 1));
			pb->banks[pb->n].eint = strstr(macro, "EINTG") || strstr(macro, "EINTW");
			pb->n++;
		}
		p = close < end ? close + 1 : end;
	}
}

struct pin_banks *pin_banks_from_texts(const char *const *texts, const char *const *names,
				       size_t n, const char *compat)
{
	char *quoted = xasprintf("\"%s\"", compat);
	char data[128] = "", ctrl[128] = "", table[128] = "";
	const char *open = NULL;
	size_t which = 0;

	for (size_t i = 0; i < n && !*data; i++) {
		const char *p = strstr(texts[i], quoted);
		const char *stop = p ? strchr(p, '}') : NULL;

		if (p && stop)
			field_ident(p, stop, ".data", data, sizeof(data));
	}
	free(quoted);
	if (!*data || !(open = definition(texts, n, data, &which)) ||
	    !field_ident(open, block_end(open), ".ctrl", ctrl, sizeof(ctrl)) ||
	    !(open = definition(texts, n, ctrl, &which)) ||
	    !field_ident(open, block_end(open), ".pin_banks", table, sizeof(table)) ||
	    !(open = definition(texts, n, table, &which)))
		return NULL;

	struct pin_banks *pb = xcalloc(1, sizeof(*pb));

	read_banks(pb, open);
	if (!pb->n) {
		pin_banks_free(pb);
		return NULL;
	}
	pb->file = xstrdup(names[which]);
	return pb;
}

int pin_banks_for_compatible(const char *kdir, const char *compat, struct pin_banks **out)
{
	const char *rel = "drivers/pinctrl/samsung";
	char *dir = xasprintf("%s/%s", kdir, rel);
	DIR *d = opendir(dir);
	struct ptrvec texts = { 0 }, names = { 0 };
	struct dirent *e;

	while (d && (e = readdir(d))) {
		size_t len = strlen(e->d_name);
		char *path, *text;

		if (len < 3 || strcmp(e->d_name + len - 2, ".c") != 0)
			continue;
		path = xasprintf("%s/%s", dir, e->d_name);
		text = read_file(path, NULL);
		free(path);
		if (!text)
			continue;
		pv_push(&texts, text);
		pv_push(&names, xasprintf("%s/%s", rel, e->d_name));
	}
	if (d)
		closedir(d);
	*out = pin_banks_from_texts((const char *const *)texts.items, (const char *const *)names.items,
				    texts.len, compat);
	for (size_t i = 0; i < texts.len; i++) {
		free(texts.items[i]);
		free(names.items[i]);
	}
	pv_free(&texts);
	pv_free(&names);
	free(dir);
	return *out ? B2D_OK : B2D_ERR_PARSE;
}

void pin_banks_free(struct pin_banks *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->n; i++)
		free(p->banks[i].name);
	free(p->banks);
	free(p->file);
	free(p);
}
