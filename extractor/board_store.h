/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The board model (model.h) as bytes and back, for the parse cache: what
 * board_store() writes, board_load() reads into a new board with its own
 * arena, every field and every shared value as it was.
 */
#ifndef B2D_BOARD_STORE_H
#define B2D_BOARD_STORE_H

#include <stddef.h>

#include "model.h"

struct strbuf;

/* Append b's bytes to out. */
void board_store(const struct board *b, struct strbuf *out);
/* The board of data[0..len), or NULL when the bytes are not one whole board. */
struct board *board_load(const char *data, size_t len);

#endif
