/* SPDX-License-Identifier: GPL-2.0 */
/*
 * board2dts tolerant-mode model of the kernel API that board files use.
 *
 * Force-included (-include) before the board file when no compilation
 * database is given. These are minimal declarations written for board2dts,
 * not kernel code: just enough for clang to keep the initializers of the
 * tables a board file declares (clang drops the initializer of a variable
 * whose struct type is incomplete). Field names and the values of the
 * constants follow the kernel ABI so that the board model is right.
 *
 * Each header defines the include guard of the kernel header it stands for,
 * so that with --kernel the real one is skipped instead of clashing.
 * SoC-specific macros (OMAP_MAX_GPIO_LINES, S3C64XX_GPN(n), ...) do not
 * belong here: rule packs pass them as -D.
 */
#ifndef BOARD2DTS_MODEL_H
#define BOARD2DTS_MODEL_H

#include "model-types.h"
#include "model-platform.h"
#include "model-bus.h"
#include "model-gpio.h"
#include "model-power.h"
#include "model-input.h"
#include "model-mach.h"
#include "model-amba.h"

#endif
