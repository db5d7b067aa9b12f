// SPDX-License-Identifier: GPL-2.0
/* A PMIC regulator's DT node name from the target's driver (regulator_names.h). */
#include "regulator_names.h"

#include <ctype.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "../common/util.h"

static bool ident_char(char ch)
{
	return isalnum((unsigned char)ch) || ch == '_';
}

/* Is text[at..] the whole identifier id? */
static bool ident_at(const char *text, const char *at, const char *id)
{
	size_t n = strlen(id);

	return !strncmp(at, id, n) && !ident_char(at[n]) && (at == text || !ident_char(at[-1]));
}

/* After `KEY = ` at s (KEY of klen chars, blanks around '='), or NULL. */
static const char *after_assign(const char *s, size_t klen)
{
	const char *q = s + klen;

	while (*q == ' ' || *q == '\t')
		q++;
	if (*q++ != '=')
		return NULL;
	while (*q == ' ' || *q == '\t')
		q++;
	return q;
}

/* The string after `.name = "` in [from, to), malloc'd; NULL: none. */
static char *name_between(const char *from, const char *to)
{
	for (const char *s = from; s && s < to; s = strstr(s + 1, ".name")) {
		const char *q = strncmp(s, ".name", 5) ? NULL : after_assign(s, 5), *end;

		if (!q || *q != '"' || !(end = strchr(q + 1, '"')) || end > to)
			continue;
		return xstrndup(q + 1, (size_t)(end - q - 1));
	}
	return NULL;
}

/* After `(void *)` (blanks allowed) at q, or q. */
static const char *skip_void_cast(const char *q)
{
	const char *r = q;

	if (*r++ != '(')
		return q;
	while (*r == ' ')
		r++;
	if (strncmp(r, "void", 4))
		return q;
	for (r += 4; *r == ' ' || *r == '*'; r++)
		;
	if (*r++ != ')')
		return q;
	while (*r == ' ' || *r == '\t')
		r++;
	return r;
}

/*
 * `.id = ID` inside an initializer, or an of_regulator_match's
 * `.driver_data = (void *)ID` (tps6586x-regulator.c: { .name = "sm0",
 * .driver_data = (void *)TPS6586X_ID_SM_0 }): its braces' .name.
 */
static char *direct_by(const char *text, const char *id, const char *key)
{
	for (const char *s = strstr(text, key); s; s = strstr(s + 1, key)) {
		const char *q = after_assign(s, strlen(key)), *open, *close;
		int depth = 0;

		if (q)
			q = skip_void_cast(q);
		if (!q || !ident_at(text, q, id))
			continue;
		for (open = s; open > text && (*open != '{' || depth); open--)
			depth += *open == '}' ? 1 : *open == '{' && depth ? -1 : 0;
		close = strchr(q, '}');
		if (*open == '{' && close)
			return name_between(open, close);
	}
	return NULL;
}

static char *direct(const char *text, const char *id)
{
	char *n = direct_by(text, id, ".id");

	return n ? n : direct_by(text, id, ".driver_data");
}

/*
 * `#define M(p, ...) { .name = #p, .id = PREFIX##p, ... }` and a use
 * `M(REST, ...)` where id is PREFIX REST: REST.
 */
static char *macro(const char *text, const char *id)
{
	for (const char *d = strstr(text, "#define"); d; d = strstr(d + 1, "#define")) {
		const char *q = d + 7, *name, *param, *body, *end, *hash, *use;
		char m[128], p[64], prefix[64];
		size_t nm, np, npre;

		while (*q == ' ' || *q == '\t')
			q++;
		name = q;
		while (ident_char(*q))
			q++;
		nm = (size_t)(q - name);
		if (*q != '(' || !nm || nm >= sizeof(m))
			continue;
		param = ++q;
		while (*q == ' ')
			q++;
		param = q;
		while (ident_char(*q))
			q++;
		np = (size_t)(q - param);
		if (!np || np >= sizeof(p))
			continue;
		memcpy(m, name, nm);
		m[nm] = '\0';
		memcpy(p, param, np);
		p[np] = '\0';
		body = strchr(q, ')');
		for (end = body; end && *end; end++)	/* the body: up to an unescaped newline */
			if (*end == '\n' && end[-1] != '\\')
				break;
		if (!body || !end)
			continue;
		/* .name = #p */
		char *want = xasprintf("#%s", p);
		bool named = false;

		for (const char *s = strstr(body, want); s && s < end; s = strstr(s + 1, want))
			if (!ident_char(s[np + 1]))
				named = true;
		free(want);
		/* .id = PREFIX##p (spaces allowed around ##) */
		hash = strstr(body, "##");
		if (!named || !hash || hash > end)
			continue;
		const char *pe = hash, *ps;

		while (pe > body && pe[-1] == ' ')
			pe--;
		ps = pe;
		while (ps > body && ident_char(ps[-1]))
			ps--;
		npre = (size_t)(pe - ps);
		if (!npre || npre >= sizeof(prefix) || strncmp(id, ps, npre))
			continue;
		memcpy(prefix, ps, npre);
		prefix[npre] = '\0';
		/* a use M(REST ...) with REST = id without the prefix */
		for (use = strstr(end, m); use; use = strstr(use + 1, m)) {
			const char *a = use + nm;

			if (!ident_at(text, use, m) || *a != '(')
				continue;
			a++;
			while (*a == ' ' || *a == '\t')
				a++;
			if (ident_at(text, a, id + npre))
				return xstrdup(id + npre);
		}
	}
	return NULL;
}

