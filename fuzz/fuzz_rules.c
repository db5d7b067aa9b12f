// SPDX-License-Identifier: GPL-2.0
/* libFuzzer target: the rule-file loader (YAML -> rule nodes -> schema check). */
#include <stddef.h>
#include <stdint.h>

#include "common/diag.h"
#include "engine/rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ruleset *rs = ruleset_new();

	diag_set_quiet(true);
	if (rules_load_text(rs, "fuzz.yaml", (const char *)data, size) == B2D_OK)
		rules_finish(rs);
	ruleset_free(rs);
	return 0;
}
