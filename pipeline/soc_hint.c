// SPDX-License-Identifier: GPL-2.0
/*
 * --soc NAME as a hint, not a key: the name a user (or a script written
 * without this tool's pack list) gives for a SoC family. A pack's own name
 * is that pack, as before. `omap3430`, `s3c2410`, `da850`, `mx51` name the
 * pack that covers them (omap3, s3c24xx, davinci-da8xx, imx51): the board
 * file's code still picks first, that pack only where it picks none (a
 * name can look like another family's: DM3730 is an OMAP3, not a DaVinci
 * DM3xx). A family several packs share (`at91`, `pxa`, `davinci`, `omap`)
 * leaves the pick to the board file, as does a name no pack covers, with a
 * warning. A conversion never fails because of the hint.
 */
#include "pipeline.h"

#include <ctype.h>
#include <string.h>

#include "common/diag.h"
#include "common/util.h"
#include "engine/rules.h"

/* Does pack name p (an 'x' stands for any letter or digit) start hint h? */
static bool covers(const char *p, const char *h)
{
	for (; *p; p++, h++)
		if (!*h || (*p != *h && !(*p == 'x' && isalnum((unsigned char)*h))))
			return false;
	return true;
}

/* Does pack name (or its part after the vendor '-': davinci-da8xx) cover the hint, or the hint start it? */
static bool pack_matches(const char *name, const char *h)
{
	const char *dash = strchr(name, '-');

	return covers(name, h) || (dash && covers(dash + 1, h)) ||
	       !strncmp(name, h, strlen(h));
}

/* The hint in the packs' spelling: lower case, no "mach-", "mx51" as "imx51". */
static void normalize(const char *hint, char *out, size_t size)
{
	size_t n = 0;

	if (!strncmp(hint, "mach-", 5))
		hint += 5;
	if ((hint[0] == 'm' || hint[0] == 'M') && (hint[1] == 'x' || hint[1] == 'X') &&
	    isdigit((unsigned char)hint[2]))
		out[n++] = 'i';
	for (; *hint && n + 1 < size; hint++)
		out[n++] = (char)tolower((unsigned char)*hint);
	out[n] = '\0';
}

const char *pipeline_soc_hint(const struct ruleset *rs, const char *hint, bool *exact)
{
	char h[64];
	const char *one = NULL;
	struct strbuf names;
	size_t n = 0;

	*exact = true;
	if (!hint || rules_soc(rs, hint))
		return hint;
	normalize(hint, h, sizeof(h));
	if (rules_soc(rs, h))
		return pipeline_soc_name(rules_soc(rs, h));
	*exact = false;
	for (size_t i = 0; *h && i < rs->nsocs; i++) {
		const char *name = pipeline_soc_name(rs->socs[i]);

		if (!name || !pack_matches(name, h))
			continue;
		if (!n++)
			sb_init(&names);
		sb_addf(&names, "%s%s", n > 1 ? ", " : "", name);
		one = name;
	}
	if (n == 1)
		diag_note(NULL, "--soc %s: the rule pack '%s' where the board file's code "
			  "names no SoC", hint, one);
	else if (n)
		diag_note(NULL, "--soc %s names a family of several rule packs (%s): the board "
			  "file picks one", hint, names.buf);
	else
		diag_warning(NULL, "unknown SoC '%s': no rule pack covers it; the SoC is picked "
			     "from the board file, as without --soc", hint);
	if (n)
		sb_free(&names);
	return n == 1 ? one : NULL;
}
