// SPDX-License-Identifier: GPL-2.0
/*
 * The node names the target tree's .dts files give each compatible
 * (kernel/node_names.h).
 */
#define _XOPEN_SOURCE 700	/* nftw */

#include "node_names.h"

#include <ftw.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../common/util.h"

static struct ptrvec *scan_nodes;	/* "compat\tname" of every node the .dts files define */

/*
 * The node names a .dts/.dtsi gives each compatible: a line opening a node
 * (`label: eeprom@50 {`) names the node, its first `compatible = "..."` line
 * gives the compatible. One "compat\tname" per node.
 */
static void scan_dts(const char *text, struct ptrvec *out)
{
	char name[64] = "";

	for (const char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		const char *p = l + strspn(l, " \t"), *brace;
		size_t eol = strcspn(p, "\n"), n;

		if (!strncmp(p, "compatible", 10) && name[0]) {
			const char *q = memchr(p, '"', eol), *e = q ? memchr(q + 1, '"', eol - (size_t)(q + 1 - p)) : NULL;

			if (e && e > q + 1)
				pv_push(out, xasprintf("%.*s\t%s", (int)(e - q - 1), q + 1, name));
			name[0] = '\0';
			continue;
		}
		brace = memchr(p, '{', eol);
		if (!brace) {
			if (memchr(p, '}', eol))
				name[0] = '\0';
			continue;
		}
		/* Skip labels ("eeprom0: "), then take the name before '@' or ' {'. */
		for (const char *colon; (colon = memchr(p, ':', (size_t)(brace - p))) && colon[1] == ' ';)
			p = colon + 2;
		n = strspn(p, "abcdefghijklmnopqrstuvwxyz0123456789-");
		name[0] = '\0';
		if (n && n < sizeof(name) && p[0] >= 'a' && p[0] <= 'z' && (p[n] == '@' || p[n] == ' '))
			snprintf(name, sizeof(name), "%.*s", (int)n, p);
	}
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The generic node names of the Devicetree Specification (2.2.2), as many
 * as a board device may take: one of them names the device better than a
 * name only some boards use ("atmel,24c1024" is `dtt@50` on three keystone
 * boards, `eeprom@50` on one).
 */
static bool generic_name(const char *name, size_t n)
{
	static const char *const names[] = {
		"adc", "accelerometer", "audio-codec", "backlight", "bluetooth", "camera", "can",
		"charger", "clock", "clock-controller", "codec", "display", "eeprom", "ethernet",
		"ethernet-phy", "flash", "gnss", "gpio", "gyrometer", "hdmi", "i2c", "i2c-mux",
		"keyboard", "keys", "led", "leds", "led-controller", "light-sensor", "magnetometer",
		"mdio", "memory", "mmc", "nand-controller", "nvram", "oscillator", "phy", "pmic",
		"power-monitor", "pwm", "regulator", "rtc", "sata", "serial", "sound", "spi",
		"temperature-sensor", "touchscreen", "tpm", "usb", "usb-hub", "usb-phy", "watchdog",
		"wifi",
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strlen(names[i]) == n && !strncmp(names[i], name, n))
			return true;
	return false;
}

/*
 * `node\tNAME\tCOMPAT\tCOUNT` for each compatible: the generic node name
 * (generic_name()) most .dts files give it, counting every node with the
 * compatible, else the name most give it (first in sort order on a tie),
 * and how many do.
 */
static void node_lines(struct ptrvec *pairs, struct strbuf *out)
{
	if (pairs->len)		/* no .dts: no items to sort (qsort wants a pointer) */
		qsort(pairs->items, pairs->len, sizeof(pairs->items[0]), cmp_str);
	for (size_t i = 0; i < pairs->len;) {
		const char *a = pairs->items[i];
		size_t clen = strcspn(a, "\t"), best = i, bestn = 0, j = i, gen = 0, genn = 0;

		while (j < pairs->len && !strncmp(pairs->items[j], a, clen + 1)) {
			size_t k = j;
			const char *name = (const char *)pairs->items[j] + clen + 1;

			while (k < pairs->len && !strcmp(pairs->items[k], pairs->items[j]))
				k++;
			if (k - j > bestn) {
				bestn = k - j;
				best = j;
			}
			if (generic_name(name, strlen(name)) && k - j > genn) {
				genn = k - j;
				gen = j;
			}
			j = k;
		}
		if (genn) {	/* a generic name: confident with every node of the compatible */
			best = gen;
			bestn = j - i;
		}
		sb_addf(out, "node\t%s\t%.*s\t%zu\n", (char *)pairs->items[best] + clen + 1,
			(int)clen, a, bestn);
		i = j;
	}
}

static int visit_dts(const char *path, const struct stat *sb, int type, struct FTW *ftw)
{
	size_t n = strlen(path);
	char *text;

	(void)ftw;
	if (type != FTW_F || !S_ISREG(sb->st_mode) ||
	    !(n > 4 && (!strcmp(path + n - 4, ".dts") || !strcmp(path + n - 5, ".dtsi"))))
		return 0;
	text = read_file(path, NULL);
	if (text)
		scan_dts(text, scan_nodes);
	free(text);
	return 0;
}

void node_names_scan(const char *kdir, struct strbuf *out)
{
	struct ptrvec pairs = { 0 };
	char *dts = xasprintf("%s/arch/arm/boot/dts", kdir);

	scan_nodes = &pairs;
	nftw(dts, visit_dts, 32, FTW_PHYS);
	scan_nodes = NULL;
	free(dts);
	node_lines(&pairs, out);
	for (size_t i = 0; i < pairs.len; i++)
		free(pairs.items[i]);
	pv_free(&pairs);
}
