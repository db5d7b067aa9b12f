// SPDX-License-Identifier: GPL-2.0
/*
 * Usage text of every command (board2dts --help, help CMD, CMD --help).
 * Keep in step with README.md and docs/board2dts.1 (tests/scripts/install.sh
 * checks that the man page names every option listed here).
 */
#include "cli.h"

#include <stdio.h>
#include <string.h>

#include "common/paths.h"

static const char overview[] =
	"usage: board2dts COMMAND [OPTIONS] FILE.c\n"
	"\n"
	"Convert a legacy Linux ARM board file (board-*.c, mach-*.c) to an annotated\n"
	"device tree source.\n"
	"\n"
	"commands:\n"
	"  convert   write the .dts (and optionally .dtb and a JSON report)\n"
	"  extract   dump the board model found in the C file as JSON (debugging)\n"
	"  diff      semantic diff of two .dts/.dtb (exit 0 equal, 1 different, 2 error)\n"
	"  check     lint a .dts/.dtb: unknown/deprecated properties, cell counts,\n"
	"            interrupt parents (exit 0 clean, 1 warnings, 2 error)\n"
	"  batch     convert many files in parallel worker processes, with a\n"
	"            summary (exit 0 all converted, 1 some failed, 2 usage)\n"
	"  help CMD  show the options of one command\n"
	"\n"
	"  board2dts --help | --version\n"
	"\n"
	"exit status:\n"
	"  0  output written\n"
	"  1  conversion failed (input cannot be read or parsed, no MACHINE_START,\n"
	"     I/O error)\n"
	"  2  usage error (bad option, unknown --machine) or a bad rule file\n"
	"\n"
	"environment:\n"
	"  BOARD2DTS_RULES  rule pack directory (default: %s)\n"
	"  BOARD2DTS_MODEL  tolerant-mode model headers (default: %s)\n"
	"  XDG_CACHE_HOME   compiled SoC .dtsi and header cache ($XDG_CACHE_HOME/board2dts,\n"
	"                   else ~/.cache/board2dts)\n"
	"  B2D_PARSE_HEADER_BODIES  set: parse the headers whole (no header cache)\n";

static const char parse_opts[] =
	"parse options:\n"
	"  -p BUILD_DIR       directory with compile_commands.json (exact kernel flags);\n"
	"                     without it the file is parsed in tolerant mode\n"
	"  --kernel KDIR      kernel source tree: include dirs in tolerant mode, the\n"
	"                     SoC .dtsi for labels/addresses, the base of --dtb\n"
	"  --config FILE      kernel .config or defconfig (tolerant mode): its CONFIG_\n"
	"                     symbols decide #if; without it those FILE.c tests are\n"
	"                     assumed enabled (listed in the .dts header) and each\n"
	"                     skipped #else region is a TODO\n"
	"  --soc NAME         SoC rule pack (default: inferred from path and calls);\n"
	"                     another name is a hint: omap3430 -> omap3, da850 ->\n"
	"                     davinci-da8xx where the board names no SoC\n"
	"  --rules DIR        rule pack directory (default: $BOARD2DTS_RULES, else\n"
	"                     %s)\n"
	"  --timeout SECONDS  give up on the file after SECONDS (default 300; 0: none)\n"
	"  --max-memory SIZE  cap the memory (address space; default 4G; K/M/G/T\n"
	"                     suffixes; 0: none): an #include of a FIFO or device\n"
	"                     ends with 'timed out' or 'out of memory', not a hang\n"
	"  -v, --verbose      every clang error in FILE.c (convert, extract; default:\n"
	"                     their count and the first 3, as warnings), and notes on\n"
	"                     the rule decisions: the SoC pack chosen and why, and\n"
	"                     (convert) the rule file:line that decided each call\n"
	"  -- CLANG_ARGS...   extra arguments passed to clang last\n";

