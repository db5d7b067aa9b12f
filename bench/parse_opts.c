// SPDX-License-Identifier: GPL-2.0
/*
 * What libclang's parse options cost: parse one file with each option set,
 * RUNS times, and print the minimum CPU (all threads) and wall time.
 *
 *   parse_opts RUNS DIR CLANG_ARGS... (the source file among them)
 *
 * Output, one line per option set: NAME CPU_MS WALL_MS TOP_CURSORS
 * (run by bench/bench.py; the numbers go to docs/performance.md).
 */
#include <clang-c/Index.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static double secs(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static enum CXChildVisitResult count(CXCursor c, CXCursor parent, CXClientData d)
{
	(*(unsigned *)d)++;
	return CXChildVisit_Continue;
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		unsigned flags;
	} sets[] = {
		{ "keepgoing+detailedpp (board2dts)",
		  CXTranslationUnit_KeepGoing | CXTranslationUnit_DetailedPreprocessingRecord },
		{ "keepgoing",
		  CXTranslationUnit_KeepGoing },
		{ "keepgoing+detailedpp+skipbodies",
		  CXTranslationUnit_KeepGoing | CXTranslationUnit_DetailedPreprocessingRecord |
		  CXTranslationUnit_SkipFunctionBodies },
		{ "keepgoing+detailedpp+skipbodies-in-preamble",
		  CXTranslationUnit_KeepGoing | CXTranslationUnit_DetailedPreprocessingRecord |
		  CXTranslationUnit_SkipFunctionBodies |
		  CXTranslationUnit_LimitSkipFunctionBodiesToPreamble |
		  CXTranslationUnit_PrecompiledPreamble |
		  CXTranslationUnit_CreatePreambleOnFirstParse },
	};
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
		double best_cpu = 1e9, best_wall = 1e9;
		unsigned top = 0;

		for (int r = 0; r < runs; r++) {
			CXIndex idx = clang_createIndex(0, 0);
			CXTranslationUnit tu = NULL;
			double c0 = secs(CLOCK_PROCESS_CPUTIME_ID), w0 = secs(CLOCK_MONOTONIC);
			enum CXErrorCode err = clang_parseTranslationUnit2(idx, NULL,
					(const char *const *)argv + 3, argc - 3, NULL, 0,
					sets[s].flags, &tu);
			double c = secs(CLOCK_PROCESS_CPUTIME_ID) - c0, w = secs(CLOCK_MONOTONIC) - w0;

			if (err != CXError_Success) {
				fprintf(stderr, "parse_opts: libclang error %d\n", (int)err);
				return 1;
			}
			top = 0;
			clang_visitChildren(clang_getTranslationUnitCursor(tu), count, &top);
			clang_disposeTranslationUnit(tu);
			clang_disposeIndex(idx);
			if (c < best_cpu)
				best_cpu = c;
			if (w < best_wall)
				best_wall = w;
		}
		printf("%s\t%.1f\t%.1f\t%u\n", sets[s].name, best_cpu * 1000, best_wall * 1000, top);
	}
	return 0;
}
