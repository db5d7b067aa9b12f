// SPDX-License-Identifier: GPL-2.0
/*
 * Pin function tables from a pin-controller driver's source: the MVEBU MPP
 * tables (MPP_MODE/MPP_VAR_FUNCTION) and the PXA2xx ones
 * (PXA_GPIO_PIN(PXA_PINCTRL_PIN(n), PXA_FUNCTION(dir, af, "name"), ...)).
 */
#define _XOPEN_SOURCE 700	/* nftw */
#include "pin_functions.h"

#include <ftw.h>

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../common/diag.h"
#include "../common/util.h"

struct pin_function {
	unsigned pin, sel;
	char *name;
};

struct pin_functions {
	char *file;
	struct pin_function *v;
	size_t n, cap;
};

static void add(struct pin_functions *p, unsigned pin, unsigned sel, const char *name, size_t len)
{
	if (p->n == p->cap) {
		p->cap = p->cap ? 2 * p->cap : 64;
		p->v = xrealloc(p->v, p->cap * sizeof(*p->v));
	}
	p->v[p->n++] = (struct pin_function){ pin, sel, xstrndup(name, len) };
}

static const char *skip_space(const char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	return s;
}

/* The end of the parenthesised list that opens at s[-1] == '(', or NULL. */
static const char *close_paren(const char *s)
{
	for (int depth = 1; *s; s++) {
		if (*s == '"') {
			while (*++s && *s != '"')
				if (*s == '\\' && s[1])
					s++;
			if (!*s)
				return NULL;
		} else if (*s == '(') {
			depth++;
		} else if (*s == ')' && !--depth) {
			return s;
		}
	}
	return NULL;
}

/* MPP_FUNCTION(sel, "name", ...) or MPP_VAR_FUNCTION(...) entries in [s, e). */
static void functions(struct pin_functions *p, unsigned pin, const char *s, const char *e)
{
	static const char *const macros[] = { "MPP_VAR_FUNCTION(", "MPP_FUNCTION(" };

	while (s < e) {
		const char *hit = NULL, *q, *name;
		size_t mlen = 0;
		char *end;
		unsigned long sel;

		for (size_t i = 0; i < 2; i++) {
			q = strstr(s, macros[i]);
			if (q && q < e && (!hit || q < hit)) {
				hit = q;
				mlen = strlen(macros[i]);
			}
		}
		if (!hit)
			return;
		q = skip_space(hit + mlen);
		sel = strtoul(q, &end, 0);
		if (end == q || *(q = skip_space(end)) != ',' || *(q = skip_space(q + 1)) != '"') {
			s = hit + mlen;
			continue;
		}
		name = q + 1;
		q = strchr(name, '"');
		if (!q || q > e)
			return;
		add(p, pin, (unsigned)sel, name, (size_t)(q - name));
		s = q;
	}
}

/*
 * PXA_FUNCTION(dir, af, "name") entries of one pin in [s, e): the select
 * value is the driver's muxval, dir | af << 1 (pinctrl-pxa2xx.h).
 */
static void pxa_functions(struct pin_functions *p, unsigned pin, const char *s, const char *e)
{
	static const char macro[] = "PXA_FUNCTION(";

	while (s < e) {
		const char *q = strstr(s, macro), *name;
		char *end;
		unsigned long dir, af;

		if (!q || q >= e)
			return;
		s = q + strlen(macro);
		dir = strtoul(skip_space(s), &end, 0);
		if (end == skip_space(s) || *(q = skip_space(end)) != ',')
			continue;
		af = strtoul(skip_space(q + 1), &end, 0);
		if (end == skip_space(q + 1) || *(q = skip_space(end)) != ',' ||
		    *(q = skip_space(q + 1)) != '"')
			continue;
		name = q + 1;
		q = strchr(name, '"');
		if (!q || q > e)
			return;
		add(p, pin, (unsigned)(dir | af << 1), name, (size_t)(q - name));
		s = q;
	}
}

/*
 * The PXA2xx driver tables (drivers/pinctrl/pxa/pinctrl-pxa2{5,7}x.c):
 * PXA_GPIO_PIN(PXA_PINCTRL_PIN(9), PXA_FUNCTION(0, 3, "FFCTS"), ...),
 * PXA_GPIO_ONLY_PIN(PXA_PINCTRL_PIN(0)), PXA_PIN(...). The two GPIO forms
 * also give the pin "gpio_in" (muxval 0) and "gpio_out" (muxval 1), as
 * their definitions in pinctrl-pxa2xx.h do.
 */
