// SPDX-License-Identifier: GPL-2.0
/*
 * Options of convert and extract: their getopt_long tables (cli/opt.c has
 * the rules every command shares) and the checks across options.
 */
#include "cli.h"
#include "opt.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "common/runlimit.h"
#include "common/util.h"

#define O(field) offsetof(struct cli_options, field)

/* convert and extract share the parse options; convert adds its own. */
static const struct opt_spec convert_opts[] = {
	{ "build-dir", 'p', OPT_VALUE, O(build_dir) },
	{ "kernel", 0, OPT_VALUE, O(kernel_dir) },
	{ "config", 0, OPT_VALUE, O(config_file) },
	{ "soc", 0, OPT_VALUE, O(soc) },
	{ "rules", 0, OPT_VALUE, O(rules_dir) },
	{ "machine", 0, OPT_VALUE, O(machine) },
	{ "output", 'o', OPT_VALUE, O(out) },
	{ "dtb", 0, OPT_VALUE, O(dtb) },
	{ "report", 0, OPT_VALUE, O(report) },
	{ "html", 0, OPT_VALUE, O(html) },
	{ "no-annotate", 0, OPT_CLEAR, O(annotate) },
	{ "assume", 0, OPT_LIST, O(assume) },
	{ "against", 0, OPT_VALUE, O(against) },
	{ "against-format", 0, OPT_VALUE, O(against_format) },
	{ "against-out", 0, OPT_VALUE, O(against_out) },
	{ "validate", 0, OPT_FLAG, O(validate) },
	{ "strict", 0, OPT_FLAG, O(strict) },
	{ "timeout", 0, OPT_VALUE, O(timeout_arg) },
	{ "max-memory", 0, OPT_VALUE, O(max_memory_arg) },
	{ "verbose", 'v', OPT_FLAG, O(verbose) },
	{ "quiet", 'q', OPT_FLAG, O(quiet) },
};

static const struct opt_spec extract_opts[] = {
	{ "build-dir", 'p', OPT_VALUE, O(build_dir) },
	{ "kernel", 0, OPT_VALUE, O(kernel_dir) },
	{ "config", 0, OPT_VALUE, O(config_file) },
	{ "soc", 0, OPT_VALUE, O(soc) },
	{ "rules", 0, OPT_VALUE, O(rules_dir) },
	{ "json", 0, OPT_FLAG, O(json) },
	{ "timeout", 0, OPT_VALUE, O(timeout_arg) },
	{ "max-memory", 0, OPT_VALUE, O(max_memory_arg) },
	{ "verbose", 'v', OPT_FLAG, O(verbose) },
};

static const char *cmd_name(enum cli_command c)
{
	return c == CMD_CONVERT ? "convert" : "extract";
}

/* --assume NAME=VALUE, each split into assume_names/assume_values. */
static int split_assume(struct cli_options *o)
{
	o->assume_names = xcalloc(o->assume.n + 1, sizeof(*o->assume_names));
	o->assume_values = xcalloc(o->assume.n + 1, sizeof(*o->assume_values));
	for (size_t i = 0; i < o->assume.n; i++) {
		const char *val = o->assume.v[i], *eq = strrchr(val, '=');

		if (!eq || eq == val || !eq[1]) {
			diag_error(NULL, "--assume needs NAME=VALUE, got '%s'", val);
			return EXIT_USAGE;
		}
		o->assume_names[o->nassume] = xstrndup(val, (size_t)(eq - val));
		o->assume_values[o->nassume++] = eq + 1;
	}
	return EXIT_OK;
}

int cli_parse_limits(const char *cmd, const char *timeout, const char *max_memory,
		     unsigned *secs, unsigned long long *bytes)
{
	*secs = RL_DEFAULT_TIMEOUT;
	*bytes = RL_DEFAULT_MEMORY;
	if (timeout && !rl_parse_seconds(timeout, secs)) {
		diag_error(NULL, "%s: --timeout needs a number of seconds (0: none), got '%s'",
			   cmd, timeout);
		return EXIT_USAGE;
	}
	if (max_memory && (!rl_parse_size(max_memory, bytes) || (*bytes && *bytes < (64u << 20)))) {
		diag_error(NULL, "%s: --max-memory needs a size of at least 64M (K, M, G, T "
			   "suffixes; 0: none), got '%s'", cmd, max_memory);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

int cli_parse(enum cli_command cmd, int argc, char **argv, int first, struct cli_options *o)
{
	struct opt_args a;
	int rc;

	memset(o, 0, sizeof(*o));
	o->cmd = cmd;
	o->annotate = true;
	if (cmd == CMD_CONVERT)
		rc = opt_parse(cmd_name(cmd), convert_opts, sizeof(convert_opts) / sizeof(*convert_opts),
			       argc - first, argv + first, o, &a);
	else
		rc = opt_parse(cmd_name(cmd), extract_opts, sizeof(extract_opts) / sizeof(*extract_opts),
			       argc - first, argv + first, o, &a);
	o->help = a.help;
	o->clang_args = a.rest;
	o->nclang_args = a.nrest;
	if (rc == EXIT_OK && a.operands.n > 1) {
		diag_error(NULL, "%s: more than one input file ('%s' and '%s')", cmd_name(cmd),
			   a.operands.v[0], a.operands.v[1]);
		rc = EXIT_USAGE;
	}
	if (a.operands.n)
		o->input = a.operands.v[0];
	opt_args_free(&a);
	if (rc == EXIT_OK)
		rc = split_assume(o);
	if (rc == EXIT_OK)
		rc = cli_parse_limits(cmd_name(cmd), o->timeout_arg, o->max_memory_arg, &o->timeout,
				      &o->max_memory);
	if (rc != EXIT_OK)
		return rc;
	if (o->help)
		return EXIT_OK;
	if (!o->input) {
		diag_error(NULL, "%s: no input file (usage: board2dts %s [options] FILE.c)",
			   cmd_name(cmd), cmd_name(cmd));
		return EXIT_USAGE;
	}
	if ((o->against_format || o->against_out) && !o->against) {
		diag_error(NULL, "%s: --against-format and --against-out need --against UPSTREAM.dts",
			   cmd_name(cmd));
		return EXIT_USAGE;
	}
	if (o->against_format && strcmp(o->against_format, "text") &&
	    strcmp(o->against_format, "json") && strcmp(o->against_format, "markdown") &&
	    strcmp(o->against_format, "md")) {
		diag_error(NULL, "--against-format: unknown format '%s' (text, json, markdown)",
			   o->against_format);
		return EXIT_USAGE;
	}
	if (o->validate && !o->kernel_dir) {
		diag_error(NULL, "%s: --validate needs --kernel KDIR (the .dts includes the SoC "
			   ".dtsi and dt-bindings headers found there)", cmd_name(cmd));
		return EXIT_USAGE;
	}
	if (o->config_file && o->build_dir) {
		diag_error(NULL, "%s: --config is for tolerant mode (-p already has the build's "
			   ".config)", cmd_name(cmd));
		return EXIT_USAGE;
	}
	if (o->strict && !o->validate) {
		diag_error(NULL, "%s: --strict needs --validate", cmd_name(cmd));
		return EXIT_USAGE;
	}
	if (!strcmp(o->input, "-")) {
		diag_error(NULL, "%s: reading the board file from stdin is not supported",
			   cmd_name(cmd));
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

void cli_options_free(struct cli_options *o)
{
	for (size_t i = 0; i < o->nassume; i++)
		free((char *)o->assume_names[i]);
	free(o->assume_names);
	free(o->assume_values);
	opt_list_free(&o->assume);
	memset(o, 0, sizeof(*o));
}
