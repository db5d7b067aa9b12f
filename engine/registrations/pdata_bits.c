// SPDX-License-Identifier: GPL-2.0
/*
 * `register: pdata_bits`: a helper that fills the board's platform data
 * from flag arguments. 3.x OMAP boards call
 * omap3_pmic_get_config(&pdata, TWL_COMMON_PDATA_USB | TWL_COMMON_PDATA_AUDIO,
 * TWL_COMMON_REGULATOR_VDAC | TWL_COMMON_REGULATOR_VPLL2) before
 * omap3_pmic_init(): twl-common.c points each field a set bit names, and
 * the board left empty, at its own data. Each `bits:` entry
 * `{arg, bit, field, default}` does the same here: the field gets a
 * pointer to the entry's `default:` data (a struct the rule writes, nested
 * `&member` pointers included, reg_fixed_struct()), which the platform
 * data's own rule converts where the data goes (the TWL's node), annotated
 * as the helper's. A flag argument whose value is not known is a TODO.
 */
#include "registrations.h"

#include "../../common/util.h"

#include <string.h>

bool reg_pdata_bits(struct reg_ctx *r)
{
	struct conv *c = r->c;
	const struct rnode *bits = rn_get(r->reg, "bits");
	const struct value *arg = reg_arg(r, "pdata");
	const struct variable *var = conv_deref_one(c, arg);
	struct strbuf sb;

	if (!var && arg && arg->kind == VAL_ADDR && arg->text) {
		/* `static struct twl4030_platform_data pdata;`: no initializer, all zero */
		struct variable *z = arena_alloc(c->a, sizeof(*z));

		z->name = arg->text;
		z->pos = r->call->pos;
		z->init = reg_fixed_struct(r, NULL, NULL);
		conv_add_var(c, z);
		var = z;
	}
	if (!var || !var->init || var->init->kind != VAL_LIST) {
		reg_todo(r, "the platform data it fills is not the board's own variable");
		return true;
	}
	sb_init(&sb);
	for (size_t i = 0; bits && i < bits->n; i++) {
		const struct rnode *e = bits->items[i];
		const struct value *flags = reg_arg(r, rn_str(e, "arg"));
		const char *field = rn_str(e, "field");
		struct value *ptr;
		long long bit;

		if (!rn_long(rn_get(e, "bit"), &bit) || !field)
			continue;
		if (!flags || flags->kind != VAL_INT) {
			sb_free(&sb);
			reg_todo(r, arena_printf(c->a, "its %s argument is not known at build time: what "
						 "it fills is the board's to say", rn_str(e, "arg")));
			return true;
		}
		if (!(flags->ival & bit) || !value_is_zero(conv_field(c, var->init, field)))
			continue;
		ptr = reg_fixed_pointer(r, field, rn_get(e, "default"));
		conv_set_field(c, var->init, field, ptr);
		sb_addf(&sb, "%s.%s", sb.len ? ", " : "", field);
	}
	reg_converted(r, sb.len ? arena_printf(c->a, "%s of %s: the helper's own data, converted with it",
					       sb.buf, var->name)
				: arena_printf(c->a, "nothing %s leaves empty", var->name));
	sb_free(&sb);
	return true;
}
