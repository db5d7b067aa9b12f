// SPDX-License-Identifier: GPL-2.0
#include "strmap.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static size_t hash(const char *s)
{
	uint64_t h = 1469598103934665603ull;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return (size_t)h;
}

/* The slot of key (empty: keys[i] == NULL); cap must be non-zero. */
static size_t probe(char *const *keys, size_t cap, const char *key)
{
	size_t i = hash(key) & (cap - 1);

	while (keys[i] && strcmp(keys[i], key))
		i = (i + 1) & (cap - 1);
	return i;
}

static void grow(struct strmap *m)
{
	size_t cap = m->cap ? 2 * m->cap : 16;
	char **keys = xcalloc(cap, sizeof(*keys));
	size_t *vals = xcalloc(cap, sizeof(*vals));

	for (size_t i = 0; i < m->cap; i++)
		if (m->keys[i]) {
			size_t k = probe(keys, cap, m->keys[i]);

			keys[k] = m->keys[i];
			vals[k] = m->vals[i];
		}
	free(m->keys);
	free(m->vals);
	m->keys = keys;
	m->vals = vals;
	m->cap = cap;
}

size_t *strmap_find(const struct strmap *m, const char *key)
{
	size_t i;

	if (!m->cap)
		return NULL;
	i = probe(m->keys, m->cap, key);
	return m->keys[i] ? &m->vals[i] : NULL;
}

size_t *strmap_slot(struct strmap *m, const char *key)
{
	size_t i;

	if (2 * (m->len + 1) > m->cap)
		grow(m);
	i = probe(m->keys, m->cap, key);
	if (!m->keys[i]) {
		m->keys[i] = xstrdup(key);
		m->vals[i] = 0;
		m->len++;
	}
	return &m->vals[i];
}

void strmap_free(struct strmap *m)
{
	for (size_t i = 0; i < m->cap; i++)
		free(m->keys[i]);
	free(m->keys);
	free(m->vals);
	memset(m, 0, sizeof(*m));
}
