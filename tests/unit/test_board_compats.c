// SPDX-License-Identifier: GPL-2.0
/*
 * The boards the target tree describes (kernel/board_compats.c): a .dts
 * text's root compatible and model, which machine ids a board compatible
 * names (also after the SoC's name), which record descriptions a model
 * states; and, on the real 6.1 tree when it is there, that the
 * scan finds the NSLU2's .dts and which SoC .dtsi a board .dts includes.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "kernel/board_compats.h"
#include "common/util.h"
#include "test_kernel.h"

static const char *dts =
	"// SPDX-License-Identifier: ISC\n"
	"#include \"intel-ixp42x.dtsi\"\n"
	"/ {\n"
	"\tmodel = \"Linksys NSLU2\";\n"
	"\tchosen {\n"
	"\t\tcompatible = \"not-the-root\";\n"
	"\t};\n"
	"\tcompatible = \"linksys,nslu2\", \"intel,ixp42x\";\n"
	"};\n"
	"&uart0 { compatible = \"late\"; };\n";

static void test_root_of_text(void **state)
{
	char *compat, *model;

	(void)state;
	board_compats_of_text(dts, &compat, &model);
	assert_string_equal(compat, "linksys,nslu2");
	assert_string_equal(model, "Linksys NSLU2");
	free(compat);
	free(model);
	board_compats_of_text("/dts-v1/;\n&uart0 { status = \"okay\"; };\n", &compat, &model);
	assert_null(compat);
	assert_null(model);
}

static void test_names(void **state)
{
	(void)state;
	assert_true(board_compat_names("linksys,nslu2", "NSLU2"));
	assert_true(board_compat_names("iom,nas-100d", "NAS100D"));
	assert_true(board_compat_names("gateway,7001", "GATEWAY7001"));
	assert_true(board_compat_names("ti,da850-evm", "DAVINCI_DA850_EVM"));
	assert_true(board_compat_names("ti,omap3-beagle", "OMAP3_BEAGLE"));
	assert_false(board_compat_names("ti,omap3-beagle-xm", "OMAP3_BEAGLE"));
	assert_false(board_compat_names("ti,da850-evm", "DA850"));
	assert_false(board_compat_names("st,spear300-evb", "SPEAR300"));
	assert_false(board_compat_names("noncomma", "NONCOMMA"));
	assert_false(board_compat_names("ti,evm", "DAVINCI_EVM"));	/* one word: too weak */
	/* the SoC's name before the board's: 3.0 mach-bug.c on imx31.dtsi */
	assert_true(board_compat_names_on("buglabs,imx31-bug", "BUG", "imx31"));
	assert_true(board_compat_names_on("mrvl,mmp2-brownstone", "BROWNSTONE", "mmp2"));
	assert_false(board_compat_names_on("buglabs,imx31-bug", "BUG", "imx35"));
	assert_false(board_compat_names_on("buglabs,imx31bug", "BUG", "imx31"));
	assert_false(board_compat_names_on("buglabs,imx31-bug", "BUG", NULL));
}

/* A record's description against a target .dts's model. */
static void test_models(void **state)
{
	(void)state;
	assert_true(board_model_names("LaCie d2 Network", "LaCie d2 Network"));
	assert_true(board_model_names("Buffalo Linkstation Pro/Live", "Buffalo Linkstation Pro/Live"));
	assert_true(board_model_names("Buffalo Linkstation Mini (LS-WSGL)", "Buffalo Linkstation Mini"));
	assert_true(board_model_names("MAXTOR Shared Storage II", "Maxtor Shared-Storage II"));
	assert_false(board_model_names("Buffalo Linkstation Mini (LS-WSGL)", "Buffalo Linkstation"));
	assert_false(board_model_names("Netgear WNR854-t", "Netgear WNR854T router"));
	assert_false(board_model_names("-", "-"));
	assert_false(board_model_names("Ab", "Ab"));	/* too short to be evidence */
	assert_false(board_model_names(NULL, "LaCie d2 Network"));
}

/* A .dts's file name after the SoC's name; every string of its root compatible. */
static void test_file_names_and_all(void **state)
{
	char **all;
	size_t n;

	(void)state;
	assert_true(board_file_names("arch/arm/boot/dts/kirkwood-ib62x0.dts", "IB62X0", "kirkwood"));
	assert_true(board_file_names("arch/arm/boot/dts/marvell/kirkwood-dreamplug.dts", "DREAMPLUG",
				     "kirkwood"));
	assert_true(board_file_names("kirkwood-iomega_ix2_200.dts", "IOMEGA_IX2_200", "kirkwood"));
	assert_false(board_file_names("kirkwood-topkick.dts", "USI_TOPKICK", "kirkwood"));
	assert_false(board_file_names("kirkwood-ib62x0.dts", "IB62X0", "orion5x"));
	assert_false(board_file_names("kirkwood-ib.dts", "IB", "kirkwood"));	/* too short */
	assert_false(board_file_names("kirkwood-ib62x0.dts", "IB62X0", NULL));
	n = board_compats_all_of_text(dts, &all);
	assert_int_equal(n, 2);
	assert_string_equal(all[0], "linksys,nslu2");
	assert_string_equal(all[1], "intel,ixp42x");
	for (size_t i = 0; i < n; i++)
		free(all[i]);
	free(all);
	n = board_compats_all_of_text("/ {\n\tcompatible = \"a,b-c\",\n\t\t     \"a,b\", "
				      "\"soc,x\";\n};\n", &all);
	assert_int_equal(n, 3);
	assert_string_equal(all[1], "a,b");
	for (size_t i = 0; i < n; i++)
		free(all[i]);
	free(all);
	assert_int_equal(board_compats_all_of_text("/dts-v1/;\n&uart0 { };\n", &all), 0);
}

static void test_scan_real_tree(void **state)
{
	const char *k = test_kernel_dir("arch/arm/boot/dts/intel-ixp42x-linksys-nslu2.dts");
	struct strbuf sb;

	(void)state;
	if (!k)
		skip();
	sb_init(&sb);
	board_compats_scan(k, &sb);
	assert_non_null(strstr(sb.buf, "\tlinksys,nslu2\t"));
	assert_non_null(strstr(sb.buf, "\tfriendlyarm,mini6410\t"));
	sb_free(&sb);
	/* the SoC check: itself, through an include, and another SoC's board */
	assert_true(board_dts_includes(k, "arch/arm/boot/dts/intel-ixp42x-linksys-nslu2.dts",
				       "intel-ixp42x.dtsi"));
	assert_true(board_dts_includes(k, "arch/arm/boot/dts/intel-ixp42x-linksys-nslu2.dts",
				       "intel-ixp4xx.dtsi"));
	assert_false(board_dts_includes(k, "arch/arm/boot/dts/kirkwood-linksys-viper.dts",
					"pxa25x.dtsi"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_root_of_text),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_models),
		cmocka_unit_test(test_file_names_and_all),
		cmocka_unit_test(test_scan_real_tree),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
