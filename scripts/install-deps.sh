#!/usr/bin/env bash
# Install what board2dts needs to build, test, and prepare the real-kernel
# corpus (Debian 12 package names). Idempotent: when every package is already
# installed it does nothing, not even `apt-get update`.
set -euo pipefail

PACKAGES=(
	# build and unit tests
	build-essential cmake pkg-config clang-14 libclang-14-dev
	libfdt-dev libyaml-dev libjson-c-dev libcmocka-dev
	# dtc + the kernel's cpp step; validation
	device-tree-compiler python3-libfdt dt-schema
	# the real-world corpus and what `make ARCH=arm LLVM=1` needs for it:
	# LLVM=1 calls clang, ld.lld, llvm-ar, llvm-nm, llvm-objcopy ... unversioned,
	# which scripts/kernel-corpus.sh finds in /usr/lib/llvm-14/bin
	linux-source-6.1 llvm-14 lld-14 bc bison flex libssl-dev libelf-dev
	# the second target tree (vendor subdirectories, cirrus/ep93xx.dtsi): issue 11
	linux-source-6.12
	python3 make xz-utils
	# the install test: man -l renders board2dts(1)
	man-db
	# bad_input_outputs.sh: what reaches a device node
	strace
	# html.sh: the --html review page loaded in a real browser (headless)
	chromium
)

usage() {
	cat <<USAGE
usage: $(basename "$0") [--print|--check]

Install board2dts's Debian dependencies with apt-get (as root, or through sudo).
  --print   list the packages and exit
  --check   install nothing: list the missing packages, exit 1 when there are some
USAGE
}

CHECK=0
case "${1:-}" in
-h|--help) usage; exit 0 ;;
--print) printf '%s\n' "${PACKAGES[@]}"; exit 0 ;;
--check) CHECK=1 ;;
"") ;;
*) echo "$(basename "$0"): unknown argument: $1" >&2; usage >&2; exit 2 ;;
esac

missing=()
for p in "${PACKAGES[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
		missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
	echo "install-deps: all ${#PACKAGES[@]} packages present" >&2
	exit 0
fi
if [ $CHECK = 1 ]; then
	echo "install-deps: missing ${#missing[@]} of ${#PACKAGES[@]} packages: ${missing[*]}" >&2
	exit 1
fi

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
	command -v sudo >/dev/null || {
		echo "install-deps: not root and no sudo; install: ${missing[*]}" >&2
		exit 1
	}
	SUDO=(sudo)
fi
echo "install-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
	"${missing[@]}"
