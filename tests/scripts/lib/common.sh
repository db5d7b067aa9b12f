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

# b2d_kernel: KERNEL=$B2D_KERNEL when it is a kernel tree (has
# arch/arm/boot/dts), else KERNEL= and status 1.
b2d_kernel() {
	KERNEL=${B2D_KERNEL:-}
	[ -n "$KERNEL" ] && [ -d "$KERNEL/arch/arm/boot/dts" ] && return 0
	KERNEL=
	return 1
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
