/* SPDX-License-Identifier: GPL-2.0 */
/*
 * board2dts model: <linux/timer.h> with the DEFINE_TIMER of every era. Up
 * to 4.14 it took four arguments (name, function, expires, data: 3.x
 * nas100d-setup.c's `DEFINE_TIMER(nas100d_power_timer,
 * nas100d_power_handler, 0, 0)`), since then two; against today's header
 * the old call was a clang error and the timer (with the function that
 * polls the power button) was lost. The target's header, then a
 * DEFINE_TIMER that takes either. Tolerant mode only.
 */
#ifndef BOARD2DTS_MODEL_LINUX_TIMER_H
#define BOARD2DTS_MODEL_LINUX_TIMER_H

#if defined(__has_include_next) && __has_include_next(<linux/timer.h>)
#include_next <linux/timer.h>
#endif

#if defined(__TIMER_INITIALIZER)
#undef DEFINE_TIMER
#define DEFINE_TIMER(_name, _function, ...) \
	struct timer_list _name = __TIMER_INITIALIZER((void *)(_function), 0)
#endif

#endif
