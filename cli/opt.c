// SPDX-License-Identifier: GPL-2.0
/*
 * getopt_long over a per-command table (cli/opt.h): one behaviour for
 * repeated options, `--opt=value`, `--`, unknown options and typos.
 */
#include "opt.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "common/diag.h"
#include "common/util.h"
#include "review/review.h"

#define HELP_ID 0x10000	/* getopt value of --help; table entries are 0x100 + index */

static void list_add(struct opt_list *l, const char *v)
{
	l->v = xrealloc(l->v, (l->n + 1) * sizeof(*l->v));
	l->v[l->n++] = v;
}

void opt_list_free(struct opt_list *l)
{
	free(l->v);
	memset(l, 0, sizeof(*l));
}

void opt_args_free(struct opt_args *a)
{
	opt_list_free(&a->operands);
	memset(a, 0, sizeof(*a));
}

/* The long option of spec nearest to `word` (a typo), or NULL. */
static const char *nearest(const struct opt_spec *spec, size_t n, const char *word)
{
	const char **names = xcalloc(n + 1, sizeof(*names));
	const char *best;

	while (*word == '-')
		word++;
	for (size_t i = 0; i < n; i++)
		names[i] = spec[i].name;
	best = rv_nearest(word, names, n);
	free(names);
	return best;
}

/* getopt_long's tables from the spec: "+:" + short letters, and the longs. */
static void build_tables(const struct opt_spec *spec, size_t n, char *shorts,
			 struct option *longs)
{
	char *s = shorts;

	*s++ = ':';
	*s++ = 'h';
	for (size_t i = 0; i < n; i++) {
		bool arg = spec[i].kind == OPT_VALUE || spec[i].kind == OPT_LIST;

		longs[i] = (struct option){ spec[i].name, arg ? required_argument : no_argument,
					    NULL, (int)(0x100 + i) };
		if (spec[i].shrt) {
			*s++ = spec[i].shrt;
			if (arg)
				*s++ = ':';
		}
	}
	*s = '\0';
	longs[n] = (struct option){ "help", no_argument, NULL, HELP_ID };
	longs[n + 1] = (struct option){ NULL, 0, NULL, 0 };
}

static const struct opt_spec *by_short(const struct opt_spec *spec, size_t n, int c)
{
	for (size_t i = 0; i < n; i++)
		if (spec[i].shrt == c)
			return &spec[i];
	return NULL;
}

static int apply(const char *cmd, const struct opt_spec *d, const char *val, void *dst)
{
	char *field = (char *)dst + d->off;

	switch (d->kind) {
	case OPT_FLAG:
		*(bool *)field = true;
		return EXIT_OK;
	case OPT_CLEAR:
		*(bool *)field = false;
		return EXIT_OK;
	case OPT_VALUE:
		if (*(const char **)field) {
			diag_error(NULL, "%s: option '--%s' given twice", cmd, d->name);
			return EXIT_USAGE;
		}
		break;
	case OPT_LIST:
		break;
	}
	if (!*val) {
		diag_error(NULL, "%s: option '--%s' needs a non-empty value", cmd, d->name);
		return EXIT_USAGE;
	}
	if (d->kind == OPT_VALUE)
		*(const char **)field = val;
	else
		list_add((struct opt_list *)field, val);
	return EXIT_OK;
}

/* The word getopt rejected: from optopt (a short letter or a table id) or argv. */
static const char *bad_word(const struct opt_spec *spec, size_t n, char **av, char *buf)
{
	if (optopt >= 0x100 && optopt < 0x100 + (int)n)
		return snprintf(buf, 64, "--%s", spec[optopt - 0x100].name) < 64 ? buf : av[optind - 1];
	if (optopt > 0 && optopt < 0x100) {
		snprintf(buf, 64, "-%c", optopt);
		return buf;
	}
	return av[optind - 1];
}

/* One diagnostic for getopt's '?' (unknown/ambiguous) or ':' (missing value). */
static int report(const char *cmd, const struct opt_spec *spec, size_t n, int c,
		  const char *word)
{
	const char *near;

	if (c == ':') {
		diag_error(NULL, "%s: option '%s' needs a value", cmd, word);
		return EXIT_USAGE;
	}
	if (optopt >= 0x100 && optopt < 0x100 + (int)n) {
		/* a known flag given a value: --no-annotate=x */
		diag_error(NULL, "%s: option '%s' takes no value", cmd, word);
		return EXIT_USAGE;
	}
	near = nearest(spec, n, word);
	if (near)
		diag_error(NULL, "%s: unknown option '%s' (did you mean '--%s'?)", cmd, word, near);
	else
		diag_error(NULL, "%s: unknown option '%s' (see 'board2dts help %s')", cmd, word, cmd);
	return EXIT_USAGE;
}

int opt_parse(const char *cmd, const struct opt_spec *spec, size_t n, int argc, char **argv,
	      void *dst, struct opt_args *out)
{
	struct option *longs = xcalloc(n + 2, sizeof(*longs));
	char *shorts = xmalloc(2 * n + 4);
	char **av = xcalloc((size_t)argc + 2, sizeof(*av));
	int ac = 1, rc = EXIT_OK, c;
	char buf[64];

	memset(out, 0, sizeof(*out));
	build_tables(spec, n, shorts, longs);
	/* getopt sees the words before `--` only: what follows is clang's. */
	av[0] = (char *)cmd;
	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--")) {
			out->rest = (const char **)(argv + i + 1);
			out->nrest = (size_t)(argc - i - 1);
			break;
		}
		av[ac++] = argv[i];
	}
	opterr = 0;
	optind = 0;	/* full re-initialisation (glibc) */
	while (rc == EXIT_OK && (c = getopt_long(ac, av, shorts, longs, NULL)) != -1) {
		const struct opt_spec *d = NULL;

		if (c == 'h' || c == HELP_ID)
			out->help = true;
		else if (c >= 0x100 && c < 0x100 + (int)n)
			d = &spec[c - 0x100];
		else if (c != '?' && c != ':')
			d = by_short(spec, n, c);
		if (d)
			rc = apply(cmd, d, optarg ? optarg : "", dst);
		else if (c == '?' || c == ':')
			rc = report(cmd, spec, n, c, bad_word(spec, n, av, buf));
	}
	for (int i = optind; rc == EXIT_OK && i < ac; i++)
		list_add(&out->operands, av[i]);
	free(av);
	free(shorts);
	free(longs);
	return rc;
}
