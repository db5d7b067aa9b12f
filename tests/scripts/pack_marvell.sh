#!/usr/bin/env bash
# Rule packs orion5x, dove, mv78xx0 (Marvell, plat-orion helpers) on the real
# kernel corpus: every board file of these families converts (exit 0), gives
# one .dts per MACHINE_START, every .dts compiles with the kernel's cpp + dtc,
# the report accounts for what `extract --json` lists and names the family's pack, plus exact checks of
# key properties (MBus ranges, devbus flash and NAND, devbus,keep-config, the
# root compatible by the target .dts's model, MDIO PHY, SATA ports, gpio0
# lines) and the fact recall floor for the Kurobox Pro.
#
#   bash pack_marvell.sh BOARD2DTS SOURCE_DIR      (run by ctest; exit 77 = skipped)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/pack_common.sh"
pack_setup pack_marvell.sh "$@"
MINE=$(printf '%s\n' "$LIST" | grep -E '/mach-(orion5x|dove|mv78xx0)/[a-z0-9_-]+\.c$')
pack_start

# The family's pack: mach-orion5x -> orion5x.
expected_soc() { local fam; fam=$(basename "$(dirname "$1")"); echo "${fam#mach-}"; }

pack_convert_all
[ "$nfiles" -ge 21 ] || bad "only $nfiles board files of these families in the corpus list (expected 21)"

# orion5x: Kurobox Pro (NOR on the boot CS, NAND on CS0 only for KUROBOX_PRO)
P=$TMP/kurobox_pro-setup/kurobox_pro-setup.KUROBOX_PRO.dts
has "$P" '#include "orion5x-mv88f5182.dtsi"'
has "$P" 'ranges = <MBUS_ID(0xf0, 0x01) 0x0 0xf1000000 0x100000>, <MBUS_ID(0x09, 0x00) 0x0 0xf2200000 0x800>, <MBUS_ID(0x01, 0x0f) 0x0 0xf4000000 0x40000>, <MBUS_ID(0x01, 0x1e) 0x0 0xfc000000 0x200000>;'
has "$P" 'reg = <0x0 0x40000>;'
has "$P" 'bank-width = <1>;'
has "$P" 'compatible = "marvell,orion-nand";'
has "$P" 'cle = <0>;'
has "$P" 'ale = <1>;'
has "$P" 'reg = <0x4400000 0xbc00000>;'
has "$P" 'phy-handle = <&ethphy8>;'
has "$P" 'ethphy8: ethernet-phy@8 {'
has "$P" 'nr-ports = <2>;'
has "$P" 'compatible = "ricoh,rs5c372a";'
for l in devbus_bootcs devbus_cs0 ehci0 ehci1 eth mdio i2c sata uart0 uart1 xor; do enabled "$P" $l; done
# the board only opens the boot CS window: the boot loader's timings stay
# (mvebu-devbus.c populates no child without them); the NAND that replaces
# devbus_cs0's compatible needs none
sed -n '/^&devbus_bootcs {/,/^};/p' "$P" >"$TMP/bootcs.txt"
has "$TMP/bootcs.txt" 'devbus,keep-config;'
sed -n '/^&devbus_cs0 {/,/^};/p' "$P" >"$TMP/cs0.txt"
hasnt "$TMP/cs0.txt" 'devbus,keep-config'
L=$TMP/kurobox_pro-setup/kurobox_pro-setup.LINKSTATION_PRO.dts
hasnt "$L" 'marvell,orion-nand'
hasnt "$L" 'machine_is_kurobox_pro()'
enabled "$L" devbus_bootcs
# MACHINE_START(LINKSTATION_PRO, "Buffalo Linkstation Pro/Live"): the model of
# the target's orion5x-linkstation-lsgl.dts, whose compatible the root takes
has "$L" 'compatible = "buffalo,lsgl", "marvell,orion5x-88f5182", "marvell,orion5x";'

