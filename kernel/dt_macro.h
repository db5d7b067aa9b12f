/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A function-like macro of a .dtsi, evaluated for one argument: pxa3xx.dtsi's
 * MFP_PIN_PXA300(gpio), a chain of `(gpio <= 2) ? (0x00b4 + 4 * gpio) : ...`
 * giving the MFPR offset of a GPIO's pin on that SoC. The target tree's
 * macro is the truth about its own pinctrl-single cells, so it is read, not
 * copied into a pack. Integer arithmetic only: + - * / ( ) the comparisons
 * and ?:, numbers in C notation, the parameter.
 */
#ifndef B2D_DT_MACRO_H
#define B2D_DT_MACRO_H

#include <stdbool.h>

/*
 * Find `#define name(param) body` in text (continuation lines joined) and
 * evaluate body with param = arg. False: no such macro, or a body this
 * evaluator does not read.
 */
bool dt_macro_eval(const char *text, const char *name, long long arg, long long *out);

/*
 * The value of text's object-like `#define name body` (`#define PCLK_UART0
 * 16` of a dt-bindings header). False: no such macro, a function-like one,
 * or a body this evaluator does not read.
 */
bool dt_macro_value(const char *text, const char *name, long long *out);

/* Does text `#define` name (object- or function-like)? */
bool dt_macro_defined(const char *text, const char *name);

#endif
