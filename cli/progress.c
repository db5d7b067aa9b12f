// SPDX-License-Identifier: GPL-2.0
/*
 * What `convert` tells a person on stderr: one line per output written
 * (`wrote mini6410.dts: 44 properties, 12 TODO`; --quiet drops them) and,
 * with -v, the rule that decided each call of each machine, as notes at
 * the call's line (`mach-mini6410.c:310:2: note: i2c_register_board_info():
 * rules/soc/s3c64xx.yaml:120 -> &i2c0`). stdout stays the .dts's.
 */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "common/util.h"
#include "graph/graph.h"
#include "pipeline/convert_core.h"

char *cli_dts_summary(const struct dt_tree *t)
{
	size_t nprops = dt_tree_nprops(t), ntodo = dt_tree_todos(t, NULL);

	return xasprintf("%zu propert%s, %zu TODO", nprops, nprops == 1 ? "y" : "ies", ntodo);
}

char *cli_report_summary(const struct conv_run *run)
{
	size_t facts = 0, converted = 0, todo = 0;

	for (size_t i = 0; i < run->n; i++) {
		const struct dt_tree *t = run->v[i].t;

		facts += t->nfacts;
		for (size_t k = 0; k < t->nfacts; k++)
			converted += t->facts[k]->fate == FACT_CONVERTED;
		todo += dt_tree_todos(t, NULL);
	}
	return xasprintf("report of %zu machine%s: %zu facts, %zu converted, %zu TODO", run->n,
			 run->n == 1 ? "" : "s", facts, converted, todo);
}

void cli_print_written(const char *path, const char *note)
{
	fprintf(stderr, "wrote %s%s%s\n", path ? path : "<stdout>", note ? ": " : "",
		note ? note : "");
}

/* "i2c_register_board_info(0, devs, 2)" -> "i2c_register_board_info()". */
static void call_name(const char *what, struct strbuf *sb)
{
	size_t n = strcspn(what ? what : "", "(");

	sb_addn(sb, what ? what : "?", what ? n : 1);
	sb_add(sb, "()");
}

void cli_explain_run(const struct conv_run *run)
{
	for (size_t i = 0; i < run->n; i++) {
		const struct dt_tree *t = run->v[i].t;

		for (size_t k = 0; k < t->nfacts; k++) {
			const struct fact *f = t->facts[k];
			struct strbuf sb;
			char *rule;

			if (!str_eq(f->kind, "call"))
				continue;
			sb_init(&sb);
			if (run->n > 1)
				sb_addf(&sb, "%s: ", t->machine_id);
			call_name(f->what, &sb);
			rule = path_display(f->rule.file);
			if (rule)
				sb_addf(&sb, ": %s:%u", rule, f->rule.line);
			else
				sb_add(&sb, ": no rule");
			if (f->fate == FACT_CONVERTED)
				sb_addf(&sb, " -> %s", f->became ? f->became : "converted");
			else
				sb_addf(&sb, " -> TODO: %s", f->reason ? f->reason : "not converted");
			diag_note(&f->pos, "%s", sb.buf);
			free(rule);
			sb_free(&sb);
		}
	}
}
