/* SPDX-License-Identifier: GPL-2.0 */
/* The target kernel's system-timer compatibles (drivers/clocksource *_OF_DECLARE). */
#ifndef B2D_SOC_TIMERS_H
#define B2D_SOC_TIMERS_H

#include <stdbool.h>
#include <stddef.h>

struct ptrvec;

/* Append (malloc'd) every compatible drivers/clocksource declares a timer for. */
void soc_timers_scan(const char *kernel_dir, struct ptrvec *out);
/* Does the NUL-separated compatible list (a property value) hold one of them? */
bool soc_timers_has(const struct ptrvec *timers, const char *compat_list, size_t len);

#endif
