#!/usr/bin/env bash
# Bad input and bad usage: each case asserts the exit status (1 conversion
# failed, 2 usage or rule error), the one-line message on stderr, and that no
# output file appears.
#
#   bash cli_errors.sh BOARD2DTS SOURCE_DIR     (run by ctest)
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
b2d_init cli_errors.sh "$@"
unset B2D_KERNEL

b2d_tmpdir b2d-cli
fail=0
n=0

# expect NAME STATUS REGEX [--lines N] -- ARGS...: run board2dts, check the
# exit status, that stderr matches REGEX, that every stderr line is a
# diagnostic (`file[:line[:col]]: error: ...` or `board2dts: error: ...`),
# and with --lines that stderr has exactly N lines.
expect() {
	local name=$1 want=$2 re=$3 lines=
	shift 3
	if [ "$1" = --lines ]; then lines=$2; shift 2; fi
	[ "$1" = -- ] && shift
	n=$((n + 1))
	"$BIN" "$@" >"$TMP/stdout" 2>"$TMP/stderr"
	local got=$?
	local ok=1
	b2d_check_diag "$name" "$want" "$got" "$re" "$lines" "$TMP/stderr" || ok=0
	if [ $ok = 1 ]; then
		echo "ok: $name"
	else
		sed 's/^/    stderr: /' "$TMP/stderr"
		fail=1
	fi
}

no_file() {
	n=$((n + 1))
	if [ -e "$1" ]; then
		echo "FAIL: $2: output file $1 was created"
		fail=1
	else
		echo "ok: $2: no output file"
	fi
}

# --- Inputs -------------------------------------------------------------------
mkdir -p "$TMP/out" "$TMP/adir"
: >"$TMP/empty.c"
printf '#!/bin/sh\necho "hello"\nexit 0\n' >"$TMP/script.sh"
cat >"$TMP/nomachine.c" <<'C'
#include <linux/platform_device.h>

static struct platform_device foo_device = {
	.name	= "foo",
	.id	= -1,
};
C
cat >"$TMP/two.c" <<'C'
#include <asm/mach/arch.h>
#include <asm/mach-types.h>

static void __init two_init(void)
{
}

MACHINE_START(TWO_A, "Two A")
	.init_machine	= two_init,
MACHINE_END

MACHINE_START(TWO_B, "Two B")
	.init_machine	= two_init,
MACHINE_END
C
O=$TMP/out/x.dts

# --- Usage (exit 2) -------------------------------------------------------------
expect "no arguments" 2 'no command given' --lines 1 --
expect "unknown command" 2 "unknown command 'frobnicate'" --lines 1 -- frobnicate
expect "unknown option" 2 "unknown option '--frobnicate'" --lines 1 -- \
	convert --frobnicate "$TMP/two.c"
expect "unknown top-level option" 2 "unknown option '--frob'" --lines 1 -- --frob
expect "option without value" 2 "needs a value" --lines 1 -- convert "$TMP/two.c" -o
expect "no input file" 2 'no input file' --lines 1 -- convert -o "$O"
expect "two input files" 2 'more than one input file' --lines 1 -- \
	convert "$TMP/two.c" "$TMP/nomachine.c"
expect "bad --assume" 2 '--assume needs NAME=VALUE' --lines 1 -- \
	convert --assume rev "$TMP/two.c"
expect "help for unknown command" 2 "unknown command 'bogus'" --lines 1 -- help bogus
expect "-p without compile_commands.json" 2 'compile_commands\.json not found' --lines 1 -- \
	convert -p "$TMP/adir" -o "$O" "$TMP/two.c"
expect "-p not a directory" 2 "-p: '$TMP/nodir' is not a directory" --lines 1 -- \
	convert -p "$TMP/nodir" -o "$O" "$TMP/two.c"
expect "--kernel not a directory" 2 "--kernel: '$TMP/nodir' is not a directory" --lines 1 -- \
	convert --kernel "$TMP/nodir" -o "$O" "$TMP/two.c"
no_file "$O" "bad -p / --kernel"

# --- Help and version (exit 0, stdout) ----------------------------------------
for args in "--help" "help convert" "convert --help" "help extract" "--version"; do
	n=$((n + 1))
	# shellcheck disable=SC2086
	if "$BIN" $args >"$TMP/stdout" 2>"$TMP/stderr" && [ -s "$TMP/stdout" ] &&
		[ ! -s "$TMP/stderr" ]; then
		echo "ok: board2dts $args"
	else
		echo "FAIL: board2dts $args: expected exit 0 and text on stdout only"
		fail=1
	fi
done
grep -q 'exit status' <("$BIN" help convert) ||
	{ echo "FAIL: help convert does not document the exit status"; fail=1; }

# --- Unreadable input (exit 1) ------------------------------------------------
expect "missing file" 1 "^$TMP/missing\\.c: error: .*No such file" --lines 1 -- \
	convert -o "$O" "$TMP/missing.c"
no_file "$O" "missing file"
expect "directory as input" 1 "^$TMP/adir: error: .*directory" --lines 1 -- \
	convert -o "$O" "$TMP/adir"
no_file "$O" "directory as input"
expect "empty file" 1 "^$TMP/empty\\.c: error: " --lines 1 -- convert -o "$O" "$TMP/empty.c"
no_file "$O" "empty file"
expect "extract of a missing file" 1 "missing\\.c: error: " --lines 1 -- \
	extract "$TMP/missing.c" --json

