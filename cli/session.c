// SPDX-License-Identifier: GPL-2.0
/* The command line's parsed options, as the pipeline's (pipeline/pipeline.h). */
#include "cli.h"

#include <string.h>

#include "pipeline/pipeline.h"

void cli_pipeline_options(const struct cli_options *o, struct pipeline_options *po)
{
	memset(po, 0, sizeof(*po));
	po->input = o->input;
	po->build_dir = o->build_dir;
	po->kernel_dir = o->kernel_dir;
	po->soc = o->soc;
	po->rules_dir = o->rules_dir;
	po->config_file = o->config_file;
	po->clang_args = o->clang_args;
	po->nclang_args = o->nclang_args;
	po->verbose = o->verbose;
}
