// SPDX-License-Identifier: GPL-2.0
/*
 * Argument parsing for every command: `--opt VALUE`, `--opt=VALUE`, `-p DIR`,
 * `-pDIR`; options and the input file in any order; everything after `--`
 * goes to clang. Errors are one line and mean exit status 2.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "common/util.h"

enum opt_id {
	OPT_BUILD_DIR, OPT_KERNEL, OPT_SOC, OPT_MACHINE, OPT_OUT, OPT_DTB, OPT_REPORT,
	OPT_NO_ANNOTATE, OPT_ASSUME, OPT_RULES, OPT_JSON, OPT_HELP,
	OPT_AGAINST, OPT_AGAINST_FORMAT, OPT_AGAINST_OUT, OPT_VALIDATE, OPT_STRICT,
};

#define FOR_CONVERT (1u << CMD_CONVERT)
#define FOR_EXTRACT (1u << CMD_EXTRACT)
#define FOR_ALL (FOR_CONVERT | FOR_EXTRACT)

struct opt_def {
	const char *shrt;	/* "-p" or NULL */
	const char *lng;	/* "--kernel" or NULL */
	enum opt_id id;
	bool has_arg;
	unsigned cmds;
};

static const struct opt_def opts[] = {
	{ "-p", "--build-dir", OPT_BUILD_DIR, true, FOR_ALL },
	{ NULL, "--kernel", OPT_KERNEL, true, FOR_ALL },
	{ NULL, "--soc", OPT_SOC, true, FOR_ALL },
	{ NULL, "--rules", OPT_RULES, true, FOR_ALL },
	{ NULL, "--machine", OPT_MACHINE, true, FOR_CONVERT },
	{ "-o", "--output", OPT_OUT, true, FOR_CONVERT },
	{ NULL, "--dtb", OPT_DTB, true, FOR_CONVERT },
	{ NULL, "--report", OPT_REPORT, true, FOR_CONVERT },
	{ NULL, "--no-annotate", OPT_NO_ANNOTATE, false, FOR_CONVERT },
	{ NULL, "--assume", OPT_ASSUME, true, FOR_CONVERT },
	{ NULL, "--against-format", OPT_AGAINST_FORMAT, true, FOR_CONVERT },
	{ NULL, "--against-out", OPT_AGAINST_OUT, true, FOR_CONVERT },
	{ NULL, "--against", OPT_AGAINST, true, FOR_CONVERT },
	{ NULL, "--validate", OPT_VALIDATE, false, FOR_CONVERT },
	{ NULL, "--strict", OPT_STRICT, false, FOR_CONVERT },
	{ NULL, "--json", OPT_JSON, false, FOR_EXTRACT },
	{ "-h", "--help", OPT_HELP, false, FOR_ALL },
};

static const char *cmd_name(enum cli_command c)
{
	return c == CMD_CONVERT ? "convert" : "extract";
}

/*
 * Match arg against one option. Returns true and sets *inline_val when the
 * value is glued on (--kernel=DIR, -pDIR).
 */
static bool opt_matches(const struct opt_def *d, const char *arg, const char **inline_val)
{
	size_t n;

	*inline_val = NULL;
	if (d->lng) {
		n = strlen(d->lng);
		if (!strncmp(arg, d->lng, n)) {
			if (arg[n] == '\0')
				return true;
			if (arg[n] == '=') {
				*inline_val = arg + n + 1;
				return true;
			}
		}
	}
	if (d->shrt) {
		n = strlen(d->shrt);
		if (!strncmp(arg, d->shrt, n)) {
			if (arg[n] == '\0')
				return true;
			if (d->has_arg) {
				*inline_val = arg + n;
				return true;
			}
		}
	}
	return false;
}

static int set_once(const char **slot, const char *val, const char *arg)
{
	if (*slot) {
		diag_error(NULL, "option '%s' given twice", arg);
		return EXIT_USAGE;
	}
	if (!*val) {
		diag_error(NULL, "option '%s' needs a non-empty value", arg);
		return EXIT_USAGE;
	}
	*slot = val;
	return EXIT_OK;
}

