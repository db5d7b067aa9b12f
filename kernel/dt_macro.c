// SPDX-License-Identifier: GPL-2.0
/* A .dtsi's function-like macro for one argument (dt_macro.h). */
#include "dt_macro.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../common/util.h"

struct ev {
	const char *p;
	const char *param;
	size_t nparam;
	long long arg;
	bool bad;
};

static void skip(struct ev *e)
{
	/* a newline ends the body unless escaped; a comment is a space */
	for (;;) {
		if (*e->p == ' ' || *e->p == '\t') {
			e->p++;
		} else if (*e->p == '\\' && e->p[1] == '\n') {
			e->p += 2;
		} else if (!strncmp(e->p, "/*", 2) && strstr(e->p + 2, "*/")) {
			e->p = strstr(e->p + 2, "*/") + 2;
		} else if (!strncmp(e->p, "//", 2)) {
			e->p += strcspn(e->p, "\n");
		} else {
			return;
		}
	}
}

static bool eat(struct ev *e, const char *tok)
{
	size_t n = strlen(tok);

	skip(e);
	if (strncmp(e->p, tok, n))
		return false;
	e->p += n;
	return true;
}

static long long cond(struct ev *e);

static long long primary(struct ev *e)
{
	skip(e);
	if (eat(e, "(")) {
		long long v = cond(e);

		if (!eat(e, ")"))
			e->bad = true;
		return v;
	}
	if (eat(e, "-"))
		return -primary(e);
	if (isdigit((unsigned char)*e->p)) {
		char *end;
		long long v = strtoll(e->p, &end, 0);

		e->p = end;
		while (*e->p == 'u' || *e->p == 'U' || *e->p == 'l' || *e->p == 'L')
			e->p++;
		return v;
	}
	if (!strncmp(e->p, e->param, e->nparam) && !isalnum((unsigned char)e->p[e->nparam]) &&
	    e->p[e->nparam] != '_') {
		e->p += e->nparam;
		return e->arg;
	}
	e->bad = true;
	return 0;
}

static long long product(struct ev *e)
{
	long long v = primary(e);

	for (;;) {
		if (eat(e, "*")) {
			v *= primary(e);
		} else if (eat(e, "/")) {
			long long d = primary(e);

			if (!d) {
				e->bad = true;
				return 0;
			}
			v /= d;
		} else {
			return v;
		}
	}
}

static long long sum(struct ev *e)
{
	long long v = product(e);

	for (;;) {
		if (eat(e, "+"))
			v += product(e);
		else if (eat(e, "-"))
			v -= product(e);
		else
			return v;
	}
}

static long long compare(struct ev *e)
{
	long long v = sum(e);

	if (eat(e, "<="))
		return v <= sum(e);
	if (eat(e, ">="))
		return v >= sum(e);
	if (eat(e, "=="))
		return v == sum(e);
	if (eat(e, "!="))
		return v != sum(e);
	if (eat(e, "<"))
		return v < sum(e);
	if (eat(e, ">"))
		return v > sum(e);
	return v;
}

static long long cond(struct ev *e)
{
	long long c = compare(e), a, b;

	if (!eat(e, "?"))
		return c;
	a = cond(e);
	if (!eat(e, ":")) {
		e->bad = true;
		return 0;
	}
	b = cond(e);
	return c ? a : b;
}

/* Just after the name of text's `#define name`, or NULL. */
static const char *find_define(const char *text, const char *name)
{
	size_t n = strlen(name);

	for (const char *s = text ? strstr(text, "#define") : NULL; s; s = strstr(s + 1, "#define")) {
		const char *q = s + 7;

		while (*q == ' ' || *q == '\t')
			q++;
		if (!strncmp(q, name, n) && !isalnum((unsigned char)q[n]) && q[n] != '_')
			return q + n;
	}
	return NULL;
}

bool dt_macro_eval(const char *text, const char *name, long long arg, long long *out)
{
	const char *q = find_define(text, name), *param;
	struct ev e;
	long long v;

	if (!q || *q != '(')
		return false;
	param = q + 1;
	while (*param == ' ')
		param++;
	e.param = param;
	e.nparam = 0;
	while (isalnum((unsigned char)param[e.nparam]) || param[e.nparam] == '_')
		e.nparam++;
	q = param + e.nparam;
	while (*q == ' ')
		q++;
	if (!e.nparam || *q != ')')
		return false;
	e.p = q + 1;
	e.arg = arg;
	e.bad = false;
	v = cond(&e);
	/* the body ends at the first newline not escaped */
	skip(&e);
	if (e.bad || (*e.p && *e.p != '\n'))
		return false;
	*out = v;
	return true;
}

bool dt_macro_value(const char *text, const char *name, long long *out)
{
	const char *q = find_define(text, name);
	struct ev e = { .p = q };
	long long v;

	if (!q || *q == '(')
		return false;
	v = cond(&e);
	skip(&e);
	if (e.bad || (*e.p && *e.p != '\n'))
		return false;
	*out = v;
	return true;
}

bool dt_macro_defined(const char *text, const char *name)
{
	return find_define(text, name) != NULL;
}
