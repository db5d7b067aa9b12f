// SPDX-License-Identifier: GPL-2.0
/*
 * ex_parse(): one libclang parse of the board file, with its arguments
 * (args.c), the in-memory files, and the headers without function bodies
 * (skip_bodies.c) when the cache is on.
 */
#include "ex_internal.h"
#include "../common/paths.h"
#include "../common/runlimit.h"

#include <string.h>

#define PARSE_OPTIONS (CXTranslationUnit_KeepGoing | \
		       CXTranslationUnit_DetailedPreprocessingRecord)

/* The unsaved files of one parse: the caller's, the synthesized header, the overlays. */
static struct CXUnsavedFile *unsaved_files(const struct extract_options *opt,
					   const char *synth_path, const char *synth_text,
					   const struct ex_overlays *ov, unsigned *n)
{
	struct CXUnsavedFile *uf = xcalloc(opt->nunsaved + 1 + (ov ? ov->paths.len : 0),
					   sizeof(*uf));

	*n = 0;
	for (size_t i = 0; i < opt->nunsaved; i++, (*n)++) {
		uf[i].Filename = opt->unsaved[i].path;
		uf[i].Contents = opt->unsaved[i].contents;
		uf[i].Length = opt->unsaved[i].length;
	}
	if (synth_path) {
		uf[*n].Filename = synth_path;
		uf[*n].Contents = synth_text;
		uf[(*n)++].Length = strlen(synth_text);
	}
	for (size_t i = 0; ov && i < ov->paths.len; i++) {
		uf[*n].Filename = ov->paths.items[i];
		uf[*n].Contents = ov->texts.items[i];
		uf[(*n)++].Length = strlen(ov->texts.items[i]);
	}
	return uf;
}

static enum CXErrorCode parse_args(const char *path, CXIndex index, const struct ptrvec *args,
				   struct CXUnsavedFile *uf, unsigned nuf, CXTranslationUnit *tu)
{
	enum CXErrorCode err;

	rl_stderr_hold();	/* libclang's crash report: only when not ours to explain */
	err = clang_parseTranslationUnit2(index, path,
			(const char *const *)args->items, (int)args->len,
			uf, nuf, PARSE_OPTIONS, tu);
	if (err == CXError_Crashed && rl_hit_memory_limit())
		rl_die_oom();	/* --max-memory: libclang's allocation failed */
	rl_stderr_release(true);
	return err;
}

/* Parses that read a stale header copy (skip_bodies.c) before one that does not. */
#define STALE_RETRIES 3

/*
 * synth_path/synth_text: the header of a second parse, force-included;
 * ov: headers the second parse reads from memory (model structs grown).
 */
int ex_parse(const char *path, const struct extract_options *opt,
		 CXIndex index, const char *synth_path, const char *synth_text,
		 const struct ex_overlays *ov, CXTranslationUnit *tu)
{
	const char *mdir = opt->model_dir ? opt->model_dir : B2D_MODEL_DIR;
	struct ptrvec args = { 0 }, roots = { 0 };
	struct CXUnsavedFile *uf;
	enum CXErrorCode err;
	unsigned nuf;
	size_t plain;
	int ret, tries = 0;

	ret = ex_build_args(path, opt, &args);
	if (ret)
		goto out;
	if (synth_path) {
		pv_push(&args, xstrdup("-include"));
		pv_push(&args, xstrdup(synth_path));
	}
	plain = args.len;
	if (opt->bodies_cache && !opt->nunsaved)
		sb_args(opt->bodies_cache, path, mdir, &args, &roots);
	uf = unsaved_files(opt, synth_path, synth_text, ov, &nuf);
	err = parse_args(path, index, &args, uf, nuf, tu);
	while (err == CXError_Success && args.len > plain &&
	       sb_update(*tu, opt->bodies_cache, mdir, &roots)) {
		clang_disposeTranslationUnit(*tu);
		if (++tries == STALE_RETRIES) {	/* headers changing under us: read them all */
			while (args.len > plain)
				free(args.items[--args.len]);
		}
		err = parse_args(path, index, &args, uf, nuf, tu);
	}
	free(uf);
	if (err != CXError_Success) {
		diag_error(&(struct srcpos){ path, 0, 0 }, "cannot parse (libclang error %d)",
			   (int)err);
		ret = B2D_ERR_PARSE;
	}
out:
	for (size_t i = 0; i < args.len; i++)
		free(args.items[i]);
	pv_free(&args);
	for (size_t i = 0; i < roots.len; i++)
		free(roots.items[i]);
	pv_free(&roots);
	return ret;
}
