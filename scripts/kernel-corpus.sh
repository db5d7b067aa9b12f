#!/usr/bin/env bash
# Build the real-kernel corpus: one prepared build directory per defconfig,
# with every legacy board file of that family compiled once and a
# compile_commands.json for board2dts -p. See docs/kernel-corpus.md.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
CACHE=${B2D_CACHE:-/var/tmp/b2d}
FAMILIES=""
LIST=0
JOBS=${B2D_JOBS:-2}

# defconfig (without _defconfig) -> mach directory it covers
declare -A MACH=(
	[s3c2410]=s3c [s3c6400]=s3c [pxa]=pxa [omap1]=omap1 [orion5x]=orion5x
	[assabet]=sa1100 [ep93xx]=ep93xx [pxa910]=mmp [mmp2]=mmp
	[davinci_all]=davinci [iop32x]=iop32x [footbridge]=footbridge
	[mv78xx0]=mv78xx0 [dove]=dove [cns3420vb]=cns3xxx
)
ORDER="s3c2410 s3c6400 pxa omap1 orion5x assabet ep93xx pxa910 mmp2
	davinci_all iop32x footbridge mv78xx0 dove cns3420vb"

# Options the board symbols depend on that no Makefile line names.
declare -A EXTRA=(
	[pxa]="ARCH_PXA_PALM TRIZEPS_PXA PXA_SHARPSL PXA_EZX ARCH_PXA_ESERIES"
	[davinci_all]="ARCH_DAVINCI_DM355 ARCH_DAVINCI_DM365 ARCH_DAVINCI_DA830 ARCH_DAVINCI_DA850"
	# 6.1's pxa910_defconfig silently builds ARMv7 with none of its boards.
	[pxa910]="ARCH_MULTI_V5 CPU_MOHAWK"
)
declare -A DISABLE=(
	[pxa910]="ARCH_MULTI_V7 ARCH_MULTI_V6"
)

usage() {
	cat <<USAGE
usage: $(basename "$0") [--cache DIR] [--families a,b] [--list]

Prepare one kernel build directory per defconfig under DIR/build/<defconfig>
(default DIR: \$B2D_CACHE or /var/tmp/b2d), with all legacy board files of
its family built and a compile_commands.json. Up-to-date build directories
(compile_commands.json newer than .config) are skipped.

  --families a,b  only these defconfigs: $(echo $ORDER)
  --list          build nothing; print BUILD_DIR<TAB>BOARD_FILE for every
                  board file present in some compile_commands.json
USAGE
}

while [ $# -gt 0 ]; do
	case "$1" in
	--cache) CACHE=${2:?--cache needs a directory}; shift 2 ;;
	--cache=*) CACHE=${1#--cache=}; shift ;;
	--families) FAMILIES=${2:?--families needs a list}; shift 2 ;;
	--families=*) FAMILIES=${1#--families=}; shift ;;
	--list) LIST=1; shift ;;
	-h|--help) usage; exit 0 ;;
	*) echo "$(basename "$0"): unknown argument: $1" >&2; usage >&2; exit 2 ;;
	esac
done

