/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A cheap scan of the board file before the parse (pipeline/prescan.c): an
 * #include of a FIFO or device, a macro use that would expand past
 * B2D_MAX_MACRO_EXPANSION tokens. PL_OK, or PL_FAIL after one
 * `file:line:col: error: ...`.
 */
#ifndef B2D_PIPELINE_PRESCAN_H
#define B2D_PIPELINE_PRESCAN_H

int prescan_board(const char *path);
/* Every entry under the model-header directory is a directory or regular file. */
int prescan_model_dir(const char *dir);

#endif
