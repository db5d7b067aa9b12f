/* SPDX-License-Identifier: GPL-2.0 */
/*
 * i.MX pad names learned from the target tree's <soc>-pinfunc.h
 * (arch/arm/boot/dts/imx51-pinfunc.h, .../nxp/imx/imx51-pinfunc.h in 6.5+),
 * which the SoC .dtsi includes:
 *
 *	#define MX51_PAD_EIM_D16__I2C1_SDA	0x090 0x3f4 0x9b4 0x5 0x0
 *
 * the five cells of an fsl,pins entry before its pad control: mux register,
 * pad control register, input select register, mux mode, input select value.
 * The board files' iomux-v3 pad macros (iomux-mx51.h, gone from the kernel)
 * have the same names.
 */
#ifndef B2D_IMX_PINFUNC_H
#define B2D_IMX_PINFUNC_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

struct imx_pinfunc;

struct imx_pad {
	const char *name;	/* "MX51_PAD_EIM_D16__I2C1_SDA" */
	uint32_t cells[5];	/* mux_reg conf_reg input_reg mux_mode input_val */
};

/* Parse a pinfunc header's text: NULL when it defines no pad. */
struct imx_pinfunc *imx_pinfunc_parse(const char *text, const char *file);
/*
 * Find the header named `name` under KDIR/arch/arm/boot/dts (any layout,
 * kernel/dtsi_find.c) and parse it. B2D_OK, B2D_ERR_IO (not there or
 * unreadable) or B2D_ERR_PARSE (no pad defined).
 */
int imx_pinfunc_load(const char *kdir, const char *name, struct imx_pinfunc **out);
void imx_pinfunc_free(struct imx_pinfunc *p);

/* The pad macro of that name, or NULL. */
const struct imx_pad *imx_pinfunc_find(const struct imx_pinfunc *p, const char *name);
/*
 * The pad macro an older kernel's iomux-mx5x.h spelled `name`, or NULL:
 * its `GPIO_n_m` words are `GPIOn_m` in the target
 * (MX51_PAD_GPIO_1_6__GPIO_1_6 -> MX51_PAD_GPIO1_6__GPIO1_6), else the
 * one macro whose pad and function names are the old ones or start or end
 * with them (MX53_PAD_ATA_DIOW__UART1_TXD -> MX53_PAD_PATA_DIOW__UART1_TXD_MUX,
 * MX53_PAD_EIM_D16__CSPI1_SCLK -> MX53_PAD_EIM_D16__ECSPI1_SCLK).
 */
const struct imx_pad *imx_pinfunc_era(const struct imx_pinfunc *p, const char *name);
/*
 * The pad macro with these iomux-v3 fields (a pad word a build directory
 * gave as a number): mux register, mux mode (without SION), input select
 * register; NULL when none or several match.
 */
const struct imx_pad *imx_pinfunc_at(const struct imx_pinfunc *p, uint32_t mux_reg,
				     uint32_t mode, uint32_t input_reg);
/*
 * The iomux-v1 pad macro (imx27-pinfunc.h: `MX27_PAD_UART1_TXD__UART1_TXD
 * 0x8c 0x004`, cells pin and mux id) of this pin whose mux id's function
 * bits (0 primary, 1 alternate, 2 GPIO) are `function`; mux >= 0: that
 * whole mux id. NULL when none or several match.
 */
const struct imx_pad *imx_pinfunc_v1(const struct imx_pinfunc *p, uint32_t pin, uint32_t function,
				     long mux);
/* The header, relative to arch/arm/boot/dts ("nxp/imx/imx51-pinfunc.h"). */
const char *imx_pinfunc_file(const struct imx_pinfunc *p);
size_t imx_pinfunc_count(const struct imx_pinfunc *p);

#endif