selected=$ORDER
if [ -n "$FAMILIES" ]; then
	selected=${FAMILIES//,/ }
	for f in $selected; do
		[ -n "${MACH[$f]:-}" ] || { echo "unknown family: $f" >&2; exit 2; }
	done
fi

KDIR=$(bash "$HERE/kernel-tree.sh" --cache "$CACHE")

# Legacy board files: a non-DT MACHINE_START at the start of a line.
board_files() {
	(cd "$KDIR" && grep -l '^MACHINE_START(' arch/arm/mach-$1/*.c)
}

# The Kconfig symbols that put a board file into the build: whatever guards
# its object in the Makefile (obj-$(CONFIG_X) or a composite's foo-$(CONFIG_X)),
# plus every MACH_* of the family (some objects hang off promptless symbols
# that only a MACH_* selects, e.g. PXA_SHARP_C7xx).
board_symbols() {
	local dir=$KDIR/arch/arm/mach-$1 f
	for f in $(board_files "$1"); do
		f=$(basename "$f" .c)
		grep -hE "^[a-z0-9_-]+-\\\$\(CONFIG_[A-Z0-9_]+\).*[[:space:]]$f\.o" \
			"$dir"/Makefile* | sed -E 's/^[^(]*\(CONFIG_([A-Z0-9_]+)\).*/\1/'
	done
	grep -hoE '^(menu)?config MACH_[A-Z0-9_]+' "$dir"/Kconfig* | awk '{print $2}'
}

db_of() { echo "$CACHE/build/$1/compile_commands.json"; }

kmake() {
	PATH=/usr/lib/llvm-14/bin:$PATH make -C "$KDIR" ARCH=arm LLVM=1 O="$1" "${@:2}"
}

build_one() {
	local def=$1 mach=${MACH[$1]} b=$CACHE/build/$1 db
	db=$(db_of "$def")
	if [ -f "$db" ] && [ "$db" -nt "$b/.config" ]; then
		echo "== $def: up to date" >&2
		return 0
	fi
	echo "== $def: configuring" >&2
	mkdir -p "$b"
	kmake "$b" -s "${def}_defconfig"
	local cfg=("$KDIR/scripts/config" --file "$b/.config" --enable UNUSED_BOARD_FILES)
	local s
	for s in ${EXTRA[$def]:-} $(board_symbols "$mach" | sort -u); do
		cfg+=(--enable "$s")
	done
	for s in ${DISABLE[$def]:-}; do
		cfg+=(--disable "$s")
	done
	"${cfg[@]}"
	kmake "$b" -s olddefconfig
	echo "== $def: prepare" >&2
	kmake "$b" -s -j"$JOBS" prepare
	# Whole directory, not single objects: 6.1's Kbuild reaches a board
	# object through two directories and builds it twice at once under -j.
	echo "== $def: arch/arm/mach-$mach/" >&2
	kmake "$b" -s -k -j"$JOBS" "arch/arm/mach-$mach/" || \
		echo "== $def: some objects failed (kept going)" >&2
	python3 "$KDIR/scripts/clang-tools/gen_compile_commands.py" \
		-d "$b" -o "$db.tmp"
	mv "$db.tmp" "$db"
}

# Print BUILD_DIR<TAB>FILE for board files listed in the database.
list_one() {
	local def=$1 db
	db=$(db_of "$def")
	[ -f "$db" ] || return 0
	python3 - "$db" "$CACHE/build/$def" "$KDIR" $(board_files "${MACH[$def]}") <<'PY'
import json, os, signal, sys
signal.signal(signal.SIGPIPE, signal.SIG_DFL)
db, bdir, kdir, boards = sys.argv[1], sys.argv[2], sys.argv[3], set(sys.argv[4:])
seen = set()
for e in json.load(open(db)):
    f = os.path.normpath(os.path.join(e["directory"], e["file"]))
    rel = os.path.relpath(f, kdir)
    if rel in boards and rel not in seen:
        seen.add(rel)
        print(f"{bdir}\t{f}")
PY
}

if [ "$LIST" = 1 ]; then
	for def in $selected; do list_one "$def"; done
	exit 0
fi

# One preparation at a time per cache (two makes in one build dir corrupt
# it): a second run waits for the first, then finds its build dirs up to date.
mkdir -p "$CACHE/build"
exec 9>"$CACHE/build/.lock"
if ! flock -n 9; then
	echo "== another kernel-corpus.sh is preparing $CACHE/build: waiting" >&2
	flock 9
fi

start=$(date +%s)
for def in $selected; do build_one "$def"; done
end=$(date +%s)

all=$(for def in $selected; do list_one "$def"; done)
reach=$(printf '%s\n' "$all" | awk -F'\t' 'NF==2{print $2}' | sort -u | grep -c . || true)
total=$(board_files '*' | grep -c . || true)
for def in $selected; do
	printf '%-12s %3d board files\n' "$def" \
		"$(printf '%s\n' "$all" | grep -c "^$CACHE/build/$def	" || true)" >&2
done
echo "reachable: $reach of $total legacy board files in the tree; $((end - start)) s" >&2
