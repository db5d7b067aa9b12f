// SPDX-License-Identifier: GPL-2.0
/*
 * Where known property names come from: the DT specification's standard
 * properties (a table here), the rule packs' `prop:` values, and the kernel
 * tree (binding schemas and arch/arm/boot/dts, scanned by kscan.c and cached
 * as a word list: "w NAME" (used in a .dts), "b NAME" (a binding property),
 * "d NAME" (one marked `deprecated: true`) and "p REGEX" lines).
 */
#include "review.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/diag.h"
#include "emitter/emit.h"
#include "engine/rules.h"

static const char *const standard_words[] = {
	"compatible", "model", "phandle", "linux,phandle", "status", "#address-cells",
	"#size-cells", "reg", "reg-names", "pinctrl-0", "pinctrl-1", "pinctrl-2", "virtual-reg", "ranges", "dma-ranges",
	"dma-coherent", "dma-noncoherent", "name", "device_type", "label",
	"interrupts", "interrupt-parent", "interrupts-extended", "interrupt-names",
	"#interrupt-cells", "interrupt-controller", "interrupt-map", "interrupt-map-mask",
	"gpios", "gpio-controller", "#gpio-cells", "ngpios", "gpio-ranges",
	"gpio-line-names", "gpio-hog", "output-high", "output-low", "input",
	"line-name", "clocks", "clock-names", "#clock-cells", "clock-frequency",
	"clock-output-names", "clock-indices", "assigned-clocks", "assigned-clock-parents",
	"assigned-clock-rates", "pinctrl-names", "pwms", "pwm-names", "#pwm-cells",
	"dmas", "dma-names", "#dma-cells", "resets", "reset-names", "#reset-cells",
	"phys", "phy-names", "#phy-cells", "power-domains", "power-domain-names",
	"#power-domain-cells", "io-channels", "io-channel-names", "#io-channel-cells",
	"mboxes", "mbox-names", "#mbox-cells", "sound-dai", "#sound-dai-cells",
	"bootargs", "stdout-path", "stdin-path", "linux,initrd-start", "linux,initrd-end",
	"serial-number", "chassis-type", "enable-method", "cpu-release-addr",
	"next-level-cache", "cache-level", "cache-unified", "operating-points-v2",
	"memory-region", "memory-region-names", "no-map", "reusable", "size", "alignment",
	"alloc-ranges", "wakeup-source", "linux,default-trigger", "default-state",
	"linux,code", "linux,input-type", "debounce-interval", "autorepeat",
	"regulator-name", "regulator-min-microvolt", "regulator-max-microvolt",
	"regulator-always-on", "regulator-boot-on", "startup-delay-us",
	"enable-active-high", "gpio-open-drain", "vin-supply", "bus-width",
	"non-removable", "broken-cd", "cap-sd-highspeed", "cap-mmc-highspeed",
	"keep-power-in-suspend", "max-frequency", "spi-max-frequency", "spi-cpha",
	"spi-cpol", "spi-cs-high", "cs-gpios", "num-cs", "current-speed", "pagesize",
	"read-only", "little-endian", "big-endian", "native-endian", "remote-endpoint",
	"phy-handle", "phy-mode", "phy-connection-type", "local-mac-address",
	"mac-address", "ddc-i2c-bus", "panic-indicator", "retain-state-suspended",
	"function", "color", "function-enumerator", "pins", "groups", "bias-disable",
	"bias-pull-up", "bias-pull-down", "drive-strength", "input-enable",
	"output-enable", "secure-status", "iommus", "#iommu-cells", "msi-parent",
	/* Linux's own generic names, the `linux,` ones kernel .dts files use most. */
	"linux,keymap", "linux,keycodes", "linux,keycode", "linux,input-value", "linux,axis",
	"linux,no-autorepeat", "linux,input-no-autorepeat", "linux,pci-domain",
	"linux,rs485-enabled-at-boot-time", "linux,mtd-name", "linux,can-disable",
	"linux,cma-default", "linux,dma-default", "linux,rc-map-name", "linux,usable-memory",
};

/* Families the specification defines by shape. */
static const char *const standard_patterns[] = {
	"-gpios?$", "-supply$", "^pinctrl-[0-9]+$", "^#[a-z0-9,-]+-cells$", "-names$",
};

void rv_vocab_add_standard(struct rv_vocab *v)
{
	rv_vocab_set_source(v, RV_SRC_STANDARD);
	for (size_t i = 0; i < sizeof(standard_words) / sizeof(standard_words[0]); i++)
		rv_vocab_add(v, standard_words[i]);
	for (size_t i = 0; i < sizeof(standard_patterns) / sizeof(standard_patterns[0]); i++)
		rv_vocab_add_pattern(v, standard_patterns[i]);
}

