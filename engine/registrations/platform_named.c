// SPDX-License-Identifier: GPL-2.0
/*
 * `register: platform_named`: a platform device the call builds from its
 * arguments rather than from a struct platform_device of the file:
 *
 *   platform_device_register_simple(name, id, res, nres)
 *   platform_device_register_data(parent, name, id, data, size)
 *   platform_device_register_resndata(parent, name, id, res, nres, data, size)
 *   platform_device_register_full(&info)      (`info`: struct platform_device_info)
 *   a SoC helper that names its driver itself: `driver: pwm-backlight` in
 *   the rule (the i.MX6 BSP's imx6q_add_mxc_pwm_backlight(id, pdata))
 *
 * The call's arguments become the members of a platform_device
 * (.name, .id, .resource, .num_resources, .dev.platform_data; an info's
 * software-node .properties), and that
 * device converts as a file's own would: its node by driver name, its
 * resources as reg and interrupts, its platform data by the struct's rule.
 */
#include "registrations.h"

#include "../../common/util.h"

/* One member of the device being built; a missing argument is no member. */
static void member(struct conv *c, struct value *list, const struct value *v, const char *field)
{
	if (v)
		reg_add_member(c, list, (struct value *)v, field);
}

/* struct platform_device { .name, .id, .resource, .num_resources, .dev.platform_data }. */
static struct value *device_value(struct reg_ctx *r, const struct value *const args[6])
{
	static const char *const fields[] = { "name", "id", "resource", "num_resources" };
	struct value *dev = reg_new_value(r->c, VAL_LIST, &r->call->pos, r->call->spelling);

	dev->type = "platform_device";
	for (size_t i = 0; i < 4; i++)
		member(r->c, dev, args[i], fields[i]);
	if (args[4]) {
		struct value *d = reg_new_value(r->c, VAL_LIST, &args[4]->pos, args[4]->spelling);

		d->type = "device";
		member(r->c, d, args[4], "platform_data");
		member(r->c, dev, d, "dev");
	}
	member(r->c, dev, args[5], "properties");	/* platform_device_info's software node */
	return dev;
}

/* The six arguments, from the call or from the platform_device_info it passes. */
static bool device_args(struct reg_ctx *r, const struct value *args[6])
{
	static const char *const call_args[] = { "name", "id", "resources", "count", "data", "properties" };
	static const char *const info_fields[] = { "name", "id", "res", "num_res", "data", "properties" };
	const struct value *info = reg_arg(r, "info");
	const struct variable *var = info ? conv_deref_one(r->c, info) : NULL;
	const char *fixed = r->reg && r->reg->kind == RN_MAP ? rn_str(r->reg, "driver") : NULL;

	if (info && (!var || !var->init)) {
		reg_todo(r, arena_printf(r->c->a, "platform_device_info %s is not defined in this file",
					 info->spelling ? info->spelling : "?"));
		return false;
	}
	if (var)
		conv_mark_var(r->c, var->name);
	for (size_t i = 0; i < 6; i++)
		args[i] = var ? conv_field(r->c, var->init, info_fields[i]) : reg_arg(r, call_args[i]);
	if (!args[0] && fixed) {	/* a helper that names its driver itself */
		struct value *name = reg_new_value(r->c, VAL_STRING, &r->call->pos, r->call->spelling);

		name->text = fixed;
		args[0] = name;
	}
	return true;
}

bool reg_platform_named(struct reg_ctx *r)
{
	const struct value *args[6];
	struct variable *dev;

	if (!device_args(r, args))
		return true;
	if (!args[0] || args[0]->kind != VAL_STRING) {
		reg_todo(r, "platform device whose name is not known at build time");
		return true;
	}
	dev = arena_alloc(r->c->a, sizeof(*dev));
	dev->name = arena_printf(r->c->a, "%s(\"%s\")", r->call->callee, args[0]->text);
	dev->type = "platform_device";
	dev->pos = r->call->pos;
	dev->init = device_value(r, args);
	conv_platform_device(r->c, dev, r->f);
	return true;
}
