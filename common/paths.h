/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where board2dts finds its data (rule packs, tolerant-mode model headers).
 *
 * An installed binary (PREFIX/bin/board2dts) uses PREFIX/share/board2dts/;
 * a binary run from its build tree uses the source tree it was configured
 * from (B2D_SRC_RULES_DIR, B2D_SRC_MODEL_DIR). The environment and the
 * command line override both (see cli/load.c).
 */
#ifndef B2D_PATHS_H
#define B2D_PATHS_H

/* PREFIX/share/board2dts/<what> beside the running binary when that
 * directory exists, else fallback. The result is static storage. */
const char *b2d_data_dir(const char *what, const char *fallback);

#define B2D_RULES_DIR b2d_data_dir("rules", B2D_SRC_RULES_DIR)
#define B2D_MODEL_DIR b2d_data_dir("model-headers", B2D_SRC_MODEL_DIR)

#endif
