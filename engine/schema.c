// SPDX-License-Identifier: GPL-2.0
/*
 * Rule schema: which keys each section of a rule file may hold, of which
 * shape, and which entries must be unique. Checked once at load so that the
 * engine can trust the rules, and a typo in a rule is a `file:line` error
 * rather than a silently ignored line.
 */
#include "rules.h"

#include <string.h>

#include "../common/util.h"

bool engine_known_converter(const char *as);
bool engine_known_registration(const char *kind);

enum shape { S_SCALAR, S_SEQ, S_MAP, S_ANY, S_SCALAR_OR_SEQ, S_SCALAR_OR_MAP };

struct key_spec {
	const char *key;
	enum shape shape;
	const struct section *sub;	/* for S_SEQ of maps / S_MAP: the entries' schema */
};

struct section {
	const char *what;		/* for messages: "struct rule" */
	const char *required;		/* key every entry must have, or NULL */
	const struct key_spec *keys;
};

#define END { NULL, S_ANY, NULL }

static const struct section chain_rule = { "display chain", "when", (const struct key_spec[]){
	{ "when", S_MAP }, { "source", S_SCALAR }, { "endpoint", S_SCALAR },
	{ "endpoint_props", S_MAP }, { "nodes", S_SEQ }, { "struct", S_SCALAR }, { "todo", S_SCALAR },
	END } };

static const struct section prop_rule = { "property rule", "as", (const struct key_spec[]){
	{ "prop", S_SCALAR }, { "field", S_SCALAR }, { "as", S_SCALAR }, { "values", S_MAP },
	{ "mask", S_SCALAR }, { "map", S_MAP }, { "default", S_SCALAR }, { "macros", S_SCALAR },
	{ "include", S_SCALAR }, { "scale", S_SCALAR }, { "active_low", S_SCALAR }, { "active_low_mask", S_SCALAR },
	{ "size", S_SCALAR }, { "label", S_SCALAR }, { "note", S_SCALAR },
	{ "skip_below", S_SCALAR }, { "value", S_SCALAR_OR_SEQ }, { "count", S_SCALAR },
	{ "reads", S_SEQ }, { "writes", S_SEQ }, { "invert", S_SCALAR }, { "vendors", S_MAP },
	{ "target", S_SCALAR }, { "arg", S_SCALAR }, { "bus", S_SCALAR }, { "none", S_SCALAR },
	{ "zero", S_SCALAR }, { "labels", S_SEQ }, { "struct", S_SCALAR },
	{ "size_shift", S_SCALAR }, { "otherwise", S_SCALAR }, { "before", S_SEQ },
	{ "check", S_SCALAR }, { "absent", S_SCALAR }, { "todo", S_SCALAR },
	{ "divide", S_SCALAR }, { "bits", S_SCALAR }, { "link", S_SCALAR },
	{ "open_drain", S_SCALAR }, { "reciprocal", S_SCALAR }, { "node", S_SCALAR },
	{ "shift", S_SCALAR }, { "member", S_SCALAR }, { "members", S_SEQ },
	{ "native", S_SCALAR }, { "on", S_SCALAR }, { "compatible", S_SCALAR },
	{ "gpio_prop", S_SCALAR }, { "chains", S_SEQ, &chain_rule }, { "after", S_SEQ },
	{ "type", S_SCALAR }, { "length", S_SCALAR }, { "length_if", S_MAP }, { "widths", S_MAP },
	{ "slot", S_SCALAR }, { "complement", S_SCALAR },
	{ "groups", S_SEQ }, { "type_field", S_SCALAR }, { "array", S_SCALAR },
	{ "period", S_SCALAR }, { "string", S_SCALAR }, { "key_nodes", S_MAP }, { "when", S_MAP }, END } };

static const struct section container_rule = { "children container", "node", (const struct key_spec[]){
	{ "node", S_SCALAR }, { "compatible", S_SCALAR }, { "address_cells", S_SCALAR },
	{ "size_cells", S_SCALAR }, END } };

