// SPDX-License-Identifier: GPL-2.0
/*
 * Compiler arguments for one board file: from compile_commands.json
 * (`-p BUILD_DIR`) or the tolerant-mode defaults.
 */
#include "ex_internal.h"
#include "../common/paths.h"

#include <clang-c/CXCompilationDatabase.h>
#include <dirent.h>
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void add(struct ptrvec *args, const char *s)
{
	pv_push(args, xstrdup(s));
}

static void add2(struct ptrvec *args, const char *a, const char *b)
{
	add(args, a);
	add(args, b);
}

static bool is_path_opt(const char *a)
{
	return !strcmp(a, "-I") || !strcmp(a, "-include") ||
	       !strcmp(a, "-isystem") || !strcmp(a, "-iquote");
}

static char *absolute(const char *dir, const char *p)
{
	if (p[0] == '/' || !dir)
		return xstrdup(p);
	return xasprintf("%s/%s", dir, p);
}

static bool same_file(const char *a, const char *dir, const char *path)
{
	char *abs_a = absolute(dir, a);
	char *ra = realpath(abs_a, NULL), *rb = realpath(path, NULL);
	bool r = ra && rb && !strcmp(ra, rb);

	free(abs_a);
	free(ra);
	free(rb);
	return r;
}

/* Keep what changes the parse; drop output, dependency files, the source. */
static void filter_command(CXCompileCommand cmd, const char *path,
			   struct ptrvec *args)
{
	unsigned n = clang_CompileCommand_getNumArgs(cmd);
	CXString ds = clang_CompileCommand_getDirectory(cmd);
	const char *dir = clang_getCString(ds);

	for (unsigned i = 1; i < n; i++) {
		CXString s = clang_CompileCommand_getArg(cmd, i);
		const char *a = clang_getCString(s);
		bool skip_next = !strcmp(a, "-o") || !strcmp(a, "-MF") ||
				 !strcmp(a, "-MT") || !strcmp(a, "-MQ");

		if (skip_next || !strcmp(a, "-c") || !strcmp(a, "-MD") ||
		    !strcmp(a, "-MMD") || str_starts(a, "-Wp,-MD") ||
		    str_starts(a, "-Wp,-MMD") || same_file(a, dir, path)) {
			clang_disposeString(s);
			i += skip_next;
			continue;
		}
		if (is_path_opt(a) && i + 1 < n) {
			CXString v = clang_CompileCommand_getArg(cmd, ++i);

			add(args, a);
			pv_push(args, absolute(dir, clang_getCString(v)));
			clang_disposeString(v);
		} else if (str_starts(a, "-I") && a[2]) {
			char *p = absolute(dir, a + 2);

			pv_push(args, xasprintf("-I%s", p));
			free(p);
		} else {
			add(args, a);
		}
		clang_disposeString(s);
	}
	clang_disposeString(ds);
}

/*
 * libclang interpolates a command for a file the database does not list
 * (borrowed from a neighbour, with the file name swapped in), so check the
 * database's own entries: basename first, realpath only on a match.
 */
static bool listed(CXCompilationDatabase db, const char *path)
{
	CXCompileCommands all = clang_CompilationDatabase_getAllCompileCommands(db);
	unsigned n = all ? clang_CompileCommands_getSize(all) : 0;
	const char *base = path_basename(path);
	bool r = false;

	for (unsigned i = 0; i < n && !r; i++) {
		CXCompileCommand cmd = clang_CompileCommands_getCommand(all, i);
		CXString f = clang_CompileCommand_getFilename(cmd);
		CXString d = clang_CompileCommand_getDirectory(cmd);
		const char *fs = clang_getCString(f);

		if (!strcmp(path_basename(fs), base))
			r = same_file(fs, clang_getCString(d), path);
		clang_disposeString(f);
		clang_disposeString(d);
	}
	if (all)
		clang_CompileCommands_dispose(all);
	return r;
}

bool extract_in_build(const char *path, const struct extract_options *opt)
{
	CXCompilationDatabase_Error err;
	CXCompilationDatabase db;
	bool in;

	if (!opt->build_dir)
		return false;
	db = clang_CompilationDatabase_fromDirectory(opt->build_dir, &err);
	if (err != CXCompilationDatabase_NoError)
		return false;
	in = listed(db, path);
	clang_CompilationDatabase_dispose(db);
	return in;
}

static int db_args(const char *path, const struct extract_options *opt,
		   struct ptrvec *args)
{
	CXCompilationDatabase_Error err;
	CXCompilationDatabase db;
	CXCompileCommands cmds;
	char *abs = realpath(path, NULL);
	int ret = B2D_OK;

