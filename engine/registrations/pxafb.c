// SPDX-License-Identifier: GPL-2.0
/*
 * `register: pxafb`: pxa_set_fb_info(parent, &info), the PXA LCD
 * controller's pxafb_mach_info (include/linux/platform_data/video-pxafb.h),
 * in the form the DT path of drivers/video/fbdev/pxafb.c reads
 * (bindings/display/marvell,pxa2xx-lcdc.txt; pxa300-raumfeld-controller.dts):
 *
 *	&lcdc {
 *		port { lcdc_out: endpoint { remote-endpoint = <&panel_in>; bus-width = <16>; }; };
 *	};
 *	/ {
 *		panel {
 *			display-timings { timing-0 { clock-frequency = <...>; hactive = <...>; ... }; };
 *			port { panel_in: endpoint { remote-endpoint = <&lcdc_out>; }; };
 *		};
 *	};
 *
 * .lcd_conn is this rule's own: its width is the endpoint's bus-width (which
 * the DT driver also takes as every mode's bpp and depth: a mode whose .bpp
 * or .depth differs is a TODO), its panel type the panel's lcd-type (color-tft, the driver's
 * default, is not written), LCD_PCLK_EDGE_FALL pixelclk-active = <0> and
 * LCD_BIAS_ACTIVE_LOW de-active = <0> in every timing; the AC bias
 * frequency, the alternate mapping and unknown bits have no property (the
 * field is a TODO naming them). Every other field goes through the struct
 * rule `struct:` names, on the panel node (the modes: display-timings).
 */
#include "registrations.h"

#include <string.h>

#include "../../common/util.h"

#define LCD_TYPE(x)		((x) & 0xf)
#define LCD_WIDTH(x)		(((x) >> 4) & 0x1f)
#define LCD_AC_BIAS_MASK	(0xffLL << 10)
#define LCD_BIAS_ACTIVE_LOW	(1LL << 18)
#define LCD_PCLK_EDGE_FALL	(1LL << 19)
#define LCD_ALTERNATE_MAPPING	(1LL << 20)

/* drivers/video/fbdev/pxafb.c lcd_types[], by LCD_CONN_TYPE(). */
static const char *const lcd_types[] = {
	"unknown", "mono-stn", "mono-dstn", "color-stn", "color-dstn", "color-tft", "smart-panel",
};

static struct dt_node *endpoint(struct conv *c, struct dt_node *n, const char *label,
				const char *remote, const struct srcpos *pos)
{
	struct dt_node *port = dt_node_add(c->t, n, "port", NULL);
	struct dt_node *ep = dt_node_add(c->t, port, "endpoint", NULL);

	port->pos = ep->pos = *pos;
	ep->label = label;
	dt_chunk_add_ref(c->t, dt_prop_add_cells(c->t, dt_prop_set(c->t, ep, "remote-endpoint")),
			 remote);
	return ep;
}

/* The struct without .lcd_conn, which this rule reads itself. */
static const struct value *without_lcd_conn(struct conv *c, const struct value *list)
{
	struct value *rest = arena_alloc(c->a, sizeof(*rest));

	*rest = *list;
	rest->kids = NULL;
	rest->nkids = 0;
	for (size_t i = 0; i < list->nkids; i++)
		if (!str_eq(list->kids[i]->field, "lcd_conn"))
			arena_push(c->a, (void ***)&rest->kids, &rest->nkids, list->kids[i]);
	return rest;
}

/* pixelclk-active / de-active = <0> in every timing the modes became. */
static void timing_flag(struct conv *c, struct dt_node *panel, const char *prop,
			const struct value *conn)
{
	struct dt_node *timings = dt_child(panel, "display-timings", NULL);

	for (size_t i = 0; timings && i < timings->nchildren; i++) {
		struct dt_prop *p = dt_prop_set(c->t, timings->children[i], prop);

		dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, p), 0);
		p->pos = conn->pos;
		p->origin = conv_origin(c, conn);
	}
}

/*
 * A mode whose .bpp, or .depth (0: the bpp), is not the bus width: the DT
 * driver takes the width as both.
 */
static void check_bpp(struct conv *c, struct dt_node *panel, const struct value *info,
		      unsigned width)
{
	const struct variable *modes = conv_deref(c, conv_field(c, info, "modes"));
	size_t n = modes && modes->init ? (modes->is_array ? modes->init->nkids : 1) : 0;

	for (size_t i = 0; i < n; i++) {
		const struct value *m = modes->is_array ? modes->init->kids[i] : modes->init;
		const struct value *fields[2] = { conv_field(c, m, "bpp"), conv_field(c, m, "depth") };

		for (int k = 0; k < 2; k++) {
			const struct value *v = fields[k];

			if (v && v->kind == VAL_INT && v->ival && v->ival != (long long)width)
				dt_node_add_todo(c->t, panel, &v->pos, conv_origin(c, v),
						 arena_printf(c->a, "%s[%zu]: .%s = %lld, but the DT driver "
							      "takes the bus-width (%u) as every mode's bpp "
							      "and depth", modes->name, i, v->field,
							      v->ival, width));
		}
	}
}

