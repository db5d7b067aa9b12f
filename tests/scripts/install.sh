#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# `cmake --install` from a copy of the repository: the installed binary finds
# its rule packs and model headers relative to its prefix after the copy is
# deleted; the man page renders with `man -l` without warnings and names every
# option of every command's --help; the bash completion loads.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
BIN=${1:?usage: install.sh BOARD2DTS SOURCE_DIR}
SRC=${2:?usage: install.sh BOARD2DTS SOURCE_DIR}
unset BOARD2DTS_RULES BOARD2DTS_MODEL
b2d_tmpdir b2d-install
bad=0
fail() { echo "FAIL: $*"; bad=1; }

# A copy of the tracked files (plus uncommitted edits), built and installed.
mkdir "$TMP/copy"
(cd "$SRC" && git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$TMP/copy") ||
	{ echo "FAIL: cannot copy the repository"; exit 1; }
cmake -S "$TMP/copy" -B "$TMP/build" -DBUILD_TESTING=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	-DCMAKE_INSTALL_PREFIX="$TMP/prefix" >"$TMP/log" 2>&1 &&
	make -C "$TMP/build" -j2 board2dts >>"$TMP/log" 2>&1 &&
	cmake --install "$TMP/build" >>"$TMP/log" 2>&1 || { cat "$TMP/log"; echo "FAIL: build/install"; exit 1; }
cp "$SRC/samples/mach-s3c64xx-devboard.c" "$TMP/board.c"
rm -rf "$TMP/copy" "$TMP/build"

P=$TMP/prefix
for f in bin/board2dts share/board2dts/rules/soc/s3c64xx.yaml share/board2dts/rules/bindings/common.yaml \
	share/board2dts/model-headers/board2dts-model.h share/man/man1/board2dts.1 \
	share/bash-completion/completions/board2dts share/doc/board2dts/LICENSE; do
	[ -f "$P/$f" ] || fail "not installed: $f"
done
[ -z "$(find "$P/share/board2dts/rules" -name '*.c' -o -name '*.h')" ] || fail "C sources installed with the rules"

# The installed binary, with its source tree gone, converts a sample.
"$P/bin/board2dts" convert "$TMP/board.c" -o "$TMP/out.dts" 2>"$TMP/err" ||
	{ cat "$TMP/err"; fail "installed convert failed"; }
grep -q 'gpio-leds' "$TMP/out.dts" 2>/dev/null || fail "installed convert: no gpio-leds node (rules not found?)"
"$P/bin/board2dts" --help | grep -q "$P/share/board2dts/rules" || fail "--help does not name the installed rules"

# The man page renders cleanly and documents every long option of every command.
MANWIDTH=80 man --warnings -l "$P/share/man/man1/board2dts.1" >"$TMP/man.txt" 2>"$TMP/man.err" ||
	fail "man -l failed"
[ -s "$TMP/man.err" ] && { cat "$TMP/man.err"; fail "man page warnings"; }
for c in convert extract diff check batch; do
	for opt in $("$P/bin/board2dts" help "$c" | grep -oE -- '--[a-z][a-z-]+' | sort -u); do
		grep -q -- "$opt" "$TMP/man.txt" || fail "man page lacks $c option $opt"
	done
done

# The completion script loads and completes commands and options.
bash -c "source '$P/share/bash-completion/completions/board2dts'
	COMP_WORDS=(board2dts con); COMP_CWORD=1; _board2dts; echo \"\${COMPREPLY[*]}\"" >"$TMP/c1" 2>&1
grep -qx convert "$TMP/c1" || fail "completion of 'con': $(cat "$TMP/c1")"
bash -c "source '$P/share/bash-completion/completions/board2dts'
	COMP_WORDS=(board2dts convert --dt); COMP_CWORD=2; _board2dts; echo \"\${COMPREPLY[*]}\"" >"$TMP/c2" 2>&1
grep -qx -- --dtb "$TMP/c2" || fail "completion of 'convert --dt': $(cat "$TMP/c2")"

[ $bad -eq 0 ] && echo "install: ok"
exit $bad
