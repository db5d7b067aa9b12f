/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Registration calls, shared by engine_register.c (devices, buses, hogs,
 * regulators, MBus windows) and engine_lookup.c (consumer lookup tables).
 */
#ifndef BOARD2DTS_ENGINE_REGISTER_H
#define BOARD2DTS_ENGINE_REGISTER_H

#include "engine_int.h"

/* One registration call being converted. */
struct reg_ctx {
	struct conv *c;
	const struct call *call;
	const struct rnode *rule;	/* the call rule */
	const struct rnode *reg;	/* its `register:` (map or scalar) */
	struct fact *f;
};

/* The call argument that the rule's `args:` names `name` (or `register: {name: arg}`). */
const struct value *reg_arg(const struct reg_ctx *r, const char *name);
void reg_converted(struct reg_ctx *r, const char *became);
void reg_todo(struct reg_ctx *r, const char *reason);

/* engine_lookup.c */
bool reg_gpiod_lookup(struct reg_ctx *r);
bool reg_pwm_lookup(struct reg_ctx *r);

#endif