static const struct section children_rule = { "children rule", "field", (const struct key_spec[]){
	{ "field", S_SCALAR }, { "count", S_SCALAR }, { "struct", S_SCALAR }, { "callback", S_SCALAR },
	{ "scalars", S_SCALAR },
	{ "container", S_MAP, &container_rule }, END } };

static const struct section provider_rule = { "gpio_provider", "base", (const struct key_spec[]){
	{ "name", S_SCALAR }, { "base", S_SCALAR }, { "count", S_SCALAR }, { "label", S_SCALAR },
	END } };

static const struct section lookup_gpio_rule = { "lookup gpio", NULL, (const struct key_spec[]){
	{ "prop", S_SCALAR }, { "active_high", S_SCALAR }, END } };

static const struct section struct_rule = { "struct rule", "struct", (const struct key_spec[]){
	{ "struct", S_SCALAR }, { "node", S_SCALAR }, { "compatible", S_SCALAR },
	{ "unit", S_SCALAR }, { "overlay", S_SCALAR }, { "props", S_SEQ, &prop_rule },
	{ "children", S_MAP, &children_rule }, { "gpio_provider", S_MAP, &provider_rule },
	{ "label", S_SCALAR }, { "target", S_SCALAR }, { "target_tail", S_SCALAR },
	{ "array_entries", S_SCALAR }, { "no_dt", S_SCALAR }, { "todo", S_SCALAR },
	{ "lookup_gpio", S_MAP, &lookup_gpio_rule }, { "lookup_con", S_MAP }, END } };

static const struct section group_rule = { "parent", "node", (const struct key_spec[]){
	{ "node", S_SCALAR }, { "compatible", S_SCALAR }, END } };

static const struct section require_rule = { "requires entry", "prop", (const struct key_spec[]){
	{ "prop", S_SCALAR }, { "todo", S_SCALAR }, END } };

static const struct section platform_rule = { "platform device rule", "name", (const struct key_spec[]){
	{ "name", S_SCALAR }, { "node", S_SCALAR }, { "compatible", S_SCALAR },
	{ "pdata", S_SCALAR }, { "label", S_SCALAR }, { "window", S_SCALAR },
	{ "parent", S_MAP, &group_rule }, { "irq", S_SCALAR }, { "id_prop", S_SCALAR },
	{ "requires", S_SEQ, &require_rule }, { "usb_phy", S_SCALAR }, END } };

static const struct section device_rule = { "device rule", "name", (const struct key_spec[]){
	{ "name", S_SCALAR }, { "compatible", S_SCALAR }, { "node", S_SCALAR },
	{ "label", S_SCALAR }, { "pdata", S_SCALAR }, { "gpio_count", S_SCALAR },
	{ "tail_include", S_SCALAR }, { "props", S_SEQ, &prop_rule }, { "irq_type", S_SCALAR },
	{ "todo", S_SCALAR }, { "requires", S_SEQ, &require_rule }, END } };

static const struct section pdata_bit_rule = { "bits entry", "field", (const struct key_spec[]){
	{ "arg", S_SCALAR }, { "bit", S_SCALAR }, { "field", S_SCALAR }, { "default", S_MAP }, END } };

