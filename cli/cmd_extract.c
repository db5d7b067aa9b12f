// SPDX-License-Identifier: GPL-2.0
/*
 * `board2dts extract FILE.c --json`: the board model as JSON, after callback
 * binding so symbolic values show their meaning ("base(twl4030-gpio) + 19").
 */
#include "cli.h"

#include <stdio.h>

#include "common/diag.h"
#include "common/runlimit.h"
#include "common/util.h"
#include "extractor/extract.h"
#include "pipeline/pipeline.h"

int cmd_extract(const struct cli_options *o)
{
	struct pipeline_options po;
	struct pipeline_session s;
	struct strbuf sb;
	int rc;

	cli_pipeline_options(o, &po);
	rc = pipeline_load(&po, &s);

	if (rc) {
		pipeline_session_free(&s);
		return rc;
	}
	rl_stop();	/* --timeout bounds the parse, not the output */
	sb_init(&sb);
	board_dump_json(s.board, &sb);
	if (sb.len && sb.buf[sb.len - 1] != '\n')
		sb_addc(&sb, '\n');
	if (fwrite(sb.buf, 1, sb.len, stdout) != sb.len || fflush(stdout) != 0) {
		diag_error(NULL, "cannot write to stdout");
		rc = EXIT_FAIL;
	}
	sb_free(&sb);
	pipeline_session_free(&s);
	return rc;
}