static void pxa_pins(struct pin_functions *p, const char *text)
{
	static const char *const macros[] = { "PXA_GPIO_PIN(", "PXA_GPIO_ONLY_PIN(", "PXA_PIN(" };
	static const char pin_macro[] = "PXA_PINCTRL_PIN(";
	const char *s = text;

	for (;;) {
		const char *hit = NULL, *body, *e, *q;
		size_t k = 0;
		char *end;
		unsigned long pin;

		for (size_t i = 0; i < 3; i++) {
			q = strstr(s, macros[i]);
			if (q && (!hit || q < hit)) {
				hit = q;
				k = i;
			}
		}
		if (!hit)
			return;
		body = hit + strlen(macros[k]);
		if (!(e = close_paren(body)))
			return;
		s = e;
		/* not the macro's own #define (a header given as the table) */
		if (hit > text && (isalnum((unsigned char)hit[-1]) || hit[-1] == '_'))
			continue;
		q = skip_space(body);
		if (strncmp(q, pin_macro, strlen(pin_macro)))
			continue;
		q = skip_space(q + strlen(pin_macro));
		pin = strtoul(q, &end, 0);
		if (end == q)
			continue;
		if (k < 2) {
			add(p, (unsigned)pin, 0, "gpio_in", 7);
			add(p, (unsigned)pin, 1, "gpio_out", 8);
		}
		pxa_functions(p, (unsigned)pin, end, e);
	}
}

struct pin_functions *pin_functions_parse(const char *text, const char *file)
{
	struct pin_functions *p = xcalloc(1, sizeof(*p));
	const char *s = text;

	p->file = xstrdup(file ? file : "");
	pxa_pins(p, text);
	while ((s = strstr(s, "MPP_MODE("))) {
		const char *body = s + strlen("MPP_MODE("), *e = close_paren(body);
		char *end;
		unsigned long pin = strtoul(skip_space(body), &end, 0);

		if (!e)
			break;
		if (end != skip_space(body))
			functions(p, (unsigned)pin, end, e);
		s = e;
	}
	if (!p->n) {
		pin_functions_free(p);
		return NULL;
	}
	return p;
}

static void *parse_any(const char *text, const char *file)
{
	return pin_functions_parse(text, file);
}

int pin_functions_load(const char *kdir, const char *rel, struct pin_functions **out)
{
	return parse_file_at(kdir, rel, parse_any, (void **)out);
}

void pin_functions_free(struct pin_functions *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->n; i++)
		free(p->v[i].name);
	free(p->v);
	free(p->file);
	free(p);
}

const char *pin_functions_name(const struct pin_functions *p, unsigned pin, unsigned sel)
{
	for (size_t i = 0; p && i < p->n; i++)
		if (p->v[i].pin == pin && p->v[i].sel == sel)
			return p->v[i].name;
	return NULL;
}

size_t pin_functions_names(const struct pin_functions *p, unsigned pin, unsigned sel,
			   const char **out, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; p && i < p->n; i++)
		if (p->v[i].pin == pin && p->v[i].sel == sel && n < max)
			out[n++] = p->v[i].name;
	return n;
}

bool pin_functions_has_pin(const struct pin_functions *p, unsigned pin)
{
	for (size_t i = 0; p && i < p->n; i++)
		if (p->v[i].pin == pin)
			return true;
	return false;
}

const char *pin_functions_guess(const struct pin_functions *p, unsigned pin, const char *word)
{
	const char *found = NULL;
	size_t n = strlen(word);

	for (size_t i = 0; p && n && i < p->n; i++) {
		if (p->v[i].pin != pin || strncasecmp(p->v[i].name, word, n))
			continue;
		if (found && strcmp(found, p->v[i].name))
			return NULL;
		found = p->v[i].name;
	}
	return found;
}

const char *pin_functions_file(const struct pin_functions *p)
{
	return p ? p->file : NULL;
}

size_t pin_functions_count(const struct pin_functions *p)
{
	return p ? p->n : 0;
}

size_t pin_functions_of_pin(const struct pin_functions *p, unsigned pin, const char **out, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; p && i < p->n; i++) {
		size_t k = 0;

		if (p->v[i].pin != pin)
			continue;
		while (k < n && strcmp(out[k], p->v[i].name))
			k++;
		if (k == n && n < max)
			out[n++] = p->v[i].name;
	}
	return n;
}

/* The tree scan (nftw has no user pointer). */
static struct {
	const char *kdir, *quoted;
	struct pin_functions *found;
} scan;

static int visit_driver(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	size_t len = strlen(path);
	char *text;

	(void)st;
	(void)ftw;
	if (type != FTW_F || len < 2 || strcmp(path + len - 2, ".c"))
		return 0;
	text = read_file(path, NULL);
	if (text && strstr(text, scan.quoted))
		scan.found = pin_functions_parse(text, path + strlen(scan.kdir) + 1);
	free(text);
	return scan.found ? 1 : 0;
}

int pin_functions_for_compatible(const char *kdir, const char *compat, struct pin_functions **out)
{
	char *dir = xasprintf("%s/drivers/pinctrl", kdir);
	char *quoted = xasprintf("\"%s\"", compat);

	scan.kdir = kdir;
	scan.quoted = quoted;
	scan.found = NULL;
	nftw(dir, visit_driver, 32, FTW_PHYS);
	*out = scan.found;
	scan.found = NULL;
	free(quoted);
	free(dir);
	return *out ? B2D_OK : B2D_ERR_PARSE;
}
