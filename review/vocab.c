// SPDX-License-Identifier: GPL-2.0
/*
 * The vocabulary of known property names: a hash set of words (each with
 * the rank of its source, for choosing between equally close suggestions)
 * plus regular expressions (binding schemas' patternProperties).
 */
#include "review.h"

#include <regex.h>
#include <stdlib.h>
#include <string.h>

struct word {
	char *w;
	int src;
	unsigned flags;	/* RV_WORD_* */
};

struct rv_vocab {
	struct word *tab;
	size_t cap, n;
	regex_t *re;
	size_t nre;
	int cur_src;
	bool kernel;
};

static uint64_t hash(const char *s)
{
	uint64_t h = 1469598103934665603ull;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211ull;
	return h;
}

struct rv_vocab *rv_vocab_new(void)
{
	struct rv_vocab *v = xcalloc(1, sizeof(*v));

	v->cap = 1024;
	v->tab = xcalloc(v->cap, sizeof(*v->tab));
	return v;
}

void rv_vocab_free(struct rv_vocab *v)
{
	if (!v)
		return;
	for (size_t i = 0; i < v->cap; i++)
		free(v->tab[i].w);
	for (size_t i = 0; i < v->nre; i++)
		regfree(&v->re[i]);
	free(v->re);
	free(v->tab);
	free(v);
}

static struct word *slot(const struct rv_vocab *v, const char *w)
{
	size_t i = hash(w) & (v->cap - 1);

	while (v->tab[i].w && strcmp(v->tab[i].w, w))
		i = (i + 1) & (v->cap - 1);
	return &v->tab[i];
}

static void grow(struct rv_vocab *v)
{
	struct word *old = v->tab;
	size_t ocap = v->cap;

	v->cap *= 2;
	v->tab = xcalloc(v->cap, sizeof(*v->tab));
	for (size_t i = 0; i < ocap; i++)
		if (old[i].w)
			*slot(v, old[i].w) = old[i];
	free(old);
}

void rv_vocab_add(struct rv_vocab *v, const char *word)
{
	struct word *s;

	if (!*word)
		return;
	if (2 * (v->n + 1) > v->cap)
		grow(v);
	s = slot(v, word);
	if (s->w)
		return;
	s->w = xstrdup(word);
	s->src = v->cur_src;
	v->n++;
}

/*
 * Patterns that would accept these are too broad to say anything: made-up
 * names, a made-up name with a number (`-[0-9]+$` would take `pintctrl-0`).
 */
static const char *const probes[] = { "zqxj", "zqxj-wvk", "zqxjwvk,zq-vw", "compatable",
				      "zqxj-0", "zqxj0" };

void rv_vocab_add_pattern(struct rv_vocab *v, const char *re)
{
	regex_t r;

	if (regcomp(&r, re, REG_EXTENDED | REG_NOSUB))
		return;
	for (size_t i = 0; i < sizeof(probes) / sizeof(probes[0]); i++)
		if (!regexec(&r, probes[i], 0, NULL, 0)) {
			regfree(&r);
			return;
		}
	v->re = xrealloc(v->re, (v->nre + 1) * sizeof(*v->re));
	v->re[v->nre++] = r;
}

bool rv_vocab_has(const struct rv_vocab *v, const char *word)
{
	if (slot(v, word)->w)
		return true;
	for (size_t i = 0; i < v->nre; i++)
		if (!regexec(&v->re[i], word, 0, NULL, 0))
			return true;
	return false;
}

void rv_vocab_mark(struct rv_vocab *v, const char *word, unsigned flags)
{
	rv_vocab_add(v, word);
	slot(v, word)->flags |= flags;
}

unsigned rv_vocab_flags(const struct rv_vocab *v, const char *word)
{
	return slot(v, word)->flags;
}

bool rv_vocab_has_kernel(const struct rv_vocab *v)
{
	return v->kernel;
}

size_t rv_vocab_size(const struct rv_vocab *v)
{
	return v->n;
}

static bool better(const struct word *w, int d, const struct word *best, int best_d)
{
	if (!best || d != best_d)
		return !best || d < best_d;
	if (w->src != best->src)
		return w->src < best->src;
	return strcmp(w->w, best->w) < 0;
}

const char *rv_vocab_suggest(const struct rv_vocab *v, const char *word)
{
	int len = (int)strlen(word), max = len <= 4 ? 1 : len <= 10 ? 2 : 3, best_d = max + 1;
	const struct word *best = NULL;

	for (size_t i = 0; i < v->cap; i++) {
		const struct word *w = &v->tab[i];
		int d, wl;

		if (!w->w)
			continue;
		wl = (int)strlen(w->w);
		if (abs(wl - len) > max || w->w[0] == '#' || wl < 3)
			continue;
		d = rv_edit_distance(word, w->w);
		if (d <= max && better(w, d, best, best_d)) {
			best = w;
			best_d = d;
		}
	}
	return best ? best->w : NULL;
}

void rv_vocab_set_source(struct rv_vocab *v, enum rv_vocab_src src)
{
	v->cur_src = src;
	if (src == RV_SRC_KERNEL)
		v->kernel = true;
}
