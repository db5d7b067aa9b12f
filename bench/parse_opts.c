// SPDX-License-Identifier: GPL-2.0
/*
 * What libclang's parse options cost: parse one file with each option set,
 * RUNS times, and print the minimum CPU (all threads) and wall time of the
 * parse, then of a walk over every top-level cursor (with a precompiled
 * preamble, the walk is what deserializes the headers' declarations).
 *
 *   parse_opts RUNS DIR CLANG_ARGS... (the source file among them)
 *
 * Output, one line per option set:
 *   NAME CPU_MS WALL_MS TOP_CURSORS WALK_CPU_MS MAIN_BODIES
 * MAIN_BODIES: function definitions of the main file whose body clang built
 * (what the extractor walks; a skipped body has no CompoundStmt child).
 * (run by bench/bench.py; the numbers go to docs/performance.md).
 */
#include <clang-c/Index.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#define BASE (CXTranslationUnit_KeepGoing | CXTranslationUnit_DetailedPreprocessingRecord)
#define PREAMBLE (CXTranslationUnit_PrecompiledPreamble | \
		  CXTranslationUnit_SkipFunctionBodies | \
		  CXTranslationUnit_LimitSkipFunctionBodiesToPreamble)

static const struct {
	const char *name;
	unsigned flags;
	int reparse;	/* clang_reparseTranslationUnit after the parse */
	int exclude_pch;	/* clang_createIndex(1, 0): the walk skips the preamble's decls */
} sets[] = {
	{ "keepgoing+detailedpp (board2dts before)", BASE, 0, 0 },
	{ "keepgoing", CXTranslationUnit_KeepGoing, 0, 0 },
	{ "+skipbodies (every body, main file's too)", BASE | CXTranslationUnit_SkipFunctionBodies, 0, 0 },
	{ "+preamble on first parse, skip bodies in it", BASE | PREAMBLE |
	  CXTranslationUnit_CreatePreambleOnFirstParse, 0, 0 },
	{ "+preamble on first parse, exclude PCH decls", BASE | PREAMBLE |
	  CXTranslationUnit_CreatePreambleOnFirstParse, 0, 1 },
	{ "+preamble, parse then reparse", BASE | PREAMBLE, 1, 0 },
};

static double secs(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static enum CXChildVisitResult has_body(CXCursor c, CXCursor parent, CXClientData d)
{
	if (clang_getCursorKind(c) == CXCursor_CompoundStmt)
		*(int *)d = 1;
	return CXChildVisit_Continue;
}

struct walk {
	CXFile main;
	unsigned top, bodies;
};

static enum CXChildVisitResult count(CXCursor c, CXCursor parent, CXClientData d)
{
	struct walk *w = d;
	CXFile f;
	int body = 0;

	w->top++;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl || !clang_isCursorDefinition(c))
		return CXChildVisit_Continue;
	clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
	if (f && clang_File_isEqual(f, w->main)) {
		clang_visitChildren(c, has_body, &body);
		w->bodies += body;
	}
	return CXChildVisit_Continue;
}

/* One parse (and reparse) and walk: CPU/wall seconds of each, the counts. */
static int once(size_t s, int argc, char **argv, double t[3], struct walk *w)
{
	CXIndex idx = clang_createIndex(sets[s].exclude_pch, 0);
	CXTranslationUnit tu = NULL;
	double c0 = secs(CLOCK_PROCESS_CPUTIME_ID), w0 = secs(CLOCK_MONOTONIC);
	enum CXErrorCode err = clang_parseTranslationUnit2(idx, NULL,
			(const char *const *)argv, argc, NULL, 0, sets[s].flags, &tu);

	if (err == CXError_Success && sets[s].reparse)
		err = clang_reparseTranslationUnit(tu, 0, NULL, clang_defaultReparseOptions(tu));
	t[0] = secs(CLOCK_PROCESS_CPUTIME_ID) - c0;
	t[1] = secs(CLOCK_MONOTONIC) - w0;
	if (err != CXError_Success) {
		fprintf(stderr, "parse_opts: libclang error %d\n", (int)err);
		return 1;
	}
	c0 = secs(CLOCK_PROCESS_CPUTIME_ID);
	*w = (struct walk){ clang_getFile(tu, argv[argc - 1]), 0, 0 };
	for (int i = 0; i < argc; i++) {	/* the source file: the argument that names a file */
		CXFile f = clang_getFile(tu, argv[i]);

		if (f && argv[i][0] != '-')
			w->main = f;
	}
	clang_visitChildren(clang_getTranslationUnitCursor(tu), count, w);
	t[2] = secs(CLOCK_PROCESS_CPUTIME_ID) - c0;
	clang_disposeTranslationUnit(tu);
	clang_disposeIndex(idx);
	return 0;
}

int main(int argc, char **argv)
{
	int runs;

	if (argc < 4) {
		fprintf(stderr, "usage: parse_opts RUNS DIR CLANG_ARGS...\n");
		return 2;
	}
	runs = atoi(argv[1]);
	if (chdir(argv[2])) {
		perror(argv[2]);
		return 1;
	}
	for (size_t s = 0; s < sizeof(sets) / sizeof(sets[0]); s++) {
		double best[3] = { 1e9, 1e9, 1e9 }, t[3];
		struct walk w = { 0 };

		for (int r = 0; r < runs; r++) {
			if (once(s, argc - 3, argv + 3, t, &w))
				return 1;
			for (int k = 0; k < 3; k++)
				if (t[k] < best[k])
					best[k] = t[k];
		}
		printf("%s\t%.1f\t%.1f\t%u\t%.1f\t%u\n", sets[s].name, best[0] * 1000,
		       best[1] * 1000, w.top, best[2] * 1000, w.bodies);
	}
	return 0;
}
