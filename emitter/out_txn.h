/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Output transactions: every output file of one run is staged first and
 * committed only when all of them were staged, so a failed run changes no
 * file (docs/hardening.md, "Safe writes").
 *
 *   struct out_txn *t = out_txn_new(inputs, ninputs);
 *   if (out_txn_stage(t, "a.dts", ...) == B2D_OK &&
 *       out_txn_stage(t, "a.json", ...) == B2D_OK)
 *           err = out_txn_commit(t);
 *   out_txn_free(t);		// aborts whatever was not committed
 *
 * What stage does with the target:
 *   - absent, or a regular file: the data goes to a temporary file beside it
 *     (".<name>.b2d-<pid>-XXXXXX"); commit renames it over the target. A new
 *     file gets 0666 minus the umask; a replaced one keeps its permission bits
 *     (set-id and sticky bits dropped) and, when allowed, its owner and group.
 *   - a symbolic link (chain): followed; the final target is replaced (or
 *     created, for a dangling link) in its own directory; links are kept.
 *   - a character device or a FIFO: opened for writing now (a FIFO without a
 *     reader is an error, never a hang); commit writes the data into it.
 *   - a directory, block device or socket: refused.
 *   - an input file (same name, real path or inode): refused, B2D_ERR_USAGE.
 * Commit writes the devices/FIFOs first, then renames the temporary files.
 * Every error prints one diagnostic and returns a negative b2d_err.
 */
#ifndef B2D_OUT_TXN_H
#define B2D_OUT_TXN_H

#include <stddef.h>
#include <sys/types.h>

struct out_txn;

/* inputs (may be NULL) must outlive the transaction. */
struct out_txn *out_txn_new(const char *const *inputs, size_t ninputs);
int out_txn_stage(struct out_txn *t, const char *path, const void *data, size_t len);
int out_txn_commit(struct out_txn *t);
void out_txn_abort(struct out_txn *t);	/* unlink the temporary files, close devices */
void out_txn_free(struct out_txn *t);	/* abort unless committed; NULL is fine */

/*
 * Temporary files (out_temp.c). While one exists, SIGINT, SIGTERM and SIGHUP
 * (unless ignored) unlink it before the process dies of the signal.
 */

/* Create and track "<dir>.<name>.b2d-<pid>-XXXXXX" (dir: "" or ending in '/'). */
int out_temp_create(const char *dir, const char *name, mode_t mode, char **temp);
/* Unlink (to NULL) or rename (over to) a tracked temporary file. */
int out_temp_finish(const char *temp, const char *to);
/*
 * Remove the stale temporary files in dir, once per directory and process:
 * regular files named exactly like ours, owned by this user, whose pid is not
 * a live process. Returns how many were removed.
 */
int out_temp_clean_dir(const char *dir);
/* The pid in a temporary file's name; 0 when the name is not one of ours. */
pid_t out_temp_pid(const char *name);

#endif