# A shell script is not C: whatever the parser makes of it, no machine.
expect "shell script as input" 1 "script\\.sh(:[0-9]+)*: error: " -- \
	convert -o "$O" "$TMP/script.sh"
no_file "$O" "shell script as input"
expect "no MACHINE_START" 1 "nomachine\\.c: error: no MACHINE_START record found" -- \
	convert -o "$O" "$TMP/nomachine.c"
no_file "$O" "no MACHINE_START"

# --- Machines ----------------------------------------------------------------
expect "unknown --machine" 2 "unknown machine 'NOPE'.*TWO_A, TWO_B" --lines 1 -- \
	convert --machine NOPE -o "$O" "$TMP/two.c"
no_file "$O" "unknown --machine"
expect "several machines into one file" 2 'defines 2 machines' --lines 1 -- \
	convert -o "$O" "$TMP/two.c"
no_file "$O" "several machines into one file"

n=$((n + 1))
if "$BIN" convert -o "$TMP/out/" "$TMP/two.c" 2>"$TMP/stderr" &&
	[ -s "$TMP/out/two.TWO_A.dts" ] && [ -s "$TMP/out/two.TWO_B.dts" ]; then
	echo "ok: -o DIR/ writes one file per machine"
else
	echo "FAIL: -o DIR/ with two machines should write two.TWO_A.dts and two.TWO_B.dts"
	sed 's/^/    stderr: /' "$TMP/stderr"
	fail=1
fi
n=$((n + 1))
if "$BIN" convert --machine TWO_B -o - "$TMP/two.c" 2>"$TMP/stderr" >"$TMP/stdout" &&
	grep -q '/dts-v1/;' "$TMP/stdout"; then
	echo "ok: --machine ID -o - writes the .dts to stdout"
else
	echo "FAIL: --machine TWO_B -o - should write the .dts to stdout"
	sed 's/^/    stderr: /' "$TMP/stderr"
	fail=1
fi

# --machine in the spellings a script may have for the id: mach-types'
# MACH_TYPE_ and Kconfig's CONFIG_MACH_ prefixes, or the record's name
for spelling in MACH_TYPE_TWO_B CONFIG_MACH_TWO_B two_b "Two B"; do
	n=$((n + 1))
	if "$BIN" convert --machine "$spelling" -o - "$TMP/two.c" 2>"$TMP/stderr" >"$TMP/stdout" &&
		grep -q 'model = "Two B";' "$TMP/stdout"; then
		echo "ok: --machine '$spelling' is TWO_B"
	else
		echo "FAIL: --machine '$spelling' should select TWO_B"
		sed 's/^/    stderr: /' "$TMP/stderr"
		fail=1
	fi
done

# --- Never overwrite the input -------------------------------------------------
cp "$TMP/two.c" "$TMP/keep.c"
cp "$TMP/keep.c" "$TMP/keep.orig"
expect "-o equal to the input" 2 'refusing to overwrite' --lines 1 -- \
	convert --machine TWO_A -o "$TMP/keep.c" "$TMP/keep.c"
expect "--report equal to the input (other spelling)" 2 'refusing to overwrite' --lines 1 -- \
	convert --machine TWO_A -o "$O" --report "$TMP/./keep.c" "$TMP/keep.c"
no_file "$O" "--report equal to the input"
n=$((n + 1))
if cmp -s "$TMP/keep.c" "$TMP/keep.orig"; then
	echo "ok: input unchanged"
else
	echo "FAIL: the input file was modified"
	fail=1
fi

# --- Broken rule directory (exit 2, file:line) ----------------------------------
mkdir -p "$TMP/rules/soc"
printf 'soc: broken\nmatch:\n  paths: ["x"\n  calls: [a, b]\n' >"$TMP/rules/soc/broken.yaml"
expect "broken rule file" 2 "broken\\.yaml:[0-9]+(:[0-9]+)?: error: " --lines 1 -- \
	convert --rules "$TMP/rules" -o "$O" "$TMP/two.c"
no_file "$O" "broken rule file"
n=$((n + 1))
BOARD2DTS_RULES=$TMP/rules "$BIN" convert -o "$O" "$TMP/two.c" 2>"$TMP/stderr"
if [ $? = 2 ] && grep -Eq 'broken\.yaml:[0-9]+' "$TMP/stderr"; then
	echo "ok: broken rule file via BOARD2DTS_RULES"
else
	echo "FAIL: BOARD2DTS_RULES with a broken rule file should exit 2 naming file:line"
	fail=1
fi
no_file "$O" "broken rule file via BOARD2DTS_RULES"
expect "missing rule directory" 2 "error: " -- \
	convert --rules "$TMP/no-such-rules" -o "$O" "$TMP/two.c"
no_file "$O" "missing rule directory"

# --- Unwritable output (exit 1, nothing half-written) ---------------------------
expect "output in a missing directory" 1 "error: " -- \
	convert --machine TWO_A -o "$TMP/no/such/dir/x.dts" "$TMP/two.c"
no_file "$TMP/no/such/dir/x.dts" "output in a missing directory"

echo "$n checks, $([ $fail = 0 ] && echo all passed || echo some failed)"
exit $fail
