#!/usr/bin/env bash
# check and diff in a workflow (issue 13 item 5), against the kernel tree:
# - paths: a message in the input names it as given (../board.dts), a file
#   under the current directory relative to it (local.dtsi), anything else
#   absolute and canonical: never ../../../var/... even with a --kernel
#   given as such a relative path;
# - the kernel's own .dtsi: warnings there are counted in one note on stderr
#   and not shown (nor counted for the exit status) unless --all-files, which
#   shows exactly that many, under absolute paths;
# - -W no-CHECK / -W error=CHECK / -W CHECK per check, later wins; an unknown
#   name is a usage error naming the nearest check;
# - convert --dtb carries __symbols__: diff OUT.dtb OUT.dts is empty (exit 0)
#   for every sample machine.
#
#   bash check_workflow.sh BOARD2DTS SOURCE_DIR     (run by ctest)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init check_workflow.sh "$@"
b2d_kernel || b2d_skip "check_workflow.sh: no kernel tree (B2D_KERNEL; scripts/kernel-tree.sh)"
b2d_shared_cache
b2d_tmpdir b2d-workflow
show() { sed 's/^/    out: /' "$TMP/out" | head -8; sed 's/^/    err: /' "$TMP/err" | head -5; }
BIN=$(realpath "$BIN")
KREAL=$(realpath "$KERNEL")

# --- a board .dts with a typo, including a local .dtsi with another -------------
mkdir -p "$TMP/w/sub"
sed -e '0,/^\tmodel = /s//\tmodle = "typo";\n&/' -e 's|^#include "omap34xx.dtsi"|&\n#include "local.dtsi"|' \
	"$SRC/samples/board-omap3-handheld.dts" >"$TMP/w/board.dts"
