// SPDX-License-Identifier: GPL-2.0
/*
 * `register: {kind: add_data, device: pdev, data: data}`:
 * platform_device_add_data(&soc_device, &pdata, sizeof(pdata)) is the store
 * `soc_device.dev.platform_data = &pdata` (the kernel copies the data into
 * the device): the platform data goes on the SoC device's node when the
 * machine registers it, by its struct's rule (engine_values.c), and the
 * call's fact says so. A device of the file's own is a TODO.
 */
#include "registrations.h"

#include <string.h>

#include "../../common/util.h"

bool reg_add_data(struct reg_ctx *r)
{
	const struct value *dev = reg_arg(r, "device");
	const struct value *data = reg_arg(r, "data");
	struct store *s;

	if (!dev || !data || dev->kind != VAL_ADDR || !dev->text) {
		reg_todo(r, "platform_device_add_data(): the device is not a named object");
		return true;
	}
	s = arena_alloc(r->c->a, sizeof(*s));
	memset(s, 0, sizeof(*s));
	s->var = dev->text;
	s->path = ".dev.platform_data";
	s->rhs = (struct value *)data;
	s->pos = r->call->pos;
	s->spelling = r->call->spelling;
	s->global = true;
	if (conv_soc_pdata_store(r->c, s, r->f))
		return true;	/* the device's registration decides the fact */
	reg_todo(r, arena_printf(r->c->a, "platform data added to %s, which is no SoC device "
				 "of the pack: write it in its initializer (.dev.platform_data)",
				 dev->text));
	return true;
}