static const struct section register_rule = { "register", "kind", (const struct key_spec[]){
	{ "kind", S_SCALAR }, { "bus_node", S_SCALAR }, { "info", S_SCALAR }, { "tail_include", S_SCALAR },
	{ "count", S_SCALAR }, { "array", S_SCALAR }, { "struct", S_SCALAR },
	{ "until", S_SCALAR }, { "label", S_SCALAR }, { "bus", S_SCALAR }, { "windows", S_SEQ },
	{ "ranges", S_SEQ }, { "attr_mask", S_SCALAR }, { "keep_config", S_SCALAR },
	{ "container", S_MAP },
	{ "bus_number", S_SCALAR }, { "modes", S_SCALAR }, { "unused", S_SCALAR }, { "pin", S_SCALAR },
	{ "pins", S_SCALAR }, { "table", S_SCALAR }, { "wkup", S_SCALAR }, { "signal", S_SCALAR },
	{ "gpio", S_SCALAR }, { "addr", S_SCALAR }, { "irq_number", S_SCALAR },
	{ "type", S_SCALAR }, { "pdata", S_SCALAR }, { "irq", S_SCALAR }, { "flags", S_SCALAR },
	{ "no_map", S_SCALAR }, { "id", S_SCALAR }, { "name", S_SCALAR }, { "zero", S_SCALAR },
	{ "alias", S_SCALAR }, { "stem", S_SCALAR }, { "options", S_SCALAR }, { "ecc", S_SCALAR }, { "flag_groups", S_MAP }, { "replace_pins", S_SCALAR },
	{ "table", S_SCALAR }, { "driver", S_SCALAR }, { "pad", S_SCALAR },
	{ "pads", S_SCALAR }, { "iomux", S_SCALAR }, { "child", S_SCALAR }, { "cs", S_SCALAR }, { "parts", S_SCALAR },
	{ "width", S_SCALAR }, { "board_info", S_MAP }, { "irq_gpio", S_SCALAR },
	{ "pdata_struct", S_SCALAR }, { "pdata_args", S_MAP }, { "again", S_MAP }, { "default", S_MAP },
	{ "periph", S_SCALAR }, { "pullup", S_SCALAR }, { "conf", S_SCALAR }, { "on", S_SCALAR },
	{ "bits", S_SEQ, &pdata_bit_rule }, { "compatible", S_SCALAR }, { "target", S_SCALAR },
	{ "attr", S_SCALAR }, { "base", S_SCALAR }, { "size", S_SCALAR }, { "nodes", S_MAP },
	{ "pin_functions", S_SCALAR }, { "nested", S_SCALAR }, { "element_nodes", S_SEQ }, END } };

static const struct section call_prop_rule = { "call property", "prop", (const struct key_spec[]){
	{ "prop", S_SCALAR }, { "arg", S_SCALAR }, { "as", S_SCALAR }, { "scale", S_SCALAR },
	{ "value", S_SCALAR }, { "string", S_SCALAR }, { "node", S_SCALAR }, END } };

static const struct section node_bits_rule = { "node_bits", "arg", (const struct key_spec[]){
	{ "arg", S_SCALAR }, { "bits", S_MAP }, { "none", S_SEQ }, END } };

static const struct section ignore_when_rule = { "ignore_when", NULL, (const struct key_spec[]){
	{ "args", S_MAP }, { "note", S_SCALAR }, END } };

static const struct section call_rule = { "call rule", "call", (const struct key_spec[]){
	{ "call", S_SCALAR }, { "args", S_SEQ }, { "register", S_SCALAR_OR_MAP, &register_rule },
	{ "node", S_SCALAR_OR_SEQ }, { "props", S_SEQ, &call_prop_rule }, { "todo", S_SCALAR },
	{ "ignore", S_SCALAR }, { "at", S_SCALAR_OR_SEQ }, { "node_todo", S_SCALAR },
	{ "same_as", S_SCALAR }, { "node_bits", S_MAP, &node_bits_rule }, { "node_flags", S_MAP },
	{ "ignore_when", S_MAP, &ignore_when_rule }, END } };

static const struct section callback_rule = { "callback rule", "struct", (const struct key_spec[]){
	{ "struct", S_SCALAR }, { "field", S_SCALAR }, { "param", S_SCALAR },
	{ "provider", S_SCALAR }, END } };

static const struct section ignore_rule = { "ignored call", "call", (const struct key_spec[]){
	{ "call", S_SCALAR }, { "note", S_SCALAR }, END } };

static const struct section global_store_rule = { "store into a kernel object", "var", (const struct key_spec[]){
	{ "var", S_SCALAR }, { "no_dt", S_SCALAR }, { "todo", S_SCALAR }, { "path", S_SCALAR },
	{ "struct", S_SCALAR }, { "overlay", S_SCALAR }, END } };

static const struct section handler_field_rule = { "machine handler field", "field", (const struct key_spec[]){
	{ "field", S_SCALAR }, { "todo", S_SCALAR }, END } };