/*
 * A macro use pairing the id's tail with its lower-case form as the next
 * argument, `MC13783_DEFINE_REGU(VMMC1, vmmc1, ...)` for MC13783_REG_VMMC1
 * or `MC13783_GPO_DEFINE(REG, GPO1, gpo1, ...)` for MC13783_REG_GPO1 (the
 * mc13xxx drivers name the node by that argument, `.name = #_node` in
 * drivers/regulator/mc13xxx.h): that lower-case name.
 */
static char *pair(const char *text, const char *id)
{
	for (const char *tail = strchr(id, '_'); tail; tail = strchr(tail + 1, '_')) {
		size_t n = strlen(tail + 1);
		char *lower = xstrdup(tail + 1);

		for (size_t i = 0; i < n; i++)
			lower[i] = (char)tolower((unsigned char)lower[i]);
		for (const char *u = strstr(text, tail + 1); n && u; u = strstr(u + 1, tail + 1)) {
			const char *b = u, *a = u + n;

			while (b > text && (b[-1] == ' ' || b[-1] == '\t'))
				b--;
			if (!ident_at(text, u, tail + 1) || b == text || (b[-1] != '(' && b[-1] != ','))
				continue;
			while (*a == ' ' || *a == '\t')
				a++;
			if (*a++ != ',')
				continue;
			while (*a == ' ' || *a == '\t')
				a++;
			if (ident_at(text, a, lower) && strcmp(lower, tail + 1))
				return lower;
		}
		free(lower);
	}
	return NULL;
}

char *regulator_name_in(const char *text, const char *id)
{
	char *n;

	if (!text || !id || !*id)
		return NULL;
	n = direct(text, id);
	if (!n)
		n = macro(text, id);
	return n ? n : pair(text, id);
}

static int c_file(const struct dirent *e)
{
	size_t len = strlen(e->d_name);

	return len > 2 && !strcmp(e->d_name + len - 2, ".c");
}

char *regulator_node_name(const char *kdir, const char *id, char **file)
{
	char prefix[64], *dir, *name = NULL;
	struct dirent **ents = NULL;
	size_t n = strcspn(id, "_");
	int nents;

	*file = NULL;
	if (!kdir || n == 0 || n >= sizeof(prefix) || !id[n])
		return NULL;
	for (size_t i = 0; i < n; i++)
		prefix[i] = (char)tolower((unsigned char)id[i]);
	prefix[n] = '\0';
	dir = xasprintf("%s/drivers/regulator", kdir);
	nents = scandir(dir, &ents, c_file, alphasort);
	for (int i = 0; i < nents; i++) {
		if (!name && !strncmp(ents[i]->d_name, prefix, n)) {
			char *path = xasprintf("%s/%s", dir, ents[i]->d_name);
			char *text = read_file(path, NULL);

			name = regulator_name_in(text, id);
			if (name)
				*file = xasprintf("drivers/regulator/%s", ents[i]->d_name);
			free(text);
			free(path);
		}
		free(ents[i]);
	}
	free(ents);
	free(dir);
	return name;
}

/*
 * The enumerator of value v among those starting with prefix in text's
 * enums (`enum { TPS6586X_ID_SYS, TPS6586X_ID_SM_0, ...}`: 1 is
 * TPS6586X_ID_SM_0), malloc'd; NULL: none. Values count from 0 or from a
 * written integer (`= 3`); an enumerator set otherwise ends the count.
 */
char *regulator_enum_in(const char *text, const char *prefix, long long v)
{
	size_t np = strlen(prefix);

	for (const char *e = text ? strstr(text, "enum") : NULL; e; e = strstr(e + 4, "enum")) {
		const char *q = strchr(e, '{'), *semi = strchr(e, ';'), *end;
		long long at = 0;

		if (!q || (semi && semi < q) || !(end = strchr(q, '}')))
			continue;
		for (q++; q < end;) {
			const char *name;
			size_t len;
			char *stop;

			while (q < end && !ident_char(*q))
				q++;
			name = q;
			while (q < end && ident_char(*q))
				q++;
			len = (size_t)(q - name);
			if (!len)
				break;
			while (*q == ' ' || *q == '\t')
				q++;
			if (*q == '=') {
				at = strtoll(q + 1, &stop, 0);
				if (stop == q + 1)
					break;
				q = stop;
			}
			if (len > np && !strncmp(name, prefix, np) && at == v)
				return xstrndup(name, len);
			at++;
			while (q < end && *q != ',')
				q++;
		}
	}
	return NULL;
}

char *regulator_enum_name(const char *kdir, const char *prefix, long long v)
{
	static const char *const dirs[] = { "include/linux/mfd", "include/linux/regulator" };
	char low[64];
	size_t n = strcspn(prefix, "_");
	char *found = NULL;

	if (!kdir || !n || n >= sizeof(low))
		return NULL;
	for (size_t i = 0; i < n; i++)
		low[i] = (char)tolower((unsigned char)prefix[i]);
	low[n] = '\0';
	for (size_t d = 0; d < 2 && !found; d++) {
		char *path = xasprintf("%s/%s/%s.h", kdir, dirs[d], low);
		char *text = read_file(path, NULL);

		found = regulator_enum_in(text, prefix, v);
		free(text);
		free(path);
	}
	return found;
}