/* .lcd_conn: bus-width, lcd-type, the timings' edges; the fact's reason or NULL. */
static const char *lcd_conn(struct conv *c, struct dt_node *ep, struct dt_node *panel,
			    const struct value *info, const struct value *conn)
{
	long long x = conn->ival, rest;
	unsigned type = LCD_TYPE(x), width = LCD_WIDTH(x);
	struct strbuf why;
	const char *reason = NULL;

	sb_init(&why);
	if (width) {
		struct dt_prop *p = dt_prop_set(c->t, ep, "bus-width");

		dt_chunk_add_u32(c->t, dt_prop_add_cells(c->t, p), width);
		p->pos = conn->pos;
		p->origin = conv_origin(c, conn);
		check_bpp(c, panel, info, width);
	} else {
		sb_addf(&why, "no bus width in it (LCD_CONN_WIDTH): the endpoint's bus-width by hand");
	}
	if (type && type < sizeof(lcd_types) / sizeof(lcd_types[0])) {
		if (type != 5) {	/* color-tft: the driver's default */
			struct dt_prop *p = dt_prop_set(c->t, panel, "lcd-type");

			dt_prop_add_string(c->t, p, lcd_types[type]);
			p->pos = conn->pos;
			p->origin = conv_origin(c, conn);
		}
	} else {
		sb_addf(&why, "%spanel type %u: not one the DT driver knows (lcd-type)",
			why.len ? "; " : "", type);
	}
	if (x & LCD_PCLK_EDGE_FALL)
		timing_flag(c, panel, "pixelclk-active", conn);
	if (x & LCD_BIAS_ACTIVE_LOW)
		timing_flag(c, panel, "de-active", conn);
	if (x & LCD_AC_BIAS_MASK)
		sb_addf(&why, "%sAC bias frequency %lld (LCD_AC_BIAS_FREQ): no property",
			why.len ? "; " : "", (x & LCD_AC_BIAS_MASK) >> 10);
	if (x & LCD_ALTERNATE_MAPPING)
		sb_addf(&why, "%sLCD_ALTERNATE_MAPPING (the PXA3xx alternate pixel pin mapping): "
			"no property", why.len ? "; " : "");
	rest = x & ~(0x1ffLL | LCD_AC_BIAS_MASK | LCD_BIAS_ACTIVE_LOW | LCD_PCLK_EDGE_FALL |
		     LCD_ALTERNATE_MAPPING);
	if (rest)
		sb_addf(&why, "%sbits 0x%llx: no rule reads them", why.len ? "; " : "", rest);
	if (why.len)
		reason = arena_printf(c->a, ".lcd_conn: %s", why.buf);
	sb_free(&why);
	return reason;
}

bool reg_pxafb(struct reg_ctx *r)
{
	struct conv *c = r->c;
	const struct variable *info = conv_deref_one(c, reg_arg(r, "info"));
	const char *label = rn_str(r->rule, "node");
	const struct value *conn;
	struct dt_node *lcdc, *panel, *ep;
	const char *reason = NULL;
	struct fact *f;

	if (!info || !info->init || info->init->kind != VAL_LIST) {
		reg_todo(r, "framebuffer info not found in this file: describe the panel by hand");
		return true;
	}
	if (dt_child(c->t->root, "panel", NULL)) {
		reg_todo(r, "a second panel for the one LCD controller: pick one");
		return true;
	}
	conv_mark_var(c, info->name);
	lcdc = dt_overlay(c->t, label ? label : "lcdc");
	panel = dt_node_add(c->t, c->t->root, "panel", NULL);
	panel->pos = info->pos;
	ep = endpoint(c, lcdc, "lcdc_out", "panel_in", &r->call->pos);
	endpoint(c, panel, "panel_in", "lcdc_out", &info->pos);
	dt_node_add_todo(c->t, panel, &info->pos, info->name,
			 "compatible: the panel's own \"vendor,model\" (the PXA framebuffer driver "
			 "reads only its display-timings and lcd-type)");
	conv_apply_struct(c, panel, conv_struct_rule(c, rn_str(r->reg, "struct")),
			  without_lcd_conn(c, info->init), info->name);
	if (!dt_child(panel, "display-timings", NULL))
		dt_node_add_todo(c->t, panel, &info->pos, info->name,
				 "display-timings: the info names no .modes array of this file "
				 "(a board that picks its panel at run time stores it later): one "
				 "timing per pxafb_mode_info, by hand");
	conn = conv_field(c, info->init, "lcd_conn");
	if (!conn) {
		dt_node_add_todo(c->t, ep, &info->pos, info->name,
				 "bus-width: no .lcd_conn (the board gives the LCCR registers "
				 "instead): the endpoint's bus-width and the panel's lcd-type by hand");
	} else {
		reason = conn->kind == VAL_INT ? lcd_conn(c, ep, panel, info->init, conn)
			 : "value not known at build time";
		f = dt_add_fact(c->t, "field", arena_printf(c->a, "%s.lcd_conn = %s", info->name,
				conn->spelling ? conn->spelling : "?"), &conn->pos);
		f->fate = reason ? FACT_TODO : FACT_CONVERTED;
		f->reason = reason;
		f->became = reason ? NULL : arena_printf(c->a, "&%s/port/endpoint bus-width, /panel",
							 lcdc->ref);
		if (reason)
			dt_node_add_todo(c->t, panel, &conn->pos, conv_origin(c, conn), reason);
	}
	reg_converted(r, arena_printf(c->a, "&%s port, /panel", lcdc->ref));
	return true;
}