D=$TMP/dns323-setup/dns323-setup.dts
has "$D" 'gpios = <&gpio0 9 GPIO_ACTIVE_LOW>;'
has "$D" 'linux,code = <KEY_POWER>;'
has "$D" 'flash@0 {'
M=$TMP/mv2120-setup/mv2120-setup.dts
has "$M" 'gpios = <&gpio0 18 GPIO_ACTIVE_LOW>;'
W=$TMP/wnr854t-setup/wnr854t-setup.dts
# no PHY (a DSA switch): the port's speed and duplex, as upstream
# orion5x-netgear-wnr854t.dts states them
sed -n '/^&ethport {/,/^};/p' "$W" >"$TMP/ethport.txt"
has "$TMP/ethport.txt" 'speed = <1000>;'
has "$TMP/ethport.txt" 'duplex = <0x1>;'
hasnt "$W" 'no rule for field .speed'
# The DSA switch (orion5x_eth_switch_init(), plat-orion's MDIO device
# "mv88e6085" at .sw_addr): switch@0 under &mdio with one port@N per named
# .port_names[N], the "cpu" port linked to &ethport, as upstream
# orion5x-netgear-wnr854t.dts (dsa.yaml, mv88e6xxx chip.c of_match)
sed -n '/^&mdio {/,/^};/p' "$W" >"$TMP/mdio.txt"
has "$TMP/mdio.txt" 'switch@0 {'
has "$TMP/mdio.txt" 'compatible = "marvell,mv88e6085";'
has "$TMP/mdio.txt" 'ports {'
sw=$(python3 - "$TMP/mdio.txt" <<'PY'
import re, sys
t = re.sub(r'/\*.*?\*/', '', open(sys.argv[1]).read(), flags=re.S)
print(" ".join("%s:%s:%s" % (u, r, l) for u, r, l in
      re.findall(r'port@(\d+) \{\s*reg = <(\d+)>;\s*label = "([^"]+)";', t)))
PY
)
[ "$sw" = "0:0:lan3 1:1:lan4 2:2:wan 3:3:cpu 5:5:lan1 7:7:lan2" ] || bad "wnr854t: switch ports $sw"
sed -n '/port@3 {/,/};/p' "$TMP/mdio.txt" | grep -q 'ethernet = <&ethport>;' ||
	bad "wnr854t: the cpu port is not linked to &ethport"
[ "$(grep -c 'ethernet = ' "$TMP/mdio.txt")" = 1 ] || bad "wnr854t: ethernet on a port other than cpu"
hasnt "$W" 'no rule for struct dsa_chip_data'
hasnt "$W" 'DSA switch: describe it'
# RD-88F6183AP-GE: the cpu port is port 5
R6=$TMP/rd88f6183ap-ge-setup/rd88f6183ap-ge-setup.dts
sed -n '/port@5 {/,/};/p' "$R6" | grep -q 'ethernet = <&ethport>;' || bad "rd88f6183ap-ge: cpu port 5 not linked"
# RD-88F5181L (the file names the SoC): orion5x-mv88f5181.dtsi, whose
# pinctrl knows pci-1 (pinctrl-orion.c: V_5181 only), not the 88F5182's
for f in rd88f5181l-fxo rd88f5181l-ge; do
	F=$TMP/$f-setup/$f-setup.dts
	has "$F" '#include "orion5x-mv88f5181.dtsi"'
	has "$F" '"marvell,orion5x-88f5181", "marvell,orion5x";'
	hasnt "$F" 'orion5x-mv88f5182.dtsi'
	has "$F" 'marvell,function = "pci-1";'
done