static void add_rule_props(struct rv_vocab *v, const struct rnode *n)
{
	if (!n || n->kind == RN_SCALAR)
		return;
	for (size_t i = 0; i < n->n; i++) {
		if (n->kind == RN_MAP && !strcmp(n->keys[i], "prop") &&
		    n->items[i]->kind == RN_SCALAR)
			rv_vocab_add(v, n->items[i]->scalar);
		add_rule_props(v, n->items[i]);
	}
}

bool rv_vocab_add_rules(struct rv_vocab *v, const char *dir)
{
	struct ruleset *rs = NULL;

	if (rules_load_dir(dir, &rs) < 0 || !rs) {
		ruleset_free(rs);
		return false;
	}
	rv_vocab_set_source(v, RV_SRC_RULES);
	for (size_t i = 0; i < rs->nfiles; i++)
		add_rule_props(v, rs->files[i]->root);
	ruleset_free(rs);
	return true;
}

static void add_word_list(struct rv_vocab *v, char *text)
{
	char *save = NULL;

	rv_vocab_set_source(v, RV_SRC_KERNEL);
	for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		if (str_starts(l, "w "))
			rv_vocab_add(v, l + 2);
		else if (str_starts(l, "b "))
			rv_vocab_mark(v, l + 2, RV_WORD_BINDING);
		else if (str_starts(l, "d "))
			rv_vocab_mark(v, l + 2, RV_WORD_BINDING | RV_WORD_DEPRECATED);
		else if (str_starts(l, "p "))
			rv_vocab_add_pattern(v, l + 2);
	}
}

static long long mtime_of(const char *kdir, const char *sub)
{
	struct stat st;
	char *p = xasprintf("%s/%s", kdir, sub);
	int rc = stat(p, &st);

	free(p);
	return rc ? 0 : (long long)st.st_mtime;
}

/*
 * One cache file per tree and version of it: vocab-v<N>-<hash>.txt, N the
 * version of what kscan.c writes (2: schemas read with libyaml, child-node
 * keys left out), so a list made by an older board2dts is not reused.
 */
#define KSCAN_VERSION 2

static char *cache_path(const char *kdir, const char *cache_dir)
{
	char *real = realpath(kdir, NULL);
	const char *k = real ? real : kdir;
	unsigned long long h = 1469598103934665603ull;

	for (const char *s = k; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	h ^= (unsigned long long)mtime_of(kdir, "Documentation/devicetree/bindings");
	h ^= (unsigned long long)mtime_of(kdir, "arch/arm/boot/dts") << 1;
	free(real);
	return xasprintf("%s/vocab-v%d-%016llx.txt", cache_dir, KSCAN_VERSION, h);
}

static void save_cache(const char *path, const char *cache_dir, const struct strbuf *words)
{
	char *parent = xstrdup(cache_dir), *slash = strrchr(parent, '/');

	if (slash && slash != parent) {
		*slash = '\0';
		mkdir(parent, 0755);
	}
	mkdir(cache_dir, 0755);
	free(parent);
	write_file_atomic(path, words->buf, words->len, NULL, 0);
}

static int cmp_line(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The scanners repeat names thousands of times: keep each line once. */
static char *sort_unique(char *text)
{
	struct ptrvec lines = { 0 };
	struct strbuf out;
	char *save = NULL;

	for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save))
		pv_push(&lines, l);
	if (lines.len)
		qsort(lines.items, lines.len, sizeof(*lines.items), cmp_line);
	sb_init(&out);
	for (size_t i = 0; i < lines.len; i++)
		if (!i || strcmp(lines.items[i], lines.items[i - 1]))
			sb_addf(&out, "%s\n", (char *)lines.items[i]);
	pv_free(&lines);
	free(text);
	return sb_detach(&out);
}

int rv_vocab_add_kernel(struct rv_vocab *v, const char *kdir, const char *cache_dir)
{
	char *path = cache_dir ? cache_path(kdir, cache_dir) : NULL;
	char *text = path ? read_file(path, NULL) : NULL;
	struct strbuf words;

	if (!text) {
		sb_init(&words);
		rv_scan_bindings(kdir, &words);
		rv_scan_dts_dir(kdir, &words);
		if (!words.len) {
			sb_free(&words);
			free(path);
			return B2D_ERR_IO;
		}
		text = sort_unique(sb_detach(&words));
		if (path)
			save_cache(path, cache_dir, &(struct strbuf){ text, strlen(text), 0 });
	}
	add_word_list(v, text);
	free(text);
	free(path);
	return B2D_OK;
}