static const struct section soc_device_rule = { "SoC device", "var", (const struct key_spec[]){
	{ "var", S_SCALAR }, { "label", S_SCALAR }, { "props", S_SEQ, &prop_rule },
	{ "todo", S_SCALAR }, { "dev_name", S_SCALAR }, { "at", S_SCALAR },
	{ "path", S_SCALAR }, { "node", S_SCALAR }, { "with_nodes", S_SEQ }, END } };

static const struct section cells_macro_rule = { "GPIO cells macro", "macro", (const struct key_spec[]){
	{ "macro", S_SCALAR }, { "ports", S_SCALAR }, { "per_port", S_SCALAR }, { "header", S_SCALAR },
	END } };

static const struct section gpio_rule = { "GPIO space", NULL, (const struct key_spec[]){
	{ "base", S_SCALAR }, { "bank_size", S_SCALAR }, { "banks", S_SEQ }, { "count", S_SCALAR },
	{ "label", S_SCALAR }, { "gap", S_SCALAR }, { "cells_macro", S_MAP, &cells_macro_rule }, END } };

static const struct section irq_rule = { "IRQ space", "base", (const struct key_spec[]){
	{ "base", S_SCALAR }, { "count", S_SCALAR }, { "controller", S_SCALAR },
	{ "gpio", S_SCALAR }, { "cells", S_SCALAR }, { "offset", S_SCALAR }, { "spi", S_SCALAR },
	END } };

static const struct section match_rule = { "match", NULL, (const struct key_spec[]){
	{ "paths", S_SEQ }, { "calls", S_SEQ }, { "unless_calls", S_SEQ }, { "model", S_SEQ },
	{ "spells", S_SEQ },
	END } };

static const struct section variant_rule = { "variant", NULL, (const struct key_spec[]){
	{ "calls", S_SEQ }, { "todo", S_SCALAR }, END } };

static const struct section supply_rule = { "supply consumer", "supply", (const struct key_spec[]){
	{ "supply", S_SCALAR }, { "dev_name", S_SCALAR }, { "label", S_SCALAR }, { "prop", S_SCALAR },
	{ "covered_by", S_SCALAR }, END } };

static const struct section mfpr_alt_rule = { "mfpr alt", "macro", (const struct key_spec[]){
	{ "macro", S_SCALAR }, { "assume", S_SCALAR }, END } };

static const struct section addr_map_alt_rule = { "addr_map alt", "table", (const struct key_spec[]){
	{ "table", S_SCALAR }, { "assume", S_SCALAR }, END } };

static const struct section addr_map_rule = { "addr_map", "file", (const struct key_spec[]){
	{ "file", S_SCALAR }, { "table", S_SCALAR }, { "enum", S_SEQ },
	{ "alt", S_MAP, &addr_map_alt_rule }, END } };

static const struct section mfpr_rule = { "mfpr variant", "includes", (const struct key_spec[]){
	{ "includes", S_SEQ }, { "macro", S_SCALAR }, { "alt", S_MAP, &mfpr_alt_rule },
	{ "addr_map", S_MAP, &addr_map_rule }, { "why", S_SCALAR }, END } };

static const struct section pinctrl_rule = { "pin controller", NULL, (const struct key_spec[]){
	{ "label", S_SCALAR }, { "functions", S_SCALAR }, { "mux_table", S_SCALAR },
	{ "pads", S_SEQ }, { "bindings", S_SCALAR }, { "offset_base", S_SCALAR }, { "pinfunc", S_SCALAR },
	{ "devices", S_MAP }, { "words", S_MAP }, { "mfpr", S_SEQ, &mfpr_rule },
	{ "boot_pads", S_MAP }, { "lists", S_MAP }, END } };

static const struct section series_rule = { "define series", "macro", (const struct key_spec[]){
	{ "macro", S_SCALAR }, { "banks", S_SEQ }, { "count", S_SCALAR }, { "first", S_SCALAR },
	END } };