	db = clang_CompilationDatabase_fromDirectory(opt->build_dir, &err);
	if (err != CXCompilationDatabase_NoError) {
		diag_error(&(struct srcpos){ path, 0, 0 }, "cannot load %s/compile_commands.json",
			   opt->build_dir);
		free(abs);
		return B2D_ERR_IO;
	}
	cmds = clang_CompilationDatabase_getCompileCommands(db, abs ? abs : path);
	if (!cmds || clang_CompileCommands_getSize(cmds) == 0 ||
	    !listed(db, path)) {
		diag_error(&(struct srcpos){ path, 0, 0 }, "no entry in %s/compile_commands.json",
			   opt->build_dir);
		ret = B2D_ERR_USAGE;
	} else {
		filter_command(clang_CompileCommands_getCommand(cmds, 0), path, args);
	}
	if (cmds)
		clang_CompileCommands_dispose(cmds);
	clang_CompilationDatabase_dispose(db);
	free(abs);
	return ret;
}

/*
 * KBUILD_MODNAME and KBUILD_BASENAME as kbuild passes them for an object
 * built into the kernel ("ts72xx" for ts72xx.c, '-' and ',' as '_'): board
 * files spell `#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt`, and without the
 * name every pr_err() of the file is a syntax error.
 */
static void add_kbuild_names(const char *path, struct ptrvec *args)
{
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	size_t n = strcspn(base, ".");
	char *name = xstrndup(base, n);

	for (char *p = name; *p; p++)
		if (*p == '-' || *p == ',')
			*p = '_';
	pv_push(args, xasprintf("-DKBUILD_MODNAME=\"%s\"", name));
	pv_push(args, xasprintf("-DKBUILD_BASENAME=\"%s\"", name));
	free(name);
}

