/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Rule packs: YAML files under rules/ loaded into a tree of rule nodes that
 * keep their file:line, checked against a schema (schema.c), then read by the
 * rule engine. Knowledge about SoCs and bindings lives in the YAML, not in C.
 */
#ifndef B2D_RULES_H
#define B2D_RULES_H

#include <stdbool.h>
#include <stddef.h>

#include "../common/arena.h"
#include "../common/diag.h"
#include "../common/util.h"

enum rnode_kind { RN_SCALAR, RN_MAP, RN_SEQ };

struct rnode {
	enum rnode_kind kind;
	const char *scalar;	/* RN_SCALAR text */
	const char **keys;	/* RN_MAP keys, in file order */
	struct rnode **items;	/* RN_MAP values / RN_SEQ items */
	size_t n;
	struct srcpos pos;
};

/* One loaded rule file: a SoC pack (top key `soc:`) or a binding pack (`bindings:`). */
struct rule_file {
	const char *path;
	struct rnode *root;
};

struct ruleset {
	struct arena arena;
	struct rule_file **files;
	size_t nfiles;
	struct rnode **socs;		/* each SoC pack's root map */
	size_t nsocs;
	struct rnode **structs;		/* every `structs:` entry of every pack */
	size_t nstructs;
	struct rnode **platform;	/* every `platform_devices:` entry */
	size_t nplatform;
	struct rnode **i2c;		/* every `i2c_devices:` / `spi_devices:` entry */
	size_t ni2c;
	struct rnode **calls;		/* generic `calls:` entries (binding packs) */
	size_t ncalls;
	struct rnode **callbacks;	/* `callbacks:` entries: struct.field param meanings */
	size_t ncallbacks;
	struct rnode **ignore;		/* `ignore_calls:` scalars */
	size_t nignore;
	struct rnode **gpio_irq_calls;	/* `gpio_irq_calls:` gpio_to_irq and kin */
	size_t ngpio_irq_calls;
	struct rnode **global_stores;	/* `global_stores:` stores into kernel objects (pm_power_off) */
	size_t nglobal_stores;
	struct rnode **soc_setup_fields;	/* `soc_setup_fields:` .map_io, .init_irq and kin */
	size_t nsoc_setup_fields;
	struct rnode **handler_fields;	/* `handler_fields:` .restart: run later, not at boot */
	size_t nhandler_fields;
};

/*
 * Load every *.yaml under dir (recursively, sorted by path so results are
 * deterministic) into a ruleset. Errors are one line each,
 * `file:line:col: error: ...`; returns B2D_OK or B2D_ERR_RULES.
 */
int rules_load_dir(const char *dir, struct ruleset **out);
/* The paths rules_load_dir reads under dir (malloc'd, unsorted); B2D_OK or B2D_ERR_RULES. */
int rules_list_files(const char *dir, struct ptrvec *paths);
/* Load one YAML text (tests); `name` is used in diagnostics. */
int rules_load_text(struct ruleset *rs, const char *name, const char *text, size_t len);
struct ruleset *ruleset_new(void);
/* Check the loaded files against the schema and index them; B2D_ERR_RULES on error. */
int rules_finish(struct ruleset *rs);
void ruleset_free(struct ruleset *rs);

/* Rule-node access: NULL-safe, no allocation. */
struct rnode *rn_get(const struct rnode *map, const char *key);
const char *rn_str(const struct rnode *map, const char *key);	/* scalar value or NULL */
bool rn_long(const struct rnode *n, long long *out);		/* parse a scalar integer */
bool rn_get_long(const struct rnode *map, const char *key, long long *out);

/* The SoC pack named `name`, or NULL. */
const struct rnode *rules_soc(const struct ruleset *rs, const char *name);

/*
 * The SoC .dtsi a pack names (`dtsi:` a name or a list of candidates, the
 * first preferred): rules_soc_dtsi gives the first, for output without a
 * kernel tree; rules_soc_dtsi_names pushes every candidate (malloc'd) and then
 * "<soc>.dtsi", the name a target tree that gained a .dtsi for the SoC is
 * searched for (kernel/dtsi_find.h).
 */
const char *rules_soc_dtsi(const struct rnode *soc);
void rules_soc_dtsi_names(const struct rnode *soc, struct ptrvec *out);
/* The bus addresses the pack's call rules name (`at:`), up to max; how many. */
size_t rules_soc_addresses(const struct rnode *soc, unsigned long long *out, size_t max);

#endif