static const char convert_usage[] =
	"usage: board2dts convert [-p BUILD_DIR | --config FILE] [--kernel KDIR] [--soc NAME]\n"
	"                         [--machine ID] [-o OUT.dts|DIR|-] [--dtb OUT.dtb]\n"
	"                         [--report OUT.json] [--html OUT.html|DIR] [--no-annotate]\n"
	"                         [-q | -v] [--assume NAME=VALUE]... [--rules DIR]\n"
	"                         [--against UP.dts] [--validate [--strict]]\n"
	"                         FILE.c [-- CLANG_ARGS...]\n"
	"\n"
	"Convert every MACHINE_START record of FILE.c (or only --machine ID) to a .dts.\n"
	"Each output written gets one line on stderr (stdout carries only the .dts).\n"
	"\n"
	"output options:\n"
	"  --machine ID       convert only this MACHINE_START id (e.g. OMAP3_BEAGLE; any\n"
	"                     case, MACH_TYPE_/CONFIG_MACH_ prefix, or the record's name)\n"
	"  -o OUT.dts         write the .dts here (one machine only)\n"
	"  -o DIR             write DIR/<base>.dts, or DIR/<base>.<ID>.dts per machine\n"
	"                     when the file has several (DIR exists or ends in '/')\n"
	"  -o -               write to stdout (the default for a single machine)\n"
	"  --dtb OUT.dtb      also write the compiled .dtb (OUT.dtb or DIR as for -o);\n"
	"                     merged into the SoC .dtsi when --kernel is given; with\n"
	"                     __symbols__ (dtc -@), so 'diff OUT.dtb OUT.dts' is empty\n"
	"  --report OUT.json  write a JSON report: every fact, what it became, TODOs\n"
	"  --html OUT.html    write the review page: the board file beside the .dts in\n"
	"                     one self-contained HTML file, properties and TODOs linked\n"
	"                     to their C lines, TODOs by reason (keys n/p), with\n"
	"                     --against each property's status (a DIR as for -o)\n"
	"  --no-annotate      omit the /* file:line C-text */ comment on each property\n"
	"  --assume NAME=VAL  fix a variable or no-argument call used in if () guards\n"
	"                     (e.g. --assume rev=BEAGLE_XM), or a whole condition\n"
	"                     ('nandcs < GPMC_CS_NUM=0'; split at the last =); repeatable;\n"
	"                     overrides the SoC pack's defaults for hardware scans\n"
	"  -q, --quiet        no 'wrote FILE: N properties, M TODO' line on stderr per\n"
	"                     output written\n"
	"\n"
	"review options:\n"
	"  --against UP.dts   compare with an upstream .dts: each generated property\n"
	"                     matched / differs / only-generated, and what the\n"
	"                     conversion lacks, with board-file and .dts lines\n"
	"  --against-format F text (default), markdown or json\n"
	"  --against-out FILE write that report to FILE instead of stdout\n"
	"  --validate         (needs --kernel) compile the output with the kernel's cpp\n"
	"                     + dtc and, with dt-schema installed, run dt-validate on\n"
	"                     board-level nodes\n"
	"  --strict           with --validate: exit 1 when validation found errors\n"
	"\n"
	"Outputs are built in memory and written only when every step succeeded, each\n"
	"to a temporary file renamed into place; the input is never overwritten.\n"
	"\n";

static const char extract_usage[] =
	"usage: board2dts extract FILE.c --json [-p BUILD_DIR | --config FILE] [--kernel KDIR]\n"
	"                         [--soc NAME] [--rules DIR] [-- CLANG_ARGS...]\n"
	"\n"
	"Print the board model (initializers, calls, stores, machines, with source\n"
	"positions and macro expansions) as JSON on stdout.\n"
	"\n";

static const char diff_usage[] =
	"usage: board2dts diff A.dts|A.dtb B.dts|B.dtb [-I DIR]... [--kernel KDIR]\n"
	"                      [--format text|markdown|json]\n"
	"\n"
	"Compare two device trees semantically: phandles by label, specifier cells by\n"
	"the provider's meaning, nodes matched by path, then by compatible + reg or\n"
	"label. .dts input goes through the kernel's cpp step (-I dirs, KDIR's\n"
	"include dirs) and dtc -@. See docs/review.md.\n"
	"\n"
	"exit status: 0 equal, 1 different, 2 error.\n";

static const char check_usage[] =
	"usage: board2dts check FILE.dts|FILE.dtb [-I DIR]... [--kernel KDIR] [--rules DIR]\n"
	"                       [--all-files] [-W [no-|error=]CHECK]...\n"
	"\n"
	"Print `file:line: warning: ... [CHECK]` for unknown properties (with\n"
	"suggestions), deprecated forms, specifier cell counts that disagree with the\n"
	"provider and interrupts without an interrupt parent. Files are named as given\n"
	"or relative to the current directory. --kernel adds the binding schemas' and\n"
	"arch/arm/boot/dts's property names (cached). See docs/review.md.\n"
	"\n"
	"  --all-files        also the warnings located in the kernel's own .dtsi files\n"
	"                     (default: counted in one note on stderr, not shown)\n"
	"  -W no-CHECK        turn a check off; -W error=CHECK: its findings are errors;\n"
	"                     -W CHECK: back to a warning. CHECK: unknown-property,\n"
	"                     deprecated-property, specifier-cells, interrupt-parent,\n"
	"                     pinctrl-ref, pin-twice, pin-function (needs --kernel)\n"
	"\n"
	"exit status: 0 no warnings, 1 warnings, 2 errors (-W error=) or check failed.\n";

static const char exit_text[] =
	"\n"
	"exit status: 0 output written; 1 conversion failed (unparsable input, no\n"
	"MACHINE_START, a limit exceeded: initializer nesting > 64, expression\n"
	"nesting > 512, output > 256 MiB, --timeout, --max-memory; I/O error); 2 usage\n"
	"error or bad rule file.\n";

void cli_usage(FILE *f, const char *command)
{
	if (command && !strcmp(command, "convert")) {
		fputs(convert_usage, f);
		fprintf(f, parse_opts, B2D_RULES_DIR);
		fputs(exit_text, f);
	} else if (command && !strcmp(command, "extract")) {
		fputs(extract_usage, f);
		fprintf(f, parse_opts, B2D_RULES_DIR);
		fputs(exit_text, f);
	} else if (command && !strcmp(command, "diff"))
		fputs(diff_usage, f);
	else if (command && !strcmp(command, "check"))
		fputs(check_usage, f);
	else if (command && !strcmp(command, "batch"))
		batch_print_usage(f);
	else
		fprintf(f, overview, B2D_RULES_DIR, B2D_MODEL_DIR);
}

