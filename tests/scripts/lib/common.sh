# Helpers sourced by the script tests (tests/scripts/*.sh). Not a test itself:
# tests/CMakeLists.txt only runs tests/scripts/*.sh, not this lib/ directory.
#
#   source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"

# b2d_init NAME "$@": BIN and SRC from the test's two arguments (usage error
# naming NAME when one is missing), BOARD2DTS_RULES defaulting to SRC/rules.
b2d_init() {
	local name=$1
	shift
	BIN=${1:?usage: $name BOARD2DTS SOURCE_DIR}
	SRC=${2:?usage: $name BOARD2DTS SOURCE_DIR}
	export BOARD2DTS_RULES=${BOARD2DTS_RULES:-$SRC/rules}
}

# b2d_shared_cache: the compiled-.dtsi cache shared by the test runs.
b2d_shared_cache() {
	export XDG_CACHE_HOME=${XDG_CACHE_HOME:-${TMPDIR:-/tmp}/b2d-test-cache}
}

# b2d_tmpdir PREFIX: TMP, a fresh directory removed when the test exits.
b2d_tmpdir() {
	TMP=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX")
	trap 'rm -rf "$TMP"' EXIT
}

# b2d_kernel: KERNEL=$B2D_KERNEL, else the tree scripts/kernel-tree.sh
# extracts (${B2D_CACHE:-/var/tmp/b2d}/src/linux-source-6.1, where the unit
# tests look too), when it is a kernel tree (has arch/arm/boot/dts); else
# KERNEL= and status 1.
b2d_kernel() {
	KERNEL=${B2D_KERNEL:-${B2D_CACHE:-/var/tmp/b2d}/src/linux-source-6.1}
	[ -d "$KERNEL/arch/arm/boot/dts" ] && return 0
	KERNEL=
	return 1
}

# b2d_kernel612: KERNEL612=$B2D_KERNEL_612, else the 6.12 tree
# scripts/kernel-tree.sh --version 6.12 extracts, when it is a kernel tree;
# else KERNEL612= and status 1 (scripts/test.sh prepares it).
b2d_kernel612() {
	KERNEL612=${B2D_KERNEL_612:-${B2D_CACHE:-/var/tmp/b2d}/src/linux-source-6.12}
	[ -d "$KERNEL612/arch/arm/boot/dts" ] && return 0
	KERNEL612=
	return 1
}

# Skips: exit status 77, which ctest shows as skipped (SKIP_RETURN_CODE).
# b2d_skip WHY: the whole test cannot run. b2d_skip_part WHAT: one part of the
# test cannot run; the rest goes on, and b2d_exit FAIL ends the test: exit 1
# when FAIL is not 0, else 77 when some part was skipped, else 0. So no test
# passes with a part left out. scripts/test.sh prepares everything the tests
# need (kernel tree, corpus) and fails when a test still skips.
B2D_SKIPPED=0
b2d_skip() {
	echo "SKIP: $*"
	exit 77
}
b2d_skip_part() {
	echo "SKIP: $*"
	B2D_SKIPPED=$((B2D_SKIPPED + 1))
}
b2d_exit() {
	[ "$1" = 0 ] || exit 1
	if [ "$B2D_SKIPPED" != 0 ]; then
		echo "$B2D_SKIPPED part(s) skipped (SKIP lines above): exit status 77"
		exit 77
	fi
	exit 0
}

# b2d_ok WHAT, b2d_bad WHAT: one result line each; b2d_bad sets B2D_FAIL=1,
# for `b2d_exit $B2D_FAIL` at the end.
B2D_FAIL=0
b2d_ok() { echo "ok: $*"; }
b2d_bad() {
	echo "FAIL: $*"
	B2D_FAIL=1
}
# b2d_has FILE TEXT, b2d_hasnt FILE TEXT: FILE has (has not) the fixed
# string TEXT, else a b2d_bad line naming the file.
b2d_has() { grep -F -- "$2" "$1" >/dev/null 2>&1 || b2d_bad "$(basename "$1"): missing: $2"; }
b2d_hasnt() { ! grep -F -- "$2" "$1" >/dev/null 2>&1 || b2d_bad "$(basename "$1"): unexpected: $2"; }
# b2d_flat_has OUT TEXT: OUT.flat (b2d_convert_pack) holds TEXT, blanks and comments dropped
b2d_flat_has() { grep -F -- "$2" "$1.flat" >/dev/null 2>&1 || b2d_bad "$(basename "$1"): missing: $2"; }

# b2d_convert_pack KERNEL SRC OUT SOC: board2dts convert SRC (tolerant mode,
# --kernel KERNEL) to OUT with its report OUT.json, and the SOC pack must be
# the one picked; OUT.flat is OUT without newlines, comments and blanks, to
# match a node's whole body. Status 1 with a b2d_bad line when not. Needs
# BIN and TMP.
b2d_convert_pack() {
	if ! "$BIN" convert -q --kernel "$1" "$2" -o "$3" --report "$3.json" 2>"$TMP/err"; then
		b2d_bad "$(basename "$3"): convert failed: $(head -3 "$TMP/err")"
		return 1
	fi
	grep -q "\"soc\": \"$4\"" "$3.json" || { b2d_bad "$(basename "$3"): the $4 pack is not picked"; return 1; }
	tr -d '\n' <"$3" | sed 's|/\*[^*]*\*/||g; s/[[:space:]]//g' >"$3.flat"
}

