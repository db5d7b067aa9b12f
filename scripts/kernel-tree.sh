#!/usr/bin/env bash
# Extract Debian's linux-source-6.1 (or, with --version 6.12, linux-source-6.12) tarball once into a cache directory and
# print the tree's path. Safe to run repeatedly: a stamp file marks a complete
# extraction, and extraction goes to a temporary directory renamed into place,
# so an interrupted run never leaves a half tree that looks complete.
set -euo pipefail

VERSION=6.1
TARBALL=${B2D_KERNEL_TARBALL:-}
CACHE=${B2D_CACHE:-/var/tmp/b2d}

usage() {
	cat <<USAGE
usage: $(basename "$0") [--cache DIR] [--version 6.1|6.12]

Extract /usr/src/linux-source-VERSION.tar.xz (default 6.1) into DIR/src (default: \$B2D_CACHE or /var/tmp/b2d)
once and print the kernel tree's path on stdout.
USAGE
}

while [ $# -gt 0 ]; do
	case "$1" in
	--cache) CACHE=${2:?--cache needs a directory}; shift 2 ;;
	--cache=*) CACHE=${1#--cache=}; shift ;;
	--version) VERSION=${2:?--version needs a kernel version}; shift 2 ;;
	--version=*) VERSION=${1#--version=}; shift ;;
	-h|--help) usage; exit 0 ;;
	*) echo "$(basename "$0"): unknown argument: $1" >&2; usage >&2; exit 2 ;;
	esac
done

NAME=linux-source-$VERSION
TARBALL=${TARBALL:-/usr/src/$NAME.tar.xz}

# Accept both the cache root and its src/ directory, since callers pass either.
SRC=$CACHE/src
[ "$(basename "$CACHE")" = src ] && SRC=$CACHE
TREE=$SRC/$NAME
STAMP=$SRC/.$NAME.stamp

# A tree extracted before this script existed (no stamp) is adopted when its
# key parts are present, rather than deleted under whoever is using it.
looks_complete() {
	[ -f "$TREE/Makefile" ] && [ -d "$TREE/arch/arm/boot/dts" ] &&
		[ -d "$TREE/include/dt-bindings" ] &&
		[ -f "$TREE/scripts/clang-tools/gen_compile_commands.py" ]
}

if [ ! -f "$STAMP" ]; then
	mkdir -p "$SRC"
	if looks_complete; then
		echo "adopted existing tree" >"$STAMP"
	else
		[ -f "$TARBALL" ] || {
			echo "$(basename "$0"): $TARBALL missing (apt-get install $NAME)" >&2
			exit 1
		}
		tmp=$(mktemp -d "$SRC/.extract.XXXXXX")
		trap 'rm -rf "$tmp"' EXIT
		echo "extracting $TARBALL into $SRC ..." >&2
		tar -C "$tmp" -xf "$TARBALL"
		rm -rf "$TREE"
		mv "$tmp/$NAME" "$TREE"
		date -u +%FT%TZ >"$STAMP"
	fi
fi
echo "$TREE"