# Pin groups from the MPP tables (issue 12): the function names come from the
# target's drivers/pinctrl/mvebu/pinctrl-orion.c. WNR854T: every pin the
# upstream orion5x-netgear-wnr854t.dts muxes, the board file muxes with the
# same function. MV2120: the GPIO-mode pins of the keys and LEDs are on those
# nodes' pinctrl-0, the others hogged by &pinctrl.
mpp_pairs() { # dts -> "mppN function" lines
	python3 - "$1" <<'PY'
import re, sys
t = re.sub(r'/\*.*?\*/', '', open(sys.argv[1]).read(), flags=re.S)
for m in re.finditer(r'marvell,pins\s*=\s*([^;]*);\s*marvell,function\s*=\s*"([^"]+)"', t):
    for p in re.findall(r'"(mpp\d+)"', m.group(1)):
        print(p, m.group(2))
PY
}
mpp_pairs "$W" | sort >"$TMP/wnr.pairs"
mpp_pairs "$K/arch/arm/boot/dts/orion5x-netgear-wnr854t.dts" | sort >"$TMP/wnr.up"
[ "$(wc -l <"$TMP/wnr.up")" -ge 5 ] || bad "orion5x-netgear-wnr854t.dts: fewer than 5 upstream MPP pins"
missing=$(comm -13 "$TMP/wnr.pairs" "$TMP/wnr.up")
[ -z "$missing" ] || bad "wnr854t: upstream pin groups not in the output: $missing"
has "$W" 'marvell,function = "ge";'
hasnt "$W" 'MPP pin table: write'
has "$M" 'pinctrl-0 = <&pmx_gpio_keys>;'
has "$M" 'pinctrl-0 = <&pmx_leds>;'
# (into a file first: grep -q would close the pipe early, and pipefail would
# count the writer's broken pipe as a failure)
mpp_pairs "$M" >"$TMP/mv.pairs"
# mpp12/14 and 13/15 are orion5x-mv88f5182.dtsi's pmx_sata0/pmx_sata1 groups:
# given to &sata as upstream boards do (orion5x-lacie-ethernet-disk-mini-v2),
# never redefined (the output's own pmx-sata0 would change the .dtsi's group).
sed -n '/^&sata {/,/^};/p' "$M" | grep -q 'pinctrl-0 = <&pmx_sata0 &pmx_sata1>;' ||
	bad "mv2120: &sata does not take the .dtsi's pmx_sata0/pmx_sata1"
hasnt "$M" 'pmx-sata0 {'
grep -q ' sata0$' "$TMP/mv.pairs" && bad "mv2120: a sata0 group of its own"
grep -q '^&pinctrl {' "$M" || bad "mv2120: no &pinctrl overlay"
# The pins in the keys' group are the keys' GPIO lines (MPP n is GPIO n).
keys=$(python3 - "$M" <<'PY'
import re, sys
t = re.sub(r'/\*.*?\*/', '', open(sys.argv[1]).read(), flags=re.S)
g = re.search(r'pmx_gpio_keys: pmx-gpio-keys \{(.*?)\};', t, re.S).group(1)
pins = sorted(int(p) for p in re.findall(r'"mpp(\d+)"', g))
k = re.search(r'gpio-keys \{(.*?)\n\t\};', t, re.S).group(1)
lines = sorted(int(n) for n in re.findall(r'gpios = <&gpio0 (\d+)', k))
print("ok" if pins == lines and pins else "pins %s lines %s" % (pins, lines))
PY
)
[ "$keys" = ok ] || bad "mv2120: keys' pin group vs their GPIO lines: $keys"

# dove: dove.dtsi labels
V=$TMP/dove-db-setup/dove-db-setup.dts
has "$V" '#include "dove.dtsi"'
has "$V" 'nr-ports = <1>;'
for l in ehci0 ehci1 eth mdio i2c sata0 sdio0 sdio1 spi0 spi1 uart0 uart1; do enabled "$V" $l; done
# dove_pcie_init(1, 1) (node_flags): the controller and both ports
for l in pcie pcie0 pcie1; do enabled "$V" $l; done
has "$V" 'compatible = "m25p64", "jedec,spi-nor";'

# mv78xx0: no .dtsi, SoC helpers are TODOs
X=$TMP/db78x00-bp-setup/db78x00-bp-setup.dts
hasnt "$X" '.dtsi"'
has "$X" 'mv78xx0_init(): no mv78xx0 .dtsi'
has "$X" 'mv78xx0_uart0_init(): only when mv78xx0_core_index() == 0'
has "$X" 'which CPU core runs Linux'
# --assume deciding the core: the call in the condition is no TODO any more
"$BIN" convert -q --kernel "$K" "$K/arch/arm/mach-mv78xx0/db78x00-bp-setup.c" \
	--assume 'mv78xx0_core_index() == 0=1' -o "$TMP/db78x00-core0.dts" 2>/dev/null ||
	bad "db78x00-bp-setup.c with --assume: convert failed"
hasnt "$TMP/db78x00-core0.dts" 'which CPU core runs Linux'
hasnt "$TMP/db78x00-core0.dts" 'only when mv78xx0_core_index() == 0'

# Fact recall floor.
pack_recall kuroboxpro.facts "$P"

[ "$fail" = 0 ] && echo "pack_marvell.sh: $nfiles board files OK"
exit "$fail"
