// SPDX-License-Identifier: GPL-2.0
/*
 * Reading diff/check input: a .dtb as is (recognised by its magic, whatever
 * its name), a .dts through the kernel's cpp step and dtc -@ so that labels
 * are known. dtc's complaints become one-line `file:line: error: ...`.
 */
#include "review.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "kernel/kernel_dt.h"

bool rv_is_dtb(const char *path)
{
	unsigned char m[4];
	FILE *f = fopen(path, "rb");
	bool dtb;

	if (!f)
		return false;
	dtb = fread(m, 1, 4, f) == 4 && m[0] == 0xd0 && m[1] == 0x0d && m[2] == 0xfe &&
	      m[3] == 0xed;
	fclose(f);
	return dtb;
}

/*
 * dtc names the node's span ("a.dts:3.7-5.4") for a missing label; find the
 * line inside it that spells the reference, so the error points at it.
 */
static unsigned ref_line(const char *file, unsigned first, unsigned last, const char *msg)
{
	const char *q = strstr(msg, "label \"");
	char *text, *want, *line;
	unsigned n = 1, found = first;

	if (!q || !(text = read_file(file, NULL)))
		return first;
	q += 7;
	want = xasprintf("&%.*s", (int)strcspn(q, "\""), q);
	for (line = text; line && n <= last; n++) {
		char *nl = strchr(line, '\n');

		if (nl)
			*nl = '\0';
		if (n >= first && strstr(line, want)) {
			found = n;
			break;
		}
		line = nl ? nl + 1 : NULL;
	}
	free(want);
	free(text);
	return found;
}

/* "a.dts:3.7-5.4: ERROR (check): msg" or "Error: a.dts:5.2-3 syntax error". */
static bool dtc_line(const char *s, struct strbuf *out)
{
	char file[512], kind[16];
	unsigned line, col, last = 0;
	int used = 0;
	const char *msg;

	if (!strncmp(s, "Error: ", 7) &&
	    sscanf(s + 7, "%511[^:]:%u.%u%n", file, &line, &col, &used) >= 3) {
		msg = s + 7 + used;
		msg += strcspn(msg, " ");
		sb_addf(out, "%s:%u: error:%s\n", file, line, msg);
		return true;
	}
	if (sscanf(s, "%511[^:]:%u.%u-%n", file, &line, &col, &used) < 3)
		return false;
	sscanf(s + used, "%u.", &last);
	msg = strstr(s, ": ");
	if (!msg || sscanf(msg + 2, "%15s", kind) != 1 || strcmp(kind, "ERROR"))
		return !!msg;	/* a warning: dropped */
	msg = strstr(msg, "): ");
	msg = msg ? msg + 3 : s;
	line = ref_line(file, line, last > line ? last : line, msg);
	sb_addf(out, "%s:%u: error: %s\n", file, line, msg);
	return true;
}

/* cpp: "a.dts:2:10: fatal error: x.dtsi: No such file or directory". */
static bool cpp_line(const char *s, struct strbuf *out)
{
	char file[512];
	unsigned line, col;
	int used = 0;
	const char *msg;

	if (sscanf(s, "%511[^:]:%u:%u: %n", file, &line, &col, &used) < 3 || !used)
		return false;
	msg = s + used;
	if (str_starts(msg, "fatal error: "))
		msg += 13;
	else if (str_starts(msg, "error: "))
		msg += 7;
	else
		return true;	/* warnings, notes */
	sb_addf(out, "%s:%u: error: %s\n", file, line, msg);
	return true;
}

static bool is_noise(const char *s)
{
	return !*s || s[0] == ' ' || str_starts(s, "ERROR: Input tree has errors") ||
	       str_starts(s, "compilation terminated") || str_starts(s, "In file included") ||
	       strstr(s, ": Warning (") || strstr(s, "Failed prerequisite");
}

char *rv_dtc_errors(const char *dtc_stderr, const char *fallback_file)
{
	struct strbuf out;
	char *copy = xstrdup(dtc_stderr ? dtc_stderr : ""), *save = NULL;

	sb_init(&out);
	for (char *s = strtok_r(copy, "\n", &save); s; s = strtok_r(NULL, "\n", &save)) {
		if (is_noise(s) || dtc_line(s, &out) || cpp_line(s, &out))
			continue;
		if (str_starts(s, "FATAL ERROR: "))
			s += 13;
		sb_addf(&out, "%s: error: %s\n", fallback_file, s);
	}
	free(copy);
	if (!out.len)
		sb_addf(&out, "%s: error: dtc rejected the input\n", fallback_file);
	return sb_detach(&out);
}

static int load_dts(const char *path, const struct rv_input *in, void **blob, size_t *len,
		    char **errors)
{
	char *err = NULL;
	int rc = kernel_dts_compile(in->kernel_dir, in->inc, in->ninc, path, true, blob, len,
				    &err);

	if (rc == B2D_ERR_DTC)
		*errors = rv_dtc_errors(err, path);
	else if (rc < 0)
		*errors = xasprintf("%s: error: %s", path,
				    err ? err : "cannot run cpp/dtc\n");
	free(err);
	return rc;
}

int rv_load(const char *path, const struct rv_input *in, struct rv_tree **out, char **errors)
{
	void *blob = NULL;
	size_t len = 0;
	int rc;

	*out = NULL;
	*errors = NULL;
	rc = regular_file_error(path);	/* a FIFO would block cpp or fopen; a device never ends */
	if (rc) {
		*errors = xasprintf("%s: error: %s\n", path, file_strerror(rc));
		return B2D_ERR_IO;
	}
	if (rv_is_dtb(path)) {
		blob = read_file(path, &len);
		if (!blob) {
			*errors = xasprintf("%s: error: %s\n", path, file_strerror(errno));
			return B2D_ERR_IO;
		}
	} else {
		rc = load_dts(path, in, &blob, &len, errors);
		if (rc < 0)
			return rc;
	}
	rc = rv_tree_from_blob(blob, len, path, out);
	if (rc < 0)
		*errors = xasprintf("%s: error: not a valid device tree blob\n", path);
	return rc;
}