# b2d_eval: FACTS (the fact files) and SCORE (score.py) of the evaluation kit
# outside the repository, $B2D_FACTS and $B2D_SCORE, default
# /work/shared/eval/facts and /work/shared/eval/score.py (../shared/eval from
# the repository at /work/main). A missing kit fails the recall floors; it
# never turns them off.
b2d_eval() {
	FACTS=${B2D_FACTS:-/work/shared/eval/facts}
	SCORE=${B2D_SCORE:-/work/shared/eval/score.py}
}

# b2d_recall FACT_FILE DTS KERNEL LOG: DTS reaches recall 0.8 on
# $FACTS/FACT_FILE (score.py, output to LOG). Status 1 with a FAIL line
# when it does not, or when the fact file or the scorer is missing.
b2d_recall() {
	local facts=$FACTS/$1 dts=$2 k=$3 log=$4
	[ -f "$facts" ] || { echo "FAIL: no fact file $facts (B2D_FACTS)"; return 1; }
	[ -f "$SCORE" ] || { echo "FAIL: no scorer $SCORE (B2D_SCORE)"; return 1; }
	if ! /usr/bin/python3 "$SCORE" --facts "$facts" --kernel "$k" --min 0.8 "$dts" >"$log" 2>&1; then
		echo "FAIL: $(basename "$dts"): recall below 0.8 on $1: $(tail -3 "$log")"
		return 1
	fi
	echo "ok: $(basename "$dts"): $(tail -1 "$log")"
}

# b2d_dts_compile KDIR DTS CPP_LOG [DTC_LOG]: compile DTS the way the
# kernel's Makefile does (cpp, then dtc); cpp's stderr to CPP_LOG, dtc's
# appended to DTC_LOG (default CPP_LOG; emptied first). Status: the
# pipeline's (with pipefail, as the tests set: either tool failing).
b2d_dts_compile() {
	local k=$1 dts=$2 cpplog=$3 dtclog=${4:-$3}
	: >"$dtclog"
	cpp -nostdinc -I "$k/include" -I "$k/arch/arm/boot/dts" -I "$k/scripts/dtc/include-prefixes" \
		-undef -D__DTS__ -x assembler-with-cpp "$dts" 2>"$cpplog" |
		dtc -q -i "$k/arch/arm/boot/dts" -I dts -O dtb -o /dev/null - 2>>"$dtclog"
}

# b2d_check_diag NAME WANT GOT REGEX LINES STDERR_FILE: the assertions both
# bad-input tests make on one run: exit status GOT is WANT, stderr matches
# REGEX, every stderr line is a one-line diagnostic (`file[:line[:col]]:
# error: ...` or `board2dts: error: ...`), and with LINES non-empty stderr
# has exactly LINES lines. Prints a FAIL line per broken assertion; status 1
# when there was one.
B2D_DIAG='^([^ ]+(:[0-9]+(:[0-9]+)?)?|board2dts): (error|warning|note): '
b2d_check_diag() {
	local name=$1 want=$2 got=$3 re=$4 lines=$5 err=$6 ok=0
	[ "$got" = "$want" ] || { echo "FAIL: $name: exit status $got, expected $want"; ok=1; }
	grep -Eq -- "$re" "$err" || { echo "FAIL: $name: stderr does not match /$re/"; ok=1; }
	if grep -Evq "$B2D_DIAG" "$err"; then
		echo "FAIL: $name: stderr has a line that is not a one-line diagnostic"
		ok=1
	fi
	if [ -n "$lines" ] && [ "$(wc -l <"$err")" != "$lines" ]; then
		echo "FAIL: $name: expected $lines line(s) on stderr"
		ok=1
	fi
	return $ok
}

# b2d_report_coverage [--mutants] EXTRACT.json REPORT.json [DTS_DIR]: the
# report accounts for everything `extract --json` lists, machine by machine
# (every reached call and store, every MACHINE_START, every variable with a
# brace initializer; with DTS_DIR, the .dts files of `convert -o DTS_DIR/`
# hold counts.todo TODO comments). --mutants: a report with a fact dropped
# must fail that check. Prints the problems; status 1 when there is one.
# The check itself: lib/report_coverage.py (also used by scripts/corpus-file.py).
b2d_report_coverage() {
	local m=()
	[ "$1" = --mutants ] && { m=(--mutants); shift; }
	python3 "$(dirname "${BASH_SOURCE[0]}")/report_coverage.py" "${m[@]}" "$1" "$2" \
		${3:+--dts-dir "$3"}
}
