// SPDX-License-Identifier: GPL-2.0
/*
 * board2dts: command dispatch and version. Each command lives in its own
 * cmd_*.c; options in opt.c (shared rules) and per-command tables; usage
 * text in usage.c.
 */
#include "cli.h"

#include <string.h>

#include "common/diag.h"
#include "common/heap.h"
#include "common/paths.h"
#include "common/runlimit.h"

static int run(enum cli_command cmd, int argc, char **argv)
{
	struct cli_options o;
	int rc = cli_parse(cmd, argc, argv, 2, &o);

	if (rc == EXIT_OK && o.help) {
		cli_usage(stdout, argv[1]);
	} else if (rc == EXIT_OK) {
		int err = rl_set_memory(o.max_memory, EXIT_FAIL);

		if (err)
			diag_warning(NULL, "--max-memory: cannot set the limit: %s", strerror(err));
		rl_start(o.input, o.timeout, EXIT_FAIL);	/* stopped before the outputs */
		rc = cmd == CMD_CONVERT ? cmd_convert(&o) : cmd_extract(&o);
	}
	cli_options_free(&o);
	return rc;
}

int main(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : NULL;

	heap_tune(NULL, NULL);	/* before libclang starts its thread */
	diag_time("main");

	if (!cmd) {
		diag_error(NULL, "no command given (usage: board2dts convert|extract [OPTIONS] FILE.c; "
			   "see 'board2dts --help')");
		return EXIT_USAGE;
	}
	if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help")) {
		cli_usage(stdout, NULL);
		return EXIT_OK;
	}
	if (!strcmp(cmd, "--version") || !strcmp(cmd, "-V")) {
		printf("board2dts %s\n", B2D_VERSION);
		return EXIT_OK;
	}
	if (!strcmp(cmd, "help")) {
		const char *what = argc > 2 ? argv[2] : NULL;

		if (what && strcmp(what, "convert") && strcmp(what, "extract") &&
		    strcmp(what, "diff") && strcmp(what, "check") && strcmp(what, "batch")) {
			diag_error(NULL, "help: unknown command '%s' (commands: convert, extract, diff, check)",
				   what);
			return EXIT_USAGE;
		}
		cli_usage(stdout, what);
		return EXIT_OK;
	}
	if (!strcmp(cmd, "convert"))
		return run(CMD_CONVERT, argc, argv);
	if (!strcmp(cmd, "extract"))
		return run(CMD_EXTRACT, argc, argv);
	if (!strcmp(cmd, "diff"))
		return cmd_diff(argc - 2, argv + 2);
	if (!strcmp(cmd, "check"))
		return cmd_check(argc - 2, argv + 2);
	if (!strcmp(cmd, "batch"))
		return cmd_batch(argc - 2, argv + 2);
	if (cmd[0] == '-')
		diag_error(NULL, "unknown option '%s' (see 'board2dts --help')", cmd);
	else
		diag_error(NULL, "unknown command '%s' (commands: convert, extract, diff, check, help)", cmd);
	return EXIT_USAGE;
}