static const struct section board_clock_rule = { "board clock", "label", (const struct key_spec[]){
	{ "label", S_SCALAR }, { "node", S_SCALAR }, { "frequency", S_SCALAR }, { "why", S_SCALAR },
	END } };

static const struct section layer_variant_rule = { "base layer variant", "name", (const struct key_spec[]){
	{ "name", S_SCALAR }, { "calls", S_SEQ }, { "paths", S_SEQ }, { "nodes", S_MAP },
	{ "include", S_SCALAR }, { "root_nodes", S_SEQ }, END } };

static const struct section base_layer_rule = { "base layer", NULL, (const struct key_spec[]){
	{ "why", S_SCALAR }, { "banks_in", S_SCALAR }, { "variants", S_SEQ, &layer_variant_rule },
	END } };

static const struct section soc_nodes_rule = { "SoC nodes", NULL, (const struct key_spec[]){
	{ "include", S_SCALAR }, { "nodes", S_SEQ }, END } };

static const struct section assume_rule = { "pack assumption", "cond", (const struct key_spec[]){
	{ "cond", S_SCALAR }, { "value", S_SCALAR }, { "why", S_SCALAR }, END } };

static const struct section dtsi_variant_rule = { "dtsi variant", "dtsi", (const struct key_spec[]){
	{ "match", S_SEQ }, { "calls", S_SEQ }, { "spells", S_SEQ }, { "dtsi", S_SCALAR },
	{ "compatible", S_SCALAR_OR_SEQ }, { "assume", S_SEQ, &assume_rule }, { "todo", S_SCALAR },
	END } };

static const struct section reset_line_rule = { "reset line", "prop", (const struct key_spec[]){
	{ "words", S_SEQ }, { "label", S_SCALAR }, { "prop", S_SCALAR }, END } };

static const struct section usb_phy_user_rule = { "usb_phy_user", "label", (const struct key_spec[]){
	{ "label", S_SCALAR }, { "prop", S_SCALAR }, { "requires", S_SEQ, &require_rule }, END } };

static const struct section top = { "rule file", NULL, (const struct key_spec[]){
	{ "soc", S_SCALAR }, { "bindings", S_SCALAR }, { "dtsi", S_SCALAR_OR_SEQ },
	{ "generic", S_SCALAR }, { "compatible", S_SCALAR }, { "variant_compatible", S_SCALAR },
	{ "match", S_MAP, &match_rule }, { "defines", S_MAP },
	{ "variant", S_MAP, &variant_rule },
	{ "define_series", S_SEQ, &series_rule }, { "gpio", S_SEQ, &gpio_rule }, { "irq", S_SEQ, &irq_rule }, { "calls", S_SEQ, &call_rule },
	{ "structs", S_SEQ, &struct_rule }, { "platform_devices", S_SEQ, &platform_rule },
	{ "devices", S_SEQ, &device_rule }, { "soc_devices", S_SEQ, &soc_device_rule },
	{ "callbacks", S_SEQ, &callback_rule }, { "ignore_calls", S_SEQ, &ignore_rule },
	{ "i2c_bus", S_SCALAR }, { "spi_bus", S_SCALAR }, { "spi_cs_gpios", S_MAP }, { "bus_child_todo", S_MAP }, { "dev_names", S_MAP },
	{ "bus_labels", S_MAP }, { "bus_at", S_MAP }, { "aliases", S_MAP },
	{ "reset_lines", S_SEQ, &reset_line_rule }, { "assume", S_SEQ, &assume_rule },
	{ "gpio_irq_calls", S_SEQ }, { "soc_setup_fields", S_SEQ }, { "gpio_chips", S_MAP }, { "pwm_chips", S_MAP },
	{ "pwm_ids", S_SEQ },
	{ "handler_fields", S_SEQ, &handler_field_rule },
	{ "global_stores", S_SEQ, &global_store_rule },
	{ "supply_consumers", S_SEQ, &supply_rule }, { "board_level", S_SEQ },
	{ "pinctrl", S_MAP, &pinctrl_rule }, { "board_clocks", S_SEQ, &board_clock_rule },
	{ "base_layer", S_MAP, &base_layer_rule }, { "soc_nodes", S_MAP, &soc_nodes_rule },
	{ "dtsi_variants", S_SEQ, &dtsi_variant_rule }, { "headers", S_SEQ },
	{ "cs_request", S_MAP }, { "usb_phy_user", S_MAP, &usb_phy_user_rule },
	END } };

