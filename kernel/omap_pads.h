/* SPDX-License-Identifier: GPL-2.0 */
/*
 * OMAP pad names learned from the target tree. The kernel's OMAP board
 * .dts files name nearly every pad they configure in a comment,
 *
 *	&omap3_pmx_core {
 *		...
 *		OMAP3_CORE1_IOPAD(0x2144, PIN_INPUT_PULLUP | MUX_MODE0)	/\* sdmmc1_clk.sdmmc1_clk *\/
 *
 * in the form <mode-0 pad name>.<function>: so the pad sdmmc1_clk is at
 * 0x2144 of the controller &omap3_pmx_core (written with the
 * OMAP3_CORE1_IOPAD macro), and a pin set to MUX_MODE4 with the comment
 * sys_boot5.gpio_7 says that the function gpio_7 is mode 4 of sys_boot5.
 * The board files of 2.6.3x - 3.x name pads the same way
 * (omap_mux_init_signal("sdmmc1_clk", ...), OMAP3_MUX(SYS_BOOT5, ...),
 * omap_mux_init_gpio(7, ...) for gpio_7), from the mux34xx.h / mux44xx.h
 * tables the kernel has since dropped.
 *
 * The comments are hand-written and a few disagree (copy-paste slips), so
 * each name takes the place most files give it (ties: the lowest address).
 * The scan covers the .dts/.dtsi whose names start with one of the pack's
 * prefixes, anywhere under arch/arm/boot/dts, and is cached per tree. The
 * PIN_* / MUX_MODE* values and the IOPAD macros' bases come from the tree's
 * dt-bindings/pinctrl/omap.h.
 */
#ifndef B2D_OMAP_PADS_H
#define B2D_OMAP_PADS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct omap_pads;

struct omap_pad {
	const char *name;	/* mode-0 name, "sdmmc1_clk" */
	const char *label;	/* the controller the .dts files set it on, "omap3_pmx_core" */
	const char *macro;	/* the IOPAD macro they write it with, "OMAP3_CORE1_IOPAD" */
	unsigned addr;		/* the macro's first argument, 0x2144 */
	const char *fn;		/* the function of a name several pads share ("reserved"
				 * pads of gpio_126-129: "gpio_127"), else NULL */
};

/*
 * Scan KDIR's OMAP .dts files (basenames starting with one of prefixes) or
 * read the cache under cache_dir (NULL: no cache), and read the bindings
 * header KDIR/bindings. B2D_OK, B2D_ERR_IO (no header) or B2D_ERR_PARSE (no
 * pad named in any comment).
 */
int omap_pads_load(const char *kdir, const char *const *prefixes, size_t nprefixes,
		   const char *bindings, const char *cache_dir, struct omap_pads **out);
/* The same from texts (tests): the .dts texts, the header's text. */
struct omap_pads *omap_pads_parse(const char *const *dts, size_t ndts, const char *header);
void omap_pads_free(struct omap_pads *p);

/* The pad of a mode-0 name ("sdmmc1_clk", any case). */
bool omap_pads_pad(const struct omap_pads *p, const char *name, struct omap_pad *out);
/* The pad at addr (the IOPAD macros' address), when a comment names it. */
bool omap_pads_at(const struct omap_pads *p, unsigned addr, struct omap_pad *out);
/*
 * A signal as omap_mux_init_signal() takes it: "pad.function", a mode-0
 * name (mode 0), or a function of another mode ("uart3_tx_irtx",
 * "gpio_157"): the pad and the mode.
 */
bool omap_pads_signal(const struct omap_pads *p, const char *signal, struct omap_pad *out,
		      unsigned *mode);
/* The function of pad name in mode ("sys_boot5", 4 -> "gpio_7"), or NULL. */
const char *omap_pads_function(const struct omap_pads *p, const char *name, unsigned mode);
/* The value of an object-like macro of the bindings header ("PIN_INPUT_PULLUP"). */
bool omap_pads_define(const struct omap_pads *p, const char *name, uint32_t *val);
/* The base an IOPAD macro subtracts: OMAP3_CORE1_IOPAD -> 0x2030. */
bool omap_pads_macro_base(const struct omap_pads *p, const char *macro, unsigned *base);
/*
 * The IOPAD macro of the same kind as macro ("..._CORE2_IOPAD") whose base
 * ends in the controller's unit address (low 12 bits): OMAP3630_CORE2_IOPAD
 * -> OMAP3430_CORE2_IOPAD for omap34xx.dtsi's pinmux@480025d8. NULL: none.
 */
const char *omap_pads_macro_at(const struct omap_pads *p, const char *macro, unsigned unit,
			       unsigned *base);
size_t omap_pads_count(const struct omap_pads *p);
/* The bindings header, as given ("include/dt-bindings/pinctrl/omap.h"). */
const char *omap_pads_header(const struct omap_pads *p);

#endif
