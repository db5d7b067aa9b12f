// SPDX-License-Identifier: GPL-2.0
/*
 * The pin groups a .dtsi node already selects (its pinctrl-0), by label:
 * kirkwood.dtsi's &sdio has `pinctrl-0 = <&pmx_sdio>`. A board overlay that
 * adds a group of its own (the card-detect GPIO's pin) keeps them, or it
 * would replace them.
 */
#include "soc_dtsi.h"

#include <libfdt.h>
#include <stdlib.h>
#include <string.h>

#include "../common/util.h"

size_t soc_dtsi_pinctrl0(const struct soc_dtsi *s, const char *label, char **refs, size_t max)
{
	const void *fdt = s ? soc_dtsi_fdt(s) : NULL;
	const char *path = s ? soc_dtsi_label_path(s, label) : NULL;
	const fdt32_t *v;
	int off, len;
	size_t n = 0;

	if (!fdt || !path || (off = fdt_path_offset(fdt, path)) < 0 ||
	    !(v = fdt_getprop(fdt, off, "pinctrl-0", &len)))
		return 0;
	for (int i = 0; i < len / 4 && n < max; i++) {
		int g = fdt_node_offset_by_phandle(fdt, fdt32_to_cpu(v[i]));
		const char *l = g >= 0 ? soc_dtsi_label_of(s, g) : NULL;
		char buf[512];

		if (l)
			refs[n++] = xstrdup(l);
		else if (g >= 0 && fdt_get_path(fdt, g, buf, sizeof(buf)) == 0)
			refs[n++] = xasprintf("{%s}", buf);
	}
	return n;
}