static const char *shape_name(enum shape s)
{
	switch (s) {
	case S_SCALAR: return "a scalar";
	case S_SEQ: return "a list";
	case S_MAP: return "a mapping";
	case S_SCALAR_OR_SEQ: return "a scalar or a list";
	case S_SCALAR_OR_MAP: return "a scalar or a mapping";
	default: return "anything";
	}
}

static bool shape_ok(const struct rnode *n, enum shape s)
{
	switch (s) {
	case S_SCALAR: return n->kind == RN_SCALAR;
	case S_SEQ: return n->kind == RN_SEQ;
	case S_MAP: return n->kind == RN_MAP;
	case S_SCALAR_OR_SEQ: return n->kind != RN_MAP;
	case S_SCALAR_OR_MAP: return n->kind != RN_SEQ;
	default: return true;
	}
}

static int check_map(const struct rnode *map, const struct section *sec);

static int check_value(const struct rnode *v, const struct key_spec *ks)
{
	if (!shape_ok(v, ks->shape)) {
		diag_error(&v->pos, "'%s' must be %s", ks->key, shape_name(ks->shape));
		return B2D_ERR_RULES;
	}
	if (!ks->sub)
		return B2D_OK;
	if (v->kind == RN_MAP)
		return check_map(v, ks->sub);
	for (size_t i = 0; v->kind == RN_SEQ && i < v->n; i++) {
		if (v->items[i]->kind != RN_MAP) {
			diag_error(&v->items[i]->pos, "each %s must be a mapping", ks->sub->what);
			return B2D_ERR_RULES;
		}
		if (check_map(v->items[i], ks->sub))
			return B2D_ERR_RULES;
	}
	return B2D_OK;
}

/* Semantic checks that need the engine's tables: converter and registration names. */
static int check_names(const struct rnode *map, const struct section *sec)
{
	const char *as = rn_str(map, "as");
	const struct rnode *reg = rn_get(map, "register");
	const char *kind = reg ? (reg->kind == RN_MAP ? rn_str(reg, "kind") : reg->scalar) : NULL;

	if (sec == &prop_rule && as && !engine_known_converter(as)) {
		diag_error(&rn_get(map, "as")->pos, "unknown converter 'as: %s'", as);
		return B2D_ERR_RULES;
	}
	if (sec == &call_rule && kind && !engine_known_registration(kind)) {
		diag_error(&reg->pos, "unknown registration kind '%s'", kind);
		return B2D_ERR_RULES;
	}
	return B2D_OK;
}

static int check_map(const struct rnode *map, const struct section *sec)
{
	for (size_t i = 0; i < map->n; i++) {
		const struct key_spec *ks = sec->keys;

		while (ks->key && strcmp(ks->key, map->keys[i]) != 0)
			ks++;
		if (!ks->key) {
			diag_error(&map->items[i]->pos, "unknown key '%s' in %s", map->keys[i], sec->what);
			return B2D_ERR_RULES;
		}
		if (check_value(map->items[i], ks))
			return B2D_ERR_RULES;
	}
	if (sec->required && !rn_get(map, sec->required)) {
		diag_error(&map->pos, "%s without '%s'", sec->what, sec->required);
		return B2D_ERR_RULES;
	}
	return check_names(map, sec);
}

/* Append a section's entries to an index, refusing a second entry with the same key. */
static int index_entries(struct ruleset *rs, const struct rnode *seq, const char *key,
			 struct rnode ***list, size_t *n)
{
	for (size_t i = 0; seq && i < seq->n; i++) {
		struct rnode *e = seq->items[i];

		for (size_t j = 0; key && j < *n; j++)
			if (str_eq(rn_str((*list)[j], key), rn_str(e, key))) {
				diag_error(&e->pos, "duplicate %s '%s' (first at line %u of %s)", key,
					   rn_str(e, key), (*list)[j]->pos.line, (*list)[j]->pos.file);
				return B2D_ERR_RULES;
			}
		arena_push(&rs->arena, (void ***)list, n, e);
	}
	return B2D_OK;
}

