// SPDX-License-Identifier: GPL-2.0
/*
 * Find a SoC .dtsi by name in a kernel tree, whatever its layout (see
 * dtsi_find.h). The subdirectory walk is sorted, so two machines agree.
 */
#include "dtsi_find.h"
#include "../common/util.h"

#include <dirent.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_DEPTH 3

static bool is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The subdirectory names of dir, sorted (hidden ones left out). */
static void subdirs(const char *dir, struct ptrvec *out)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d))) {
		char *p;
		struct stat st;

		if (e->d_name[0] == '.')
			continue;
		p = xasprintf("%s/%s", dir, e->d_name);
		if (stat(p, &st) == 0 && S_ISDIR(st.st_mode))
			pv_push(out, xstrdup(e->d_name));
		free(p);
	}
	closedir(d);
	if (out->len)
		qsort(out->items, out->len, sizeof(out->items[0]), name_cmp);
}

/* rel: the directory under root being searched ("" or "ti/omap"). */
static char *walk(const char *root, const char *rel, const char *name, int depth)
{
	struct ptrvec subs = { 0 };
	char *dir = *rel ? xasprintf("%s/%s", root, rel) : xstrdup(root);
	char *found = NULL;

	subdirs(dir, &subs);
	for (size_t i = 0; i < subs.len && !found; i++) {
		char *sub = *rel ? xasprintf("%s/%s", rel, (char *)subs.items[i]) :
				   xstrdup(subs.items[i]);
		char *path = xasprintf("%s/%s/%s", root, sub, name);

		if (is_file(path))
			found = xasprintf("%s/%s", sub, name);
		else if (depth + 1 < MAX_DEPTH)
			found = walk(root, sub, name, depth + 1);
		free(path);
		free(sub);
	}
	for (size_t i = 0; i < subs.len; i++)
		free(subs.items[i]);
	pv_free(&subs);
	free(dir);
	return found;
}

/* One file name: directly, then in the subdirectories. */
static char *find_one(const char *root, const char *name)
{
	char *path = xasprintf("%s/%s", root, name);
	char *found = NULL;

	if (is_file(path))
		found = xstrdup(name);
	else if (!strchr(name, '/'))
		found = walk(root, "", name, 0);
	free(path);
	return found;
}

/* "kirkwood.dtsi kirkwood-6281.dtsi": every one found, or NULL. */
static char *find_stack(const char *root, const char *names)
{
	char *list = xstrdup(names), *save = NULL;
	struct strbuf sb;
	bool all = true;

	sb_init(&sb);
	for (char *w = strtok_r(list, " ", &save); w && all; w = strtok_r(NULL, " ", &save)) {
		char *one = find_one(root, w);

		all = one != NULL;
		if (one)
			sb_addf(&sb, "%s%s", sb.len ? " " : "", one);
		free(one);
	}
	free(list);
	if (all && sb.len)
		return sb_detach(&sb);
	sb_free(&sb);
	return NULL;
}

char *dtsi_find(const char *kernel_dir, const char *const *names, size_t n)
{
	char *root, *found = NULL;

	if (!kernel_dir)
		return NULL;
	root = xasprintf("%s/arch/arm/boot/dts", kernel_dir);
	for (size_t i = 0; i < n && !found; i++)
		found = find_stack(root, names[i]);
	free(root);
	return found;
}

/* Does the .dtsi file name (with ".dtsi") answer to this SoC name? */
static bool names_soc(const char *file, const char *word)
{
	size_t f = strlen(file) - strlen(".dtsi"), w = strlen(word);

	if (f == w && !strncmp(file, word, w))
		return true;
	if (f == w + 1 && file[0] == 'i' && !strncmp(file + 1, word, w))
		return true;
	if (f > w + 1 && file[f - w - 1] == '-' && !strncmp(file + f - w, word, w))
		return true;
	/* a dash-separated word inside the name: the machine directory's
	 * "nomadik" of ste-nomadik-stn8815.dtsi, whose SoC the 2.6.3x board
	 * calls cpu8815 */
	for (size_t i = 0; i + w < f; i++)
		if ((i == 0 || file[i - 1] == '-') && file[i + w] == '-' && !strncmp(file + i, word, w))
			return true;
	return false;
}

static void collect(const char *root, const char *rel, int depth, const char *const *words,
		    size_t n, struct ptrvec *out, size_t *which, size_t max)
{
	char *dir = *rel ? xasprintf("%s/%s", root, rel) : xstrdup(root);
	struct ptrvec files = { 0 }, subs = { 0 };
	DIR *d = opendir(dir);
	struct dirent *e;

	while (d && (e = readdir(d))) {
		size_t len = strlen(e->d_name);

		if (len > 5 && !strcmp(e->d_name + len - 5, ".dtsi"))
			pv_push(&files, xstrdup(e->d_name));
	}
	if (d)
		closedir(d);
	if (files.len)
		qsort(files.items, files.len, sizeof(files.items[0]), name_cmp);
	for (size_t i = 0; i < files.len; i++) {
		for (size_t w = 0; w < n && out->len < max; w++) {
			if (!names_soc(files.items[i], words[w]))
				continue;
			if (which)
				which[out->len] = w;
			pv_push(out, *rel ? xasprintf("%s/%s", rel, (char *)files.items[i]) :
					   xstrdup(files.items[i]));
			break;
		}
		free(files.items[i]);
	}
	pv_free(&files);
	if (depth + 1 <= MAX_DEPTH)
		subdirs(dir, &subs);
	for (size_t i = 0; i < subs.len; i++) {
		char *sub = *rel ? xasprintf("%s/%s", rel, (char *)subs.items[i]) :
				   xstrdup(subs.items[i]);

		collect(root, sub, depth + 1, words, n, out, which, max);
		free(sub);
		free(subs.items[i]);
	}
	pv_free(&subs);
	free(dir);
}

void dtsi_named_by(const char *kernel_dir, const char *const *words, size_t n,
		   struct ptrvec *out, size_t *which, size_t max)
{
	char *root;

	if (!kernel_dir || !n)
		return;
	root = xasprintf("%s/arch/arm/boot/dts", kernel_dir);
	collect(root, "", 0, words, n, out, which, max);
	free(root);
}