printf '/ {\n\tchosen {\n\t\tbootargz = "console=ttyS2";\n\t};\n};\n' >"$TMP/w/local.dtsi"
# The kernel as a path relative to sub/: the ../../../var/... of the issue.
KREL=$(realpath --relative-to="$TMP/w/sub" "$KERNEL")
case $KREL in ../*) ;; *) b2d_bad "the kernel path relative to the test dir is not ../: $KREL" ;; esac

chk() {	# chk DIR ARGS...: check in DIR; status in got, $TMP/out, $TMP/err
	local d=$1
	shift
	(cd "$d" && "$BIN" check "$@" >"$TMP/out" 2>"$TMP/err")
	got=$?
}

chk "$TMP/w/sub" ../board.dts -I .. --kernel "$KREL"
hidden=$(sed -n "s/^board2dts: note: \([0-9]*\) warnings in the kernel's own files .* not shown: --all-files shows them\$/\1/p" "$TMP/err")
if [ "$got" = 1 ] && [ "$(wc -l <"$TMP/out")" = 2 ] &&
   grep -qx "\.\./board\.dts:[0-9]*: warning: /: modle: unknown property, did you mean model? \[unknown-property\]" "$TMP/out" &&
   grep -qx "$TMP/w/local\.dtsi:3: warning: /chosen: bootargz: unknown property, did you mean bootargs? \[unknown-property\]" "$TMP/out" &&
   [ -n "$hidden" ] && [ "$hidden" -gt 0 ]; then
	b2d_ok "default: the input as given, local.dtsi absolute (outside the cwd), $hidden kernel .dtsi warnings counted in one note"
else
	b2d_bad "default run (status $got, hidden '$hidden')"; show
fi
grep -q '\.\./\.\./' "$TMP/out" "$TMP/err" && b2d_bad "a ../../ path in the messages" || b2d_ok "no ../../ path"

chk "$TMP/w" board.dts --kernel "$KERNEL"
grep -qx "local\.dtsi:3: warning: /chosen: bootargz: .*" "$TMP/out" && grep -q "^board\.dts:" "$TMP/out" &&
	b2d_ok "from the board's directory: board.dts and local.dtsi relative" || { b2d_bad "relative names"; show; }

chk "$TMP/w/sub" ../board.dts -I .. --kernel "$KREL" --all-files
nk=$(grep -c "^$KREAL/arch/arm/boot/dts/[^ ]*\.dtsi:[0-9]*: warning: " "$TMP/out")
if [ "$got" = 1 ] && [ "$nk" = "$hidden" ] && [ ! -s "$TMP/err" ] &&
   [ "$(wc -l <"$TMP/out")" = $((hidden + 2)) ]; then
	b2d_ok "--all-files: the $nk kernel warnings shown, as absolute canonical paths, no note"
else
	b2d_bad "--all-files: $nk kernel warnings shown, $hidden counted before"; show
fi

chk "$TMP/w" board.dts --kernel "$KERNEL" -W no-unknown-property
[ "$got" = 0 ] && [ ! -s "$TMP/out" ] && b2d_ok "-W no-unknown-property: clean, exit 0" ||
	{ b2d_bad "-W no-unknown-property: status $got"; show; }
chk "$TMP/w" board.dts --kernel "$KERNEL" -W error=unknown-property
[ "$got" = 2 ] && [ "$(grep -c ': error: .*\[unknown-property\]$' "$TMP/out")" = 2 ] &&
	! grep -q ': warning: ' "$TMP/out" && b2d_ok "-W error=unknown-property: errors, exit 2" ||
	{ b2d_bad "-W error=unknown-property: status $got"; show; }
chk "$TMP/w" board.dts --kernel "$KERNEL" -W error=unknown-property -W unknown-property
[ "$got" = 1 ] && [ "$(grep -c ': warning: .*\[unknown-property\]$' "$TMP/out")" = 2 ] &&
	b2d_ok "-W error=X -W X: the last wins (warnings, exit 1)" || { b2d_bad "-W X after error=X: status $got"; show; }
chk "$TMP/w" board.dts --kernel "$KERNEL" -W no-unknown-proprety
[ "$got" = 2 ] && [ ! -s "$TMP/out" ] && [ "$(wc -l <"$TMP/err")" = 1 ] &&
	grep -qx "board2dts: error: check: -W no-unknown-proprety: unknown check 'unknown-proprety' (did you mean 'unknown-property'?)" "$TMP/err" &&
	b2d_ok "-W with a typo: usage error naming the nearest check" || { b2d_bad "-W typo: status $got"; show; }
chk "$TMP/w" board.dts --kernel "$KERNEL" -W bogus
[ "$got" = 2 ] && grep -q "unknown check 'bogus' (see 'board2dts help check')" "$TMP/err" &&
	b2d_ok "-W with an unknown name: usage error" || { b2d_bad "-W bogus: status $got"; show; }

# --- the .dtb convert writes equals its .dts for diff ----------------------------
n=0
mkdir -p "$TMP/d"
for c in "$SRC"/samples/*.c; do
	base=$(basename "$c" .c)
	if ! "$BIN" convert -q --kernel "$KERNEL" -o "$TMP/d/$base/" --dtb "$TMP/d/$base/" "$c" 2>"$TMP/err"; then
		b2d_bad "$base: convert failed"; show; continue
	fi
	for dtb in "$TMP/d/$base"/*.dtb; do
		"$BIN" diff "$dtb" "${dtb%.dtb}.dts" --kernel "$KERNEL" >"$TMP/out" 2>"$TMP/err"
		got=$?
		if [ "$got" = 0 ] && [ ! -s "$TMP/out" ]; then
			n=$((n + 1))
		else
			b2d_bad "diff $(basename "$dtb") $(basename "${dtb%.dtb}.dts"): status $got"; show
		fi
		python3 - "$dtb" <<'EOF' || b2d_bad "$(basename "$dtb"): no /__symbols__"
import sys
d = open(sys.argv[1], 'rb').read()
sys.exit(0 if b'__symbols__\0' in d else 1)
EOF
	done
done
[ "$n" -ge 7 ] && b2d_ok "diff OUT.dtb OUT.dts: empty, exit 0, for all $n sample machines" ||
	b2d_bad "only $n sample machines compared"

b2d_exit $B2D_FAIL