/* Entries inside a SoC pack are checked for duplicates within the pack only. */
static int check_unique_within(const struct rnode *seq, const char *key)
{
	for (size_t i = 0; seq && i < seq->n; i++)
		for (size_t j = 0; j < i; j++)
			if (str_eq(rn_str(seq->items[i], key), rn_str(seq->items[j], key))) {
				diag_error(&seq->items[i]->pos, "duplicate %s '%s' (first at line %u)",
					   key, rn_str(seq->items[i], key), seq->items[j]->pos.line);
				return B2D_ERR_RULES;
			}
	return B2D_OK;
}

static int index_file(struct ruleset *rs, const struct rule_file *f)
{
	struct rnode *root = f->root;
	bool is_soc = rn_get(root, "soc") != NULL;

	if (is_soc == (rn_get(root, "bindings") != NULL)) {
		diag_error(&root->pos, "a rule file starts with either 'soc: NAME' or 'bindings: NAME'");
		return B2D_ERR_RULES;
	}
	if (is_soc) {
		for (size_t i = 0; i < rs->nsocs; i++)
			if (str_eq(rn_str(rs->socs[i], "soc"), rn_str(root, "soc"))) {
				diag_error(&rn_get(root, "soc")->pos, "duplicate SoC pack '%s'",
					   rn_str(root, "soc"));
				return B2D_ERR_RULES;
			}
		arena_push(&rs->arena, (void ***)&rs->socs, &rs->nsocs, root);
		/* A SoC pack's own structs/devices/calls shadow the generic ones. */
		if (check_unique_within(rn_get(root, "structs"), "struct") ||
		    check_unique_within(rn_get(root, "calls"), "call") ||
		    check_unique_within(rn_get(root, "devices"), "name") ||
		    check_unique_within(rn_get(root, "soc_devices"), "var"))
			return B2D_ERR_RULES;
		return index_entries(rs, rn_get(root, "callbacks"), NULL, &rs->callbacks,
				     &rs->ncallbacks);
	}
	if (index_entries(rs, rn_get(root, "structs"), "struct", &rs->structs, &rs->nstructs) ||
	    index_entries(rs, rn_get(root, "platform_devices"), "name", &rs->platform, &rs->nplatform) ||
	    index_entries(rs, rn_get(root, "devices"), "name", &rs->i2c, &rs->ni2c) ||
	    index_entries(rs, rn_get(root, "calls"), "call", &rs->calls, &rs->ncalls) ||
	    index_entries(rs, rn_get(root, "callbacks"), NULL, &rs->callbacks, &rs->ncallbacks) ||
	    index_entries(rs, rn_get(root, "ignore_calls"), "call", &rs->ignore, &rs->nignore) ||
	    index_entries(rs, rn_get(root, "gpio_irq_calls"), NULL, &rs->gpio_irq_calls,
			  &rs->ngpio_irq_calls) ||
	    index_entries(rs, rn_get(root, "soc_setup_fields"), NULL, &rs->soc_setup_fields,
			  &rs->nsoc_setup_fields) ||
	    index_entries(rs, rn_get(root, "handler_fields"), "field", &rs->handler_fields,
			  &rs->nhandler_fields) ||
	    index_entries(rs, rn_get(root, "global_stores"), "var", &rs->global_stores,
			  &rs->nglobal_stores))
		return B2D_ERR_RULES;
	return B2D_OK;
}

int rules_finish(struct ruleset *rs)
{
	for (size_t i = 0; i < rs->nfiles; i++) {
		if (check_map(rs->files[i]->root, &top))
			return B2D_ERR_RULES;
		if (index_file(rs, rs->files[i]))
			return B2D_ERR_RULES;
	}
	return B2D_OK;
}