static int dirent_cmp(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static int is_plat_dir(const struct dirent *e)
{
	return !strncmp(e->d_name, "plat-", 5);
}

/*
 * A board file inside its own kernel tree (a vendor BSP's
 * OLD/arch/arm/mach-ixp4xx/nslu2-setup.c, converted against a newer
 * --kernel): <mach/...> comes from the file's own mach-X/include already; the
 * <plat/...> headers of that era are in OLD/arch/arm/plat-X/include (in name
 * order), which the target tree no longer has.
 */
static void own_tree_plat_dirs(const char *path, const char *kernel_dir, struct ptrvec *args)
{
	const char *a = strstr(path, "arch/arm/mach-");
	char *root, *rreal, *kreal, *arm;
	struct dirent **ents = NULL;
	int n;

	if (!a || (a != path && a[-1] != '/'))
		return;
	root = a == path ? xstrdup(".") : xstrndup(path, (size_t)(a - path));
	rreal = realpath(root, NULL);
	kreal = realpath(kernel_dir, NULL);
	if (rreal && (!kreal || strcmp(rreal, kreal))) {
		arm = xasprintf("%s/arch/arm", rreal);
		n = scandir(arm, &ents, is_plat_dir, dirent_cmp);
		for (int i = 0; i < n; i++) {
			char *inc = xasprintf("%s/%s/include", arm, ents[i]->d_name);
			struct stat st;

			if (stat(inc, &st) == 0 && S_ISDIR(st.st_mode))
				pv_push(args, xasprintf("-I%s", inc));
			free(inc);
			free(ents[i]);
		}
		free(ents);
		free(arm);
	}
	free(rreal);
	free(kreal);
	free(root);
}

static int is_mach_dir(const struct dirent *e)
{
	return !strncmp(e->d_name, "mach-", 5);
}

/*
 * The `#include "NAME"` names of text (quoted: the board's own directory's
 * headers) and its `#include <mach/NAME>` names (the mach-X/include/mach/
 * headers of its own era, whose files now sit in arch/arm/mach-X/), each
 * marked in mach[].
 */
static size_t own_includes(const char *text, char names[][64], bool *mach, size_t max)
{
	size_t n = 0;

	for (const char *s = strstr(text, "#include"); s && n < max; s = strstr(s + 1, "#include")) {
		const char *q = s + 8, *end;
		char close = '"';

		while (*q == ' ' || *q == '\t')
			q++;
		if (!strncmp(q, "<mach/", 6)) {
			q += 5;
			close = '>';
		} else if (*q != '"') {
			continue;
		}
		if (!(end = strchr(q + 1, close)) || end - q - 1 >= 64 ||
		    memchr(q, '\n', (size_t)(end - q)))
			continue;
		memcpy(names[n], q + 1, (size_t)(end - q - 1));
		names[n][end - q - 1] = '\0';
		mach[n++] = close == '>';
	}
	return n;
}

/*
 * `<mach/NAME>` of a lone file, read from the target's arch/arm/mach-X/: a
 * directory of the cache holding one link, mach -> that directory (made
 * once, never replacing what is there), goes on the include path. No cache
 * directory: those headers stay unknown, as before.
 */
static void mach_link_dir(const char *links, const char *mach_dir, struct ptrvec *args)
{
	char *real = realpath(mach_dir, NULL), *dir, *link, target[PATH_MAX];
	ssize_t len;

	if (!links || !real)
		return free(real);
	dir = xasprintf("%s/%s", links, real + 1);
	for (char *c = dir + strlen(links) + 1; *c; c++)
		if (*c == '/')
			*c = '_';
	link = xasprintf("%s/mach", dir);
	(void)mkdir(links, 0755);
	(void)mkdir(dir, 0755);
	if (symlink(real, link) != 0 && errno != EEXIST)
		goto out;
	len = readlink(link, target, sizeof(target) - 1);
	if (len > 0 && (target[len] = '\0', !strcmp(target, real)))
		pv_push(args, xasprintf("-I%s", dir));
out:
	free(link);
	free(dir);
	free(real);
}

/*
 * The SoC pack's mach-X/ (the board's calls chose the pack: 3.x
 * board-sffsdr.c calls dm644x_init()), when the file's own headers choose
 * no directory: its <mach/common.h> is mach-davinci's, where `struct
 * davinci_soc_info` is declared, not one of the fifteen other common.h.
 */
static void pack_mach_dir(const char *arm, const struct extract_options *opt,
			  struct ptrvec *args)
{
	char *dir = opt->pack_mach && !strchr(opt->pack_mach, '/')
		    ? xasprintf("%s/%s", arm, opt->pack_mach) : NULL;
	struct stat st;

	if (dir && stat(dir, &st) == 0 && S_ISDIR(st.st_mode)) {
		pv_push(args, xasprintf("-I%s", dir));
		mach_link_dir(opt->mach_links, dir, args);
	}
	free(dir);
}

/*
 * A lone board file (not under an arch/arm/mach-X/ of its own tree, whose
 * directory lacks the headers it includes by quotes: "pxa300.h",
 * "generic.h", or that includes <mach/pxa300.h> of an older layout): those
 * headers are the target tree's arch/arm/mach-X/ that has most of them,
 * when one has more than any other (a <mach/NAME> only one mach-X/ has
 * counts when a second one, or a quoted header, agrees); its directory then comes after the
 * file's own, and <mach/NAME> is read from there too (mach_link_dir). The MFP pin names, GPIO numbers and helper
 * declarations the board takes from there are known, not unknowns.
 * A <mach/NAME> counts only where one mach-X/ alone has NAME: irqs.h,
 * gpio.h, map.h are in many, and would pick another family's.
 */
static void lone_mach_dir(const char *path, const struct extract_options *opt,
			  const char *kernel_dir, struct ptrvec *args)
{
	char names[64][64], *text, *arm, *own, *tmp;
	bool mach[64] = { false }, any_mach = false;
	struct dirent **ents = NULL;
	size_t n, best = 0, tie = 0;
	int nents, pick = -1;

	if (strstr(path, "arch/arm/mach-") || !(text = read_file(path, NULL)))
		return;
	n = own_includes(text, names, mach, 64);
	free(text);
	tmp = xstrdup(path);
	own = xstrdup(dirname(tmp));
	free(tmp);
	arm = xasprintf("%s/arch/arm", kernel_dir);
	nents = scandir(arm, &ents, is_mach_dir, dirent_cmp);
	size_t where[64] = { 0 };	/* a <mach/NAME> counts where one mach-X/ alone has it */

	for (int i = 0; i < nents; i++)
		for (size_t k = 0; k < n; k++) {
			char *h = xasprintf("%s/%s/%s", arm, ents[i]->d_name, names[k]);
			struct stat st;

			where[k] += mach[k] && stat(h, &st) == 0;
			free(h);
		}
	for (int i = 0; i < nents; i++) {
		size_t found = 0, found_mach = 0;

		for (size_t k = 0; k < n; k++) {
			char *own_h = xasprintf("%s/%s", own, names[k]);
			char *h = xasprintf("%s/%s/%s", arm, ents[i]->d_name, names[k]);
			struct stat st;

			if (mach[k])
				found_mach += where[k] == 1 && stat(h, &st) == 0;
			else
				found += stat(own_h, &st) != 0 && stat(h, &st) == 0;
			free(own_h);
			free(h);
		}
		/*
		 * Two such names at least: one alone (map.h of an s5pv210 board
		 * is only mach-s3c's now, for the s3c64xx) is no evidence of the
		 * family. One that the quoted headers' directory also has
		 * confirms it (2.6.3x saar.c: "devices.h", "generic.h" and
		 * <mach/pxa930.h>, all of mach-pxa).
		 */
		bool by_mach = found_mach >= 2 || (found_mach && found);

		if (by_mach)
			found += found_mach;
		if (found > best) {
			best = found;
			pick = i;
			tie = 0;
			any_mach = by_mach;
		} else if (found && found == best) {
			tie++;
		}
	}
	if (pick >= 0 && !tie) {
		char *dir = xasprintf("%s/%s", arm, ents[pick]->d_name);

		pv_push(args, xasprintf("-I%s", dir));
		if (any_mach || str_eq(opt->pack_mach, ents[pick]->d_name))
			mach_link_dir(opt->mach_links, dir, args);
		free(dir);
	}
	if (pick < 0 || tie)
		pack_mach_dir(arm, opt, args);
	for (int i = 0; i < nents; i++)
		free(ents[i]);
	free(ents);
	free(arm);
	free(own);
}

/*
 * The SoC pack's `headers:` the target has (KDIR/include/NAME): read before
 * the file, as the <mach/...> headers of the board's era included them and
 * the target's no longer do (6.12's mach-davinci/da8xx.h dropped
 * <linux/platform_data/davinci_asp.h>: the McASP's DAVINCI_MCASP_IIS_MODE).
 */
static void pack_headers(const struct extract_options *opt, const char *k, struct ptrvec *args)
{
	for (size_t i = 0; i < opt->nheaders; i++) {
		char *h = xasprintf("%s/include/%s", k, opt->headers[i]);
		struct stat st;

		if (stat(h, &st) == 0 && S_ISREG(st.st_mode)) {
			add(args, "-include");
			pv_push(args, h);
		} else {
			free(h);
		}
	}
}

static void tolerant_args(const char *path, const struct extract_options *opt,
			  struct ptrvec *args)
{
	const char *mdir = opt->model_dir ? opt->model_dir : B2D_MODEL_DIR;
	char *tmp, *m;

	add2(args, "-x", "c");	/* whatever the name, parse it as C */
	add(args, "-nostdinc");
	add(args, "-ffreestanding");
	add(args, "-D__KERNEL__");
	add(args, "-ferror-limit=0");	/* at 20 errors clang stops parsing */
	add_kbuild_names(path, args);
	/*
	 * Every ARM board file of a Linux with board files ran with an MMU; without
	 * it <asm/mach/map.h> makes iotable_init() an empty macro and the call
	 * (and its map_desc table's use) vanished. A --config says for itself.
	 */
	if (!opt->config_file)
		add(args, "-DCONFIG_MMU=1");
	add2(args, "-I", mdir);
	m = xasprintf("%s/board2dts-model.h", mdir);
	add(args, "-include");
	pv_push(args, m);
	if (opt->kernel_dir) {
		const char *k = opt->kernel_dir;

		pv_push(args, xasprintf("-I%s/include", k));
		pv_push(args, xasprintf("-I%s/arch/arm/include", k));
		pv_push(args, xasprintf("-I%s/arch/arm/include/generated", k));
		pv_push(args, xasprintf("-I%s/include/uapi", k));
		pv_push(args, xasprintf("-I%s/arch/arm/include/uapi", k));
		tmp = xstrdup(path);
		m = dirname(tmp);
		pv_push(args, xasprintf("-I%s", m));
		pv_push(args, xasprintf("-I%s/include", m));
		free(tmp);
		own_tree_plat_dirs(path, k, args);
		lone_mach_dir(path, opt, k, args);
		pack_headers(opt, k, args);
	}
	for (size_t i = 0; i < opt->ndefines; i++)
		pv_push(args, xasprintf("-D%s", opt->defines[i]));
	for (size_t i = 0; i < opt->nconfig_defines; i++)
		pv_push(args, xasprintf("-D%s", opt->config_defines[i]));
}

int ex_build_args(const char *path, const struct extract_options *opt,
		  struct ptrvec *args)
{
	int ret = B2D_OK;

	if (opt->build_dir)
		ret = db_args(path, opt, args);
	else
		tolerant_args(path, opt, args);
	for (size_t i = 0; ret == B2D_OK && i < opt->nclang_args; i++)
		add(args, opt->clang_args[i]);
	return ret;
}