static int add_assume(struct cli_options *o, const char *val)
{
	const char *eq = strchr(val, '=');

	if (!eq || eq == val || !eq[1]) {
		diag_error(NULL, "--assume needs NAME=VALUE, got '%s'", val);
		return EXIT_USAGE;
	}
	o->assume_names = xrealloc(o->assume_names, (o->nassume + 1) * sizeof(*o->assume_names));
	o->assume_values = xrealloc(o->assume_values, (o->nassume + 1) * sizeof(*o->assume_values));
	o->assume_names[o->nassume] = xstrndup(val, (size_t)(eq - val));
	o->assume_values[o->nassume] = eq + 1;
	o->nassume++;
	return EXIT_OK;
}

static int apply(struct cli_options *o, const struct opt_def *d, const char *val, const char *arg)
{
	switch (d->id) {
	case OPT_BUILD_DIR: return set_once(&o->build_dir, val, arg);
	case OPT_KERNEL: return set_once(&o->kernel_dir, val, arg);
	case OPT_SOC: return set_once(&o->soc, val, arg);
	case OPT_RULES: return set_once(&o->rules_dir, val, arg);
	case OPT_MACHINE: return set_once(&o->machine, val, arg);
	case OPT_OUT: return set_once(&o->out, val, arg);
	case OPT_DTB: return set_once(&o->dtb, val, arg);
	case OPT_REPORT: return set_once(&o->report, val, arg);
	case OPT_ASSUME: return add_assume(o, val);
	case OPT_NO_ANNOTATE: o->annotate = false; return EXIT_OK;
	case OPT_JSON: o->json = true; return EXIT_OK;
	case OPT_HELP: o->help = true; return EXIT_OK;
	case OPT_AGAINST: return set_once(&o->against, val, arg);
	case OPT_AGAINST_FORMAT: return set_once(&o->against_format, val, arg);
	case OPT_AGAINST_OUT: return set_once(&o->against_out, val, arg);
	case OPT_VALIDATE: o->validate = true; return EXIT_OK;
	case OPT_STRICT: o->strict = true; return EXIT_OK;
	}
	return EXIT_USAGE;
}

int cli_parse(enum cli_command cmd, int argc, char **argv, int first, struct cli_options *o)
{
	memset(o, 0, sizeof(*o));
	o->cmd = cmd;
	o->annotate = true;

	for (int i = first; i < argc; i++) {
		const char *arg = argv[i];
		const struct opt_def *d = NULL;
		const char *val = NULL;
		int rc;

		if (!strcmp(arg, "--")) {
			o->clang_args = (const char **)(argv + i + 1);
			o->nclang_args = (size_t)(argc - i - 1);
			break;
		}
		if (arg[0] != '-' || !strcmp(arg, "-")) {
			if (o->input) {
				diag_error(NULL, "%s: more than one input file ('%s' and '%s')",
					   cmd_name(cmd), o->input, arg);
				return EXIT_USAGE;
			}
			o->input = arg;
			continue;
		}
		for (size_t k = 0; k < sizeof(opts) / sizeof(opts[0]); k++)
			if (opt_matches(&opts[k], arg, &val)) {
				d = &opts[k];
				break;
			}
		if (!d || !(d->cmds & (1u << cmd))) {
			diag_error(NULL, "%s: unknown option '%s' (see 'board2dts help %s')",
				   cmd_name(cmd), arg, cmd_name(cmd));
			return EXIT_USAGE;
		}
		if (d->has_arg && !val) {
			if (i + 1 >= argc) {
				diag_error(NULL, "option '%s' needs a value", arg);
				return EXIT_USAGE;
			}
			val = argv[++i];
		} else if (!d->has_arg && val) {
			diag_error(NULL, "option '%s' takes no value", d->lng);
			return EXIT_USAGE;
		}
		rc = apply(o, d, val, d->lng ? d->lng : d->shrt);
		if (rc)
			return rc;
	}
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
	memset(o, 0, sizeof(*o));
}
