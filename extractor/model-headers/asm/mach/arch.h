/* SPDX-License-Identifier: GPL-2.0 */
/*
 * board2dts model: shadows the kernel's <asm/mach/arch.h>, which has no
 * include guard and whose MACHINE_START needs the generated MACH_TYPE_*
 * numbers (without them clang drops the whole machine record).
 * model-mach.h already declares struct machine_desc and MACHINE_START.
 */
#include "../../board2dts-model.h"
