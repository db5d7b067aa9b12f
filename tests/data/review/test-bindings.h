/* SPDX-License-Identifier: GPL-2.0 */
/* The few dt-bindings macros the review tests use, so they need no kernel tree. */
#define GPIO_ACTIVE_HIGH 0
#define GPIO_ACTIVE_LOW 1
#define IRQ_TYPE_EDGE_RISING 1
#define IRQ_TYPE_LEVEL_HIGH 4
