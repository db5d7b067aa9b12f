/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Running an external tool (cpp, dtc, dt-validate, dt-mk-schema): fork,
 * execvp (never a shell: paths may hold spaces or quotes), wait.
 */
#ifndef B2D_SPAWN_H
#define B2D_SPAWN_H

#include <stdbool.h>

struct spawn_io {
	const char *out;	/* the child's stdout: this file, or NULL: /dev/null */
	const char *err;	/* the child's stderr: this file, or NULL: /dev/null */
	bool append;		/* append to out/err (else truncate them) */
	bool null_stdin;	/* stdin from /dev/null (else inherited) */
};

/*
 * Run argv[0] (looked up on $PATH) with argv and wait for it. Returns its
 * exit status; 127 when out/err cannot be opened or argv[0] cannot be run
 * ("board2dts: cannot run ARGV0: why" goes to its stderr); -1 when no child
 * could be started or it was killed by a signal.
 */
int spawn_wait(char *const argv[], const struct spawn_io *io);

#endif
